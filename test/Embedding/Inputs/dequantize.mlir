func.func @dequantize(%x: tensor<2x16xi8>, %s: tensor<2x1xf16>,
                      %z: tensor<2x1xi8>) -> tensor<2x16xf32>
    attributes {llvm.emit_c_interface} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 16
      : (tensor<2x16xi8>, tensor<2x1xf16>, tensor<2x1xi8>) -> tensor<2x16xf32>
  return %y : tensor<2x16xf32>
}
