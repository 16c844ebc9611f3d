// RUN: qdq-opt %s --qdq-to-llvm | not --crash mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s

// DQ-R12 at run time: x has 10 rows, which blocks of 4 along axis 0 split
// into ceil(10 / 4) = 3 blocks (the last one partial); the scale has 2.
// CHECK: qdq.dequantize_linear at {{.*}}dq-r12-blocked-axis.mlir:[[#@LINE+6]]:8: blocked scale has 2 entries along axis 0 but 3 blocks are needed (x has 10 there, block_size 4) (DQ-R12)
// CHECK-NOT: data =

func.func private @printMemrefF32(memref<*xf32>)
func.func @dq(%x: tensor<?x3xui8>, %s: tensor<?x3xf16>) -> tensor<?x3xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s axis = 0 block_size = 4 : (tensor<?x3xui8>, tensor<?x3xf16>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

func.func @main() {
  %x = arith.constant dense<7> : tensor<10x3xui8>
  %s = arith.constant dense<0.5> : tensor<2x3xf16>
  %xd = tensor.cast %x : tensor<10x3xui8> to tensor<?x3xui8>
  %sd = tensor.cast %s : tensor<2x3xf16> to tensor<?x3xf16>
  %y = call @dq(%xd, %sd) : (tensor<?x3xui8>, tensor<?x3xf16>) -> tensor<?x3xf32>
  %m = bufferization.to_buffer %y : tensor<?x3xf32> to memref<?x3xf32>
  %u = memref.cast %m : memref<?x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
