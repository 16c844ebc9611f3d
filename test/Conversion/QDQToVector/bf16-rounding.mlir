// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512bf16" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx512bf16" --split-input-file | FileCheck %s --check-prefix=NARROW
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=NONE

// bf16 results with AVX512_BF16: one vector pass over the scales decides
// whether vcvtneps2bf16 (arith.truncf) rounds every product exactly: no
// nonzero scale below 2^-126 / m (m = the smallest nonzero |x - zero_point|,
// 1 for integers) and no NaN scale. The same pass checks the fused
// multiply-add's scales (fused-product.mlir). The loops are built twice
// under one branch on its result: with the integer rounding where a scale
// fails, with vcvtneps2bf16 (and the fused product) otherwise; the steps
// branch on nothing.
// CHECK-LABEL: func.func @i8_axis_bf16
// CHECK-DAG: %[[MIN:.*]] = arith.constant dense<1.17549435E-38> : vector<64xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<64xf32>
// CHECK-DAG: %[[LIMIT:.*]] = arith.constant dense<1.2676506E+30> : vector<64xf32>
// CHECK-DAG: %[[FALSE:.*]] = arith.constant dense<false> : vector<64xi1>
// CHECK: %[[LANES:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[FALSE]]) -> (vector<64xi1>) {
// CHECK: %[[SMALL:.*]] = arith.cmpf ult, %{{.*}}, %[[MIN]] : vector<64xf32>
// CHECK: %[[NZ:.*]] = arith.cmpf une, %[[SC:.*]], %[[ZERO]] : vector<64xf32>
// CHECK: %[[BAD:.*]] = arith.andi %[[SMALL]], %[[NZ]] : vector<64xi1>
// CHECK: %[[LOW:.*]] = arith.cmpf ule, %[[SC]], %[[ZERO]] : vector<64xf32>
// CHECK: %[[HIGH:.*]] = arith.cmpf uge, %[[SC]], %[[LIMIT]] : vector<64xf32>
// CHECK: %[[FUSED:.*]] = arith.ori %[[LOW]], %[[HIGH]] : vector<64xi1>
// CHECK: %[[EITHER:.*]] = arith.ori %[[BAD]], %[[FUSED]] : vector<64xi1>
// CHECK: arith.ori %[[ACC]], %[[EITHER]] : vector<64xi1>
// CHECK: %[[UNSAFE:.*]] = vector.reduction <or>, %[[LANES]] : vector<64xi1> into i1
// CHECK: scf.if %[[UNSAFE]] -> (tensor<4x64xbf16>) {
// CHECK: scf.for {{.*}} -> (tensor<256xi16>, index) {
// CHECK-NOT: scf.if
// CHECK-NOT: arith.truncf
// CHECK: %[[P:.*]] = arith.mulf
// CHECK: arith.cmpf uno, %[[P]], %[[P]] : vector<64xf32>
// CHECK: } else {
// CHECK: scf.for {{.*}} -> (tensor<256xi16>, index) {
// CHECK-NOT: scf.if
// CHECK: %[[Q:.*]] = vector.fma
// CHECK-NEXT: arith.truncf %[[Q]] : vector<64xf32> to vector<64xbf16>
// vcvtneps2bf16 on 256 bits needs AVX512VL: the pass keeps to 512 bits.
// NARROW-LABEL: func.func @i8_axis_bf16
// NARROW-NOT: arith.truncf
// Without AVX512_BF16 the integer rounding drops its NaN case where every
// scale is finite: an integer x then makes no NaN product (infinities
// round to themselves). The same pass over the scales checks their
// magnitudes against infinity (NaN included: unordered).
// NONE-LABEL: func.func @i8_axis_bf16
// NONE-NOT: arith.truncf
// NONE-DAG: %[[INF:.*]] = arith.constant dense<0x7F800000> : vector<64xf32>
// NONE-DAG: %[[ABS:.*]] = arith.constant dense<2147483647> : vector<64xi32>
// NONE: scf.for {{.*}} -> (vector<64xi1>) {
// NONE: %[[BITS:.*]] = arith.bitcast %{{.*}} : vector<64xf32> to vector<64xi32>
// NONE: %[[MAG:.*]] = arith.andi %[[BITS]], %[[ABS]] : vector<64xi32>
// NONE: %[[MAGF:.*]] = arith.bitcast %[[MAG]] : vector<64xi32> to vector<64xf32>
// NONE: arith.cmpf uge, %[[MAGF]], %[[INF]] : vector<64xf32>
// NONE: scf.if
// NONE: arith.cmpf uno
// NONE: } else {
// NONE-NOT: arith.cmpf uno
// NONE-NOT: arith.truncf
// NONE: return
func.func @i8_axis_bf16(%x: tensor<4x64xi8>, %s: tensor<64xbf16>, %z: tensor<64xi8>) -> tensor<4x64xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<4x64xi8>, tensor<64xbf16>, tensor<64xi8>) -> tensor<4x64xbf16>
  return %y : tensor<4x64xbf16>
}

// -----

// f8E4M3FN x: m = 2^-9, so scales below 2^-117 keep the integer rounding.
// CHECK-LABEL: func.func @e4m3_blocked_bf16
// CHECK: arith.constant dense<6.01853108E-36> : vector<64xf32>
// CHECK: arith.truncf %{{.*}} : vector<64xf32> to vector<64xbf16>
// Without AVX512_BF16, fp8 x with finite scales rounds without the NaN
// case too: its products' NaNs (NaN codes, an infinity times 0) are
// sign | 0x7FC00000, which that rounding keeps.
// NONE-LABEL: func.func @e4m3_blocked_bf16
// NONE-DAG: %[[INF:.*]] = arith.constant dense<0x7F800000> : vector<64xf32>
// NONE: arith.cmpf uge, %{{.*}}, %[[INF]] : vector<64xf32>
// NONE: scf.if
// NONE: arith.cmpf uno
// NONE: } else {
// NONE-NOT: arith.cmpf uno
// NONE: return
func.func @e4m3_blocked_bf16(%x: tensor<2x64xf8E4M3FN>, %s: tensor<2x2xf32>) -> tensor<2x64xbf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64, block_size = 32 : i64} : (tensor<2x64xf8E4M3FN>, tensor<2x2xf32>) -> tensor<2x64xbf16>
  return %y : tensor<2x64xbf16>
}

// -----

// f16 x: m = 2^-24 (x - zero_point is a multiple of it), so scales below
// 2^-102 keep the integer rounding. Its NaNs carry payloads, which
// vcvtneps2bf16 keeps (sign | 0x7FC0 | payload) and the integer rounding
// drops: the fast loop clears them (they are the results above 0x7FC0 as
// i16, and above 0xFFC0 as u16: a signed and an unsigned minimum).
// CHECK-LABEL: func.func @f16_x
// CHECK-DAG: %[[CLEAR:.*]] = arith.constant dense<-64> : vector<64xi16>
// CHECK-DAG: %[[QNAN:.*]] = arith.constant dense<32704> : vector<64xi16>
// CHECK-DAG: %[[MIN:.*]] = arith.constant dense<1.97215226E-31> : vector<64xf32>
// CHECK: arith.cmpf ult, %{{.*}}, %[[MIN]] : vector<64xf32>
// CHECK: scf.if
// CHECK: } else {
// CHECK: %[[R:.*]] = arith.truncf %{{.*}} : vector<64xf32> to vector<64xbf16>
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[R]] : vector<64xbf16> to vector<64xi16>
// CHECK-NEXT: %[[P:.*]] = arith.minsi %[[B]], %[[QNAN]] : vector<64xi16>
// CHECK-NEXT: arith.minui %[[P]], %[[CLEAR]] : vector<64xi16>
// f16 x keeps the NaN case (its NaNs carry payloads) and needs no pass
// over the scales.
// NONE-LABEL: func.func @f16_x
// NONE-NOT: arith.truncf %{{.*}} to vector<{{[0-9]+}}xbf16>
// NONE-NOT: scf.if
// NONE: arith.cmpf uno
// NONE-NOT: scf.if
// NONE: return
func.func @f16_x(%a: tensor<256xf16>, %s: tensor<bf16>) -> tensor<256xbf16> {
  %0 = qdq.dequantize_linear %a, %s : (tensor<256xf16>, tensor<bf16>) -> tensor<256xbf16>
  return %0 : tensor<256xbf16>
}

// -----

// bf16 x can be an f32 subnormal whatever the scales: the integer rounding.
// CHECK-LABEL: func.func @bf16_x
// CHECK-NOT: arith.truncf %{{.*}} to vector<64xbf16>
// CHECK: return
func.func @bf16_x(%a: tensor<256xbf16>, %s: tensor<bf16>) -> tensor<256xbf16> {
  %0 = qdq.dequantize_linear %a, %s : (tensor<256xbf16>, tensor<bf16>) -> tensor<256xbf16>
  return %0 : tensor<256xbf16>
}
