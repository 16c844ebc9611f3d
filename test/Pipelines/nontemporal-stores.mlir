// The scaled threshold rule with 24 MiB (the default off AMD Zen 3: 24
// MiB of traffic, x, tables and result, for a loop that writes half of it;
// 2 x 24 MiB x the written share in general; the host default is tested in
// test/Transforms/nontemporal-host-rule.mlir) and the machine code it
// leads to: streaming stores (vmovntps) for the large results, normal ones
// for the smaller, and one fence per call (LLVM's x86 backend emits a
// locked instruction or mfence for it). With two threads the threshold
// doubles: @large (40 MiB, 80% written: 76.8 MiB) keeps normal stores,
// @larger (80 MiB) streams. @read_heavy and @write_heavy both move 24 MiB:
// a third of it written (16 MiB needed), i32 -> f16 streams; two thirds
// (32 MiB needed), i16 -> f32 does not. The flat rule from 24 MiB (FLAT)
// streams both. The 256-bit lines name their features: with AVX512_FP16
// (the host's, on some) @large_f16 would take the f16 steps, whose
// streaming stores test/Pipelines/nontemporal-f16.mlir checks.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2,f16c nontemporal-min-bytes=25165824 nontemporal-share-rule=scaled" | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2,f16c nontemporal-min-bytes=25165824 nontemporal-share-rule=scaled" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+f16c | FileCheck %s --check-prefix=ASM
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2,f16c nontemporal-min-bytes=-1" | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=OFF
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2,f16c nontemporal-min-bytes=25165824 nontemporal-share-rule=scaled num-threads=2" | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=T2
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2,f16c nontemporal-min-bytes=25165824 nontemporal-share-rule=flat" | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=FLAT
// 128-bit registers: the f16 steps (4 registers of 4 lanes) write 32 bytes
// at a time and stream too.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=128 nontemporal-min-bytes=25165824 nontemporal-share-rule=scaled" | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=SSE

// IR-LABEL: define {{.*}} @large(
// IR:       store <32 x float> {{.*}}, align 64, !nontemporal
// IR:       fence seq_cst
// IR-LABEL: define {{.*}} @small(
// IR-NOT:   !nontemporal
// IR-NOT:   fence
// IR-LABEL: define {{.*}} @large_f16(
// IR:       store <8 x i16> {{.*}}, align 16, !nontemporal
// IR-LABEL: define {{.*}} @large_table(
// IR:       store <64 x i16> {{.*}}, align 64, !nontemporal
// IR:       fence seq_cst
// IR-LABEL: define {{.*}} @larger(
// IR:       store <32 x float> {{.*}}, align 64, !nontemporal
// IR-LABEL: define {{.*}} @read_heavy(
// IR:       store <{{.*}} x i16> {{.*}}, !nontemporal
// IR:       fence seq_cst
// IR-LABEL: define {{.*}} @write_heavy(
// IR-NOT:   !nontemporal
// IR-NOT:   fence
// IR:       ret
// FLAT-LABEL: define {{.*}} @read_heavy(
// FLAT:       store <{{.*}} x i16> {{.*}}, !nontemporal
// FLAT-LABEL: define {{.*}} @write_heavy(
// FLAT:       store <{{.*}} x float> {{.*}}, !nontemporal
// FLAT:       fence seq_cst
// ASM-LABEL: large:
// ASM:       vmovntps %ymm
// ASM:       {{mfence|lock.*orl}}
// ASM-LABEL: small:
// ASM-NOT:   vmovnt
// ASM-LABEL: large_f16:
// ASM:       vcvtps2ph
// ASM:       vmovntps %xmm
// ASM-LABEL: large_table:
// ASM:       vpshufb
// ASM:       vmovntdq %ymm
// OFF-NOT:   !nontemporal
// SSE-LABEL: define {{.*}} @large_f16(
// SSE:       store <16 x i16> {{.*}}, align 32, !nontemporal
// T2-LABEL: define {{.*}} @large(
// T2-NOT:   !nontemporal
// T2-LABEL: define {{.*}} @small(
// T2-NOT:   !nontemporal
// T2-LABEL: define {{.*}} @large_f16(
// T2-NOT:   !nontemporal
// T2-LABEL: define {{.*}} @larger(
// T2:       store <32 x float> {{.*}}, align 64, !nontemporal

// 8 Mi f32 = 32 MiB.
func.func @large(%x: tensor<8388608xi8>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<8388608xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<8388608xi8>, tensor<f32>, tensor<i8>) -> tensor<8388608xf32>
  return %y : tensor<8388608xf32>
}

// 4 Mi f32 = 16 MiB.
func.func @small(%x: tensor<4194304xi8>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<4194304xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4194304xi8>, tensor<f32>, tensor<i8>) -> tensor<4194304xf32>
  return %y : tensor<4194304xf32>
}

// 16 Mi f16 = 32 MiB, blocked rows of int4.
func.func @large_f16(%x: tensor<4096x4096xi8>, %s: tensor<4096x128xf16>) -> tensor<4096x4096xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<4096x4096xi8>, tensor<4096x128xf16>) -> tensor<4096x4096xf16>
  return %y : tensor<4096x4096xf16>
}

// 16 Mi i8 -> f32 = 80 MiB.
// The same with packed int4 x: block tables (AVX2: each block's byte
// planes looked up with vpshufb), whose steps write their 64 f16 results
// at once.
func.func @large_table(%x: tensor<4096x4096xi4>, %s: tensor<4096x128xf16>) -> tensor<4096x4096xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<4096x4096xi4>, tensor<4096x128xf16>) -> tensor<4096x4096xf16>
  return %y : tensor<4096x4096xf16>
}

func.func @larger(%x: tensor<16777216xi8>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<16777216xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<16777216xi8>, tensor<f32>, tensor<i8>) -> tensor<16777216xf32>
  return %y : tensor<16777216xf32>
}

// 4 Mi i32 -> f16: 16 MiB read, 8 MiB written.
func.func @read_heavy(%x: tensor<4194304xi32>, %s: tensor<f16>, %z: tensor<i32>) -> tensor<4194304xf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4194304xi32>, tensor<f16>, tensor<i32>) -> tensor<4194304xf16>
  return %y : tensor<4194304xf16>
}

// 4 Mi i16 -> f32: 8 MiB read, 16 MiB written.
func.func @write_heavy(%x: tensor<4194304xi16>, %s: tensor<f32>, %z: tensor<i16>) -> tensor<4194304xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4194304xi16>, tensor<f32>, tensor<i16>) -> tensor<4194304xf32>
  return %y : tensor<4194304xf32>
}
