// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2,f16c period-tile=4" --split-input-file | FileCheck %s
// period-tile=4: the period-tile forms checked below are not every host's
// default (Zen 5 takes one period at a time: getHostPeriodTile).

// Per-axis periods of several steps with bf16 results computed in even and
// odd halves (evenOddBF16, fp8HalvesBF16): the scale table, which the loop
// writes anyway (bf16 scales decoded to f32), stores each step's 32 scales
// as the even lanes, then the odd ones (splitsScaleTable), so the column
// steps take the halves as two subvectors, with no shuffle of the scales.
// CHECK-LABEL: func.func @i8_axis
// CHECK: } else {
// CHECK: scf.for
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : vector<32xi32> to vector<32xf32>
// CHECK: %[[SPLIT:.*]] = vector.shuffle %[[F]], %[[F]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31] : vector<32xf32>, vector<32xf32>
// CHECK: vector.transfer_write %[[SPLIT]], %{{.*}} : vector<32xf32>, tensor<160xf32>
// CHECK: %[[TABLE:.*]] = vector.transfer_write %{{.*}}, %{{.*}}[%c128] {{.*}} : vector<32xf32>, tensor<160xf32>
// CHECK-NOT: vector<32xf32>, vector<32xf32>
// CHECK: scf.for
// CHECK: %[[S:.*]] = vector.transfer_read %[[TABLE]][%{{.*}}], {{.*}} : tensor<160xf32>, vector<32xf32>
// CHECK: %[[EVEN:.*]] = vector.extract_strided_slice %[[S]] {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK: %[[ODD:.*]] = vector.extract_strided_slice %[[S]] {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK-NOT: vector<32xf32>, vector<32xf32>
// CHECK: vector.fma %{{.*}}, %[[EVEN]], %{{.*}} : vector<16xf32>
// CHECK-NOT: vector<32xf32>, vector<32xf32>
// CHECK: return
func.func @i8_axis(%x: tensor<4x128xi8>, %s: tensor<128xbf16>, %z: tensor<128xi8>) -> tensor<4x128xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<4x128xi8>, tensor<128xbf16>, tensor<128xi8>) -> tensor<4x128xbf16>
  return %y : tensor<4x128xbf16>
}

// -----

// fp8 x (F16C): the same table, its halves times the rebias next to the
// read.
// CHECK-LABEL: func.func @e4m3fn_axis
// CHECK: } else {
// CHECK: vector.shuffle %{{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31] : vector<32xf32>, vector<32xf32>
// CHECK: scf.for
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// CHECK: arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>
// CHECK: return
func.func @e4m3fn_axis(%x: tensor<4x128xf8E4M3FN>, %s: tensor<128xbf16>) -> tensor<4x128xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<4x128xf8E4M3FN>, tensor<128xbf16>) -> tensor<4x128xbf16>
  return %y : tensor<4x128xbf16>
}

// -----

// Not for x whose steps do not compute in halves (16-bit x): the table
// keeps the element order.
// CHECK-LABEL: func.func @i16_axis
// CHECK-NOT: vector.extract_strided_slice
// CHECK-NOT: 30, 1, 3, 5
// CHECK: return
func.func @i16_axis(%x: tensor<4x128xi16>, %s: tensor<128xbf16>, %z: tensor<128xi16>) -> tensor<4x128xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<4x128xi16>, tensor<128xbf16>, tensor<128xi16>) -> tensor<4x128xbf16>
  return %y : tensor<4x128xbf16>
}

// -----

// Nor for f32 scales, which are their own table (read in place): the
// steps of fp8 x split them.
// CHECK-LABEL: func.func @e4m3fn_axis_f32_scales
// CHECK-NOT: vector.extract_strided_slice
// CHECK: vector.shuffle %{{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<32xf32>, vector<32xf32>
// CHECK: return
func.func @e4m3fn_axis_f32_scales(%x: tensor<4x128xf8E4M3FN>, %s: tensor<128xf32>) -> tensor<4x128xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<4x128xf8E4M3FN>, tensor<128xf32>) -> tensor<4x128xbf16>
  return %y : tensor<4x128xbf16>
}
