// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw" --split-input-file | FileCheck %s --check-prefix=NOVBMI
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=4 cpu-features=avx2" --split-input-file | FileCheck %s --check-prefix=YMM
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx2" --split-input-file | FileCheck %s --check-prefix=YMM8
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=NONE

// Period tables: per-axis x of at most 8 bits with f16/bf16 results whose
// period (K * N elements) divides the step, so that every step reads the
// same parameters, and whose K * 2^bits (axis entry, code) pairs fit a
// byte lookup of 16, 64 or 256 entries. One table for the tensor: entry
// (k << bits) + c is the result of code c with axis entry k, computed
// before the loop; each step ORs its codes with their lanes' k << bits.

// i4, C = 16 along the innermost axis -> f16: 256 entries. Entry e takes
// the scale and zero point of lane e >> 4 (the axis entry of lane p is p
// mod 16); the codes of the entries are 0..7, -8..-1 over and over. In
// the loop, the codes (reordered for the in-lane interleave of the two
// planes: 8 from lane 0, then 8 from lane 32, ...) are ORed with 16 *
// their lane's axis entry. (2-bit x with C = 64, 256 entries too, takes
// code selection instead where AVX-512BW allows these lookups:
// code-select.mlir.)
// CHECK-LABEL: func.func @i4_k16_f16
// CHECK-DAG: %[[OFF:.*]] = arith.constant dense<[0, 16, 32, 48, 64, 80, 96, 112, 0, 16, 32, 48, 64, 80, 96, 112, -128, -112, {{.*}}]> : vector<64xi8>
// CHECK-DAG: %[[CODES:.*]] = arith.constant dense<"0x0001020304050607F8F9FAFBFCFDFEFF0001{{.*}}"> : vector<256xi8>
// CHECK: %[[S:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, {{.*}}, 15, 15] : vector<64xf32>, vector<64xf32>
// CHECK: %[[Z:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, {{.*}}, 15, 15] : vector<64xi8>, vector<64xi8>
// CHECK: %[[D:.*]] = arith.subi %[[CODES]], %[[Z]] : vector<256xi8>
// CHECK: %[[F:.*]] = arith.sitofp %[[D]] : vector<256xi8> to vector<256xf32>
// CHECK: arith.mulf %[[F]], %[[S]] : vector<256xf32>
// CHECK: arith.truncf %{{.*}} : vector<256xf32> to vector<256xf16>
// CHECK: %[[LO:.*]] = arith.trunci %{{.*}} : vector<256xi16> to vector<256xi8>
// CHECK: %[[HI:.*]] = arith.trunci %{{.*}} : vector<256xi16> to vector<256xi8>
// CHECK: scf.for
// CHECK: %[[ORDER:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 32, 33, {{.*}}] : vector<64xi8>, vector<64xi8>
// CHECK: %[[I:.*]] = arith.ori %[[ORDER]], %[[OFF]] : vector<64xi8>
// CHECK: qdq.table_lookup %[[LO]][%[[I]]] : vector<256xi8>, vector<64xi8>
// CHECK: qdq.table_lookup %[[HI]][%[[I]]] : vector<256xi8>, vector<64xi8>
// CHECK-NOT: arith.mulf
// CHECK: return
// Without VBMI there is no 256-entry lookup: the arithmetic.
// NOVBMI-LABEL: func.func @i4_k16_f16
// NOVBMI-NOT: qdq.table_lookup
// NOVBMI: return
// NONE-LABEL: func.func @i4_k16_f16
// NONE-NOT: qdq.table_lookup
// NONE: return
func.func @i4_k16_f16(%x: tensor<5x16xi4>, %s: tensor<16xf16>, %z: tensor<16xi4>) -> tensor<5x16xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<5x16xi4>, tensor<16xf16>, tensor<16xi4>) -> tensor<5x16xf16>
  return %y : tensor<5x16xf16>
}

// -----

// i4, K = 4 in the middle (N = 4) -> bf16: a period of 16 elements, 64
// entries. Entry e takes lane (e >> 4) * 4; lane p's offset is
// ((p / 4) mod 4) << 4.
// CHECK-LABEL: func.func @i4_k4n4_bf16
// CHECK-DAG: %[[OFF:.*]] = arith.constant dense<[0, 0, 0, 0, 16, 16, 16, 16, 0, 0, 0, 0, 16, 16, 16, 16, 32, 32, 32, 32, 48, 48, 48, 48, {{.*}}]> : vector<64xi8>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, {{.*}}, 12, 12] : vector<64xf32>, vector<64xf32>
// CHECK: scf.for
// CHECK: %[[I:.*]] = arith.ori %{{.*}}, %[[OFF]] : vector<64xi8>
// CHECK: qdq.table_lookup %{{.*}}[%[[I]]] : vector<64xi8>, vector<64xi8>
// CHECK: return
// YMM-LABEL: func.func @i4_k4n4_bf16
// YMM-NOT: qdq.table_lookup
// YMM: return
func.func @i4_k4n4_bf16(%x: tensor<3x4x4xi4>, %s: tensor<4xf32>) -> tensor<3x4x4xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<3x4x4xi4>, tensor<4xf32>) -> tensor<3x4x4xbf16>
  return %y : tensor<3x4x4xbf16>
}

// -----

// ui2, K = 4 -> f16: 16 entries, which pshufb looks up on 256-bit vectors
// with AVX2. With AVX-512BW on 512-bit vectors, 2-bit x takes code
// selection instead (code-select.mlir).
// CHECK-LABEL: func.func @u2_k4_f16
// CHECK-NOT: qdq.table_lookup
// CHECK: scf.for
// CHECK: arith.select %{{.*}} : vector<64xi1>, vector<64xi16>
// CHECK: return
// NOVBMI-LABEL: func.func @u2_k4_f16
// NOVBMI-NOT: qdq.table_lookup
// NOVBMI: arith.select %{{.*}} : vector<64xi1>, vector<64xi16>
// NOVBMI: return
// YMM-LABEL: func.func @u2_k4_f16
// YMM: %[[OFF:.*]] = arith.constant dense<[0, 4, 8, 12, 0, 4, 8, 12, {{.*}}]> : vector<32xi8>
// YMM: scf.for
// YMM: %[[I:.*]] = arith.ori %{{.*}}, %[[OFF]] : vector<32xi8>
// YMM: qdq.table_lookup %{{.*}}[%[[I]]] : vector<16xi8>, vector<32xi8>
// With the per-form unroll, packed x on 256-bit registers takes 8
// registers: steps of 64 codes, still whole periods.
// YMM8-LABEL: func.func @u2_k4_f16
// YMM8: %[[OFF:.*]] = arith.constant dense<[0, 4, 8, 12, 0, 4, 8, 12, {{.*}}]> : vector<64xi8>
// YMM8: scf.for {{.*}} step %c64
// YMM8: %[[I:.*]] = arith.ori %{{.*}}, %[[OFF]] : vector<64xi8>
// YMM8: qdq.table_lookup %{{.*}}[%[[I]]] : vector<16xi8>, vector<64xi8>
func.func @u2_k4_f16(%x: tensor<40x4xui2>, %s: tensor<4xf32>, %z: tensor<4xui2>) -> tensor<40x4xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<40x4xui2>, tensor<4xf32>, tensor<4xui2>) -> tensor<40x4xf16>
  return %y : tensor<40x4xf16>
}

// -----

// Forms that keep the arithmetic: 4-bit x with C = 64 (1024 pairs), a
// period that does not divide the step (48), f32 results.
// CHECK-LABEL: func.func @i4_k64_f16
// CHECK-NOT: qdq.table_lookup
// CHECK: arith.mulf
// CHECK: return
func.func @i4_k64_f16(%x: tensor<3x64xi4>, %s: tensor<64xf16>) -> tensor<3x64xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<3x64xi4>, tensor<64xf16>) -> tensor<3x64xf16>
  return %y : tensor<3x64xf16>
}

// -----

// CHECK-LABEL: func.func @i2_k48_f16
// CHECK-NOT: qdq.table_lookup
// CHECK: arith.mulf
// CHECK: return
func.func @i2_k48_f16(%x: tensor<4x48xi2>, %s: tensor<48xf16>) -> tensor<4x48xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<4x48xi2>, tensor<48xf16>) -> tensor<4x48xf16>
  return %y : tensor<4x48xf16>
}

// -----

// CHECK-LABEL: func.func @i2_k64_f32
// CHECK-NOT: qdq.table_lookup
// CHECK: arith.mulf
// CHECK: return
func.func @i2_k64_f32(%x: tensor<3x64xi2>, %s: tensor<64xf16>) -> tensor<3x64xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<3x64xi2>, tensor<64xf16>) -> tensor<3x64xf32>
  return %y : tensor<3x64xf32>
}
