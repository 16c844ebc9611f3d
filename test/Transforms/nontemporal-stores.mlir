// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=4096 share-rule=scaled" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=-1" --split-input-file | FileCheck %s --check-prefix=OFF
// A loop nest that moves M bytes (its result plus the static buffers it
// reads) and writes W of them streams when M >= min-bytes * 2 * W / M
// (share-rule=scaled), when M >= min-bytes (share-rule=flat; the host rule
// is tested in nontemporal-host-rule.mlir).
// Threads: loop nests inside an scf.forall need `threads` times that.
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=4096 share-rule=scaled threads=3" --split-input-file | FileCheck %s --check-prefix=T3
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=2048 share-rule=scaled threads=2" --split-input-file | FileCheck %s --check-prefix=T2-HALF
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=4096 share-rule=flat" --split-input-file | FileCheck %s --check-prefix=FLAT

// A full-vector write into a large, 64-byte aligned allocation at a multiple
// of 8 elements becomes a non-temporal store with the alignment the index
// proves (8 x 4 bytes = 32); one fence follows the loop.
// CHECK-LABEL: func.func @flat
// CHECK:       scf.for
// CHECK:         vector.store %{{.*}}, %[[A:.*]][%{{.*}}] {alignment = 32 : i64, nontemporal = true} : memref<2048xf32>, vector<8xf32>
// CHECK:       }
// CHECK-NEXT:  llvm.fence seq_cst
// CHECK-NEXT:  return
// 8192 bytes, all written, outside any scf.forall: at least 2 x 4096,
// less than 3 x 2 x 4096.
// T3-LABEL:    func.func @flat
// T3:          vector.store {{.*}}nontemporal = true
// T2-HALF-LABEL: func.func @flat
// T2-HALF:     vector.store {{.*}}nontemporal = true
// OFF-LABEL:   func.func @flat
// OFF-NOT:     nontemporal
// OFF-NOT:     llvm.fence
func.func @flat(%v: vector<8xf32>) -> memref<2048xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c2048 = arith.constant 2048 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<2048xf32>
  scf.for %i = %c0 to %c2048 step %c8 {
    vector.transfer_write %v, %a[%i] {in_bounds = [true]} : vector<8xf32>, memref<2048xf32>
  }
  return %a : memref<2048xf32>
}

// -----

// Chunks of an scf.forall write through a subview at offset chunk * 2048:
// still aligned (64 bytes, the allocation's). The masked tail keeps a normal
// store. The fence follows the forall, at the top level of the function.
// CHECK-LABEL: func.func @chunks
// CHECK:       scf.forall
// CHECK:         memref.subview
// CHECK:         scf.for
// CHECK:           vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<?xi16, strided<[1], offset: ?>>, vector<32xi16>
// CHECK:         vector.transfer_write {{.*}} : vector<32xi16>, memref<?xi16, strided<[1], offset: ?>>
// CHECK:       }
// CHECK-NEXT:  llvm.fence seq_cst
// CHECK-NOT:   llvm.fence
// 8192 bytes in all, all written: below 3 x 2 x 4096, not below
// 2 x 2 x 2048.
// T3-LABEL:    func.func @chunks
// T3-NOT:      nontemporal
// T3-NOT:      llvm.fence
// T3:          return
// T2-HALF-LABEL: func.func @chunks
// T2-HALF:     vector.store {{.*}}nontemporal = true
// T2-HALF:     llvm.fence seq_cst
func.func @chunks(%v: vector<32xi16>, %n: index) -> memref<4096xi16> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c2048 = arith.constant 2048 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<4096xi16>
  scf.forall (%t) in (2) {
    %begin = arith.muli %t, %c2048 : index
    %view = memref.subview %a[%begin] [2048] [1] : memref<4096xi16> to memref<2048xi16, strided<[1], offset: ?>>
    %dyn = memref.cast %view : memref<2048xi16, strided<[1], offset: ?>> to memref<?xi16, strided<[1], offset: ?>>
    scf.for %i = %c0 to %n step %c32 {
      vector.transfer_write %v, %dyn[%i] {in_bounds = [true]} : vector<32xi16>, memref<?xi16, strided<[1], offset: ?>>
    }
    vector.transfer_write %v, %dyn[%n] : vector<32xi16>, memref<?xi16, strided<[1], offset: ?>>
  }
  return %a : memref<4096xi16>
}

// -----

// Rows [r, j] of a 2-D allocation: row stride 256 x 4 bytes, j a multiple of
// 8: 32-byte aligned. One fence after the whole nest.
// CHECK-LABEL: func.func @rows
// CHECK:       vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<16x256xf32>, vector<8xf32>
// CHECK-COUNT-1: llvm.fence
func.func @rows(%v: vector<8xf32>) -> memref<16x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<16x256xf32>
  scf.for %r = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c256 step %c8 {
      vector.transfer_write %v, %a[%r, %j] {in_bounds = [true]} : vector<8xf32>, memref<16x256xf32>
    }
  }
  return %a : memref<16x256xf32>
}

// -----

// Rows of 264 (row stride 1056 bytes, so the full steps are 32-byte
// aligned) whose last 8 elements are written masked (declared not in
// bounds, as a row's tail is): a normal store inside the row loop.
// Streaming the full steps would put streaming and normal stores on the
// same cache lines in every row (rows of block rows ran at 0.2 GB/s on Zen 4
// that way), so every write of the nest into that buffer keeps a normal
// store, and no fence is needed.
// CHECK-LABEL: func.func @rows_with_tails
// CHECK-NOT:   nontemporal
// CHECK-NOT:   llvm.fence
// CHECK:       return
func.func @rows_with_tails(%v: vector<8xf32>) -> memref<16x264xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<16x264xf32>
  scf.for %r = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c256 step %c8 {
      vector.transfer_write %v, %a[%r, %j] {in_bounds = [true]} : vector<8xf32>, memref<16x264xf32>
    }
    vector.transfer_write %v, %a[%r, %c256] : vector<8xf32>, memref<16x264xf32>
  }
  return %a : memref<16x264xf32>
}

// -----

// Not rewritten: below min-bytes; an index not provably a multiple of 4
// elements (16 bytes); an allocation without an alignment; rows whose
// stride breaks the alignment; a buffer that is not an allocation; a write
// that may be out of bounds.
// CHECK-LABEL: func.func @kept
// CHECK-NOT:   nontemporal
// CHECK-NOT:   llvm.fence
func.func @kept(%v: vector<8xf32>, %i: index, %arg: memref<4096xf32>) -> (memref<512xf32>, memref<2048xf32>, memref<2048xf32>, memref<16x257xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %small = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
  vector.transfer_write %v, %small[%c0] {in_bounds = [true]} : vector<8xf32>, memref<512xf32>
  %a = memref.alloc() {alignment = 64 : i64} : memref<2048xf32>
  vector.transfer_write %v, %a[%c2] {in_bounds = [true]} : vector<8xf32>, memref<2048xf32>
  vector.transfer_write %v, %a[%i] {in_bounds = [true]} : vector<8xf32>, memref<2048xf32>
  vector.transfer_write %v, %a[%c0] : vector<8xf32>, memref<2048xf32>
  %unaligned = memref.alloc() : memref<2048xf32>
  vector.transfer_write %v, %unaligned[%c0] {in_bounds = [true]} : vector<8xf32>, memref<2048xf32>
  %odd = memref.alloc() {alignment = 64 : i64} : memref<16x257xf32>
  vector.transfer_write %v, %odd[%c1, %c0] {in_bounds = [true]} : vector<8xf32>, memref<16x257xf32>
  vector.transfer_write %v, %arg[%c0] {in_bounds = [true]} : vector<8xf32>, memref<4096xf32>
  return %small, %a, %unaligned, %odd : memref<512xf32>, memref<2048xf32>, memref<2048xf32>, memref<16x257xf32>
}

// -----

// A qualifying write at the top level of the function (no loop around it):
// the fence follows the store that replaces it. (Regression: the pass used
// to anchor the fence on the erased write, a use after free found by ASan.)
// CHECK-LABEL: func.func @top_level
// CHECK:       vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<4096xf32>, vector<16xf32>
// CHECK-NEXT:  llvm.fence seq_cst
// CHECK-NEXT:  return
func.func @top_level(%v: vector<16xf32>) -> memref<4096xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
  vector.transfer_write %v, %a[%c0] {in_bounds = [true]} : vector<16xf32>, memref<4096xf32>
  return %a : memref<4096xf32>
}

// -----

// The threshold counts what the loop nest streams: a 2048-byte result that
// reads a 4096-byte argument (through a view) and a 256-byte table moves
// 6400 bytes, 32% of them written, >= 4096 x 2 x 0.32 = 2621, and is
// rewritten; the same result reading only the table moves 2304 bytes, 89%
// written, < 7282, and is not. A dynamically shaped argument counts
// nothing (2048 bytes, all written, < 8192).
// CHECK-LABEL: func.func @streamed
// CHECK:       scf.for
// CHECK:         vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<512xf32>, vector<16xf32>
// CHECK:       llvm.fence seq_cst
// CHECK:       scf.for
// CHECK-NOT:     nontemporal
// CHECK:       scf.for
// CHECK-NOT:     nontemporal
// CHECK:       return
func.func @streamed(%x: memref<64x64xi8>, %t: memref<64xf32>, %d: memref<?xi8>) -> (memref<512xf32>, memref<512xf32>, memref<512xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %i0 = arith.constant 0 : i8
  %f0 = arith.constant 0.0 : f32
  %flat = memref.collapse_shape %x [[0, 1]] : memref<64x64xi8> into memref<4096xi8>
  %a = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c16 {
    %b = vector.transfer_read %flat[%i], %i0 {in_bounds = [true]} : memref<4096xi8>, vector<16xi8>
    %s = vector.transfer_read %t[%c0], %f0 {in_bounds = [true]} : memref<64xf32>, vector<16xf32>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    %y = arith.mulf %f, %s : vector<16xf32>
    vector.transfer_write %y, %a[%i] {in_bounds = [true]} : vector<16xf32>, memref<512xf32>
  }
  %b2 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c16 {
    %s = vector.transfer_read %t[%c0], %f0 {in_bounds = [true]} : memref<64xf32>, vector<16xf32>
    vector.transfer_write %s, %b2[%i] {in_bounds = [true]} : vector<16xf32>, memref<512xf32>
  }
  %c2 = memref.alloc() {alignment = 64 : i64} : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c16 {
    %b = vector.transfer_read %d[%i], %i0 {in_bounds = [true]} : memref<?xi8>, vector<16xi8>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    vector.transfer_write %f, %c2[%i] {in_bounds = [true]} : vector<16xf32>, memref<512xf32>
  }
  return %a, %b2, %c2 : memref<512xf32>, memref<512xf32>, memref<512xf32>
}

// -----

// A buffer the loop nest reads back keeps normal stores, however much the
// nest streams: here a 64-entry table that each outer step fills and its
// inner steps look up (like the segment tables of blocked scales), next to
// the result, which is streamed.
// CHECK-LABEL: func.func @table_read_back
// CHECK:       scf.for
// CHECK:         vector.transfer_write {{.*}} : vector<16xf32>, memref<64xf32>
// CHECK-NOT:     nontemporal
// CHECK:         scf.for
// CHECK:           memref.load
// CHECK:           vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<4096xf32>, vector<16xf32>
// CHECK:       llvm.fence seq_cst
func.func @table_read_back(%x: memref<4096xi8>, %s: memref<256xf32>) -> memref<4096xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c4096 = arith.constant 4096 : index
  %i0 = arith.constant 0 : i8
  %f0 = arith.constant 0.0 : f32
  %y = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
  %t = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  scf.for %seg = %c0 to %c4096 step %c1024 {
    %e = arith.divui %seg, %c16 : index
    %v = vector.transfer_read %s[%e], %f0 {in_bounds = [true]} : memref<256xf32>, vector<16xf32>
    vector.transfer_write %v, %t[%c0] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
    scf.for %j = %c0 to %c1024 step %c16 {
      %k = arith.divui %j, %c16 : index
      %sc = memref.load %t[%k] : memref<64xf32>
      %sv = vector.broadcast %sc : f32 to vector<16xf32>
      %i = arith.addi %seg, %j : index
      %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<4096xi8>, vector<16xi8>
      %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
      %r = arith.mulf %f, %sv : vector<16xf32>
      vector.transfer_write %r, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<4096xf32>
    }
  }
  memref.dealloc %t : memref<64xf32>
  return %y : memref<4096xf32>
}

// -----

// The bytes a loop nest streams saturate at the int64 maximum: a read of a
// static buffer whose size overflows int64 counts as more than min-bytes
// (2^64 elements once wrapped to 0 bytes, and the store stayed normal).
// CHECK-LABEL: func.func @huge_read
// CHECK:       vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<256xf32>, vector<8xf32>
// CHECK:       llvm.fence seq_cst
func.func @huge_read(%big: memref<4294967296x4294967296xi8>) -> memref<256xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0 : i8
  %a = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  scf.for %i = %c0 to %c256 step %c8 {
    %x = vector.transfer_read %big[%c0, %i], %pad {in_bounds = [true]} : memref<4294967296x4294967296xi8>, vector<8xi8>
    %f = arith.sitofp %x : vector<8xi8> to vector<8xf32>
    vector.transfer_write %f, %a[%i] {in_bounds = [true]} : vector<8xf32>, memref<256xf32>
  }
  return %a : memref<256xf32>
}

// -----

// The written share sets the threshold: both nests move 5120 bytes, at
// least min-bytes (4096). One writes 1024 of them (20%: it needs
// 4096 x 2 x 0.2 = 1638) and streams; the other writes 4096 (80%: it needs
// 6554) and keeps normal stores. With min-bytes 2048 and 2 threads (no
// scf.forall here: 1 counts) it needs 3277 and streams too. With the flat
// rule both need 4096 and stream.
// CHECK-LABEL: func.func @written_share
// CHECK:       scf.for
// CHECK:         vector.store {{.*}} {alignment = 64 : i64, nontemporal = true} : memref<256xf32>, vector<16xf32>
// CHECK:       llvm.fence seq_cst
// CHECK:       scf.for
// CHECK-NOT:     nontemporal
// CHECK:       return
// T2-HALF-LABEL: func.func @written_share
// T2-HALF:     vector.store {{.*}}nontemporal = true{{.*}}memref<256xf32>
// T2-HALF:     vector.store {{.*}}nontemporal = true{{.*}}memref<1024xf32>
// FLAT-LABEL:  func.func @written_share
// FLAT:        vector.store {{.*}}nontemporal = true{{.*}}memref<256xf32>
// FLAT:        vector.store {{.*}}nontemporal = true{{.*}}memref<1024xf32>
// OFF-LABEL:   func.func @written_share
// OFF-NOT:     nontemporal
func.func @written_share(%wide: memref<1024xi32>, %narrow: memref<256xi32>) -> (memref<256xf32>, memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %i0 = arith.constant 0 : i32
  %few = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  scf.for %i = %c0 to %c256 step %c16 {
    %j = arith.muli %i, %c4 : index
    %b = vector.transfer_read %wide[%j], %i0 {in_bounds = [true]} : memref<1024xi32>, vector<16xi32>
    %f = arith.sitofp %b : vector<16xi32> to vector<16xf32>
    vector.transfer_write %f, %few[%i] {in_bounds = [true]} : vector<16xf32>, memref<256xf32>
  }
  %many = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  scf.for %i = %c0 to %c1024 step %c16 {
    %b = vector.transfer_read %narrow[%c0], %i0 {in_bounds = [true]} : memref<256xi32>, vector<16xi32>
    %f = arith.sitofp %b : vector<16xi32> to vector<16xf32>
    vector.transfer_write %f, %many[%i] {in_bounds = [true]} : vector<16xf32>, memref<1024xf32>
  }
  return %few, %many : memref<256xf32>, memref<1024xf32>
}

// -----

// A result allocated with a dynamic size: the loop nest is versioned on the
// bytes it moves at run time (the result, `written`, and the x it reads,
// 4 bytes and 1 byte per element here), by the same rule: the copy in the
// taken branch streams and ends with a fence, the other keeps normal stores.
// The masked tail outside the loop keeps its normal store.
// CHECK-LABEL: func.func @dynamic_size
// CHECK-SAME:    (%[[X:.*]]: memref<?xi8>, %[[N:.*]]: index)
// CHECK:       %[[A:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK-DAG:   memref.dim %[[A]]
// CHECK-DAG:   memref.dim %[[X]]
// CHECK:       arith.uitofp {{.*}} : i64 to f64
// CHECK:       %[[MOVED:.*]] = arith.uitofp {{.*}} : i64 to f64
// CHECK:       %[[SHARE:.*]] = arith.divf
// CHECK:       %[[T:.*]] = arith.mulf %{{.*}}, %[[SHARE]] : f64
// CHECK:       %[[ENOUGH:.*]] = arith.cmpf oge, %[[MOVED]], %[[T]] : f64
// CHECK:       %[[C:.*]] = arith.andi %{{.*}}, %[[ENOUGH]] : i1
// CHECK:       scf.if %[[C]] {
// CHECK:         scf.for
// CHECK:           vector.store {{.*}}, %[[A]][%{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<?xf32>, vector<16xf32>
// CHECK:         }
// CHECK-NEXT:    llvm.fence seq_cst
// CHECK-NEXT:  } else {
// CHECK:         scf.for
// CHECK-NOT:       nontemporal
// CHECK:           vector.transfer_write {{.*}}, %[[A]][%{{.*}}] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
// CHECK:       }
// CHECK:       vector.transfer_write {{.*}} : vector<16xf32>, memref<?xf32>
// CHECK-NEXT:  return
// The flat rule has no share: min-bytes itself is the threshold.
// FLAT-LABEL:  func.func @dynamic_size
// FLAT-NOT:    arith.divf
// FLAT:        %[[T:.*]] = arith.constant 4.096000e+03 : f64
// FLAT:        arith.cmpf oge, %{{.*}}, %[[T]] : f64
// FLAT:        scf.if
// FLAT:          nontemporal = true
// FLAT:        } else {
// OFF-LABEL:   func.func @dynamic_size
// OFF-NOT:     scf.if
// OFF-NOT:     nontemporal
// OFF:         return
func.func @dynamic_size(%x: memref<?xi8>, %n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %i0 = arith.constant 0 : i8
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %whole = arith.divui %n, %c16 : index
  %end = arith.muli %whole, %c16 : index
  scf.for %i = %c0 to %end step %c16 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<?xi8>, vector<16xi8>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    vector.transfer_write %f, %a[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
  }
  %b = vector.transfer_read %x[%end], %i0 : memref<?xi8>, vector<16xi8>
  %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
  vector.transfer_write %f, %a[%end] : vector<16xf32>, memref<?xf32>
  return %a : memref<?xf32>
}

// -----

// Rows of a dynamic length: a write at row %r has a dynamic stride, which
// is a whole number of cache lines when the innermost dim is (the row
// guard, tested at run time next to the size rule). Under it, the masked
// row tail after the column loop starts on a line and ends on one, so it
// keeps its normal store without sharing a line with the streaming ones.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-SAME:    (%[[X:.*]]: memref<?x?xi8>, %[[R:.*]]: index, %[[N:.*]]: index)
// CHECK:       %[[A:.*]] = memref.alloc(%[[R]], %[[N]]) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK:       arith.cmpf oge
// CHECK:       %[[LEN:.*]] = memref.dim %[[A]], %c1{{.*}} : memref<?x?xf32>
// CHECK:       %[[BYTES:.*]] = arith.muli %[[LEN]], %c4{{.*}} : index
// CHECK:       %[[REST:.*]] = arith.remui %[[BYTES]], %c64{{.*}} : index
// CHECK:       %[[LINES:.*]] = arith.cmpi eq, %[[REST]], %c0{{.*}} : index
// CHECK:       %[[C:.*]] = arith.andi %{{.*}}, %[[LINES]] : i1
// CHECK:       scf.if %[[C]] {
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             vector.store {{.*}}, %[[A]][%{{.*}}, %{{.*}}] {alignment = 64 : i64, nontemporal = true} : memref<?x?xf32>, vector<16xf32>
// CHECK:           }
// CHECK:           vector.transfer_write {{.*}}, %[[A]][%{{.*}}, %{{.*}}] : vector<16xf32>, memref<?x?xf32>
// CHECK:         }
// CHECK-NEXT:    llvm.fence seq_cst
// CHECK-NEXT:  } else {
// CHECK-NOT:     nontemporal
// CHECK:       return
// OFF-LABEL:   func.func @dynamic_rows
// OFF-NOT:     nontemporal
// OFF:         return
func.func @dynamic_rows(%x: memref<?x?xi8>, %rows: index, %n: index) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %i0 = arith.constant 0 : i8
  %a = memref.alloc(%rows, %n) {alignment = 64 : i64} : memref<?x?xf32>
  %whole = arith.divui %n, %c16 : index
  %end = arith.muli %whole, %c16 : index
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %end step %c16 {
      %b = vector.transfer_read %x[%r, %i], %i0 {in_bounds = [true]} : memref<?x?xi8>, vector<16xi8>
      %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
      vector.transfer_write %f, %a[%r, %i] {in_bounds = [true]} : vector<16xf32>, memref<?x?xf32>
    }
    %b = vector.transfer_read %x[%r, %end], %i0 : memref<?x?xi8>, vector<16xi8>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    vector.transfer_write %f, %a[%r, %end] : vector<16xf32>, memref<?x?xf32>
  }
  return %a : memref<?x?xf32>
}

// -----

// Not versioned: dynamically sized results whose nests also write them with
// masked stores inside their loops that would share cache lines with the
// streaming stores (inside the column loop; a row tail that starts mid-line,
// 8 x 4 bytes after whole steps), rows made by expanding a flat allocation
// (their length %n is not the allocation's innermost dim, which the row
// guard tests, so their starts are unknown), and a nest that returns a
// value.
// CHECK-LABEL: func.func @dynamic_not_versioned
// CHECK-NOT:   nontemporal
// CHECK-NOT:   llvm.fence
// CHECK:       return
func.func @dynamic_not_versioned(%v: vector<16xf32>, %w: vector<8xf32>, %rows: index, %n: index, %m: vector<16xi1>, %total: index) -> (memref<?x64xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a = memref.alloc(%rows) {alignment = 64 : i64} : memref<?x64xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %c64 step %c16 {
      vector.transfer_write %v, %a[%r, %i] {in_bounds = [true]} : vector<16xf32>, memref<?x64xf32>
      vector.transfer_write %v, %a[%r, %i], %m {in_bounds = [true]} : vector<16xf32>, memref<?x64xf32>
    }
  }
  %t = memref.alloc(%rows, %n) {alignment = 64 : i64} : memref<?x?xf32>
  %whole = arith.divui %n, %c8 : index
  %end = arith.muli %whole, %c8 : index
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %end step %c8 {
      vector.transfer_write %w, %t[%r, %i] {in_bounds = [true]} : vector<8xf32>, memref<?x?xf32>
    }
    vector.transfer_write %w, %t[%r, %end] : vector<8xf32>, memref<?x?xf32>
  }
  %flat = memref.alloc(%total) {alignment = 64 : i64} : memref<?xf32>
  %ex = memref.expand_shape %flat [[0, 1]] output_shape [%rows, %n] : memref<?xf32> into memref<?x?xf32>
  %ewhole = arith.divui %n, %c16 : index
  %eend = arith.muli %ewhole, %c16 : index
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %i = %c0 to %eend step %c16 {
      vector.transfer_write %v, %ex[%r, %i] {in_bounds = [true]} : vector<16xf32>, memref<?x?xf32>
    }
  }
  %b = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c16 iter_args(%acc = %zero) -> (f32) {
    vector.transfer_write %v, %b[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32>
    %e = vector.extract %v[0] : f32 from vector<16xf32>
    %s = arith.addf %acc, %e : f32
    scf.yield %s : f32
  }
  return %a, %t, %ex, %b, %sum : memref<?x64xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, f32
}

// -----

// A result of a dynamic size written in chunks under an scf.forall: each
// chunk's start is a multiple of 16 elements (an empty chunk starts at 0),
// so its writes are aligned and the forall is versioned like a loop nest,
// by the rule for loop nests inside an scf.forall (`threads` times the
// bytes). The fence follows the forall, in the taken branch.
// CHECK-LABEL: func.func @dynamic_chunks
// CHECK:       %[[A:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK:       scf.if %{{.*}} {
// CHECK:         scf.forall
// CHECK:           %[[S:.*]] = memref.subview %[[A]]
// CHECK:           scf.for
// CHECK:             vector.store {{.*}}, %[[S]][%{{.*}}] {alignment = 64 : i64, nontemporal = true}
// CHECK:           }
// CHECK-NEXT:    }
// CHECK-NEXT:    llvm.fence seq_cst
// CHECK-NEXT:  } else {
// CHECK:         scf.forall
// CHECK-NOT:       nontemporal
// CHECK:           vector.transfer_write
// CHECK:       return
// FLAT-LABEL:  func.func @dynamic_chunks
// FLAT:        %[[T:.*]] = arith.constant 4.096000e+03 : f64
// FLAT:        arith.cmpf oge, %{{.*}}, %[[T]] : f64
// FLAT:        scf.if
// FLAT:          nontemporal = true
// T3-LABEL:    func.func @dynamic_chunks
// T3:          %[[T:.*]] = arith.constant 1.228800e+04 : f64
// T3:          arith.mulf %[[T]], %{{.*}} : f64
// T3:          scf.if
// T3:            nontemporal = true
// OFF-LABEL:   func.func @dynamic_chunks
// OFF-NOT:     nontemporal
// OFF:         return
func.func @dynamic_chunks(%x: memref<?xi8>, %n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %i0 = arith.constant 0 : i8
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %half = arith.ceildivui %n, %c2 : index
  %vectors = arith.ceildivui %half, %c16 : index
  %chunk = arith.muli %vectors, %c16 : index
  scf.forall (%c) in (2) {
    %start = arith.muli %c, %chunk : index
    %in = arith.cmpi ult, %start, %n : index
    %begin = arith.select %in, %start, %c0 : index
    %next = arith.addi %start, %chunk : index
    %end = arith.minui %next, %n : index
    %rest = arith.subi %end, %start : index
    %length = arith.select %in, %rest, %c0 : index
    %slice = memref.subview %a[%begin] [%length] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %whole = arith.divui %length, %c16 : index
    %stop = arith.muli %whole, %c16 : index
    scf.for %i = %c0 to %stop step %c16 {
      %j = arith.addi %begin, %i : index
      %b = vector.transfer_read %x[%j], %i0 {in_bounds = [true]} : memref<?xi8>, vector<16xi8>
      %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
      vector.transfer_write %f, %slice[%i] {in_bounds = [true]} : vector<16xf32>, memref<?xf32, strided<[1], offset: ?>>
    }
  }
  return %a : memref<?xf32>
}
