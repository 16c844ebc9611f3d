// RUN: qdq-opt %s --qdq-insert-runtime-checks --split-input-file | FileCheck %s

// One case per check of --qdq-insert-runtime-checks: the size rules the
// verifier skips when a dim is dynamic (DQ-R9, DQ-R11, DQ-R12, DQ-R13).

// DQ-R9, per-axis: scale.dim(0) == x.dim(axis), printed with both sizes.
// CHECK: llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32
// CHECK: llvm.mlir.global internal constant @[[$MSG:qdq_runtime_check_msg.*]]("qdq.dequantize_linear at {{.*}}insert-runtime-checks.mlir:[[#@LINE+21]]:8: scale has %lld elements along axis 1 but x has %lld (DQ-R9)\0A\00")
// CHECK-LABEL: func.func @per_axis_scale
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xi8>, %[[S:.*]]: tensor<?xf32>)
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[SD:.*]] = tensor.dim %[[S]], %[[C0]] : tensor<?xf32>
// CHECK:       %[[C1:.*]] = arith.constant 1 : index
// CHECK:       %[[XD:.*]] = tensor.dim %[[X]], %[[C1]] : tensor<4x?xi8>
// CHECK:       %[[OK:.*]] = arith.cmpi eq, %[[SD]], %[[XD]] : index
// CHECK:       %[[BAD:.*]] = arith.cmpi ne, %[[SD]], %[[XD]] : index
// CHECK:       scf.if %[[BAD]] {
// CHECK:         %[[FD:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK:         %[[FMT:.*]] = llvm.mlir.addressof @[[$MSG]] : !llvm.ptr
// CHECK:         %[[A:.*]] = arith.index_cast %[[SD]] : index to i64
// CHECK:         %[[B:.*]] = arith.index_cast %[[XD]] : index to i64
// CHECK:         llvm.call @dprintf(%[[FD]], %[[FMT]], %[[A]], %[[B]]) vararg(!llvm.func<i32 (i32, ptr, ...)>) : (i32, !llvm.ptr, i64, i64) -> i32
// CHECK:       }
// CHECK:       cf.assert %[[OK]], "qdq.dequantize_linear at {{.*}}insert-runtime-checks.mlir:[[#@LINE+5]]:8: per-axis scale must have as many elements as x has along axis 1 (DQ-R9)"
// CHECK-NEXT:  qdq.dequantize_linear
// CHECK-NOT:   cf.assert
// CHECK:       return
func.func @per_axis_scale(%x: tensor<4x?xi8>, %s: tensor<?xf32>) -> tensor<4x?xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4x?xi8>, tensor<?xf32>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}

// -----

// DQ-R9 with a dynamic x dim, a static scale length and a negative axis.
// CHECK: "{{.*}}: scale has %lld elements along axis 0 but x has %lld (DQ-R9)\0A\00"
// CHECK-LABEL: func.func @per_axis_dynamic_x
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xui8>, %{{.*}}: tensor<5xf16>)
// CHECK:       %[[C5:.*]] = arith.constant 5 : index
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[XD:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x3xui8>
// CHECK:       %[[OK:.*]] = arith.cmpi eq, %[[C5]], %[[XD]] : index
// CHECK:       cf.assert %[[OK]], "{{.*}}: per-axis scale must have as many elements as x has along axis 0 (DQ-R9)"
func.func @per_axis_dynamic_x(%x: tensor<?x3xui8>, %s: tensor<5xf16>) -> tensor<?x3xf32> {
  %y = qdq.dequantize_linear %x, %s axis = -2 : (tensor<?x3xui8>, tensor<5xf16>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// DQ-R11, blocked: the dims other than the axis agree with x's.
// CHECK: "{{.*}}: blocked scale has %lld entries in dim 0 but x has %lld (only axis 1 is blocked) (DQ-R11)\0A\00"
// CHECK-LABEL: func.func @blocked_other_dim
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xi4>, %[[S:.*]]: tensor<?x2xf32>)
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[SD:.*]] = tensor.dim %[[S]], %[[C0]] : tensor<?x2xf32>
// CHECK:       %[[C0B:.*]] = arith.constant 0 : index
// CHECK:       %[[XD:.*]] = tensor.dim %[[X]], %[[C0B]] : tensor<?x8xi4>
// CHECK:       %[[OK:.*]] = arith.cmpi eq, %[[SD]], %[[XD]] : index
// CHECK:       cf.assert %[[OK]], "{{.*}}: blocked scale must have the size of x in dim 0 (only axis 1 is blocked) (DQ-R11)"
// CHECK-NOT:   cf.assert
// CHECK:       qdq.dequantize_linear
func.func @blocked_other_dim(%x: tensor<?x8xi4>, %s: tensor<?x2xf32>) -> tensor<?x8xf32> {
  %y = qdq.dequantize_linear %x, %s block_size = 4 : (tensor<?x8xi4>, tensor<?x2xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// DQ-R12, blocked: along the axis the scale has ceil(D / B) entries,
// computed as (D + B - 1) / B; the message also prints D.
// CHECK: "{{.*}}: blocked scale has %lld entries along axis 0 but %lld blocks are needed (x has %lld there, block_size 32) (DQ-R12)\0A\00"
// CHECK-LABEL: func.func @blocked_axis
// CHECK-SAME: (%[[X:.*]]: tensor<?x16xi8>, %[[S:.*]]: tensor<?x16xf32>)
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[SD:.*]] = tensor.dim %[[S]], %[[C0]] : tensor<?x16xf32>
// CHECK:       %[[C0B:.*]] = arith.constant 0 : index
// CHECK:       %[[XD:.*]] = tensor.dim %[[X]], %[[C0B]] : tensor<?x16xi8>
// CHECK:       %[[C31:.*]] = arith.constant 31 : index
// CHECK:       %[[SUM:.*]] = arith.addi %[[XD]], %[[C31]] : index
// CHECK:       %[[C32:.*]] = arith.constant 32 : index
// CHECK:       %[[N:.*]] = arith.divui %[[SUM]], %[[C32]] : index
// CHECK:       %[[OK:.*]] = arith.cmpi eq, %[[SD]], %[[N]] : index
// CHECK:       scf.if
// CHECK:         %[[A:.*]] = arith.index_cast %[[SD]] : index to i64
// CHECK:         %[[B:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:         %[[D:.*]] = arith.index_cast %[[XD]] : index to i64
// CHECK:         llvm.call @dprintf(%{{.*}}, %{{.*}}, %[[A]], %[[B]], %[[D]])
// CHECK:       cf.assert %[[OK]], "{{.*}}: blocked scale must have ceil(x.dim(0) / 32) entries along axis 0 (DQ-R12)"
// CHECK-NOT:   cf.assert
// CHECK:       qdq.dequantize_linear
func.func @blocked_axis(%x: tensor<?x16xi8>, %s: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 block_size = 32 : (tensor<?x16xi8>, tensor<?x16xf32>) -> tensor<?x16xf32>
  return %y : tensor<?x16xf32>
}

// -----

// DQ-R13, per-tensor: a [?] zero point holds exactly one element.
// CHECK: "{{.*}}: zero_point has %lld elements but the scale is per-tensor, which needs exactly %lld (DQ-R13)\0A\00"
// CHECK-LABEL: func.func @per_tensor_zero_point
// CHECK-SAME: (%{{.*}}: tensor<?x?xui8>, %{{.*}}: tensor<f32>, %[[Z:.*]]: tensor<?xui8>)
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[ZD:.*]] = tensor.dim %[[Z]], %[[C0]] : tensor<?xui8>
// CHECK:       %[[C1:.*]] = arith.constant 1 : index
// CHECK:       %[[OK:.*]] = arith.cmpi eq, %[[ZD]], %[[C1]] : index
// CHECK:       cf.assert %[[OK]], "{{.*}}: zero_point must have exactly 1 element, as the scale is per-tensor (DQ-R13)"
// CHECK-NOT:   cf.assert
// CHECK:       qdq.dequantize_linear
func.func @per_tensor_zero_point(%x: tensor<?x?xui8>, %s: tensor<f32>, %z: tensor<?xui8>) -> tensor<?x?xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x?xui8>, tensor<f32>, tensor<?xui8>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// DQ-R13, per-axis: a [?] zero point has the scale's length (after the
// DQ-R9 check of the scale).
// CHECK: "{{.*}}: zero_point has %lld entries in dim 0 but scale has %lld (DQ-R13)\0A\00"
// CHECK-LABEL: func.func @per_axis_zero_point
// CHECK-SAME: (%{{.*}}: tensor<2x6xi8>, %{{.*}}: tensor<6xf32>, %[[Z:.*]]: tensor<?xi8>)
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[ZD:.*]] = tensor.dim %[[Z]], %[[C0]] : tensor<?xi8>
// CHECK:       %[[C6:.*]] = arith.constant 6 : index
// CHECK:       %[[OK:.*]] = arith.cmpi eq, %[[ZD]], %[[C6]] : index
// CHECK:       cf.assert %[[OK]], "{{.*}}: zero_point must have the size of scale in dim 0 (DQ-R13)"
// CHECK-NOT:   cf.assert
// CHECK:       qdq.dequantize_linear
func.func @per_axis_zero_point(%x: tensor<2x6xi8>, %s: tensor<6xf32>, %z: tensor<?xi8>) -> tensor<2x6xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<2x6xi8>, tensor<6xf32>, tensor<?xi8>) -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

// -----

// DQ-R13, blocked: every dim of the zero point where it or the scale is
// dynamic, after the scale's own checks.
// CHECK-LABEL: func.func @blocked_zero_point
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xi4>, %[[S:.*]]: tensor<?x2xf16>, %[[Z:.*]]: tensor<?x?xi4>)
// CHECK:       cf.assert %{{.*}}, "{{.*}}(DQ-R11)"
// CHECK:       %[[ZD0:.*]] = tensor.dim %[[Z]], %{{.*}} : tensor<?x?xi4>
// CHECK:       %[[SD0:.*]] = tensor.dim %[[S]], %{{.*}} : tensor<?x2xf16>
// CHECK:       %[[OK0:.*]] = arith.cmpi eq, %[[ZD0]], %[[SD0]] : index
// CHECK:       cf.assert %[[OK0]], "{{.*}}: zero_point must have the size of scale in dim 0 (DQ-R13)"
// CHECK:       %[[ZD1:.*]] = tensor.dim %[[Z]], %{{.*}} : tensor<?x?xi4>
// CHECK:       %[[C2:.*]] = arith.constant 2 : index
// CHECK:       %[[OK1:.*]] = arith.cmpi eq, %[[ZD1]], %[[C2]] : index
// CHECK:       cf.assert %[[OK1]], "{{.*}}: zero_point must have the size of scale in dim 1 (DQ-R13)"
// CHECK-NOT:   cf.assert
// CHECK:       qdq.dequantize_linear
func.func @blocked_zero_point(%x: tensor<?x8xi4>, %s: tensor<?x2xf16>, %z: tensor<?x?xi4>) -> tensor<?x8xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 4 : (tensor<?x8xi4>, tensor<?x2xf16>, tensor<?x?xi4>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// DQ-R13, blocked 1-D x with a scalar zero point: the [?] scale must hold
// one entry (DQ-R12 alone allows more when x is longer than a block).
// CHECK: "{{.*}}: scale has %lld entries but the zero point is a scalar, which needs %lld (DQ-R13)\0A\00"
// CHECK-LABEL: func.func @blocked_scalar_zero_point
// CHECK:       cf.assert %{{.*}}, "{{.*}}(DQ-R12)"
// CHECK:       %[[SD:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK:       %[[C1:.*]] = arith.constant 1 : index
// CHECK:       %[[OK:.*]] = arith.cmpi eq, %[[SD]], %[[C1]] : index
// CHECK:       cf.assert %[[OK]], "{{.*}}: scale must have 1 entry to go with a scalar zero point (DQ-R13)"
func.func @blocked_scalar_zero_point(%x: tensor<?xi8>, %s: tensor<?xf32>, %z: tensor<i8>) -> tensor<?xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 block_size = 4 : (tensor<?xi8>, tensor<?xf32>, tensor<i8>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Nothing to check: static sizes (the verifier checked them), dynamic dims
// that no rule compares (x's non-axis dims of a per-axis op, any dim of a
// per-tensor op), and a static one-element zero point of a per-axis op
// (read once) next to a static scale. No declaration is added either.
// CHECK-NOT: llvm.func @dprintf
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: func.func @nothing_to_check
// CHECK-NOT:   cf.assert
// CHECK-NOT:   tensor.dim
// CHECK:       return
func.func @nothing_to_check(%a: tensor<?x4xi8>, %sa: tensor<4xf32>, %za: tensor<1xi8>,
                            %b: tensor<?x?xf8E4M3FN>, %sb: tensor<1xf32>,
                            %c: tensor<6x?xi8>, %sc: tensor<2x?xf32>, %zc: tensor<2x?xi8>)
    -> (tensor<?x4xf32>, tensor<?x?xf32>) {
  %ya = qdq.dequantize_linear %a, %sa, %za : (tensor<?x4xi8>, tensor<4xf32>, tensor<1xi8>) -> tensor<?x4xf32>
  %yb = qdq.dequantize_linear %b, %sb : (tensor<?x?xf8E4M3FN>, tensor<1xf32>) -> tensor<?x?xf32>
  return %ya, %yb : tensor<?x4xf32>, tensor<?x?xf32>
}

// -----

// The location names the op: the first file location inside a fused one;
// a '%' in the file name is escaped in the printf format only. A symbol
// already named like the format globals is left alone (the new one is
// renamed), and an existing dprintf declaration is reused.
// CHECK-DAG: llvm.mlir.global internal constant @qdq_runtime_check_msg("taken\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$MSG:qdq_runtime_check_msg_.*]]("qdq.dequantize_linear at 100%%.mlir:7:9: scale has
// CHECK-DAG: llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32
// CHECK-LABEL: func.func @location
// CHECK:       llvm.mlir.addressof @[[$MSG]]
// CHECK:       cf.assert %{{.*}}, "qdq.dequantize_linear at 100%.mlir:7:9: per-axis scale
llvm.mlir.global internal constant @qdq_runtime_check_msg("taken\00") {addr_space = 0 : i32}
llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32
func.func @location(%x: tensor<?x3xi8>, %s: tensor<?xf32>) -> tensor<?x3xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<?x3xi8>, tensor<?xf32>) -> tensor<?x3xf32> loc(fused["weights", "100%.mlir":7:9])
  return %y : tensor<?x3xf32>
}
