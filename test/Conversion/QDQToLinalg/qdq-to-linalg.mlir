// RUN: qdq-opt %s --convert-qdq-to-linalg --split-input-file | FileCheck %s

// Per-tensor: the scale and zero point are read and widened once, outside
// the generic; unsigned x is bitcast to signless and zero-extended.
// CHECK-DAG: #[[$ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @per_tensor
// CHECK-SAME: (%[[X:.*]]: tensor<4xui8>, %[[S:.*]]: tensor<f32>, %[[Z:.*]]: tensor<1xui8>)
// CHECK-DAG:   %[[XB:.*]] = tensor.bitcast %[[X]] : tensor<4xui8> to tensor<4xi8>
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[SV:.*]] = tensor.extract %[[S]][] : tensor<f32>
// CHECK-DAG:   %[[ZB:.*]] = tensor.bitcast %[[Z]] : tensor<1xui8> to tensor<1xi8>
// CHECK-DAG:   %[[ZV:.*]] = tensor.extract %[[ZB]][%[[C0]]] : tensor<1xi8>
// CHECK-DAG:   %[[ZW:.*]] = arith.extui %[[ZV]] : i8 to i32
// CHECK:       %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK:       linalg.generic {indexing_maps = [#[[$ID1]], #[[$ID1]]], iterator_types = ["parallel"]}
// CHECK-SAME:    ins(%[[XB]] : tensor<4xi8>) outs(%[[E]] : tensor<4xf32>)
// CHECK:       ^bb0(%[[IN:.*]]: i8, %{{.*}}: f32):
// CHECK:         %[[XW:.*]] = arith.extui %[[IN]] : i8 to i32
// CHECK:         %[[D:.*]] = arith.subi %[[XW]], %[[ZW]] : i32
// CHECK:         %[[DF:.*]] = arith.sitofp %[[D]] : i32 to f32
// CHECK:         %[[P:.*]] = arith.mulf %[[DF]], %[[SV]] : f32
// CHECK:         linalg.yield %[[P]] : f32
func.func @per_tensor(%x: tensor<4xui8>, %s: tensor<f32>, %z: tensor<1xui8>) -> tensor<4xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4xui8>, tensor<f32>, tensor<1xui8>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Per-axis along an outer axis: scale and zero point are read at (d0).
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$AX:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @per_axis_outer
// CHECK:       linalg.generic {indexing_maps = [#[[$ID]], #[[$AX]], #[[$AX]], #[[$ID]]]
// CHECK-SAME:    ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<4x3xi8>, tensor<4xf32>, tensor<4xi8>)
// CHECK:         arith.extsi %{{.*}} : i8 to i32
// CHECK:         arith.extsi %{{.*}} : i8 to i32
// CHECK:         arith.subi
func.func @per_axis_outer(%x: tensor<4x3xi8>, %s: tensor<4xf32>, %z: tensor<4xi8>) -> tensor<4x3xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<4x3xi8>, tensor<4xf32>, tensor<4xi8>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

// Per-axis along the innermost axis, given as a negative axis; no zero point:
// one conversion, no subtraction.
// CHECK-DAG: #[[$AX:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @per_axis_negative
// CHECK:       linalg.generic {indexing_maps = [#{{.*}}, #[[$AX]], #{{.*}}]
// CHECK:       ^bb0(%[[IN:.*]]: i16, %[[SC:.*]]: f16, %{{.*}}: f32):
// CHECK:         %[[SF:.*]] = arith.extf %[[SC]] : f16 to f32
// CHECK:         %[[XF:.*]] = arith.sitofp %[[IN]] : i16 to f32
// CHECK-NOT:     arith.subi
// CHECK:         arith.mulf %[[XF]], %[[SF]] : f32
func.func @per_axis_negative(%x: tensor<2x3x5xi16>, %s: tensor<5xf16>) -> tensor<2x3x5xf32> {
  %y = qdq.dequantize_linear %x, %s axis = -1 : (tensor<2x3x5xi16>, tensor<5xf16>) -> tensor<2x3x5xf32>
  return %y : tensor<2x3x5xf32>
}

// -----

// Blocked with a partial last block and a dynamic dim: the scale is read at
// (d0, d1 floordiv 3); the result is allocated from x's dynamic size.
// CHECK-DAG: #[[$BL:.*]] = affine_map<(d0, d1) -> (d0, d1 floordiv 3)>
// CHECK-LABEL: func.func @blocked_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x7xi4>
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[D:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x7xi4>
// CHECK:       tensor.empty(%[[D]]) : tensor<?x7xf16>
// CHECK:       linalg.generic {indexing_maps = [#{{.*}}, #[[$BL]], #{{.*}}]
// CHECK:         arith.sitofp %{{.*}} : i4 to f32
// CHECK:         arith.truncf %{{.*}} : f32 to f16
func.func @blocked_dynamic(%x: tensor<?x7xi4>, %s: tensor<?x3xbf16>) -> tensor<?x7xf16> {
  %y = qdq.dequantize_linear %x, %s block_size = 3 : (tensor<?x7xi4>, tensor<?x3xbf16>) -> tensor<?x7xf16>
  return %y : tensor<?x7xf16>
}

// -----

// Blocked along axis 0 with a blocked zero point of another type (oneDNN):
// both operands are widened by their own signedness.
// CHECK-DAG: #[[$BL:.*]] = affine_map<(d0, d1) -> (d0 floordiv 32, d1)>
// CHECK-LABEL: func.func @blocked_mixed_zero_point
// CHECK:       tensor.bitcast %{{.*}} : tensor<64x8xui4> to tensor<64x8xi4>
// CHECK:       linalg.generic {indexing_maps = [#{{.*}}, #[[$BL]], #[[$BL]], #{{.*}}]
// CHECK:       ^bb0(%[[IN:.*]]: i4, %{{.*}}: f32, %[[ZP:.*]]: i8, %{{.*}}: f32):
// CHECK-DAG:     %[[XW:.*]] = arith.extui %[[IN]] : i4 to i32
// CHECK-DAG:     %[[ZW:.*]] = arith.extsi %[[ZP]] : i8 to i32
// CHECK:         arith.subi %[[XW]], %[[ZW]] : i32
func.func @blocked_mixed_zero_point(%x: tensor<64x8xui4>, %s: tensor<2x8xf32>, %z: tensor<2x8xi8>) -> tensor<64x8xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 block_size = 32 : (tensor<64x8xui4>, tensor<2x8xf32>, tensor<2x8xi8>) -> tensor<64x8xf32>
  return %y : tensor<64x8xf32>
}

// -----

// 32-bit x: the zero point is subtracted in i64, then converted once.
// CHECK-LABEL: func.func @int32_zero_point
// CHECK:       %[[ZW:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK:       linalg.generic
// CHECK:         %[[XW:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK:         %[[D:.*]] = arith.subi %[[XW]], %[[ZW]] : i64
// CHECK:         arith.sitofp %[[D]] : i64 to f32
func.func @int32_zero_point(%x: tensor<8xui32>, %s: tensor<f32>, %z: tensor<ui32>) -> tensor<8xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<8xui32>, tensor<f32>, tensor<ui32>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// fp8 x: decoded with integer operations only (no fp8 arith.extf), and the
// (zero) zero point is not subtracted. E4M3FN: bias 7 (rebias by
// (127 - 7) << 23 = 1006632960), subnormals m * 2^-9, NaN at 0x7F/0xFF.
// CHECK-LABEL: func.func @fp8_e4m3fn
// CHECK:       tensor.bitcast %{{.*}} : tensor<16xf8E4M3FN> to tensor<16xi8>
// CHECK:       linalg.generic
// CHECK-NOT:     arith.extf
// CHECK-NOT:     arith.subf
// CHECK:         %[[CODE:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK:         arith.andi %[[CODE]], %{{.*}} : i32
// CHECK:         arith.constant 1006632960 : i32
// CHECK:         arith.constant 0.001953125 : f32
// CHECK:         arith.uitofp %{{.*}} : i32 to f32
// CHECK:         arith.constant 2143289344 : i32
// CHECK:         arith.bitcast %{{.*}} : i32 to f32
// CHECK:         arith.mulf
func.func @fp8_e4m3fn(%x: tensor<16xf8E4M3FN>, %s: tensor<f32>, %z: tensor<f8E4M3FN>) -> tensor<16xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<16xf8E4M3FN>, tensor<f32>, tensor<f8E4M3FN>) -> tensor<16xf32>
  return %y : tensor<16xf32>
}

// -----

// f8E8M0FNU scale: 2^(e-127) placed in the f32 exponent, 0 -> 2^-127
// (0x00400000), 0xFF -> NaN.
// CHECK-LABEL: func.func @e8m0_scale
// CHECK:       %[[E:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK:       %[[C23:.*]] = arith.constant 23 : i32
// CHECK:       arith.shli %[[E]], %[[C23]] : i32
// CHECK:       arith.constant 4194304 : i32
// CHECK:       arith.constant 255 : i32
// CHECK:       arith.constant 2143289344 : i32
// CHECK:       linalg.generic
func.func @e8m0_scale(%x: tensor<16xi8>, %s: tensor<f8E8M0FNU>) -> tensor<16xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<16xi8>, tensor<f8E8M0FNU>) -> tensor<16xf32>
  return %y : tensor<16xf32>
}

// -----

// f16 x with a zero point: both exact in f32, subtracted there.
// CHECK-LABEL: func.func @f16_input
// CHECK:       %[[ZF:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:       linalg.generic
// CHECK:         %[[XF:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:         arith.subf %[[XF]], %[[ZF]] : f32
func.func @f16_input(%x: tensor<8xf16>, %s: tensor<f32>, %z: tensor<f16>) -> tensor<8xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<8xf16>, tensor<f32>, tensor<f16>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// bf16 result: rounded to nearest even in integer arithmetic, NaN kept as a
// signed quiet NaN.
// CHECK-LABEL: func.func @bf16_result
// CHECK:       linalg.generic
// CHECK:         %[[P:.*]] = arith.mulf
// CHECK:         %[[B:.*]] = arith.bitcast %[[P]] : f32 to i32
// CHECK:         arith.constant 32767 : i32
// CHECK:         %[[SIGN:.*]] = arith.andi %[[B]], %{{.*}} : i32
// CHECK:         %[[NAN:.*]] = arith.ori %[[SIGN]], %{{.*}} : i32
// CHECK:         %[[ISNAN:.*]] = arith.cmpf uno, %[[P]], %[[P]] : f32
// CHECK:         %[[SEL:.*]] = arith.select %[[ISNAN]], %[[NAN]], %{{.*}} : i32
// CHECK:         %[[HIGH:.*]] = arith.shrui %[[SEL]], %{{.*}} : i32
// CHECK:         %[[T:.*]] = arith.trunci %[[HIGH]] : i32 to i16
// CHECK:         %[[R:.*]] = arith.bitcast %[[T]] : i16 to bf16
// CHECK:         linalg.yield %[[R]] : bf16
func.func @bf16_result(%x: tensor<8xi8>, %s: tensor<f32>) -> tensor<8xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<8xi8>, tensor<f32>) -> tensor<8xbf16>
  return %y : tensor<8xbf16>
}

// -----

// Per-axis scales with a one-element zero point (oneDNN): the zero point is
// read once.
// CHECK-LABEL: func.func @per_axis_scalar_zero_point
// CHECK:       tensor.extract %{{.*}}[%{{.*}}] : tensor<1xi8>
// CHECK:       linalg.generic
// CHECK-SAME:    ins(%{{.*}}, %{{.*}} : tensor<2x3xi8>, tensor<3xf32>)
func.func @per_axis_scalar_zero_point(%x: tensor<2x3xi8>, %s: tensor<3xf32>, %z: tensor<1xi8>) -> tensor<2x3xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<2x3xi8>, tensor<3xf32>, tensor<1xi8>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// 0-D x.
// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @scalar_x
// CHECK:       linalg.generic {indexing_maps = [#[[$SCALAR]], #[[$SCALAR]]], iterator_types = []}
func.func @scalar_x(%x: tensor<i8>, %s: tensor<f32>) -> tensor<f32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<i8>, tensor<f32>) -> tensor<f32>
  return %y : tensor<f32>
}
