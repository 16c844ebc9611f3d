// RUN: qdq-opt %s --qdq-to-llvm | FileCheck %s --check-prefix=FOLD
// RUN: qdq-opt %s --qdq-to-llvm="fold-max-elements=6" | FileCheck %s --check-prefix=FOLD
// RUN: qdq-opt %s --qdq-to-llvm="fold-max-elements=-1" | FileCheck %s --check-prefix=FOLD
// RUN: qdq-opt %s --qdq-to-llvm="fold-max-elements=5" | FileCheck %s --check-prefix=KEEP
// RUN: qdq-opt %s --qdq-to-llvm="fold=false" | FileCheck %s --check-prefix=KEEP

// The pipeline options `fold` and `fold-max-elements` of --qdq-to-llvm reach
// --qdq-fold-constants (its own options: test/Transforms/fold-constants.mlir).
// A constant op of 6 result elements is folded up to a cap of 6 (and with
// no cap) into the result's global; below that, or without folding, x, the
// scales and the zero points stay globals and the function computes.

// Blocked int4 with zero points, blocks of 2 along axis 1:
// [[(-8 - 1) * 0.5, (7 - 1) * 0.5, (2 - 0) * 0.25],
//  [(0 + 2) * 0.125, (1 + 2) * 0.125, (3 + 7) * 0.0625]].
// FOLD:     llvm.mlir.global private constant @{{.*}}(dense<{{\[}}[-4.500000e+00, 3.000000e+00, 5.000000e-01], [2.500000e-01, 3.750000e-01, 6.250000e-01]]> : tensor<2x3xf32>)
// FOLD-NOT: tensor<3xi8>
// FOLD:     llvm.func @blocked_int4
// FOLD-NOT: llvm.fmul
// FOLD:     llvm.return

// x packed two codes per byte, low nibble first: 0x78 = (7, -8), 0x02 = (0,
// 2), 0x31 = (3, 1).
// KEEP-NOT: tensor<2x3xf32>)
// KEEP:     llvm.mlir.global private constant @{{.*}}(dense<[120, 2, 49]> : tensor<3xi8>)
// KEEP-NOT: tensor<2x3xf32>)
// KEEP:     llvm.func @blocked_int4
// KEEP:     llvm.fmul
func.func @blocked_int4() -> tensor<2x3xf32> {
  %x = arith.constant dense<[[-8, 7, 2], [0, 1, 3]]> : tensor<2x3xi4>
  %s = arith.constant dense<[[0.5, 0.25], [0.125, 0.0625]]> : tensor<2x2xf32>
  %z = arith.constant dense<[[1, 0], [-2, -7]]> : tensor<2x2xi4>
  %y = qdq.dequantize_linear %x, %s, %z block_size = 2
      : (tensor<2x3xi4>, tensor<2x2xf32>, tensor<2x2xi4>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
