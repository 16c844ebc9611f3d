// The SIMD width reaches LLVM: code vectorized for 256 bits stays in ymm
// registers when compiled for a CPU with AVX-512 (LLVM would otherwise join
// its vectors into zmm), and code for 512 bits uses zmm.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=avx2" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=skylake-avx512 | FileCheck %s --check-prefix=YMM
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx2,avx512f" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=skylake-avx512 | FileCheck %s --check-prefix=ZMM

// YMM-LABEL: per_tensor_i32:
// YMM-NOT:   zmm
// YMM:       vcvtdq2ps {{.*}}%ymm
// YMM-NOT:   zmm
// YMM:       vmulps {{.*}}%ymm
// YMM-NOT:   zmm
// YMM-LABEL: .Lfunc_end0:
// ZMM-LABEL: per_tensor_i32:
// ZMM:       vcvtdq2ps {{.*}}%zmm
// ZMM:       vmulps {{.*}}%zmm
func.func @per_tensor_i32(%x: tensor<4096xi32>, %s: tensor<f32>) -> tensor<4096xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi32>, tensor<f32>) -> tensor<4096xf32>
  return %y : tensor<4096xf32>
}
