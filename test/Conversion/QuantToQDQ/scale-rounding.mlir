// RUN: qdq-opt %s --convert-quant-to-qdq | FileCheck %s
// RUN: qdq-opt %s --lower-quant-ops | FileCheck %s --check-prefix=UPSTREAM

// quant holds per-layer and per-axis scales in f64. Both qdq's import and
// upstream --lower-quant-ops round each once, to nearest even, to the
// expressed type, which is also the scale and result type. The scales here
// are ties: 1 + 2^-24 and 1 + 3 * 2^-24 in f32 (to 1 and 1 + 2^-22),
// 1 + 2^-11 and 1 + 3 * 2^-11 in f16 (to 1 and 1 + 2^-9), 1 + 2^-8 and
// 1 + 3 * 2^-8 in bf16 (to 1 and 1 + 2^-6); 0.1 is not a tie.

// CHECK-LABEL: func.func @f32
// CHECK: arith.constant dense<1.000000e+00> : tensor<f32>
// CHECK: arith.constant dense<1.00000024> : tensor<f32>
// CHECK: arith.constant dense<[1.000000e+00, 1.00000024, 1.000000e-01]> : tensor<3xf32>
// UPSTREAM-LABEL: func.func @f32
// UPSTREAM: arith.constant 1.000000e+00 : f32
// UPSTREAM: arith.constant 1.00000024 : f32
// UPSTREAM: arith.constant dense<[1.000000e+00, 1.00000024, 1.000000e-01]> : tensor<3xf32>
func.func @f32(%a: tensor<4x!quant.uniform<i8:f32, 1.000000059604644775390625>>,
               %b: tensor<4x!quant.uniform<i8:f32, 1.000000178813934326171875>>,
               %c: tensor<3x!quant.uniform<i8:f32:0, {1.000000059604644775390625, 1.000000178813934326171875, 0.1}>>) {
  %0 = quant.dcast %a : tensor<4x!quant.uniform<i8:f32, 1.000000059604644775390625>> to tensor<4xf32>
  %1 = quant.dcast %b : tensor<4x!quant.uniform<i8:f32, 1.000000178813934326171875>> to tensor<4xf32>
  %2 = quant.dcast %c : tensor<3x!quant.uniform<i8:f32:0, {1.000000059604644775390625, 1.000000178813934326171875, 0.1}>> to tensor<3xf32>
  return
}

// CHECK-LABEL: func.func @f16
// CHECK: arith.constant dense<1.000000e+00> : tensor<f16>
// CHECK: arith.constant dense<1.001950e+00> : tensor<f16>
// CHECK: arith.constant dense<9.997550e-02> : tensor<f16>
// UPSTREAM-LABEL: func.func @f16
// UPSTREAM: arith.constant 1.000000e+00 : f16
// UPSTREAM: arith.constant 1.001950e+00 : f16
// UPSTREAM: arith.constant 9.997550e-02 : f16
func.func @f16(%a: tensor<4x!quant.uniform<i8:f16, 1.00048828125>>,
               %b: tensor<4x!quant.uniform<i8:f16, 1.00146484375>>,
               %c: tensor<4x!quant.uniform<i8:f16, 0.1>>) {
  %0 = quant.dcast %a : tensor<4x!quant.uniform<i8:f16, 1.00048828125>> to tensor<4xf16>
  %1 = quant.dcast %b : tensor<4x!quant.uniform<i8:f16, 1.00146484375>> to tensor<4xf16>
  %2 = quant.dcast %c : tensor<4x!quant.uniform<i8:f16, 0.1>> to tensor<4xf16>
  return
}

// CHECK-LABEL: func.func @bf16
// CHECK: arith.constant dense<1.000000e+00> : tensor<bf16>
// CHECK: arith.constant dense<1.015630e+00> : tensor<bf16>
// UPSTREAM-LABEL: func.func @bf16
// UPSTREAM: arith.constant 1.000000e+00 : bf16
// UPSTREAM: arith.constant 1.015630e+00 : bf16
func.func @bf16(%a: tensor<4x!quant.uniform<i4:bf16, 1.00390625>>,
                %b: tensor<4x!quant.uniform<i4:bf16, 1.01171875>>) {
  %0 = quant.dcast %a : tensor<4x!quant.uniform<i4:bf16, 1.00390625>> to tensor<4xbf16>
  %1 = quant.dcast %b : tensor<4x!quant.uniform<i4:bf16, 1.01171875>> to tensor<4xbf16>
  return
}
