// Bad option values end in a diagnostic and a non-zero exit.
// RUN: not qdq-opt %s --convert-qdq-to-vector="vector-bits=384" 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not qdq-opt %s --convert-qdq-to-vector="num-threads=0" 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not qdq-opt %s --convert-qdq-to-vector="unroll=-2" 2>&1 | FileCheck %s --check-prefix=UNROLLNEG
// RUN: not qdq-opt %s --convert-qdq-to-vector="unroll=17" 2>&1 | FileCheck %s --check-prefix=UNROLL17
// RUN: not qdq-opt %s --qdq-to-llvm="vector-unroll=-1" 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not qdq-opt %s --qdq-to-llvm="cpu-features=sse9" 2>&1 | FileCheck %s --check-prefix=FEATURES
// RUN: not qdq-opt %s --qdq-to-llvm="cpu-features=sse9 vectorize=0" 2>&1 | FileCheck %s --check-prefix=FEATURES
// RUN: not qdq-opt %s --convert-qdq-to-vector="f16-stores=paired" 2>&1 | FileCheck %s --check-prefix=F16STORES
// RUN: not qdq-opt %s --qdq-to-llvm="f16-stores=" 2>&1 | FileCheck %s --check-prefix=F16EMPTY
// RUN: not qdq-opt %s --convert-qdq-to-vector="period-tile=-1" 2>&1 | FileCheck %s --check-prefix=TILENEG
// RUN: not qdq-opt %s --qdq-to-llvm="period-tile=17" 2>&1 | FileCheck %s --check-prefix=TILE17
// RUN: not qdq-opt %s --convert-qdq-to-vector="tiny-products-min-bytes=-2" 2>&1 | FileCheck %s --check-prefix=TINY
// RUN: not qdq-opt %s --qdq-to-llvm="tiny-products-min-bytes=-5" 2>&1 | FileCheck %s --check-prefix=TINYPIPE
// RUN: not qdq-opt %s --convert-qdq-to-vector="subnormal-branch=2" 2>&1 | FileCheck %s --check-prefix=BRANCH
// RUN: not qdq-opt %s --qdq-to-llvm="subnormal-branch=-2" 2>&1 | FileCheck %s --check-prefix=BRANCHPIPE
// RUN: not qdq-opt %s --convert-qdq-to-vector="per-tensor-bf16-table=2" 2>&1 | FileCheck %s --check-prefix=BF16TABLE
// RUN: not qdq-opt %s --qdq-to-llvm="per-tensor-bf16-table=-3" 2>&1 | FileCheck %s --check-prefix=BF16TABLEPIPE
// RUN: not qdq-opt %s --convert-qdq-to-vector="code-table-min-blocks=-2" 2>&1 | FileCheck %s --check-prefix=CODES
// RUN: not qdq-opt %s --qdq-to-llvm="code-table-min-blocks=-3" 2>&1 | FileCheck %s --check-prefix=CODESPIPE
// RUN: not qdq-opt %s --convert-qdq-to-vector="code-select-max-table-bytes=-1" 2>&1 | FileCheck %s --check-prefix=CHOICES
// RUN: not qdq-opt %s --qdq-to-llvm="code-select-max-table-bytes=-5" 2>&1 | FileCheck %s --check-prefix=CHOICESPIPE

// BITS:     error: vector-bits must be 128, 256 or 512, got 384
// THREADS:  error: num-threads must be at least 1, got 0
// UNROLLNEG: error: unroll (vector-unroll of --qdq-to-llvm) must be in [0, 16], got -2
// UNROLL17: error: unroll (vector-unroll of --qdq-to-llvm) must be in [0, 16], got 17
// PIPELINE: error: unroll (vector-unroll of --qdq-to-llvm) must be in [0, 16], got -1
// FEATURES: error: cpu-features: unknown feature 'sse9'
// F16STORES: error: f16-stores must be host, per-register, separate, joined or joined-for-32-bit-x, got 'paired'
// F16EMPTY: error: f16-stores must be host, per-register, separate, joined or joined-for-32-bit-x, got ''
// TILENEG:  error: period-tile must be in [0, 16], got -1
// TILE17:   error: period-tile must be in [0, 16], got 17
// TINY:     error: tiny-products-min-bytes must be -1 or more, got -2
// TINYPIPE: error: tiny-products-min-bytes must be -1 or more, got -5
// BRANCH:   error: subnormal-branch must be -1, 0 or 1, got 2
// BRANCHPIPE: error: subnormal-branch must be -1, 0 or 1, got -2
// BF16TABLE: error: per-tensor-bf16-table must be -1, 0 or 1, got 2
// BF16TABLEPIPE: error: per-tensor-bf16-table must be -1, 0 or 1, got -3
// CODES:    error: code-table-min-blocks must be -1 or more, got -2
// CODESPIPE: error: code-table-min-blocks must be -1 or more, got -3
// CHOICES:    error: code-select-max-table-bytes must be 0 or more, got -1
// CHOICESPIPE: error: code-select-max-table-bytes must be 0 or more, got -5
func.func @f(%x: tensor<64xi8>, %s: tensor<f32>) -> tensor<64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xi8>, tensor<f32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}
