// f16 results: each register's vcvtps2ph stores to memory itself, in the
// unrolled SIMD steps of per-tensor, per-axis and per-row loops, with no
// shuffle joining two narrowed registers first (what one write of a whole
// step of 64 f16 gave: two vinsertf64x4 per step). Machine code for an
// AVX-512 target, whatever the host.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+f16c | FileCheck %s

// CHECK-LABEL: per_tensor:
// CHECK-NOT:   vinsertf64x4
// CHECK-COUNT-4: vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// CHECK-NOT:   vinsertf64x4
// CHECK:       .cfi_endproc
func.func @per_tensor(%x: tensor<4096xi32>, %s: tensor<f16>) -> tensor<4096xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi32>, tensor<f16>) -> tensor<4096xf16>
  return %y : tensor<4096xf16>
}

// CHECK-LABEL: per_axis:
// CHECK-NOT:   vinsertf64x4
// CHECK-COUNT-4: vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// CHECK-NOT:   vinsertf64x4
// CHECK:       .cfi_endproc
func.func @per_axis(%x: tensor<64x64xi16>, %s: tensor<64xf16>, %z: tensor<64xi16>) -> tensor<64x64xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<64x64xi16>, tensor<64xf16>, tensor<64xi16>) -> tensor<64x64xf16>
  return %y : tensor<64x64xf16>
}

// CHECK-LABEL: per_row:
// CHECK-NOT:   vinsertf64x4
// CHECK-COUNT-4: vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// CHECK-NOT:   vinsertf64x4
// CHECK:       .cfi_endproc
func.func @per_row(%x: tensor<64x4096xi32>, %s: tensor<64xf16>) -> tensor<64x4096xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<64x4096xi32>, tensor<64xf16>) -> tensor<64x4096xf16>
  return %y : tensor<64x4096xf16>
}
