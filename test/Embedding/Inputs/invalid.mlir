// Per-axis scale of the wrong length (DQ-R9): rejected by the verifier.
func.func @f(%x: tensor<4xi8>, %s: tensor<3xf32>) -> tensor<4xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<4xi8>, tensor<3xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
