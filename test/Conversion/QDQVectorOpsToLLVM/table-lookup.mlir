// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=VBMI
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=+avx2,+ssse3" --split-input-file | FileCheck %s --check-prefix=AVX2
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=ssse3" --split-input-file | FileCheck %s --check-prefix=SSSE3
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=none" --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512f" --split-input-file | FileCheck %s --check-prefix=F32
// RUN: not qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512vbmi,sse9" 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: cpu-features: unknown feature 'sse9' (expected host, none or a comma-separated list of ssse3, avx2, avx512f, avx512bw, avx512vbmi, avx512bf16, f16c, avx512fp16)

// 256 entries: four 64-byte registers, two vpermi2b on the low 7 bits and a
// select on the sign bit; the function is marked with what vpermi2b needs,
// after the features it already had.
// VBMI-LABEL: func.func @wide
// VBMI-SAME: target_features = #llvm.target_features<["+fma", "+avx512f", "+avx512bw", "+avx512vbmi"]>
// VBMI-DAG: %[[T0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [64], strides = [1]}
// VBMI-DAG: %[[T1:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [64], sizes = [64], strides = [1]}
// VBMI-DAG: %[[T2:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [128], sizes = [64], strides = [1]}
// VBMI-DAG: %[[T3:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [192], sizes = [64], strides = [1]}
// VBMI-DAG: %[[LO:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.qi.512"(%[[T0]], %[[I:.*]], %[[T1]])
// VBMI-DAG: %[[HI:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.qi.512"(%[[T2]], %[[I]], %[[T3]])
// VBMI-DAG: %[[NEG:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : vector<64xi8>
// VBMI: %[[R:.*]] = arith.select %[[NEG]], %[[HI]], %[[LO]]
// VBMI: return %[[R]]
// Without VBMI a 256-entry table is read one element at a time.
// AVX2-LABEL: func.func @wide
// AVX2-NOT: llvm.call_intrinsic
// AVX2-NOT: target_features<["+fma", "+avx2"
// AVX2: vector.extract %{{.*}}[%{{.*}}] : i8 from vector<256xi8>
func.func @wide(%t: vector<256xi8>, %i: vector<64xi8>) -> vector<64xi8> attributes {target_features = #llvm.target_features<["+fma"]>} {
  %0 = qdq.table_lookup %t[%i] : vector<256xi8>, vector<64xi8>
  return %0 : vector<64xi8>
}

// -----

// 128 entries: two 64-byte registers and one vpermi2b per 64 lookups, which
// reads the low 7 bits of each index (no select); with AVX512_VBMI, else
// one extract per element, its index masked to 7 bits.
// VBMI-LABEL: func.func @half
// VBMI-SAME: target_features = #llvm.target_features<["+avx512f", "+avx512bw", "+avx512vbmi"]>
// VBMI-DAG: %[[T0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [64], strides = [1]} : vector<128xi8> to vector<64xi8>
// VBMI-DAG: %[[T1:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [64], sizes = [64], strides = [1]} : vector<128xi8> to vector<64xi8>
// VBMI: %[[R:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpermi2var.qi.512"(%[[T0]], %{{.*}}, %[[T1]])
// VBMI-NOT: arith.select
// VBMI: return %[[R]]
// AVX2-LABEL: func.func @half
// AVX2-NOT: llvm.call_intrinsic
// AVX2: %[[E:.*]] = vector.extract %{{.*}}[0] : i8 from vector<64xi8>
// AVX2: arith.andi %[[E]], %{{.*}} : i8
// AVX2: vector.extract %{{.*}}[%{{.*}}] : i8 from vector<128xi8>
func.func @half(%t: vector<128xi8>, %i: vector<64xi8>) -> vector<64xi8> {
  %0 = qdq.table_lookup %t[%i] : vector<128xi8>, vector<64xi8>
  return %0 : vector<64xi8>
}

// -----

// 64 entries: one vpermb per 64 lookups (the low 6 bits of each index),
// with AVX512_VBMI; else one extract per element.
// VBMI-LABEL: func.func @mid
// VBMI-SAME: target_features = #llvm.target_features<["+avx512f", "+avx512bw", "+avx512vbmi"]>
// VBMI-DAG: %[[I0:.*]] = vector.extract_strided_slice %[[I:.*]] {offsets = [0], sizes = [64], strides = [1]} : vector<128xi8> to vector<64xi8>
// VBMI-DAG: %[[I1:.*]] = vector.extract_strided_slice %[[I]] {offsets = [64], sizes = [64], strides = [1]} : vector<128xi8> to vector<64xi8>
// VBMI-DAG: llvm.call_intrinsic "llvm.x86.avx512.permvar.qi.512"(%[[T:.*]], %[[I0]])
// VBMI-DAG: llvm.call_intrinsic "llvm.x86.avx512.permvar.qi.512"(%[[T]], %[[I1]])
// VBMI-NOT: arith.select
// VBMI: return
// AVX2-LABEL: func.func @mid
// AVX2-NOT: llvm.call_intrinsic
// AVX2: %[[E:.*]] = vector.extract %{{.*}}[0] : i8 from vector<128xi8>
// AVX2: %[[M:.*]] = arith.andi %[[E]], %{{.*}} : i8
// AVX2: vector.extract %{{.*}}[%{{.*}}] : i8 from vector<64xi8>
func.func @mid(%t: vector<64xi8>, %i: vector<128xi8>) -> vector<128xi8> {
  %0 = qdq.table_lookup %t[%i] : vector<64xi8>, vector<128xi8>
  return %0 : vector<128xi8>
}

// -----

// 16 entries: the table repeated per 16-byte lane, the indices masked to 4
// bits (pshufb zeroes bytes whose index has bit 7 set), in the widest
// register that divides the lookups.
// VBMI-LABEL: func.func @narrow
// VBMI-SAME: target_features = #llvm.target_features<["+avx512f", "+avx512bw"]>
// VBMI: %[[T:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1,
// VBMI-SAME: : vector<16xi8>, vector<16xi8>
// VBMI: %[[M:.*]] = arith.andi %{{.*}}, %{{.*}} : vector<64xi8>
// VBMI: llvm.call_intrinsic "llvm.x86.avx512.pshuf.b.512"(%[[T]], %[[M]])
// VBMI-NOT: llvm.call_intrinsic
// AVX2-LABEL: func.func @narrow
// AVX2-SAME: target_features = #llvm.target_features<["+avx2"]>
// AVX2-COUNT-2: llvm.call_intrinsic "llvm.x86.avx2.pshuf.b"
// AVX2-NOT: llvm.call_intrinsic
// AVX2: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [32], strides = [1]} : vector<32xi8> into vector<64xi8>
// SSSE3-LABEL: func.func @narrow
// SSSE3-SAME: target_features = #llvm.target_features<["+ssse3"]>
// SSSE3-COUNT-4: llvm.call_intrinsic "llvm.x86.ssse3.pshuf.b.128"
// SSSE3-NOT: llvm.call_intrinsic
// NONE-LABEL: func.func @narrow
// NONE-NOT: target_features
// NONE-NOT: llvm.call_intrinsic
// NONE: %[[E:.*]] = vector.extract %{{.*}}[0] : i8 from vector<64xi8>
// NONE: %[[M:.*]] = arith.andi %[[E]], %{{.*}} : i8
// NONE: %[[P:.*]] = arith.index_castui %[[M]] : i8 to index
// NONE: vector.extract %{{.*}}[%[[P]]] : i8 from vector<16xi8>
func.func @narrow(%t: vector<16xi8>, %i: vector<64xi8>) -> vector<64xi8> {
  %0 = qdq.table_lookup %t[%i] : vector<16xi8>, vector<64xi8>
  return %0 : vector<64xi8>
}

// -----

// Lookups that fill no register stay portable.
// VBMI-LABEL: func.func @short
// VBMI-NOT: llvm.call_intrinsic
// VBMI-NOT: target_features
// VBMI: vector.extract %{{.*}}[%{{.*}}] : i8 from vector<16xi8>
func.func @short(%t: vector<16xi8>, %i: vector<8xi8>) -> vector<8xi8> {
  %0 = qdq.table_lookup %t[%i] : vector<16xi8>, vector<8xi8>
  return %0 : vector<8xi8>
}

// -----

// 16 f32 entries: vpermps (AVX512F) on 16 i32 indices per register; it reads
// their low 4 bits. Without AVX512F, one element at a time, the index masked
// to 4 bits.
// F32-LABEL: func.func @f32_table
// F32-SAME: target_features = #llvm.target_features<["+avx512f"]>
// F32: %[[I0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [16], strides = [1]} : vector<32xi32> to vector<16xi32>
// F32: %[[R0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[I0]]) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// F32: vector.insert_strided_slice %[[R0]], %{{.*}} {offsets = [0], strides = [1]} : vector<16xf32> into vector<32xf32>
// F32: %[[I1:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [16], sizes = [16], strides = [1]} : vector<32xi32> to vector<16xi32>
// F32: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%{{.*}}, %[[I1]])
// VBMI-LABEL: func.func @f32_table
// VBMI-NOT: llvm.call_intrinsic
// VBMI: %[[E:.*]] = vector.extract %{{.*}}[0] : i32 from vector<32xi32>
// VBMI: %[[M:.*]] = arith.andi %[[E]], %{{.*}} : i32
// VBMI: %[[P:.*]] = arith.index_castui %[[M]] : i32 to index
// VBMI: vector.extract %{{.*}}[%[[P]]] : f32 from vector<16xf32>
func.func @f32_table(%t: vector<16xf32>, %i: vector<32xi32>) -> vector<32xf32> {
  %0 = qdq.table_lookup %t[%i] : vector<16xf32>, vector<32xi32>
  return %0 : vector<32xf32>
}

// -----

// 4 f32 entries (TL-R1): vpermilps, which reads the low 2 bits of each i32
// index and looks up within each 128-bit lane, so the table is repeated in
// every lane: 8 indices per register with AVX2 (the function gets "+avx"),
// each index behind an empty inline asm (see
// Pipelines/vpermilps-avx512-target.mlir), 16 with AVX512F. Without either, one element at a time, the index masked
// to 2 bits.
// AVX2-LABEL: func.func @f32_table4
// AVX2-SAME: target_features = #llvm.target_features<["+avx"]>
// AVX2: %[[T8:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 0, 1, 2, 3] : vector<4xf32>, vector<4xf32>
// AVX2: %[[J0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [8], strides = [1]} : vector<32xi32> to vector<8xi32>
// AVX2: %[[B0:.*]] = llvm.inline_asm "", "=v,0" %[[J0]] : (vector<8xi32>) -> vector<8xi32>
// AVX2: llvm.call_intrinsic "llvm.x86.avx.vpermilvar.ps.256"(%[[T8]], %[[B0]]) : (vector<8xf32>, vector<8xi32>) -> vector<8xf32>
// AVX2-COUNT-3: llvm.call_intrinsic "llvm.x86.avx.vpermilvar.ps.256"(%[[T8]], %{{.*}})
// AVX2-NOT: llvm.call_intrinsic
// F32-LABEL: func.func @f32_table4
// F32-SAME: target_features = #llvm.target_features<["+avx512f"]>
// F32: %[[T16:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3] : vector<4xf32>, vector<4xf32>
// F32: llvm.call_intrinsic "llvm.x86.avx512.vpermilvar.ps.512"(%[[T16]], %{{.*}}) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// F32: llvm.call_intrinsic "llvm.x86.avx512.vpermilvar.ps.512"(%[[T16]], %{{.*}})
// F32-NOT: llvm.call_intrinsic
// SSSE3-LABEL: func.func @f32_table4
// SSSE3-NOT: llvm.call_intrinsic
// SSSE3-DAG: %[[MASK:.*]] = arith.constant 3 : i32
// SSSE3: %[[E:.*]] = vector.extract %{{.*}}[0] : i32 from vector<32xi32>
// SSSE3: %[[M:.*]] = arith.andi %[[E]], %[[MASK]] : i32
// SSSE3: %[[P:.*]] = arith.index_castui %[[M]] : i32 to index
// SSSE3: vector.extract %{{.*}}[%[[P]]] : f32 from vector<4xf32>
func.func @f32_table4(%t: vector<4xf32>, %i: vector<32xi32>) -> vector<32xf32> {
  %0 = qdq.table_lookup %t[%i] : vector<4xf32>, vector<32xi32>
  return %0 : vector<32xf32>
}

// -----

// 8 f32 entries (TL-R1; the magnitudes of fp4 codes): vpermps on 256-bit
// registers with AVX2, which reads the low 3 bits of each i32 index (no
// mask, no inline asm); with AVX512F on 512-bit registers, the table
// repeated in both halves since it reads 4 bits there. Without either, one
// element at a time, the index masked to 3 bits.
// AVX2-LABEL: func.func @f32_table8
// AVX2-SAME: target_features = #llvm.target_features<["+avx2"]>
// AVX2-NOT: vector.shuffle
// AVX2: %[[J0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [8], strides = [1]} : vector<32xi32> to vector<8xi32>
// AVX2-NEXT: %[[R0:.*]] = llvm.call_intrinsic "llvm.x86.avx2.permps"(%{{.*}}, %[[J0]]) : (vector<8xf32>, vector<8xi32>) -> vector<8xf32>
// AVX2: vector.insert_strided_slice %[[R0]], %{{.*}} {offsets = [0], strides = [1]} : vector<8xf32> into vector<32xf32>
// AVX2-COUNT-3: llvm.call_intrinsic "llvm.x86.avx2.permps"
// AVX2-NOT: llvm.call_intrinsic
// AVX2-NOT: llvm.inline_asm
// F32-LABEL: func.func @f32_table8
// F32-SAME: target_features = #llvm.target_features<["+avx512f"]>
// F32: %[[T16:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7] : vector<8xf32>, vector<8xf32>
// F32: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%[[T16]], %{{.*}}) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// F32: llvm.call_intrinsic "llvm.x86.avx512.permvar.sf.512"(%[[T16]], %{{.*}})
// F32-NOT: llvm.call_intrinsic
// SSSE3-LABEL: func.func @f32_table8
// SSSE3-NOT: llvm.call_intrinsic
// SSSE3-DAG: %[[MASK:.*]] = arith.constant 7 : i32
// SSSE3: %[[E:.*]] = vector.extract %{{.*}}[0] : i32 from vector<32xi32>
// SSSE3: %[[M:.*]] = arith.andi %[[E]], %[[MASK]] : i32
// SSSE3: %[[P:.*]] = arith.index_castui %[[M]] : i32 to index
// SSSE3: vector.extract %{{.*}}[%[[P]]] : f32 from vector<8xf32>
func.func @f32_table8(%t: vector<8xf32>, %i: vector<32xi32>) -> vector<32xf32> {
  %0 = qdq.table_lookup %t[%i] : vector<8xf32>, vector<32xi32>
  return %0 : vector<32xf32>
}

// -----

// f32 -> bf16 vector rounding (emitted by --convert-qdq-to-vector with
// avx512bf16) marks its function with what vcvtneps2bf16 needs.
// F32-LABEL: func.func @bf16_rounding
// F32-SAME: target_features = #llvm.target_features<["+avx512f", "+avx512vl", "+avx512bf16"]>
// NONE-LABEL: func.func @bf16_rounding
// NONE-SAME: target_features = #llvm.target_features<["+avx512f", "+avx512vl", "+avx512bf16"]>
func.func @bf16_rounding(%v: vector<16xf32>) -> vector<16xbf16> {
  %0 = arith.truncf %v : vector<16xf32> to vector<16xbf16>
  return %0 : vector<16xbf16>
}

// -----

// 32 words: one vpermw per 32 lookups (the low 5 bits of each index), with
// AVX512BW (VBMI lines); else one extract per element, the index masked to
// 5 bits.
// VBMI-LABEL: func.func @words
// VBMI-DAG: %[[I0:.*]] = vector.extract_strided_slice %[[I:.*]] {offsets = [0], sizes = [32], strides = [1]} : vector<64xi16> to vector<32xi16>
// VBMI-DAG: %[[I1:.*]] = vector.extract_strided_slice %[[I]] {offsets = [32], sizes = [32], strides = [1]} : vector<64xi16> to vector<32xi16>
// VBMI-DAG: llvm.call_intrinsic "llvm.x86.avx512.permvar.hi.512"(%[[T:.*]], %[[I0]]) : (vector<32xi16>, vector<32xi16>) -> vector<32xi16>
// VBMI-DAG: llvm.call_intrinsic "llvm.x86.avx512.permvar.hi.512"(%[[T]], %[[I1]])
// VBMI: return
// AVX2-LABEL: func.func @words
// AVX2-NOT: llvm.call_intrinsic
// AVX2: %[[E:.*]] = vector.extract %{{.*}}[0] : i16 from vector<64xi16>
// AVX2: arith.andi %[[E]], %{{.*}} : i16
// AVX2: vector.extract %{{.*}}[%{{.*}}] : i16 from vector<32xi16>
// F32-LABEL: func.func @words
// F32-NOT: llvm.call_intrinsic
// F32: return
func.func @words(%t: vector<32xi16>, %i: vector<64xi16>) -> vector<64xi16> {
  %0 = qdq.table_lookup %t[%i] : vector<32xi16>, vector<64xi16>
  return %0 : vector<64xi16>
}
