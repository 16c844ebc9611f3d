// The scale has 3 values for an axis of size 4.
func.func @bad_scale(%x: tensor<4x8xi8>, %s: tensor<3xf32>) -> tensor<4x8xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0
      : (tensor<4x8xi8>, tensor<3xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
