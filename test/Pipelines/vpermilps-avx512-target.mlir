// 4-entry f32 lookups of 2-bit x (vpermilps) built for 256-bit vectors and
// compiled for a CPU with AVX-512 (as on an AVX-512 host at
// vector-bits=256): each lookup's index goes through an empty inline asm,
// without which LLVM 22 joined two lookups' indices into a 512-bit f32
// `and` it could not select ("LLVM ERROR: Cannot select: v16f32 = and"),
// for every AVX-512 CPU at -O2 and -O3. The same code for an AVX2 CPU.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2" | mlir-translate --mlir-to-llvmir | opt -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=skylake-avx512 | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=skylake-avx512 | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2" | mlir-translate --mlir-to-llvmir | opt -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver5 | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver5 | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2" | mlir-translate --mlir-to-llvmir | opt -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 | FileCheck %s

// CHECK-LABEL: tensor_i2:
// CHECK:       vpermilps %ymm
// CHECK-LABEL: .Lfunc_end0:
func.func @tensor_i2(%x: tensor<207xi2>, %s: tensor<f32>, %z: tensor<i2>) -> tensor<207xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<207xi2>, tensor<f32>, tensor<i2>) -> tensor<207xf32>
  return %y : tensor<207xf32>
}

// CHECK-LABEL: rows_u2:
// CHECK:       vpermilps %ymm
func.func @rows_u2(%x: tensor<3x80xui2>, %s: tensor<3xf32>, %z: tensor<3xui2>) -> tensor<3x80xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<3x80xui2>, tensor<3xf32>, tensor<3xui2>) -> tensor<3x80xf32>
  return %y : tensor<3x80xf32>
}
