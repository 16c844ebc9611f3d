// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=VBMI
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512bw" --split-input-file | FileCheck %s --check-prefixes=SHUFFLE,LANES
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefixes=SHUFFLE,AVX2
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=none" --split-input-file | FileCheck %s --check-prefixes=SHUFFLE,ONE

// qdq.unpack_bits (UB-R1, UB-R2). With AVX512_VBMI, per 16 results: the 8
// bytes of 16 4-bit fields splat to every 64-bit lane, one vpmultishiftqb
// whose control gives lane i's top byte the 8 bits ending with field i
// (offset 4 i - 4, mod 64), then one arithmetic shift. Without it: byte
// shuffles, a per-lane shift up (4 for the low field of a byte, 0 for the
// high one) and the same shift down. The shuffles go one register at a time
// with byte shuffles in 128-bit lanes (16 results with AVX512BW, 8 with AVX2), each
// from the 16 source bytes of its register's fields (LANES, AVX2; with
// AVX2 broadcast to both 128-bit lanes behind a register barrier, even
// when they are all of the source, see @windows_i4); without them, one
// shuffle makes every copy (ONE).

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
// LANES-NOT: target_features
// ONE-NOT: target_features
// With AVX2 the function gets AVX for its ymm register barrier (see
// register-barrier-features.mlir).
// AVX2-SAME: target_features = #llvm.target_features<["+avx"]>
// SHUFFLE-DAG: %[[DOWN:.*]] = arith.constant dense<28> : vector<32xi32>
// SHUFFLE-DAG: %[[UP:.*]] = arith.constant dense<[4, 0, 4, 0, {{.*}}]> : vector<32xi32>
// LANES: %[[LOW:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, {{.*}}, 7, 7, 7, 7, 7, 7, 7, 7] : vector<16xi8>, vector<16xi8>
// LANES: %[[PART:.*]] = vector.insert_strided_slice %[[LOW]], %{{.*}} {offsets = [0], strides = [1]} : vector<64xi8> into vector<128xi8>
// LANES: %[[HIGH:.*]] = vector.shuffle %{{.*}}, %{{.*}} [8, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, {{.*}}, 15, 15, 15, 15, 15, 15, 15, 15] : vector<16xi8>, vector<16xi8>
// LANES: %[[COPIES:.*]] = vector.insert_strided_slice %[[HIGH]], %[[PART]] {offsets = [64], strides = [1]} : vector<64xi8> into vector<128xi8>
// AVX2: %[[WINDOW:.*]] = vector.shuffle %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, {{.*}}, 15] : vector<16xi8>, vector<16xi8>
// AVX2: %[[BCAST:.*]] = llvm.inline_asm "", "=v,0" %[[WINDOW]] : (vector<32xi8>) -> vector<32xi8>
// AVX2: vector.shuffle %[[BCAST]], %[[BCAST]] [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 18, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19] : vector<32xi8>, vector<32xi8>
// AVX2-COUNT-3: vector.shuffle %[[BCAST]], %[[BCAST]]
// AVX2-NOT: vector.shuffle
// AVX2: %[[COPIES:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [96], strides = [1]} : vector<32xi8> into vector<128xi8>
// ONE: %[[COPIES:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, {{.*}}, 15, 15, 15, 15, 15, 15, 15, 15] : vector<16xi8>, vector<16xi8>
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

// -----

// 32 source bytes: with AVX2, each 16-byte window is broadcast to both
// 128-bit lanes once, behind a register barrier (so that LLVM does not fold
// it into the copies, which it would then make across lanes), and each
// register of 8 results copies its 4 bytes within the lanes: the low lane
// from window bytes 4 r and 4 r + 1, the high lane from 4 r + 2 and 4 r + 3
// (indices 16 higher). Without lane shuffles, one shuffle of all 32 bytes.

// AVX2-LABEL: func.func @windows_i4
// AVX2-SAME: target_features = #llvm.target_features<["+avx"]>
// AVX2: %[[W0:.*]] = vector.shuffle %[[B:.*]], %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<32xi8>, vector<32xi8>
// AVX2: %[[L0:.*]] = llvm.inline_asm "", "=v,0" %[[W0]] : (vector<32xi8>) -> vector<32xi8>
// AVX2: vector.shuffle %[[L0]], %[[L0]] [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 18, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19]
// AVX2: vector.shuffle %[[L0]], %[[L0]] [4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 22, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 23, 23]
// AVX2: vector.shuffle %[[L0]], %[[L0]] [8,
// AVX2: vector.shuffle %[[L0]], %[[L0]] [12,
// AVX2: %[[W1:.*]] = vector.shuffle %[[B]], %{{.*}} [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 16, {{.*}}, 31] : vector<32xi8>, vector<32xi8>
// AVX2: %[[L1:.*]] = llvm.inline_asm "", "=v,0" %[[W1]]
// AVX2-COUNT-4: vector.shuffle %[[L1]], %[[L1]]
// AVX2-NOT: llvm.inline_asm
// AVX2: vector.bitcast %{{.*}} : vector<256xi8> to vector<64xi32>

// With AVX512BW, 64-byte windows of 16 bytes each, behind zmm barriers
// (AVX512F for the function).
// LANES-LABEL: func.func @windows_i4
// LANES-SAME: target_features = #llvm.target_features<["+avx512f"]>
// LANES: llvm.inline_asm "", "=v,0" %{{.*}} : (vector<64xi8>) -> vector<64xi8>

// ONE-LABEL: func.func @windows_i4
// ONE-NOT: llvm.inline_asm
// ONE: vector.shuffle %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 1, {{.*}}, 31, 31, 31, 31, 31, 31, 31, 31] : vector<32xi8>, vector<32xi8>
// ONE-NOT: vector.shuffle
func.func @windows_i4(%b: vector<32xi8>) -> vector<64xi32> {
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<32xi8> -> vector<64xi32>
  return %r : vector<64xi32>
}

// -----

// Bytes read in bounds from a 1-D memref, with AVX2 (8 i32 lanes per
// register, no AVX512BW): each register's 4 bytes are read again, as one
// i32 broadcast to all of its lanes (a vpbroadcastd from memory), and each
// lane shifts its own field to the top: lane i of a register by 28 - 4 i.
// No lane-crossing window and no register barrier; the other forms are as
// for a vector argument.

// AVX2-LABEL: func.func @loaded_i4
// AVX2-NOT: target_features
// AVX2-DAG: %[[UP:.*]] = arith.constant dense<[28, 24, 20, 16, 12, 8, 4, 0]> : vector<8xi32>
// AVX2-DAG: %[[DOWN:.*]] = arith.constant dense<28> : vector<32xi32>
// AVX2: %[[R0:.*]] = vector.transfer_read %[[M:.*]][%[[I:.*]]], %{{.*}} {in_bounds = [true]} : memref<?xi8>, vector<4xi8>
// AVX2: %[[C0:.*]] = vector.bitcast %[[R0]] : vector<4xi8> to vector<1xi32>
// AVX2: %[[S0:.*]] = vector.extract %[[C0]][0] : i32 from vector<1xi32>
// AVX2: %[[B0:.*]] = vector.broadcast %[[S0]] : i32 to vector<8xi32>
// AVX2: %[[T0:.*]] = arith.shli %[[B0]], %[[UP]] : vector<8xi32>
// AVX2: vector.insert_strided_slice %[[T0]], %{{.*}} {offsets = [0], strides = [1]} : vector<8xi32> into vector<32xi32>
// AVX2: %[[I1:.*]] = arith.addi %[[I]], %[[C4:.*]] : index
// AVX2: vector.transfer_read %[[M]][%[[I1]]], %{{.*}} {in_bounds = [true]} : memref<?xi8>, vector<4xi8>
// AVX2: arith.shli %{{.*}}, %[[UP]] : vector<8xi32>
// AVX2: vector.insert_strided_slice %{{.*}} {offsets = [8], strides = [1]}
// AVX2-COUNT-2: vector.transfer_read %[[M]]{{.*}} : memref<?xi8>, vector<4xi8>
// AVX2-NOT: vector.transfer_read
// AVX2-NOT: vector.shuffle
// AVX2-NOT: llvm.inline_asm
// AVX2: arith.shrsi %{{.*}}, %[[DOWN]] : vector<32xi32>

// LANES-LABEL: func.func @loaded_i4
// LANES: vector.transfer_read {{.*}} : memref<?xi8>, vector<16xi8>
// LANES: vector.shuffle
// LANES-NOT: vector<4xi8>
// ONE-LABEL: func.func @loaded_i4
// ONE: vector.transfer_read {{.*}} : memref<?xi8>, vector<16xi8>
// ONE-NOT: vector<4xi8>
// VBMI-LABEL: func.func @loaded_i4
// VBMI: llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"
func.func @loaded_i4(%m: memref<?xi8>, %i: index) -> vector<32xi32> {
  %pad = arith.constant 0 : i8
  %b = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<?xi8>, vector<16xi8>
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<16xi8> -> vector<32xi32>
  return %r : vector<32xi32>
}

// -----

// 2-bit fields: one 4-byte broadcast fills two registers (lanes shifted by
// 30 - 2 i, then by 14 - 2 i); the 2 bytes left at the end are read as an
// i16 broadcast to all 16 halves, so each i32 lane holds them twice and the
// shift pushes the upper copy out.

// AVX2-LABEL: func.func @loaded_ui2
// AVX2-DAG: %[[LOW:.*]] = arith.constant dense<[30, 28, 26, 24, 22, 20, 18, 16]> : vector<8xi32>
// AVX2-DAG: %[[HIGH:.*]] = arith.constant dense<[14, 12, 10, 8, 6, 4, 2, 0]> : vector<8xi32>
// AVX2: %[[R0:.*]] = vector.transfer_read {{.*}} : memref<?xi8>, vector<4xi8>
// AVX2: %[[B0:.*]] = vector.broadcast %{{.*}} : i32 to vector<8xi32>
// AVX2: arith.shli %[[B0]], %[[LOW]]
// AVX2: arith.shli %[[B0]], %[[HIGH]]
// AVX2: vector.transfer_read {{.*}} : memref<?xi8>, vector<4xi8>
// AVX2: %[[B1:.*]] = vector.broadcast %{{.*}} : i32 to vector<8xi32>
// AVX2: arith.shli %[[B1]], %[[LOW]]
// AVX2: arith.shli %[[B1]], %[[HIGH]]
// AVX2: %[[R2:.*]] = vector.transfer_read {{.*}} : memref<?xi8>, vector<2xi8>
// AVX2: %[[H2:.*]] = vector.bitcast %[[R2]] : vector<2xi8> to vector<1xi16>
// AVX2: %[[S2:.*]] = vector.extract %[[H2]][0] : i16 from vector<1xi16>
// AVX2: %[[B2:.*]] = vector.broadcast %[[S2]] : i16 to vector<16xi16>
// AVX2: %[[W2:.*]] = vector.bitcast %[[B2]] : vector<16xi16> to vector<8xi32>
// AVX2: arith.shli %[[W2]], %[[LOW]]
// AVX2: vector.insert_strided_slice %{{.*}} {offsets = [32], strides = [1]}
// AVX2: arith.shrui
func.func @loaded_ui2(%m: memref<?xi8>, %i: index) -> vector<40xi32> {
  %pad = arith.constant 0 : i8
  %b = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<?xi8>, vector<10xi8>
  %r = qdq.unpack_bits %b, 2 : vector<10xi8> -> vector<40xi32>
  return %r : vector<40xi32>
}

// -----

// A read that may run past the end (masked by in_bounds = false) keeps the
// 16-byte window, as do results that are not a multiple of 8.

// AVX2-LABEL: func.func @maybe_out_of_bounds
// AVX2-NOT: vector<4xi8>
// AVX2: llvm.inline_asm "", "=v,0"
// AVX2-LABEL: func.func @not_whole_registers
// AVX2-NOT: vector<4xi8>
// AVX2: vector.shuffle
func.func @maybe_out_of_bounds(%m: memref<?xi8>, %i: index) -> vector<32xi32> {
  %pad = arith.constant 0 : i8
  %b = vector.transfer_read %m[%i], %pad {in_bounds = [false]} : memref<?xi8>, vector<16xi8>
  %r = qdq.unpack_bits %b, 4 : vector<16xi8> -> vector<32xi32>
  return %r : vector<32xi32>
}
func.func @not_whole_registers(%m: memref<?xi8>, %i: index) -> vector<12xi32> {
  %pad = arith.constant 0 : i8
  %b = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<?xi8>, vector<6xi8>
  %r = qdq.unpack_bits %b, 4 : vector<6xi8> -> vector<12xi32>
  return %r : vector<12xi32>
}

// -----

// i16 lanes. 2-bit fields with AVX512_VBMI: 32 per vpmultishiftqb (8
// bytes splat to every 64-bit lane); zero-extended ones start at the bottom
// of their lane (control 2 i for both bytes of lane i) and are masked to 2
// bits; sign-extended ones end at the top (2 i - 6, mod 64) and shift down
// arithmetically by 14. 4-bit fields, and every field without AVX512_VBMI,
// take the i32 lanes truncated.
// VBMI-LABEL: func.func @words_u2
// VBMI-DAG: %[[MASK:.*]] = arith.constant dense<3> : vector<64xi16>
// VBMI-DAG: %[[CONTROL:.*]] = arith.constant dense<[0, 0, 2, 2, 4, 4, 6, 6, 8, 8, {{.*}}, 62, 62]> : vector<64xi8>
// VBMI: llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"(%[[CONTROL]], %{{.*}})
// VBMI: llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"(%[[CONTROL]], %{{.*}})
// VBMI-NOT: llvm.call_intrinsic
// VBMI: arith.andi %{{.*}}, %[[MASK]] : vector<64xi16>
// VBMI-NOT: arith.trunci
// VBMI-LABEL: func.func @words_i2
// VBMI-DAG: %[[DOWN:.*]] = arith.constant dense<14> : vector<32xi16>
// VBMI-DAG: %[[CONTROL:.*]] = arith.constant dense<[58, 58, 60, 60, 62, 62, 0, 0, 2, 2, {{.*}}, 56, 56]> : vector<64xi8>
// VBMI: llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"(%[[CONTROL]], %{{.*}})
// VBMI: arith.shrsi %{{.*}}, %[[DOWN]] : vector<32xi16>
// VBMI-LABEL: func.func @words_i4
// VBMI: llvm.call_intrinsic "llvm.x86.avx512.pmultishift.qb.512"
// VBMI: %[[WIDE:.*]] = arith.shrsi %{{.*}} : vector<32xi32>
// VBMI: arith.trunci %[[WIDE]] : vector<32xi32> to vector<32xi16>
// SHUFFLE-LABEL: func.func @words_u2
// SHUFFLE-NOT: llvm.call_intrinsic "llvm.x86.avx512.pmultishift
// SHUFFLE: arith.trunci %{{.*}} : vector<64xi32> to vector<64xi16>
func.func @words_u2(%b: vector<16xi8>) -> vector<64xi16> {
  %r = qdq.unpack_bits %b, 2 : vector<16xi8> -> vector<64xi16>
  return %r : vector<64xi16>
}
func.func @words_i2(%b: vector<8xi8>) -> vector<32xi16> {
  %r = qdq.unpack_bits %b, 2 sign_extend : vector<8xi8> -> vector<32xi16>
  return %r : vector<32xi16>
}
func.func @words_i4(%b: vector<16xi8>) -> vector<32xi16> {
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<16xi8> -> vector<32xi16>
  return %r : vector<32xi16>
}
