// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=1 period-tile=4 cpu-features=ssse3" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 period-tile=4" --split-input-file | FileCheck %s --check-prefix=AVX512
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 period-tile=4" --split-input-file | FileCheck %s --check-prefix=UNROLL

// Per-tensor packed int4: x flattened, read 4 bytes (8 codes) at a time,
// nibbles split with and/shift, interleaved low-first and sign-extended
// within i8 lanes ((c ^ 8) - 8); the zero point is subtracted in i8 lanes
// too (4-bit values differ by at most 23); one masked tail.
// CHECK-LABEL: func.func @per_tensor_i4
// CHECK:       %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<?x7xi4> into tensor<?xi4>
// CHECK:       %[[BYTES:.*]] = qdq.packed_bytes %[[FLAT]] : tensor<?xi4> -> tensor<?xi8>
// CHECK:       scf.for %[[I:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:         %[[BI:.*]] = arith.divui %[[I]], %{{.*}} : index
// CHECK:         %[[B:.*]] = vector.transfer_read %[[BYTES]][%[[BI]]], %{{.*}} {in_bounds = [true]} : tensor<?xi8>, vector<4xi8>
// CHECK:         %[[LO:.*]] = arith.andi %[[B]], %{{.*}} : vector<4xi8>
// CHECK:         %[[HI:.*]] = arith.shrui %[[B]], %{{.*}} : vector<4xi8>
// CHECK:         %[[C:.*]] = vector.interleave %[[LO]], %[[HI]] : vector<4xi8> -> vector<8xi8>
// CHECK:         %[[X:.*]] = arith.xori %[[C]], %{{.*}} : vector<8xi8>
// CHECK:         %[[S:.*]] = arith.subi %[[X]], %{{.*}} : vector<8xi8>
// CHECK:         %[[D:.*]] = arith.subi %[[S]], %{{.*}} : vector<8xi8>
// CHECK:         arith.sitofp %[[D]] : vector<8xi8> to vector<8xf32>
// CHECK:         vector.transfer_write %{{.*}} {in_bounds = [true]} : vector<8xf32>, tensor<?xf32>
// CHECK:       scf.if
// CHECK:         vector.transfer_read %[[BYTES]][%{{.*}}], %{{.*}} : tensor<?xi8>, vector<4xi8>
// CHECK:         vector.transfer_write %{{.*}} : vector<8xf32>, tensor<?xf32>
// CHECK:       tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%{{.*}}, 7] : tensor<?xf32> into tensor<?x7xf32>
// AVX512-LABEL: func.func @per_tensor_i4
// AVX512:       vector.transfer_read %{{.*}} : tensor<?xi8>, vector<8xi8>
// AVX512:       vector.interleave %{{.*}}, %{{.*}} : vector<8xi8> -> vector<16xi8>
func.func @per_tensor_i4(%x: tensor<?x7xi4>, %s: tensor<f32>, %z: tensor<i4>) -> tensor<?x7xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x7xi4>, tensor<f32>, tensor<i4>) -> tensor<?x7xf32>
  return %y : tensor<?x7xf32>
}

// -----

// 2-bit codes: four fields interleaved pairwise (f0 f1 f2 f3 order).
// CHECK-LABEL: func.func @per_tensor_u2
// CHECK:       vector.transfer_read %{{.*}} : tensor<16xi8>, vector<2xi8>
// CHECK:       %[[EVEN:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<2xi8> -> vector<4xi8>
// CHECK:       %[[ODD:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<2xi8> -> vector<4xi8>
// CHECK:       vector.interleave %[[EVEN]], %[[ODD]] : vector<4xi8> -> vector<8xi8>
// CHECK:       arith.uitofp %{{.*}} : vector<8xi8> to vector<8xf32>
func.func @per_tensor_u2(%x: tensor<64xui2>, %s: tensor<1xf32>) -> tensor<64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xui2>, tensor<1xf32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// -----

// Per-axis with a short period (K * N = 3): decoded tables of 9 + 8 entries
// (period 9 >= 8 lanes), read at offset o, which wraps with one compare and
// select. The i8 zero points stay i8 in their table and are widened after
// the read.
// CHECK-LABEL: func.func @axis_table
// CHECK:       %[[ST:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<17xf32>)
// CHECK:         linalg.index 0
// CHECK:         arith.remui
// CHECK:       %[[ZT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<17xi8>)
// bf16 (and f16) results are stored as i16 and bitcast once at the end.
// CHECK:       scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[O:.*]] = %{{.*}}) -> (tensor<?xi16>, index)
// CHECK:         vector.transfer_read %[[ST]][%[[O]]], %{{.*}} {in_bounds = [true]} : tensor<17xf32>, vector<8xf32>
// CHECK:         %[[ZR:.*]] = vector.transfer_read %[[ZT]][%[[O]]], %{{.*}} {in_bounds = [true]} : tensor<17xi8>, vector<8xi8>
// CHECK:         arith.extsi %[[ZR]] : vector<8xi8> to vector<8xi32>
// The rounded bf16 is the high half of each 32-bit lane: one shuffle.
// CHECK:         %[[HALVES:.*]] = vector.bitcast %{{.*}} : vector<8xi32> to vector<16xi16>
// CHECK:         vector.shuffle %[[HALVES]], %[[HALVES]] [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi16>, vector<16xi16>
// CHECK:         %[[NEXT:.*]] = arith.addi %[[O]], %{{.*}} : index
// CHECK:         %[[WRAP:.*]] = arith.subi %[[NEXT]], %{{.*}} : index
// CHECK:         %[[GE:.*]] = arith.cmpi uge, %[[NEXT]], %{{.*}} : index
// CHECK:         arith.select %[[GE]], %[[WRAP]], %[[NEXT]] : index
// CHECK:       tensor.bitcast %{{.*}} : tensor<?xi16> to tensor<?xbf16>
func.func @axis_table(%x: tensor<?x3xi8>, %s: tensor<3xf8E8M0FNU>, %z: tensor<3xi8>) -> tensor<?x3xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x3xi8>, tensor<3xf8E8M0FNU>, tensor<3xi8>) -> tensor<?x3xbf16>
  return %y : tensor<?x3xbf16>
}

// -----

// Per-axis over a 32-wide innermost axis: the period (32) is four steps of
// 8 lanes, so the loop runs over period tiles of 4 rows (128 elements).
// Each column step c reads its scales (decoded f16 -> f32 table) and zero
// points (widened once) and runs the steps c, c + 32, c + 64, c + 96 with
// them. The steps after the last whole tile (a ninth row here) and the tail
// take the table-offset loop, from offset 0.
// CHECK-LABEL: func.func @axis_period_tiles
// CHECK-SAME:  %[[Z:arg[0-9]+]]: tensor<32xi8>
// CHECK:       %[[ST:.*]] = vector.transfer_write %{{.*}}, %{{.*}}[%c32] {{.*}} : vector<8xf32>, tensor<40xf32>
// CHECK:       %[[DIV:.*]] = arith.divui %[[N:.*]], %c128 : index
// CHECK:       %[[END:.*]] = arith.muli %[[DIV]], %c128 : index
// CHECK:       scf.for %[[T:[^ ]+]] = %c0 to %[[END]] step %c128
// CHECK:         scf.for %[[C:[^ ]+]] = %c0 to %c32 step %c8
// CHECK:           %[[SV:.*]] = vector.transfer_read %[[ST]][%[[C]]], %{{.*}} : tensor<40xf32>, vector<8xf32>
// CHECK:           %[[ZR:.*]] = vector.transfer_read %[[Z]][%[[C]]], %{{.*}} : tensor<32xi8>, vector<8xi8>
// CHECK:           %[[ZV:.*]] = arith.extsi %[[ZR]] : vector<8xi8> to vector<8xi32>
// CHECK:           %[[J0:.*]] = arith.addi %[[T]], %[[C]] : index
// CHECK:           vector.transfer_read %{{.*}}[%[[J0]]]
// CHECK:           arith.subi %{{.*}}, %[[ZV]] : vector<8xi32>
// CHECK:           arith.mulf %{{.*}}, %[[SV]] : vector<8xf32>
// CHECK:           vector.transfer_write %{{.*}}[%[[J0]]]
// CHECK:           %[[J1:.*]] = arith.addi %[[J0]], %c32 : index
// CHECK:           vector.transfer_read %{{.*}}[%[[J1]]]
// CHECK:           arith.subi %{{.*}}, %[[ZV]] : vector<8xi32>
// CHECK:           arith.mulf %{{.*}}, %[[SV]] : vector<8xf32>
// CHECK:           %[[J2:.*]] = arith.addi %[[J0]], %c64 : index
// CHECK:           %[[J3:.*]] = arith.addi %[[J0]], %c96 : index
// CHECK-NOT:       arith.addi %[[J0]]
// CHECK:           scf.yield
// CHECK:       scf.for %{{.*}} = %[[END]] to %{{.*}} step %c8 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %c0)
func.func @axis_period_tiles(%x: tensor<?x32xi8>, %s: tensor<32xf16>, %z: tensor<32xi8>) -> tensor<?x32xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x32xi8>, tensor<32xf16>, tensor<32xi8>) -> tensor<?x32xf32>
  return %y : tensor<?x32xf32>
}

// -----

// Per-axis over an innermost axis longer than max-table-period (16400 >
// 16384) and whole steps: no tables. The period tiles read the f16 scales
// and the i8 zero points in place, decoded once per column step.
// CHECK-LABEL: func.func @axis_in_place
// CHECK-SAME:  %[[S:arg[0-9]+]]: tensor<16400xf16>, %[[Z:arg[0-9]+]]: tensor<16400xi8>
// CHECK-NOT:   linalg.generic
// CHECK:       scf.for %[[T:[^ ]+]] = %c0 to %{{.*}} step %c65600
// CHECK:         scf.for %[[C:[^ ]+]] = %c0 to %c16400 step %c8
// CHECK:           %[[SR:.*]] = vector.transfer_read %[[S]][%[[C]]], %{{.*}} : tensor<16400xf16>, vector<8xf16>
// CHECK:           %[[SV:.*]] = arith.extf %[[SR]] : vector<8xf16> to vector<8xf32>
// CHECK:           %[[ZR:.*]] = vector.transfer_read %[[Z]][%[[C]]], %{{.*}} : tensor<16400xi8>, vector<8xi8>
// CHECK:           %[[ZV:.*]] = arith.extsi %[[ZR]] : vector<8xi8> to vector<8xi32>
// CHECK-COUNT-4:   arith.mulf %{{.*}}, %[[SV]] : vector<8xf32>
// CHECK:       scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[O:.*]] = %c0)
// CHECK:         vector.transfer_read %[[S]][%[[O]]], %{{.*}} : tensor<16400xf16>, vector<8xf16>
func.func @axis_in_place(%x: tensor<?x16400xi8>, %s: tensor<16400xf16>, %z: tensor<16400xi8>) -> tensor<?x16400xf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x16400xi8>, tensor<16400xf16>, tensor<16400xi8>) -> tensor<?x16400xf16>
  return %y : tensor<?x16400xf16>
}

// -----

// Blocked innermost, B = 32 (a multiple of 8 lanes): one scale per vector,
// entry i / 32 of the flattened scale, broadcast. No tail (256 elements).
// CHECK-LABEL: func.func @block_flat
// CHECK:       %[[SF:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<4x2xf16> into tensor<8xf16>
// CHECK:       scf.for %[[I:[^ ]+]] =
// CHECK:         %[[J:.*]] = arith.divui %[[I]], %c32 : index
// CHECK:         %[[E:.*]] = tensor.extract %[[SF]][%[[J]]] : tensor<8xf16>
// CHECK:         %[[F:.*]] = arith.extf %[[E]] : f16 to f32
// CHECK:         vector.broadcast %[[F]] : f32 to vector<8xf32>
// CHECK-NOT:   scf.if
func.func @block_flat(%x: tensor<4x64xui4>, %s: tensor<4x2xf16>) -> tensor<4x64xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 32 : (tensor<4x64xui4>, tensor<4x2xf16>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// -----

// Blocked innermost, long enough for segment tables (8 lanes, B = 32: T = 32
// entries, segments of 1024 elements): each segment first decodes its 32
// scales to f32 and its zero points to i32 (the subtracted type) into small
// tables, one vector at a time; its steps read entry i / 32 of each table and
// broadcast it (on x86 a broadcast load folded into the multiply or
// subtraction). The steps after the last whole segment (none here) read the
// parameters directly.
// CHECK-LABEL: func.func @block_segments
// CHECK-DAG:   %[[SF:.*]] = tensor.collapse_shape %{{.*}} : tensor<2x32xf16> into tensor<64xf16>
// CHECK-DAG:   %[[ZF:.*]] = tensor.collapse_shape %{{.*}} : tensor<2x32xi8> into tensor<64xi8>
// CHECK-DAG:   %[[ST0:.*]] = bufferization.alloc_tensor() : tensor<32xf32>
// CHECK-DAG:   %[[ZT0:.*]] = bufferization.alloc_tensor() : tensor<32xi32>
// CHECK:       scf.for %[[SEG:[^ ]+]] = %c0 to %c2048 step %c1024 iter_args(%{{.*}} = %{{.*}}, %[[ST:.*]] = %[[ST0]], %[[ZT:.*]] = %[[ZT0]])
// CHECK:         %[[E0:.*]] = arith.divui %[[SEG]], %c32 : index
// CHECK:         %[[S0:.*]] = vector.transfer_read %[[SF]][%[[E0]]]{{.*}} : tensor<64xf16>, vector<8xf16>
// CHECK:         %[[S0F:.*]] = arith.extf %[[S0]] : vector<8xf16> to vector<8xf32>
// CHECK:         vector.transfer_write %[[S0F]], %[[ST]][%c0]
// CHECK-COUNT-3: vector.transfer_write {{.*}} tensor<32xf32>
// CHECK:         %[[Z0:.*]] = vector.transfer_read %[[ZF]][%[[E0]]]{{.*}} : tensor<64xi8>, vector<8xi8>
// CHECK:         %[[Z0W:.*]] = arith.extsi %[[Z0]] : vector<8xi8> to vector<8xi32>
// CHECK:         vector.transfer_write %[[Z0W]], %[[ZT]][%c0]
// CHECK-COUNT-3: vector.transfer_write {{.*}} tensor<32xi32>
// CHECK:         scf.for %[[L:[^ ]+]] = %c0 to %c1024 step %c8
// CHECK:           %[[SE:.*]] = tensor.extract %{{.*}}[{{.*}}] : tensor<32xf32>
// CHECK:           %[[SV:.*]] = vector.broadcast %[[SE]] : f32 to vector<8xf32>
// CHECK:           %[[ZE:.*]] = tensor.extract %{{.*}}[{{.*}}] : tensor<32xi32>
// CHECK:           %[[ZV:.*]] = vector.broadcast %[[ZE]] : i32 to vector<8xi32>
// CHECK:           %[[D:.*]] = arith.subi %{{.*}}, %[[ZV]] : vector<8xi32>
// CHECK:           %[[DF:.*]] = arith.sitofp %[[D]]
// CHECK:           arith.mulf %[[DF]], %[[SV]] : vector<8xf32>
// CHECK:       scf.for %{{.*}} = %c2048 to %c2048 step %c8
// CHECK:         tensor.extract %[[SF]]
func.func @block_segments(%x: tensor<2x1024xi8>, %s: tensor<2x32xf16>, %z: tensor<2x32xi8>) -> tensor<2x1024xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 32 : (tensor<2x1024xi8>, tensor<2x32xf16>, tensor<2x32xi8>) -> tensor<2x1024xf32>
  return %y : tensor<2x1024xf32>
}

// -----

// Blocked innermost, B = 2 (divides 8 lanes): the step's four scales are
// contiguous (steps start at multiples of the lanes), read as one vector and
// spread over the lanes with one shuffle; so is a packed i4 zero point (4
// codes, whole bytes). With B = 4 a step has two 2-bit zero points, half a
// byte: they are read one scalar each.
// CHECK-LABEL: func.func @block_spread
// CHECK:       scf.for
// CHECK:         %[[F:.*]] = arith.divui %{{.*}}, %c2 : index
// CHECK:         %[[V:.*]] = vector.transfer_read %{{.*}}[%[[F]]], %{{.*}} {in_bounds = [true]} : tensor<16xf32>, vector<4xf32>
// CHECK:         vector.shuffle %[[V]], %[[V]] [0, 0, 1, 1, 2, 2, 3, 3] : vector<4xf32>, vector<4xf32>
// CHECK-LABEL: func.func @block_spread_i4_zp
// CHECK:       %[[ZB:.*]] = qdq.packed_bytes %{{.*}} : tensor<16xi4> -> tensor<8xi8>
// CHECK:       scf.for
// CHECK-NOT:     tensor.extract
// CHECK:         vector.transfer_read %[[ZB]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<8xi8>, vector<2xi8>
// CHECK:         vector.shuffle %{{.*}}, %{{.*}} [0, 0, 1, 1, 2, 2, 3, 3] : vector<4xi8>, vector<4xi8>
// CHECK-LABEL: func.func @block_spread_i2_zp
// CHECK:       scf.for
// CHECK-COUNT-2: tensor.extract
// CHECK:         %[[Z:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xi8>
// CHECK:         vector.shuffle %[[Z]], %[[Z]] [0, 0, 0, 0, 1, 1, 1, 1] : vector<2xi8>, vector<2xi8>
func.func @block_spread(%x: tensor<4x8xf8E4M3FN>, %s: tensor<4x4xf32>) -> tensor<4x8xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 2 : (tensor<4x8xf8E4M3FN>, tensor<4x4xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
func.func @block_spread_i4_zp(%x: tensor<4x8xi4>, %s: tensor<4x4xf32>, %z: tensor<4x4xi4>) -> tensor<4x8xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 2 : (tensor<4x8xi4>, tensor<4x4xf32>, tensor<4x4xi4>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
func.func @block_spread_i2_zp(%x: tensor<4x8xi2>, %s: tensor<4x2xf32>, %z: tensor<4x2xi2>) -> tensor<4x8xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 4 : (tensor<4x8xi2>, tensor<4x2xf32>, tensor<4x2xi2>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Per-axis with a long period (1024 * 20 > 16384): rows of N = 20, one
// decoded scalar per row (k = r mod 1024); 16 elements in vectors, 4 in a
// masked tail per row.
// CHECK-LABEL: func.func @rows_axis
// CHECK:       tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x1024x20xi16> into tensor<2048x20xi16>
// CHECK:       scf.for %[[R:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:         %[[K:.*]] = arith.remui %[[R]], %{{.*}} : index
// CHECK:         tensor.extract %{{.*}}[%[[K]]] : tensor<1024xf32>
// CHECK:         scf.for
// CHECK:           vector.transfer_read %{{.*}}[%[[R]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<2048x20xi16>, vector<8xi16>
// CHECK:           arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK:         vector.transfer_read %{{.*}}[%[[R]], %{{.*}}], %{{.*}} : tensor<2048x20xi16>, vector<8xi16>
// CHECK:         vector.transfer_write %{{.*}}, %{{.*}}[%[[R]], %{{.*}}] : vector<8xi16>, tensor<2048x20xi16>
// CHECK:       tensor.bitcast %{{.*}} : tensor<2048x20xi16> to tensor<2048x20xf16>
func.func @rows_axis(%x: tensor<2x1024x20xi16>, %s: tensor<1024xf32>) -> tensor<2x1024x20xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<2x1024x20xi16>, tensor<1024xf32>) -> tensor<2x1024x20xf16>
  return %y : tensor<2x1024x20xf16>
}

// -----

// Blocked along an outer axis: rows of 16, each reading the scale row
// (r / 64) * 2 + (r mod 64) / 32 and the packed int2 zero-point row.
// CHECK-LABEL: func.func @rows_blocked
// CHECK:       scf.for %[[R:[^ ]+]] =
// CHECK:         %[[K:.*]] = arith.remui %[[R]], %{{.*}} : index
// CHECK:         %[[M:.*]] = arith.divui %[[R]], %{{.*}} : index
// CHECK:         %[[BASE:.*]] = arith.muli %[[M]], %{{.*}} : index
// CHECK:         %[[BLK:.*]] = arith.divui %[[K]], %{{.*}} : index
// CHECK:         %[[ROW:.*]] = arith.addi %[[BASE]], %[[BLK]] : index
// CHECK:         scf.for
// CHECK:           vector.transfer_read %{{.*}}[%[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<2x16xf32>, vector<8xf32>
func.func @rows_blocked(%x: tensor<64x16xi2>, %s: tensor<2x16xf32>, %z: tensor<2x16xi2>) -> tensor<64x16xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 block_size = 32 : (tensor<64x16xi2>, tensor<2x16xf32>, tensor<2x16xi2>) -> tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

// -----

// Forms without a scheme stay for --convert-qdq-to-linalg: packed x whose
// rows do not start on a byte (135 int4 codes per row) when no loop row of
// several rows can take them (3 rows: two do not start on a byte, and 135
// columns, with a partial block at each row's end, are a group of 135
// steps), and a block size that a dynamic K does not bound whose runs of
// B * N columns (N = 3) would overflow int64. The same block size along a
// dynamic innermost axis takes the two-block steps (its group size is
// never computed).
// CHECK-LABEL: func.func @fallbacks
// CHECK:       qdq.dequantize_linear %{{.*}}, %{{.*}} block_size = 2 : (tensor<3x135xi4>
// CHECK:       qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 0 block_size = 4611686018427387905 : (tensor<?x3xi8>
// CHECK-NOT:   qdq.dequantize_linear
// CHECK:       vector.create_mask
func.func @fallbacks(%x: tensor<3x135xi4>, %s: tensor<3x68xf32>, %xh: tensor<?x3xi8>, %sh: tensor<?x3xf32>, %x1: tensor<?xi8>, %s1: tensor<?xf32>) -> (tensor<3x135xf32>, tensor<?x3xf32>, tensor<?xf32>) {
  %y = qdq.dequantize_linear %x, %s block_size = 2 : (tensor<3x135xi4>, tensor<3x68xf32>) -> tensor<3x135xf32>
  %yh = qdq.dequantize_linear %xh, %sh axis = 0 block_size = 4611686018427387905 : (tensor<?x3xi8>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %y1 = qdq.dequantize_linear %x1, %s1 axis = 0 block_size = 4611686018427387905 : (tensor<?xi8>, tensor<?xf32>) -> tensor<?xf32>
  return %y, %yh, %y1 : tensor<3x135xf32>, tensor<?x3xf32>, tensor<?xf32>
}

// A static shape whose element count overflows int64 has no flat view (its
// reshapes would not verify): left for the linalg path, per-tensor too.
// CHECK-LABEL: func.func @fallback_huge
// CHECK:       qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 2 block_size = 2
// CHECK:       qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<3037000500x3037000500x5xi8>, tensor<f32>)
func.func @fallback_huge(%x: tensor<3037000500x3037000500x5xi8>, %s: tensor<3037000500x3037000500x3xf32>, %s0: tensor<f32>) -> (tensor<3037000500x3037000500x5xf32>, tensor<3037000500x3037000500x5xf32>) {
  %y = qdq.dequantize_linear %x, %s axis = 2 block_size = 2 : (tensor<3037000500x3037000500x5xi8>, tensor<3037000500x3037000500x3xf32>) -> tensor<3037000500x3037000500x5xf32>
  %y0 = qdq.dequantize_linear %x, %s0 : (tensor<3037000500x3037000500x5xi8>, tensor<f32>) -> tensor<3037000500x3037000500x5xf32>
  return %y, %y0 : tensor<3037000500x3037000500x5xf32>, tensor<3037000500x3037000500x5xf32>
}

// A dynamic axis dim with static rows shorter than a step (N = 5, axis 0):
// x as one row of K * 5 from the axis on, in groups of lcm(5, 8) = 40
// columns (5 steps); column c takes scale c / 5 of the one [1, K] scale
// row, so the steps read 2 or 3 scales and spread them (step 1: columns
// 8-15, scales 1-3).
// CHECK-LABEL: func.func @rows_along_short_rows
// CHECK-SAME:  %[[X:arg0]]: tensor<?x5xi8>
// CHECK-NOT:   qdq.dequantize_linear
// CHECK:       %[[S:.*]] = tensor.expand_shape %{{.*}} output_shape [1, %{{.*}}] : tensor<?xf32> into tensor<1x?xf32>
// CHECK:       scf.for %{{.*}} = %c0 to %{{.*}} step %c40
// CHECK:         vector.transfer_read %[[S]][%c0, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<1x?xf32>, vector<2xf32>
// CHECK:         vector.shuffle %{{.*}} [0, 0, 0, 0, 0, 1, 1, 1] : vector<2xf32>, vector<2xf32>
// CHECK:         vector.transfer_read %[[S]][%c0, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<1x?xf32>, vector<3xf32>
// CHECK:         vector.shuffle %{{.*}} [0, 0, 1, 1, 1, 1, 1, 2] : vector<3xf32>, vector<3xf32>
func.func @rows_along_short_rows(%x: tensor<?x5xi8>, %s: tensor<?xf32>) -> tensor<?x5xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<?x5xi8>, tensor<?xf32>) -> tensor<?x5xf32>
  return %y : tensor<?x5xf32>
}

// Blocks of 3 along a dynamic innermost axis (neither a multiple nor a
// divisor of 8 lanes) take the groups of block rows: groups of lcm(3, 8) =
// 24 columns (3 steps, reading 3, 4 and 3 entries of row r and spreading
// them) up to the last whole group of the row, then each of the 3 steps
// again, masked, if the row has columns left for it.
// CHECK-LABEL: func.func @rows_along_groups
// CHECK-SAME:  %[[X:arg0]]: tensor<8x?xi8>
// CHECK-NOT:   qdq.dequantize_linear
// CHECK:       %[[K:.*]] = tensor.dim %[[X]], %c1
// CHECK:       scf.for %[[R:[^ ]+]] =
// CHECK:         %[[GROUPS:.*]] = arith.divui %[[K]], %c24
// CHECK:         %[[END:.*]] = arith.muli %[[GROUPS]], %c24
// CHECK:         scf.for %[[G:[^ ]+]] = %c0 to %[[END]] step %c24
// CHECK:           vector.transfer_read %{{.*}}[%[[R]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<8x?xf32>, vector<3xf32>
// CHECK:           vector.shuffle %{{.*}} [0, 0, 0, 1, 1, 1, 2, 2] : vector<3xf32>, vector<3xf32>
// CHECK:           vector.shuffle %{{.*}} [0, 1, 1, 1, 2, 2, 2, 3] : vector<4xf32>, vector<4xf32>
// CHECK:           vector.shuffle %{{.*}} [0, 0, 1, 1, 1, 2, 2, 2] : vector<3xf32>, vector<3xf32>
// CHECK:         %[[LEFT0:.*]] = arith.cmpi ult, %[[END]], %[[K]]
// CHECK:         scf.if %[[LEFT0]]
// CHECK:           vector.transfer_read %{{.*}} : tensor<8x?xf32>, vector<3xf32>
// CHECK-NOT:       in_bounds
// CHECK:           vector.transfer_write
// CHECK:         %[[C8:.*]] = arith.addi %[[END]], %c8
// CHECK:         arith.cmpi ult, %[[C8]], %[[K]]
// CHECK:         %[[C16:.*]] = arith.addi %[[END]], %c16
// CHECK:         arith.cmpi ult, %[[C16]], %[[K]]
func.func @rows_along_groups(%x: tensor<8x?xi8>, %s: tensor<8x?xf32>) -> tensor<8x?xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 3 : (tensor<8x?xi8>, tensor<8x?xf32>) -> tensor<8x?xf32>
  return %y : tensor<8x?xf32>
}

// -----

// Packed x with a dynamic row length (int4 rows of N, axis 0): the rows
// start on a byte only when N is even, tested at run time; the loops run
// then, the linalg form otherwise.
// CHECK-LABEL: func.func @rows_packed_dynamic
// CHECK-SAME:  %[[X:arg0]]: tensor<?x?xi4>
// CHECK:       %[[N:.*]] = tensor.dim %[[X]], %c1 : tensor<?x?xi4>
// CHECK:       %[[ODD:.*]] = arith.remui %[[N]], %c2 : index
// CHECK:       %[[EVEN:.*]] = arith.cmpi eq, %[[ODD]], %c0 : index
// CHECK:       scf.if %[[EVEN]] -> (tensor<?x?xf32>) {
// CHECK:         qdq.packed_bytes
// CHECK:         scf.for
// CHECK:       } else {
// CHECK:         linalg.generic
// CHECK-NOT:   qdq.dequantize_linear
func.func @rows_packed_dynamic(%x: tensor<?x?xi4>, %s: tensor<?xf32>) -> tensor<?x?xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<?x?xi4>, tensor<?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Rows with a dynamic axis dim (per-token scales of x [?, 20]): K is read
// from x for k = r mod K; 16 elements in vectors and, N being static, a
// masked step for the other 4 with no run-time test.
// CHECK-LABEL: func.func @rows_dynamic_axis
// CHECK-SAME:  %[[X:arg0]]: tensor<?x20xi8>
// CHECK:       tensor.empty
// CHECK:       %[[KDIM:.*]] = tensor.dim %[[X]], %c0 : tensor<?x20xi8>
// CHECK:       scf.for %[[R:[^ ]+]] =
// CHECK:         %[[K:.*]] = arith.remui %[[R]], %[[KDIM]] : index
// CHECK:         tensor.extract %{{.*}}[%[[K]]] : tensor<?xf32>
// CHECK:         scf.for
// CHECK:           vector.transfer_read %{{.*}}[%[[R]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<?x20xi8>, vector<8xi8>
// CHECK-NOT:     scf.if
// CHECK:         vector.transfer_read %{{.*}}[%[[R]], %c16], %{{.*}} : tensor<?x20xi8>, vector<8xi8>
func.func @rows_dynamic_axis(%x: tensor<?x20xi8>, %s: tensor<?xf32>, %z: tensor<?xi8>) -> tensor<?x20xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<?x20xi8>, tensor<?xf32>, tensor<?xi8>) -> tensor<?x20xf32>
  return %y : tensor<?x20xf32>
}

// -----

// Rows with a dynamic row length (blocked along axis 1 of x [?, ?, ?]):
// S = ceil(K / 4) and N are read at run time; each row's whole steps end at
// (N / 8) * 8 and a masked step runs only when N leaves a rest.
// CHECK-LABEL: func.func @rows_dynamic_length
// CHECK-SAME:  %[[X:arg0]]: tensor<?x?x?xf16>
// CHECK-DAG:   %[[KDIM:.*]] = tensor.dim %[[X]], %c1 : tensor<?x?x?xf16>
// CHECK-DAG:   %[[S:.*]] = arith.ceildivui %[[KDIM]], %c4 : index
// CHECK:       scf.for %[[R:[^ ]+]] =
// CHECK:         %[[M:.*]] = arith.divui %[[R]], %[[KDIM]] : index
// CHECK:         arith.muli %[[M]], %[[S]] : index
// CHECK:         scf.for
// CHECK:           vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<?x?xf16>, vector<8xf16>
// CHECK:         %[[REST:.*]] = arith.cmpi ult
// CHECK:         scf.if %[[REST]]
// The masked read takes the f16 bits as i16 (see readVector).
// CHECK:           %[[BITS:.*]] = tensor.bitcast %{{.*}} : tensor<?x?xf16> to tensor<?x?xi16>
// CHECK:           %[[READ:.*]] = vector.transfer_read %[[BITS]]{{.*}} : tensor<?x?xi16>, vector<8xi16>
// CHECK:           arith.bitcast %[[READ]] : vector<8xi16> to vector<8xf16>
func.func @rows_dynamic_length(%x: tensor<?x?x?xf16>, %s: tensor<?x?x?xf32>) -> tensor<?x?x?xbf16> {
  %y = qdq.dequantize_linear %x, %s block_size = 4 : (tensor<?x?x?xf16>, tensor<?x?x?xf32>) -> tensor<?x?x?xbf16>
  return %y : tensor<?x?x?xbf16>
}

// -----

// A dynamic innermost axis: rows of K along the axis. Per-axis, each step
// reads its 8 scales and zero points in place at its column; blocks of 4,
// 2 scales at column / 4 spread over the lanes; blocks of 16, one scale
// (two whole steps per block) broadcast.
// CHECK-LABEL: func.func @rows_along_axis
// CHECK-SAME:  %[[X:arg0]]: tensor<?x?xi8>, %[[S:arg1]]: tensor<?xf32>, %[[Z:arg2]]: tensor<?xi8>
// The per-axis rows run in tiles of 4 rows, each column step reading its
// scales and zero points once for the 4 rows; the last rows one by one.
// CHECK:       %[[M:.*]] = tensor.dim %[[X]], %c0
// CHECK:       %[[TILES:.*]] = arith.divui %[[M]], %c4
// CHECK:       %[[TILED:.*]] = arith.muli %[[TILES]], %c4
// CHECK:       scf.for %[[R:[^ ]+]] = %c0 to %[[TILED]] step %c4
// CHECK:         scf.for %[[J:[^ ]+]] =
// CHECK:           vector.transfer_read %[[S]][%[[J]]], %{{.*}} {in_bounds = [true]} : tensor<?xf32>, vector<8xf32>
// CHECK:           vector.transfer_read %[[Z]][%[[J]]], %{{.*}} {in_bounds = [true]} : tensor<?xi8>, vector<8xi8>
// CHECK-NOT:       vector.transfer_read %[[S]]
// CHECK:           vector.transfer_read %[[X]][%[[R]], %[[J]]], %{{.*}} {in_bounds = [true]} : tensor<?x?xi8>, vector<8xi8>
// CHECK-NOT:       vector.transfer_read %[[S]]
// CHECK:           %[[R3:.*]] = arith.addi %[[R]], %c3
// CHECK-NOT:       vector.transfer_read %[[S]]
// CHECK:           vector.transfer_read %[[X]][%[[R3]], %[[J]]]
// CHECK:           vector.transfer_write %{{.*}}[%{{.*}}, %[[J]]]
// CHECK-NEXT:      scf.yield
// CHECK:         scf.if
// CHECK:           vector.transfer_read %[[S]][%{{.*}}], %{{.*}} : tensor<?xf32>, vector<8xf32>
// CHECK:       scf.for %[[R1:[^ ]+]] = %[[TILED]] to %[[M]] step %c1
// CHECK:         scf.for %[[J1:[^ ]+]] =
// CHECK:           vector.transfer_read %[[S]][%[[J1]]]
// CHECK:           vector.transfer_read %[[X]][%[[R1]], %[[J1]]]
// CHECK-NEXT:      arith.extsi
// CHECK-NEXT:      arith.subi
// CHECK-NEXT:      arith.sitofp
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      vector.transfer_write
// CHECK-NEXT:      scf.yield
// CHECK:       scf.for %[[R4:[^ ]+]] =
// CHECK:         scf.for %[[J4:[^ ]+]] =
// CHECK:           %[[B4:.*]] = arith.divui %[[J4]], %c4
// CHECK:           %[[E4:.*]] = vector.transfer_read %{{.*}}[%[[R4]], %[[B4]]], %{{.*}} {in_bounds = [true]} : tensor<?x?xf32>, vector<2xf32>
// CHECK:           vector.shuffle %[[E4]], %[[E4]] [0, 0, 0, 0, 1, 1, 1, 1]
// CHECK:       scf.for %[[R16:[^ ]+]] =
// CHECK:         scf.for %[[J16:[^ ]+]] =
// CHECK:           %[[B16:.*]] = arith.divui %[[J16]], %c16
// CHECK:           %[[E16:.*]] = tensor.extract %{{.*}}[%[[R16]], %[[B16]]] : tensor<?x?xf32>
// CHECK:           vector.broadcast %[[E16]] : f32 to vector<8xf32>
func.func @rows_along_axis(%x: tensor<?x?xi8>, %s: tensor<?xf32>, %z: tensor<?xi8>, %sb: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x?xi8>, tensor<?xf32>, tensor<?xi8>) -> tensor<?x?xf32>
  %y4 = qdq.dequantize_linear %x, %sb block_size = 4 : (tensor<?x?xi8>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %y16 = qdq.dequantize_linear %x, %sb block_size = 16 : (tensor<?x?xi8>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y, %y4, %y16 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Blocks longer than a step along a dynamic innermost axis that are not
// whole steps, whose group would be more than 16 steps (100 at 8 lanes:
// lcm(100, 8) = 200 columns): a step covers at most two blocks, the first
// up to the next block's first column (a prefix mask), the next one
// (clamped to the row's last block) after it. A packed zero point (int4,
// blocks of 4) is read entry by entry, the 2 entries of a step gathered
// with from_elements and clamped to the row's last entry in the masked
// step; its packed x takes the run-time byte test.
// CHECK-LABEL: func.func @rows_along_two_blocks
// CHECK:       scf.for %[[R:[^ ]+]] =
// CHECK:         scf.for %[[J:[^ ]+]] =
// CHECK:           %[[B:.*]] = arith.divui %[[J]], %c100 : index
// CHECK:           %[[NEXT:.*]] = arith.addi %[[B]], %c1 : index
// CHECK:           %[[END:.*]] = arith.muli %[[NEXT]], %c100 : index
// CHECK:           %[[BEFORE:.*]] = arith.subi %[[END]], %[[J]] : index
// CHECK:           %[[MASK:.*]] = vector.create_mask %[[BEFORE]] : vector<8xi1>
// CHECK:           %[[CLAMPED:.*]] = arith.minui %[[NEXT]], %{{.*}} : index
// CHECK:           %[[S1:.*]] = tensor.extract %{{.*}}[%[[R]], %[[CLAMPED]]] : tensor<?x?xf32>
// CHECK:           %[[S0:.*]] = tensor.extract %{{.*}}[%[[R]], %[[B]]] : tensor<?x?xf32>
// CHECK-DAG:       %[[V1:.*]] = vector.broadcast %[[S1]] : f32 to vector<8xf32>
// CHECK-DAG:       %[[V0:.*]] = vector.broadcast %[[S0]] : f32 to vector<8xf32>
// CHECK:           arith.select %[[MASK]], %[[V0]], %[[V1]] : vector<8xi1>, vector<8xf32>
func.func @rows_along_two_blocks(%x: tensor<?x?xi8>, %s: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 100 : (tensor<?x?xi8>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Blocked entries along a dynamic innermost axis are decoded before they
// are broadcast or spread: one f16 scale converted and one i8 zero point
// widened as scalars (blocks of 16), 2 of each as 2-lane vectors (blocks
// of 4), not 8 lanes of each.
// CHECK-LABEL: func.func @rows_along_decode_first
// CHECK:         scf.for %[[J:[^ ]+]] = %c0 to %{{.*}} step %c8
// CHECK:           %[[S:.*]] = tensor.extract %{{.*}} : tensor<?x?xf16>
// CHECK-NEXT:      %[[SF:.*]] = arith.extf %[[S]] : f16 to f32
// CHECK-NEXT:      vector.broadcast %[[SF]] : f32 to vector<8xf32>
// CHECK:           %[[Z:.*]] = tensor.extract %{{.*}} : tensor<?x?xi8>
// CHECK-NEXT:      %[[ZW:.*]] = arith.extsi %[[Z]] : i8 to i32
// CHECK-NEXT:      vector.broadcast %[[ZW]] : i32 to vector<8xi32>
// CHECK:         scf.for %[[J4:[^ ]+]] = %c0 to %{{.*}} step %c8
// CHECK:           %[[S4:.*]] = vector.transfer_read %{{.*}} : tensor<?x?xf16>, vector<2xf16>
// CHECK-NEXT:      %[[S4F:.*]] = arith.extf %[[S4]] : vector<2xf16> to vector<2xf32>
// CHECK-NEXT:      vector.shuffle %[[S4F]], %[[S4F]] [0, 0, 0, 0, 1, 1, 1, 1] : vector<2xf32>, vector<2xf32>
// CHECK:           %[[Z4:.*]] = vector.transfer_read %{{.*}} : tensor<?x?xi8>, vector<2xi8>
// CHECK-NEXT:      %[[Z4W:.*]] = arith.extsi %[[Z4]] : vector<2xi8> to vector<2xi32>
// CHECK-NEXT:      vector.shuffle %[[Z4W]], %[[Z4W]] [0, 0, 0, 0, 1, 1, 1, 1] : vector<2xi32>, vector<2xi32>
func.func @rows_along_decode_first(%x: tensor<?x?xi8>, %s: tensor<?x?xf16>, %z: tensor<?x?xi8>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %y16 = qdq.dequantize_linear %x, %s, %z block_size = 16 : (tensor<?x?xi8>, tensor<?x?xf16>, tensor<?x?xi8>) -> tensor<?x?xf16>
  %y4 = qdq.dequantize_linear %x, %s, %z block_size = 4 : (tensor<?x?xi8>, tensor<?x?xf16>, tensor<?x?xi8>) -> tensor<?x?xf16>
  return %y16, %y4 : tensor<?x?xf16>, tensor<?x?xf16>
}

// CHECK-LABEL: func.func @rows_along_packed_zp
// CHECK-SAME:  %[[Z:arg2]]: tensor<?x?xi4>
// CHECK:       scf.if
// CHECK:         scf.for %[[R:[^ ]+]] =
// CHECK:           scf.for %[[J:[^ ]+]] =
// CHECK:             vector.transfer_read %{{.*}} : tensor<?x?xf32>, vector<2xf32>
// CHECK:             %[[B:.*]] = arith.divui %[[J]], %c4 : index
// CHECK:             %[[E0:.*]] = tensor.extract %[[Z]][%[[R]], %[[B]]] : tensor<?x?xi4>
// CHECK:             %[[E1:.*]] = tensor.extract %[[Z]][%[[R]], %{{.*}}] : tensor<?x?xi4>
// CHECK:             vector.from_elements %[[E0]], %[[E1]] : vector<2xi4>
// CHECK:           scf.if
// CHECK:             %[[LAST:.*]] = arith.subi %{{.*}}, %c1 : index
// CHECK:             %[[C0:.*]] = arith.minui %{{.*}}, %[[LAST]] : index
// CHECK:             tensor.extract %[[Z]][%[[R]], %[[C0]]] : tensor<?x?xi4>
// CHECK:       } else {
// CHECK:         linalg.generic
func.func @rows_along_packed_zp(%x: tensor<?x?xi4>, %s: tensor<?x?xf32>, %z: tensor<?x?xi4>) -> tensor<?x?xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 4 : (tensor<?x?xi4>, tensor<?x?xf32>, tensor<?x?xi4>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Block rows, blocks of at least a step: K = 100 = 4 * 24 + 4, a partial
// last block. At 8 lanes a block is 3 whole steps, and each row runs block
// by block: the block's scale and zero point are decoded once and
// broadcast, its steps start at its first column. The partial block is one
// masked step at column 96.
// CHECK-LABEL: func.func @block_rows_long
// CHECK-SAME:  %[[S:arg[0-9]+]]: tensor<4x5xf16>, %[[Z:arg[0-9]+]]: tensor<4x5xi8>
// CHECK:       scf.for %[[R:[^ ]+]] =
// CHECK:         scf.for %[[K:[^ ]+]] = %c0 to %c4 step %c1
// CHECK:           %[[START:.*]] = arith.muli %[[K]], %c24 : index
// CHECK:           tensor.extract %[[S]][%[[R]], %[[K]]] : tensor<4x5xf16>
// CHECK:           tensor.extract %[[Z]][%[[R]], %[[K]]] : tensor<4x5xi8>
// CHECK:           %[[END:.*]] = arith.addi %[[START]], %c24 : index
// CHECK:           scf.for %[[J:[^ ]+]] = %[[START]] to %[[END]] step %c8
// CHECK:             vector.transfer_read %{{.*}}[%[[R]], %[[J]]], %{{.*}} {in_bounds = [true]} : tensor<4x100xi8>, vector<8xi8>
// CHECK:         tensor.extract %[[S]][%[[R]], %c4] : tensor<4x5xf16>
// CHECK:         vector.transfer_read %{{.*}}[%[[R]], %c96], %{{.*}} : tensor<4x100xi8>, vector<8xi8>
// CHECK-NOT:     in_bounds
// CHECK:         vector.transfer_write %{{.*}}, %{{.*}}[%[[R]], %c96] : vector<8xf32>, tensor<4x100xf32>
// At 16 lanes a block is not whole steps: groups of lcm(24, 16) = 48
// columns (2 blocks, 3 steps). Each row first decodes its 5 scales (f32) and
// zero points (i32) into tables (carried through the row loop, one buffer
// each); the group's steps read them: block k, then k and k + 1 (read as
// one vector of two, spread over the register by one shuffle: lanes 0-7
// block k, 8-15 block k + 1), then k + 1.
// AVX512-LABEL: func.func @block_rows_long
// AVX512:       %[[ST0:.*]] = bufferization.alloc_tensor() : tensor<32xf32>
// AVX512:       %[[ZT0:.*]] = bufferization.alloc_tensor() : tensor<32xi32>
// AVX512:       scf.for %[[R:[^ ]+]] = %c0 to %c4 step %c1 iter_args(%{{.*}} = %{{.*}}, %[[SA:.*]] = %[[ST0]], %[[ZA:.*]] = %[[ZT0]])
// AVX512:         %[[ST:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[SA]]) -> (tensor<32xf32>)
// AVX512:           arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>
// AVX512:         %[[ZT:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZA]]) -> (tensor<32xi32>)
// AVX512:           arith.extsi %{{.*}} : vector<16xi8> to vector<16xi32>
// AVX512:         scf.for %[[G:[^ ]+]] = %c0 to %c96 step %c48
// AVX512:           %[[K:.*]] = arith.divui %[[G]], %c24 : index
// AVX512:           tensor.extract %[[ST]][%[[K]]] : tensor<32xf32>
// AVX512:           tensor.extract %[[ZT]][%[[K]]] : tensor<32xi32>
// AVX512:           vector.transfer_write
// AVX512:           %[[S01:.*]] = vector.transfer_read %[[ST]][%[[K]]], %{{.*}} {in_bounds = [true]} : tensor<32xf32>, vector<2xf32>
// AVX512:           vector.shuffle %[[S01]], %[[S01]] [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xf32>, vector<2xf32>
// AVX512:           %[[Z01:.*]] = vector.transfer_read %[[ZT]][%[[K]]], %{{.*}} {in_bounds = [true]} : tensor<32xi32>, vector<2xi32>
// AVX512:           vector.shuffle %[[Z01]], %[[Z01]] [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xi32>, vector<2xi32>
// AVX512:           vector.transfer_write
// AVX512:           tensor.extract %[[ST]][%{{.*}}] : tensor<32xf32>
// AVX512:           vector.transfer_write
// AVX512-NEXT:      scf.yield
// AVX512:         tensor.extract %[[ST]][%c4] : tensor<32xf32>
// AVX512:         vector.transfer_read %{{.*}}[%[[R]], %c96], %{{.*}} : tensor<4x100xi8>, vector<16xi8>
func.func @block_rows_long(%x: tensor<4x100xi8>, %s: tensor<4x5xf16>, %z: tensor<4x5xi8>) -> tensor<4x100xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 24 : (tensor<4x100xi8>, tensor<4x5xf16>, tensor<4x5xi8>) -> tensor<4x100xf32>
  return %y : tensor<4x100xf32>
}

// -----

// Block rows, blocks shorter than a step: B = 3 at 8 lanes, groups of
// lcm(3, 8) = 24 columns, unrolled into 3 steps. Each row first decodes its
// 14 scales (f32) and zero points (i32) into tables. Step s starts at
// column 8 s of its group, phase 8 s mod 3, so it reads a fixed run of the
// tables' entries (3, 4 and 3; one vector read each) and spreads them with
// a static shuffle. K = 42: one whole group, then the same three steps at
// columns 24, 32 and 40; the last is masked, and its entries (blocks 13 to
// 15 of 14) are read from the tables' padding. A row of 14 entries is
// filled without masked reads: zeros from entry 8 on, the whole vector
// [0, 8), then the vector that ends with the row's last entry, [6, 14).
// CHECK-LABEL: func.func @block_rows_short
// CHECK:       scf.for %[[R:[^ ]+]] = %c0 to %c2 step %c1 iter_args({{.*}}) -> (tensor<2x42xf32>, tensor<24xf32>, tensor<24xi32>)
// CHECK:         %[[ROW:.*]] = arith.muli %[[R]], %c14 : index
// CHECK:         vector.transfer_write %{{.*}}[%c8] {in_bounds = [true]} : vector<8xf32>, tensor<24xf32>
// CHECK:         vector.transfer_write %{{.*}}[%c16] {in_bounds = [true]} : vector<8xf32>, tensor<24xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %c8 step %c8
// CHECK:           vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<28xf16>, vector<8xf16>
// CHECK:           arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK:         %[[LAST:.*]] = arith.addi %[[ROW]], %c6 : index
// CHECK:         vector.transfer_read %{{.*}}[%[[LAST]]], %{{.*}} {in_bounds = [true]} : tensor<28xf16>, vector<8xf16>
// CHECK:         %[[ST:.*]] = vector.transfer_write %{{.*}}[%c6] {in_bounds = [true]} : vector<8xf32>, tensor<24xf32>
// CHECK:         scf.for
// CHECK:           vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<28xi8>, vector<8xi8>
// CHECK:           arith.extsi %{{.*}} : vector<8xi8> to vector<8xi32>
// CHECK:         %[[ZT:.*]] = vector.transfer_write %{{.*}}[%c6] {in_bounds = [true]} : vector<8xi32>, tensor<24xi32>
// CHECK:         scf.for %[[G:[^ ]+]] = %c0 to %c24 step %c24
// CHECK:           %[[B0:.*]] = arith.divui %[[G]], %c3 : index
// CHECK:           %[[SE:.*]] = vector.transfer_read %[[ST]][%[[B0]]], %{{.*}} {in_bounds = [true]} : tensor<24xf32>, vector<3xf32>
// CHECK:           vector.shuffle %[[SE]], %[[SE]] [0, 0, 0, 1, 1, 1, 2, 2] : vector<3xf32>, vector<3xf32>
// CHECK:           %[[ZE:.*]] = vector.transfer_read %[[ZT]][%[[B0]]], %{{.*}} {in_bounds = [true]} : tensor<24xi32>, vector<3xi32>
// CHECK:           vector.shuffle %[[ZE]], %[[ZE]] [0, 0, 0, 1, 1, 1, 2, 2] : vector<3xi32>, vector<3xi32>
// CHECK:           vector.transfer_read %[[ST]]{{.*}} : tensor<24xf32>, vector<4xf32>
// CHECK:           vector.shuffle %{{.*}} [0, 1, 1, 1, 2, 2, 2, 3] : vector<4xf32>, vector<4xf32>
// CHECK:           vector.shuffle %{{.*}} [0, 0, 1, 1, 1, 2, 2, 2] : vector<3xf32>, vector<3xf32>
// CHECK:         vector.transfer_read %[[ST]][%c13], %{{.*}} {in_bounds = [true]} : tensor<24xf32>, vector<3xf32>
// CHECK:         vector.transfer_read %{{.*}}[%[[R]], %c40], %{{.*}} : tensor<2x42xi8>, vector<8xi8>
// CHECK-NOT:     in_bounds
// CHECK:         vector.transfer_write %{{.*}}, %{{.*}}[%[[R]], %c40] : vector<8xf32>, tensor<2x42xf32>
func.func @block_rows_short(%x: tensor<2x42xi8>, %s: tensor<2x14xf16>, %z: tensor<2x14xi8>) -> tensor<2x42xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 3 : (tensor<2x42xi8>, tensor<2x14xf16>, tensor<2x14xi8>) -> tensor<2x42xf32>
  return %y : tensor<2x42xf32>
}

// -----

// Per-axis whose period divides the step (K = 8 = lanes, axis innermost):
// every step reads the same table entries, so they are read once before the
// loop, which then looks like the per-tensor one. A zero-point table holds
// the zero point's own width (i8 for ui8), zero-extended in registers; the
// steps never read a table's last `lanes` entries, so an f32 scale and a
// ui8 zero point (stored as i8) are their own tables, read in place.
// CHECK-LABEL: func.func @axis_table_invariant
// CHECK-SAME:  %[[S:arg[0-9]+]]: tensor<8xf32>, %[[Z:arg[0-9]+]]: tensor<8xui8>
// CHECK-NOT:   scf.for
// CHECK-DAG:   %[[ZS:.*]] = tensor.bitcast %[[Z]] : tensor<8xui8> to tensor<8xi8>
// CHECK-DAG:   %[[SV:.*]] = vector.transfer_read %[[S]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<8xf32>, vector<8xf32>
// CHECK-DAG:   %[[ZR:.*]] = vector.transfer_read %[[ZS]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<8xi8>, vector<8xi8>
// CHECK-DAG:   %[[ZV:.*]] = arith.extui %[[ZR]] : vector<8xi8> to vector<8xi32>
// CHECK:       scf.for
// CHECK-NOT:     tensor<16x
// CHECK:         %[[X:.*]] = arith.extui %{{.*}} : vector<8xi8> to vector<8xi32>
// CHECK:         %[[D:.*]] = arith.subi %[[X]], %[[ZV]] : vector<8xi32>
// CHECK:         %[[F:.*]] = arith.sitofp %[[D]] : vector<8xi32> to vector<8xf32>
// CHECK:         arith.mulf %[[F]], %[[SV]] : vector<8xf32>
func.func @axis_table_invariant(%x: tensor<?x8xui8>, %s: tensor<8xf32>, %z: tensor<8xui8>) -> tensor<?x8xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x8xui8>, tensor<8xf32>, tensor<8xui8>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// An unsigned zero point whose table is built (period 3): the table holds
// ui16 zero points as i16, not as the i32 difference type, and each read
// is zero-extended (a sign extension would turn 65535 into -1).
// CHECK-LABEL: func.func @axis_table_unsigned
// CHECK:       %[[ZT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<17xi16>)
// CHECK-NOT:     arith.ext
// CHECK:         linalg.yield %{{.*}} : i16
// CHECK:       scf.for
// CHECK:         %[[ZR:.*]] = vector.transfer_read %[[ZT]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<17xi16>, vector<8xi16>
// CHECK:         %[[ZV:.*]] = arith.extui %[[ZR]] : vector<8xi16> to vector<8xi32>
// CHECK:         %[[X:.*]] = arith.extui %{{.*}} : vector<8xi16> to vector<8xi32>
// CHECK:         arith.subi %[[X]], %[[ZV]] : vector<8xi32>
func.func @axis_table_unsigned(%x: tensor<?x3xui16>, %s: tensor<3xf32>, %z: tensor<3xui16>) -> tensor<?x3xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x3xui16>, tensor<3xf32>, tensor<3xui16>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// Block rows with a static x and [?, S] parameters (or the other way round):
// the parameters are viewed as [M, S] with their own static or dynamic M, so
// the reshapes stay valid (a static x once gave a [?] scale a static M). The
// zero point's row tables are read from the flat [?] zero point, masked.
// The static x's 7 rows of 10 take one loop row of 70 columns (see
// @block_rows_loop_rows), whose parameters are viewed as [?, 21]. The
// dynamic x has rows of 14, which fill their steps well enough to stay
// rows of their own (no remainder rows, see @block_rows_remainder).
// CHECK-LABEL: func.func @block_rows_dynamic_params
// CHECK-NOT:   qdq.dequantize_linear
// CHECK:       tensor.expand_shape %{{.*}} output_shape [%c1, 21] : tensor<?xf32> into tensor<?x21xf32>
// CHECK:       scf.for %[[R:[^ ]+]] = %c0 to %c1 step %c1
// CHECK:         vector.transfer_read %{{.*}}[%[[R]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<?x21xf32>, vector<2xf32>
// CHECK:         vector.transfer_read %{{.*}}[%[[R]], %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<?x21xf32>, vector<3xf32>
// CHECK:         vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<32xi32>, vector<3xi32>
// CHECK-LABEL: func.func @block_rows_dynamic_x
// CHECK-NOT:   qdq.dequantize_linear
// CHECK:       vector.transfer_read %{{.*}} : tensor<7x4xf32>, vector<2xf32>
func.func @block_rows_dynamic_params(%x: tensor<7x10xi8>, %s: tensor<?x3xf32>, %z: tensor<?x3xi8>) -> tensor<7x10xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 4 : (tensor<7x10xi8>, tensor<?x3xf32>, tensor<?x3xi8>) -> tensor<7x10xf32>
  return %y : tensor<7x10xf32>
}
func.func @block_rows_dynamic_x(%x: tensor<?x14xi8>, %s: tensor<7x4xf32>) -> tensor<?x14xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 4 : (tensor<?x14xi8>, tensor<7x4xf32>) -> tensor<?x14xf32>
  return %y : tensor<?x14xf32>
}

// -----

// Block rows whose loop rows take several rows of x (Plan::rowPeriod):
// 16 rows of 5 with blocks of 2 (2, 2, 1) would each run one masked step
// of 8 lanes; 8 of them make a loop row of 40 columns, one group of
// lcm(5, 8) = 40 (5 steps, none masked) whose entries repeat with x's rows
// (3 per row). Step 0 covers row 0 (entries 0, 0, 1, 1, 2) and the first
// three columns of row 1 (3, 3, 4); step 1 the rest of row 1 and row 2
// (4, 5, 5, 6, 6, 7, 8, 8 from entry 4). The f16 scales of a loop row (24)
// are decoded into a row table first.
// CHECK-LABEL: func.func @block_rows_loop_rows
// CHECK:       tensor.expand_shape %{{.*}} output_shape [2, 40] : tensor<80xi8> into tensor<2x40xi8>
// CHECK:       scf.for %[[R:[^ ]+]] = %c0 to %c2 step %c1 iter_args({{.*}}) -> (tensor<2x40xf32>, tensor<40xf32>)
// CHECK:         %[[FIRST:.*]] = arith.muli %[[R]], %c24 : index
// CHECK:         %[[ST:.*]] = scf.for
// CHECK:           arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK:         scf.for %[[G:[^ ]+]] = %c0 to %c40 step %c40
// CHECK:           %[[P:.*]] = arith.divui %[[G]], %c5 : index
// CHECK:           %[[E:.*]] = arith.muli %[[P]], %c3 : index
// CHECK:           %[[S0:.*]] = vector.transfer_read %[[ST]][%[[E]]], %{{.*}} {in_bounds = [true]} : tensor<40xf32>, vector<5xf32>
// CHECK:           vector.shuffle %[[S0]], %[[S0]] [0, 0, 1, 1, 2, 3, 3, 4] : vector<5xf32>, vector<5xf32>
// CHECK:           %[[E1:.*]] = arith.addi %[[E]], %c4 : index
// CHECK:           %[[S1:.*]] = vector.transfer_read %[[ST]][%[[E1]]], %{{.*}} {in_bounds = [true]} : tensor<40xf32>, vector<6xf32>
// CHECK:           vector.shuffle %[[S1]], %[[S1]] [0, 1, 2, 2, 3, 3, 4, 5] : vector<6xf32>, vector<6xf32>
// CHECK-COUNT-3:   vector.shuffle
// CHECK-NOT:       vector.create_mask
// CHECK:           scf.yield
func.func @block_rows_loop_rows(%x: tensor<16x5xi8>, %s: tensor<16x3xf16>) -> tensor<16x5xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 2 : (tensor<16x5xi8>, tensor<16x3xf16>) -> tensor<16x5xf32>
  return %y : tensor<16x5xf32>
}

// Packed x whose rows do not start on a byte (7 int4 codes, 3.5 bytes):
// loop rows of two rows (14 codes, 7 bytes) do, so the op has a vector
// scheme; each loop row's 6 scales are read in place (f32).
// CHECK-LABEL: func.func @block_rows_loop_rows_packed
// CHECK-NOT:   qdq.dequantize_linear
// CHECK:       qdq.packed_bytes %{{.*}} : tensor<28xi4> -> tensor<14xi8>
// CHECK:       tensor.expand_shape %{{.*}} output_shape [2, 6] : tensor<12xf32> into tensor<2x6xf32>
// CHECK:       scf.for %[[R:[^ ]+]] = %c0 to %c2 step %c1 iter_args({{.*}}) -> (tensor<2x14xf32>)
// CHECK:         vector.shuffle %{{.*}} [0, 0, 0, 1, 1, 1, 2, 3] : vector<4xf32>, vector<4xf32>
// CHECK:         vector.interleave %{{.*}} : vector<4xi8> -> vector<8xi8>
func.func @block_rows_loop_rows_packed(%x: tensor<4x7xi4>, %s: tensor<4x3xf32>) -> tensor<4x7xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 3 : (tensor<4x7xi4>, tensor<4x3xf32>) -> tensor<4x7xf32>
  return %y : tensor<4x7xf32>
}

// A dynamic number of rows M of 5 (blocks of 2): loop rows of R = 8 rows
// (40 columns, one group of lcm(5, 8)) over the first M - M mod 8 rows of x
// and their 24 entries per loop row, then the rows left as rows of their
// own, each writing its slice of one flat result in place.
// CHECK-LABEL: func.func @block_rows_remainder
// CHECK:       %[[LOOPS:.*]] = arith.divui %{{.*}}, %c40 : index
// CHECK:       %[[WHOLE:.*]] = arith.muli %[[LOOPS]], %c40 : index
// CHECK:       %[[XW:.*]] = tensor.extract_slice %{{.*}}[%c0] [%[[WHOLE]]] [1] : tensor<?xi8> to tensor<?xi8>
// CHECK:       tensor.extract_slice %{{.*}}[%c0] [%{{.*}}] [1] : tensor<?xf16> to tensor<?xf16>
// CHECK:       tensor.extract_slice %{{.*}}[%c0] [%{{.*}}] [1] : tensor<?xi8> to tensor<?xi8>
// CHECK:       %[[YW:.*]] = tensor.extract_slice %{{.*}}[%c0] [%[[WHOLE]]] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK:       tensor.expand_shape %[[XW]] {{\[\[}}0, 1]] output_shape [%{{.*}}, 40] : tensor<?xi8> into tensor<?x40xi8>
// CHECK:       tensor.expand_shape %[[YW]] {{\[\[}}0, 1]] output_shape [%{{.*}}, 40] : tensor<?xf32> into tensor<?x40xf32>
// CHECK:       scf.for {{.*}} -> (tensor<?x40xf32>, tensor<40xf32>, tensor<40xi32>)
// CHECK:       %[[Y:.*]] = tensor.insert_slice %{{.*}}[%c0] [%[[WHOLE]]] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK:       %[[XR:.*]] = tensor.extract_slice %{{.*}}[%[[WHOLE]]] [%{{.*}}] [1] : tensor<?xi8> to tensor<?xi8>
// CHECK:       tensor.extract_slice %[[Y]][%[[WHOLE]]] [%{{.*}}] [1] : tensor<?xf32> to tensor<?xf32>
// CHECK:       tensor.expand_shape %[[XR]] {{\[\[}}0, 1]] output_shape [%{{.*}}, 5] : tensor<?xi8> into tensor<?x5xi8>
// CHECK:       scf.for {{.*}} -> (tensor<?x5xf32>, tensor<16xf32>, tensor<16xi32>)
// CHECK:       tensor.insert_slice %{{.*}} into %[[Y]][%[[WHOLE]]] [%{{.*}}] [1] : tensor<?xf32> into tensor<?xf32>
func.func @block_rows_remainder(%x: tensor<?x5xi8>, %s: tensor<?x3xf16>, %z: tensor<?x3xi8>) -> tensor<?x5xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 2 : (tensor<?x5xi8>, tensor<?x3xf16>, tensor<?x3xi8>) -> tensor<?x5xf32>
  return %y : tensor<?x5xf32>
}

// Block rows shorter than the unrolled step (64 lanes at 512 bits) run one
// register per step (16 lanes): rows of 6 uint4 codes of a dynamic x with a
// packed zero point (no loop rows: its row tables would read it sliced),
// one masked step each.
// UNROLL-LABEL: func.func @block_rows_narrow
// UNROLL-NOT:   vector<64x
// UNROLL:       vector.transfer_write %{{.*}} : vector<16xf32>, tensor<?x6xf32>
// UNROLL-NOT:   vector<64x
// UNROLL:       return
func.func @block_rows_narrow(%x: tensor<?x6xui4>, %s: tensor<?x2xf32>, %z: tensor<?x2xui4>) -> tensor<?x6xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 4 : (tensor<?x6xui4>, tensor<?x2xf32>, tensor<?x2xui4>) -> tensor<?x6xf32>
  return %y : tensor<?x6xf32>
}

// Packed x with a dynamic number of rows (and no zero point) takes loop
// rows and a remainder too: x can not be sliced (qdq.packed_bytes takes
// identity layouts), so both parts read the whole x's bytes, the rows left
// from their first element on (WHOLE, a multiple of the 24 codes of a loop
// row of 4 rows of 6: on a byte).
// CHECK-LABEL: func.func @block_rows_remainder_packed
// CHECK:       %[[LOOPS:.*]] = arith.divui %{{.*}}, %c24 : index
// CHECK:       %[[WHOLE:.*]] = arith.muli %[[LOOPS]], %c24 : index
// CHECK-NOT:   tensor.extract_slice %{{.*}} : tensor<?xui4>
// CHECK:       qdq.packed_bytes %{{.*}} : tensor<?xui4> -> tensor<?xi8>
// CHECK:       scf.for {{.*}} -> (tensor<?x24xf32>)
// CHECK:       tensor.insert_slice %{{.*}}[%c0] [%[[WHOLE]]] [1] : tensor<?xf32> into tensor<?xf32>
// CHECK-NOT:   tensor.extract_slice %{{.*}} : tensor<?xui4>
// CHECK:       %[[BYTES:.*]] = qdq.packed_bytes %{{.*}} : tensor<?xui4> -> tensor<?xi8>
// CHECK:       scf.for {{.*}} -> (tensor<?x6xf32>)
// CHECK:         %[[AT:.*]] = arith.addi %[[WHOLE]], %{{.*}} : index
// CHECK:         %[[BYTE:.*]] = arith.divui %[[AT]], %c2 : index
// CHECK:         vector.transfer_read %[[BYTES]][%[[BYTE]]]
func.func @block_rows_remainder_packed(%x: tensor<?x6xui4>, %s: tensor<?x2xf32>) -> tensor<?x6xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 4 : (tensor<?x6xui4>, tensor<?x2xf32>) -> tensor<?x6xf32>
  return %y : tensor<?x6xf32>
}

// One row of packed x starts on a byte whatever its length (31 int4 codes).
// CHECK-LABEL: func.func @block_rows_one_packed_row
// CHECK-NOT:   qdq.dequantize_linear
// CHECK:       qdq.packed_bytes %{{.*}} : tensor<31xi4> -> tensor<16xi8>
// CHECK:       scf.for %{{.*}} = %c0 to %c1 step %c1 iter_args({{.*}}) -> (tensor<1x31xf32>)
func.func @block_rows_one_packed_row(%x: tensor<1x31xi4>, %s: tensor<1x11xf32>) -> tensor<1x31xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 3 : (tensor<1x31xi4>, tensor<1x11xf32>) -> tensor<1x31xf32>
  return %y : tensor<1x31xf32>
}

// -----

// Per-axis forms that neither the tables (period above max-table-period,
// 16384), nor the in-place reads (K = 20001 is not whole steps), nor the rows
// scheme (N = 3 is shorter than a step) take: block rows over rows of K * N
// whose columns take the one scale row in runs of N. Its scales (f32) and
// zero points (i32) are decoded into tables once, before the rows. With
// N = 1 each step reads its 8 entries from the tables (the spread is the
// identity), the last step of a row masked; with N = 3 the steps of a
// 24-column group read 3, 4 and 3 scales and spread them.
// CHECK-LABEL: func.func @axis_rows_long
// CHECK-NOT:   linalg.generic
// CHECK:       scf.for {{.*}} -> (tensor<20016xf32>)
// CHECK:       %[[ST:.*]] = vector.transfer_write %{{.*}}[%c19993] {in_bounds = [true]} : vector<8xf32>, tensor<20016xf32>
// CHECK:       scf.for {{.*}} -> (tensor<20016xi32>)
// CHECK:       %[[ZT:.*]] = vector.transfer_write %{{.*}}[%c19993] {in_bounds = [true]} : vector<8xi32>, tensor<20016xi32>
// CHECK:       scf.for %[[R:[^ ]+]] = %c0 to %c2 step %c1
// CHECK:         scf.for %[[J:[^ ]+]] = %c0 to %c20000 step %c8
// CHECK:           vector.transfer_read %[[ST]][%[[J]]], %{{.*}} {in_bounds = [true]} : tensor<20016xf32>, vector<8xf32>
// CHECK:           vector.transfer_read %[[ZT]][%[[J]]], %{{.*}} {in_bounds = [true]} : tensor<20016xi32>, vector<8xi32>
// CHECK:         vector.transfer_read %[[ST]][%c20000], %{{.*}} {in_bounds = [true]} : tensor<20016xf32>, vector<8xf32>
// CHECK:         vector.transfer_read %{{.*}}[%[[R]], %c20000], %{{.*}} : tensor<2x20001xi8>, vector<8xi8>
// CHECK-LABEL: func.func @axis_rows_outer
// CHECK:         scf.for %{{.*}} = %c0 to %c60000 step %c24
// CHECK:           vector.transfer_read %{{.*}} : tensor<1x20000xf32>, vector<3xf32>
// CHECK:           vector.shuffle %{{.*}} [0, 0, 0, 1, 1, 1, 2, 2] : vector<3xf32>, vector<3xf32>
// CHECK:           vector.transfer_read %{{.*}} : tensor<1x20000xf32>, vector<4xf32>
// CHECK:           vector.shuffle %{{.*}} [0, 1, 1, 1, 2, 2, 2, 3] : vector<4xf32>, vector<4xf32>
func.func @axis_rows_long(%x: tensor<2x20001xi8>, %s: tensor<20001xf16>, %z: tensor<20001xi8>) -> tensor<2x20001xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<2x20001xi8>, tensor<20001xf16>, tensor<20001xi8>) -> tensor<2x20001xf32>
  return %y : tensor<2x20001xf32>
}
func.func @axis_rows_outer(%x: tensor<20000x3xi8>, %s: tensor<20000xf32>) -> tensor<20000x3xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<20000x3xi8>, tensor<20000xf32>) -> tensor<20000x3xf32>
  return %y : tensor<20000x3xf32>
}

// -----

// Blocked along an outer axis whose rows (N = 3) are shorter than a step:
// block rows over rows of K * N = 210 columns; each block of 32 * 3 = 96
// columns takes the 3 scales of its block periodically. At 16 lanes a group
// of lcm(96, 16) = 96 columns is 6 steps; each reads the 3 scales of its
// block and spreads them with the step's phase (column mod 3).
// CHECK-LABEL: func.func @block_rows_outer
// CHECK-NOT:   qdq.dequantize_linear
// CHECK:       return
// AVX512-LABEL: func.func @block_rows_outer
// AVX512:       %[[S:.*]] = tensor.expand_shape %{{.*}} output_shape [1, 9] : tensor<9xf32> into tensor<1x9xf32>
// AVX512:       scf.for %{{.*}} = %c0 to %c192 step %c96
// AVX512:         vector.transfer_read %[[S]]{{.*}} : tensor<1x9xf32>, vector<3xf32>
// AVX512:         vector.shuffle %{{.*}} [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0] : vector<3xf32>, vector<3xf32>
// AVX512:         vector.shuffle %{{.*}} [1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1] : vector<3xf32>, vector<3xf32>
// AVX512:         vector.shuffle %{{.*}} [2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2] : vector<3xf32>, vector<3xf32>
func.func @block_rows_outer(%x: tensor<70x3xi8>, %s: tensor<3x3xf32>) -> tensor<70x3xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 block_size = 32 : (tensor<70x3xi8>, tensor<3x3xf32>) -> tensor<70x3xf32>
  return %y : tensor<70x3xf32>
}

// -----

// Block rows whose blocks (25 int4 codes, 100 bits) do not start on a byte:
// the steps start at multiples of the lanes instead, and each takes the
// scale (and zero point) of block j / 25 for its first lanes, up to the next
// block's first column (a prefix mask), and of the next block (clamped to
// the row's last) for the others. K = 100: 6 steps of 16 and a masked one.
// (The zero points are widened to i32 before the select where x unpacks
// straight into i32 lanes, with AVX512_VBMI on the host.)
// AVX512-LABEL: func.func @block_rows_straddling
// AVX512:       scf.for %[[J:[^ ]+]] = %c0 to %c96 step %c16
// AVX512:         %[[K0:.*]] = arith.divui %[[J]], %c25 : index
// AVX512:         %[[K1:.*]] = arith.minui %{{.*}}, %c3 : index
// AVX512:         %[[M:.*]] = vector.create_mask %{{.*}} : vector<16xi1>
// AVX512:         tensor.extract %{{.*}}[%{{.*}}, %[[K0]]] : tensor<4x4xf16>
// AVX512:         tensor.extract %{{.*}}[%{{.*}}, %[[K1]]] : tensor<4x4xf16>
// AVX512:         arith.select %[[M]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
// AVX512:         arith.select %[[M]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xi{{8|32}}>
// AVX512:       vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %c96] : vector<16xf32>, tensor<4x100xf32>
func.func @block_rows_straddling(%x: tensor<4x100xi4>, %s: tensor<4x4xf16>, %z: tensor<4x4xi4>) -> tensor<4x100xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 25 : (tensor<4x100xi4>, tensor<4x4xf16>, tensor<4x4xi4>) -> tensor<4x100xf32>
  return %y : tensor<4x100xf32>
}
