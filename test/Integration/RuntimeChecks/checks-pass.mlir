// RUN: qdq-opt %s --qdq-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm | FileCheck %s --check-prefix=IR
// RUN: qdq-opt %s --qdq-to-llvm=runtime-checks=false | FileCheck %s --check-prefix=OFF

// Sizes that agree at run time pass every check, including a partial last
// block, a zero-size x (ceil(0 / B) = 0 blocks) and a [?] zero point of one
// element.
// IR: llvm.call @dprintf
// IR: llvm.call @abort
// With runtime-checks=false nothing is checked or printed.
// OFF-NOT: dprintf
// OFF-NOT: abort

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printString(!llvm.ptr)
func.func private @printI64(i64)
func.func private @printNewline()
llvm.mlir.global internal constant @empty_label("empty result: \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @times(" x \00") {addr_space = 0 : i32}

// Per-axis along the dynamic axis 1 with a dynamic zero point.
func.func @per_axis(%x: tensor<2x?xi8>, %s: tensor<?xf32>, %z: tensor<?xi8>) -> tensor<2x?xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<2x?xi8>, tensor<?xf32>, tensor<?xi8>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

// Blocked along axis 0, blocks of 2 over 5 rows: 3 blocks, the last partial.
func.func @blocked(%x: tensor<?x?xui8>, %s: tensor<?x?xf32>, %z: tensor<?x?xui8>) -> tensor<?x?xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 block_size = 2 : (tensor<?x?xui8>, tensor<?x?xf32>, tensor<?x?xui8>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Per-tensor with a [?] zero point.
func.func @per_tensor(%x: tensor<?xi8>, %s: tensor<f32>, %z: tensor<?xi8>) -> tensor<?xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?xi8>, tensor<f32>, tensor<?xi8>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// Blocked 1-D with a scalar zero point: the [?] scale must hold one entry.
func.func @blocked_scalar_zp(%x: tensor<?xi8>, %s: tensor<?xf32>, %z: tensor<i8>) -> tensor<?xf32>
    attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 block_size = 8 : (tensor<?xi8>, tensor<?xf32>, tensor<i8>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

func.func @print(%y: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %y : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [-1,   0,   3],
  // CHECK-NEXT: [2,   3,   7.5]
  %x1 = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi8>
  %s1 = arith.constant dense<[1.0, 1.0, 1.5]> : tensor<3xf32>
  %z1 = arith.constant dense<[1, 1, 0]> : tensor<3xi8>
  %x1d = tensor.cast %x1 : tensor<2x3xi8> to tensor<2x?xi8>
  %s1d = tensor.cast %s1 : tensor<3xf32> to tensor<?xf32>
  %z1d = tensor.cast %z1 : tensor<3xi8> to tensor<?xi8>
  %y1 = call @per_axis(%x1d, %s1d, %z1d) : (tensor<2x?xi8>, tensor<?xf32>, tensor<?xi8>) -> tensor<2x?xf32>
  %y1d = tensor.cast %y1 : tensor<2x?xf32> to tensor<?x?xf32>
  call @print(%y1d) : (tensor<?x?xf32>) -> ()

  // CHECK: sizes = [5, 1]
  // CHECK-NEXT: [10],
  // CHECK-NEXT: [12],
  // CHECK-NEXT: [0.25],
  // CHECK-NEXT: [0.5],
  // CHECK-NEXT: [-7]
  %x2 = arith.constant dense<[[15], [16], [201], [202], [193]]> : tensor<5x1xui8>
  %s2 = arith.constant dense<[[2.0], [0.25], [-1.0]]> : tensor<3x1xf32>
  %z2 = arith.constant dense<[[10], [200], [186]]> : tensor<3x1xui8>
  %x2d = tensor.cast %x2 : tensor<5x1xui8> to tensor<?x?xui8>
  %s2d = tensor.cast %s2 : tensor<3x1xf32> to tensor<?x?xf32>
  %z2d = tensor.cast %z2 : tensor<3x1xui8> to tensor<?x?xui8>
  %y2 = call @blocked(%x2d, %s2d, %z2d) : (tensor<?x?xui8>, tensor<?x?xf32>, tensor<?x?xui8>) -> tensor<?x?xf32>
  call @print(%y2) : (tensor<?x?xf32>) -> ()

  // Zero rows: zero blocks, empty scale and zero point (the sizes of the
  // result are printed: printMemrefF32 reads an element of an empty memref).
  // CHECK: empty result: 0 x 4
  %x3 = tensor.empty() : tensor<0x4xui8>
  %s3 = tensor.empty() : tensor<0x4xf32>
  %z3 = tensor.empty() : tensor<0x4xui8>
  %x3d = tensor.cast %x3 : tensor<0x4xui8> to tensor<?x?xui8>
  %s3d = tensor.cast %s3 : tensor<0x4xf32> to tensor<?x?xf32>
  %z3d = tensor.cast %z3 : tensor<0x4xui8> to tensor<?x?xui8>
  %y3 = call @blocked(%x3d, %s3d, %z3d) : (tensor<?x?xui8>, tensor<?x?xf32>, tensor<?x?xui8>) -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %y3, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %y3, %c1 : tensor<?x?xf32>
  %rows64 = arith.index_cast %rows : index to i64
  %cols64 = arith.index_cast %cols : index to i64
  %label = llvm.mlir.addressof @empty_label : !llvm.ptr
  call @printString(%label) : (!llvm.ptr) -> ()
  call @printI64(%rows64) : (i64) -> ()
  %times = llvm.mlir.addressof @times : !llvm.ptr
  call @printString(%times) : (!llvm.ptr) -> ()
  call @printI64(%cols64) : (i64) -> ()
  call @printNewline() : () -> ()

  // CHECK: sizes = [3]
  // CHECK-NEXT: [9,  18,  27]
  %x4 = arith.constant dense<[4, 7, 10]> : tensor<3xi8>
  %s4 = arith.constant dense<3.0> : tensor<f32>
  %z4 = arith.constant dense<1> : tensor<1xi8>
  %x4d = tensor.cast %x4 : tensor<3xi8> to tensor<?xi8>
  %z4d = tensor.cast %z4 : tensor<1xi8> to tensor<?xi8>
  %y4 = call @per_tensor(%x4d, %s4, %z4d) : (tensor<?xi8>, tensor<f32>, tensor<?xi8>) -> tensor<?xf32>
  %m4 = bufferization.to_buffer %y4 : tensor<?xf32> to memref<?xf32>
  %u4 = memref.cast %m4 : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u4) : (memref<*xf32>) -> ()

  // Five elements, blocks of 8: one partial block, one scale, scalar zero
  // point: (x - 2) * 0.5.
  // CHECK: sizes = [5]
  // CHECK-NEXT: [-1,  -0.5,  0,  0.5,  1]
  %x5 = arith.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi8>
  %s5 = arith.constant dense<0.5> : tensor<1xf32>
  %z5 = arith.constant dense<2> : tensor<i8>
  %x5d = tensor.cast %x5 : tensor<5xi8> to tensor<?xi8>
  %s5d = tensor.cast %s5 : tensor<1xf32> to tensor<?xf32>
  %y5 = call @blocked_scalar_zp(%x5d, %s5d, %z5) : (tensor<?xi8>, tensor<?xf32>, tensor<i8>) -> tensor<?xf32>
  %m5 = bufferization.to_buffer %y5 : tensor<?xf32> to memref<?xf32>
  %u5 = memref.cast %m5 : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u5) : (memref<*xf32>) -> ()
  return
}
