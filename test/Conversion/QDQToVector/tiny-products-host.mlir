// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=%if host-cpu-znver{{.*}} %{ZEN%} %else %{OTHER%}
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver4 --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=ZEN
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver5 --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=ZEN
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=OTHER
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=2097152 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=ZEN
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver4 --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=1 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=OTHER
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --qdq-to-llvm="cpu-features=avx512f,avx512bw,avx512bf16 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=OTHER-LLVM

// The default of tiny-products-min-bytes (0: getHostTinyProductsMinBytes)
// follows the host CPU (--qdq-tune-cpu names it whatever the host): on AMD
// Zen cores only ops that move at least 2 MiB of x and y compute the
// products of bf16 x below 2^-126 apart (KernelBuilder::tinyProducts); on
// other AVX-512 cores, whose microcode assists for f32 subnormal products
// cost far more, every op does. An explicit threshold wins over the
// host's.

// 64 Ki elements, 384 KiB of x and y: the fma on the subnormal grid, then
// the masked multiply, only off Zen.
// ZEN-LABEL: func.func @pt_f32_64ki
// ZEN-NOT: vector.fma
// ZEN: arith.mulf %{{.*}} : vector<16xf32>
// ZEN-NOT: vector.fma
// ZEN: return
// OTHER-LABEL: func.func @pt_f32_64ki
// OTHER: %[[R:.*]] = vector.fma
// OTHER: %[[RBITS:.*]] = arith.bitcast %[[R]] : vector<16xf32> to vector<16xi32>
// OTHER: arith.subi %[[RBITS]]
// OTHER: return
// OTHER-LLVM-LABEL: llvm.func @pt_f32_64ki
// OTHER-LLVM: llvm.intr.fmuladd
func.func @pt_f32_64ki(%x: tensor<65536xbf16>, %s: tensor<f32>) -> tensor<65536xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<65536xbf16>, tensor<f32>) -> tensor<65536xf32>
  return %y : tensor<65536xf32>
}

// -----

// bf16 results take the form on every host (with AVX512_BF16).
// ZEN-LABEL: func.func @pt_bf16_small
// ZEN: vector.fma
// OTHER-LABEL: func.func @pt_bf16_small
// OTHER: vector.fma
// OTHER-LLVM-LABEL: llvm.func @pt_bf16_small
func.func @pt_bf16_small(%x: tensor<64xbf16>, %s: tensor<f32>) -> tensor<64xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xbf16>, tensor<f32>) -> tensor<64xbf16>
  return %y : tensor<64xbf16>
}
