// RUN: qdq-opt %s --strip-func-quant-types --convert-quant-to-qdq --canonicalize | FileCheck %s

// Functions whose arguments carry quantized types: upstream
// --strip-func-quant-types gives them storage-typed arguments (and a
// quant.scast back), after which the import reads the storage values
// directly and no quant op or type is left.
// CHECK-LABEL: func.func @weights
// CHECK-SAME:    (%[[W:.*]]: tensor<64x8xi4>, %[[A:.*]]: tensor<8xi8>) -> (tensor<64x8xf16>, tensor<8xf32>)
// CHECK-NOT:     quant.
// CHECK-DAG:     %[[WU:.*]] = tensor.bitcast %[[W]] : tensor<64x8xi4> to tensor<64x8xui4>
// CHECK-DAG:     qdq.dequantize_linear %[[WU]], %{{.*}}, %{{.*}} axis = 0 block_size = 32 : (tensor<64x8xui4>, tensor<2x8xf16>, tensor<2x8xui4>) -> tensor<64x8xf16>
// CHECK-DAG:     qdq.dequantize_linear %[[A]], %{{.*}} : (tensor<8xi8>, tensor<f32>) -> tensor<8xf32>
// CHECK-NOT:     quant.
!w = !quant.uniform<u4:f16:{0:32, 1:1}, {{0.5:8, 0.5:8, 0.5:8, 0.5:8, 0.5:8, 0.5:8, 0.5:8, 0.5:8}, {0.25:7, 0.25:7, 0.25:7, 0.25:7, 0.25:7, 0.25:7, 0.25:7, 0.25:7}}>
!a = !quant.uniform<i8:f32, 0.125>
func.func @weights(%w: tensor<64x8x!w>, %a: tensor<8x!a>) -> (tensor<64x8xf16>, tensor<8xf32>) {
  %yw = quant.dcast %w : tensor<64x8x!w> to tensor<64x8xf16>
  %ya = quant.dcast %a : tensor<8x!a> to tensor<8xf32>
  return %yw, %ya : tensor<64x8xf16>, tensor<8xf32>
}
