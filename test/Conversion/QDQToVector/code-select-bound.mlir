// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw code-select-max-table-bytes=32768" | FileCheck %s --check-prefix=FITS
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw code-select-max-table-bytes=32767" | FileCheck %s --check-prefix=ABOVE

// Code selection's choice table (LookupTable::selectsCodes) is bounded by
// code-select-max-table-bytes (0, the default: the host's; 16 KiB on AMD
// Zen 4, whose 32 KiB L1 did not keep this table, 64 KiB elsewhere).
// Per-axis C=4096 -> f16 over 16 rows: the table holds the f16 results of
// the 4 codes at each of the 4096 positions, 32768 bytes.

// FITS-LABEL: func.func @i2_k4096_f16
// FITS: bufferization.alloc_tensor() : tensor<16384xi16>
// FITS: vector.transfer_read %{{.*}} : tensor<16384xi16>, vector<256xi16>
// FITS: arith.select %{{.*}} : vector<64xi1>, vector<64xi16>

// One byte less: the arithmetic, no table and no selection.
// ABOVE-LABEL: func.func @i2_k4096_f16
// ABOVE-NOT: tensor<16384xi16>
// ABOVE-NOT: arith.select {{.*}} : vector<64xi1>, vector<64xi16>
// ABOVE: arith.mulf
// ABOVE: return
func.func @i2_k4096_f16(%x: tensor<16x4096xi2>, %s: tensor<4096xf16>, %z: tensor<4096xi2>) -> tensor<16x4096xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<16x4096xi2>, tensor<4096xf16>, tensor<4096xi2>) -> tensor<16x4096xf16>
  return %y : tensor<16x4096xf16>
}
