// unroll = 0 (the default) picks the registers per iteration per form: 8 on
// 512-bit registers for f16/bf16 results of f16/bf16 x and of packed 2-bit
// x looked up in a per-tensor, row or block table; 8 on 256-bit registers
// for bf16 results, packed 2/4-bit x and f16 results of f16/bf16 x outside
// block rows and period tiles (but not for unpacked integer x -> bf16 per
// tensor or per row); else 4
// (DequantizeLinearToVector::takesWideSteps). An explicit unroll is kept.
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=NOLUT
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx2" --split-input-file | FileCheck %s --check-prefix=AVX2
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512bw,avx512vbmi" --split-input-file | FileCheck %s --check-prefix=FIXED

// bf16 x -> f16: 8 registers of 16 lanes (of 8 lanes with ymm
// registers), 4 when fixed.
// CHECK-LABEL: func.func @bf16_x_f16
// CHECK:       scf.for {{.*}} step %c128
// CHECK:       vector.transfer_read {{.*}} vector<128xbf16>
// NOLUT-LABEL: func.func @bf16_x_f16
// NOLUT:       vector.transfer_read {{.*}} vector<128xbf16>
// AVX2-LABEL:  func.func @bf16_x_f16
// AVX2:        scf.for {{.*}} step %c64
// AVX2:        vector.transfer_read {{.*}} vector<64xbf16>
// FIXED-LABEL: func.func @bf16_x_f16
// FIXED:       vector.transfer_read {{.*}} vector<64xbf16>
func.func @bf16_x_f16(%x: tensor<1024xbf16>, %s: tensor<f16>) -> tensor<1024xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<1024xbf16>, tensor<f16>) -> tensor<1024xf16>
  return %y : tensor<1024xf16>
}

// -----

// f16 x -> bf16, per-axis along the innermost axis: 8 registers.
// CHECK-LABEL: func.func @f16_x_bf16_axis
// CHECK:       vector.transfer_read {{.*}} vector<128xf16>
// FIXED-LABEL: func.func @f16_x_bf16_axis
// FIXED:       vector.transfer_read {{.*}} vector<64xf16>
func.func @f16_x_bf16_axis(%x: tensor<16x64xf16>, %s: tensor<64xbf16>) -> tensor<16x64xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<16x64xf16>, tensor<64xbf16>) -> tensor<16x64xbf16>
  return %y : tensor<16x64xbf16>
}

// -----

// f32 results of bf16 x keep 4 registers.
// CHECK-LABEL: func.func @bf16_x_f32
// CHECK:       vector.transfer_read {{.*}} vector<64xbf16>
// CHECK-NOT:   vector<128xbf16>
// AVX2-LABEL:  func.func @bf16_x_f32
// AVX2:        vector.transfer_read {{.*}} vector<32xbf16>
// AVX2-NOT:    vector<64xbf16>
func.func @bf16_x_f32(%x: tensor<1024xbf16>, %s: tensor<f32>) -> tensor<1024xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<1024xbf16>, tensor<f32>) -> tensor<1024xf32>
  return %y : tensor<1024xf32>
}

// -----

// Per-tensor ui2 -> f16 is a table lookup with the byte shuffles: 8
// registers (128 codes, 32 bytes of x per step); without them the
// arithmetic path keeps 4 (64 codes, 16 bytes).
// CHECK-LABEL: func.func @ui2_table
// CHECK:       vector.transfer_read {{.*}} : tensor<256xi8>, vector<32xi8>
// CHECK:       qdq.table_lookup {{.*}} vector<128xi8>
// NOLUT-LABEL: func.func @ui2_table
// NOLUT:       vector.transfer_read {{.*}} : tensor<256xi8>, vector<16xi8>
// NOLUT-NOT:   qdq.table_lookup
// FIXED-LABEL: func.func @ui2_table
// FIXED:       vector.transfer_read {{.*}} : tensor<256xi8>, vector<16xi8>
// FIXED:       qdq.table_lookup {{.*}} vector<64xi8>
func.func @ui2_table(%x: tensor<1024xui2>, %s: tensor<f16>, %z: tensor<ui2>) -> tensor<1024xf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<1024xui2>, tensor<f16>, tensor<ui2>) -> tensor<1024xf16>
  return %y : tensor<1024xf16>
}

// -----

// Per-axis ui2 along the innermost axis (no table) keeps 4 registers.
// CHECK-LABEL: func.func @ui2_axis
// CHECK:       vector.transfer_read {{.*}} : tensor<256xi8>, vector<16xi8>
// CHECK-NOT:   vector<128xf32>
func.func @ui2_axis(%x: tensor<16x64xui2>, %s: tensor<64xf16>, %z: tensor<64xui2>) -> tensor<16x64xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<16x64xui2>, tensor<64xf16>, tensor<64xui2>) -> tensor<16x64xf16>
  return %y : tensor<16x64xf16>
}

// -----

// i4 keeps 4 registers whatever its form on 512-bit registers; on 256-bit
// ones packed x takes 8 (64 codes, 32 bytes of x per step).
// CHECK-LABEL: func.func @i4_table
// CHECK:       vector.transfer_read {{.*}} : tensor<512xi8>, vector<32xi8>
// CHECK:       qdq.table_lookup {{.*}} vector<64xi8>
// CHECK-NOT:   qdq.table_lookup {{.*}} vector<128xi8>
// AVX2-LABEL:  func.func @i4_table
// AVX2:        vector.transfer_read {{.*}} : tensor<512xi8>, vector<32xi8>
// AVX2:        qdq.table_lookup {{.*}} vector<64xi8>
func.func @i4_table(%x: tensor<1024xi4>, %s: tensor<f16>) -> tensor<1024xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<1024xi4>, tensor<f16>) -> tensor<1024xf16>
  return %y : tensor<1024xf16>
}

// -----

// i2 blocked-32 -> bf16 looks its codes up in block tables: 8 registers.
// CHECK-LABEL: func.func @i2_block_tables
// CHECK:       vector.transfer_read {{.*}} : tensor<512xi8>, vector<32xi8>
// CHECK:       qdq.table_lookup {{.*}} vector<128xi16>
// FIXED-LABEL: func.func @i2_block_tables
// FIXED:       qdq.table_lookup {{.*}} vector<64xi16>
func.func @i2_block_tables(%x: tensor<4x512xi2>, %s: tensor<4x16xbf16>) -> tensor<4x512xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<4x512xi2>, tensor<4x16xbf16>) -> tensor<4x512xbf16>
  return %y : tensor<4x512xbf16>
}

// -----

// ui2 with a scale per row of 512 takes a table per row: 8 registers.
// CHECK-LABEL: func.func @ui2_row_tables
// CHECK:       qdq.table_lookup {{.*}} vector<128xi8>
// FIXED-LABEL: func.func @ui2_row_tables
// FIXED:       qdq.table_lookup {{.*}} vector<64xi8>
func.func @ui2_row_tables(%x: tensor<8x512xui2>, %s: tensor<8xf16>) -> tensor<8x512xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<8x512xui2>, tensor<8xf16>) -> tensor<8x512xf16>
  return %y : tensor<8x512xf16>
}

// -----

// bf16 x in block rows of 100 elements (blocks of 20): a row is shorter than
// 8 registers of lanes, so the steps keep 4.
// CHECK-LABEL: func.func @bf16_short_block_rows
// CHECK:       vector.transfer_read {{.*}} vector<64xbf16>
// CHECK-NOT:   vector<128xbf16>
func.func @bf16_short_block_rows(%x: tensor<2x100xbf16>, %s: tensor<2x5xf16>) -> tensor<2x100xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 20 : (tensor<2x100xbf16>, tensor<2x5xf16>) -> tensor<2x100xf16>
  return %y : tensor<2x100xf16>
}

// -----

// f16 x with a scale per row of 100: rows at 4 registers; at 8 the rows
// are shorter than a step and the scheme changes (an explicit unroll=8
// falls back to one register), so the per-form choice keeps 4.
// CHECK-LABEL: func.func @f16_rows_shorter_than_wide_step
// CHECK:       vector.transfer_read {{.*}} : tensor<300x100xf16>, vector<64xf16>
// CHECK-NOT:   tensor<300x100xf16>, vector<16xf16>
// CHECK-NOT:   tensor<300x100xf16>, vector<128xf16>
// CHECK:       return
func.func @f16_rows_shorter_than_wide_step(%x: tensor<300x100xf16>, %s: tensor<300xf16>) -> tensor<300x100xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<300x100xf16>, tensor<300xf16>) -> tensor<300x100xf16>
  return %y : tensor<300x100xf16>
}

// -----

// 256-bit registers: i8 -> f16 keeps 4 registers (32 lanes). bf16 results
// (rounded with integer operations there) take 8 (64 lanes), but i8 -> bf16
// per tensor and per row keeps 4: its loop for finite scales spilled
// registers with 8.
// AVX2-LABEL:  func.func @i8_f16_ymm
// AVX2:        vector.transfer_read {{.*}} : tensor<1024xi8>, vector<32xi8>
// AVX2-NOT:    vector<64xi8>
// AVX2:        return
func.func @i8_f16_ymm(%x: tensor<1024xi8>, %s: tensor<f32>) -> tensor<1024xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<1024xi8>, tensor<f32>) -> tensor<1024xf16>
  return %y : tensor<1024xf16>
}

// -----

// AVX2-LABEL:  func.func @i8_bf16_ymm
// AVX2:        vector.transfer_read {{.*}} : tensor<1024xi8>, vector<32xi8>
// AVX2-NOT:    vector<64xi8>
// AVX2:        return
func.func @i8_bf16_ymm(%x: tensor<1024xi8>, %s: tensor<f32>) -> tensor<1024xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<1024xi8>, tensor<f32>) -> tensor<1024xbf16>
  return %y : tensor<1024xbf16>
}

// -----

// AVX2-LABEL:  func.func @i8_rows_bf16_ymm
// AVX2:        vector.transfer_read {{.*}} vector<32xi8>
// AVX2-NOT:    vector<64xi8>
// AVX2:        return
func.func @i8_rows_bf16_ymm(%x: tensor<16x4096xi8>, %s: tensor<16xbf16>, %z: tensor<16xi8>) -> tensor<16x4096xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<16x4096xi8>, tensor<16xbf16>, tensor<16xi8>) -> tensor<16x4096xbf16>
  return %y : tensor<16x4096xbf16>
}

// -----

// 256-bit registers, bf16 results: per-axis C=64 is one step of 8
// registers (64 lanes, no period tiles) and takes them; C=4096 (period
// tiles) and blocks of 24 (block rows) keep 4.
// AVX2-LABEL:  func.func @i8_axis64_bf16_ymm
// AVX2:        vector.transfer_read {{.*}} : tensor<512xi8>, vector<64xi8>
// AVX2:        return
func.func @i8_axis64_bf16_ymm(%x: tensor<8x64xi8>, %s: tensor<64xf32>) -> tensor<8x64xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<8x64xi8>, tensor<64xf32>) -> tensor<8x64xbf16>
  return %y : tensor<8x64xbf16>
}

// -----

// AVX2-LABEL:  func.func @i8_axis4096_bf16_ymm
// AVX2:        vector.transfer_read {{.*}} vector<32xi8>
// AVX2-NOT:    vector<64xi8>
// AVX2:        return
func.func @i8_axis4096_bf16_ymm(%x: tensor<8x4096xi8>, %s: tensor<4096xf32>) -> tensor<8x4096xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<8x4096xi8>, tensor<4096xf32>) -> tensor<8x4096xbf16>
  return %y : tensor<8x4096xbf16>
}

// -----

// AVX2-LABEL:  func.func @i8_b24_bf16_ymm
// AVX2:        vector.transfer_read {{.*}} vector<32xi8>
// AVX2-NOT:    vector<64xi8>
// AVX2:        return
func.func @i8_b24_bf16_ymm(%x: tensor<4x4096xi8>, %s: tensor<4x171xf32>) -> tensor<4x4096xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 24 : (tensor<4x4096xi8>, tensor<4x171xf32>) -> tensor<4x4096xbf16>
  return %y : tensor<4x4096xbf16>
}
