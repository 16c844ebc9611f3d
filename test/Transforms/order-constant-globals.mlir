// RUN: qdq-opt %s --qdq-order-constant-globals | FileCheck %s
// RUN: qdq-opt %s --qdq-order-constant-globals="alignment=16" | FileCheck %s --check-prefix=ALIGN16
// RUN: qdq-opt %s --qdq-order-constant-globals --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF

// --qdq-order-constant-globals creates the memref.global of each ranked
// tensor constant in the module's order, each at the top of the module (as
// One-Shot Bufferize does): the first constant's global is named
// __constant_4xi8 and comes last. One-Shot Bufferize alone visits these
// functions in an order that varies from run to run (MLIR 22), so without
// the pass the BUF checks below hold on about one run in 720 (the orders
// of six functions).

// CHECK-LABEL: module {
// CHECK-NEXT:    memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<5.000000e-01> {alignment = 64 : i64}
// CHECK-NEXT:    memref.global "private" constant @__constant_4xi8_4 : memref<4xi8> = dense<[6, 0, 0, 0]> {alignment = 64 : i64}
// CHECK-NEXT:    memref.global "private" constant @__constant_4xi8_3 : memref<4xi8> = dense<[5, 0, 0, 0]> {alignment = 64 : i64}
// CHECK-NEXT:    memref.global "private" constant @__constant_4xi8_2 : memref<4xi8> = dense<[4, 0, 0, 0]> {alignment = 64 : i64}
// CHECK-NEXT:    memref.global "private" constant @__constant_4xi8_1 : memref<4xi8> = dense<[3, 0, 0, 0]> {alignment = 64 : i64}
// CHECK-NEXT:    memref.global "private" constant @__constant_4xi8_0 : memref<4xi8> = dense<[2, 0, 0, 0]> {alignment = 64 : i64}
// CHECK-NEXT:    memref.global "private" constant @__constant_4xi8 : memref<4xi8> = dense<[1, 0, 0, 0]> {alignment = 64 : i64}
// CHECK-NEXT:    func.func @f0
// The constants stay for One-Shot Bufferize, which reuses the globals.
// CHECK-NEXT:      arith.constant dense<[1, 0, 0, 0]> : tensor<4xi8>
// Scalars get no global, nor do the constants of a nested module (One-Shot
// Bufferize leaves nested symbol tables alone).
// CHECK-NOT:     memref.global
// CHECK:         module @nested
// CHECK-NOT:     memref.global

// ALIGN16-COUNT-7: {alignment = 16 : i64}
// ALIGN16-NOT:     memref.global

// BUF-LABEL: func.func @f0
// BUF:         memref.get_global @__constant_4xi8 :
// BUF-LABEL: func.func @f1
// BUF:         memref.get_global @__constant_4xi8_0 :
// BUF-LABEL: func.func @f2
// BUF:         memref.get_global @__constant_4xi8_1 :
// BUF-LABEL: func.func @f3
// BUF:         memref.get_global @__constant_4xi8_2 :
// BUF-LABEL: func.func @f4
// BUF:         memref.get_global @__constant_4xi8_3 :
// BUF-LABEL: func.func @f5
// BUF:         memref.get_global @__constant_4xi8_4 :
// A constant of the same value shares its global.
// BUF-LABEL: func.func @f6
// BUF:         memref.get_global @__constant_4xi8 :
// BUF:         memref.get_global @__constant_2xf32 :
// BUF-NOT:     memref.global

func.func @f0() -> tensor<4xi8> {
  %c = arith.constant dense<[1, 0, 0, 0]> : tensor<4xi8>
  return %c : tensor<4xi8>
}
func.func @f1() -> tensor<4xi8> {
  %c = arith.constant dense<[2, 0, 0, 0]> : tensor<4xi8>
  return %c : tensor<4xi8>
}
func.func @f2() -> tensor<4xi8> {
  %c = arith.constant dense<[3, 0, 0, 0]> : tensor<4xi8>
  return %c : tensor<4xi8>
}
func.func @f3() -> tensor<4xi8> {
  %c = arith.constant dense<[4, 0, 0, 0]> : tensor<4xi8>
  return %c : tensor<4xi8>
}
func.func @f4() -> tensor<4xi8> {
  %c = arith.constant dense<[5, 0, 0, 0]> : tensor<4xi8>
  return %c : tensor<4xi8>
}
func.func @f5() -> tensor<4xi8> {
  %c = arith.constant dense<[6, 0, 0, 0]> : tensor<4xi8>
  return %c : tensor<4xi8>
}
func.func @f6(%i: index) -> (tensor<4xi8>, tensor<2xf32>, i8) {
  %c = arith.constant dense<[1, 0, 0, 0]> : tensor<4xi8>
  %s = arith.constant dense<0.5> : tensor<2xf32>
  %e = arith.constant 7 : i8
  return %c, %s, %e : tensor<4xi8>, tensor<2xf32>, i8
}
module @nested {
  func.func @g() -> tensor<4xi8> {
    %c = arith.constant dense<[9, 0, 0, 0]> : tensor<4xi8>
    return %c : tensor<4xi8>
  }
}
