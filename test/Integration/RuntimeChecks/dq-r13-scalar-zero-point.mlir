// RUN: qdq-opt %s --qdq-to-llvm | not --crash mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s

// DQ-R13 at run time, blocked 1-D x with a scalar zero point: [] counts as
// [1], so the [?] scale must hold exactly one block's scale. Here 10
// elements in blocks of 4 give 3 scales, which a scalar zero point cannot
// match; the check stops the program before anything is read.
// CHECK: qdq.dequantize_linear at {{.*}}dq-r13-scalar-zero-point.mlir:[[#@LINE+6]]:8: scale has 3 entries but the zero point is a scalar, which needs 1 (DQ-R13)
// CHECK-NOT: data =

func.func private @printMemrefF32(memref<*xf32>)
func.func @dq(%x: tensor<?xi8>, %s: tensor<?xf32>, %z: tensor<i8>) -> tensor<?xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 block_size = 4 : (tensor<?xi8>, tensor<?xf32>, tensor<i8>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

func.func @main() {
  %x = arith.constant dense<3> : tensor<10xi8>
  %s = arith.constant dense<1.0> : tensor<3xf32>
  %z = arith.constant dense<1> : tensor<i8>
  %xd = tensor.cast %x : tensor<10xi8> to tensor<?xi8>
  %sd = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  %y = call @dq(%xd, %sd, %z) : (tensor<?xi8>, tensor<?xf32>, tensor<i8>) -> tensor<?xf32>
  %m = bufferization.to_buffer %y : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
