// RUN: qdq-opt %s -split-input-file -verify-diagnostics
//
// One case (at least) per verification rule of qdq.dequantize_linear; the
// function name carries the rule id (see the op documentation).

// DQ-R1: x element type
func.func @dq_r1_x_f32(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of quantized element (i2, i4, i8, i16, i32 signed or unsigned, f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f4E2M1FN, f16, bf16) values, but got 'tensor<4xf32>'}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R1: x must be ranked
func.func @dq_r1_x_unranked(%x: tensor<*xi8>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<*xi8>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R1: x element type (i64 is not a quantized type)
func.func @dq_r1_x_i64(%x: tensor<4xi64>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4xi64>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R1: zero point element type
func.func @dq_r1_zero_point_f32(%x: tensor<4xf16>, %s: tensor<f32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #2 must be ranked tensor of}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<4xf16>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R2: scale element type
func.func @dq_r2_scale_i8(%x: tensor<4xi8>, %s: tensor<i8>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #1 must be ranked tensor of scale element (f32, f16, bf16, f8E8M0FNU) values, but got 'tensor<i8>'}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<i8>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R2: scale element type (f64)
func.func @dq_r2_scale_f64(%x: tensor<4xi8>, %s: tensor<f64>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #1 must be ranked tensor of}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R3: result element type
func.func @dq_r3_result_f8E8M0FNU(%x: tensor<4xi8>, %s: tensor<f8E8M0FNU>) -> tensor<4xf8E8M0FNU> {
  // expected-error @+1 {{result #0 must be ranked tensor of result element (f32, f16, bf16) values, but got 'tensor<4xf8E8M0FNU>'}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f8E8M0FNU>) -> tensor<4xf8E8M0FNU>
  return %0 : tensor<4xf8E8M0FNU>
}

// -----

// DQ-R3: result element type (integer)
func.func @dq_r3_result_i32(%x: tensor<4xi8>, %s: tensor<f32>) -> tensor<4xi32> {
  // expected-error @+1 {{result #0 must be ranked tensor of}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// DQ-R4: result shape
func.func @dq_r4_result_shape(%x: tensor<4x6xi8>, %s: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{result shape [4, 5] must equal x shape [4, 6]}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4x6xi8>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// DQ-R4: dynamic dims must sit in the same places
func.func @dq_r4_result_dynamic(%x: tensor<?x6xi8>, %s: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{result shape [4, 6] must equal x shape [?, 6]}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<?x6xi8>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// DQ-R4: result rank
func.func @dq_r4_result_rank(%x: tensor<4xi8>, %s: tensor<f32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{result shape [1, 4] must equal x shape [4]}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<f32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

// DQ-R5: negative block_size
func.func @dq_r5_negative_block_size(%x: tensor<4x6xi8>, %s: tensor<4x3xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{block_size must be non-negative, got -2}}
  %0 = qdq.dequantize_linear %x, %s block_size = -2 : (tensor<4x6xi8>, tensor<4x3xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// DQ-R6: per-tensor scale with a block size
func.func @dq_r6_per_tensor_block_size(%x: tensor<4x6xi8>, %s: tensor<1xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{per-tensor scale of shape [1] requires block_size 0, got 32}}
  %0 = qdq.dequantize_linear %x, %s block_size = 32 : (tensor<4x6xi8>, tensor<1xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// DQ-R6: the same with a 0-D scale
func.func @dq_r6_scalar_block_size(%x: tensor<4x6xi8>, %s: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{per-tensor scale of shape [] requires block_size 0, got 2}}
  %0 = qdq.dequantize_linear %x, %s block_size = 2 : (tensor<4x6xi8>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// DQ-R7: per-axis axis out of range (positive)
func.func @dq_r7_axis_too_large(%x: tensor<5x5x1xi32>, %s: tensor<3xf32>) -> tensor<5x5x1xf32> {
  // expected-error @+1 {{axis 3 is out of range [-3, 2] for x of rank 3}}
  %0 = qdq.dequantize_linear %x, %s axis = 3 : (tensor<5x5x1xi32>, tensor<3xf32>) -> tensor<5x5x1xf32>
  return %0 : tensor<5x5x1xf32>
}

// -----

// DQ-R7: per-axis axis out of range (negative)
func.func @dq_r7_axis_too_small(%x: tensor<5x4xi8>, %s: tensor<5xf32>) -> tensor<5x4xf32> {
  // expected-error @+1 {{axis -3 is out of range [-2, 1] for x of rank 2}}
  %0 = qdq.dequantize_linear %x, %s axis = -3 : (tensor<5x4xi8>, tensor<5xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// DQ-R7: the default axis 1 does not exist for a rank-1 x with per-axis scales
func.func @dq_r7_default_axis_rank1(%x: tensor<4xi8>, %s: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{axis 1 is out of range [-1, 0] for x of rank 1}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4xi8>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R7: blocked axis out of range
func.func @dq_r7_blocked_axis(%x: tensor<4x6xi8>, %s: tensor<4x3xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{axis 2 is out of range [-2, 1] for x of rank 2}}
  %0 = qdq.dequantize_linear %x, %s axis = 2 block_size = 2 : (tensor<4x6xi8>, tensor<4x3xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// DQ-R7: a 0-D x only takes a per-tensor scale
func.func @dq_r7_scalar_x(%x: tensor<i8>, %s: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{per-axis scale of shape [2] needs an axis, but x is 0-D; only a per-tensor scale ([] or [1]) applies}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<i8>, tensor<2xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// DQ-R8: per-axis scale of rank 2
func.func @dq_r8_per_axis_rank(%x: tensor<4x6xi8>, %s: tensor<1x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{per-axis scale must be 1-D, got shape [1, 6] (block_size is 0; blocked quantization needs block_size > 0)}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<4x6xi8>, tensor<1x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// DQ-R9: per-axis scale length
func.func @dq_r9_per_axis_length(%x: tensor<2x4xi8>, %s: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{scale has 3 elements along axis 1 but x has 4}}
  %0 = qdq.dequantize_linear %x, %s : (tensor<2x4xi8>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// DQ-R9: negative axis is reported normalized
func.func @dq_r9_negative_axis(%x: tensor<2x4x5xui4>, %s: tensor<4xf16>) -> tensor<2x4x5xf16> {
  // expected-error @+1 {{scale has 4 elements along axis 2 but x has 5}}
  %0 = qdq.dequantize_linear %x, %s axis = -1 : (tensor<2x4x5xui4>, tensor<4xf16>) -> tensor<2x4x5xf16>
  return %0 : tensor<2x4x5xf16>
}

// -----

// DQ-R10: blocked scale rank
func.func @dq_r10_blocked_rank(%x: tensor<3x4x5x6xi8>, %s: tensor<3x4xf32>) -> tensor<3x4x5x6xf32> {
  // expected-error @+1 {{blocked scale must have the rank of x (4), got shape [3, 4]}}
  %0 = qdq.dequantize_linear %x, %s block_size = 2 : (tensor<3x4x5x6xi8>, tensor<3x4xf32>) -> tensor<3x4x5x6xf32>
  return %0 : tensor<3x4x5x6xf32>
}

// -----

// DQ-R11: blocked scale differs off the axis
func.func @dq_r11_blocked_other_dim(%x: tensor<9x12xi8>, %s: tensor<3x4xf32>) -> tensor<9x12xf32> {
  // expected-error @+1 {{blocked scale has 4 entries in dim 1 but x has 12 (only axis 0 is blocked)}}
  %0 = qdq.dequantize_linear %x, %s axis = 0 block_size = 3 : (tensor<9x12xi8>, tensor<3x4xf32>) -> tensor<9x12xf32>
  return %0 : tensor<9x12xf32>
}

// -----

// DQ-R12: too few blocks
func.func @dq_r12_too_few_blocks(%x: tensor<2x7xi4>, %s: tensor<2x2xf32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{blocked scale has 2 entries along axis 1 but x has 7 there, which block_size 3 splits into ceil(7/3) = 3 blocks}}
  %0 = qdq.dequantize_linear %x, %s block_size = 3 : (tensor<2x7xi4>, tensor<2x2xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

// DQ-R12: an empty last block (D=4, B=3, S=3) is rejected
func.func @dq_r12_empty_last_block(%x: tensor<4x2xi8>, %s: tensor<3x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{blocked scale has 3 entries along axis 0 but x has 4 there, which block_size 3 splits into ceil(4/3) = 2 blocks}}
  %0 = qdq.dequantize_linear %x, %s axis = 0 block_size = 3 : (tensor<4x2xi8>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// DQ-R12: a zero-size axis has zero blocks
func.func @dq_r12_zero_size_axis(%x: tensor<0x16xi8>, %s: tensor<1x16xf32>) -> tensor<0x16xf32> {
  // expected-error @+1 {{blocked scale has 1 entries along axis 0 but x has 0 there, which block_size 4 splits into ceil(0/4) = 0 blocks}}
  %0 = qdq.dequantize_linear %x, %s axis = 0 block_size = 4 : (tensor<0x16xi8>, tensor<1x16xf32>) -> tensor<0x16xf32>
  return %0 : tensor<0x16xf32>
}

// -----

// DQ-R13: per-axis zero point length
func.func @dq_r13_zero_point_length(%x: tensor<5x5xi8>, %s: tensor<5xf32>, %z: tensor<3xi8>) -> tensor<5x5xf32> {
  // expected-error @+1 {{zero_point shape [3] does not match scale shape [5]}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<5x5xi8>, tensor<5xf32>, tensor<3xi8>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

// DQ-R13: per-tensor scale with a per-axis zero point
func.func @dq_r13_zero_point_wider(%x: tensor<5x5xi8>, %s: tensor<f32>, %z: tensor<5xi8>) -> tensor<5x5xf32> {
  // expected-error @+1 {{zero_point shape [5] does not match scale shape []}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<5x5xi8>, tensor<f32>, tensor<5xi8>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

// DQ-R13: blocked zero point of another shape (a one-element zero point is
// accepted only with per-axis scales)
func.func @dq_r13_blocked_zero_point(%x: tensor<4x6xi8>, %s: tensor<4x3xf32>, %z: tensor<1xi8>) -> tensor<4x6xf32> {
  // expected-error @+1 {{zero_point shape [1] does not match scale shape [4, 3]}}
  %0 = qdq.dequantize_linear %x, %s, %z block_size = 2 : (tensor<4x6xi8>, tensor<4x3xf32>, tensor<1xi8>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// DQ-R13: per-axis zero point of rank 2
func.func @dq_r13_zero_point_rank(%x: tensor<5x5xi8>, %s: tensor<5xf32>, %z: tensor<1x5xi8>) -> tensor<5x5xf32> {
  // expected-error @+1 {{zero_point shape [1, 5] does not match scale shape [5]}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<5x5xi8>, tensor<5xf32>, tensor<1x5xi8>) -> tensor<5x5xf32>
  return %0 : tensor<5x5xf32>
}

// -----

// DQ-R14: zero point of another integer type
func.func @dq_r14_zero_point_type(%x: tensor<4xi16>, %s: tensor<f32>, %z: tensor<ui16>) -> tensor<4xf32> {
  // expected-error @+1 {{zero_point element type 'ui16' does not match x element type 'i16' (a different zero point type is allowed only for 4/8-bit integer x with an i4, ui4, i8, ui8 or i32 zero point)}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<4xi16>, tensor<f32>, tensor<ui16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R14: oneDNN mixing does not extend to ui32
func.func @dq_r14_zero_point_ui32(%x: tensor<4xui8>, %s: tensor<f32>, %z: tensor<ui32>) -> tensor<4xf32> {
  // expected-error @+1 {{zero_point element type 'ui32' does not match x element type 'ui8'}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<4xui8>, tensor<f32>, tensor<ui32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R14: float x with an integer zero point
func.func @dq_r14_zero_point_fp8(%x: tensor<4xf8E4M3FN>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<4xf32> {
  // expected-error @+1 {{zero_point element type 'i8' does not match x element type 'f8E4M3FN'}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<4xf8E4M3FN>, tensor<f32>, tensor<i8>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R14: fp8 kinds do not mix
func.func @dq_r14_zero_point_fp8_kind(%x: tensor<4xf8E4M3FN>, %s: tensor<f32>, %z: tensor<f8E5M2>) -> tensor<4xf32> {
  // expected-error @+1 {{zero_point element type 'f8E5M2' does not match x element type 'f8E4M3FN'}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<4xf8E4M3FN>, tensor<f32>, tensor<f8E5M2>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// DQ-R15: a constant non-zero int32 zero point
func.func @dq_r15_int32_zero_point(%x: tensor<5xi32>, %s: tensor<5xf32>) -> tensor<5xf32> {
  %z = arith.constant dense<[0, 0, 1, 0, 0]> : tensor<5xi32>
  // expected-error @+1 {{zero_point must be all zero when x is 'i32', but element 2 of the constant is not}}
  %0 = qdq.dequantize_linear %x, %s, %z axis = 0 : (tensor<5xi32>, tensor<5xf32>, tensor<5xi32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// DQ-R15: a constant non-zero uint32 zero point
func.func @dq_r15_uint32_zero_point(%x: tensor<5xui32>, %s: tensor<f32>) -> tensor<5xf32> {
  %z = arith.constant dense<7> : tensor<ui32>
  // expected-error @+1 {{zero_point must be all zero when x is 'ui32', but element 0 of the constant is not}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<5xui32>, tensor<f32>, tensor<ui32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// DQ-R15: a constant non-zero fp8 zero point
func.func @dq_r15_fp8_zero_point(%x: tensor<5xf8E5M2>, %s: tensor<f32>) -> tensor<5xf32> {
  %z = arith.constant dense<1.0> : tensor<1xf8E5M2>
  // expected-error @+1 {{zero_point must be all zero when x is 'f8E5M2', but element 0 of the constant is not}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<5xf8E5M2>, tensor<f32>, tensor<1xf8E5M2>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// DQ-R15: a constant non-zero fp4 zero point
func.func @dq_r15_fp4_zero_point(%x: tensor<5xf4E2M1FN>, %s: tensor<f32>) -> tensor<5xf32> {
  %z = arith.constant dense<0.5> : tensor<f4E2M1FN>
  // expected-error @+1 {{zero_point must be all zero when x is 'f4E2M1FN', but element 0 of the constant is not}}
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<5xf4E2M1FN>, tensor<f32>, tensor<f4E2M1FN>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// The generic form is verified the same way (DQ-R9).
func.func @generic_form(%x: tensor<2x4xi8>, %s: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{scale has 3 elements along axis 1 but x has 4}}
  %0 = "qdq.dequantize_linear"(%x, %s) <{axis = 1 : i64, block_size = 0 : i64}> : (tensor<2x4xi8>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Properties of the wrong type are rejected, not asserted on.
func.func @generic_bad_axis(%x: tensor<2x4xi8>, %s: tensor<f32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{invalid properties {axis = 1.000000e+00 : f32} for op qdq.dequantize_linear}}
  %0 = "qdq.dequantize_linear"(%x, %s) <{axis = 1.0 : f32}> : (tensor<2x4xi8>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Too many operands.
func.func @generic_operands(%x: tensor<4xi8>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<4xf32> {
  // expected-error @+1 {{operand group starting at #2 requires 0 or 1 element, but found 2}}
  %0 = "qdq.dequantize_linear"(%x, %s, %z, %z) : (tensor<4xi8>, tensor<f32>, tensor<i8>, tensor<i8>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// qdq.packed_bytes: the byte count must match the packing.
func.func @packed_bytes_count(%x: tensor<5xi4>) -> tensor<2xi8> {
  // expected-error @+1 {{result has 2 bytes but the source packs into 3}}
  %0 = qdq.packed_bytes %x : tensor<5xi4> -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// qdq.packed_bytes: tensors stay tensors.
func.func @packed_bytes_kind(%x: tensor<4xi4>) -> memref<2xi8> {
  // expected-error @+1 {{source and result must both be tensors or both be memrefs}}
  %0 = qdq.packed_bytes %x : tensor<4xi4> -> memref<2xi8>
  return %0 : memref<2xi8>
}

// -----

// qdq.packed_bytes: only identity-layout memrefs are contiguous bytes.
func.func @packed_bytes_layout(%m: memref<4xi4, strided<[2]>>) -> memref<2xi8> {
  // expected-error @+1 {{source memref must have the identity layout, got 'memref<4xi4, strided<[2]>>'}}
  %0 = qdq.packed_bytes %m : memref<4xi4, strided<[2]>> -> memref<2xi8>
  return %0 : memref<2xi8>
}

// -----

// qdq.packed_bytes: only packed element types.
func.func @packed_bytes_type(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{operand #0 must be ranked tensor of packed sub-byte element (i2, i4, f4E2M1FN) values or memref of packed sub-byte element (i2, i4, f4E2M1FN) values, but got 'tensor<4xi8>'}}
  %0 = qdq.packed_bytes %x : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// Custom assembly: a comma after the scale must be followed by the zero
// point (it used to be accepted and read as "no zero point").
func.func @dangling_comma(%x: tensor<4xi8>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected SSA operand}}
  %0 = qdq.dequantize_linear %x, %s, : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// TL-R1: qdq.table_lookup byte tables have 16, 64, 128 or 256 entries.
func.func @table_lookup_entries(%t: vector<32xi8>, %i: vector<64xi8>) -> vector<64xi8> {
  // expected-error @+1 {{table has 32 entries but must have 16, 64, 128 or 256}}
  %0 = qdq.table_lookup %t[%i] : vector<32xi8>, vector<64xi8>
  return %0 : vector<64xi8>
}

// -----

// qdq.table_lookup: the result has the indices' shape and the table's
// element type.
func.func @table_lookup_result(%t: vector<16xi8>, %i: vector<64xi8>) -> vector<32xi8> {
  // expected-error @+2 {{inferred type(s) 'vector<64xi8>' are incompatible with return type(s) of operation 'vector<32xi8>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "qdq.table_lookup"(%t, %i) : (vector<16xi8>, vector<64xi8>) -> vector<32xi8>
  return %0 : vector<32xi8>
}

// -----

// TL-R1: a table of f32 has 4, 8 or 16 entries.
func.func @table_lookup_f32_entries(%t: vector<256xf32>, %i: vector<16xi32>) -> vector<16xf32> {
  // expected-error @+1 {{table of f32 has 256 entries but must have 4, 8 or 16}}
  %0 = qdq.table_lookup %t[%i] : vector<256xf32>, vector<16xi32>
  return %0 : vector<16xf32>
}

// -----

// TL-R2: a table of f32 takes i32 indices.
func.func @table_lookup_f32_indices(%t: vector<16xf32>, %i: vector<16xi8>) -> vector<16xf32> {
  // expected-error @+1 {{indices are 'i8' but a table of f32 takes i32 indices}}
  %0 = qdq.table_lookup %t[%i] : vector<16xf32>, vector<16xi8>
  return %0 : vector<16xf32>
}

// -----

// TL-R1: a table of i16 has 32 entries.
func.func @table_lookup_i16_entries(%t: vector<16xi16>, %i: vector<32xi16>) -> vector<32xi16> {
  // expected-error @+1 {{table of i16 has 16 entries but must have 32}}
  %0 = qdq.table_lookup %t[%i] : vector<16xi16>, vector<32xi16>
  return %0 : vector<32xi16>
}

// -----

// TL-R2: a table of i16 takes i16 indices.
func.func @table_lookup_i16_indices(%t: vector<32xi16>, %i: vector<32xi8>) -> vector<32xi16> {
  // expected-error @+1 {{indices are 'i8' but a table of i16 takes i16 indices}}
  %0 = qdq.table_lookup %t[%i] : vector<32xi16>, vector<32xi8>
  return %0 : vector<32xi16>
}

// -----

// TL-R2: a byte table takes i8 indices.
func.func @table_lookup_i8_indices(%t: vector<16xi8>, %i: vector<16xi32>) -> vector<16xi8> {
  // expected-error @+1 {{indices are 'i32' but a table of i8 takes i8 indices}}
  %0 = qdq.table_lookup %t[%i] : vector<16xi8>, vector<16xi32>
  return %0 : vector<16xi8>
}

// -----

// UB-R1: qdq.unpack_bits unpacks 2- or 4-bit fields.
func.func @unpack_bits_width(%b: vector<8xi8>) -> vector<8xi32> {
  // expected-error @+1 {{bits must be 2 or 4, got 8}}
  %0 = qdq.unpack_bits %b, 8 : vector<8xi8> -> vector<8xi32>
  return %0 : vector<8xi32>
}

// -----

// UB-R2: the result has 8 / bits elements per byte.
func.func @unpack_bits_count(%b: vector<8xi8>) -> vector<32xi32> {
  // expected-error @+1 {{result has 32 elements but 8 bytes of 4-bit fields hold 16}}
  %0 = qdq.unpack_bits %b, 4 sign_extend : vector<8xi8> -> vector<32xi32>
  return %0 : vector<32xi32>
}

// -----

// qdq.unpack_bits takes a vector of bytes.
func.func @unpack_bits_bytes(%b: vector<8xi16>) -> vector<32xi32> {
  // expected-error @+1 {{operand #0 must be fixed-length vector of 8-bit signless integer values of ranks 1}}
  %0 = qdq.unpack_bits %b, 4 : vector<8xi16> -> vector<32xi32>
  return %0 : vector<32xi32>
}

// -----

// qdq.restore_float_control takes the i32 MXCSR value that
// qdq.flush_subnormals returned (the generic form: the custom one has no
// type to write).
func.func @restore_float_control_type(%v: f32) {
  // expected-error @+1 {{operand #0 must be 32-bit signless integer}}
  "qdq.restore_float_control"(%v) : (f32) -> ()
  return
}

// -----

// qdq.flush_subnormals returns an i32.
func.func @flush_subnormals_type() {
  // expected-error @+1 {{result #0 must be 32-bit signless integer}}
  %0 = "qdq.flush_subnormals"() : () -> i64
  return
}
