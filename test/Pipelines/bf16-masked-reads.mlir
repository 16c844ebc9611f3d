// Masked reads of bf16 (row tails of scales, dynamic rows of x) read the bits
// as i16: LLVM 22 lowers a masked load of bf16 lanes on x86 without
// AVX512_BF16 through f32, calling __truncsfbf2, which libgcc 12 and
// qdq-onnx-run's JIT do not provide (seen on a Zen 3 host, where these
// kernels failed to link). Checked at both SIMD widths, for a target without
// AVX512_BF16.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=avx2" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+fma,+f16c | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+f16c | FileCheck %s

// CHECK-NOT:   __truncsfbf2
// CHECK-LABEL: blocked_bf16_scale:
// CHECK-NOT:   __truncsfbf2
// CHECK-LABEL: per_axis_bf16_x:
// CHECK-NOT:   __truncsfbf2
func.func @blocked_bf16_scale(%x: tensor<?x?xi8>, %s: tensor<?x?xbf16>) -> tensor<?x?xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 2 : (tensor<?x?xi8>, tensor<?x?xbf16>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @per_axis_bf16_x(%x: tensor<?x?xbf16>, %s: tensor<?xbf16>) -> tensor<?x?xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<?x?xbf16>, tensor<?xbf16>) -> tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
