// RUN: qdq-opt %s --convert-quant-to-qdq -split-input-file -verify-diagnostics

// Every quant.dcast the import cannot express fails with a diagnostic
// naming the offending type or value.

func.func @scalar(%x: !quant.uniform<i8:f32, 0.5>) -> f32 {
  // expected-error @+1 {{'quant.dcast' op cannot be converted to qdq: operand of type !quant.uniform<i8:f32, 5.000000e-01> is not a ranked tensor; only ranked tensors of !quant.uniform convert to qdq}}
  %y = quant.dcast %x : !quant.uniform<i8:f32, 0.5> to f32
  return %y : f32
}

// -----

func.func @unranked(%x: tensor<*x!quant.uniform<i8:f32, 0.5>>) -> tensor<*xf32> {
  // expected-error @+1 {{operand of type tensor<*x!quant.uniform<i8:f32, 5.000000e-01>> is not a ranked tensor}}
  %y = quant.dcast %x : tensor<*x!quant.uniform<i8:f32, 0.5>> to tensor<*xf32>
  return %y : tensor<*xf32>
}

// -----

func.func @not_uniform(%x: tensor<4x!quant.any<i8:f32>>) -> tensor<4xf32> {
  // expected-error @+1 {{element type !quant.any<i8:f32> is not a !quant.uniform type}}
  %y = quant.dcast %x : tensor<4x!quant.any<i8:f32>> to tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @storage_i3(%x: tensor<4x!quant.uniform<i3:f32, 0.5>>) -> tensor<4xf32> {
  // expected-error @+1 {{storage type i3 is not supported; qdq takes 2, 4, 8, 16 and 32-bit integers}}
  %y = quant.dcast %x : tensor<4x!quant.uniform<i3:f32, 0.5>> to tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @storage_u1(%x: tensor<4x!quant.uniform<u1:f32, 0.5>>) -> tensor<4xf32> {
  // expected-error @+1 {{storage type u1 is not supported}}
  %y = quant.dcast %x : tensor<4x!quant.uniform<u1:f32, 0.5>> to tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @expressed_f64(%x: tensor<4x!quant.uniform<i8:f64, 0.5>>) -> tensor<4xf64> {
  // expected-error @+1 {{expressed type f64 is not supported; qdq results are f32, f16 or bf16}}
  %y = quant.dcast %x : tensor<4x!quant.uniform<i8:f64, 0.5>> to tensor<4xf64>
  return %y : tensor<4xf64>
}

// -----

// quant does not range-check zero points; qdq does.
func.func @zero_point_range(%x: tensor<4x!quant.uniform<u8:f32, 0.5:-1>>) -> tensor<4xf32> {
  // expected-error @+1 {{zero point -1 is out of the range [0, 255] of storage type u8}}
  %y = quant.dcast %x : tensor<4x!quant.uniform<u8:f32, 0.5:-1>> to tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @zero_point_range_per_axis(%x: tensor<2x!quant.uniform<i4:f32:0, {0.5:3, 0.25:8}>>) -> tensor<2xf32> {
  // expected-error @+1 {{zero point 8 (element 1) is out of the range [-8, 7] of storage type i4}}
  %y = quant.dcast %x : tensor<2x!quant.uniform<i4:f32:0, {0.5:3, 0.25:8}>> to tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @zero_point_i32(%x: tensor<4x!quant.uniform<i32:f32, 0.5:3>>) -> tensor<4xf32> {
  // expected-error @+1 {{zero point 3 is not zero, but qdq subtracts no zero point from 32-bit storage type i32 (rule DQ-R15)}}
  %y = quant.dcast %x : tensor<4x!quant.uniform<i32:f32, 0.5:3>> to tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// Blocks of 2 x 2 elements: two blocked dims.
func.func @two_blocked_dims(%x: tensor<4x4x!quant.uniform<i8:f32:{0:2, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}>>) -> tensor<4x4xf32> {
  // expected-error @+1 {{sub-channel block sizes [2, 2] (per dim) for a tensor of shape [4, 4] have blocks of more than one element along dims 0, 1, but qdq.dequantize_linear blocks along one axis only}}
  %y = quant.dcast %x : tensor<4x4x!quant.uniform<i8:f32:{0:2, 1:2}, {{1.0, 2.0}, {3.0, 4.0}}>> to tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// -----

// Blocks of 32 along dim 1 and, implicitly, one block over all 4 rows: the
// scales would have to be broadcast along dim 0.
func.func @blocked_and_whole(%x: tensor<4x64x!quant.uniform<i8:f32:{1:32}, {{1.0, 2.0}}>>) -> tensor<4x64xf32> {
  // expected-error @+1 {{sub-channel block sizes [4, 32] (per dim) for a tensor of shape [4, 64] have blocks of more than one element along dims 0, 1}}
  %y = quant.dcast %x : tensor<4x64x!quant.uniform<i8:f32:{1:32}, {{1.0, 2.0}}>> to tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// -----

// Block size 1 along dims 1 and 2 and one block over the dynamic dim 0:
// qdq would block along dim 0 with a block size known only at run time.
func.func @whole_dynamic_dim(%x: tensor<?x2x2x!quant.uniform<i8:f32:{1:1, 2:1}, {{{1.0, 2.0}, {3.0, 4.0}}}>>) -> tensor<?x2x2xf32> {
  // expected-error @+1 {{sub-channel scales have one block over dim 0 of the tensor of shape [?, 2, 2], whose block size (the dim's length) is not static}}
  %y = quant.dcast %x : tensor<?x2x2x!quant.uniform<i8:f32:{1:1, 2:1}, {{{1.0, 2.0}, {3.0, 4.0}}}>> to tensor<?x2x2xf32>
  return %y : tensor<?x2x2xf32>
}
