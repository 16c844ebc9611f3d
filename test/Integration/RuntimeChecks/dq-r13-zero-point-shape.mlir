// RUN: qdq-opt %s --qdq-to-llvm | not --crash mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s

// DQ-R13 at run time, per-axis: the lowering reads a [?] zero point per
// channel, so it must have the scale's length (4) even when, as here, it
// holds one element that DQ-R13 would accept as applying to every channel
// (give such a zero point the static type tensor<1xi8> or tensor<i8>).
// CHECK: qdq.dequantize_linear at {{.*}}dq-r13-zero-point-shape.mlir:[[#@LINE+6]]:8: zero_point has 1 entries in dim 0 but scale has 4 (DQ-R13)
// CHECK-NOT: data =

func.func private @printMemrefF32(memref<*xf32>)
func.func @dq(%x: tensor<2x4xi8>, %s: tensor<4xf32>, %z: tensor<?xi8>) -> tensor<2x4xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<2x4xi8>, tensor<4xf32>, tensor<?xi8>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

func.func @main() {
  %x = arith.constant dense<3> : tensor<2x4xi8>
  %s = arith.constant dense<1.0> : tensor<4xf32>
  %z = arith.constant dense<1> : tensor<1xi8>
  %zd = tensor.cast %z : tensor<1xi8> to tensor<?xi8>
  %y = call @dq(%x, %s, %zd) : (tensor<2x4xi8>, tensor<4xf32>, tensor<?xi8>) -> tensor<2x4xf32>
  %m = bufferization.to_buffer %y : tensor<2x4xf32> to memref<2x4xf32>
  %u = memref.cast %m : memref<2x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
