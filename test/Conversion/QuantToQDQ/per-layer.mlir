// RUN: qdq-opt %s --convert-quant-to-qdq --split-input-file | FileCheck %s

// Signed storage with a zero point: the operand's own quant.scast folds, so
// qdq reads the i8 storage values directly; scale 0.5 as a 0-D f32 constant,
// zero point as a 0-D i8 constant.
// CHECK-LABEL: func.func @i8_zero_point
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi8>)
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<5.000000e-01> : tensor<f32>
// CHECK-DAG:   %[[Z:.*]] = arith.constant dense<-3> : tensor<i8>
// CHECK:       %[[Y:.*]] = qdq.dequantize_linear %[[X]], %[[S]], %[[Z]] : (tensor<2x3xi8>, tensor<f32>, tensor<i8>) -> tensor<2x3xf32>
// CHECK:       return %[[Y]]
func.func @i8_zero_point(%x: tensor<2x3xi8>) -> tensor<2x3xf32> {
  %q = quant.scast %x : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>
  %y = quant.dcast %q : tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>> to tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// Unsigned storage: the signless storage values are reinterpreted as ui8;
// the zero point 255 is a ui8 constant.
// CHECK-LABEL: func.func @u8
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>)
// CHECK-DAG:   %[[U:.*]] = tensor.bitcast %[[X]] : tensor<4xi8> to tensor<4xui8>
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<2.500000e-01> : tensor<f32>
// CHECK-DAG:   %[[Z:.*]] = arith.constant dense<255> : tensor<ui8>
// CHECK:       qdq.dequantize_linear %[[U]], %[[S]], %[[Z]] : (tensor<4xui8>, tensor<f32>, tensor<ui8>) -> tensor<4xf32>
func.func @u8(%x: tensor<4xi8>) -> tensor<4xf32> {
  %q = quant.scast %x : tensor<4xi8> to tensor<4x!quant.uniform<u8:f32, 0.25:255>>
  %y = quant.dcast %q : tensor<4x!quant.uniform<u8:f32, 0.25:255>> to tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A zero zero point is no operand. The operand is a function argument of the
// quantized type: its storage values come from a new quant.scast, as
// --lower-quant-ops reads them.
// CHECK-LABEL: func.func @no_zero_point
// CHECK-SAME: (%[[Q:.*]]: tensor<?x8x!quant.uniform<i8:f32, 2.000000e+00>>)
// CHECK-DAG:   %[[X:.*]] = quant.scast %[[Q]] : tensor<?x8x!quant.uniform<i8:f32, 2.000000e+00>> to tensor<?x8xi8>
// CHECK-DAG:   %[[S:.*]] = arith.constant dense<2.000000e+00> : tensor<f32>
// CHECK:       qdq.dequantize_linear %[[X]], %[[S]] : (tensor<?x8xi8>, tensor<f32>) -> tensor<?x8xf32>
func.func @no_zero_point(%q: tensor<?x8x!quant.uniform<i8:f32, 2.0>>) -> tensor<?x8xf32> {
  %y = quant.dcast %q : tensor<?x8x!quant.uniform<i8:f32, 2.0>> to tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// Every storage width qdq takes, signed and unsigned; storage bounds do not
// matter to dequantization and are dropped.
// CHECK-LABEL: func.func @widths
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xi2>, tensor<f32>, tensor<i2>) -> tensor<4xf32>
// CHECK: tensor.bitcast %{{.*}} : tensor<4xi2> to tensor<4xui2>
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xui2>, tensor<f32>, tensor<ui2>) -> tensor<4xf32>
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xi4>, tensor<f32>, tensor<i4>) -> tensor<4xf32>
// CHECK: tensor.bitcast %{{.*}} : tensor<4xi4> to tensor<4xui4>
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xui4>, tensor<f32>, tensor<ui4>) -> tensor<4xf32>
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xi8>, tensor<f32>, tensor<i8>) -> tensor<4xf32>
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xi16>, tensor<f32>, tensor<i16>) -> tensor<4xf32>
// CHECK: tensor.bitcast %{{.*}} : tensor<4xi16> to tensor<4xui16>
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xui16>, tensor<f32>, tensor<ui16>) -> tensor<4xf32>
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<f32>) -> tensor<4xf32>
// CHECK: tensor.bitcast %{{.*}} : tensor<4xi32> to tensor<4xui32>
// CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<4xui32>, tensor<f32>) -> tensor<4xf32>
func.func @widths(%a: tensor<4x!quant.uniform<i2:f32, 1.0:-1>>,
                  %b: tensor<4x!quant.uniform<u2:f32, 1.0:3>>,
                  %c: tensor<4x!quant.uniform<i4:f32, 1.0:7>>,
                  %d: tensor<4x!quant.uniform<u4<1:15>:f32, 1.0:8>>,
                  %e: tensor<4x!quant.uniform<i8<-127:127>:f32, 1.0:-128>>,
                  %f: tensor<4x!quant.uniform<i16:f32, 1.0:-32768>>,
                  %g: tensor<4x!quant.uniform<u16:f32, 1.0:65535>>,
                  %h: tensor<4x!quant.uniform<i32:f32, 1.0>>,
                  %i: tensor<4x!quant.uniform<u32:f32, 1.0>>) {
  %0 = quant.dcast %a : tensor<4x!quant.uniform<i2:f32, 1.0:-1>> to tensor<4xf32>
  %1 = quant.dcast %b : tensor<4x!quant.uniform<u2:f32, 1.0:3>> to tensor<4xf32>
  %2 = quant.dcast %c : tensor<4x!quant.uniform<i4:f32, 1.0:7>> to tensor<4xf32>
  %3 = quant.dcast %d : tensor<4x!quant.uniform<u4<1:15>:f32, 1.0:8>> to tensor<4xf32>
  %4 = quant.dcast %e : tensor<4x!quant.uniform<i8<-127:127>:f32, 1.0:-128>> to tensor<4xf32>
  %5 = quant.dcast %f : tensor<4x!quant.uniform<i16:f32, 1.0:-32768>> to tensor<4xf32>
  %6 = quant.dcast %g : tensor<4x!quant.uniform<u16:f32, 1.0:65535>> to tensor<4xf32>
  %7 = quant.dcast %h : tensor<4x!quant.uniform<i32:f32, 1.0>> to tensor<4xf32>
  %8 = quant.dcast %i : tensor<4x!quant.uniform<u32:f32, 1.0>> to tensor<4xf32>
  return
}

// -----

// Other quant ops are left alone.
// CHECK-LABEL: func.func @qcast_untouched
// CHECK: quant.qcast
func.func @qcast_untouched(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>> {
  %q = quant.qcast %x : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  return %q : tensor<4x!quant.uniform<i8:f32, 0.5>>
}
