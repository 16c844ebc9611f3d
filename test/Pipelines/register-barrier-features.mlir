// Code with register barriers compiles for a generic x86-64 CPU (llc with
// no -mcpu or -mattr, as an embedder's JIT or the calling-convention tests
// do): each function holding a barrier wider than an xmm register carries
// the features of that register. Without them llc fails with "couldn't
// allocate output register for constraint 'v'" (CI on Zen 3, 2026-11-28:
// the AVX2 broadcast of a lone 16-byte unpack_bits window).
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2" -o %t.avx2.mlir
// RUN: FileCheck %s --check-prefix=AVX2 < %t.avx2.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.avx2.mlir | llc -O2 -filetype=obj -mtriple=x86_64-unknown-linux-gnu -o /dev/null
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw,f16c f16-stores=separate" -o %t.avx512.mlir
// RUN: FileCheck %s --check-prefix=AVX512 < %t.avx512.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.avx512.mlir | llc -O2 -filetype=obj -mtriple=x86_64-unknown-linux-gnu -o /dev/null
// The other feature sets the lowering has paths for compile the same way
// (byte permutes and bf16 conversion on 512 bits; 128-bit vectors).
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16,f16c" | mlir-translate --mlir-to-llvmir | llc -O2 -filetype=obj -mtriple=x86_64-unknown-linux-gnu -o /dev/null
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=128 cpu-features=ssse3,f16c" | mlir-translate --mlir-to-llvmir | llc -O2 -filetype=obj -mtriple=x86_64-unknown-linux-gnu -o /dev/null
// The streaming-store barriers of half results (NontemporalHalfStores) are
// as wide as the registers the features give: AVX512_FP16 without AVX512F
// (as dq-native-f16.mlir asks for, run on AVX2 hosts) takes ymm barriers, so
// the function does not need +avx512f (it did, and died with SIGILL on the
// Zen 3 VM, 2026-12-02).
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx2,f16c,avx512fp16 nontemporal-min-bytes=1" -o %t.fp16.mlir
// RUN: FileCheck %s --check-prefix=FP16 < %t.fp16.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.fp16.mlir | llc -O2 -filetype=obj -mtriple=x86_64-unknown-linux-gnu -o /dev/null

// Per-axis packed uint4, with AVX2 one 16-byte window broadcast to both
// 128-bit lanes behind a 256-bit barrier.
// AVX2-LABEL: llvm.func @per_axis_ui4
// AVX2-SAME: target_features = #llvm.target_features<["+avx"]>
// AVX2: llvm.inline_asm "", "=v,0" %{{.*}} : (vector<32xi8>) -> vector<32xi8>
func.func @per_axis_ui4(%x: tensor<3x7xui4>, %s: tensor<3xf32>, %z: tensor<3xui4>) -> tensor<3x7xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<3x7xui4>, tensor<3xf32>, tensor<3xui4>) -> tensor<3x7xf32>
  return %y : tensor<3x7xf32>
}

// f16 results with separate stores on 512-bit registers: each 16-lane
// vcvtps2ph result (a ymm) goes through a barrier.
// AVX512-LABEL: llvm.func @f16_separate
// AVX512-SAME: target_features = #llvm.target_features<["+avx"]>
// AVX512: llvm.inline_asm "", "=v,0" %{{.*}} : (vector<16xi16>) -> vector<16xi16>
func.func @f16_separate(%x: tensor<4096xi8>, %s: tensor<f32>) -> tensor<4096xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi8>, tensor<f32>) -> tensor<4096xf16>
  return %y : tensor<4096xf16>
}

// Blocked packed int4 and fp8 with bf16 results: block tables, the fp8
// decode and the bf16 rounding, under every feature set above.
func.func @blocked_i4_bf16(%x: tensor<8x96xi4>, %s: tensor<8x3xbf16>, %z: tensor<8x3xi4>) -> tensor<8x96xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 block_size = 32 : (tensor<8x96xi4>, tensor<8x3xbf16>, tensor<8x3xi4>) -> tensor<8x96xbf16>
  return %y : tensor<8x96xbf16>
}

func.func @fp8_bf16(%x: tensor<4096xf8E4M3FN>, %s: tensor<bf16>) -> tensor<4096xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xf8E4M3FN>, tensor<bf16>) -> tensor<4096xbf16>
  return %y : tensor<4096xbf16>
}

// Streaming f16 results computed in f16, on 512-bit vectors without AVX512F.
// FP16-LABEL: llvm.func @f16_streaming
// FP16-SAME: target_features = #llvm.target_features<["+avx"]>
// FP16-NOT: llvm.func
// FP16: llvm.inline_asm "", "=v,0" %{{.*}} : (vector<16xi16>) -> vector<16xi16>
// FP16-NOT: vector<32xi16>) -> vector<32xi16>
// FP16: llvm.fence
func.func @f16_streaming(%x: tensor<4096xi8>, %s: tensor<f16>) -> tensor<4096xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi8>, tensor<f16>) -> tensor<4096xf16>
  return %y : tensor<4096xf16>
}
