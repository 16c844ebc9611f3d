// The README's main example, executed. Expected values worked out by hand:
// row 0, block 0: (w - 0) * 0.5; block 1: (w - 1) * 0.25. Row 1: (w + 1) * 2,
// (w - 2) * 1.5. Row 2: (w - 3) * 0.125, (w + 4) * -1. Row 3: w * 1,
// (w - 7) * 0.75. fp8 E4M3FN codes times 2: 0, 0.5, 1, 448, -104, -0, NaN,
// 2^-9.
//
// RUN: qdq-opt %qdq_src_root/examples/int4-blocked-weights.mlir --qdq-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// The machine code run-example.sh summarizes after the results, here for a
// fixed AVX2 target (x86-64-v3) instead of the host: both kernels use ymm
// registers and no zmm; the int4 weights are sign-extended with vector shifts
// (vpsrad), their f16 scales widened by vcvtph2ps and the products taken by
// vmulps on ymm; the fp8 activation's bits are moved by vector shifts
// (vpslld). No other function is compiled.
// RUN: qdq-opt %qdq_src_root/examples/int4-blocked-weights.mlir --qdq-to-llvm="vector-bits=256 cpu-features=avx2" | mlir-translate --mlir-to-llvmir | opt -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 | %python %qdq_src_root/scripts/simd_summary.py | FileCheck %s --check-prefix=SIMD
// SIMD:      dequantize_weights: {{[0-9]+}} instructions, {{[0-9]+}} of them on vector registers (xmm/ymm/zmm: {{[0-9]+}}/{{[1-9][0-9]*}}/0), widest 256 bits; vector operations: {{.*}}vcvtph2ps({{[0-9]+}})
// SIMD-SAME: vmulps({{[1-9][0-9]*}})
// SIMD-SAME: vpsrad(
// SIMD-NEXT: dequantize_activation: {{.*}}, widest 256 bits; vector operations: {{.*}}vmulps({{[0-9]+}}){{.*}} vpslld({{.*}}
// SIMD-NOT:  {{.}}

// CHECK:      sizes = [4, 16]
// CHECK-NEXT: {{\[\[}}-4, -3.5, -3, -2.5, -2, -1.5, -1, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5],
// CHECK-NEXT:  [16, 16, 16, 16, 2, 2, 2, 2, -15, -15, -15, -15, -1.5, 0, 1.5, 3],
// CHECK-NEXT:  [-0.25, -0.125, 0, 0.125, 0.25, 0.375, 0.5, -1.375, -5, -6, -7, -8, -9, -10, -11, 4],
// CHECK-NEXT:  [0, 0, 0, 0, 0, 0, 0, 0, 0, -0.75, -1.5, -2.25, -3, -3.75, -4.5, -5.25]]
// CHECK:      sizes = [8]
// CHECK-NEXT: [0, 1, 2, 896, -208, -0, nan, 0.00390625]
