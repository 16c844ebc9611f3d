// The prefetch of --qdq-nontemporal-stores (prefetch-bytes) for
// dynamically shaped x: a loop nest that writes a dynamically shaped
// allocation streams by its size at run time (scf.if); in its streaming
// copy, the read of a row-major buffer at the store's indices (x, element
// by element with the result) is prefetched through a 1-D view of it, at
// its linear index plus the distance, clamped to its last element
// (rows * cols - 1, from memref.dim); the table read by column is not,
// and the copy with normal stores has no prefetch. With prefetch-far-bytes
// the same line is prefetched again, that far ahead, into L2 (locality 2).
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=-1" | FileCheck %s --check-prefixes=CHECK,PF
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=16384" | FileCheck %s --check-prefixes=CHECK,PF,FAR
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=-1" | FileCheck %s --check-prefixes=CHECK,NOPF

// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: memref<?x?xi8>, %[[T:[a-z0-9]+]]: memref<?xf32>
// PF:            %[[FLAT:.*]] = memref.collapse_shape %[[X]] {{\[\[}}0, 1]] : memref<?x?xi8> into memref<?xi8>
// NOPF-NOT:      memref.prefetch
// CHECK:         scf.if
// CHECK:           scf.for %[[R:[a-z0-9]+]] =
// PF-DAG:            %[[AHEAD:.*]] = arith.constant 4096 : index
// FAR-DAG:           %[[FAHEAD:.*]] = arith.constant 16384 : index
// PF-DAG:            %[[ROWS:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xi8>
// PF-DAG:            %[[COLS:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xi8>
// PF:                %[[SIZE:.*]] = arith.muli %[[ROWS]], %[[COLS]] : index
// PF:                %[[LAST:.*]] = arith.subi %[[SIZE]], %{{.*}} : index
// CHECK:             scf.for %[[C:[a-z0-9]+]] =
// PF:                  %[[START:.*]] = arith.muli %[[R]], %[[COLS]] : index
// PF:                  %[[AT0:.*]] = arith.addi %[[START]], %[[C]] : index
// PF:                  %[[NEXT:.*]] = arith.addi %[[AT0]], %[[AHEAD]] : index
// PF:                  %[[AT:.*]] = arith.minsi %[[NEXT]], %[[LAST]] : index
// PF:                  memref.prefetch %[[FLAT]][%[[AT]]], read, locality<3>, data : memref<?xi8>
// FAR:                 %[[FNEXT:.*]] = arith.addi %[[AT0]], %[[FAHEAD]] : index
// FAR:                 %[[FAT:.*]] = arith.minsi %[[FNEXT]], %[[LAST]] : index
// FAR:                 memref.prefetch %[[FLAT]][%[[FAT]]], read, locality<2>, data : memref<?xi8>
// CHECK-NOT:           memref.prefetch
// CHECK:               vector.store {{.*}}nontemporal = true
// CHECK:           llvm.fence
// CHECK:         } else {
// CHECK-NOT:       memref.prefetch
// CHECK:           vector.transfer_write
// CHECK:         return
func.func @dynamic_rows(%x: memref<?x?xi8>, %t: memref<?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %i0 = arith.constant 0 : i8
  %f0 = arith.constant 0.0 : f32
  %rows = memref.dim %x, %c0 : memref<?x?xi8>
  %cols = memref.dim %x, %c1 : memref<?x?xi8>
  %y = memref.alloc(%rows, %cols) {alignment = 64 : i64} : memref<?x?xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %c = %c0 to %cols step %c16 {
      %b = vector.transfer_read %x[%r, %c], %i0 {in_bounds = [true]} : memref<?x?xi8>, vector<16xi8>
      %s = vector.transfer_read %t[%c], %f0 {in_bounds = [true]} : memref<?xf32>, vector<16xf32>
      %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
      %p = arith.mulf %f, %s : vector<16xf32>
      vector.transfer_write %p, %y[%r, %c] {in_bounds = [true]} : vector<16xf32>, memref<?x?xf32>
    }
  }
  return %y : memref<?x?xf32>
}
