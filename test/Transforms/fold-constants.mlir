// RUN: qdq-opt %s --qdq-fold-constants --split-input-file | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: qdq-opt %s --qdq-fold-constants="max-elements=4" --split-input-file | FileCheck %s --check-prefixes=CHECK,CAP4
// RUN: qdq-opt %s --qdq-fold-constants="max-elements=-1" --split-input-file | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: qdq-opt %s --qdq-fold-constants="max-elements=0" --split-input-file | FileCheck %s --check-prefixes=CHECK,CAP0

// --qdq-fold-constants evaluates qdq.dequantize_linear of constants, up to
// max-elements result elements (default 65536; negative: any size); splat
// results are always folded. Executed proof that the folded bits are the
// compiled code's: test/Integration/Folding/fold-constants.mlir.

// Blocked int4 with zero points, blocks of 2 along axis 1:
// [[(-8 - 1) * 0.5, (7 - 1) * 0.5, (2 - 0) * 0.25],
//  [(0 + 2) * 0.125, (1 + 2) * 0.125, (3 + 7) * 0.0625]] as bf16.
// CHECK-LABEL: func.func @blocked_int4
// DEFAULT-NEXT:  %[[C:.*]] = arith.constant dense<{{\[}}[-4.500000e+00, 3.000000e+00, 5.000000e-01], [2.500000e-01, 3.750000e-01, 6.250000e-01]]> : tensor<2x3xbf16>
// DEFAULT-NEXT:  return %[[C]]
// CAP4:          qdq.dequantize_linear
// CAP0:          qdq.dequantize_linear
func.func @blocked_int4() -> tensor<2x3xbf16> {
  %x = arith.constant dense<[[-8, 7, 2], [0, 1, 3]]> : tensor<2x3xi4>
  %s = arith.constant dense<[[0.5, 0.25], [0.125, 0.0625]]> : tensor<2x2xf16>
  %z = arith.constant dense<[[1, 0], [-2, -7]]> : tensor<2x2xi4>
  %y = qdq.dequantize_linear %x, %s, %z block_size = 2 : (tensor<2x3xi4>, tensor<2x2xf16>, tensor<2x2xi4>) -> tensor<2x3xbf16>
  return %y : tensor<2x3xbf16>
}

// -----

// fp8 with NaN and inf codes times per-axis scales (inf * 0 is the x86
// default NaN 0xFFC00000; NaN codes decode to sign | 0x7FC00000).
// CHECK-LABEL: func.func @fp8_specials
// DEFAULT-NEXT:  %[[C:.*]] = arith.constant dense<{{\[}}[0x7F800000, 0xFFC00000], [0x7FC00000, 0xFFC00000], [-1.000000e+00, -0.000000e+00]]> : tensor<3x2xf32>
// CAP4:          qdq.dequantize_linear
// CAP0:          qdq.dequantize_linear
func.func @fp8_specials() -> tensor<3x2xf32> {
  %x = arith.constant dense<[[0x7C, 0x7C], [0x7F, 0xFF], [0xBC, 0xBC]]> : tensor<3x2xf8E5M2>
  %s = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %y = qdq.dequantize_linear %x, %s : (tensor<3x2xf8E5M2>, tensor<2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// Four elements: within every cap but 0 (splats only).
// CHECK-LABEL: func.func @four_elements
// DEFAULT-NEXT:  arith.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 2.550000e+02]> : tensor<4xf16>
// CAP4-NEXT:     arith.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 2.550000e+02]> : tensor<4xf16>
// CAP0:          qdq.dequantize_linear
func.func @four_elements() -> tensor<4xf16> {
  %x = arith.constant dense<[0, 1, 2, 255]> : tensor<4xui8>
  %s = arith.constant dense<0x7F> : tensor<f8E8M0FNU>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xui8>, tensor<f8E8M0FNU>) -> tensor<4xf16>
  return %y : tensor<4xf16>
}

// -----

// A splat result is one value: folded whatever the cap.
// CHECK-LABEL: func.func @splat
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<-1.500000e+00> : tensor<1024x1024xf32>
// CHECK-NEXT:    return %[[C]]
func.func @splat() -> tensor<1024x1024xf32> {
  %x = arith.constant dense<-3> : tensor<1024x1024xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<1024x1024xi8>, tensor<f32>) -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

// -----

// Operands that are not all constant: nothing to fold; other ops are not
// touched.
// CHECK-LABEL: func.func @not_constant
// CHECK:         arith.addi
// CHECK:         qdq.dequantize_linear
func.func @not_constant(%x: tensor<4xi8>, %i: i32) -> (tensor<4xf32>, i32) {
  %c = arith.constant 1 : i32
  %sum = arith.addi %c, %c : i32
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %y, %sum : tensor<4xf32>, i32
}
