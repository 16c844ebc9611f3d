// A sub-byte tensor computed inside the function (rather than passed in or
// constant) would need packed stores, which the lowering does not have: it
// stops with a diagnostic instead of miscompiling.
// RUN: not qdq-opt %s --qdq-to-llvm 2>&1 | FileCheck %s

// CHECK: error: 'memref.alloc' op on a packed sub-byte memref is not supported by the qdq lowering (only loads and constant globals are)
func.func @alloc_i4(%s: tensor<f32>) -> tensor<4xf32> {
  %c = arith.constant 3 : i4
  %e = tensor.empty() : tensor<4xi4>
  %x = linalg.fill ins(%c : i4) outs(%e : tensor<4xi4>) -> tensor<4xi4>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi4>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
