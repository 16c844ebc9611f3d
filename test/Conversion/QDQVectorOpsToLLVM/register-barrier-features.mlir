// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=none" --split-input-file | FileCheck %s

// A register barrier (the empty inline asm "=v,0" of unpack_bits
// broadcasts, separate f16 stores and streaming bf16 stores) holds its value
// in one vector register, which LLVM cannot split: its function gets the
// target features of a register that wide, AVX for ymm and AVX512F for
// zmm, whatever the cpu-features (they chose the width already).

// CHECK-LABEL: func.func @xmm
// CHECK-NOT: target_features
// CHECK: llvm.inline_asm
func.func @xmm(%v: vector<16xi8>) -> vector<16xi8> {
  %0 = llvm.inline_asm "", "=v,0" %v : (vector<16xi8>) -> vector<16xi8>
  return %0 : vector<16xi8>
}

// -----

// CHECK-LABEL: func.func @ymm
// CHECK-SAME: target_features = #llvm.target_features<["+avx"]>
func.func @ymm(%v: vector<16xf16>) -> vector<16xf16> {
  %0 = llvm.inline_asm "", "=v,0" %v : (vector<16xf16>) -> vector<16xf16>
  return %0 : vector<16xf16>
}

// -----

// Merged with the features the function has.
// CHECK-LABEL: func.func @zmm
// CHECK-SAME: target_features = #llvm.target_features<["+sse4.2", "+avx512f"]>
func.func @zmm(%v: vector<64xi8>) -> vector<64xi8> attributes {target_features = #llvm.target_features<["+sse4.2"]>} {
  %0 = llvm.inline_asm "", "=v,0" %v : (vector<64xi8>) -> vector<64xi8>
  return %0 : vector<64xi8>
}

// -----

// Other inline asm is not a barrier.
// CHECK-LABEL: func.func @other_asm
// CHECK-NOT: target_features
func.func @other_asm(%v: vector<64xi8>) -> vector<64xi8> {
  %0 = llvm.inline_asm "", "=x,0" %v : (vector<64xi8>) -> vector<64xi8>
  return %0 : vector<64xi8>
}
