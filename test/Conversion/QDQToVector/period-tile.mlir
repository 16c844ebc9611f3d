// The period-tile option: periods per period tile of a per-axis table
// whose period is several steps (here 32 = four steps of 8 lanes). Each
// column step c reads its scales and zero points once and runs the steps
// at offset c of that many periods (rows of x, the axis innermost): 1,
// 2 or 3 steps per column step, tiles of 32, 64 or 96 elements. The rows
// after the last whole tile take the table-offset loop. (period-tile=4,
// the default off Zen 5, is checked in qdq-to-vector.mlir; 0 picks the
// host's per form, see getHostPeriodTile and getHostRowTile.) Per-axis
// rows along a dynamic innermost axis (@row_tiles) take the option as rows
// per row tile: a row is one period there.
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=1 period-tile=1" | FileCheck %s --check-prefixes=CHECK,ONE
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=1 period-tile=2" | FileCheck %s --check-prefixes=CHECK,TWO
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=1 period-tile=3" | FileCheck %s --check-prefixes=CHECK,THREE
// The pipeline passes the option on.
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 vector-unroll=1 period-tile=2" --mlir-print-ir-after=convert-qdq-to-vector 2>&1 | FileCheck %s --check-prefixes=CHECK,TWO

// CHECK-LABEL: func.func @tiles
// CHECK-SAME:  %[[Z:arg[0-9]+]]: tensor<32xi8>
// ONE:         %[[TILE:.*]] = arith.constant 32 : index
// TWO:         %[[TILE:.*]] = arith.constant 64 : index
// THREE:       %[[TILE:.*]] = arith.constant 96 : index
// CHECK:       %[[DIV:.*]] = arith.divui %{{.*}}, %[[TILE]] : index
// CHECK:       %[[END:.*]] = arith.muli %[[DIV]], %[[TILE]] : index
// CHECK:       scf.for %[[T:[^ ]+]] = %{{.*}} to %[[END]] step %[[TILE]]
// CHECK:         scf.for %[[C:[^ ]+]] = %{{.*}} to %{{.*}} step %{{.*}}
// CHECK:           vector.transfer_read %[[Z]][%[[C]]]
// CHECK:           %[[J0:.*]] = arith.addi %[[T]], %[[C]] : index
// CHECK-COUNT-1:   arith.mulf
// TWO:             arith.addi %[[J0]], %c32 : index
// TWO-COUNT-1:     arith.mulf
// THREE:           arith.addi %[[J0]], %c32 : index
// THREE-COUNT-1:   arith.mulf
// THREE:           arith.addi %[[J0]], %c64 : index
// THREE-COUNT-1:   arith.mulf
// CHECK-NOT:       arith.mulf
// CHECK:           scf.yield
// CHECK:       scf.for %{{.*}} = %[[END]] to
func.func @tiles(%x: tensor<?x32xi8>, %s: tensor<32xf16>, %z: tensor<32xi8>) -> tensor<?x32xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x32xi8>, tensor<32xf16>, tensor<32xi8>) -> tensor<?x32xf32>
  return %y : tensor<?x32xf32>
}

// Tiles of 1 row: one row loop of step 1, each column step reading the
// parameters for one row of x. Tiles of 2 or 3 rows: the whole tiles
// first, each column step reading its scales and zero points once and x
// in 2 or 3 rows; then the last rows one at a time.
// CHECK-LABEL: func.func @row_tiles
// CHECK-SAME:  %[[X:arg0]]: tensor<?x?xi8>, %[[S:arg1]]: tensor<?xf32>
// CHECK:       %[[M:.*]] = tensor.dim %[[X]], %c0
// ONE-NOT:     arith.divui %[[M]]
// ONE:         scf.for %[[R:[^ ]+]] = %c0 to %[[M]] step %c1
// TWO:         %[[TILES:.*]] = arith.divui %[[M]], %c2
// TWO:         %[[TILED:.*]] = arith.muli %[[TILES]], %c2
// TWO:         scf.for %[[R:[^ ]+]] = %c0 to %[[TILED]] step %c2
// THREE:       %[[TILES:.*]] = arith.divui %[[M]], %c3
// THREE:       %[[TILED:.*]] = arith.muli %[[TILES]], %c3
// THREE:       scf.for %[[R:[^ ]+]] = %c0 to %[[TILED]] step %c3
// CHECK:         scf.for %[[J:[^ ]+]] =
// CHECK:           vector.transfer_read %[[S]][%[[J]]]
// CHECK-NOT:       vector.transfer_read %[[S]]
// CHECK:           vector.transfer_read %[[X]][%[[R]], %[[J]]]
// TWO:             vector.transfer_read %[[X]][%{{.*}}, %[[J]]]
// THREE-COUNT-2:   vector.transfer_read %[[X]][%{{.*}}, %[[J]]]
// CHECK-NOT:       vector.transfer_read %[[X]]
// CHECK:           scf.yield
// TWO:         scf.for %{{.*}} = %[[TILED]] to %[[M]] step %c1
// THREE:       scf.for %{{.*}} = %[[TILED]] to %[[M]] step %c1
func.func @row_tiles(%x: tensor<?x?xi8>, %s: tensor<?xf32>, %z: tensor<?xi8>) -> tensor<?x?xf32> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<?x?xi8>, tensor<?xf32>, tensor<?xi8>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
