// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi code-table-min-blocks=-1" --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw" --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi code-table-min-blocks=64" --split-input-file | FileCheck %s --check-prefix=FEWER

// MX formats into f16 (KernelBuilder::codeTables, docs/Lowering.md "Code
// tables"): fp8 x with f8E8M0FNU scales, blocked along the innermost axis.
// Two passes over the stored scales (an E8M0 scale is its code: bytes, 64
// per read, combined lane by lane and reduced once after the loop) find the
// lowest and highest code; the tables pay when (highest - lowest + 1) * 32
// (code-table-min-blocks) <= the number of blocks (128 here). Then (the
// then-branch) a loop over those codes fills a tensor of 256 tables of 256
// bytes: the 128 codes without the sign times 2^(e - 127) (vector<128xf32>),
// rounded to f16, low bytes at e * 256 and high bytes at e * 256 + 128.
// The scales decode to those offsets (code << 8). Each step of 64 codes
// reads the planes of its two blocks, looks the codes up in each (in the
// in-lane order), keeps each block's lanes (constant masks), ORs the sign
// into the high bytes and gives the FNUZ NaN code 0x80 the f16 NaN 0x7E00
// (bytes 0 and 126); no multiply. The else-branch multiplies.

// CHECK-LABEL: func.func @mxfp8_f16_b32
// CHECK-DAG: %[[NANHIGH:.*]] = arith.constant dense<126> : vector<64xi8>
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK: %[[LOWLANES:.*]] = scf.for %{{.*}} iter_args(%[[LOWACC:.*]] = %{{.*}}) -> (vector<64xi8>)
// CHECK-NEXT: %[[CODES:.*]] = vector.transfer_read %{{.*}} : tensor<128xi8>, vector<64xi8>
// CHECK-NEXT: %[[LOWER:.*]] = arith.minui %[[LOWACC]], %[[CODES]] : vector<64xi8>
// CHECK-NEXT: scf.yield %[[LOWER]] : vector<64xi8>
// CHECK: %[[LOWSEEN:.*]] = vector.reduction <minui>, %[[LOWLANES]] : vector<64xi8> into i8
// CHECK: %[[HIGHLANES:.*]] = scf.for
// CHECK: arith.maxui %{{.*}} : vector<64xi8>
// CHECK: %[[HIGHEST:.*]] = vector.reduction <maxui>, %[[HIGHLANES]] : vector<64xi8> into i8
// CHECK: %[[LOWEST:.*]] = arith.minui %[[LOWSEEN]], %[[HIGHEST]] : i8
// CHECK: %[[FIRST:.*]] = arith.index_castui %[[LOWEST]] : i8 to index
// CHECK: %[[LAST:.*]] = arith.index_castui %[[HIGHEST]] : i8 to index
// CHECK: %[[SPAN:.*]] = arith.subi %[[LAST]], %[[FIRST]] : index
// CHECK: %[[TABLES:.*]] = arith.addi %[[SPAN]], %{{.*}} : index
// CHECK: %[[NEEDED:.*]] = arith.muli %[[TABLES]], %c32 : index
// CHECK: %[[PAYS:.*]] = arith.cmpi ule, %[[NEEDED]], %c128 : index
// CHECK: scf.if %[[PAYS]]
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<65536xi8>
// CHECK: %[[STORE:.*]] = scf.for %[[CODE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[EMPTY]]) -> (tensor<65536xi8>)
// CHECK: arith.mulf %{{.*}} : vector<128xf32>
// CHECK: arith.truncf %{{.*}} : vector<128xf32> to vector<128xf16>
// CHECK: %[[AT:.*]] = arith.shli %[[CODE]], %[[EIGHT]] : index
// CHECK: %[[HIGHAT:.*]] = arith.addi %[[AT]], %c128 : index
// CHECK: %[[WITHLOW:.*]] = vector.transfer_write %{{.*}}, %[[ACC]][%[[AT]]] {in_bounds = [true]} : vector<128xi8>, tensor<65536xi8>
// CHECK: vector.transfer_write %{{.*}}, %[[WITHLOW]][%[[HIGHAT]]] {in_bounds = [true]} : vector<128xi8>, tensor<65536xi8>
// CHECK: arith.extui %{{.*}} : vector<64xi8> to vector<64xi32>
// CHECK: arith.shli %{{.*}} : vector<64xi32>
// CHECK-NOT: arith.mulf
// CHECK: vector.transfer_read %[[STORE]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<65536xi8>, vector<128xi8>
// CHECK: vector.transfer_read %[[STORE]]
// CHECK: vector.transfer_read %[[STORE]]
// CHECK: vector.transfer_read %[[STORE]]
// CHECK: %[[ORDERED:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 32, 33,
// CHECK: %[[LOWA:.*]] = qdq.table_lookup %{{.*}}[%[[ORDERED]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[HIGHA:.*]] = qdq.table_lookup %{{.*}}[%[[ORDERED]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[LOWB:.*]] = qdq.table_lookup %{{.*}}[%[[ORDERED]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[HIGHB:.*]] = qdq.table_lookup %{{.*}}[%[[ORDERED]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[LOW:.*]] = arith.select %[[SECOND:.*]], %[[LOWB]], %[[LOWA]] : vector<64xi1>, vector<64xi8>
// CHECK: %[[HIGH:.*]] = arith.select %[[SECOND]], %[[HIGHB]], %[[HIGHA]] : vector<64xi1>, vector<64xi8>
// CHECK: %[[SIGN:.*]] = arith.andi %[[ORDERED]], %{{.*}} : vector<64xi8>
// CHECK: %[[SIGNED:.*]] = arith.ori %[[HIGH]], %[[SIGN]] : vector<64xi8>
// CHECK: %[[NAN:.*]] = arith.cmpi eq, %[[ORDERED]], %{{.*}} : vector<64xi8>
// CHECK: arith.select %[[NAN]], %{{.*}}, %[[LOW]] : vector<64xi1>, vector<64xi8>
// CHECK: arith.select %[[NAN]], %[[NANHIGH]], %[[SIGNED]] : vector<64xi1>, vector<64xi8>
// CHECK-NOT: arith.mulf
// CHECK: } else {
// CHECK-NOT: tensor<65536xi8>
// CHECK: arith.mulf
// CHECK: return

// The op has 128 blocks and at least one code: with 64 blocks per table
// (code-table-min-blocks=64) the tables pay for at most 2 codes.
// FEWER-LABEL: func.func @mxfp8_f16_b32
// FEWER: arith.muli %{{.*}}, %c64 : index
// FEWER: arith.cmpi ule, %{{.*}}, %c128 : index

// Without VBMI, or with code-table-min-blocks=-1, no tables.
// OFF-LABEL: func.func @mxfp8_f16_b32
// OFF-NOT: tensor<65536xi8>
// OFF: arith.mulf
// OFF: return
func.func @mxfp8_f16_b32(%x: tensor<4x1024xf8E4M3FNUZ>, %s: tensor<4x32xf8E8M0FNU>) -> tensor<4x1024xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<4x1024xf8E4M3FNUZ>, tensor<4x32xf8E8M0FNU>) -> tensor<4x1024xf16>
  return %y : tensor<4x1024xf16>
}

// -----

// Blocks of 128: one table per step (no select), the sign ORed in (no NaN
// code for f8E4M3FN).
// Its 16 scales are one read, whose lanes past them repeat scale 0.
// CHECK-LABEL: func.func @mxfp8_f16_b128
// CHECK: %[[SCALES:.*]] = vector.transfer_read %{{.*}} : tensor<16xi8>, vector<16xi8>
// CHECK: %[[SPREAD:.*]] = vector.shuffle %[[SCALES]], %[[SCALES]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 0,
// CHECK: vector.reduction <minui>, %[[SPREAD]] : vector<64xi8> into i8
// CHECK: vector.reduction <maxui>, %{{.*}} : vector<64xi8> into i8
// CHECK: scf.if
// CHECK: tensor.empty() : tensor<65536xi8>
// CHECK: qdq.table_lookup %{{.*}} : vector<128xi8>, vector<64xi8>
// CHECK: qdq.table_lookup %{{.*}} : vector<128xi8>, vector<64xi8>
// CHECK-NOT: qdq.table_lookup
// CHECK-NOT: arith.select
// CHECK: arith.ori %{{.*}} : vector<64xi8>
// CHECK: } else {
// OFF-LABEL: func.func @mxfp8_f16_b128
// OFF-NOT: tensor<65536xi8>
// OFF: return
func.func @mxfp8_f16_b128(%x: tensor<2x1024xf8E4M3FN>, %s: tensor<2x8xf8E8M0FNU>) -> tensor<2x1024xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 128 : (tensor<2x1024xf8E4M3FN>, tensor<2x8xf8E8M0FNU>) -> tensor<2x1024xf16>
  return %y : tensor<2x1024xf16>
}

// -----

// Not for bf16 results (the exponent add), f16 scales, blocks of 16 or
// blocks along an outer axis (each lane its own scale).
// CHECK-LABEL: func.func @mxfp8_bf16
// CHECK-NOT: tensor<65536xi8>
// CHECK: return
func.func @mxfp8_bf16(%x: tensor<4x1024xf8E5M2>, %s: tensor<4x32xf8E8M0FNU>) -> tensor<4x1024xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<4x1024xf8E5M2>, tensor<4x32xf8E8M0FNU>) -> tensor<4x1024xbf16>
  return %y : tensor<4x1024xbf16>
}

// CHECK-LABEL: func.func @fp8_f16_scales
// CHECK-NOT: tensor<65536xi8>
// CHECK: return
func.func @fp8_f16_scales(%x: tensor<4x1024xf8E5M2>, %s: tensor<4x32xf16>) -> tensor<4x1024xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<4x1024xf8E5M2>, tensor<4x32xf16>) -> tensor<4x1024xf16>
  return %y : tensor<4x1024xf16>
}

// CHECK-LABEL: func.func @mxfp8_f16_b16
// CHECK-NOT: tensor<65536xi8>
// CHECK: return
func.func @mxfp8_f16_b16(%x: tensor<4x1024xf8E5M2>, %s: tensor<4x64xf8E8M0FNU>) -> tensor<4x1024xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 16 : (tensor<4x1024xf8E5M2>, tensor<4x64xf8E8M0FNU>) -> tensor<4x1024xf16>
  return %y : tensor<4x1024xf16>
}

// CHECK-LABEL: func.func @mxfp8_f16_outer
// CHECK-NOT: tensor<65536xi8>
// CHECK: return
func.func @mxfp8_f16_outer(%x: tensor<64x128xf8E5M2>, %s: tensor<2x128xf8E8M0FNU>) -> tensor<64x128xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 0 block_size = 32 : (tensor<64x128xf8E5M2>, tensor<2x128xf8E8M0FNU>) -> tensor<64x128xf16>
  return %y : tensor<64x128xf16>
}
