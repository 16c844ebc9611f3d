// Streaming stores of bf16 results, down to machine code: with AVX512_BF16
// the results are rounded with vcvtne2ps2bf16 and must still be stored with
// vmovnt* (LLVM 22 alone would emit normal stores for bf16-typed vectors;
// see NontemporalHalfStores), then one fence. The loops are built twice,
// with the fast paths (vcvtne2ps2bf16) and without (integer rounding), and
// both stream and then reach the same fence.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+avx512bf16 | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16 nontemporal-min-bytes=-1" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+avx512bf16 | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: large_bf16:
// CHECK-NOT:   vcvtne2ps2bf16
// CHECK:       vmovnt{{ps|dq}} %zmm
// CHECK:       jle
// CHECK-NEXT:  [[JOIN:\.LBB0_[0-9]+]]:
// CHECK:       {{mfence|lock.*orl}}
// CHECK:       vcvtne2ps2bf16
// CHECK:       vmovnt{{ps|dq}} %zmm
// CHECK:       jmp [[JOIN]]
// CHECK-LABEL: .Lfunc_end0:
// OFF-LABEL:   large_bf16:
// OFF:         vcvtne2ps2bf16
// OFF-NOT:     vmovnt
// OFF-LABEL:   .Lfunc_end0:

// 16 Mi bf16 = 32 MiB, per-axis along the innermost dim.
func.func @large_bf16(%x: tensor<262144x64xi8>, %s: tensor<64xbf16>, %z: tensor<64xi8>) -> tensor<262144x64xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<262144x64xi8>, tensor<64xbf16>, tensor<64xi8>) -> tensor<262144x64xbf16>
  return %y : tensor<262144x64xbf16>
}
