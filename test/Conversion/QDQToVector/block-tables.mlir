// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver4 --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" --split-input-file | FileCheck %s --check-prefix=BF16
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw" --split-input-file | FileCheck %s --check-prefix=NOVBMI
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx512f,avx512bw,avx512vbmi,avx2" --split-input-file | FileCheck %s --check-prefix=YMM
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=UNROLL4
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=16 cpu-features=avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=UNROLL16
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=INTEL

// Block tables: blocked packed 2/4-bit x along the innermost axis, blocks
// of at least 32 and a multiple of 16. Each step computes the results of
// the codes of each of its blocks with the arithmetic path (16, or the 4 of
// 2-bit x with f16/bf16 results), then looks its codes up in them.

// i4 -> f16, blocks of 32: a step of 64 lanes covers two blocks. Their
// scales and zero points (lanes 0 and 32) go to 16 entries each; the 32
// f16 results are split into two 64-entry byte planes (each block's 16
// entries repeated). The codes are reordered so that the planes' bytes
// interleave within 128-bit lanes, and each index is its code plus 16 *
// its block in the step.
// CHECK-LABEL: func.func @i4_b32_f16
// CHECK-DAG: %[[SLOTS:.*]] = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0, 16, 16, 16, 16, 16, 16, 16, 16, 0, {{.*}}]> : vector<64xi8>
// CHECK-DAG: %[[CODES:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, {{.*}}, -1]> : vector<32xi32>
// CHECK: scf.for
// CHECK: %[[S:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32] : vector<64xf32>, vector<64xf32>
// CHECK: %[[Z:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32] : vector<64xi32>, vector<64xi32>
// CHECK: %[[D:.*]] = arith.subi %[[CODES]], %[[Z]] : vector<32xi32>
// CHECK: %[[F:.*]] = arith.sitofp %[[D]] : vector<32xi32> to vector<32xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[F]], %[[S]] : vector<32xf32>
// CHECK: %[[H:.*]] = arith.truncf %[[P]] : vector<32xf32> to vector<32xf16>
// CHECK: %[[B:.*]] = vector.bitcast %[[H]] : vector<32xf16> to vector<64xi8>
// CHECK: %[[LO:.*]] = vector.shuffle %[[B]], %[[B]] [0, 2, 4, {{.*}}, 60, 62, 0, 2, {{.*}}, 60, 62] : vector<64xi8>, vector<64xi8>
// CHECK: %[[HI:.*]] = vector.shuffle %[[B]], %[[B]] [1, 3, 5, {{.*}}, 61, 63, 1, 3, {{.*}}, 61, 63] : vector<64xi8>, vector<64xi8>
// CHECK: %[[X:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<32xi8> -> vector<64xi8>
// CHECK: %[[ORDER:.*]] = vector.shuffle %[[X]], %[[X]] [0, 1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39, 8, 9, {{.*}}, 62, 63] : vector<64xi8>, vector<64xi8>
// CHECK: %[[I:.*]] = arith.ori %[[ORDER]], %[[SLOTS]] : vector<64xi8>
// CHECK-DAG: %[[L:.*]] = qdq.table_lookup %[[LO]][%[[I]]] : vector<64xi8>, vector<64xi8>
// CHECK-DAG: %[[U:.*]] = qdq.table_lookup %[[HI]][%[[I]]] : vector<64xi8>, vector<64xi8>
// CHECK: %[[W:.*]] = vector.shuffle %[[L]], %[[U]] [0, 64, 1, 65, 2, 66, 3, 67, 4, 68, 5, 69, 6, 70, 7, 71, 16, 80, {{.*}}] : vector<64xi8>, vector<64xi8>
// CHECK: %[[R:.*]] = vector.bitcast %[[W]] : vector<128xi8> to vector<64xi16>
// CHECK: vector.transfer_write %[[R]]
// Without AVX2 or VBMI (no byte lookup in registers of a block's 32
// lanes), the arithmetic path.
// NOVBMI-LABEL: func.func @i4_b32_f16
// NOVBMI-NOT: qdq.table_lookup
// NOVBMI: return
// With 256-bit vectors (no 64-entry byte lookup, AVX2's vpshufb), each
// block of the step has 16-entry byte planes of its own (the low and high
// bytes of its entries 0-15 or 16-31), looked up by the raw codes of its
// 32 lanes. The 4-bit codes are unpacked in the in-lane order: the packed
// bytes' dwords 0, 2, 4, 6 to the low 128-bit lane, 1, 3, 5, 7 to the high
// one, then the nibbles interleaved within lanes, so that elements 0-7 and
// 16-23 are looked up in the low lane and 8-15 and 24-31 in the high one;
// the looked-up bytes then interleave within lanes into the results in
// element order.
// YMM-LABEL: func.func @i4_b32_f16
// YMM: scf.for
// YMM: %[[H:.*]] = arith.truncf %{{.*}} : vector<32xf32> to vector<32xf16>
// YMM: %[[B:.*]] = vector.bitcast %[[H]] : vector<32xf16> to vector<64xi8>
// YMM: %[[P:.*]] = vector.transfer_read %{{.*}} : tensor<128xi8>, vector<32xi8>
// YMM: %[[D:.*]] = vector.shuffle %[[P]], %[[P]] [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31] : vector<32xi8>, vector<32xi8>
// YMM: %[[LOW:.*]] = arith.andi %[[D]], %{{.*}} : vector<32xi8>
// YMM: %[[HIGH:.*]] = arith.shrui %[[D]], %{{.*}} : vector<32xi8>
// YMM: %[[X:.*]] = vector.shuffle %[[LOW]], %[[HIGH]] [0, 32, 1, 33, 2, 34, 3, 35, 4, 36, 5, 37, 6, 38, 7, 39, 16, 48, 17, 49, {{.*}}, 23, 55, 8, 40, 9, 41, {{.*}}, 15, 47, 24, 56, {{.*}}, 31, 63] : vector<32xi8>, vector<32xi8>
// YMM: %[[LO0:.*]] = vector.shuffle %[[B]], %[[B]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<64xi8>, vector<64xi8>
// YMM: %[[HI0:.*]] = vector.shuffle %[[B]], %[[B]] [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31] : vector<64xi8>, vector<64xi8>
// YMM: %[[C0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [32], strides = [1]} : vector<64xi8> to vector<32xi8>
// YMM: %[[L0:.*]] = qdq.table_lookup %[[LO0]][%[[C0]]] : vector<16xi8>, vector<32xi8>
// YMM: %[[U0:.*]] = qdq.table_lookup %[[HI0]][%[[C0]]] : vector<16xi8>, vector<32xi8>
// YMM: vector.shuffle %[[L0]], %[[U0]] [0, 32, 1, 33, 2, 34, 3, 35, 4, 36, 5, 37, 6, 38, 7, 39, 16, 48, {{.*}}, 23, 55, 8, 40, {{.*}}, 15, 47, 24, 56, {{.*}}, 31, 63] : vector<32xi8>, vector<32xi8>
// YMM: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [0], strides = [1]} : vector<32xi16> into vector<64xi16>
// YMM: %[[LO1:.*]] = vector.shuffle %[[B]], %[[B]] [32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62] : vector<64xi8>, vector<64xi8>
// YMM: %[[HI1:.*]] = vector.shuffle %[[B]], %[[B]] [33, 35, {{.*}}, 61, 63] : vector<64xi8>, vector<64xi8>
// YMM: %[[C1:.*]] = vector.extract_strided_slice %[[X]] {offsets = [32], sizes = [32], strides = [1]} : vector<64xi8> to vector<32xi8>
// YMM: qdq.table_lookup %[[LO1]][%[[C1]]] : vector<16xi8>, vector<32xi8>
// YMM: qdq.table_lookup %[[HI1]][%[[C1]]] : vector<16xi8>, vector<32xi8>
// YMM: %[[R:.*]] = vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [32], strides = [1]} : vector<32xi16> into vector<64xi16>
// YMM: vector.transfer_write %[[R]]
func.func @i4_b32_f16(%x: tensor<2x128xi4>, %s: tensor<2x4xf16>, %z: tensor<2x4xi4>) -> tensor<2x128xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 32 : (tensor<2x128xi4>, tensor<2x4xf16>, tensor<2x4xi4>) -> tensor<2x128xf16>
  return %y : tensor<2x128xf16>
}

// -----

// i4 -> f32, blocks of 32: one 16-entry f32 table per block, each 16 lanes
// of the step looked up in their block's (entries 0-15 for lanes 0-31,
// 16-31 for lanes 32-63). vpermps needs AVX512F only.
// CHECK-LABEL: func.func @i4_b32_f32
// CHECK: scf.for
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK: %[[T0:.*]] = vector.extract_strided_slice %[[P]] {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK: %[[I0:.*]] = vector.extract_strided_slice %[[IDX:.*]] {offsets = [0], sizes = [16], strides = [1]} : vector<64xi32> to vector<16xi32>
// CHECK: qdq.table_lookup %[[T0]][%[[I0]]] : vector<16xf32>, vector<16xi32>
// CHECK: %[[T1:.*]] = vector.extract_strided_slice %[[P]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: %[[I1:.*]] = vector.extract_strided_slice %[[IDX]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: qdq.table_lookup %[[T1]][%[[I1]]]
// CHECK: %[[T2:.*]] = vector.extract_strided_slice %[[P]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[I2:.*]] = vector.extract_strided_slice %[[IDX]] {offsets = [32], sizes = [16], strides = [1]}
// CHECK: qdq.table_lookup %[[T2]][%[[I2]]]
// CHECK: %[[T3:.*]] = vector.extract_strided_slice %[[P]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[I3:.*]] = vector.extract_strided_slice %[[IDX]] {offsets = [48], sizes = [16], strides = [1]}
// CHECK: qdq.table_lookup %[[T3]][%[[I3]]]
// NOVBMI-LABEL: func.func @i4_b32_f32
// NOVBMI-COUNT-4: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<16xf32>, vector<16xi32>
// YMM-LABEL: func.func @i4_b32_f32
// YMM-NOT: qdq.table_lookup
// YMM: return
func.func @i4_b32_f32(%x: tensor<2x128xi4>, %s: tensor<2x4xf32>, %z: tensor<2x4xi4>) -> tensor<2x128xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 32 : (tensor<2x128xi4>, tensor<2x4xf32>, tensor<2x4xi4>) -> tensor<2x128xf32>
  return %y : tensor<2x128xf32>
}

// -----

// ui4 -> bf16, blocks of 64: one block per step, its 16 entries repeated
// four times, the raw codes as indices (no block offsets). With
// AVX512_BF16 the entries round with vcvtneps2bf16 where the scales allow.
// CHECK-LABEL: func.func @u4_b64_bf16
// CHECK: scf.for
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<64xf32>, vector<64xf32>
// CHECK: vector.bitcast %{{.*}} : vector<16xbf16> to vector<32xi8>
// CHECK: %[[LO:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 0, 2, {{.*}}] : vector<32xi8>, vector<32xi8>
// CHECK-NOT: arith.ori
// CHECK: qdq.table_lookup %[[LO]][%{{.*}}] : vector<64xi8>, vector<64xi8>
// BF16-LABEL: func.func @u4_b64_bf16
// BF16: scf.for
// BF16: scf.if
// BF16: arith.truncf %{{.*}} : vector<16xf32> to vector<16xbf16>
// BF16: qdq.table_lookup
func.func @u4_b64_bf16(%x: tensor<3x128xui4>, %s: tensor<3x2xbf16>, %z: tensor<3x2xui4>) -> tensor<3x128xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 64 : (tensor<3x128xui4>, tensor<3x2xbf16>, tensor<3x2xui4>) -> tensor<3x128xbf16>
  return %y : tensor<3x128xbf16>
}

// -----

// fp4 with f8E8M0FNU scales (MX), blocks of 32: the entries are the
// decoded codes times the scale, no zero point.
// CHECK-LABEL: func.func @mxfp4
// CHECK: scf.for
// CHECK-NOT: arith.subi
// CHECK: vector.bitcast %{{.*}} : vector<32xbf16> to vector<64xi8>
// CHECK: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<64xi8>, vector<64xi8>
func.func @mxfp4(%x: tensor<4x64xf4E2M1FN>, %s: tensor<4x2xf8E8M0FNU>) -> tensor<4x64xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<4x64xf4E2M1FN>, tensor<4x2xf8E8M0FNU>) -> tensor<4x64xbf16>
  return %y : tensor<4x64xbf16>
}

// -----

// i2 -> f16, blocks of 32, a row long enough for segment tables: a step of
// 8 registers (128 lanes, the default for 2-bit x in tables) covers four
// blocks, and each block's table holds its 4 codes only (16 entries, one
// register of arithmetic). The step reads its four scales and zero points
// from the segment tables as one vector each. The 16 f16 results are one
// table of 32 words (the rest poison); the codes, unpacked into i16 lanes,
// look it up, each index its code plus 4 * its block in the step (lanes
// 32-63 in block 1). With 4 registers (64 lanes, two blocks), 8 entries.
// With 16 (256 lanes), eight blocks of 4 codes, 32 entries (this x is too
// short for segment tables at that width). Without VBMI the words take
// byte planes: two 64-entry vpermb lookups and an interleave.
// CHECK-LABEL: func.func @i2_b32_f16_segments
// CHECK-DAG: %[[CODES:.*]] = arith.constant dense<[0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2, -1]> : vector<16xi32>
// CHECK-DAG: %[[SLOTS:.*]] = arith.constant dense<"0x0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004000400040004000400040004000400040004000400040004000400040004000400040004000400040004000400040004000400040004000400040004000400080008000800080008000800080008000800080008000800080008000800080008000800080008000800080008000800080008000800080008000800080008000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C000C00"> : vector<128xi16>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[S4:.*]] = vector.transfer_read %{{.*}} : tensor<128xf32>, vector<4xf32>
// CHECK: %[[S:.*]] = vector.shuffle %[[S4]], %[[S4]] [0, 0,
// CHECK: %[[Z4:.*]] = vector.transfer_read %{{.*}} : tensor<128xi32>, vector<4xi32>
// CHECK: %[[Z:.*]] = vector.shuffle %[[Z4]], %[[Z4]] [0, 0,
// CHECK: %[[ES:.*]] = vector.shuffle %[[S]], %[[S]] [0, 0, 0, 0, 32, 32, 32, 32, 64, 64, 64, 64, 96, 96, 96, 96] : vector<128xf32>, vector<128xf32>
// CHECK: %[[EZ:.*]] = vector.shuffle %[[Z]], %[[Z]] [0, 0, 0, 0, 32, 32, 32, 32, 64, 64, 64, 64, 96, 96, 96, 96] : vector<128xi32>, vector<128xi32>
// CHECK: %[[D:.*]] = arith.subi %[[CODES]], %[[EZ]] : vector<16xi32>
// CHECK: %[[F:.*]] = arith.sitofp %[[D]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[F]], %[[ES]] : vector<16xf32>
// CHECK: %[[H:.*]] = arith.truncf %[[P]] : vector<16xf32> to vector<16xf16>
// CHECK: %[[C:.*]] = qdq.unpack_bits %{{.*}}, 2 : vector<32xi8> -> vector<128xi16>
// CHECK: %[[HW:.*]] = vector.bitcast %[[H]] : vector<16xf16> to vector<16xi16>
// CHECK: %[[T:.*]] = vector.shuffle %[[HW]], %[[HW]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, -1, {{.*}}, -1] : vector<16xi16>, vector<16xi16>
// CHECK: %[[I:.*]] = arith.ori %[[C]], %[[SLOTS]] : vector<128xi16>
// CHECK: qdq.table_lookup %[[T]][%[[I]]] : vector<32xi16>, vector<128xi16>
// NOVBMI-LABEL: func.func @i2_b32_f16_segments
// NOVBMI-NOT: qdq.unpack_bits
// NOVBMI: return
// UNROLL4-LABEL: func.func @i2_b32_f16_segments
// UNROLL4: scf.for
// UNROLL4: vector.transfer_read %{{.*}} : tensor<128xf32>, vector<2xf32>
// UNROLL4: arith.mulf %{{.*}}, %{{.*}} : vector<8xf32>
// UNROLL4: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<32xi16>, vector<64xi16>
// UNROLL16-LABEL: func.func @i2_b32_f16_segments
// UNROLL16: scf.for
// UNROLL16: arith.mulf %{{.*}}, %{{.*}} : vector<32xf32>
// UNROLL16: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<32xi16>, vector<256xi16>
// On 256-bit vectors (64 lanes, two blocks per step), each block's planes
// hold its 4 entries repeated four times, and the codes, unpacked in
// element order, are looked up 32 at a time and interleaved.
// YMM-LABEL: func.func @i2_b32_f16_segments
// YMM: scf.for
// YMM: scf.for
// YMM: %[[X:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<32xi8> -> vector<64xi8>
// YMM: %[[LO0:.*]] = vector.shuffle %[[B:.*]], %[[B]] [0, 2, 4, 6, 0, 2, 4, 6, 0, 2, 4, 6, 0, 2, 4, 6] : vector<16xi8>, vector<16xi8>
// YMM: %[[HI0:.*]] = vector.shuffle %[[B]], %[[B]] [1, 3, 5, 7, 1, 3, 5, 7, 1, 3, 5, 7, 1, 3, 5, 7] : vector<16xi8>, vector<16xi8>
// YMM: %[[C0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [32], strides = [1]} : vector<64xi8> to vector<32xi8>
// YMM: %[[L0:.*]] = qdq.table_lookup %[[LO0]][%[[C0]]] : vector<16xi8>, vector<32xi8>
// YMM: %[[U0:.*]] = qdq.table_lookup %[[HI0]][%[[C0]]] : vector<16xi8>, vector<32xi8>
// YMM: vector.interleave %[[L0]], %[[U0]] : vector<32xi8> -> vector<64xi8>
// YMM: vector.shuffle %[[B]], %[[B]] [8, 10, 12, 14, 8, 10, 12, 14, 8, 10, 12, 14, 8, 10, 12, 14] : vector<16xi8>, vector<16xi8>
// YMM: vector.extract_strided_slice %[[X]] {offsets = [32], sizes = [32], strides = [1]} : vector<64xi8> to vector<32xi8>
func.func @i2_b32_f16_segments(%x: tensor<2x2048xi2>, %s: tensor<2x64xf16>, %z: tensor<2x64xi2>) -> tensor<2x2048xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 32 : (tensor<2x2048xi2>, tensor<2x64xf16>, tensor<2x64xi2>) -> tensor<2x2048xf16>
  return %y : tensor<2x2048xf16>
}

// -----

// An f32 scale is read in place: the steps of a segment read their four
// entries from the op's flattened scale, as one vector.
// CHECK-LABEL: func.func @u2_b32_f32_scale
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x64xf32> into tensor<128xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.transfer_read %[[FLAT]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<128xf32>, vector<4xf32>
// CHECK: qdq.table_lookup
func.func @u2_b32_f32_scale(%x: tensor<2x2048xui2>, %s: tensor<2x64xf32>) -> tensor<2x2048xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<2x2048xui2>, tensor<2x64xf32>) -> tensor<2x2048xbf16>
  return %y : tensor<2x2048xbf16>
}

// -----

// 2-bit x with f16/bf16 results takes blocks of 16 too (a block's table
// costs a quarter of its arithmetic): eight blocks of 4 codes per step of
// 128 lanes, one step of 32 lanes of arithmetic, whose 32 results fill
// the word table. With 16 registers, 16 blocks: 64 entries, more than a
// word table holds, so they take byte planes. With f32 results (16
// entries per block in each register's vpermps table) it keeps the
// arithmetic path.
// CHECK-LABEL: func.func @i2_b16_f16
// CHECK: scf.for
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 16, 16, 16, 16, 32, 32, 32, 32, 48, 48, 48, 48, 64, 64, 64, 64, 80, 80, 80, 80, 96, 96, 96, 96, 112, 112, 112, 112] : vector<128xf32>, vector<128xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<32xf32>
// CHECK: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<32xi16>, vector<128xi16>
// UNROLL16-LABEL: func.func @i2_b16_f16
// UNROLL16: arith.mulf %{{.*}}, %{{.*}} : vector<64xf32>
// UNROLL16: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<64xi8>, vector<256xi8>
// CHECK-LABEL: func.func @i2_b16_f32
// CHECK-NOT: qdq.table_lookup
// CHECK: return
func.func @i2_b16_f16(%x: tensor<2x256xi2>, %s: tensor<2x16xf16>, %z: tensor<2x16xi2>) -> tensor<2x256xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 16 : (tensor<2x256xi2>, tensor<2x16xf16>, tensor<2x16xi2>) -> tensor<2x256xf16>
  return %y : tensor<2x256xf16>
}
func.func @i2_b16_f32(%x: tensor<2x256xi2>, %s: tensor<2x16xf32>, %z: tensor<2x16xi2>) -> tensor<2x256xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 16 : (tensor<2x256xi2>, tensor<2x16xf32>, tensor<2x16xi2>) -> tensor<2x256xf32>
  return %y : tensor<2x256xf32>
}

// -----

// Blocks of 16 (a table costs as much as the arithmetic it saves) and
// 8-bit x (256 codes per block) keep the arithmetic path.
// CHECK-LABEL: func.func @i4_b16
// CHECK-NOT: qdq.table_lookup
// CHECK: return
// CHECK-LABEL: func.func @i8_b32
// CHECK-NOT: qdq.table_lookup
// CHECK: return
func.func @i4_b16(%x: tensor<2x128xi4>, %s: tensor<2x8xf16>, %z: tensor<2x8xi4>) -> tensor<2x128xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 16 : (tensor<2x128xi4>, tensor<2x8xf16>, tensor<2x8xi4>) -> tensor<2x128xf16>
  return %y : tensor<2x128xf16>
}
func.func @i8_b32(%x: tensor<2x128xi8>, %s: tensor<2x4xf16>, %z: tensor<2x4xi8>) -> tensor<2x128xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 32 : (tensor<2x128xi8>, tensor<2x4xf16>, tensor<2x4xi8>) -> tensor<2x128xf16>
  return %y : tensor<2x128xf16>
}

// -----

// Blocks of 24 (rows in groups of 192 columns, three steps of 64 lanes,
// the last block of each row partial): each step takes 3 or 4 blocks, read
// as 4 entries each (the row tables have room past the row's entries) and
// spread over 4 codes each; 16 results, one word table, each index its
// code plus 4 * its lane's block in the step (step 0: lanes 0-23 block 0,
// 24-47 block 1, 48-63 block 2). Three lookups per group, then the rest
// of the row (8 columns, one masked step). f32 results keep the
// arithmetic; without VBMI (no vpmultishiftqb into i16 lanes, no 64-entry
// byte lookups) too.
// CHECK-LABEL: func.func @i2_b24_f16_rows
// CHECK-DAG: %[[SLOTS0:.*]] = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]> : vector<64xi16>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.transfer_read %{{.*}} : tensor<{{.*}}xf32>, vector<4xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3] : vector<4xf32>, vector<4xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK: %[[C:.*]] = qdq.unpack_bits %{{.*}}, 2 : vector<16xi8> -> vector<64xi16>
// CHECK: %[[I:.*]] = arith.ori %[[C]], %[[SLOTS0]] : vector<64xi16>
// CHECK: qdq.table_lookup %{{.*}}[%[[I]]] : vector<32xi16>, vector<64xi16>
// CHECK-COUNT-2: qdq.table_lookup %{{.*}} : vector<32xi16>, vector<64xi16>
// CHECK: scf.yield
// CHECK: qdq.table_lookup %{{.*}} : vector<32xi16>, vector<64xi16>
// 4-bit x takes block tables per group (a step's own tables would hold
// its 3 or 4 blocks' 64 results, as many as its codes): each group of 192
// columns computes the results of the 16 codes of its 8 blocks once (each
// block's scale and zero point read as a scalar and broadcast over its 16
// entries: 128 results for 192 codes) into two byte planes of 128 entries;
// each of its three steps ORs its codes, in the in-lane order of the
// lookups, with 16 * its lane's block in the group (step 0: lanes 0-23
// block 0, 24-47 block 1, 48-63 block 2) and looks them up in both planes.
// The rest of the row (8 columns, one masked step) computes every element,
// its registers' parameters read register by register: a register in one
// block broadcasts that block's entry (a scalar read, which x86 folds into
// the subtraction or the multiply as an embedded broadcast), a register
// over two blocks (lanes 16-31: 8 of block 8, 8 of block 9) reads both as
// one vector and spreads them with one shuffle.
// Block tables per group are a host default of AMD Zen
// (getHostBlockGroupTables; the first RUN line takes Zen 4's defaults):
// elsewhere the groups compute every element.
// INTEL-LABEL: func.func @i4_b24_f16_rows
// INTEL-NOT: vector<128xi8>, vector<64xi8>
// INTEL: return
// CHECK-LABEL: func.func @i4_b24_f16_rows
// CHECK-DAG: %[[OFFSETS0:.*]] = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0, 16, 16, 16, 16, 16, 16, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0, 16, 16, 16, 16, 16, 16, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0, 32, 32, 32, 32, 32, 32, 32, 32, 16, 16, 16, 16, 16, 16, 16, 16, 32, 32, 32, 32, 32, 32, 32, 32]> : vector<64xi8>
// CHECK: scf.for %{{.*}} = %c0 to %c192 step %c192
// CHECK-COUNT-8: tensor.extract %{{.*}} : tensor<128xf32>
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [112], strides = [1]} : vector<16xf32> into vector<128xf32>
// CHECK-COUNT-8: tensor.extract %{{.*}} : tensor<128xi32>
// CHECK: arith.subi %{{.*}}, %{{.*}} : vector<128xi32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<128xf32>
// CHECK: %[[R:.*]] = arith.truncf %{{.*}} : vector<128xf32> to vector<128xf16>
// CHECK: %[[RB:.*]] = vector.bitcast %[[R]] : vector<128xf16> to vector<256xi8>
// CHECK: %[[LOW:.*]] = vector.shuffle %[[RB]], %[[RB]] [0, 2, 4, {{.*}}, 254] : vector<256xi8>, vector<256xi8>
// CHECK: %[[HIGH:.*]] = vector.shuffle %[[RB]], %[[RB]] [1, 3, 5, {{.*}}, 255] : vector<256xi8>, vector<256xi8>
// CHECK: %[[I0:.*]] = arith.ori %{{.*}}, %[[OFFSETS0]] : vector<64xi8>
// CHECK: qdq.table_lookup %[[LOW]][%[[I0]]] : vector<128xi8>, vector<64xi8>
// CHECK: qdq.table_lookup %[[HIGH]][%[[I0]]] : vector<128xi8>, vector<64xi8>
// CHECK-COUNT-4: qdq.table_lookup %{{.*}} : vector<128xi8>, vector<64xi8>
// CHECK: scf.yield
// CHECK-NOT: qdq.table_lookup
// CHECK: %[[S0:.*]] = tensor.extract %{{.*}} : tensor<128xf32>
// CHECK: vector.broadcast %[[S0]] : f32 to vector<16xf32>
// CHECK: %[[S01:.*]] = vector.transfer_read %{{.*}} : tensor<128xf32>, vector<2xf32>
// CHECK: vector.shuffle %[[S01]], %[[S01]] [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xf32>, vector<2xf32>
// CHECK: %[[Z0:.*]] = tensor.extract %{{.*}} : tensor<128xi32>
// CHECK: vector.broadcast %[[Z0]] : i32 to vector<16xi32>
// CHECK: %[[Z01:.*]] = vector.transfer_read %{{.*}} : tensor<128xi32>, vector<2xi32>
// CHECK: vector.shuffle %[[Z01]], %[[Z01]] [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xi32>, vector<2xi32>
// CHECK-NOT: qdq.table_lookup
// CHECK: return
// CHECK-LABEL: func.func @i2_b24_f32_rows
// CHECK-NOT: qdq.table_lookup
// CHECK: return
// NOVBMI-LABEL: func.func @i2_b24_f16_rows
// NOVBMI-NOT: qdq.table_lookup
// NOVBMI: return
func.func @i2_b24_f16_rows(%x: tensor<3x200xi2>, %s: tensor<3x9xf16>, %z: tensor<3x9xi2>) -> tensor<3x200xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 24 : (tensor<3x200xi2>, tensor<3x9xf16>, tensor<3x9xi2>) -> tensor<3x200xf16>
  return %y : tensor<3x200xf16>
}
func.func @i4_b24_f16_rows(%x: tensor<3x200xi4>, %s: tensor<3x9xf16>, %z: tensor<3x9xi4>) -> tensor<3x200xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 24 : (tensor<3x200xi4>, tensor<3x9xf16>, tensor<3x9xi4>) -> tensor<3x200xf16>
  return %y : tensor<3x200xf16>
}
func.func @i2_b24_f32_rows(%x: tensor<3x200xi2>, %s: tensor<3x9xf32>, %z: tensor<3x9xi2>) -> tensor<3x200xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 24 : (tensor<3x200xi2>, tensor<3x9xf32>, tensor<3x9xi2>) -> tensor<3x200xf32>
  return %y : tensor<3x200xf32>
}
