// RUN: qdq-opt %s --canonicalize --split-input-file | FileCheck %s

// Regression (found by the differential tests, test/Differential): empty
// constant scales and zero points (x has a zero-size dim) must not make the
// canonicalization patterns read element 0. An empty zero point subtracts
// nothing and is dropped; an empty scale stays per-axis.

// CHECK-LABEL: func.func @empty_per_axis
// CHECK-SAME: (%[[X:.*]]: tensor<4x0xi8>)
// CHECK:       %[[S:.*]] = arith.constant dense<> : tensor<0xf32>
// CHECK:       %[[Y:.*]] = qdq.dequantize_linear %[[X]], %[[S]] : (tensor<4x0xi8>, tensor<0xf32>) -> tensor<4x0xf32>
// CHECK:       return %[[Y]]
func.func @empty_per_axis(%x: tensor<4x0xi8>) -> tensor<4x0xf32> {
  %s = arith.constant dense<> : tensor<0xf32>
  %z = arith.constant dense<> : tensor<0xi8>
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4x0xi8>, tensor<0xf32>, tensor<0xi8>) -> tensor<4x0xf32>
  return %y : tensor<4x0xf32>
}

// -----

// CHECK-LABEL: func.func @empty_blocked
// CHECK:       qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 0 block_size = 4 : (tensor<0x3xui4>, tensor<0x3xf16>) -> tensor<0x3xf16>
func.func @empty_blocked(%x: tensor<0x3xui4>) -> tensor<0x3xf16> {
  %s = arith.constant dense<> : tensor<0x3xf16>
  %z = arith.constant dense<> : tensor<0x3xui4>
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 block_size = 4 : (tensor<0x3xui4>, tensor<0x3xf16>, tensor<0x3xui4>) -> tensor<0x3xf16>
  return %y : tensor<0x3xf16>
}
