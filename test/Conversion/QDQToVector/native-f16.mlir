// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512fp16" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16,f16c" --split-input-file | FileCheck %s --check-prefixes=NOFP16,TABLES
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefix=NOFP16
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2,avx512fp16" --split-input-file | FileCheck %s --check-prefix=Y256
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi,f16c,avx512fp16" --split-input-file | FileCheck %s --check-prefix=VBMI

// f16 results of integer x of at most 8 bits with f16 scales, with
// AVX512_FP16 on 512-bit registers (and on 256-bit ones: Y256, half the
// lanes per register): each step computes in f16. x minus the
// zero point in i16 lanes (the zero point narrowed once, before the loop),
// converted to f16 (arith.sitofp, vcvtw2ph) and multiplied by the f16
// scale (vmulph), which is the only rounding; no pass over the scales and
// no versioned loops (no scf.if), no f32 in the loop. Without AVX512_FP16
// the steps keep the f32 product (NOFP16).
// CHECK-LABEL: func.func @i8_tensor
// CHECK-NOT: scf.if
// CHECK: %[[S:.*]] = tensor.extract %{{.*}}[] : tensor<f16>
// CHECK: %[[SV:.*]] = vector.broadcast %[[S]] : f16 to vector<64xf16>
// CHECK: %[[Z:.*]] = arith.extsi %{{.*}} : i8 to i16
// CHECK: %[[ZV:.*]] = vector.broadcast %[[Z]] : i16 to vector<64xi16>
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}} : tensor<256xi8>, vector<64xi8>
// CHECK: %[[XW:.*]] = arith.extsi %[[X]] : vector<64xi8> to vector<64xi16>
// CHECK: %[[D:.*]] = arith.subi %[[XW]], %[[ZV]] : vector<64xi16>
// CHECK: %[[A:.*]] = arith.sitofp %[[D]] : vector<64xi16> to vector<64xf16>
// CHECK: %[[Y:.*]] = arith.mulf %[[A]], %[[SV]] : vector<64xf16>
// CHECK: arith.bitcast %[[Y]] : vector<64xf16> to vector<64xi16>
// CHECK-NOT: f32
// CHECK: return
// NOFP16-LABEL: func.func @i8_tensor
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
// Y256-LABEL: func.func @i8_tensor
// Y256-SAME: prefer_vector_width = "256"
// Y256: scf.for
// Y256: %[[X:.*]] = vector.transfer_read {{.*}} : tensor<256xi8>, vector<32xi8>
// Y256: %[[XW:.*]] = arith.extsi %[[X]] : vector<32xi8> to vector<32xi16>
// Y256: %[[D:.*]] = arith.subi %[[XW]], %{{.*}} : vector<32xi16>
// Y256: %[[A:.*]] = arith.sitofp %[[D]] : vector<32xi16> to vector<32xf16>
// Y256: arith.mulf %[[A]], %{{.*}} : vector<32xf16>
// Y256-NOT: f32
// Y256: return
func.func @i8_tensor(%x: tensor<256xi8>, %s: tensor<f16>, %z: tensor<i8>) -> tensor<256xf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<256xi8>, tensor<f16>, tensor<i8>) -> tensor<256xf16>
  return %y : tensor<256xf16>
}

// -----

// Packed 4-bit x stays in i8 lanes (masked and shifted nibbles,
// interleaved), zero-extended to i16 for ui4; the f16 scales are their own
// per-axis table (f16 in nativeF16 loops: narrowEntryType), read once,
// before the loop.
// CHECK-LABEL: func.func @u4_axis
// CHECK-NOT: arith.truncf
// CHECK: %[[SV:.*]] = vector.transfer_read %arg1[%{{.*}}]{{.*}} : tensor<64xf16>, vector<64xf16>
// CHECK: %[[ZT:.*]] = vector.transfer_read %{{.*}} : tensor<128xi8>, vector<64xi8>
// CHECK: %[[ZV:.*]] = arith.extsi %[[ZT]] : vector<64xi8> to vector<64xi16>
// CHECK: scf.for
// CHECK: %[[B:.*]] = vector.transfer_read {{.*}} : tensor<256xi8>, vector<32xi8>
// CHECK: %[[X:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<32xi8> -> vector<64xi8>
// CHECK: %[[XW:.*]] = arith.extui %[[X]] : vector<64xi8> to vector<64xi16>
// CHECK: %[[D:.*]] = arith.subi %[[XW]], %[[ZV]] : vector<64xi16>
// CHECK: %[[A:.*]] = arith.sitofp %[[D]] : vector<64xi16> to vector<64xf16>
// CHECK: arith.mulf %[[A]], %[[SV]] : vector<64xf16>
// NOFP16-LABEL: func.func @u4_axis
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
func.func @u4_axis(%x: tensor<8x64xui4>, %s: tensor<64xf16>, %z: tensor<64xui4>) -> tensor<8x64xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<8x64xui4>, tensor<64xf16>, tensor<64xui4>) -> tensor<8x64xf16>
  return %y : tensor<8x64xf16>
}

// -----

// No zero point: no subtraction (ui8 codes are below 2^8 in their i16
// lanes, so the signed conversion is exact); rows of one scale each.
// CHECK-LABEL: func.func @u8_rows
// CHECK: %[[S:.*]] = tensor.extract %{{.*}} : tensor<?xf16>
// CHECK: %[[SV:.*]] = vector.broadcast %[[S]] : f16 to vector<64xf16>
// CHECK: scf.for
// CHECK: %[[XW:.*]] = arith.extui %{{.*}} : vector<64xi8> to vector<64xi16>
// CHECK-NOT: arith.subi
// CHECK: %[[A:.*]] = arith.sitofp %[[XW]] : vector<64xi16> to vector<64xf16>
// CHECK: arith.mulf %[[A]], %{{.*}} : vector<64xf16>
// NOFP16-LABEL: func.func @u8_rows
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
func.func @u8_rows(%x: tensor<?x100xui8>, %s: tensor<?xf16>) -> tensor<?x100xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<?x100xui8>, tensor<?xf16>) -> tensor<?x100xf16>
  return %y : tensor<?x100xf16>
}

// -----

// Blocked 8-bit x (blocks of 32): the scales a step reads from its segment
// table (f32; f16 tables ran slower for some x types, see emitSegments) are
// narrowed in the step. The steps after the last whole segment read the f16
// scales of their two blocks and spread them before widening them
// (spreadEntries), which the f16 multiply looks through.
// CHECK-LABEL: func.func @i8_blocked
// CHECK: bufferization.alloc_tensor() : tensor<128xf32>
// CHECK: scf.for
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : vector<64xf32> to vector<64xf16>
// CHECK: arith.mulf %{{.*}}, %[[T]] : vector<64xf16>
// CHECK: scf.for
// CHECK: %[[R:.*]] = vector.shuffle %{{.*}} : vector<2xf16>, vector<2xf16>
// CHECK: arith.mulf %{{.*}}, %[[R]] : vector<64xf16>
// CHECK-NOT: arith.truncf
// CHECK: return
// NOFP16-LABEL: func.func @i8_blocked
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
func.func @i8_blocked(%x: tensor<4x4096xi8>, %s: tensor<4x128xf16>, %z: tensor<4x128xi8>) -> tensor<4x4096xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64, block_size = 32 : i64} : (tensor<4x4096xi8>, tensor<4x128xf16>, tensor<4x128xi8>) -> tensor<4x4096xf16>
  return %y : tensor<4x4096xf16>
}

// -----

// Blocks of 24 (grouped runs: three steps of 64 lanes per group of 192
// columns, taking 3, 4 and 3 entries): each step reads four entries of the
// f16 scales and of the i8 zero points in place (one load, within the
// group's eight entries: the third step reads 4 to 7 for its 5 to 7) and
// spreads them over its lanes before widening them (vpermw / vpshufb); no
// row tables, no f32 scale and no narrowing in the loop. Without
// AVX512_FP16 the row table holds f32 scales and each step selects
// broadcast entries (NOFP16).
// CHECK-LABEL: func.func @i8_blocked24
// CHECK-NOT: bufferization.alloc_tensor
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[S4:.*]] = vector.transfer_read %arg1[{{.*}}]{{.*}} : tensor<2x20xf16>, vector<4xf16>
// CHECK: %[[S:.*]] = vector.shuffle %[[S4]], %[[S4]] [0, 0, {{.*}}, 2, 2] : vector<4xf16>, vector<4xf16>
// CHECK: %[[Z4:.*]] = vector.transfer_read %arg2[{{.*}}]{{.*}} : tensor<2x20xi8>, vector<4xi8>
// CHECK: %[[Z8:.*]] = vector.shuffle %[[Z4]], %[[Z4]] [0, 0, {{.*}}, 2, 2] : vector<4xi8>, vector<4xi8>
// CHECK: %[[Z:.*]] = arith.extsi %[[Z8]] : vector<64xi8> to vector<64xi16>
// CHECK: %[[X:.*]] = arith.extsi %{{.*}} : vector<64xi8> to vector<64xi16>
// CHECK: %[[D:.*]] = arith.subi %[[X]], %[[Z]] : vector<64xi16>
// CHECK: %[[A:.*]] = arith.sitofp %[[D]] : vector<64xi16> to vector<64xf16>
// CHECK: arith.mulf %[[A]], %[[S]] : vector<64xf16>
// CHECK: vector.shuffle %{{.*}} [1, 1, {{.*}}, 3, 3] : vector<4xf16>, vector<4xf16>
// CHECK-NOT: f32
// CHECK: scf.yield
// NOFP16-LABEL: func.func @i8_blocked24
// NOFP16: bufferization.alloc_tensor() : tensor<{{[0-9]+}}xf32>
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
func.func @i8_blocked24(%x: tensor<2x480xi8>, %s: tensor<2x20xf16>, %z: tensor<2x20xi8>) -> tensor<2x480xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64, block_size = 24 : i64} : (tensor<2x480xi8>, tensor<2x20xf16>, tensor<2x20xi8>) -> tensor<2x480xf16>
  return %y : tensor<2x480xf16>
}

// -----

// Rows of 24 along a dynamic axis (grouped runs read in place): the f16
// scales and i8 zero points a step reads are spread before they are
// widened, the zero points then to i16 only. Each step of a whole group
// reads four entries within the group's eight: the third step, whose
// lanes take entries 5 to 7, reads 4 to 7.
// CHECK-LABEL: func.func @i8_along24
// CHECK: scf.for
// CHECK: %[[S3:.*]] = vector.transfer_read %{{.*}} : tensor<1x?xf16>, vector<4xf16>
// CHECK: %[[S:.*]] = vector.shuffle %[[S3]], %[[S3]] [0, 0, {{.*}}, 2, 2] : vector<4xf16>, vector<4xf16>
// CHECK: %[[Z3:.*]] = vector.transfer_read %{{.*}} : tensor<1x?xi8>, vector<4xi8>
// CHECK: %[[Z8:.*]] = vector.shuffle %[[Z3]], %[[Z3]] [0, 0, {{.*}}, 2, 2] : vector<4xi8>, vector<4xi8>
// CHECK: %[[Z:.*]] = arith.extsi %[[Z8]] : vector<64xi8> to vector<64xi16>
// CHECK: %[[X:.*]] = arith.extsi %{{.*}} : vector<64xi8> to vector<64xi16>
// CHECK: %[[D:.*]] = arith.subi %[[X]], %[[Z]] : vector<64xi16>
// CHECK: %[[A:.*]] = arith.sitofp %[[D]] : vector<64xi16> to vector<64xf16>
// CHECK: arith.mulf %[[A]], %[[S]] : vector<64xf16>
// CHECK: %[[C5:.*]] = arith.addi %{{.*}}, %c4 : index
// CHECK: vector.transfer_read %{{.*}}[%{{.*}}, %[[C5]]]{{.*}} : tensor<1x?xf16>, vector<4xf16>
// CHECK: vector.shuffle %{{.*}} [1, 1, {{.*}}, 3, 3] : vector<4xf16>, vector<4xf16>
// CHECK-NOT: f32
// CHECK: scf.yield
// NOFP16-LABEL: func.func @i8_along24
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
func.func @i8_along24(%x: tensor<?x24xi8>, %s: tensor<?xf16>, %z: tensor<?xi8>) -> tensor<?x24xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 0 : i64} : (tensor<?x24xi8>, tensor<?xf16>, tensor<?xi8>) -> tensor<?x24xf16>
  return %y : tensor<?x24xf16>
}

// -----

// Not for f32 scales (the product of an f32 scale is not exact in f16
// arithmetic), 16-bit x (|x - zero point| up to 2^16), bf16 results, or
// blocked packed x (slower in f16: measured, see nativeF16).
// CHECK-LABEL: func.func @others
// CHECK-NOT: arith.mulf {{.*}}xf16>
// CHECK: return
func.func @others(%x8: tensor<256xi8>, %s32: tensor<f32>, %z8: tensor<i8>,
                  %x16: tensor<256xi16>, %s16: tensor<f16>, %z16: tensor<i16>,
                  %sb: tensor<bf16>, %x4: tensor<4x240xui4>,
                  %s4: tensor<4x10xf16>, %z4: tensor<4x10xui4>)
    -> (tensor<256xf16>, tensor<256xf16>, tensor<256xbf16>, tensor<4x240xf16>) {
  %a = qdq.dequantize_linear %x8, %s32, %z8 : (tensor<256xi8>, tensor<f32>, tensor<i8>) -> tensor<256xf16>
  %b = qdq.dequantize_linear %x16, %s16, %z16 : (tensor<256xi16>, tensor<f16>, tensor<i16>) -> tensor<256xf16>
  %c = qdq.dequantize_linear %x8, %sb, %z8 : (tensor<256xi8>, tensor<bf16>, tensor<i8>) -> tensor<256xbf16>
  %d = qdq.dequantize_linear %x4, %s4, %z4 {axis = 1 : i64, block_size = 24 : i64} : (tensor<4x240xui4>, tensor<4x10xf16>, tensor<4x10xui4>) -> tensor<4x240xf16>
  return %a, %b, %c, %d : tensor<256xf16>, tensor<256xf16>, tensor<256xbf16>, tensor<4x240xf16>
}

// -----

// fp8 x: each step makes the codes' f16 bits with a few byte operations
// (decodeMinifloatToRebiasedF16: the low and the high bytes, interleaved),
// multiplies them by 2^8 for f8E4M3FN (exact), then by the f16 scale; no
// decode table, even with AVX512_VBMI.
// CHECK-LABEL: func.func @e4m3_axis
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant dense<2.560000e+02> : vector<64xf16>
// CHECK-NOT: arith.truncf
// CHECK: %[[S:.*]] = vector.transfer_read %arg1[%{{.*}}]{{.*}} : tensor<64xf16>, vector<64xf16>
// CHECK: scf.for
// CHECK-NOT: qdq.table_lookup
// CHECK: %[[B:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<64xi8> -> vector<128xi8>
// CHECK: %[[H:.*]] = vector.bitcast %[[B]] : vector<128xi8> to vector<64xf16>
// CHECK: %[[X:.*]] = arith.mulf %[[H]], %[[REBIAS]] : vector<64xf16>
// CHECK: arith.mulf %[[X]], %[[S]] : vector<64xf16>
// VBMI-LABEL: func.func @e4m3_axis
// VBMI-NOT: qdq.table_lookup
// VBMI: vector.interleave
// VBMI: arith.mulf {{.*}} : vector<64xf16>
// VBMI: return
// NOFP16-LABEL: func.func @e4m3_axis
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
func.func @e4m3_axis(%x: tensor<8x64xf8E4M3FN>, %s: tensor<64xf16>) -> tensor<8x64xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64} : (tensor<8x64xf8E4M3FN>, tensor<64xf16>) -> tensor<8x64xf16>
  return %y : tensor<8x64xf16>
}

// -----

// f8E5M2 is the high byte of an f16: no rebias multiply.
// CHECK-LABEL: func.func @e5m2_blocked
// CHECK: scf.for
// CHECK: %[[H:.*]] = vector.bitcast %{{.*}} : vector<128xi8> to vector<64xf16>
// CHECK-NEXT: arith.mulf %[[H]], %{{.*}} : vector<64xf16>
// NOFP16-LABEL: func.func @e5m2_blocked
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
func.func @e5m2_blocked(%x: tensor<4x4096xf8E5M2>, %s: tensor<4x128xf16>) -> tensor<4x4096xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64, block_size = 32 : i64} : (tensor<4x4096xf8E5M2>, tensor<4x128xf16>) -> tensor<4x4096xf16>
  return %y : tensor<4x4096xf16>
}

// -----

// f16 x without a zero point: x times the f16 scale, nothing else (8
// registers a step for f16 x -> f16). With a zero point x - zero point need
// not be an f16: the f32 steps. The per-axis table (two steps' period of
// the 64 scales) holds f16 scales.
// CHECK-LABEL: func.func @f16_axis
// CHECK: bufferization.alloc_tensor() : tensor<256xf16>
// CHECK-NOT: arith.truncf
// CHECK: %[[S:.*]] = vector.transfer_read %{{.*}} : tensor<256xf16>, vector<128xf16>
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}} : tensor<512xf16>, vector<128xf16>
// CHECK-NEXT: arith.mulf %[[X]], %[[S]] : vector<128xf16>
// NOFP16-LABEL: func.func @f16_axis
// NOFP16-NOT: arith.mulf {{.*}}xf16>
// NOFP16: return
// Y256-LABEL: func.func @f16_axis
// Y256: %[[S:.*]] = vector.transfer_read %{{.*}} : tensor<64xf16>, vector<64xf16>
// Y256: scf.for
// Y256: %[[X:.*]] = vector.transfer_read %{{.*}} : tensor<512xf16>, vector<64xf16>
// Y256-NEXT: arith.mulf %[[X]], %[[S]] : vector<64xf16>
func.func @f16_axis(%x: tensor<8x64xf16>, %s: tensor<64xf16>) -> tensor<8x64xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64} : (tensor<8x64xf16>, tensor<64xf16>) -> tensor<8x64xf16>
  return %y : tensor<8x64xf16>
}

// -----

// CHECK-LABEL: func.func @f16_zero_point
// CHECK-NOT: arith.mulf {{.*}}xf16>
// CHECK: return
func.func @f16_zero_point(%x: tensor<256xf16>, %s: tensor<f16>, %z: tensor<f16>) -> tensor<256xf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<256xf16>, tensor<f16>, tensor<f16>) -> tensor<256xf16>
  return %y : tensor<256xf16>
}

// -----

// 8-bit x takes the f16 steps rather than a lookup table where both apply
// (AVX512_VBMI and AVX512_FP16: per tensor, and per-axis rows long enough
// for a table each): the steps cost fewer operations (measured, see
// LookupTable::entries). Without AVX512_FP16 the same ops look their codes
// up (TABLES). Packed x keeps its table of 16 entries, and so does 8-bit x
// with an f32 scale, whose products f16 arithmetic does not round once
// (VBMI and TABLES alike).
// VBMI-LABEL: func.func @tables_or_f16
// VBMI: scf.for
// VBMI-NOT: qdq.table_lookup
// VBMI: arith.sitofp %{{.*}} : vector<64xi16> to vector<64xf16>
// VBMI: arith.mulf %{{.*}} : vector<64xf16>
// VBMI: scf.for
// VBMI-NOT: qdq.table_lookup
// VBMI: arith.mulf %{{.*}} : vector<64xf16>
// VBMI: scf.for
// VBMI-NOT: qdq.table_lookup
// VBMI: arith.sitofp %{{.*}} : vector<64xi16> to vector<64xf16>
// VBMI: arith.mulf %{{.*}} : vector<64xf16>
// VBMI: scf.for
// VBMI: qdq.table_lookup
// VBMI: scf.for
// VBMI: qdq.table_lookup
// VBMI: return
// TABLES-LABEL: func.func @tables_or_f16
// TABLES-COUNT-6: qdq.table_lookup %{{.*}} : vector<256xi8>, vector<64xi8>
// TABLES-COUNT-2: qdq.table_lookup %{{.*}} : vector<16xi8>, vector<64xi8>
// TABLES-COUNT-2: qdq.table_lookup %{{.*}} : vector<256xi8>, vector<64xi8>
// TABLES-NOT: qdq.table_lookup
// TABLES: return
func.func @tables_or_f16(%x8: tensor<1024xi8>, %s: tensor<f16>, %z8: tensor<i8>,
                         %e5: tensor<1024xf8E5M2>,
                         %r8: tensor<4x2048xui8>, %rs: tensor<4xf16>,
                         %x4: tensor<1024xi4>, %z4: tensor<i4>,
                         %s32: tensor<f32>)
    -> (tensor<1024xf16>, tensor<1024xf16>, tensor<4x2048xf16>,
        tensor<1024xf16>, tensor<1024xf16>) {
  %a = qdq.dequantize_linear %x8, %s, %z8 : (tensor<1024xi8>, tensor<f16>, tensor<i8>) -> tensor<1024xf16>
  %b = qdq.dequantize_linear %e5, %s : (tensor<1024xf8E5M2>, tensor<f16>) -> tensor<1024xf16>
  %c = qdq.dequantize_linear %r8, %rs {axis = 0 : i64} : (tensor<4x2048xui8>, tensor<4xf16>) -> tensor<4x2048xf16>
  %d = qdq.dequantize_linear %x4, %s, %z4 : (tensor<1024xi4>, tensor<f16>, tensor<i4>) -> tensor<1024xf16>
  %e = qdq.dequantize_linear %x8, %s32, %z8 : (tensor<1024xi8>, tensor<f32>, tensor<i8>) -> tensor<1024xf16>
  return %a, %b, %c, %d, %e : tensor<1024xf16>, tensor<1024xf16>, tensor<4x2048xf16>, tensor<1024xf16>, tensor<1024xf16>
}
