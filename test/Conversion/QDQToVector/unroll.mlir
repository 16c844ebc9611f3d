// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=4 f16-stores=per-register" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=128 unroll=2 f16-stores=per-register" --split-input-file | FileCheck %s --check-prefix=SSE

// unroll = registers per loop iteration: 4 x 8 f32 lanes at 256 bits, 2 x 4
// at 128 bits; the loop steps over all of them and the tail is one masked
// vector of the same width.
// CHECK-LABEL: func.func @flat
// CHECK:       scf.for %{{.*}} = %c0 to %c992 step %c32
// CHECK:         vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<1000xi8>, vector<32xi8>
// CHECK:         vector.transfer_write {{.*}} {in_bounds = [true]} : vector<32xf32>, tensor<1000xf32>
// CHECK:       vector.transfer_read {{.*}} : tensor<1000xi8>, vector<32xi8>
// CHECK:       vector.transfer_write {{.*}} : vector<32xf32>, tensor<1000xf32>
// SSE-LABEL:   func.func @flat
// SSE:         scf.for %{{.*}} = %c0 to %c1000 step %c8
// SSE:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<1000xf32>
func.func @flat(%x: tensor<1000xi8>, %s: tensor<f32>) -> tensor<1000xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<1000xi8>, tensor<f32>) -> tensor<1000xf32>
  return %y : tensor<1000xf32>
}

// -----

// Blocks of 32 along the inner axis: one scale per 32-lane vector.
// CHECK-LABEL: func.func @blocked
// CHECK:       scf.for %{{.*}} step %c32
// CHECK:         tensor.extract %{{.*}} : tensor<256xf32>
// CHECK:         vector.broadcast %{{.*}} : f32 to vector<32xf32>
// CHECK:         vector.transfer_write {{.*}} : vector<32xf32>, tensor<8192xf32>
func.func @blocked(%x: tensor<64x128xi8>, %s: tensor<64x4xf32>) -> tensor<64x128xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<64x128xi8>, tensor<64x4xf32>) -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}

// -----

// Blocks of 31 have no scheme at 32 lanes (block rows would unroll a group
// of lcm(31, 32) columns, 31 steps): the pattern falls back to one register
// (8 lanes), where a block of 31 is 3 steps and one that runs into the next
// block.
// CHECK-LABEL: func.func @narrow_retry
// CHECK:       scf.for
// CHECK:         scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK:           scf.for %{{.*}} step %c8
// CHECK:             vector.transfer_write {{.*}} {in_bounds = [true]} : vector<8xf32>, tensor<4x62xf32>
// CHECK:           vector.transfer_write {{.*}} : vector<8xf32>, tensor<4x62xf32>
// CHECK-NOT:   qdq.dequantize_linear
func.func @narrow_retry(%x: tensor<4x62xi8>, %s: tensor<4x2xf32>) -> tensor<4x62xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 31 : (tensor<4x62xi8>, tensor<4x2xf32>) -> tensor<4x62xf32>
  return %y : tensor<4x62xf32>
}

// -----

// Per-axis along a long innermost axis (a whole number of vectors): the
// decoded table (64 entries + 32 repeated) is built with vector reads.
// CHECK-LABEL: func.func @axis_table_vectors
// CHECK:       %[[T:.*]] = scf.for %{{.*}} = %c0 to %c64 step %c32 iter_args(%{{.*}} = %{{.*}}) -> (tensor<96xf32>)
// CHECK:         vector.transfer_read %{{.*}} {in_bounds = [true]} : tensor<64xf16>, vector<32xf16>
// CHECK:         arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK:       vector.transfer_write %{{.*}}, %[[T]][%c64] {in_bounds = [true]} : vector<32xf32>, tensor<96xf32>
// CHECK-NOT:   linalg.generic
func.func @axis_table_vectors(%x: tensor<16x64xi8>, %s: tensor<64xf16>) -> tensor<16x64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<16x64xi8>, tensor<64xf16>) -> tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}

// -----

// f16 results are rounded and written one register (8 f32 lanes) at a time
// in the unrolled steps (each at its own offset, from its own slice), so that each vcvtps2ph stores to memory itself
// (test/Pipelines/f16-stores.mlir); the masked tail rounds and writes the
// whole step. (f16-stores=per-register: the host default joins the
// writes of 32-bit x on Zen 5, at 512 bits; test/Pipelines/f16-stores.mlir.)
// CHECK-LABEL: func.func @f16_per_register
// CHECK:       scf.for %[[J:.*]] = %c0 to %c992 step %c32 iter_args(%[[ACC:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK:         %[[P:.*]] = arith.mulf {{.*}} : vector<32xf32>
// CHECK:         %[[P0:.*]] = vector.extract_strided_slice %[[P]] {offsets = [0], sizes = [8], strides = [1]}
// CHECK:         %[[H0:.*]] = arith.truncf %[[P0]] : vector<8xf32> to vector<8xf16>
// CHECK:         %[[B0:.*]] = arith.bitcast %[[H0]] : vector<8xf16> to vector<8xi16>
// CHECK:         %[[W0:.*]] = vector.transfer_write %[[B0]], %[[ACC]][%[[J]]] {in_bounds = [true]} : vector<8xi16>, tensor<1000xi16>
// CHECK:         %[[P1:.*]] = vector.extract_strided_slice %[[P]] {offsets = [8], sizes = [8], strides = [1]}
// CHECK:         %[[H1:.*]] = arith.truncf %[[P1]] : vector<8xf32> to vector<8xf16>
// CHECK:         %[[B1:.*]] = arith.bitcast %[[H1]] : vector<8xf16> to vector<8xi16>
// CHECK:         %[[J1:.*]] = arith.addi %[[J]], %c8 : index
// CHECK:         %[[W1:.*]] = vector.transfer_write %[[B1]], %[[W0]][%[[J1]]] {in_bounds = [true]} : vector<8xi16>, tensor<1000xi16>
// CHECK:         %[[P2:.*]] = vector.extract_strided_slice %[[P]] {offsets = [16], sizes = [8], strides = [1]}
// CHECK:         %[[J2:.*]] = arith.addi %[[J]], %c16 : index
// CHECK:         %[[W2:.*]] = vector.transfer_write %{{.*}}, %[[W1]][%[[J2]]] {in_bounds = [true]} : vector<8xi16>, tensor<1000xi16>
// CHECK:         %[[P3:.*]] = vector.extract_strided_slice %[[P]] {offsets = [24], sizes = [8], strides = [1]}
// CHECK:         %[[J3:.*]] = arith.addi %[[J]], %c24 : index
// CHECK:         vector.transfer_write %{{.*}}, %[[W2]][%[[J3]]] {in_bounds = [true]} : vector<8xi16>, tensor<1000xi16>
// CHECK:       }
// CHECK:       arith.truncf {{.*}} : vector<32xf32> to vector<32xf16>
// CHECK:       vector.transfer_write {{.*}} : vector<32xi16>, tensor<1000xi16>
// 128-bit registers keep one write per step: 8-byte writes could not
// stream (test/Pipelines/nontemporal-stores.mlir).
// SSE-LABEL:   func.func @f16_per_register
// SSE:         scf.for %{{.*}} = %c0 to %c1000 step %c8
// SSE:           arith.truncf {{.*}} : vector<8xf32> to vector<8xf16>
// SSE:           vector.transfer_write {{.*}} {in_bounds = [true]} : vector<8xi16>, tensor<1000xi16>
// SSE:         }
func.func @f16_per_register(%x: tensor<1000xi32>, %s: tensor<f16>) -> tensor<1000xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<1000xi32>, tensor<f16>) -> tensor<1000xf16>
  return %y : tensor<1000xf16>
}
