// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256" | FileCheck %s

// Regression (found by LeakSanitizer in the sanitizer build, through
// qdq-onnx-run's ExecutionEngine): the SIMD lowering's per-axis tables were
// malloc'ed on every call and never freed, and a function returning a
// constant returned the address of a global, which the caller (who frees
// results, README "Calling convention") cannot free. The pipeline now runs
// the buffer deallocation pipeline after bufferization: temporaries are
// freed, results are fresh malloc'ed buffers.

// Per-axis: the scale and zero-point tables are freed; the result is not.
// CHECK-LABEL: llvm.func @per_axis(
// CHECK-COUNT-3: llvm.call @malloc
// CHECK-COUNT-2: llvm.call @free
// CHECK-NOT:     llvm.call @free
// CHECK:         llvm.return
func.func @per_axis(%x: tensor<3x8xi8>, %s: tensor<8xf32>, %z: tensor<8xi8>) -> tensor<3x8xf32> attributes {llvm.emit_c_interface} {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<3x8xi8>, tensor<8xf32>, tensor<8xi8>) -> tensor<3x8xf32>
  return %y : tensor<3x8xf32>
}

// A dequantization of constants folds to a constant; the function returns
// a copy of it in a malloc'ed buffer.
// CHECK-LABEL: llvm.func @folded(
// CHECK:         llvm.mlir.addressof @__constant_
// CHECK:         llvm.call @malloc
// CHECK:         "llvm.intr.memcpy"
// CHECK:         llvm.return
func.func @folded() -> tensor<4xf32> attributes {llvm.emit_c_interface} {
  %x = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
