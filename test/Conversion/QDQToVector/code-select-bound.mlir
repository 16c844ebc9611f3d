// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw code-select-max-table-bytes=32768" | FileCheck %s --check-prefix=FITS
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw code-select-max-table-bytes=32767" | FileCheck %s --check-prefix=HALVES
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw code-select-max-table-bytes=512" | FileCheck %s --check-prefix=STEPS
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw code-select-max-table-bytes=511" | FileCheck %s --check-prefix=ARITH
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw code-select-max-table-bytes=1024" | FileCheck %s --check-prefix=UNEVEN

// Code selection's choice table (LookupTable::selectsCodes) holds the f16
// results of the 4 codes at each position of the period: for per-axis
// C=4096 -> f16, 32768 bytes, built before the loops. The loops read at
// most code-select-max-table-bytes of it per pass over the rows (0, the
// default: the host's; 16 KiB on AMD Zen 4, whose 32 KiB L1 did not keep
// the whole table, 64 KiB elsewhere): a larger table is read in column
// blocks (KernelBuilder::choiceBlockColumns), each of them over every row.
// A bound below one step's choices (4 x 64 x 2 = 512 bytes) leaves the
// arithmetic.

// FITS-LABEL: func.func @i2_k4096_f16
// FITS: bufferization.alloc_tensor() : tensor<16384xi16>
// FITS-NOT: step %c2048
// FITS: scf.for %{{.*}} = %c0 to %c65536 step %c64
// FITS: vector.transfer_read %{{.*}} : tensor<16384xi16>, vector<256xi16>
// FITS: arith.select %{{.*}} : vector<64xi1>, vector<64xi16>

// One byte less: two column blocks of 2048 columns (16 KiB of the table
// each); each runs its 32 steps over the 16 rows.
// HALVES-LABEL: func.func @i2_k4096_f16
// HALVES: %[[TABLE:.*]] = scf.for {{.*}} -> (tensor<16384xi16>)
// HALVES: scf.for %[[FIRST:.*]] = %c0 to %c4096 step %c2048
// HALVES-NEXT: %[[LAST:.*]] = arith.addi %[[FIRST]], %c2048
// HALVES-NEXT: scf.for %[[ROW:.*]] = %c0 to %c65536 step %c4096
// HALVES-NEXT: scf.for %[[COL:.*]] = %[[FIRST]] to %[[LAST]] step %c64
// HALVES-NEXT: arith.addi %[[ROW]], %[[COL]]
// HALVES: arith.muli %[[COL]], %c4
// HALVES: vector.transfer_read %[[TABLE]]{{.*}} : tensor<16384xi16>, vector<256xi16>
// HALVES: arith.select %{{.*}} : vector<64xi1>, vector<64xi16>

// One step's choices per block: 64 blocks of one step.
// STEPS-LABEL: func.func @i2_k4096_f16
// STEPS: scf.for {{.*}} -> (tensor<16384xi16>)
// STEPS: scf.for %[[FIRST:.*]] = %c0 to %c4096 step %c64
// STEPS-NEXT: %[[LAST:.*]] = arith.addi %[[FIRST]], %c64
// STEPS-NEXT: scf.for %{{.*}} = %c0 to %c65536 step %c4096
// STEPS-NEXT: scf.for %{{.*}} = %[[FIRST]] to %[[LAST]] step %c64
// STEPS: arith.select %{{.*}} : vector<64xi1>, vector<64xi16>

// Less than one step's choices: the arithmetic, no table and no selection.
// ARITH-LABEL: func.func @i2_k4096_f16
// ARITH-NOT: tensor<16384xi16>
// ARITH-NOT: arith.select {{.*}} : vector<64xi1>, vector<64xi16>
// ARITH: arith.mulf
// ARITH: return

// A period of 3 steps (C=192) with room for 2 steps per block: blocks of
// 128 columns, the last one cut at the period (64 columns).
// UNEVEN-LABEL: func.func @i2_k192_f16
// UNEVEN: scf.for %[[FIRST:.*]] = %c0 to %c192 step %c128
// UNEVEN-NEXT: %[[END:.*]] = arith.addi %[[FIRST]], %c128
// UNEVEN-NEXT: %[[LAST:.*]] = arith.minui %[[END]], %c192
// UNEVEN-NEXT: scf.for %{{.*}} = %c0 to %c3072 step %c192
// UNEVEN-NEXT: scf.for %{{.*}} = %[[FIRST]] to %[[LAST]] step %c64
// UNEVEN: arith.select %{{.*}} : vector<64xi1>, vector<64xi16>
func.func @i2_k4096_f16(%x: tensor<16x4096xi2>, %s: tensor<4096xf16>, %z: tensor<4096xi2>) -> tensor<16x4096xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<16x4096xi2>, tensor<4096xf16>, tensor<4096xi2>) -> tensor<16x4096xf16>
  return %y : tensor<16x4096xf16>
}

func.func @i2_k192_f16(%x: tensor<16x192xi2>, %s: tensor<192xf16>, %z: tensor<192xi2>) -> tensor<16x192xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<16x192xi2>, tensor<192xf16>, tensor<192xi2>) -> tensor<16x192xf16>
  return %y : tensor<16x192xf16>
}
