// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=NOBW
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx2,avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=YMM

// Code selection: per-axis packed 2-bit integer x with f16/bf16 results
// whose period (K * N elements) divides the step, with AVX-512BW on 512-bit
// vectors. Before the loop, the results of codes 0-3 (stored codes 0, 1,
// -2, -1 for i2) with each lane's scale and zero point: one vector of 4 x
// 64 results, choice c at lanes 64c to 64c + 63 (both versions of the
// loops, with and without the fast paths, compute them; the checks follow
// the first). Each step spreads its 16
// bytes over the 64 lanes (byte l / 4 to lane l), tests code bit 0 (1 <<
// 2 * (l mod 4)) and bit 1 (2 << 2 * (l mod 4)) into masks, and selects:
// bit 0 between choices 0/1 and 2/3, bit 1 between those. No arithmetic
// and no table lookup in the loop.

// CHECK-LABEL: func.func @i2_k64_f16
// CHECK-DAG: %[[BIT1:.*]] = arith.constant dense<[2, 8, 32, -128, 2, 8, 32, -128, {{.*}}]> : vector<64xi8>
// CHECK-DAG: %[[BIT0:.*]] = arith.constant dense<[1, 4, 16, 64, 1, 4, 16, 64, {{.*}}]> : vector<64xi8>
// CHECK: %[[S:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, {{.*}}, 62, 63, 0, 1, {{.*}}, 62, 63] : vector<64xf32>, vector<64xf32>
// CHECK: %[[Z:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, {{.*}}, 62, 63, 0, 1, {{.*}}, 62, 63] : vector<64xi8>, vector<64xi8>
// CHECK: arith.subi %{{.*}} : vector<256x{{i8|i32}}>
// CHECK: arith.mulf %{{.*}}, %[[S]] : vector<256xf32>
// CHECK: %[[CHOICES:.*]] = arith.bitcast %{{.*}} : vector<256xf16> to vector<256xi16>
// CHECK: scf.for
// CHECK: %[[BYTES:.*]] = vector.transfer_read %{{.*}} : tensor<48xi8>, vector<16xi8>
// CHECK: %[[SPREAD:.*]] = vector.shuffle %[[BYTES]], %[[BYTES]] [0, 0, 0, 0, 1, 1, 1, 1, {{.*}}, 15, 15, 15, 15] : vector<16xi8>, vector<16xi8>
// CHECK-DAG: %[[C0:.*]] = vector.extract_strided_slice %[[CHOICES]] {offsets = [0], sizes = [64], strides = [1]}
// CHECK-DAG: %[[C1:.*]] = vector.extract_strided_slice %[[CHOICES]] {offsets = [64], sizes = [64], strides = [1]}
// CHECK-DAG: %[[C2:.*]] = vector.extract_strided_slice %[[CHOICES]] {offsets = [128], sizes = [64], strides = [1]}
// CHECK-DAG: %[[C3:.*]] = vector.extract_strided_slice %[[CHOICES]] {offsets = [192], sizes = [64], strides = [1]}
// CHECK: %[[A0:.*]] = arith.andi %[[SPREAD]], %[[BIT0]] : vector<64xi8>
// CHECK: %[[M0:.*]] = arith.cmpi ne, %[[A0]], %{{.*}} : vector<64xi8>
// CHECK: %[[S01:.*]] = arith.select %[[M0]], %[[C1]], %[[C0]] : vector<64xi1>, vector<64xi16>
// CHECK: %[[S23:.*]] = arith.select %[[M0]], %[[C3]], %[[C2]] : vector<64xi1>, vector<64xi16>
// CHECK: %[[A1:.*]] = arith.andi %[[SPREAD]], %[[BIT1]] : vector<64xi8>
// CHECK: %[[M1:.*]] = arith.cmpi ne, %[[A1]], %{{.*}} : vector<64xi8>
// CHECK: %[[Y:.*]] = arith.select %[[M1]], %[[S23]], %[[S01]] : vector<64xi1>, vector<64xi16>
// CHECK: vector.transfer_write %[[Y]]
// CHECK-NOT: arith.mulf
// CHECK-NOT: qdq.table_lookup
// CHECK: scf.yield
// Without AVX-512BW: the arithmetic (the 256-entry period table needs
// AVX-512BW too, for vpermi2b).
// NOBW-LABEL: func.func @i2_k64_f16
// NOBW-NOT: arith.select {{.*}} vector<64xi16>
// NOBW-NOT: qdq.table_lookup
// NOBW: arith.mulf
// NOBW: return
// 256-bit vectors take no AVX-512 features (X86Features::limitedTo).
// YMM-LABEL: func.func @i2_k64_f16
// YMM-NOT: arith.select {{.*}} vector<{{[0-9]+}}xi16>
// YMM: return
func.func @i2_k64_f16(%x: tensor<3x64xi2>, %s: tensor<64xf16>, %z: tensor<64xi2>) -> tensor<3x64xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<3x64xi2>, tensor<64xf16>, tensor<64xi2>) -> tensor<3x64xf16>
  return %y : tensor<3x64xf16>
}

// -----

// ui2, K = 4 in the middle (N = 8) -> bf16: a period of 32 elements, which
// repeats twice in the step. Lane l takes axis entry (l / 8) mod 4, and
// 160 elements end in a masked half step that selects too.
// CHECK-LABEL: func.func @u2_k4n8_bf16
// CHECK: linalg.generic
// CHECK: %[[ROW:.*]] = arith.divui %{{.*}}, %c8 : index
// CHECK: arith.remui %[[ROW]], %c4 : index
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, {{.*}}, 63, 0, 1, {{.*}}] : vector<64xf32>, vector<64xf32>
// CHECK: arith.mulf %{{.*}} : vector<256xf32>
// CHECK: scf.for
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<64xi1>, vector<64xi16>
// CHECK-NOT: arith.mulf
// CHECK: scf.yield
// CHECK: %[[TAIL:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<64xi1>, vector<64xi16>
// CHECK: vector.transfer_write %[[TAIL]], %{{.*}}[%c128] : vector<64xi16>, tensor<160xi16>
func.func @u2_k4n8_bf16(%x: tensor<5x4x8xui2>, %s: tensor<4xf32>, %z: tensor<4xui2>) -> tensor<5x4x8xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<5x4x8xui2>, tensor<4xf32>, tensor<4xui2>) -> tensor<5x4x8xbf16>
  return %y : tensor<5x4x8xbf16>
}

// -----

// Forms that keep the arithmetic: f32 results (16 registers of choices
// and 12 blends per 64 codes ran slower), 4-bit x (16 choices), a choice
// table above 64 KiB (C=16384 -> f16: 128 KiB).
// CHECK-LABEL: func.func @i2_k64_f32
// CHECK-NOT: arith.select {{.*}} : vector<64xi1>, vector<64xf32>
// CHECK: return
func.func @i2_k64_f32(%x: tensor<3x64xi2>, %s: tensor<64xf16>) -> tensor<3x64xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<3x64xi2>, tensor<64xf16>) -> tensor<3x64xf32>
  return %y : tensor<3x64xf32>
}

// -----

// A period of two steps (128), 16 rows: a choice table of 4 x 128
// results, each step offset o's 4 x 64 choices at 4o, built before the
// loop, and each step reads its offset's choices (one period at a time).
// (Fewer than 16 rows keep the arithmetic: the table costs that of 4.)
// CHECK-LABEL: func.func @i2_k128_f16
// CHECK: %[[EMPTY:.*]] = bufferization.alloc_tensor() : tensor<512xi16>
// CHECK: %[[TABLE:.*]] = scf.for %[[O:.*]] = %c0 to %c128 step %c64 iter_args(%[[T:.*]] = %[[EMPTY]]) -> (tensor<512xi16>)
// CHECK: arith.mulf %{{.*}} : vector<256xf32>
// CHECK: %[[AT:.*]] = arith.muli %[[O]], %c4 : index
// CHECK: vector.transfer_write %{{.*}}, %[[T]][%[[AT]]] {in_bounds = [true]} : vector<256xi16>, tensor<512xi16>
// CHECK: scf.for {{.*}} iter_args(%{{.*}}, %[[OFF:.*]] = %c0)
// CHECK: %[[READ:.*]] = arith.muli %[[OFF]], %c4 : index
// CHECK: vector.transfer_read %[[TABLE]][%[[READ]]], %{{.*}} {in_bounds = [true]} : tensor<512xi16>, vector<256xi16>
// CHECK-NOT: arith.mulf
// CHECK: arith.select %{{.*}} : vector<64xi1>, vector<64xi16>
// CHECK: scf.yield
func.func @i2_k128_f16(%x: tensor<16x128xi2>, %s: tensor<128xf16>) -> tensor<16x128xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<16x128xi2>, tensor<128xf16>) -> tensor<16x128xf16>
  return %y : tensor<16x128xf16>
}

// -----

// CHECK-LABEL: func.func @i2_k128_f16_15_rows
// CHECK-NOT: arith.select {{.*}} vector<64xi16>
// CHECK: return
func.func @i2_k128_f16_15_rows(%x: tensor<15x128xi2>, %s: tensor<128xf16>) -> tensor<15x128xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<15x128xi2>, tensor<128xf16>) -> tensor<15x128xf16>
  return %y : tensor<15x128xf16>
}

// -----

// CHECK-LABEL: func.func @i4_k16_f16
// CHECK-NOT: arith.select {{.*}} vector<64xi16>
// CHECK: return
func.func @i4_k16_f16(%x: tensor<3x16xi4>, %s: tensor<16xf16>) -> tensor<3x16xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<3x16xi4>, tensor<16xf16>) -> tensor<3x16xf16>
  return %y : tensor<3x16xf16>
}

// -----

// CHECK-LABEL: func.func @i2_k16384_f16
// CHECK-NOT: arith.select {{.*}} vector<64xi16>
// CHECK: return
func.func @i2_k16384_f16(%x: tensor<2x16384xi2>, %s: tensor<16384xf16>) -> tensor<2x16384xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<2x16384xi2>, tensor<16384xf16>) -> tensor<2x16384xf16>
  return %y : tensor<2x16384xf16>
}
