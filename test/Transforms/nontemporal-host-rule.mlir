// The threshold rule of --qdq-nontemporal-stores (Passes.td): with the
// defaults (min-bytes=0, share-rule=host) the host CPU's: flat from 16 MiB
// on AMD Zen 3 (znver3), scaled by the written share from 24 MiB on the
// other Zen cores, flat from 48 MiB on every other CPU (measured on an
// Intel Xeon). Five nests tell the rules apart, each checked to stream
// (prefix X-NT) or not (X-NO):
//   A @i8_to_f32         20 MiB, 80% of them written
//   B @i8_to_f32_17mib   17 MiB, 80% (flat from 16 MiB streams it; from 18,
//                        as before 2026-11-28, would not)
//   C @i64_to_f16        12 MiB, 20%
//   D @i8_to_f32_30mib   30 MiB, 80%
//   E @i8_to_f32_50mib   50 MiB, 80%
// The scaled rule from 24 MiB needs 24 x 2 x 0.8 = 38.4 MiB for A, B, D
// and E, 9.6 for C; from 16 MiB 25.6 and 6.4; from 48 MiB 76.8 and 19.2.
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=16777216 share-rule=flat" | FileCheck %s --check-prefixes=A-NT,B-NT,C-NO,D-NT,E-NT
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=25165824 share-rule=scaled" | FileCheck %s --check-prefixes=A-NO,B-NO,C-NT,D-NO,E-NT
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=50331648 share-rule=flat" | FileCheck %s --check-prefixes=A-NO,B-NO,C-NO,D-NO,E-NT
// RUN: qdq-opt %s --qdq-nontemporal-stores | FileCheck %s --check-prefixes=%if host-cpu-znver3 %{A-NT,B-NT,C-NO,D-NT,E-NT%}%if host-cpu-znver{{.*}} && !host-cpu-znver3 %{A-NO,B-NO,C-NT,D-NO,E-NT%}%if !host-cpu-znver{{.*}} %{A-NO,B-NO,C-NO,D-NO,E-NT%}
// RUN: qdq-opt %s --qdq-nontemporal-stores="share-rule=host" | FileCheck %s --check-prefixes=%if host-cpu-znver3 %{A-NT,B-NT,C-NO,D-NT,E-NT%}%if host-cpu-znver{{.*}} && !host-cpu-znver3 %{A-NO,B-NO,C-NT,D-NO,E-NT%}%if !host-cpu-znver{{.*}} %{A-NO,B-NO,C-NO,D-NO,E-NT%}
// Each option's default stands alone: share-rule=host with 16 MiB is the
// host's rule from 16 MiB; min-bytes=0 is the host's threshold with the
// rule given.
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=16777216 share-rule=host" | FileCheck %s --check-prefixes=%if host-cpu-znver3 %{A-NT,B-NT,C-NO,D-NT,E-NT%}%if host-cpu-znver{{.*}} && !host-cpu-znver3 %{A-NO,B-NO,C-NT,D-NT,E-NT%}%if !host-cpu-znver{{.*}} %{A-NT,B-NT,C-NO,D-NT,E-NT%}
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=0 share-rule=flat" | FileCheck %s --check-prefixes=%if host-cpu-znver3 %{A-NT,B-NT,C-NO,D-NT,E-NT%}%if host-cpu-znver{{.*}} && !host-cpu-znver3 %{A-NO,B-NO,C-NO,D-NT,E-NT%}%if !host-cpu-znver{{.*}} %{A-NO,B-NO,C-NO,D-NO,E-NT%}
// RUN: qdq-opt %s --qdq-nontemporal-stores="min-bytes=0 share-rule=scaled" | FileCheck %s --check-prefixes=%if host-cpu-znver3 %{A-NO,B-NO,C-NT,D-NT,E-NT%}%if host-cpu-znver{{.*}} && !host-cpu-znver3 %{A-NO,B-NO,C-NT,D-NO,E-NT%}%if !host-cpu-znver{{.*}} %{A-NO,B-NO,C-NO,D-NO,E-NO%}
// Bad values end in a diagnostic.
// RUN: not qdq-opt %s --qdq-nontemporal-stores="share-rule=share" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not qdq-opt %s --qdq-to-llvm="nontemporal-share-rule=" 2>&1 | FileCheck %s --check-prefix=EMPTY

// A-NT-LABEL: func.func @i8_to_f32(
// A-NT:       vector.store {{.*}}nontemporal = true{{.*}}vector<16xf32>
// A-NT:       llvm.fence seq_cst
// A-NT:       return
// A-NO-LABEL: func.func @i8_to_f32(
// A-NO-NOT:   nontemporal
// A-NO:       return

// B-NT-LABEL: func.func @i8_to_f32_17mib(
// B-NT:       vector.store {{.*}}nontemporal = true{{.*}}vector<16xf32>
// B-NT:       llvm.fence seq_cst
// B-NT:       return
// B-NO-LABEL: func.func @i8_to_f32_17mib(
// B-NO-NOT:   nontemporal
// B-NO:       return

// C-NT-LABEL: func.func @i64_to_f16(
// C-NT:       vector.store {{.*}}nontemporal = true{{.*}}vector<16xf16>
// C-NT:       llvm.fence seq_cst
// C-NT:       return
// C-NO-LABEL: func.func @i64_to_f16(
// C-NO-NOT:   nontemporal
// C-NO:       return

// D-NT-LABEL: func.func @i8_to_f32_30mib(
// D-NT:       vector.store {{.*}}nontemporal = true{{.*}}vector<16xf32>
// D-NT:       llvm.fence seq_cst
// D-NT:       return
// D-NO-LABEL: func.func @i8_to_f32_30mib(
// D-NO-NOT:   nontemporal
// D-NO:       return

// E-NT-LABEL: func.func @i8_to_f32_50mib(
// E-NT:       vector.store {{.*}}nontemporal = true{{.*}}vector<16xf32>
// E-NT:       llvm.fence seq_cst
// E-NT:       return
// E-NO-LABEL: func.func @i8_to_f32_50mib(
// E-NO-NOT:   nontemporal
// E-NO:       return

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

func.func @i8_to_f32_30mib(%x: memref<6291456xi8>) -> memref<6291456xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 6291456 : index
  %i0 = arith.constant 0 : i8
  %y = memref.alloc() {alignment = 64 : i64} : memref<6291456xf32>
  scf.for %i = %c0 to %n step %c16 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<6291456xi8>, vector<16xi8>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    vector.transfer_write %f, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<6291456xf32>
  }
  return %y : memref<6291456xf32>
}

func.func @i8_to_f32_50mib(%x: memref<10485760xi8>) -> memref<10485760xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = arith.constant 10485760 : index
  %i0 = arith.constant 0 : i8
  %y = memref.alloc() {alignment = 64 : i64} : memref<10485760xf32>
  scf.for %i = %c0 to %n step %c16 {
    %b = vector.transfer_read %x[%i], %i0 {in_bounds = [true]} : memref<10485760xi8>, vector<16xi8>
    %f = arith.sitofp %b : vector<16xi8> to vector<16xf32>
    vector.transfer_write %f, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<10485760xf32>
  }
  return %y : memref<10485760xf32>
}
