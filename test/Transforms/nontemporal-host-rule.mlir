// The threshold rule of --qdq-nontemporal-stores (Passes.td): with the
// defaults (min-bytes=0, share-rule=host) the host CPU's, flat from 16 MiB
// on AMD Zen 3 (znver3), scaled by the written share from 24 MiB elsewhere.
// The nests below tell the rules apart: @i8_to_f32 moves 20 MiB and
// writes 80% of them (flat: 20 >= 16, streams; scaled: it needs
// 24 x 2 x 0.8 = 38.4 MiB, does not); @i8_to_f32_17mib moves 17 MiB, the
// same share (flat from 16 MiB: streams; from 18, as before 2026-11-28:
// would not); @i64_to_f16 moves 12 MiB and writes a fifth of them (flat:
// 12 < 16, does not; scaled: it needs 9.6 MiB, streams).
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=16777216 share-rule=flat" | FileCheck %s --check-prefix=FLAT
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=25165824 share-rule=scaled" | FileCheck %s --check-prefix=SCALED
// RUN: qdq-opt %s --qdq-nontemporal-stores | FileCheck %s --check-prefix=%if host-cpu-znver3 %{FLAT%} %else %{SCALED%}
// RUN: qdq-opt %s --qdq-nontemporal-stores="share-rule=host" | FileCheck %s --check-prefix=%if host-cpu-znver3 %{FLAT%} %else %{SCALED%}
// Each option's default stands alone: share-rule=host with 16 MiB is the
// scaled rule off Zen 3 (@i8_to_f32 needs 25.6 MiB, @i64_to_f16 6.4);
// min-bytes=0 with the flat rule is 24 MiB off Zen 3 (neither streams).
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=16777216 share-rule=host" | FileCheck %s --check-prefix=%if host-cpu-znver3 %{FLAT%} %else %{SCALED%}
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=0 share-rule=flat" | FileCheck %s --check-prefix=%if host-cpu-znver3 %{FLAT%} %else %{NONE%}
// Bad values end in a diagnostic.
// RUN: not qdq-opt %s --qdq-nontemporal-stores="share-rule=share" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not qdq-opt %s --qdq-to-llvm="nontemporal-share-rule=" 2>&1 | FileCheck %s --check-prefix=EMPTY

// FLAT-LABEL:   func.func @i8_to_f32
// FLAT:         vector.store {{.*}}nontemporal = true{{.*}}vector<16xf32>
// FLAT:         llvm.fence seq_cst
// FLAT-LABEL:   func.func @i8_to_f32_17mib
// FLAT:         vector.store {{.*}}nontemporal = true{{.*}}vector<16xf32>
// FLAT:         llvm.fence seq_cst
// FLAT-LABEL:   func.func @i64_to_f16
// FLAT-NOT:     nontemporal
// FLAT:         return

// SCALED-LABEL: func.func @i8_to_f32
// SCALED-NOT:   nontemporal
// SCALED-LABEL: func.func @i8_to_f32_17mib
// SCALED-NOT:   nontemporal
// SCALED-LABEL: func.func @i64_to_f16
// SCALED:       vector.store {{.*}}nontemporal = true{{.*}}vector<16xf16>
// SCALED:       llvm.fence seq_cst

// NONE-LABEL:   func.func @i8_to_f32
// NONE-NOT:     nontemporal
// NONE-LABEL:   func.func @i8_to_f32_17mib
// NONE-NOT:     nontemporal
// NONE-LABEL:   func.func @i64_to_f16
// NONE-NOT:     nontemporal
// NONE:         return

// BAD: error: share-rule (nontemporal-share-rule of --qdq-to-llvm) must be host, scaled or flat, got 'share'
// EMPTY: error: share-rule (nontemporal-share-rule of --qdq-to-llvm) must be host, scaled or flat, got ''

func.func @i8_to_f32(%x: memref<4194304xi8>) -> memref<4194304xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 4194304 : index
  %i0 = arith.constant 0 : i8
  %y = memref.alloc() {alignment = 64 : i64} : memref<4194304xf32>
  scf.for %i = %c0 to %n step %c16 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<4194304xi8>, vector<16xi8>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    vector.transfer_write %f, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<4194304xf32>
  }
  return %y : memref<4194304xf32>
}

func.func @i8_to_f32_17mib(%x: memref<3565152xi8>) -> memref<3565152xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 3565152 : index
  %i0 = arith.constant 0 : i8
  %y = memref.alloc() {alignment = 64 : i64} : memref<3565152xf32>
  scf.for %i = %c0 to %n step %c16 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<3565152xi8>, vector<16xi8>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    vector.transfer_write %f, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<3565152xf32>
  }
  return %y : memref<3565152xf32>
}

func.func @i64_to_f16(%x: memref<1258288xi64>) -> memref<1258288xf16> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 1258288 : index
  %i0 = arith.constant 0 : i64
  %y = memref.alloc() {alignment = 64 : i64} : memref<1258288xf16>
  scf.for %i = %c0 to %n step %c16 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<1258288xi64>, vector<16xi64>
    %f = arith.sitofp %b : vector<16xi64> to vector<16xf16>
    vector.transfer_write %f, %y[%i] {in_bounds = [true]} : vector<16xf16>, memref<1258288xf16>
  }
  return %y : memref<1258288xf16>
}
