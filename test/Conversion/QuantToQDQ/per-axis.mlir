// RUN: qdq-opt %s --convert-quant-to-qdq --split-input-file | FileCheck %s

// Per-axis along dim 1: a 1-D scale and zero point with one entry per
// channel; axis 1 is qdq's default and not printed.
// CHECK-LABEL: func.func @axis_1
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi8>)
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<[5.000000e-01, 2.500000e-01, 1.250000e-01]> : tensor<3xf32>
// CHECK-DAG:   %[[Z:.*]] = arith.constant dense<[1, 0, -128]> : tensor<3xi8>
// CHECK:       qdq.dequantize_linear %[[X]], %[[S]], %[[Z]] : (tensor<2x3xi8>, tensor<3xf32>, tensor<3xi8>) -> tensor<2x3xf32>
func.func @axis_1(%x: tensor<2x3xi8>) -> tensor<2x3xf32> {
  %q = quant.scast %x : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32:1, {0.5:1, 0.25, 0.125:-128}>>
  %y = quant.dcast %q : tensor<2x3x!quant.uniform<i8:f32:1, {0.5:1, 0.25, 0.125:-128}>> to tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// Per-axis along dim 0 of a tensor with dynamic dims, unsigned 4-bit
// storage, bf16 result; all zero points are zero, so there is none.
// CHECK-LABEL: func.func @axis_0_u4
// CHECK-SAME: (%[[X:.*]]: tensor<2x?xi4>)
// CHECK-DAG:   %[[U:.*]] = tensor.bitcast %[[X]] : tensor<2x?xi4> to tensor<2x?xui4>
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<[2.000000e+00, 3.000000e+00]> : tensor<2xbf16>
// CHECK:       qdq.dequantize_linear %[[U]], %[[S]] axis = 0 : (tensor<2x?xui4>, tensor<2xbf16>) -> tensor<2x?xbf16>
func.func @axis_0_u4(%x: tensor<2x?xi4>) -> tensor<2x?xbf16> {
  %q = quant.scast %x : tensor<2x?xi4> to tensor<2x?x!quant.uniform<u4:bf16:0, {2.0, 3.0}>>
  %y = quant.dcast %q : tensor<2x?x!quant.uniform<u4:bf16:0, {2.0, 3.0}>> to tensor<2x?xbf16>
  return %y : tensor<2x?xbf16>
}

// -----

// An unsigned zero point as large as the storage type allows.
// CHECK-LABEL: func.func @axis_2_u16
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<[1.000000e+00, 5.000000e-01]> : tensor<2xf16>
// CHECK-DAG:   %[[Z:.*]] = arith.constant dense<[65535, 0]> : tensor<2xui16>
// CHECK:       qdq.dequantize_linear %{{.*}}, %[[S]], %[[Z]] axis = 2 : (tensor<1x1x2xui16>, tensor<2xf16>, tensor<2xui16>) -> tensor<1x1x2xf16>
func.func @axis_2_u16(%x: tensor<1x1x2xi16>) -> tensor<1x1x2xf16> {
  %q = quant.scast %x : tensor<1x1x2xi16> to tensor<1x1x2x!quant.uniform<u16:f16:2, {1.0:65535, 0.5}>>
  %y = quant.dcast %q : tensor<1x1x2x!quant.uniform<u16:f16:2, {1.0:65535, 0.5}>> to tensor<1x1x2xf16>
  return %y : tensor<1x1x2xf16>
}
