// RUN: qdq-opt %s --canonicalize --split-input-file | FileCheck %s

// The canonicalization patterns of qdq.dequantize_linear, one group per
// pattern, with the cases each must leave alone. Executed proof that the
// rewritten ops compute the same bits: test/Integration/Folding/.

//===----------------------------------------------------------------------===//
// Constant folding: splat results only
//===----------------------------------------------------------------------===//

// (3 - 1) * 0.5 = 1.
// CHECK-LABEL: func.func @fold_splat
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<4x8xf32>
// CHECK-NEXT:    return %[[C]]
func.func @fold_splat() -> tensor<4x8xf32> {
  %x = arith.constant dense<3> : tensor<4x8xi8>
  %s = arith.constant dense<0.5> : tensor<f32>
  %z = arith.constant dense<1> : tensor<i8>
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4x8xi8>, tensor<f32>, tensor<i8>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// NaNs fold to the bits the compiled code computes: the fp8 NaN 0xFF decodes
// to 0xFFC00000, which as the first operand of the multiply wins over the
// NaN scale; rounded to f16 it is 0xFE00.
// CHECK-LABEL: func.func @fold_splat_nan
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<0xFE00> : tensor<3xf16>
// CHECK-NEXT:    return %[[C]]
func.func @fold_splat_nan() -> tensor<3xf16> {
  %x = arith.constant dense<0xFF> : tensor<3xf8E4M3FN>
  %s = arith.constant dense<0x7F81> : tensor<bf16>
  %y = qdq.dequantize_linear %x, %s : (tensor<3xf8E4M3FN>, tensor<bf16>) -> tensor<3xf16>
  return %y : tensor<3xf16>
}

// -----

// inf * 0 is invalid: the x86 default NaN 0xFFC00000.
// CHECK-LABEL: func.func @fold_splat_invalid
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<0xFFC00000> : tensor<2xf32>
func.func @fold_splat_invalid() -> tensor<2xf32> {
  %x = arith.constant dense<0x7C> : tensor<2xf8E5M2>
  %s = arith.constant dense<0.0> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<2xf8E5M2>, tensor<f32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// A result that is not a splat is left to --qdq-fold-constants: the
// canonicalizer never turns a compact weight into a larger constant.
// CHECK-LABEL: func.func @no_fold_not_splat
// CHECK:         qdq.dequantize_linear
func.func @no_fold_not_splat() -> tensor<4xf32> {
  %x = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi4>
  %s = arith.constant dense<0.5> : tensor<f32>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi4>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @no_fold_splat_x_per_axis_scale
// CHECK:         qdq.dequantize_linear
func.func @no_fold_splat_x_per_axis_scale() -> tensor<2xf32> {
  %x = arith.constant dense<1> : tensor<2xi8>
  %s = arith.constant dense<[0.5, 0.25]> : tensor<2xf32>
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<2xi8>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Zero points that change nothing are dropped
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @drop_zero_zero_point_int
// CHECK-SAME:    (%[[X:.*]]: tensor<4x3xui8>, %[[S:.*]]: tensor<3xf32>)
// CHECK-NEXT:    %[[Y:.*]] = qdq.dequantize_linear %[[X]], %[[S]] : (tensor<4x3xui8>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @drop_zero_zero_point_int(%x: tensor<4x3xui8>, %s: tensor<3xf32>) -> tensor<4x3xf32> {
  %z = arith.constant dense<[0, 0, 0]> : tensor<3xui8>
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4x3xui8>, tensor<3xf32>, tensor<3xui8>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

// A wide (oneDNN) zero point of zero, too.
// CHECK-LABEL: func.func @drop_zero_zero_point_i32
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<4xi4>, tensor<f32>) -> tensor<4xf32>
func.func @drop_zero_zero_point_i32(%x: tensor<4xi4>, %s: tensor<f32>) -> tensor<4xf32> {
  %z = arith.constant dense<0> : tensor<1xi32>
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4xi4>, tensor<f32>, tensor<1xi32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @keep_nonzero_zero_point
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4x3xi8>, tensor<3xf32>, tensor<3xi8>)
func.func @keep_nonzero_zero_point(%x: tensor<4x3xi8>, %s: tensor<3xf32>) -> tensor<4x3xf32> {
  %z = arith.constant dense<[0, 1, 0]> : tensor<3xi8>
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4x3xi8>, tensor<3xf32>, tensor<3xi8>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @keep_unknown_zero_point
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} :
func.func @keep_unknown_zero_point(%x: tensor<4xi8>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<4xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4xi8>, tensor<f32>, tensor<i8>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// fp8 and fp4 zero points are never subtracted (and are zero by DQ-R15;
// -0 included).
// CHECK-LABEL: func.func @drop_fp8_zero_point
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<4xf8E4M3FN>, tensor<f32>) -> tensor<4xf32>
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<4xf4E2M1FN>, tensor<f32>) -> tensor<4xf32>
func.func @drop_fp8_zero_point(%x: tensor<4xf8E4M3FN>, %f: tensor<4xf4E2M1FN>, %s: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = arith.constant dense<0x80> : tensor<f8E4M3FN>
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<4xf8E4M3FN>, tensor<f32>, tensor<f8E4M3FN>) -> tensor<4xf32>
  %zf = arith.constant dense<0x0> : tensor<f4E2M1FN>
  %yf = qdq.dequantize_linear %f, %s, %zf : (tensor<4xf4E2M1FN>, tensor<f32>, tensor<f4E2M1FN>) -> tensor<4xf32>
  return %y, %yf : tensor<4xf32>, tensor<4xf32>
}

// -----

// f16/bf16: x - (+0.0) is x, -0 included, so a +0.0 zero point is dropped;
// x - (-0.0) turns -0 into +0, so a -0.0 zero point (anywhere) stays.
// CHECK-LABEL: func.func @half_zero_points
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 0 : (tensor<2xbf16>, tensor<2xf32>) -> tensor<2xf32>
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} axis = 0 : (tensor<2xbf16>, tensor<2xf32>, tensor<2xbf16>) -> tensor<2xf32>
func.func @half_zero_points(%x: tensor<2xbf16>, %s: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %plus = arith.constant dense<[0.0, 0.0]> : tensor<2xbf16>
  %y0 = qdq.dequantize_linear %x, %s, %plus axis = 0 : (tensor<2xbf16>, tensor<2xf32>, tensor<2xbf16>) -> tensor<2xf32>
  %mixed = arith.constant dense<[0.0, -0.0]> : tensor<2xbf16>
  %y1 = qdq.dequantize_linear %x, %s, %mixed axis = 0 : (tensor<2xbf16>, tensor<2xf32>, tensor<2xbf16>) -> tensor<2xf32>
  return %y0, %y1 : tensor<2xf32>, tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// One scale value for every channel or block: per-tensor
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @uniform_per_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xi8>)
// CHECK-DAG:     %[[S:.*]] = arith.constant dense<2.500000e-01> : tensor<f32>
// CHECK-DAG:     %[[Z:.*]] = arith.constant dense<7> : tensor<i8>
// CHECK:         qdq.dequantize_linear %[[X]], %[[S]], %[[Z]] : (tensor<?x3xi8>, tensor<f32>, tensor<i8>) -> tensor<?x3xf32>
func.func @uniform_per_axis(%x: tensor<?x3xi8>) -> tensor<?x3xf32> {
  %s = arith.constant dense<[0.25, 0.25, 0.25]> : tensor<3xf32>
  %z = arith.constant dense<[7, 7, 7]> : tensor<3xi8>
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<?x3xi8>, tensor<3xf32>, tensor<3xi8>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// A one-element (oneDNN) zero point of a per-axis op, too.
// CHECK-LABEL: func.func @uniform_per_axis_scalar_zero_point
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<3x5xi8>, tensor<f16>, tensor<i8>) -> tensor<3x5xbf16>
func.func @uniform_per_axis_scalar_zero_point(%x: tensor<3x5xi8>) -> tensor<3x5xbf16> {
  %s = arith.constant dense<1.5> : tensor<3xf16>
  %z = arith.constant dense<-2> : tensor<i8>
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<3x5xi8>, tensor<3xf16>, tensor<i8>) -> tensor<3x5xbf16>
  return %y : tensor<3x5xbf16>
}

// -----

// CHECK-LABEL: func.func @uniform_blocked
// CHECK-DAG:     %[[S:.*]] = arith.constant dense<5.000000e-01> : tensor<f8E8M0FNU>
// CHECK:         qdq.dequantize_linear %{{.*}}, %[[S]] : (tensor<4x64xi4>, tensor<f8E8M0FNU>) -> tensor<4x64xf32>
func.func @uniform_blocked(%x: tensor<4x64xi4>) -> tensor<4x64xf32> {
  %s = arith.constant dense<0x7E> : tensor<4x2xf8E8M0FNU>
  %y = qdq.dequantize_linear %x, %s block_size = 32 : (tensor<4x64xi4>, tensor<4x2xf8E8M0FNU>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// -----

// A dynamic axis dim is checked against the scale at run time: kept.
// CHECK-LABEL: func.func @keep_uniform_dynamic_axis
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 0 : (tensor<?x3xi8>, tensor<4xf32>)
func.func @keep_uniform_dynamic_axis(%x: tensor<?x3xi8>) -> tensor<?x3xf32> {
  %s = arith.constant dense<0.25> : tensor<4xf32>
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<?x3xi8>, tensor<4xf32>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func.func @keep_uniform_blocked_dynamic
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}} block_size = 32 : (tensor<?x64xi4>, tensor<4x2xf32>)
func.func @keep_uniform_blocked_dynamic(%x: tensor<?x64xi4>) -> tensor<?x64xf32> {
  %s = arith.constant dense<2.0> : tensor<4x2xf32>
  %y = qdq.dequantize_linear %x, %s block_size = 32 : (tensor<?x64xi4>, tensor<4x2xf32>) -> tensor<?x64xf32>
  return %y : tensor<?x64xf32>
}

// -----

// Two scale values, or one scale and two zero points: kept.
// CHECK-LABEL: func.func @keep_not_uniform
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 0 : (tensor<2x3xi8>, tensor<2xf32>)
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} axis = 0 : (tensor<2x3xi8>, tensor<2xf32>, tensor<2xi8>)
func.func @keep_not_uniform(%x: tensor<2x3xi8>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %s = arith.constant dense<[0.25, 0.5]> : tensor<2xf32>
  %y0 = qdq.dequantize_linear %x, %s axis = 0 : (tensor<2x3xi8>, tensor<2xf32>) -> tensor<2x3xf32>
  %s1 = arith.constant dense<0.25> : tensor<2xf32>
  %z1 = arith.constant dense<[1, 2]> : tensor<2xi8>
  %y1 = qdq.dequantize_linear %x, %s1, %z1 axis = 0 : (tensor<2x3xi8>, tensor<2xf32>, tensor<2xi8>) -> tensor<2x3xf32>
  return %y0, %y1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Per-tensor form: 0-D constants, default axis
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @zero_rank_constants
// CHECK-DAG:     %[[S:.*]] = arith.constant dense<5.000000e-01> : tensor<f32>
// CHECK-DAG:     %[[Z:.*]] = arith.constant dense<3> : tensor<ui4>
// CHECK:         qdq.dequantize_linear %{{.*}}, %[[S]], %[[Z]] : (tensor<8xui4>, tensor<f32>, tensor<ui4>) -> tensor<8xf32>
func.func @zero_rank_constants(%x: tensor<8xui4>) -> tensor<8xf32> {
  %s = arith.constant dense<[0.5]> : tensor<1xf32>
  %z = arith.constant dense<[3]> : tensor<1xui4>
  %y = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<8xui4>, tensor<1xf32>, tensor<1xui4>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// A [1] scale that is not a constant stays as it is; the ignored axis of a
// per-tensor op becomes the default.
// CHECK-LABEL: func.func @per_tensor_axis
// CHECK:         qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<2x2xi8>, tensor<1xf32>) -> tensor<2x2xf32>
func.func @per_tensor_axis(%x: tensor<2x2xi8>, %s: tensor<1xf32>) -> tensor<2x2xf32> {
  %y = qdq.dequantize_linear %x, %s axis = -2 : (tensor<2x2xi8>, tensor<1xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// f16 identity
//===----------------------------------------------------------------------===//

// f16 x times 1 (f32, f16, bf16 or f8E8M0FNU 2^0), without a zero point or
// with a +0.0 one, to f16 is x. Every f16 value and quiet NaN comes back bit
// for bit; a signalling NaN comes back signalling instead of quieted.
// CHECK-LABEL: func.func @f16_identity
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf16>)
// CHECK-NOT:     qdq.dequantize_linear
// CHECK:         return %[[X]], %[[X]], %[[X]], %[[X]]
func.func @f16_identity(%x: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>) {
  %s32 = arith.constant dense<1.0> : tensor<f32>
  %y0 = qdq.dequantize_linear %x, %s32 : (tensor<4xf16>, tensor<f32>) -> tensor<4xf16>
  %s16 = arith.constant dense<[1.0]> : tensor<1xf16>
  %z = arith.constant dense<0.0> : tensor<f16>
  %y1 = qdq.dequantize_linear %x, %s16, %z : (tensor<4xf16>, tensor<1xf16>, tensor<f16>) -> tensor<4xf16>
  %sb = arith.constant dense<1.0> : tensor<bf16>
  %y2 = qdq.dequantize_linear %x, %sb : (tensor<4xf16>, tensor<bf16>) -> tensor<4xf16>
  %se = arith.constant dense<0x7F> : tensor<f8E8M0FNU>
  %y3 = qdq.dequantize_linear %x, %se : (tensor<4xf16>, tensor<f8E8M0FNU>) -> tensor<4xf16>
  return %y0, %y1, %y2, %y3 : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>
}

// -----

// Not the identity: another scale, a -0.0 zero point, another result type,
// bf16 (whose NaN results are canonical, 0x7FC0).
// CHECK-LABEL: func.func @not_identity
// CHECK-COUNT-4: qdq.dequantize_linear
func.func @not_identity(%x: tensor<4xf16>, %b: tensor<4xbf16>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf32>, tensor<4xbf16>) {
  %two = arith.constant dense<2.0> : tensor<f32>
  %y0 = qdq.dequantize_linear %x, %two : (tensor<4xf16>, tensor<f32>) -> tensor<4xf16>
  %one = arith.constant dense<1.0> : tensor<f32>
  %mz = arith.constant dense<-0.0> : tensor<f16>
  %y1 = qdq.dequantize_linear %x, %one, %mz : (tensor<4xf16>, tensor<f32>, tensor<f16>) -> tensor<4xf16>
  %y2 = qdq.dequantize_linear %x, %one : (tensor<4xf16>, tensor<f32>) -> tensor<4xf32>
  %y3 = qdq.dequantize_linear %b, %one : (tensor<4xbf16>, tensor<f32>) -> tensor<4xbf16>
  return %y0, %y1, %y2, %y3 : tensor<4xf16>, tensor<4xf16>, tensor<4xf32>, tensor<4xbf16>
}

// -----

// qdq.flush_subnormals and qdq.restore_float_control write MXCSR: the
// canonicalizer keeps them, in order, around the arithmetic, even when the
// saved value is never restored.
// CHECK-LABEL: func.func @float_control
// CHECK: %[[SAVED:.*]] = qdq.flush_subnormals
// CHECK: arith.mulf
// CHECK: qdq.restore_float_control %[[SAVED]]
// CHECK: qdq.flush_subnormals
// CHECK: return
func.func @float_control(%a: f32, %b: f32) -> f32 {
  %saved = qdq.flush_subnormals
  %p = arith.mulf %a, %b : f32
  qdq.restore_float_control %saved
  %unused = qdq.flush_subnormals
  return %p : f32
}
