// The prefetches of --qdq-nontemporal-stores (prefetch-bytes): the loop
// that holds a streaming store prefetches each buffer of at least 1 MiB it
// reads, prefetch-bytes ahead in memory order, clamped to the buffer's last
// element (row-major buffers of rank > 1 through a 1-D view, so that the
// prefetch runs on into the next rows; other layouts along the innermost
// dim, clamped to its last element); one prefetch per buffer and read
// position, and for reads that cover several cache lines one per line
// where the loop's vector work per line of those reads is at least
// prefetch-every-line-min-work (512-bit register operations); not the
// small tables, and nothing in loops that do not stream; with
// prefetch-max-element-bits, only buffers of elements of at most that many
// bits. With prefetch-far-bytes, each of those prefetches (locality 3)
// gets a twin that far ahead with locality 2 (into L2), clamped the same
// way. Reads of one buffer at constant offsets from each other that spread
// over at least a distance (the rows of a period tile) prefetch that
// distance beyond the farthest of them (@tile_rows, @contiguous_reads,
// @huge_offsets). Default: the host's (4096 bytes, on AMD Zen 4 for
// elements of at most 8 bits only; none on the other Zen cores; every line
// from 3 operations per line, and twins 16 KiB ahead, on CPUs other than
// AMD Zen).
// Any element width (negative prefetch-max-element-bits), one prefetch per
// read (negative prefetch-every-line-min-work):
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=-1 prefetch-max-element-bits=-1 prefetch-every-line-min-work=-1" | FileCheck %s --check-prefixes=CHECK,NT,PF4K
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=256 prefetch-far-bytes=-1 prefetch-max-element-bits=-1 prefetch-every-line-min-work=-1" | FileCheck %s --check-prefixes=CHECK,NT,PF256
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=-1" | FileCheck %s --check-prefixes=CHECK,NT,NOPF
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=-1 prefetch-max-element-bits=8 prefetch-every-line-min-work=-1" | FileCheck %s --check-prefixes=CHECK,NT,PF8
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1" | FileCheck %s --check-prefixes=CHECK,NT%if host-cpu-znver4 %{,PF8%}%if host-cpu-znver{{.*}} && !host-cpu-znver4 %{,NOPF%}%if !host-cpu-znver{{.*}} %{,PF4K,EL3,FAR%}
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=-1 prefetch-max-element-bits=16 prefetch-every-line-min-work=-1" | FileCheck %s --check-prefixes=CHECK,NT,PF16
// Every line from 3 and from 2 operations per line:
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=-1 prefetch-max-element-bits=-1 prefetch-every-line-min-work=3" | FileCheck %s --check-prefixes=CHECK,NT,PF4K,EL3
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=-1 prefetch-max-element-bits=-1 prefetch-every-line-min-work=2" | FileCheck %s --check-prefixes=CHECK,NT,PF4K,EL2
// A second prefetch of the same lines, 16 KiB ahead into L2 (locality 2):
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-max-element-bits=-1 prefetch-every-line-min-work=3 prefetch-far-bytes=16384" | FileCheck %s --check-prefixes=CHECK,NT,PF4K,EL3,FAR
// Distances are clamped to 1 TiB (no overflow of the element counts):
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=9223372036854775807 prefetch-far-bytes=9223372036854775807 prefetch-max-element-bits=-1 prefetch-every-line-min-work=-1" | FileCheck %s --check-prefix=HUGE
// HUGE-LABEL: func.func @x_and_table(
// HUGE-COUNT-2: arith.constant 1099511627776 : index
// HUGE-LABEL: func.func @f16_rows(
// HUGE-COUNT-2: arith.constant 549755813888 : index
// HUGE-LABEL: func.func @strided_rows(
// Loops that do not stream do not prefetch (1 TiB threshold):
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1099511627776 prefetch-bytes=4096 prefetch-far-bytes=-1" | FileCheck %s --check-prefixes=CHECK,NOPF

// CHECK-LABEL: func.func @x_and_table(
// NOPF-NOT:     memref.prefetch
// PF4K-DAG:     %[[AHEAD:.*]] = arith.constant 4096 : index
// PF4K-DAG:     %[[LAST:.*]] = arith.constant 4194303 : index
// FAR-DAG:      %[[FAHEAD:.*]] = arith.constant 16384 : index
// PF256-DAG:    %[[AHEAD:.*]] = arith.constant 256 : index
// CHECK:        scf.for %[[I:.*]] =
// PF4K:           %[[NEXT:.*]] = arith.addi %[[I]], %[[AHEAD]] : index
// PF4K:           %[[AT:.*]] = arith.minsi %[[NEXT]], %[[LAST]] : index
// PF4K:           memref.prefetch %{{.*}}[%[[AT]]], read, locality<3>, data : memref<4194304xi8>
// FAR:            arith.addi %[[I]], %[[FAHEAD]] : index
// FAR:            memref.prefetch %{{.*}}, read, locality<2>, data : memref<4194304xi8>
// PF256:          arith.addi %[[I]], %[[AHEAD]] : index
// PF256:          memref.prefetch %{{.*}} : memref<4194304xi8>
// PF8:            memref.prefetch %{{.*}} : memref<4194304xi8>
// PF16:           memref.prefetch %{{.*}} : memref<4194304xi8>
// CHECK:          vector.transfer_read %{{.*}}[%[[I]]]{{.*}} : memref<4194304xi8>
// CHECK-NOT:      memref.prefetch
// NT:             vector.store {{.*}}nontemporal = true
func.func @x_and_table(%x: memref<4194304xi8>, %t: memref<16xf32>) -> memref<4194304xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 4194304 : index
  %i0 = arith.constant 0 : i8
  %f0 = arith.constant 0.0 : f32
  %y = memref.alloc() {alignment = 64 : i64} : memref<4194304xf32>
  scf.for %i = %c0 to %n step %c16 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<4194304xi8>, vector<16xi8>
    %s = vector.transfer_read %t[%c0], %f0 {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    %p = arith.mulf %f, %s : vector<16xf32>
    vector.transfer_write %p, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<4194304xf32>
  }
  return %y : memref<4194304xf32>
}

// Rows of f16 x (2 MiB): 4096 bytes ahead are 2048 elements, two rows
// ahead of the read: the prefetch goes through a 1-D view of x at
// r * 1024 + c + 2048, clamped to x's last element. The second read of the
// same elements shares the prefetch.
// CHECK-LABEL: func.func @f16_rows(
// NOPF-NOT:     memref.prefetch
// PF8-NOT:      memref.prefetch
// PF4K:         %[[FLAT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<1024x1024xf16> into memref<1048576xf16>
// CHECK:        scf.for %[[R:.*]] =
// PF4K-DAG:       %[[AHEAD:.*]] = arith.constant 2048 : index
// PF4K-DAG:       %[[LAST:.*]] = arith.constant 1048575 : index
// PF256-DAG:      %[[AHEAD:.*]] = arith.constant 128 : index
// CHECK:          scf.for %[[C:.*]] =
// PF4K:             %[[START:.*]] = arith.muli %[[R]], %{{.*}} : index
// PF4K:             %[[AT0:.*]] = arith.addi %[[START]], %[[C]] : index
// PF4K:             %[[NEXT:.*]] = arith.addi %[[AT0]], %[[AHEAD]] : index
// PF4K:             %[[AT:.*]] = arith.minsi %[[NEXT]], %[[LAST]] : index
// PF4K:             memref.prefetch %[[FLAT]][%[[AT]]], read, locality<3>, data : memref<1048576xf16>
// FAR:              memref.prefetch %[[FLAT]][%{{.*}}], read, locality<2>, data : memref<1048576xf16>
// PF256:            arith.addi %{{.*}}, %[[AHEAD]] : index
// PF256:            memref.prefetch
// PF16:             memref.prefetch {{.*}} : memref<1048576xf16>
// CHECK:            vector.transfer_read %{{.*}}[%[[R]], %[[C]]]
// CHECK-NOT:        memref.prefetch
// CHECK:            vector.transfer_read %{{.*}}[%[[R]], %[[C]]]
// CHECK-NOT:        memref.prefetch
// NT:               vector.store {{.*}}nontemporal = true
func.func @f16_rows(%x: memref<1024x1024xf16>) -> memref<1024x1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 1024 : index
  %h0 = arith.constant 0.0 : f16
  %y = memref.alloc() {alignment = 64 : i64} : memref<1024x1024xf32>
  scf.for %r = %c0 to %n step %c1 {
    scf.for %c = %c0 to %n step %c16 {
      %h = vector.transfer_read %x[%r, %c], %h0 {in_bounds = [true]} : memref<1024x1024xf16>, vector<16xf16>
      %h2 = vector.transfer_read %x[%r, %c], %h0 {in_bounds = [true]} : memref<1024x1024xf16>, vector<16xf16>
      %f = arith.extf %h : vector<16xf16> to vector<16xf32>
      %f2 = arith.extf %h2 : vector<16xf16> to vector<16xf32>
      %p = arith.mulf %f, %f2 : vector<16xf32>
      vector.transfer_write %p, %y[%r, %c] {in_bounds = [true]} : vector<16xf32>, memref<1024x1024xf32>
    }
  }
  return %y : memref<1024x1024xf32>
}

// A strided view of x (every other row of a 2048x1024 buffer, not row-major
// contiguous): the prefetch stays in the row, clamped to its last column.
// CHECK-LABEL: func.func @strided_rows(
// NOPF-NOT:     memref.prefetch
// CHECK-NOT:    memref.collapse_shape
// CHECK:        scf.for %[[R:.*]] =
// PF4K-DAG:       %[[AHEAD:.*]] = arith.constant 4096 : index
// PF4K-DAG:       %[[LAST:.*]] = arith.constant 1023 : index
// CHECK:          scf.for %[[C:.*]] =
// PF4K:             %[[NEXT:.*]] = arith.addi %[[C]], %[[AHEAD]] : index
// PF4K:             %[[AT:.*]] = arith.minsi %[[NEXT]], %[[LAST]] : index
// PF4K:             memref.prefetch %{{.*}}[%[[R]], %[[AT]]], read, locality<3>, data : memref<1024x1024xi8, strided<[2048, 1]>>
// FAR:              memref.prefetch %{{.*}}[%[[R]], %{{.*}}], read, locality<2>, data : memref<1024x1024xi8, strided<[2048, 1]>>
// PF256:            memref.prefetch
// PF8:              memref.prefetch {{.*}} : memref<1024x1024xi8, strided<[2048, 1]>>
// PF16:             memref.prefetch {{.*}} : memref<1024x1024xi8, strided<[2048, 1]>>
// CHECK-NOT:        memref.prefetch
// NT:               vector.store {{.*}}nontemporal = true
func.func @strided_rows(%whole: memref<2048x1024xi8>) -> memref<1024x1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 1024 : index
  %i0 = arith.constant 0 : i8
  %x = memref.subview %whole[0, 0] [1024, 1024] [2, 1] : memref<2048x1024xi8> to memref<1024x1024xi8, strided<[2048, 1]>>
  %y = memref.alloc() {alignment = 64 : i64} : memref<1024x1024xf32>
  scf.for %r = %c0 to %n step %c1 {
    scf.for %c = %c0 to %n step %c16 {
      %b = vector.transfer_read %x[%r, %c], %i0 {in_bounds = [true]} : memref<1024x1024xi8, strided<[2048, 1]>>, vector<16xi8>
      %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
      vector.transfer_write %f, %y[%r, %c] {in_bounds = [true]} : vector<16xf32>, memref<1024x1024xf32>
    }
  }
  return %y : memref<1024x1024xf32>
}

// A read of 64 i16 elements covers two cache lines. The loop's vector
// work is 4 (a sitofp into 4 registers of 16 f32), 2 per line: one
// prefetch, 4096 bytes (2048 elements) ahead, unless every line from 2
// operations per line (a prefetch per line ran slower on the Xeon for the
// light loops of f16 x -> f16 and 32-bit x -> f32: bench/HISTORY.md,
// 2026-12-02 from 05:04 UTC and 2026-12-07 from 04:49 UTC).
// CHECK-LABEL: func.func @two_lines(
// NOPF-NOT:     memref.prefetch
// PF8-NOT:      memref.prefetch
// PF4K-DAG:     %[[AHEAD:.*]] = arith.constant 2048 : index
// PF4K-DAG:     %[[LAST:.*]] = arith.constant 4194303 : index
// EL2-DAG:      %[[LINE:.*]] = arith.constant 32 : index
// CHECK:        scf.for %[[I:.*]] =
// PF4K:           %[[NEXT:.*]] = arith.addi %[[I]], %[[AHEAD]] : index
// PF4K:           %[[AT:.*]] = arith.minsi %[[NEXT]], %[[LAST]] : index
// PF4K:           memref.prefetch %{{.*}}[%[[AT]]], read, locality<3>, data : memref<4194304xi16>
// EL2:            %[[NEXT1:.*]] = arith.addi %[[NEXT]], %[[LINE]] : index
// EL2:            %[[AT1:.*]] = arith.minsi %[[NEXT1]], %[[LAST]] : index
// EL2:            memref.prefetch %{{.*}}[%[[AT1]]], read, locality<3>, data : memref<4194304xi16>
// FAR:            memref.prefetch %{{.*}}, read, locality<2>, data : memref<4194304xi16>
// PF256:          memref.prefetch
// PF16:           memref.prefetch {{.*}} : memref<4194304xi16>
// CHECK-NOT:      memref.prefetch
// CHECK:          vector.transfer_read %{{.*}}[%[[I]]]{{.*}} : memref<4194304xi16>, vector<64xi16>
// NT:             vector.store {{.*}}nontemporal = true
func.func @two_lines(%x: memref<4194304xi16>) -> memref<4194304xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = arith.constant 4194304 : index
  %i0 = arith.constant 0 : i16
  %y = memref.alloc() {alignment = 64 : i64} : memref<4194304xf32>
  scf.for %i = %c0 to %n step %c64 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<4194304xi16>, vector<64xi16>
    %f = arith.sitofp %b : vector<64xi16> to vector<64xf32>
    vector.transfer_write %f, %y[%i] {in_bounds = [true]} : vector<64xf32>, memref<4194304xf32>
  }
  return %y : memref<4194304xf32>
}

// The same read in a heavier loop (like the benchmark's i16 -> f16 per
// tensor step, which truncates in four parts):
// extsi, subi, sitofp and mulf into 4 registers each and truncf into 2
// (the bitcast counts nothing), 18 operations, 9 per line:
// every line from 3 operations per line, the second line's prefetch 32
// elements after the first, clamped too.
// CHECK-LABEL: func.func @two_lines_heavy(
// NOPF-NOT:     memref.prefetch
// PF8-NOT:      memref.prefetch
// PF4K-DAG:     %[[AHEAD:.*]] = arith.constant 2048 : index
// PF4K-DAG:     %[[LAST:.*]] = arith.constant 4194303 : index
// EL3-DAG:      %[[LINE:.*]] = arith.constant 32 : index
// EL2-DAG:      %[[LINE:.*]] = arith.constant 32 : index
// FAR-DAG:      %[[FAHEAD:.*]] = arith.constant 8192 : index
// CHECK:        scf.for %[[I:.*]] =
// PF4K:           %[[NEXT:.*]] = arith.addi %[[I]], %[[AHEAD]] : index
// PF4K:           %[[AT:.*]] = arith.minsi %[[NEXT]], %[[LAST]] : index
// PF4K:           memref.prefetch %{{.*}}[%[[AT]]], read, locality<3>, data : memref<4194304xi16>
// EL3:            %[[NEXT1:.*]] = arith.addi %[[NEXT]], %[[LINE]] : index
// EL3:            %[[AT1:.*]] = arith.minsi %[[NEXT1]], %[[LAST]] : index
// EL3:            memref.prefetch %{{.*}}[%[[AT1]]], read, locality<3>, data : memref<4194304xi16>
// EL2:            memref.prefetch %{{.*}} : memref<4194304xi16>
// FAR:            %[[FNEXT:.*]] = arith.addi %[[I]], %[[FAHEAD]] : index
// FAR:            %[[FAT:.*]] = arith.minsi %[[FNEXT]], %[[LAST]] : index
// FAR:            memref.prefetch %{{.*}}[%[[FAT]]], read, locality<2>, data : memref<4194304xi16>
// FAR:            %[[FNEXT1:.*]] = arith.addi %[[FNEXT]], %[[LINE]] : index
// FAR:            %[[FAT1:.*]] = arith.minsi %[[FNEXT1]], %[[LAST]] : index
// FAR:            memref.prefetch %{{.*}}[%[[FAT1]]], read, locality<2>, data : memref<4194304xi16>
// PF256:          memref.prefetch
// PF16:           memref.prefetch {{.*}} : memref<4194304xi16>
// CHECK-NOT:      memref.prefetch
// CHECK:          vector.transfer_read %{{.*}}[%[[I]]]{{.*}} : memref<4194304xi16>, vector<64xi16>
// NT:             vector.store {{.*}}nontemporal = true
func.func @two_lines_heavy(%x: memref<4194304xi16>, %s: vector<64xf32>, %z: vector<64xi32>) -> memref<4194304xi16> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %n = arith.constant 4194304 : index
  %i0 = arith.constant 0 : i16
  %y = memref.alloc() {alignment = 64 : i64} : memref<4194304xi16>
  scf.for %i = %c0 to %n step %c64 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<4194304xi16>, vector<64xi16>
    %w = arith.extsi %b : vector<64xi16> to vector<64xi32>
    %d = arith.subi %w, %z : vector<64xi32>
    %f = arith.sitofp %d : vector<64xi32> to vector<64xf32>
    %p = arith.mulf %f, %s : vector<64xf32>
    %h = arith.truncf %p : vector<64xf32> to vector<64xf16>
    %r = arith.bitcast %h : vector<64xf16> to vector<64xi16>
    vector.transfer_write %r, %y[%i] {in_bounds = [true]} : vector<64xi16>, memref<4194304xi16>
  }
  return %y : memref<4194304xi16>
}

// The rows of a period tile: four reads of x at rows r .. r + 3 of one
// column, 4096 elements apart, spread over 12288 elements, at least the
// distance: each prefetches the distance beyond the farthest of them,
// 12288 + 4096 elements ahead (256 bytes: 12288 + 256; a twin 8 KiB ahead:
// 12288 + 8192). At the plain distance each one would prefetch the line
// the next one reads. The twin of 16 KiB spans more than the group and
// stays at 16384. Nothing else changes: the 1-D view, the clamp to x's
// last element.
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=8192 prefetch-max-element-bits=-1 prefetch-every-line-min-work=-1" | FileCheck %s --check-prefix=FAR8K
// FAR8K-LABEL: func.func @tile_rows(
// FAR8K-COUNT-4: arith.constant 20480 : index
// FAR8K-LABEL: func.func @contiguous_reads(
// CHECK-LABEL: func.func @tile_rows(
// NOPF-NOT:     memref.prefetch
// PF4K:         %[[FLAT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<1024x4096xi8> into memref<4194304xi8>
// CHECK:        scf.for %[[R:.*]] =
// PF4K-COUNT-4:   arith.constant 16384 : index
// PF256-COUNT-4:  arith.constant 12544 : index
// CHECK:          scf.for %[[C:.*]] =
// PF4K-COUNT-4:     memref.prefetch %[[FLAT]][%{{.*}}], read, locality<3>, data : memref<4194304xi8>
// FAR:              memref.prefetch %[[FLAT]][%{{.*}}], read, locality<2>, data : memref<4194304xi8>
// PF256-COUNT-4:    memref.prefetch
// PF8-COUNT-4:      memref.prefetch
// PF16-COUNT-4:     memref.prefetch
// CHECK-NOT:        memref.prefetch
// NT:               vector.store {{.*}}nontemporal = true
func.func @tile_rows(%x: memref<1024x4096xi8>) -> memref<1024x4096xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %rows = arith.constant 1024 : index
  %cols = arith.constant 4096 : index
  %i0 = arith.constant 0 : i8
  %y = memref.alloc() {alignment = 64 : i64} : memref<1024x4096xf32>
  scf.for %r = %c0 to %rows step %c4 {
    %r1 = arith.addi %r, %c1 : index
    %r2 = arith.addi %r, %c2 : index
    %r3 = arith.addi %c3, %r : index
    scf.for %c = %c0 to %cols step %c64 {
      %b0 = vector.transfer_read %x[%r, %c], %i0 {in_bounds = [true]} : memref<1024x4096xi8>, vector<64xi8>
      %f0 = arith.sitofp %b0 : vector<64xi8> to vector<64xf32>
      vector.transfer_write %f0, %y[%r, %c] {in_bounds = [true]} : vector<64xf32>, memref<1024x4096xf32>
      %b1 = vector.transfer_read %x[%r1, %c], %i0 {in_bounds = [true]} : memref<1024x4096xi8>, vector<64xi8>
      %f1 = arith.sitofp %b1 : vector<64xi8> to vector<64xf32>
      vector.transfer_write %f1, %y[%r1, %c] {in_bounds = [true]} : vector<64xf32>, memref<1024x4096xf32>
      %b2 = vector.transfer_read %x[%r2, %c], %i0 {in_bounds = [true]} : memref<1024x4096xi8>, vector<64xi8>
      %f2 = arith.sitofp %b2 : vector<64xi8> to vector<64xf32>
      vector.transfer_write %f2, %y[%r2, %c] {in_bounds = [true]} : vector<64xf32>, memref<1024x4096xf32>
      %b3 = vector.transfer_read %x[%r3, %c], %i0 {in_bounds = [true]} : memref<1024x4096xi8>, vector<64xi8>
      %f3 = arith.sitofp %b3 : vector<64xi8> to vector<64xf32>
      vector.transfer_write %f3, %y[%r3, %c] {in_bounds = [true]} : vector<64xf32>, memref<1024x4096xf32>
    }
  }
  return %y : memref<1024x4096xf32>
}

// Two reads of one line each, 64 elements apart: a group narrower than the
// distance keeps it (4096 ahead of each read, not 4096 + 64).
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=1 prefetch-bytes=4096 prefetch-far-bytes=-1 prefetch-max-element-bits=-1 prefetch-every-line-min-work=-1" | FileCheck %s --check-prefix=GROUP
// GROUP-LABEL: func.func @contiguous_reads(
// GROUP-NOT:     arith.constant 4160 : index
// GROUP-COUNT-2: arith.constant 4096 : index
// GROUP-NOT:     arith.constant 4160 : index
// GROUP:         scf.for
// GROUP-COUNT-2:   memref.prefetch
func.func @contiguous_reads(%x: memref<4194304xi8>) -> memref<4194304xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 4194304 : index
  %i0 = arith.constant 0 : i8
  %y = memref.alloc() {alignment = 64 : i64} : memref<4194304xf32>
  scf.for %i = %c0 to %n step %c128 {
    %i1 = arith.addi %i, %c64 : index
    %b0 = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<4194304xi8>, vector<64xi8>
    %f0 = arith.sitofp %b0 : vector<64xi8> to vector<64xf32>
    vector.transfer_write %f0, %y[%i] {in_bounds = [true]} : vector<64xf32>, memref<4194304xf32>
    %b1 = vector.transfer_read %x[%i1], %i0 {in_bounds = [true]} : memref<4194304xi8>, vector<64xi8>
    %f1 = arith.sitofp %b1 : vector<64xi8> to vector<64xf32>
    vector.transfer_write %f1, %y[%i1] {in_bounds = [true]} : vector<64xf32>, memref<4194304xf32>
  }
  return %y : memref<4194304xf32>
}

// Offsets beyond 2^40 elements, or whose sum overflows int64, make no group
// (no prefetch is that far): each read keeps the plain distance, and the
// pass computes no overflowing sum (the sanitizer suite runs this file).
// GROUP-LABEL: func.func @huge_offsets(
// GROUP-COUNT-3: arith.constant 4096 : index
// GROUP:         scf.for
// GROUP-COUNT-3:   memref.prefetch
func.func @huge_offsets(%x: memref<4194304xi8>) -> memref<4194304xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %big = arith.constant 4611686018427387904 : index
  %far = arith.constant 2199023255552 : index
  %n = arith.constant 4194304 : index
  %i0 = arith.constant 0 : i8
  %y = memref.alloc() {alignment = 64 : i64} : memref<4194304xf32>
  scf.for %i = %c0 to %n step %c64 {
    %j = arith.addi %i, %big : index
    %k = arith.addi %j, %big : index
    %m = arith.addi %far, %i : index
    %b0 = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<4194304xi8>, vector<64xi8>
    %b1 = vector.transfer_read %x[%k], %i0 {in_bounds = [true]} : memref<4194304xi8>, vector<64xi8>
    %b2 = vector.transfer_read %x[%m], %i0 {in_bounds = [true]} : memref<4194304xi8>, vector<64xi8>
    %s0 = arith.addi %b0, %b1 : vector<64xi8>
    %s1 = arith.addi %s0, %b2 : vector<64xi8>
    %f = arith.sitofp %s1 : vector<64xi8> to vector<64xf32>
    vector.transfer_write %f, %y[%i] {in_bounds = [true]} : vector<64xf32>, memref<4194304xf32>
  }
  return %y : memref<4194304xf32>
}
