// RUN: qdq-opt %s --qdq-to-llvm | not --crash mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s

// DQ-R9 at run time: x is 2x4 behind a 2x? type, the per-axis scale has 3
// elements. The program stops before the op reads scale[3], naming the op
// and both sizes; nothing after the check runs.
// CHECK: qdq.dequantize_linear at {{.*}}dq-r9-per-axis-scale.mlir:[[#@LINE+6]]:8: scale has 3 elements along axis 1 but x has 4 (DQ-R9)
// CHECK-NOT: data =

func.func private @printMemrefF32(memref<*xf32>)
func.func @dq(%x: tensor<2x?xi8>, %s: tensor<?xf32>) -> tensor<2x?xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s : (tensor<2x?xi8>, tensor<?xf32>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

func.func @main() {
  %x = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi8>
  %s = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %xd = tensor.cast %x : tensor<2x4xi8> to tensor<2x?xi8>
  %sd = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  %y = call @dq(%xd, %sd) : (tensor<2x?xi8>, tensor<?xf32>) -> tensor<2x?xf32>
  %m = bufferization.to_buffer %y : tensor<2x?xf32> to memref<2x?xf32>
  %u = memref.cast %m : memref<2x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
