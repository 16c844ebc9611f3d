// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=VBMI
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512bw" --split-input-file | FileCheck %s --check-prefix=SHUFFLE
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=none" --split-input-file | FileCheck %s --check-prefix=SHUFFLE

// qdq.unpack_bits (UB-R1, UB-R2). With AVX512_VBMI, per 16 results: the 8
// bytes of 16 4-bit fields splat to every 64-bit lane, one vpmultishiftqb
// whose control gives lane i's top byte the 8 bits ending with field i
// (offset 4 i - 4, mod 64), then one arithmetic shift. Without it: a byte
// shuffle, a per-lane shift up (4 for the low field of a byte, 0 for the
// high one) and the same shift down.

// VBMI-LABEL: func.func @signed_i4
// VBMI-SAME: target_features = #llvm.target_features<["+avx512f", "+avx512bw", "+avx512vbmi"]>
// VBMI-DAG: %[[DOWN:.*]] = arith.constant dense<28> : vector<32xi32>
// VBMI-DAG: %[[CONTROL:.*]] = arith.constant dense<[60, 60, 60, 60, 0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, {{.*}}, 56, 56, 56, 56]> : vector<64xi8>
// VBMI: %[[CHUNKS:.*]] = vector.bitcast %{{.*}} : vector<16xi8> to vector<2xi64>
// VBMI: %[[SPLAT0:.*]] = vector.shuffle %[[CHUNKS]], %[[CHUNKS]] [0, 0, 0, 0, 0, 0, 0, 0]
// VBMI: %[[BYTES0:.*]] = vector.bitcast %[[SPLAT0]] : vector<8xi64> to vector<64xi8>
// VBMI: llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"(%[[CONTROL]], %[[BYTES0]])
// VBMI: vector.shuffle %[[CHUNKS]], %[[CHUNKS]] [1, 1, 1, 1, 1, 1, 1, 1]
// VBMI: llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"
// VBMI-NOT: llvm.call_intrinsic
// VBMI: arith.shrsi %{{.*}}, %[[DOWN]] : vector<32xi32>

// SHUFFLE-LABEL: func.func @signed_i4
// SHUFFLE-NOT: target_features
// SHUFFLE-DAG: %[[DOWN:.*]] = arith.constant dense<28> : vector<32xi32>
// SHUFFLE-DAG: %[[UP:.*]] = arith.constant dense<[4, 0, 4, 0, {{.*}}]> : vector<32xi32>
// SHUFFLE: %[[COPIES:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, {{.*}}, 15, 15, 15, 15, 15, 15, 15, 15] : vector<16xi8>, vector<16xi8>
// SHUFFLE: %[[WORDS:.*]] = vector.bitcast %[[COPIES]] : vector<128xi8> to vector<32xi32>
// SHUFFLE: %[[TOP:.*]] = arith.shli %[[WORDS]], %[[UP]]
// SHUFFLE: arith.shrsi %[[TOP]], %[[DOWN]]
// SHUFFLE-NOT: llvm.call_intrinsic
func.func @signed_i4(%b: vector<16xi8>) -> vector<32xi32> {
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<16xi8> -> vector<32xi32>
  return %r : vector<32xi32>
}

// -----

// 2-bit fields: 4 bytes per 16 results, splat to every 32-bit lane (so each
// 64-bit lane holds them twice), offsets 2 i - 6 (mod 64); zero-extended.

// VBMI-LABEL: func.func @unsigned_ui2
// VBMI-DAG: %[[DOWN:.*]] = arith.constant dense<30> : vector<16xi32>
// VBMI-DAG: %[[CONTROL:.*]] = arith.constant dense<[58, 58, 58, 58, 60, 60, 60, 60, 62, 62, 62, 62, 0, 0, 0, 0, 2, 2, 2, 2, {{.*}}, 24, 24, 24, 24]> : vector<64xi8>
// VBMI: vector.bitcast %{{.*}} : vector<4xi8> to vector<1xi32>
// VBMI: vector.shuffle {{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<1xi32>, vector<1xi32>
// VBMI: %[[FIELDS:.*]] = llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"(%[[CONTROL]], %{{.*}})
// VBMI: %[[WORDS:.*]] = vector.bitcast %[[FIELDS]] : vector<64xi8> to vector<16xi32>
// VBMI: arith.shrui %[[WORDS]], %[[DOWN]] : vector<16xi32>

// SHUFFLE-LABEL: func.func @unsigned_ui2
// SHUFFLE: arith.constant dense<[6, 4, 2, 0, 6, 4, 2, 0, {{.*}}]> : vector<16xi32>
// SHUFFLE: arith.shli
// SHUFFLE: arith.shrui
func.func @unsigned_ui2(%b: vector<4xi8>) -> vector<16xi32> {
  %r = qdq.unpack_bits %b, 2 : vector<4xi8> -> vector<16xi32>
  return %r : vector<16xi32>
}

// -----

// Results that are not a multiple of 16 take the shuffle form everywhere.

// VBMI-LABEL: func.func @twelve
// VBMI-NOT: llvm.call_intrinsic
// VBMI: vector.shuffle
// VBMI: arith.shli
// VBMI: arith.shrsi
func.func @twelve(%b: vector<6xi8>) -> vector<12xi32> {
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<6xi8> -> vector<12xi32>
  return %r : vector<12xi32>
}
