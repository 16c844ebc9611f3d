// f16 results with f16-stores=per-register (the host default outside Zen
// 3 and Zen 5): each register's vcvtps2ph stores to memory itself, in the
// unrolled SIMD steps of per-tensor, per-axis and per-row loops, with no
// shuffle joining two narrowed registers first. With f16-stores=separate
// (the host default on Zen 3 and Zen 5, where vcvtps2ph to memory is
// slow) each vcvtps2ph
// narrows into a register, which its own 32-byte store writes (an empty
// inline asm between the two keeps LLVM from folding them). With
// f16-stores=joined every vcvtps2ph narrows into a register and pairs of
// them are joined into one 512-bit store (two vinserti64x4 per step of
// 64). Machine code for an AVX-512 target, whatever the host.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw f16-stores=per-register" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+f16c | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw f16-stores=joined" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+f16c | FileCheck %s --check-prefix=JOINED
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw f16-stores=separate" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+f16c | FileCheck %s --check-prefix=SEP
// The host default (f16-stores=host): separate stores on znver3 and
// znver5, the memory form elsewhere.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+f16c | FileCheck %s --check-prefix=%if host-cpu-znver3 || host-cpu-znver5 %{SEP%} %else %{CHECK%}
// Without AVX2 or AVX-512 among the cpu-features (portable code), separate
// keeps the memory form: no inline asm, which names an x86 register.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=none f16-stores=separate" | FileCheck %s --check-prefix=PORTABLE
// joined-for-32-bit-x joins the writes of i32 x (per_tensor, per_row) and
// keeps one vcvtps2ph to memory per register for i16 x (per_axis).
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw f16-stores=joined-for-32-bit-x" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx512f,+avx512bw,+avx512vl,+f16c | FileCheck %s --check-prefix=WIDE

// WIDE-LABEL: per_tensor:
// WIDE-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// WIDE:       vinsert{{[fi]}}64x4
// WIDE-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// WIDE:       .cfi_endproc
// WIDE-LABEL: per_axis:
// WIDE-NOT:   vinsert{{[fi]}}64x4
// WIDE-COUNT-4: vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// WIDE-NOT:   vinsert{{[fi]}}64x4
// WIDE:       .cfi_endproc
// WIDE-LABEL: per_row:
// WIDE-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// WIDE:       vinsert{{[fi]}}64x4
// WIDE-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// WIDE:       .cfi_endproc

// PORTABLE-LABEL: llvm.func @per_tensor
// PORTABLE-NOT: llvm.inline_asm
// PORTABLE:     llvm.fptrunc %{{.*}} : vector<16xf32> to vector<16xf16>
// PORTABLE-NOT: llvm.inline_asm
// PORTABLE-LABEL: llvm.func @per_axis
// PORTABLE-NOT: llvm.inline_asm
// PORTABLE:     llvm.fptrunc %{{.*}} : vector<16xf32> to vector<16xf16>
// PORTABLE-NOT: llvm.inline_asm

// SEP-LABEL: per_tensor:
// SEP-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// SEP-NOT:   vinsert{{[fi]}}64x4
// SEP:       vcvtps2ph $4, %zmm{{[0-9]+}}, %ymm[[R:[0-9]+]]
// SEP:       vmov{{[a-z0-9]+}} %ymm[[R]], {{-?[0-9]*}}(%r
// SEP-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// SEP-NOT:   vinsert{{[fi]}}64x4
// SEP:       .cfi_endproc
// SEP-LABEL: per_axis:
// SEP-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// SEP-NOT:   vinsert{{[fi]}}64x4
// SEP:       vcvtps2ph $4, %zmm{{[0-9]+}}, %ymm[[R:[0-9]+]]
// SEP:       vmov{{[a-z0-9]+}} %ymm[[R]], {{-?[0-9]*}}(%r
// SEP-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// SEP-NOT:   vinsert{{[fi]}}64x4
// SEP:       .cfi_endproc
// SEP-LABEL: per_row:
// SEP-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// SEP-NOT:   vinsert{{[fi]}}64x4
// SEP:       vcvtps2ph $4, %zmm{{[0-9]+}}, %ymm[[R:[0-9]+]]
// SEP:       vmov{{[a-z0-9]+}} %ymm[[R]], {{-?[0-9]*}}(%r
// SEP-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// SEP-NOT:   vinsert{{[fi]}}64x4
// SEP:       .cfi_endproc

// JOINED-LABEL: per_tensor:
// JOINED-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// JOINED-COUNT-2: vinsert{{[fi]}}64x4 $1, %ymm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// JOINED-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// JOINED:       .cfi_endproc
// JOINED-LABEL: per_axis:
// JOINED-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// JOINED-COUNT-2: vinsert{{[fi]}}64x4 $1, %ymm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// JOINED-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// JOINED:       .cfi_endproc
// JOINED-LABEL: per_row:
// JOINED-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// JOINED-COUNT-2: vinsert{{[fi]}}64x4 $1, %ymm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// JOINED-NOT:   vcvtps2ph $4, %zmm{{[0-9]+}}, {{-?[0-9]*}}(%r
// JOINED:       .cfi_endproc

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
