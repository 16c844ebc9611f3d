// The main example: dequantize a 4x16 int4 weight matrix quantized in blocks
// of 8 along its rows (per-block f16 scales and int4 zero points, as LLM
// weight-only quantization does), and an fp8 (E4M3FN) activation with one
// f32 scale. Run it with ./scripts/run-example.sh.

func.func private @printMemrefF32(memref<*xf32>)

// The kernels: public, C-callable as _mlir_ciface_<name>.
func.func @dequantize_weights(%w: tensor<4x16xi4>, %s: tensor<4x2xf16>, %z: tensor<4x2xi4>) -> tensor<4x16xf32> attributes {llvm.emit_c_interface} {
  %y = qdq.dequantize_linear %w, %s, %z axis = 1 block_size = 8 : (tensor<4x16xi4>, tensor<4x2xf16>, tensor<4x2xi4>) -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

func.func @dequantize_activation(%a: tensor<8xf8E4M3FN>, %s: tensor<f32>) -> tensor<8xf32> attributes {llvm.emit_c_interface} {
  %y = qdq.dequantize_linear %a, %s : (tensor<8xf8E4M3FN>, tensor<f32>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}

func.func @main() {
  %w = arith.constant dense<[[-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7],
                             [7, 7, 7, 7, 0, 0, 0, 0, -8, -8, -8, -8, 1, 2, 3, 4],
                             [1, 2, 3, 4, 5, 6, 7, -8, 1, 2, 3, 4, 5, 6, 7, -8],
                             [0, 0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0]]> : tensor<4x16xi4>
  // Scales 0.5, 0.25, 2.0, 1.5, 0.125, -1.0, 1.0, 0.75 as f16.
  %s = arith.constant dense<[[0x3800, 0x3400], [0x4000, 0x3E00], [0x3000, 0xBC00], [0x3C00, 0x3A00]]> : tensor<4x2xf16>
  %z = arith.constant dense<[[0, 1], [-1, 2], [3, -4], [0, 7]]> : tensor<4x2xi4>
  %y = call @dequantize_weights(%w, %s, %z) : (tensor<4x16xi4>, tensor<4x2xf16>, tensor<4x2xi4>) -> tensor<4x16xf32>
  %ym = bufferization.to_buffer %y : tensor<4x16xf32> to memref<4x16xf32>
  %yu = memref.cast %ym : memref<4x16xf32> to memref<*xf32>
  call @printMemrefF32(%yu) : (memref<*xf32>) -> ()

  // fp8 codes: 0, 0.5, 1, 448 (max), -104, -0, NaN, 2^-9 (smallest subnormal).
  %a = arith.constant dense<[0x00, 0x30, 0x38, 0x7E, 0xED, 0x80, 0x7F, 0x01]> : tensor<8xf8E4M3FN>
  %as = arith.constant dense<2.0> : tensor<f32>
  %ay = call @dequantize_activation(%a, %as) : (tensor<8xf8E4M3FN>, tensor<f32>) -> tensor<8xf32>
  %am = bufferization.to_buffer %ay : tensor<8xf32> to memref<8xf32>
  %au = memref.cast %am : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  return
}
