// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=4 cpu-features=avx512bw,avx512vbmi,avx2" --split-input-file | FileCheck %s --check-prefix=YMM
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f" --split-input-file | FileCheck %s --check-prefix=F32
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw,avx512vbmi,avx512bf16" --split-input-file | FileCheck %s --check-prefixes=BF16,%if host-cpu-znver{{.*}} %{BF16-ZEN%} %else %{BF16-OTHER%}
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefix=AVX2
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx2,avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=AVX512
// RUN: not qdq-opt %s --convert-qdq-to-vector="cpu-features=avx9" 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: cpu-features: unknown feature 'avx9'

// Per-tensor i8 -> f16: the results of all 256 codes are computed before the
// loop with the usual element builders and split into byte planes; each
// step looks its 64 codes up in both planes and interleaves the bytes.
// CHECK-LABEL: func.func @i8_f16
// CHECK: %[[CODES:.*]] = arith.constant dense<{{.*}}> : vector<256xi32>
// CHECK: %[[Y:.*]] = arith.truncf %{{.*}} : vector<256xf32> to vector<256xf16>
// CHECK: %[[W:.*]] = arith.bitcast %[[Y]] : vector<256xf16> to vector<256xi16>
// CHECK: %[[LO:.*]] = arith.trunci %[[W]] : vector<256xi16> to vector<256xi8>
// CHECK: %[[SH:.*]] = arith.shrui %[[W]], %{{.*}} : vector<256xi16>
// CHECK: %[[HI:.*]] = arith.trunci %[[SH]] : vector<256xi16> to vector<256xi8>
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}} : tensor<1000xi8>, vector<64xi8>
// On 512-bit registers the codes are reordered (runs of 8: a qword
// permute) so that the planes' bytes interleave within 128-bit lanes.
// CHECK: %[[I:.*]] = vector.shuffle %[[X]], %[[X]] [0, 1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39, 8, {{.*}}, 63] : vector<64xi8>, vector<64xi8>
// CHECK-DAG: %[[L:.*]] = qdq.table_lookup %[[LO]][%[[I]]] : vector<256xi8>, vector<64xi8>
// CHECK-DAG: %[[H:.*]] = qdq.table_lookup %[[HI]][%[[I]]] : vector<256xi8>, vector<64xi8>
// CHECK: %[[B:.*]] = vector.shuffle %[[L]], %[[H]] [0, 64, 1, 65, 2, 66, 3, 67, 4, 68, 5, 69, 6, 70, 7, 71, 16, 80, {{.*}}] : vector<64xi8>, vector<64xi8>
// CHECK: %[[R:.*]] = vector.bitcast %[[B]] : vector<128xi8> to vector<64xi16>
// CHECK: vector.transfer_write %[[R]]
// 256 entries need vpermi2b on 512-bit registers.
// YMM-LABEL: func.func @i8_f16
// YMM-NOT: qdq.table_lookup
// NONE-LABEL: func.func @i8_f16
// NONE-NOT: qdq.table_lookup
func.func @i8_f16(%x: tensor<1000xi8>, %s: tensor<f16>, %z: tensor<i8>) -> tensor<1000xf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<1000xi8>, tensor<f16>, tensor<i8>) -> tensor<1000xf16>
  return %y : tensor<1000xf16>
}

// -----

// Packed ui4 -> bf16: 16-entry planes, raw (not sign-extended) codes. On
// 512-bit registers the unpacked codes are reordered (position 16 L + j
// holds element 8 L + j, position 16 L + 8 + j element 32 + 8 L + j) so
// that the planes' bytes interleave within 128-bit lanes; with 256-bit
// registers they stay in element order.
// CHECK-LABEL: func.func @u4_bf16
// CHECK: %[[X:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<32xi8> -> vector<64xi8>
// CHECK: %[[I:.*]] = vector.shuffle %[[X]], %[[X]] [0, 1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39, 8, 9, {{.*}}, 62, 63] : vector<64xi8>, vector<64xi8>
// CHECK: %[[L:.*]] = qdq.table_lookup %{{.*}}[%[[I]]] : vector<16xi8>, vector<64xi8>
// CHECK: %[[H:.*]] = qdq.table_lookup %{{.*}}[%[[I]]] : vector<16xi8>, vector<64xi8>
// CHECK: vector.shuffle %[[L]], %[[H]] [0, 64, 1, 65, 2, 66, 3, 67, 4, 68, 5, 69, 6, 70, 7, 71, 16, 80, {{.*}}] : vector<64xi8>, vector<64xi8>
// YMM-LABEL: func.func @u4_bf16
// YMM: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<16xi8>, vector<32xi8>
// YMM: vector.interleave %{{.*}}, %{{.*}} : vector<32xi8> -> vector<64xi8>
// NONE-LABEL: func.func @u4_bf16
// NONE-NOT: qdq.table_lookup
func.func @u4_bf16(%x: tensor<4x96xui4>, %s: tensor<bf16>) -> tensor<4x96xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4x96xui4>, tensor<bf16>) -> tensor<4x96xbf16>
  return %y : tensor<4x96xbf16>
}

// -----

// Signed i4: the table holds the sign-extended codes' results, the lookup
// reads the raw nibble.
// CHECK-LABEL: func.func @i4_f16
// CHECK: arith.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, -8.000000e+00, -7.000000e+00, -6.000000e+00, -5.000000e+00, -4.000000e+00, -3.000000e+00, -2.000000e+00, -1.000000e+00]> : vector<16xf32>
// CHECK: qdq.table_lookup
func.func @i4_f16(%x: tensor<256xi4>, %s: tensor<f32>) -> tensor<256xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xi4>, tensor<f32>) -> tensor<256xf16>
  return %y : tensor<256xf16>
}

// -----

// fp8 -> f32 per-tensor: no whole-formula table (four byte planes and two
// rounds of interleaving were slower) but the decode table, two planes of
// the bf16 bits of each code, shuffled into the high halves of f32 lanes
// and multiplied by the scale. The words go in the order that makes the
// second shuffle in-lane interleaves with zero (vpunpcklwd/vpunpckhwd):
// f32 lanes 0-3 of the first register take words 0-3, lanes 4-7 words 8-11,
// and the second register words 4-7, 12-15, ... f8E4M3FN's negative codes
// are their positive twins with the sign bit: the planes hold codes 0-127
// (read mod 128) and the code's top bit is ORed into the high byte.
// CHECK-LABEL: func.func @e4m3_f32
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : vector<64xi16>
// CHECK-DAG: %[[SIGN:.*]] = arith.constant dense<-128> : vector<64xi8>
// CHECK: %[[L:.*]] = qdq.table_lookup %{{.*}}[%[[X:.*]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[H0:.*]] = qdq.table_lookup %{{.*}}[%[[X]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[XS:.*]] = arith.andi %[[X]], %[[SIGN]] : vector<64xi8>
// CHECK: %[[H:.*]] = arith.ori %[[H0]], %[[XS]] : vector<64xi8>
// CHECK-NOT: qdq.table_lookup
// CHECK: %[[B:.*]] = vector.shuffle %[[L]], %[[H]] [0, 64, 1, 65, 2, 66, 3, 67, 16, 80, 17, 81, 18, 82, 19, 83, 4, 68, {{.*}}] : vector<64xi8>, vector<64xi8>
// CHECK: %[[W:.*]] = vector.bitcast %[[B]] : vector<128xi8> to vector<64xi16>
// CHECK: %[[S:.*]] = vector.shuffle %[[Z]], %[[W]] [0, 64, 1, 65, 2, 66, 3, 67, 8, 72, 9, 73, 10, 74, 11, 75, 16, 80, {{.*}}] : vector<64xi16>, vector<64xi16>
// CHECK: %[[F:.*]] = vector.bitcast %[[S]] : vector<128xi16> to vector<64xf32>
// CHECK: arith.mulf %[[F]], %{{.*}} : vector<64xf32>
func.func @e4m3_f32(%x: tensor<300xf8E4M3FN>, %s: tensor<f32>) -> tensor<300xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<300xf8E4M3FN>, tensor<f32>) -> tensor<300xf32>
  return %y : tensor<300xf32>
}

// -----

// f32 results of integer x (as fast converted), per-axis scales and 16-bit
// x keep the arithmetic path.
// CHECK-LABEL: func.func @others
// CHECK-NOT: qdq.table_lookup
// CHECK: return
func.func @others(%a: tensor<256xi8>, %b: tensor<4x64xi8>, %c: tensor<256xi16>, %s: tensor<f32>, %t: tensor<64xf16>, %h: tensor<f16>, %d: tensor<256xui4>) -> (tensor<256xf32>, tensor<4x64xf16>, tensor<256xf16>, tensor<256xf32>) {
  %0 = qdq.dequantize_linear %a, %s : (tensor<256xi8>, tensor<f32>) -> tensor<256xf32>
  %3 = qdq.dequantize_linear %d, %s : (tensor<256xui4>, tensor<f32>) -> tensor<256xf32>
  %1 = qdq.dequantize_linear %b, %t {axis = 1 : i64} : (tensor<4x64xi8>, tensor<64xf16>) -> tensor<4x64xf16>
  %2 = qdq.dequantize_linear %c, %h : (tensor<256xi16>, tensor<f16>) -> tensor<256xf16>
  return %0, %1, %2, %3 : tensor<256xf32>, tensor<4x64xf16>, tensor<256xf16>, tensor<256xf32>
}

// -----

// Per-axis and blocked fp8 (no whole-formula table): a table of the bf16
// bits of every code's value (scale 1), two planes; each step looks up,
// shuffles the bytes into the high halves of f32 lanes and multiplies by
// its scales as the arithmetic path does. The table folds to constants
// (the values worked out by hand: f8E5M2 0x01 = 2^-16 is bf16 0x3780, 0x02
// = 2^-15 is 0x3800, 0x03 = 1.5 * 2^-15 is 0x3840; 0x78-0x7B (2^15 and
// up) have the high byte 0x47; 0x7C = inf is 0x7F80; the NaN codes
// 0x7D-0x7F become 0x7FC0, and the negative codes (0xFD-0xFF 0xFFC0, 0x80
// = -0 0x8000) take the sign bit ORed into the high byte of their
// positive twins', so the planes hold codes 0-127).
// CHECK-LABEL: func.func @e5m2_axis_decode
// CHECK-DAG: %[[LO:.*]] = arith.constant dense<"0x00800040{{[0-9A-F]*}}80C0C0C0"> : vector<128xi8>
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<"0x00373838{{[0-9A-F]*}}474747477F7F7F7F"> : vector<128xi8>
// CHECK-DAG: %[[SIGN:.*]] = arith.constant dense<-128> : vector<64xi8>
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}} : tensor<256xi8>, vector<64xi8>
// CHECK: %[[L:.*]] = qdq.table_lookup %[[LO]][%[[X]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[H0:.*]] = qdq.table_lookup %[[HI]][%[[X]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[XS:.*]] = arith.andi %[[X]], %[[SIGN]] : vector<64xi8>
// CHECK: %[[H:.*]] = arith.ori %[[H0]], %[[XS]] : vector<64xi8>
// CHECK: %[[B:.*]] = vector.shuffle %[[L]], %[[H]]
// CHECK: %[[W:.*]] = vector.bitcast %[[B]] : vector<128xi8> to vector<64xi16>
// CHECK: %[[S:.*]] = vector.shuffle %{{.*}}, %[[W]]
// CHECK: %[[F:.*]] = vector.bitcast %[[S]] : vector<128xi16> to vector<64xf32>
// CHECK: arith.mulf %[[F]], %{{.*}} : vector<64xf32>
// fp4 E2M1: 0, 0.5, 1, 1.5, 2, 3, 4, 6 are bf16 0x0000, 0x3F00, 0x3F80,
// 0x3FC0, 0x4000, 0x4040, 0x4080, 0x40C0, and their negatives.
// CHECK-LABEL: func.func @f4_blocked_decode
// CHECK-DAG: %[[LO4:.*]] = arith.constant dense<[0, 0, -128, -64, 0, 64, -128, -64, 0, 0, -128, -64, 0, 64, -128, -64]> : vector<16xi8>
// CHECK-DAG: %[[HI4:.*]] = arith.constant dense<[0, 63, 63, 63, 64, 64, 64, 64, -128, -65, -65, -65, -64, -64, -64, -64]> : vector<16xi8>
// CHECK: qdq.table_lookup %[[LO4]][%{{.*}}] : vector<16xi8>, vector<64xi8>
// CHECK: qdq.table_lookup %[[HI4]][%{{.*}}] : vector<16xi8>, vector<64xi8>
// CHECK: vector.bitcast %{{.*}} : vector<128xi16> to vector<64xf32>
// 256-entry tables need 512-bit registers. fp4 x on 256-bit registers with
// AVX2 (the 512-bit features dropped) takes no byte planes: its codes go
// into i32 lanes sign-extended (the sign in every bit from 3 up), the
// magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6 come from an 8-entry f32 table
// (indexed mod 8: the sign drops out) and the sign bit is XORed in (with
// these positive magnitudes an OR).
// YMM-LABEL: func.func @e5m2_axis_decode
// YMM-NOT: qdq.table_lookup
// YMM-LABEL: func.func @f4_blocked_decode
// YMM-DAG: %[[SIGN:.*]] = arith.constant dense<-2147483648> : vector<32xi32>
// YMM-DAG: %[[MAG:.*]] = arith.constant dense<[0.000000e+00, 5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 6.000000e+00]> : vector<8xf32>
// YMM: scf.for
// YMM: %[[C:.*]] = qdq.unpack_bits %{{.*}}, 4 sign_extend : vector<16xi8> -> vector<32xi32>
// YMM: %[[M:.*]] = qdq.table_lookup %[[MAG]][%[[C]]] : vector<8xf32>, vector<32xi32>
// YMM: %[[S:.*]] = arith.andi %[[C]], %[[SIGN]] : vector<32xi32>
// YMM: %[[MB:.*]] = arith.bitcast %[[M]] : vector<32xf32> to vector<32xi32>
// YMM: %[[V:.*]] = arith.xori %[[MB]], %[[S]] : vector<32xi32>
// YMM: %[[F:.*]] = arith.bitcast %[[V]] : vector<32xi32> to vector<32xf32>
// YMM: arith.mulf %[[F]], %{{.*}} : vector<32xf32>
// YMM-NOT: vector<16xi8>, vector<32xi8>
// NONE-LABEL: func.func @e5m2_axis_decode
// NONE-NOT: qdq.table_lookup
// NONE-LABEL: func.func @f4_blocked_decode
// NONE-NOT: qdq.table_lookup
func.func @e5m2_axis_decode(%x: tensor<4x64xf8E5M2>, %s: tensor<64xf32>) -> tensor<4x64xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64} : (tensor<4x64xf8E5M2>, tensor<64xf32>) -> tensor<4x64xf16>
  return %y : tensor<4x64xf16>
}
func.func @f4_blocked_decode(%x: tensor<2x128xf4E2M1FN>, %s: tensor<2x4xbf16>) -> tensor<2x128xf32> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64, block_size = 32 : i64} : (tensor<2x128xf4E2M1FN>, tensor<2x4xbf16>) -> tensor<2x128xf32>
  return %y : tensor<2x128xf32>
}

// -----

// Per-tensor packed 2-/4-bit x -> f32 with AVX512F: one table of the 16 f32
// results (2-bit codes repeat over it). The packed bytes, the bytes shifted
// right by 4, are concatenated; one shuffle gives every i32 index its
// code's byte (repeated four times) from the copy where the code is in the
// low bits, which vpermps reads.
// F32-LABEL: func.func @u4_f32
// F32: %[[T:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<16xf32>
// F32: scf.for
// F32: %[[B:.*]] = vector.transfer_read %{{.*}} : tensor<64xi8>, vector<32xi8>
// F32: %[[S:.*]] = arith.shrui %[[B]], %{{.*}} : vector<32xi8>
// F32: %[[C:.*]] = vector.shuffle %[[B]], %[[S]] [0, 1, 2,
// F32: %[[R:.*]] = vector.shuffle %[[C]], %[[C]] [0, 0, 0, 0, 32, 32, 32, 32, 1, 1, 1, 1, 33, 33, 33, 33,
// F32: %[[I:.*]] = vector.bitcast %[[R]] : vector<256xi8> to vector<64xi32>
// F32: qdq.table_lookup %[[T]][%[[I]]] : vector<16xf32>, vector<64xi32>
// F32-LABEL: func.func @i2_f32
// F32: vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 16, 16, 16, 16, 32, 32, 32, 32, 48, 48, 48, 48, 1, 1, 1, 1,
// F32: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<16xf32>, vector<64xi32>
func.func @u4_f32(%x: tensor<128xui4>, %s: tensor<f32>, %z: tensor<ui4>) -> tensor<128xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<128xui4>, tensor<f32>, tensor<ui4>) -> tensor<128xf32>
  return %y : tensor<128xf32>
}
func.func @i2_f32(%x: tensor<256xi2>, %s: tensor<f32>) -> tensor<256xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xi2>, tensor<f32>) -> tensor<256xf32>
  return %y : tensor<256xf32>
}

// -----

// AVX2 without AVX512F (TL-R1): 2-bit x -> f32 looks up a table of its 4
// f32 results (vpermilps), its indices made by qdq.unpack_bits; 4-bit x
// stays in arithmetic (two vpermps and a blend per register ran slower).
// Per-axis rows take a 4-entry table each from one step on (rows of 12
// share steps in arithmetic).
// AVX2-LABEL: func.func @i2_f32_avx2
// AVX2: %[[T:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<4xf32>
// AVX2: scf.for
// AVX2: %[[B:.*]] = vector.transfer_read %{{.*}} : tensor<64xi8>, vector<16xi8>
// AVX2: %[[I:.*]] = qdq.unpack_bits %[[B]], 2 : vector<16xi8> -> vector<64xi32>
// AVX2: qdq.table_lookup %[[T]][%[[I]]] : vector<4xf32>, vector<64xi32>
// AVX2-LABEL: func.func @u4_f32_avx2
// AVX2-NOT: qdq.table_lookup
// AVX2: qdq.unpack_bits
// AVX2-NOT: qdq.table_lookup
// AVX2-LABEL: func.func @u2_rows_f32
// AVX2: scf.for
// AVX2: arith.mulf %{{.*}}, %{{.*}} : vector<4xf32>
// AVX2: scf.for
// AVX2: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<4xf32>, vector<64xi32>
// AVX2-LABEL: func.func @u2_rows_short
// AVX2-NOT: qdq.table_lookup
// AVX2: return
// F32-LABEL: func.func @i2_f32_avx2
// F32: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<16xf32>, vector<64xi32>
func.func @i2_f32_avx2(%x: tensor<256xi2>, %s: tensor<f32>) -> tensor<256xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xi2>, tensor<f32>) -> tensor<256xf32>
  return %y : tensor<256xf32>
}
func.func @u4_f32_avx2(%x: tensor<128xui4>, %s: tensor<f32>, %z: tensor<ui4>) -> tensor<128xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<128xui4>, tensor<f32>, tensor<ui4>) -> tensor<128xf32>
  return %y : tensor<128xf32>
}
func.func @u2_rows_f32(%x: tensor<5x64xui2>, %s: tensor<5xf32>, %z: tensor<5xui2>) -> tensor<5x64xf32> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 0 : i64} : (tensor<5x64xui2>, tensor<5xf32>, tensor<5xui2>) -> tensor<5x64xf32>
  return %y : tensor<5x64xf32>
}
func.func @u2_rows_short(%x: tensor<5x12xui2>, %s: tensor<5xf32>, %z: tensor<5xui2>) -> tensor<5x12xf32> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 0 : i64} : (tensor<5x12xui2>, tensor<5xf32>, tensor<5xui2>) -> tensor<5x12xf32>
  return %y : tensor<5x12xf32>
}

// -----

// Per-axis rows long enough for a table each (N >= 4 * 256 for i8 x): the
// rows scheme, whatever the period (here 8 * 1024, short enough for the
// axis tables otherwise). Each row extracts its scale and zero point,
// builds the table of its 256 codes inside the row loop and looks its
// steps' codes up; 1030 is not whole steps, so the last step is masked.
// CHECK-LABEL: func.func @i8_rows_f16
// CHECK: scf.for %[[R:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:   %[[K:.*]] = arith.remui %[[R]], %{{.*}} : index
// CHECK:   tensor.extract %{{.*}}[%[[K]]] : tensor<8xf16>
// CHECK:   tensor.extract %{{.*}}[%[[K]]] : tensor<8xi8>
// CHECK:   arith.truncf %{{.*}} : vector<256xf32> to vector<256xf16>
// CHECK:   scf.for %[[J:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:     %[[X:.*]] = vector.transfer_read %{{.*}}[%[[R]], %[[J]]], %{{.*}} {in_bounds = [true]} : tensor<8x1030xi8>, vector<64xi8>
// CHECK:     %[[I:.*]] = vector.shuffle %[[X]], %[[X]] [0, 1, 2, 3, 4, 5, 6, 7, 32, {{.*}}] : vector<64xi8>, vector<64xi8>
// CHECK-COUNT-2: qdq.table_lookup %{{.*}}[%[[I]]] : vector<256xi8>, vector<64xi8>
// CHECK:   vector.transfer_read %{{.*}}[%[[R]], %{{.*}}], %{{.*}} : tensor<8x1030xi8>, vector<64xi8>
// CHECK-COUNT-2: qdq.table_lookup
// Rows of 1020 < 1024 keep the arithmetic path.
// CHECK-LABEL: func.func @i8_rows_short
// CHECK-NOT: qdq.table_lookup
// CHECK: return
// YMM-LABEL: func.func @i8_rows_f16
// YMM-NOT: qdq.table_lookup
// YMM-LABEL: func.func @i8_rows_short
// NONE-LABEL: func.func @i8_rows_f16
// NONE-NOT: qdq.table_lookup
func.func @i8_rows_f16(%x: tensor<8x1030xi8>, %s: tensor<8xf16>, %z: tensor<8xi8>) -> tensor<8x1030xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 0 : i64} : (tensor<8x1030xi8>, tensor<8xf16>, tensor<8xi8>) -> tensor<8x1030xf16>
  return %y : tensor<8x1030xf16>
}
func.func @i8_rows_short(%x: tensor<20x1020xi8>, %s: tensor<20xf16>) -> tensor<20x1020xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<20x1020xi8>, tensor<20xf16>) -> tensor<20x1020xf16>
  return %y : tensor<20x1020xf16>
}

// -----

// Packed rows: 16 entries, so rows of 64 take tables (i4 -> bf16 with byte
// planes; ui4 -> f32 with the 16 f32 results and vpermps). 3-D x with the
// axis in the middle: rows of N = 2 * 40.
// CHECK-LABEL: func.func @i4_rows_bf16
// CHECK: scf.for
// CHECK: arith.trunci %{{.*}} : vector<16xi16> to vector<16xi8>
// CHECK: scf.for
// CHECK-COUNT-2: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<16xi8>, vector<64xi8>
// YMM-LABEL: func.func @i4_rows_bf16
// YMM-COUNT-2: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<16xi8>, vector<32xi8>
// F32-LABEL: func.func @u4_rows_f32
// F32: scf.for
// F32: arith.mulf %{{.*}}, %{{.*}} : vector<16xf32>
// F32: scf.for
// F32: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<16xf32>, vector<64xi32>
func.func @i4_rows_bf16(%x: tensor<6x64xi4>, %s: tensor<6xbf16>, %z: tensor<6xi4>) -> tensor<6x64xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 0 : i64} : (tensor<6x64xi4>, tensor<6xbf16>, tensor<6xi4>) -> tensor<6x64xbf16>
  return %y : tensor<6x64xbf16>
}
func.func @u4_rows_f32(%x: tensor<2x3x2x40xui4>, %s: tensor<3xf32>, %z: tensor<3xui4>) -> tensor<2x3x2x40xf32> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<2x3x2x40xui4>, tensor<3xf32>, tensor<3xui4>) -> tensor<2x3x2x40xf32>
  return %y : tensor<2x3x2x40xf32>
}

// -----

// A dynamic row length: tested at run time, the rows with tables when it is
// at least 1024, the arithmetic rows otherwise.
// CHECK-LABEL: func.func @i8_rows_dynamic
// CHECK-DAG: %[[MIN:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[N:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x?xi8>
// CHECK: %[[LONG:.*]] = arith.cmpi uge, %[[N]], %[[MIN]] : index
// CHECK: scf.if %[[LONG]]
// CHECK: qdq.table_lookup
// CHECK: } else {
// CHECK-NOT: qdq.table_lookup
// CHECK: arith.sitofp
// CHECK-NOT: qdq.table_lookup
// CHECK: return
func.func @i8_rows_dynamic(%x: tensor<?x?xi8>, %s: tensor<?xf16>, %z: tensor<?xi8>) -> tensor<?x?xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 0 : i64} : (tensor<?x?xi8>, tensor<?xf16>, tensor<?xi8>) -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}

// -----

// Row lengths measured per form (kRowTableElementsPerEntry*): bf16 results
// of 8-bit integer and fp8 x round as fast with AVX512_BF16
// (vcvtne2ps2bf16), so their rows take tables from 2048 on only (fp8's
// steps without row tables still look up the decode table, but build no
// row table: no mulf of 256 lanes), and integer x's only on AMD Zen hosts
// (getHostRowTablesForHardwareBF16: BF16-ZEN, BF16-OTHER); fp8 x with f16
// results decodes with a table first, so its rows take their own from 512
// on. Row tables
// compute the row's scale times every code inside the row loop (fp8's
// decode table, scale 1, folds to constants before it).
// CHECK-LABEL: func.func @i8_rows_bf16
// CHECK: scf.for
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<256xf32>
// CHECK: scf.for
// CHECK: qdq.table_lookup
// CHECK-LABEL: func.func @e4m3_rows_f16
// CHECK: scf.for
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<256xf32>
// CHECK: scf.for
// CHECK: qdq.table_lookup
// BF16-LABEL: func.func @i8_rows_bf16
// BF16-NOT: qdq.table_lookup
// BF16-LABEL: func.func @i8_rows_bf16_long
// BF16-ZEN: arith.mulf %{{.*}}, %{{.*}} : vector<256xf32>
// BF16-ZEN: qdq.table_lookup
// BF16-OTHER-NOT: qdq.table_lookup
// BF16-OTHER: arith.truncf %{{.*}} : vector<{{[0-9]+}}xf32> to vector<{{[0-9]+}}xbf16>
// BF16-OTHER-NOT: qdq.table_lookup
// BF16-LABEL: func.func @e4m3_rows_f16
// BF16: arith.mulf %{{.*}}, %{{.*}} : vector<256xf32>
// BF16: qdq.table_lookup
// CHECK-LABEL: func.func @e4m3_rows_bf16
// CHECK: scf.for
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<256xf32>
// CHECK: scf.for
// CHECK: qdq.table_lookup
// BF16-LABEL: func.func @e4m3_rows_bf16
// BF16-NOT: vector<256xf32>
// BF16-LABEL: func.func @e4m3_rows_bf16_long
// BF16: scf.for
// BF16: arith.mulf %{{.*}}, %{{.*}} : vector<256xf32>
// BF16: scf.for
// BF16: qdq.table_lookup
func.func @i8_rows_bf16(%x: tensor<3x1500xi8>, %s: tensor<3xbf16>, %z: tensor<3xi8>) -> tensor<3x1500xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 0 : i64} : (tensor<3x1500xi8>, tensor<3xbf16>, tensor<3xi8>) -> tensor<3x1500xbf16>
  return %y : tensor<3x1500xbf16>
}
func.func @i8_rows_bf16_long(%x: tensor<3x2048xi8>, %s: tensor<3xbf16>) -> tensor<3x2048xbf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<3x2048xi8>, tensor<3xbf16>) -> tensor<3x2048xbf16>
  return %y : tensor<3x2048xbf16>
}
func.func @e4m3_rows_f16(%x: tensor<4x600xf8E4M3FN>, %s: tensor<4xf16>) -> tensor<4x600xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<4x600xf8E4M3FN>, tensor<4xf16>) -> tensor<4x600xf16>
  return %y : tensor<4x600xf16>
}
func.func @e4m3_rows_bf16(%x: tensor<3x1500xf8E4M3FN>, %s: tensor<3xbf16>) -> tensor<3x1500xbf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<3x1500xf8E4M3FN>, tensor<3xbf16>) -> tensor<3x1500xbf16>
  return %y : tensor<3x1500xbf16>
}
func.func @e4m3_rows_bf16_long(%x: tensor<3x2048xf8E4M3FN>, %s: tensor<3xbf16>) -> tensor<3x2048xbf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<3x2048xf8E4M3FN>, tensor<3xbf16>) -> tensor<3x2048xbf16>
  return %y : tensor<3x2048xbf16>
}

// -----

// fp4 x in i32 lanes (AVX2) with one scale per step, per-tensor or per-axis
// rows of one scale: the loops are built twice. Where a scale is not
// finite (an infinite or NaN entry would take the lane's sign by the XOR),
// the magnitudes are decoded and multiplied; else the 8-entry table holds
// the magnitudes times the scale, built outside the loop over the scale's
// steps, and the steps multiply nothing. Per-axis
// along the innermost axis (a scale per lane) keeps the multiply.
// AVX2-LABEL: func.func @f4_tensor_f32
// AVX2-DAG: %[[MAG:.*]] = arith.constant dense<[0.000000e+00, 5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 6.000000e+00]> : vector<8xf32>
// AVX2-DAG: %[[INF:.*]] = arith.constant dense<0x7F800000> : vector<{{[0-9]+}}xf32>
// AVX2: %[[NF:.*]] = arith.cmpf uge, %{{.*}}, %[[INF]] : vector<{{[0-9]+}}xf32>
// AVX2: %[[ANY:.*]] = vector.reduction <or>, %[[NF]]
// AVX2: scf.if %[[ANY]]
// AVX2: scf.for
// AVX2: qdq.table_lookup %[[MAG]][%{{.*}}] : vector<8xf32>, vector<{{[0-9]+}}xi32>
// AVX2: arith.xori
// AVX2: arith.mulf %{{.*}}, %{{.*}} : vector<{{[0-9]+}}xf32>
// AVX2: } else {
// AVX2: %[[SB:.*]] = vector.broadcast %{{.*}} : f32 to vector<8xf32>
// AVX2: %[[T:.*]] = arith.mulf %[[SB]], %[[MAG]] : vector<8xf32>
// AVX2: scf.for
// AVX2: %[[E:.*]] = qdq.table_lookup %[[T]][%{{.*}}] : vector<8xf32>, vector<{{[0-9]+}}xi32>
// AVX2: %[[EB:.*]] = arith.bitcast %[[E]] : vector<{{[0-9]+}}xf32> to vector<{{[0-9]+}}xi32>
// AVX2: %[[Y:.*]] = arith.xori %[[EB]], %{{.*}} : vector<{{[0-9]+}}xi32>
// AVX2: %[[YF:.*]] = arith.bitcast %[[Y]] : vector<{{[0-9]+}}xi32> to vector<{{[0-9]+}}xf32>
// AVX2-NEXT: vector.transfer_write %[[YF]]
// AVX2-LABEL: func.func @f4_rows_f32
// AVX2: scf.if
// AVX2: } else {
// AVX2: scf.for
// AVX2: %[[T:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<8xf32>
// AVX2: scf.for
// AVX2: qdq.table_lookup %[[T]][%{{.*}}] : vector<8xf32>, vector<{{[0-9]+}}xi32>
// AVX2-NOT: arith.mulf
// AVX2: vector.transfer_write
// AVX2-LABEL: func.func @f4_axis_inner_f32
// AVX2-NOT: scf.if
// AVX2: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<8xf32>, vector<{{[0-9]+}}xi32>
// AVX2: arith.xori
// AVX2: arith.mulf %{{.*}}, %{{.*}} : vector<{{[0-9]+}}xf32>
func.func @f4_tensor_f32(%x: tensor<4096xf4E2M1FN>, %s: tensor<f32>) -> tensor<4096xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xf4E2M1FN>, tensor<f32>) -> tensor<4096xf32>
  return %y : tensor<4096xf32>
}
func.func @f4_rows_f32(%x: tensor<16x4096xf4E2M1FN>, %s: tensor<16xf32>) -> tensor<16x4096xf32> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<16x4096xf4E2M1FN>, tensor<16xf32>) -> tensor<16x4096xf32>
  return %y : tensor<16x4096xf32>
}
func.func @f4_axis_inner_f32(%x: tensor<64x64xf4E2M1FN>, %s: tensor<64xf32>) -> tensor<64x64xf32> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64} : (tensor<64x64xf4E2M1FN>, tensor<64xf32>) -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

// -----

// fp4 x on 512-bit registers with AVX-512 (where no per-tensor, row or
// block table applies): the codes zero-extended into i32 lanes and their
// signed values 0, 0.5, 1, 1.5, 2, 3, 4, 6, -0, ..., -6 looked up in one
// 16-entry f32 table (vpermps reads the index mod 16), with no sign to
// XOR in. Per-axis along the innermost axis multiplies by the lanes'
// scales. With one scale per step (here rows of a dynamic length, which
// take no table of their own) the table holds every value times the
// scale, built once per row, outside the steps, and the steps multiply
// nothing: exact for any scale (each entry is the product a step would
// compute), so unlike the 8-entry AVX2 form, with no check of the scales.
// AVX512-LABEL: func.func @f4_axis_inner_avx512
// AVX512-DAG: %[[VAL:.*]] = arith.constant dense<[0.000000e+00, 5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 6.000000e+00, -0.000000e+00, -5.000000e-01, -1.000000e+00, -1.500000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00, -6.000000e+00]> : vector<16xf32>
// AVX512: scf.for
// AVX512: %[[C:.*]] = qdq.unpack_bits %{{.*}}, 4 : vector<32xi8> -> vector<64xi32>
// AVX512-NEXT: %[[V:.*]] = qdq.table_lookup %[[VAL]][%[[C]]] : vector<16xf32>, vector<64xi32>
// AVX512-NEXT: arith.mulf %[[V]], %{{.*}} : vector<64xf32>
// AVX512-NOT: arith.xori
// Rows of at least 64 elements take a table each (row tables, whose
// entries come from the same fold); shorter ones the steps.
// AVX512-LABEL: func.func @f4_rows_avx512
// AVX512-DAG: %[[VAL:.*]] = arith.constant dense<[0.000000e+00, 5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 6.000000e+00, -0.000000e+00, -5.000000e-01, -1.000000e+00, -1.500000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00, -6.000000e+00]> : vector<16xf32>
// AVX512-NOT: arith.cmpf
// AVX512: arith.mulf %{{.*}}, %[[VAL]] : vector<16xf32>
// AVX512: %[[SB:.*]] = vector.broadcast %{{.*}} : f32 to vector<16xf32>
// AVX512-NEXT: %[[T:.*]] = arith.mulf %[[SB]], %[[VAL]] : vector<16xf32>
// AVX512: scf.for
// AVX512-NOT: arith.mulf
// AVX512: %[[C:.*]] = qdq.unpack_bits %{{.*}}, 4 : vector<32xi8> -> vector<64xi32>
// AVX512-NEXT: %[[Y:.*]] = qdq.table_lookup %[[T]][%[[C]]] : vector<16xf32>, vector<64xi32>
// AVX512-NEXT: vector.transfer_write %[[Y]]
func.func @f4_axis_inner_avx512(%x: tensor<64x64xf4E2M1FN>, %s: tensor<64xf32>) -> tensor<64x64xf32> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64} : (tensor<64x64xf4E2M1FN>, tensor<64xf32>) -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}
func.func @f4_rows_avx512(%x: tensor<4x?xf4E2M1FN>, %s: tensor<4xf32>) -> tensor<4x?xf32> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<4x?xf4E2M1FN>, tensor<4xf32>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}
