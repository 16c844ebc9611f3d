// RUN: qdq-opt %s --qdq-to-llvm | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="fold=false" | FileCheck %s --check-prefix=KEEP

// The output of --qdq-to-llvm is the same on every run for a module of
// several functions with constants: their globals are named and ordered by
// the module's order (--qdq-order-constant-globals, before One-Shot
// Bufferize; test/Transforms/order-constant-globals.mlir), not by One-Shot
// Bufferize's order of the functions, which varies from run to run. Without
// that pass these checks hold on about one run in 720. Each function
// dequantizes per tensor x = [k, -k, 2k, 0] with scale 0.5: folded (the
// default), one global per function holds its result; not folded (KEEP),
// the x of each function is a global (the scale becomes a vector constant
// in the code).

// CHECK-NOT:  llvm.mlir.global
// CHECK:      llvm.mlir.global private constant @__constant_4xf32_4(dense<[3.000000e+00, -3.000000e+00, 6.000000e+00, 0.000000e+00]> : tensor<4xf32>)
// CHECK-NEXT: llvm.mlir.global private constant @__constant_4xf32_3(dense<[2.500000e+00, -2.500000e+00, 5.000000e+00, 0.000000e+00]> : tensor<4xf32>)
// CHECK-NEXT: llvm.mlir.global private constant @__constant_4xf32_2(dense<[2.000000e+00, -2.000000e+00, 4.000000e+00, 0.000000e+00]> : tensor<4xf32>)
// CHECK-NEXT: llvm.mlir.global private constant @__constant_4xf32_1(dense<[1.500000e+00, -1.500000e+00, 3.000000e+00, 0.000000e+00]> : tensor<4xf32>)
// CHECK-NEXT: llvm.mlir.global private constant @__constant_4xf32_0(dense<[1.000000e+00, -1.000000e+00, 2.000000e+00, 0.000000e+00]> : tensor<4xf32>)
// CHECK-NEXT: llvm.mlir.global private constant @__constant_4xf32(dense<[5.000000e-01, -5.000000e-01, 1.000000e+00, 0.000000e+00]> : tensor<4xf32>)
// CHECK-NOT:  llvm.mlir.global
// CHECK-LABEL: llvm.func @f0(
// CHECK:       llvm.mlir.addressof @__constant_4xf32 :
// CHECK-LABEL: llvm.func @f1(
// CHECK:       llvm.mlir.addressof @__constant_4xf32_0 :
// CHECK-LABEL: llvm.func @f2(
// CHECK:       llvm.mlir.addressof @__constant_4xf32_1 :
// CHECK-LABEL: llvm.func @f3(
// CHECK:       llvm.mlir.addressof @__constant_4xf32_2 :
// CHECK-LABEL: llvm.func @f4(
// CHECK:       llvm.mlir.addressof @__constant_4xf32_3 :
// CHECK-LABEL: llvm.func @f5(
// CHECK:       llvm.mlir.addressof @__constant_4xf32_4 :

// KEEP-NOT:  llvm.mlir.global
// KEEP:      llvm.mlir.global private constant @__constant_4xi8_4(dense<[6, -6, 12, 0]> : tensor<4xi8>)
// KEEP-NEXT: llvm.mlir.global private constant @__constant_4xi8_3(dense<[5, -5, 10, 0]> : tensor<4xi8>)
// KEEP-NEXT: llvm.mlir.global private constant @__constant_4xi8_2(dense<[4, -4, 8, 0]> : tensor<4xi8>)
// KEEP-NEXT: llvm.mlir.global private constant @__constant_4xi8_1(dense<[3, -3, 6, 0]> : tensor<4xi8>)
// KEEP-NEXT: llvm.mlir.global private constant @__constant_4xi8_0(dense<[2, -2, 4, 0]> : tensor<4xi8>)
// KEEP-NEXT: llvm.mlir.global private constant @__constant_4xi8(dense<[1, -1, 2, 0]> : tensor<4xi8>)
// KEEP-NOT:  llvm.mlir.global
// KEEP-LABEL: llvm.func @f0(
// KEEP:       llvm.mlir.addressof @__constant_4xi8 :
// KEEP-LABEL: llvm.func @f1(
// KEEP:       llvm.mlir.addressof @__constant_4xi8_0 :
// KEEP-LABEL: llvm.func @f2(
// KEEP:       llvm.mlir.addressof @__constant_4xi8_1 :
// KEEP-LABEL: llvm.func @f3(
// KEEP:       llvm.mlir.addressof @__constant_4xi8_2 :
// KEEP-LABEL: llvm.func @f4(
// KEEP:       llvm.mlir.addressof @__constant_4xi8_3 :
// KEEP-LABEL: llvm.func @f5(
// KEEP:       llvm.mlir.addressof @__constant_4xi8_4 :

func.func @f0() -> tensor<4xf32> {
  %x = arith.constant dense<[1, -1, 2, 0]> : tensor<4xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @f1() -> tensor<4xf32> {
  %x = arith.constant dense<[2, -2, 4, 0]> : tensor<4xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @f2() -> tensor<4xf32> {
  %x = arith.constant dense<[3, -3, 6, 0]> : tensor<4xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @f3() -> tensor<4xf32> {
  %x = arith.constant dense<[4, -4, 8, 0]> : tensor<4xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @f4() -> tensor<4xf32> {
  %x = arith.constant dense<[5, -5, 10, 0]> : tensor<4xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @f5() -> tensor<4xf32> {
  %x = arith.constant dense<[6, -6, 12, 0]> : tensor<4xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
