// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512f,avx512bf16" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512f,avx512bw" --split-input-file | FileCheck %s --check-prefix=NOBF16

// arith.truncf of f32 vectors to bf16 (emitted by --convert-qdq-to-vector
// only where vcvtneps2bf16 rounds exactly) becomes, with AVX512_BF16, one
// two-source vcvtne2ps2bf16 per 32 results: the second operand gives the
// low 16 results. Without the feature the truncf stays (LLVM lowers it).

// CHECK-LABEL: func.func @pairs
// CHECK-SAME: target_features = #llvm.target_features<["+avx512f", "+avx512bf16"]>
// CHECK: %[[LO0:.*]] = vector.extract_strided_slice %[[IN:.*]] {offsets = [0], sizes = [16], strides = [1]} : vector<64xf32> to vector<16xf32>
// CHECK: %[[HI0:.*]] = vector.extract_strided_slice %[[IN]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK: %[[P0:.*]] = llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"(%[[HI0]], %[[LO0]]) : (vector<16xf32>, vector<16xf32>) -> vector<32xbf16>
// CHECK: %[[R0:.*]] = vector.insert_strided_slice %[[P0]], %{{.*}} {offsets = [0], strides = [1]} : vector<32xbf16> into vector<64xbf16>
// CHECK: %[[LO1:.*]] = vector.extract_strided_slice %[[IN]] {offsets = [32], sizes = [16], strides = [1]}
// CHECK: %[[HI1:.*]] = vector.extract_strided_slice %[[IN]] {offsets = [48], sizes = [16], strides = [1]}
// CHECK: %[[P1:.*]] = llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"(%[[HI1]], %[[LO1]])
// CHECK: %[[R1:.*]] = vector.insert_strided_slice %[[P1]], %[[R0]] {offsets = [32], strides = [1]}
// CHECK: return %[[R1]]
// CHECK-NOT: arith.truncf

// NOBF16-LABEL: func.func @pairs
// NOBF16-NOT: llvm.call_intrinsic
// NOBF16: arith.truncf %{{.*}} : vector<64xf32> to vector<64xbf16>
func.func @pairs(%v: vector<64xf32>) -> vector<64xbf16> {
  %r = arith.truncf %v : vector<64xf32> to vector<64xbf16>
  return %r : vector<64xbf16>
}

// -----

// One pair: the call is the result.

// CHECK-LABEL: func.func @one_pair
// CHECK: %[[P:.*]] = llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"
// CHECK-NEXT: return %[[P]]
func.func @one_pair(%v: vector<32xf32>) -> vector<32xbf16> {
  %r = arith.truncf %v : vector<32xf32> to vector<32xbf16>
  return %r : vector<32xbf16>
}

// -----

// Not a multiple of 32 results, or another rounding mode: left to LLVM.

// CHECK-LABEL: func.func @sixteen
// CHECK-NOT: llvm.call_intrinsic
// CHECK: arith.truncf %{{.*}} : vector<16xf32> to vector<16xbf16>
func.func @sixteen(%v: vector<16xf32>) -> vector<16xbf16> {
  %r = arith.truncf %v : vector<16xf32> to vector<16xbf16>
  return %r : vector<16xbf16>
}

// CHECK-LABEL: func.func @toward_zero
// CHECK-NOT: llvm.call_intrinsic
// CHECK: arith.truncf %{{.*}} toward_zero : vector<32xf32> to vector<32xbf16>
func.func @toward_zero(%v: vector<32xf32>) -> vector<32xbf16> {
  %r = arith.truncf %v toward_zero : vector<32xf32> to vector<32xbf16>
  return %r : vector<32xbf16>
}
