// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw" --split-input-file | FileCheck %s --check-prefix=BYTES
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx512bw,avx512vbmi,avx2" --split-input-file | FileCheck %s --check-prefix=AVX2
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3" --split-input-file | FileCheck %s --check-prefix=BYTES

// Packed integer x dequantized in arithmetic (per-axis, blocked) is unpacked
// with qdq.unpack_bits straight into the i32 lanes of the subtraction when
// the CPU has AVX512_VBMI (512-bit vectors) or AVX2 (256-bit vectors: the
// 512-bit features are dropped, so 256 bits with AVX2 only); the zero
// point, prepared in i8, is widened to i32 outside the loop when it is
// loop-invariant. Without either (avx512bw alone, or 256 bits without
// AVX2) the codes are unpacked into i8 lanes and widened.

// CHECK-LABEL: func.func @per_axis_i4
// CHECK: %[[ZP8:.*]] = vector.transfer_read %{{.*}} : tensor<128xi8>, vector<64xi8>
// CHECK: %[[ZP:.*]] = arith.extsi %[[ZP8]] : vector<64xi8> to vector<64xi32>
// CHECK: scf.for
// CHECK: %[[RAW:.*]] = vector.transfer_read %{{.*}} : tensor<256xi8>, vector<32xi8>
// CHECK: %[[X:.*]] = qdq.unpack_bits %[[RAW]], 4 sign_extend : vector<32xi8> -> vector<64xi32>
// CHECK: %[[DIFF:.*]] = arith.subi %[[X]], %[[ZP]] : vector<64xi32>
// CHECK: arith.sitofp %[[DIFF]] : vector<64xi32> to vector<64xf32>

// AVX2-LABEL: func.func @per_axis_i4
// AVX2: %[[ZP8:.*]] = vector.transfer_read %{{.*}} : tensor<128xi8>, vector<64xi8>
// AVX2: %[[ZP:.*]] = arith.extsi %[[ZP8]] : vector<64xi8> to vector<64xi32>
// AVX2: scf.for
// AVX2: %[[X:.*]] = qdq.unpack_bits %{{.*}}, 4 sign_extend : vector<32xi8> -> vector<64xi32>
// AVX2: arith.subi %[[X]], %[[ZP]] : vector<64xi32>

// BYTES-LABEL: func.func @per_axis_i4
// BYTES-NOT: qdq.unpack_bits
// BYTES: vector.interleave
// BYTES: arith.subi %{{.*}} : vector<{{32|64}}xi8>
func.func @per_axis_i4(%x: tensor<8x64xi4>, %s: tensor<64xf32>, %z: tensor<64xi4>) -> tensor<8x64xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<8x64xi4>, tensor<64xf32>, tensor<64xi4>) -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

// -----

// Blocks shorter than a step: the step's zero points are widened before
// they are spread over their blocks' lanes.

// CHECK-LABEL: func.func @blocked_ui2
// CHECK: scf.for
// CHECK: %[[ZP2:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xi8>
// CHECK: %[[WIDE:.*]] = arith.extsi %[[ZP2]] : vector<2xi8> to vector<2xi32>
// CHECK: %[[ZP:.*]] = vector.shuffle %[[WIDE]], %[[WIDE]] [0, 0, {{.*}}, 1, 1] : vector<2xi32>, vector<2xi32>
// CHECK: %[[X:.*]] = qdq.unpack_bits %{{.*}}, 2 : vector<16xi8> -> vector<64xi32>
// CHECK: arith.subi %[[X]], %[[ZP]] : vector<64xi32>

// AVX2-LABEL: func.func @blocked_ui2
// AVX2: qdq.unpack_bits %{{.*}}, 2 : vector<16xi8> -> vector<64xi32>

// BYTES-LABEL: func.func @blocked_ui2
// BYTES-NOT: qdq.unpack_bits
// BYTES: return
func.func @blocked_ui2(%x: tensor<2x256xui2>, %s: tensor<2x8xf32>, %z: tensor<2x8xui2>) -> tensor<2x256xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 32 : (tensor<2x256xui2>, tensor<2x8xf32>, tensor<2x8xui2>) -> tensor<2x256xf32>
  return %y : tensor<2x256xf32>
}

// -----

// Per-tensor packed x with an f32 result takes the 16-entry f32 table when
// the features include AVX512F (lookup-table.mlir); without it, the
// arithmetic, with qdq.unpack_bits.

// CHECK-LABEL: func.func @per_tensor_i4
// CHECK: scf.for
// CHECK: qdq.unpack_bits %{{.*}}, 4 sign_extend : vector<32xi8> -> vector<64xi32>
// CHECK-NOT: qdq.table_lookup
// CHECK: return

// AVX2-LABEL: func.func @per_tensor_i4
// AVX2: qdq.unpack_bits %{{.*}}, 4 sign_extend : vector<32xi8> -> vector<64xi32>

// BYTES-LABEL: func.func @per_tensor_i4
// BYTES-NOT: qdq.unpack_bits
// BYTES: return
func.func @per_tensor_i4(%x: tensor<256xi4>, %s: tensor<f32>, %z: tensor<i4>) -> tensor<256xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<256xi4>, tensor<f32>, tensor<i4>) -> tensor<256xf32>
  return %y : tensor<256xf32>
}
