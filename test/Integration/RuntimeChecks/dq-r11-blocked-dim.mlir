// RUN: qdq-opt %s --qdq-to-llvm | not --crash mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils 2>&1 | FileCheck %s

// DQ-R11 at run time: a blocked int4 op (blocks of 4 along axis 1) gets a
// scale with 2 rows for an x with 3.
// CHECK: qdq.dequantize_linear at {{.*}}dq-r11-blocked-dim.mlir:[[#@LINE+6]]:8: blocked scale has 2 entries in dim 0 but x has 3 (only axis 1 is blocked) (DQ-R11)
// CHECK-NOT: data =

func.func private @printMemrefF32(memref<*xf32>)
func.func @dq(%x: tensor<?x8xi4>, %s: tensor<?x2xf32>) -> tensor<?x8xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s block_size = 4 : (tensor<?x8xi4>, tensor<?x2xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

func.func @main() {
  %x = arith.constant dense<1> : tensor<3x8xi4>
  %s = arith.constant dense<2.0> : tensor<2x2xf32>
  %xd = tensor.cast %x : tensor<3x8xi4> to tensor<?x8xi4>
  %sd = tensor.cast %s : tensor<2x2xf32> to tensor<?x2xf32>
  %y = call @dq(%xd, %sd) : (tensor<?x8xi4>, tensor<?x2xf32>) -> tensor<?x8xf32>
  %m = bufferization.to_buffer %y : tensor<?x8xf32> to memref<?x8xf32>
  %u = memref.cast %m : memref<?x8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
