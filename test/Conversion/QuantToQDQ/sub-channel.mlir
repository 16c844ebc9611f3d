// RUN: qdq-opt %s --convert-quant-to-qdq --split-input-file | FileCheck %s

// Blocks of 2 along dim 1, one scale per row along dim 0 (block size 1):
// qdq blocked along axis 1 with block_size 2; scales and zero points keep
// their [3, 2] shape.
// CHECK-LABEL: func.func @blocked_axis_1
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xi8>)
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-DAG:   %[[Z:.*]] = arith.constant dense<{{\[}}[1, 2], [3, 4], [0, 0]]> : tensor<3x2xi8>
// CHECK:       qdq.dequantize_linear %[[X]], %[[S]], %[[Z]] block_size = 2 : (tensor<3x4xi8>, tensor<3x2xf32>, tensor<3x2xi8>) -> tensor<3x4xf32>
func.func @blocked_axis_1(%x: tensor<3x4xi8>) -> tensor<3x4xf32> {
  %q = quant.scast %x : tensor<3x4xi8> to tensor<3x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0:1, 2.0:2}, {3.0:3, 4.0:4}, {5.0, 6.0}}>>
  %y = quant.dcast %q : tensor<3x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0:1, 2.0:2}, {3.0:3, 4.0:4}, {5.0, 6.0}}>> to tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// Blocks of 32 rows along dim 0 of an int4 weight (the LLM layout), with
// unsigned zero points; dim 1 has block size 1.
// CHECK-LABEL: func.func @blocked_axis_0_u4
// CHECK-DAG:   %[[U:.*]] = tensor.bitcast %{{.*}} : tensor<64x2xi4> to tensor<64x2xui4>
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<{{\[}}[5.000000e-01, 2.500000e-01], [1.250000e-01, 6.250000e-02]]> : tensor<2x2xf16>
// CHECK-DAG:   %[[Z:.*]] = arith.constant dense<{{\[}}[8, 8], [15, 0]]> : tensor<2x2xui4>
// CHECK:       qdq.dequantize_linear %[[U]], %[[S]], %[[Z]] axis = 0 block_size = 32 : (tensor<64x2xui4>, tensor<2x2xf16>, tensor<2x2xui4>) -> tensor<64x2xf16>
func.func @blocked_axis_0_u4(%x: tensor<64x2xi4>) -> tensor<64x2xf16> {
  %q = quant.scast %x : tensor<64x2xi4> to tensor<64x2x!quant.uniform<u4:f16:{0:32, 1:1}, {{0.5:8, 0.25:8}, {0.125:15, 0.0625}}>>
  %y = quant.dcast %q : tensor<64x2x!quant.uniform<u4:f16:{0:32, 1:1}, {{0.5:8, 0.25:8}, {0.125:15, 0.0625}}>> to tensor<64x2xf16>
  return %y : tensor<64x2xf16>
}

// -----

// Block size 1 along dim 0 and one block over all of dim 1: one scale per
// row, which is qdq per-axis along axis 0 (scales reshaped to 1-D).
// CHECK-LABEL: func.func @per_axis
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-DAG:   %[[Z:.*]] = arith.constant dense<[0, -1, 0]> : tensor<3xi8>
// CHECK:       qdq.dequantize_linear %{{.*}}, %[[S]], %[[Z]] axis = 0 : (tensor<3x4xi8>, tensor<3xf32>, tensor<3xi8>) -> tensor<3x4xf32>
func.func @per_axis(%x: tensor<3x4xi8>) -> tensor<3x4xf32> {
  %q = quant.scast %x : tensor<3x4xi8> to tensor<3x4x!quant.uniform<i8:f32:{0:1}, {{1.0}, {2.0:-1}, {3.0}}>>
  %y = quant.dcast %q : tensor<3x4x!quant.uniform<i8:f32:{0:1}, {{1.0}, {2.0:-1}, {3.0}}>> to tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// No block sizes: one block over the whole tensor, which is qdq per-tensor
// (0-D scale and zero point).
// CHECK-LABEL: func.func @per_tensor
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<5.000000e-01> : tensor<f32>
// CHECK-DAG:   %[[Z:.*]] = arith.constant dense<3> : tensor<i8>
// CHECK:       qdq.dequantize_linear %{{.*}}, %[[S]], %[[Z]] : (tensor<6x2xi8>, tensor<f32>, tensor<i8>) -> tensor<6x2xf32>
func.func @per_tensor(%x: tensor<6x2xi8>) -> tensor<6x2xf32> {
  %q = quant.scast %x : tensor<6x2xi8> to tensor<6x2x!quant.uniform<i8:f32:{}, {{0.5:3}}>>
  %y = quant.dcast %q : tensor<6x2x!quant.uniform<i8:f32:{}, {{0.5:3}}>> to tensor<6x2xf32>
  return %y : tensor<6x2xf32>
}

// -----

// Block size 1 along every dim: one scale per element, qdq blocked with
// block_size 1 (along axis 0).
// CHECK-LABEL: func.func @per_element
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK:       qdq.dequantize_linear %{{.*}}, %[[S]] axis = 0 block_size = 1 : (tensor<2x2xi8>, tensor<2x2xf32>) -> tensor<2x2xf32>
func.func @per_element(%x: tensor<2x2xi8>) -> tensor<2x2xf32> {
  %q = quant.scast %x : tensor<2x2xi8> to tensor<2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{1.0, 2.0}, {3.0, 4.0}}>>
  %y = quant.dcast %q : tensor<2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{1.0, 2.0}, {3.0, 4.0}}>> to tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

// A dim of length 1 with one block counts as block size 1: blocked along
// dim 1 of a [1, 8] tensor.
// CHECK-LABEL: func.func @unit_dim
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} block_size = 4 : (tensor<1x8xi8>, tensor<1x2xf32>) -> tensor<1x8xf32>
func.func @unit_dim(%x: tensor<1x8xi8>) -> tensor<1x8xf32> {
  %q = quant.scast %x : tensor<1x8xi8> to tensor<1x8x!quant.uniform<i8:f32:{1:4}, {{1.0, 2.0}}>>
  %y = quant.dcast %q : tensor<1x8x!quant.uniform<i8:f32:{1:4}, {{1.0, 2.0}}>> to tensor<1x8xf32>
  return %y : tensor<1x8xf32>
}

// -----

// Block size 1 along dims 0 and 1 and one block over dim 2 (of length 2):
// qdq blocked along axis 2 with block_size 2.
// CHECK-LABEL: func.func @whole_last_dim
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 2 block_size = 2 : (tensor<2x2x2xi8>, tensor<2x2x1xf32>) -> tensor<2x2x2xf32>
func.func @whole_last_dim(%x: tensor<2x2x2xi8>) -> tensor<2x2x2xf32> {
  %q = quant.scast %x : tensor<2x2x2xi8> to tensor<2x2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{{1.0}, {2.0}}, {{3.0}, {4.0}}}>>
  %y = quant.dcast %q : tensor<2x2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{{1.0}, {2.0}}, {{3.0}, {4.0}}}>> to tensor<2x2x2xf32>
  return %y : tensor<2x2x2xf32>
}

// -----

// A dynamic dim with block size 1 and blocks of 2 along dim 1.
// CHECK-LABEL: func.func @dynamic
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} block_size = 2 : (tensor<?x4xi8>, tensor<3x2xf32>) -> tensor<?x4xf32>
func.func @dynamic(%x: tensor<?x4xi8>) -> tensor<?x4xf32> {
  %q = quant.scast %x : tensor<?x4xi8> to tensor<?x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}}>>
  %y = quant.dcast %q : tensor<?x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}}>> to tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
