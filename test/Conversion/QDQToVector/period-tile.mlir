// The period-tile option: periods per period tile of a per-axis table
// whose period is several steps (here 32 = four steps of 8 lanes). Each
// column step c reads its scales and zero points once and runs the steps
// at offset c of that many periods (rows of x, the axis innermost): 1,
// 2 or 3 steps per column step, tiles of 32, 64 or 96 elements. The rows
// after the last whole tile take the table-offset loop. (period-tile=4,
// the default off Zen 5, is checked in qdq-to-vector.mlir; 0 picks the
// host's per form, see getHostPeriodTile.)
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
