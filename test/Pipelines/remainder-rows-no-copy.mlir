// Block rows over a dynamic number of short rows run in two parts (loop
// rows of several rows of x, then the rows left), each writing its slice of
// the result in place. Had a part its own buffer, the insert_slice would
// bufferize to a copy that lowers to a call to memrefCopy (only the MLIR
// runner libraries define it, and element by element it cost more than the
// dequantization: 1485 ms against 34 ms for 400 calls on 1 Mi elements,
// bench/micro/loop_rows_ab.py on a 2-core Zen 4 VM, 2026-11-24).
// RUN: qdq-opt %s --qdq-to-llvm | FileCheck %s

// CHECK-NOT:   memrefCopy
// CHECK-LABEL: llvm.func @remainder_rows
// CHECK-NOT:   memrefCopy
// CHECK-NOT:   llvm.intr.memcpy
// CHECK:       llvm.return
func.func @remainder_rows(%x: tensor<?x10xi8>, %s: tensor<?x3xf32>, %z: tensor<?x3xi8>) -> tensor<?x10xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 4 : (tensor<?x10xi8>, tensor<?x3xf32>, tensor<?x3xi8>) -> tensor<?x10xf32>
  return %y : tensor<?x10xf32>
}
