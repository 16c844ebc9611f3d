// RUN: qdq-opt %s --qdq-to-llvm | not --crash mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm=runtime-checks=false | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s --check-prefix=OFF

// DQ-R13 at run time: the [?] zero point of a per-tensor op must hold
// exactly one element; here it holds two.
// CHECK: qdq.dequantize_linear at {{.*}}dq-r13-per-tensor-zero-point.mlir:[[#@LINE+12]]:8: zero_point has 2 elements but the scale is per-tensor, which needs exactly 1 (DQ-R13)
// CHECK-NOT: data =

// With the pipeline option runtime-checks=false there is no check: this
// mismatch reads nothing out of bounds (only element 0 of the zero point),
// so the program runs to the end and uses zero point 1.
// OFF: data =
// OFF-NEXT: [9, 18, 27]

func.func private @printMemrefF32(memref<*xf32>)
func.func @dq(%x: tensor<?xi8>, %s: tensor<f32>, %z: tensor<?xi8>) -> tensor<?xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?xi8>, tensor<f32>, tensor<?xi8>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

func.func @main() {
  %x = arith.constant dense<[4, 7, 10]> : tensor<3xi8>
  %s = arith.constant dense<3.0> : tensor<f32>
  %z = arith.constant dense<[1, 2]> : tensor<2xi8>
  %xd = tensor.cast %x : tensor<3xi8> to tensor<?xi8>
  %zd = tensor.cast %z : tensor<2xi8> to tensor<?xi8>
  %y = call @dq(%xd, %s, %zd) : (tensor<?xi8>, tensor<f32>, tensor<?xi8>) -> tensor<?xf32>
  %m = bufferization.to_buffer %y : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
