// The README's main example, executed. Expected values worked out by hand:
// row 0, block 0: (w - 0) * 0.5; block 1: (w - 1) * 0.25. Row 1: (w + 1) * 2,
// (w - 2) * 1.5. Row 2: (w - 3) * 0.125, (w + 4) * -1. Row 3: w * 1,
// (w - 7) * 0.75. fp8 E4M3FN codes times 2: 0, 0.5, 1, 448, -104, -0, NaN,
// 2^-9.
//
// RUN: qdq-opt %qdq_src_root/examples/int4-blocked-weights.mlir --qdq-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// CHECK:      sizes = [4, 16]
// CHECK-NEXT: {{\[\[}}-4, -3.5, -3, -2.5, -2, -1.5, -1, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5],
// CHECK-NEXT:  [16, 16, 16, 16, 2, 2, 2, 2, -15, -15, -15, -15, -1.5, 0, 1.5, 3],
// CHECK-NEXT:  [-0.25, -0.125, 0, 0.125, 0.25, 0.375, 0.5, -1.375, -5, -6, -7, -8, -9, -10, -11, 4],
// CHECK-NEXT:  [0, 0, 0, 0, 0, 0, 0, 0, 0, -0.75, -1.5, -2.25, -3, -3.75, -4.5, -5.25]]
// CHECK:      sizes = [8]
// CHECK-NEXT: [0, 1, 2, 896, -208, -0, nan, 0.00390625]
