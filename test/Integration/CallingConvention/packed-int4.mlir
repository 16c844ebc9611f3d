// A C++ program calls generated code through the documented calling
// convention (README, "Calling convention"): memref descriptors with
// identity layout, packed int4 data, the result returned through a
// descriptor the callee fills. The expected values are computed by the
// driver itself from the plain formula, independently of qdq.
//
// RUN: qdq-opt %s --qdq-to-llvm | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: llc -O2 -filetype=obj -relocation-model=pic -mtriple=x86_64-unknown-linux-gnu %t.ll -o %t.o
// RUN: c++ -std=c++17 %S/Inputs/packed_int4_driver.cpp %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s

// CHECK: dequantize_blocked: 3x7 elements bit-exact
// CHECK: dequantize_per_axis: 3x7 elements bit-exact
// CHECK-NOT: MISMATCH

// Blocked along the odd inner dim (7 = 3 + 3 + 1): packed pairs straddle
// rows, the last block is partial.
func.func @dequantize_blocked(%x: tensor<?x7xi4>, %s: tensor<?x3xf32>, %z: tensor<?x3xi4>) -> tensor<?x7xf32> attributes {llvm.emit_c_interface} {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 3 : (tensor<?x7xi4>, tensor<?x3xf32>, tensor<?x3xi4>) -> tensor<?x7xf32>
  return %y : tensor<?x7xf32>
}

// Per-axis along the outer axis, unsigned, f32 scale.
func.func @dequantize_per_axis(%x: tensor<3x7xui4>, %s: tensor<3xf32>, %z: tensor<3xui4>) -> tensor<3x7xf32> attributes {llvm.emit_c_interface} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<3x7xui4>, tensor<3xf32>, tensor<3xui4>) -> tensor<3x7xf32>
  return %y : tensor<3x7xf32>
}
