// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=1" --cse | FileCheck %s

// f16 x blocked with a zero point: the segment tables of the scales and of
// the zero points both hold f32 (32 entries at 8 lanes), and both are
// carried through the segment loop. They are bufferization.alloc_tensor ops,
// which CSE keeps apart: from one merged tensor.empty, One-Shot Bufferize
// would give both iter_args one buffer (the loop's results for them are
// unused), and the zero-point table would overwrite the scales
// (dq-block-segments.mlir, case segments_f16_b8, executes this form).
// CHECK-LABEL: func.func @two_f32_tables
// CHECK-DAG:   %[[A:.*]] = bufferization.alloc_tensor() : tensor<32xf32>
// CHECK-DAG:   %[[B:.*]] = bufferization.alloc_tensor() : tensor<32xf32>
// CHECK:       scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[A]], %{{.*}} = %[[B]])
// CHECK-NOT:   tensor.empty() : tensor<32xf32>
func.func @two_f32_tables(%x: tensor<2x2048xf16>, %s: tensor<2x256xf16>, %z: tensor<2x256xf16>) -> tensor<2x2048xf32> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 8 : (tensor<2x2048xf16>, tensor<2x256xf16>, tensor<2x256xf16>) -> tensor<2x2048xf32>
  return %y : tensor<2x2048xf32>
}
