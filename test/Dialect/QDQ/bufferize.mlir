// RUN: qdq-opt %s \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   | FileCheck %s
// RUN: not qdq-opt %s --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   2>&1 | FileCheck %s --check-prefix=STRIDED

// qdq.packed_bytes bufferizes to the same op on the source's buffer, which
// must have the identity layout: the byte view starts at the buffer's first
// byte.

// CHECK-LABEL: func.func @view(
// CHECK-SAME:      %[[X:.*]]: memref<5xi4>) -> memref<3xi8>
// CHECK:         %[[B:.*]] = qdq.packed_bytes %[[X]] : memref<5xi4> -> memref<3xi8>
// CHECK:         return %[[B]]
// STRIDED:       error: qdq.packed_bytes needs an identity-layout buffer, got 'memref<5xi4, strided<[?], offset: ?>>'
func.func @view(%x: tensor<5xi4>) -> tensor<3xi8> {
  %b = qdq.packed_bytes %x : tensor<5xi4> -> tensor<3xi8>
  return %b : tensor<3xi8>
}
