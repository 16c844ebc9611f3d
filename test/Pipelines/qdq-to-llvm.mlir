// RUN: qdq-opt %s --qdq-to-llvm | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// The pipeline leaves nothing but the LLVM dialect, and a public function
// with llvm.emit_c_interface gets its C wrapper.
// CHECK-NOT: qdq.
// CHECK-NOT: linalg.
// CHECK-NOT: memref.
// CHECK-NOT: tensor.
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.func @dequantize(
// CHECK: llvm.func @_mlir_ciface_dequantize(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)

// LLVMIR: define void @_mlir_ciface_dequantize(ptr %0, ptr %1, ptr %2, ptr %3)
func.func @dequantize(%x: tensor<?x5xi4>, %s: tensor<5xf32>, %z: tensor<5xi4>) -> tensor<?x5xf32> attributes {llvm.emit_c_interface} {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x5xi4>, tensor<5xf32>, tensor<5xi4>) -> tensor<?x5xf32>
  return %y : tensor<?x5xf32>
}
