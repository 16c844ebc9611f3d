// Streaming stores of f16 results computed in f16 (AVX512_FP16: vcvtw2ph,
// vmulph), down to machine code: they must still be stored with vmovnt*
// (LLVM 22 alone would emit normal stores for f16-typed vectors, which
// AVX512_FP16 makes legal; see NontemporalHalfStores), then one fence. No
// pass over the scales: one loop.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw,avx512fp16" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+avx512fp16 | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw,avx512fp16 nontemporal-min-bytes=-1" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+avx512fp16 | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: large_f16:
// CHECK:       vcvtw2ph
// CHECK:       vmulph
// CHECK:       vmovnt{{ps|dq}} %zmm
// CHECK:       jle
// CHECK:       {{mfence|lock.*orl}}
// CHECK-LABEL: .Lfunc_end0:
// OFF-LABEL:   large_f16:
// OFF:         vmulph
// OFF-NOT:     vmovnt
// OFF-LABEL:   .Lfunc_end0:

// 16 Mi f16 = 32 MiB, per-axis along the innermost dim.
func.func @large_f16(%x: tensor<262144x64xi8>, %s: tensor<64xf16>, %z: tensor<64xi8>) -> tensor<262144x64xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<262144x64xi8>, tensor<64xf16>, tensor<64xi8>) -> tensor<262144x64xf16>
  return %y : tensor<262144x64xf16>
}
