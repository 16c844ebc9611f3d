// Packed x with a dynamic row length is versioned by the SIMD lowering (an
// scf.if between the row loops and the linalg form). The scf.if's result
// must bufferize to an identity-layout buffer: with a fully dynamic layout,
// returning it needs a strided copy that lowers to a call to memrefCopy,
// which only the MLIR runner libraries define (qdq-onnx-run's JIT, and an
// embedder linking the object, would fail to resolve it).
// RUN: qdq-opt %s --qdq-to-llvm | FileCheck %s

// CHECK-NOT:   memrefCopy
// CHECK-LABEL: llvm.func @along_1d
// CHECK:       llvm.cond_br
// CHECK-NOT:   memrefCopy
func.func @along_1d(%x: tensor<?xi4>, %s: tensor<?xf32>) -> tensor<?xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<?xi4>, tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
