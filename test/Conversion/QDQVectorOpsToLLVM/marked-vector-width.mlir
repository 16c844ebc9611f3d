// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=ssse3,avx2,avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s

// A function marked for a SIMD width (min-legal-vector-width, as
// --convert-qdq-to-vector marks the functions it vectorizes) gets no
// instruction on wider registers, whatever the cpu-features: LLVM could not
// select a 512-bit intrinsic in a function limited to 256 bits.

// 16 entries, 64 lookups: two 256-bit vpshufb (AVX2) in a function marked
// for 256 bits, one 512-bit vpshufb (AVX512BW) otherwise.
// CHECK-LABEL: func.func @marked_256
// CHECK-NOT: avx512
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.x86.avx2.pshuf.b"
// CHECK-NOT: avx512
// CHECK: return
func.func @marked_256(%t: vector<16xi8>, %i: vector<64xi8>) -> vector<64xi8> attributes {passthrough = [["min-legal-vector-width", "256"]]} {
  %0 = qdq.table_lookup %t[%i] : vector<16xi8>, vector<64xi8>
  return %0 : vector<64xi8>
}

// -----

// CHECK-LABEL: func.func @marked_512
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.pshuf.b.512"
func.func @marked_512(%t: vector<16xi8>, %i: vector<64xi8>) -> vector<64xi8> attributes {passthrough = [["min-legal-vector-width", "512"]]} {
  %0 = qdq.table_lookup %t[%i] : vector<16xi8>, vector<64xi8>
  return %0 : vector<64xi8>
}

// -----

// CHECK-LABEL: func.func @unmarked
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.pshuf.b.512"
func.func @unmarked(%t: vector<16xi8>, %i: vector<64xi8>) -> vector<64xi8> {
  %0 = qdq.table_lookup %t[%i] : vector<16xi8>, vector<64xi8>
  return %0 : vector<64xi8>
}

// -----

// unpack_bits: vpmultishiftqb (AVX512_VBMI, 512 bits) only outside a
// function marked for 256 bits.
// CHECK-LABEL: func.func @unpack_marked_256
// CHECK-NOT: pmultishift
// CHECK: return
func.func @unpack_marked_256(%b: vector<16xi8>) -> vector<32xi32> attributes {passthrough = [["min-legal-vector-width", "256"]]} {
  %0 = qdq.unpack_bits %b, 4 sign_extend : vector<16xi8> -> vector<32xi32>
  return %0 : vector<32xi32>
}

// -----

// CHECK-LABEL: func.func @unpack_unmarked
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"
func.func @unpack_unmarked(%b: vector<16xi8>) -> vector<32xi32> {
  %0 = qdq.unpack_bits %b, 4 sign_extend : vector<16xi8> -> vector<32xi32>
  return %0 : vector<32xi32>
}
