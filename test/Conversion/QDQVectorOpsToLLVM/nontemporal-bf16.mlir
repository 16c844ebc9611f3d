// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512f,avx512bf16" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512f,avx512bw" --split-input-file | FileCheck %s --check-prefix=NOBF16

// A non-temporal store of bf16 bits (an arith.bitcast of a bf16 vector,
// stored as i16) gets an empty inline asm per register between the bitcast
// and the store: LLVM 22's x86 backend would otherwise fold the bitcast into
// the store and, having no streaming store for bf16 vectors, emit a normal
// one. Only with AVX512_BF16 (without it LLVM rounds to bf16 with integer
// instructions, and the store keeps its i16 type).

// CHECK-LABEL: func.func @two_registers
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : vector<64xbf16> to vector<64xi16>
// CHECK: %[[LO:.*]] = vector.extract_strided_slice %[[BITS]] {offsets = [0], sizes = [32], strides = [1]}
// CHECK: %[[LOB:.*]] = llvm.inline_asm "", "=v,0" %[[LO]] : (vector<32xi16>) -> vector<32xi16>
// CHECK: %[[R0:.*]] = vector.insert_strided_slice %[[LOB]], %{{.*}} {offsets = [0], strides = [1]}
// CHECK: %[[HI:.*]] = vector.extract_strided_slice %[[BITS]] {offsets = [32], sizes = [32], strides = [1]}
// CHECK: %[[HIB:.*]] = llvm.inline_asm "", "=v,0" %[[HI]] : (vector<32xi16>) -> vector<32xi16>
// CHECK: %[[R1:.*]] = vector.insert_strided_slice %[[HIB]], %[[R0]] {offsets = [32], strides = [1]}
// CHECK: vector.store %[[R1]], %{{.*}} {alignment = 64 : i64, nontemporal = true}
// NOBF16-LABEL: func.func @two_registers
// NOBF16-NOT: llvm.inline_asm
func.func @two_registers(%v: vector<64xbf16>, %m: memref<1024xi16>, %i: index) {
  %bits = arith.bitcast %v : vector<64xbf16> to vector<64xi16>
  vector.store %bits, %m[%i] {alignment = 64 : i64, nontemporal = true} : memref<1024xi16>, vector<64xi16>
  return
}

// -----

// One ymm: the whole vector is one barrier.
// CHECK-LABEL: func.func @one_ymm
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : vector<16xbf16> to vector<16xi16>
// CHECK: %[[B:.*]] = llvm.inline_asm "", "=v,0" %[[BITS]] : (vector<16xi16>) -> vector<16xi16>
// CHECK: vector.store %[[B]], %{{.*}} {alignment = 32 : i64, nontemporal = true}
func.func @one_ymm(%v: vector<16xbf16>, %m: memref<1024xi16>, %i: index) {
  %bits = arith.bitcast %v : vector<16xbf16> to vector<16xi16>
  vector.store %bits, %m[%i] {alignment = 32 : i64, nontemporal = true} : memref<1024xi16>, vector<16xi16>
  return
}

// -----

// Normal stores, and streaming stores of other bits, are left alone.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: llvm.inline_asm
// CHECK: vector.store %{{.*}} {alignment = 64 : i64} : memref<1024xi16>, vector<32xi16>
// CHECK: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<1024xi16>, vector<32xi16>
// CHECK: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<1024xi16>, vector<24xi16>
func.func @left_alone(%v: vector<32xbf16>, %w: vector<32xf16>, %u: vector<24xbf16>, %m: memref<1024xi16>, %i: index) {
  %bits = arith.bitcast %v : vector<32xbf16> to vector<32xi16>
  vector.store %bits, %m[%i] {alignment = 64 : i64} : memref<1024xi16>, vector<32xi16>
  %half = arith.bitcast %w : vector<32xf16> to vector<32xi16>
  vector.store %half, %m[%i] {alignment = 64 : i64, nontemporal = true} : memref<1024xi16>, vector<32xi16>
  %odd = arith.bitcast %u : vector<24xbf16> to vector<24xi16>
  vector.store %odd, %m[%i] {alignment = 64 : i64, nontemporal = true} : memref<1024xi16>, vector<24xi16>
  return
}
