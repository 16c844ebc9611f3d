// RUN: qdq-opt %s | qdq-opt | FileCheck %s
// RUN: qdq-opt %s --mlir-print-op-generic | qdq-opt | FileCheck %s
// RUN: qdq-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trips of qdq.dequantize_linear through its custom and generic forms:
// every x element type, every scale and result type, every granularity.

// CHECK-LABEL: func.func @x_types
func.func @x_types(%s: tensor<f32>,
    %x0: tensor<8xi2>, %z0: tensor<i2>,
    %x1: tensor<8xsi2>, %z1: tensor<si2>,
    %x2: tensor<8xui2>, %z2: tensor<ui2>,
    %x3: tensor<8xi4>, %z3: tensor<i4>,
    %x4: tensor<8xsi4>, %z4: tensor<si4>,
    %x5: tensor<8xui4>, %z5: tensor<ui4>,
    %x6: tensor<8xi8>, %z6: tensor<i8>,
    %x7: tensor<8xsi8>, %z7: tensor<si8>,
    %x8: tensor<8xui8>, %z8: tensor<ui8>,
    %x9: tensor<8xi16>, %z9: tensor<i16>,
    %x10: tensor<8xsi16>, %z10: tensor<si16>,
    %x11: tensor<8xui16>, %z11: tensor<ui16>,
    %x12: tensor<8xi32>, %z12: tensor<i32>,
    %x13: tensor<8xsi32>, %z13: tensor<si32>,
    %x14: tensor<8xui32>, %z14: tensor<ui32>,
    %x15: tensor<8xf8E4M3FN>, %z15: tensor<f8E4M3FN>,
    %x16: tensor<8xf8E4M3FNUZ>, %z16: tensor<f8E4M3FNUZ>,
    %x17: tensor<8xf8E5M2>, %z17: tensor<f8E5M2>,
    %x18: tensor<8xf8E5M2FNUZ>, %z18: tensor<f8E5M2FNUZ>,
    %x19: tensor<8xf4E2M1FN>, %z19: tensor<f4E2M1FN>,
    %x20: tensor<8xf16>, %z20: tensor<f16>,
    %x21: tensor<8xbf16>, %z21: tensor<bf16>) {
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xi2>, tensor<f32>, tensor<i2>) -> tensor<8xf32>
  %y0 = qdq.dequantize_linear %x0, %s, %z0 : (tensor<8xi2>, tensor<f32>, tensor<i2>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xsi2>, tensor<f32>, tensor<si2>) -> tensor<8xf32>
  %y1 = qdq.dequantize_linear %x1, %s, %z1 : (tensor<8xsi2>, tensor<f32>, tensor<si2>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xui2>, tensor<f32>, tensor<ui2>) -> tensor<8xf32>
  %y2 = qdq.dequantize_linear %x2, %s, %z2 : (tensor<8xui2>, tensor<f32>, tensor<ui2>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xi4>, tensor<f32>, tensor<i4>) -> tensor<8xf32>
  %y3 = qdq.dequantize_linear %x3, %s, %z3 : (tensor<8xi4>, tensor<f32>, tensor<i4>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xsi4>, tensor<f32>, tensor<si4>) -> tensor<8xf32>
  %y4 = qdq.dequantize_linear %x4, %s, %z4 : (tensor<8xsi4>, tensor<f32>, tensor<si4>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xui4>, tensor<f32>, tensor<ui4>) -> tensor<8xf32>
  %y5 = qdq.dequantize_linear %x5, %s, %z5 : (tensor<8xui4>, tensor<f32>, tensor<ui4>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xi8>, tensor<f32>, tensor<i8>) -> tensor<8xf32>
  %y6 = qdq.dequantize_linear %x6, %s, %z6 : (tensor<8xi8>, tensor<f32>, tensor<i8>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xsi8>, tensor<f32>, tensor<si8>) -> tensor<8xf32>
  %y7 = qdq.dequantize_linear %x7, %s, %z7 : (tensor<8xsi8>, tensor<f32>, tensor<si8>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xui8>, tensor<f32>, tensor<ui8>) -> tensor<8xf32>
  %y8 = qdq.dequantize_linear %x8, %s, %z8 : (tensor<8xui8>, tensor<f32>, tensor<ui8>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xi16>, tensor<f32>, tensor<i16>) -> tensor<8xf32>
  %y9 = qdq.dequantize_linear %x9, %s, %z9 : (tensor<8xi16>, tensor<f32>, tensor<i16>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xsi16>, tensor<f32>, tensor<si16>) -> tensor<8xf32>
  %y10 = qdq.dequantize_linear %x10, %s, %z10 : (tensor<8xsi16>, tensor<f32>, tensor<si16>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xui16>, tensor<f32>, tensor<ui16>) -> tensor<8xf32>
  %y11 = qdq.dequantize_linear %x11, %s, %z11 : (tensor<8xui16>, tensor<f32>, tensor<ui16>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xi32>, tensor<f32>, tensor<i32>) -> tensor<8xf32>
  %y12 = qdq.dequantize_linear %x12, %s, %z12 : (tensor<8xi32>, tensor<f32>, tensor<i32>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xsi32>, tensor<f32>, tensor<si32>) -> tensor<8xf32>
  %y13 = qdq.dequantize_linear %x13, %s, %z13 : (tensor<8xsi32>, tensor<f32>, tensor<si32>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xui32>, tensor<f32>, tensor<ui32>) -> tensor<8xf32>
  %y14 = qdq.dequantize_linear %x14, %s, %z14 : (tensor<8xui32>, tensor<f32>, tensor<ui32>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xf8E4M3FN>, tensor<f32>, tensor<f8E4M3FN>) -> tensor<8xf32>
  %y15 = qdq.dequantize_linear %x15, %s, %z15 : (tensor<8xf8E4M3FN>, tensor<f32>, tensor<f8E4M3FN>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xf8E4M3FNUZ>, tensor<f32>, tensor<f8E4M3FNUZ>) -> tensor<8xf32>
  %y16 = qdq.dequantize_linear %x16, %s, %z16 : (tensor<8xf8E4M3FNUZ>, tensor<f32>, tensor<f8E4M3FNUZ>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xf8E5M2>, tensor<f32>, tensor<f8E5M2>) -> tensor<8xf32>
  %y17 = qdq.dequantize_linear %x17, %s, %z17 : (tensor<8xf8E5M2>, tensor<f32>, tensor<f8E5M2>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xf8E5M2FNUZ>, tensor<f32>, tensor<f8E5M2FNUZ>) -> tensor<8xf32>
  %y18 = qdq.dequantize_linear %x18, %s, %z18 : (tensor<8xf8E5M2FNUZ>, tensor<f32>, tensor<f8E5M2FNUZ>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xf4E2M1FN>, tensor<f32>, tensor<f4E2M1FN>) -> tensor<8xf32>
  %y19 = qdq.dequantize_linear %x19, %s, %z19 : (tensor<8xf4E2M1FN>, tensor<f32>, tensor<f4E2M1FN>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xf16>, tensor<f32>, tensor<f16>) -> tensor<8xf32>
  %y20 = qdq.dequantize_linear %x20, %s, %z20 : (tensor<8xf16>, tensor<f32>, tensor<f16>) -> tensor<8xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8xbf16>, tensor<f32>, tensor<bf16>) -> tensor<8xf32>
  %y21 = qdq.dequantize_linear %x21, %s, %z21 : (tensor<8xbf16>, tensor<f32>, tensor<bf16>) -> tensor<8xf32>
  return
}

// CHECK-LABEL: func.func @scale_and_result_types
func.func @scale_and_result_types(%x: tensor<3x5xi8>, %sf32: tensor<5xf32>, %sf16: tensor<5xf16>, %sbf16: tensor<5xbf16>, %sf8E8M0FNU: tensor<5xf8E8M0FNU>) {
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf32>) -> tensor<3x5xf32>
  %f32_f32 = qdq.dequantize_linear %x, %sf32 axis = -1 : (tensor<3x5xi8>, tensor<5xf32>) -> tensor<3x5xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf32>) -> tensor<3x5xf16>
  %f32_f16 = qdq.dequantize_linear %x, %sf32 axis = -1 : (tensor<3x5xi8>, tensor<5xf32>) -> tensor<3x5xf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf32>) -> tensor<3x5xbf16>
  %f32_bf16 = qdq.dequantize_linear %x, %sf32 axis = -1 : (tensor<3x5xi8>, tensor<5xf32>) -> tensor<3x5xbf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf16>) -> tensor<3x5xf32>
  %f16_f32 = qdq.dequantize_linear %x, %sf16 axis = -1 : (tensor<3x5xi8>, tensor<5xf16>) -> tensor<3x5xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf16>) -> tensor<3x5xf16>
  %f16_f16 = qdq.dequantize_linear %x, %sf16 axis = -1 : (tensor<3x5xi8>, tensor<5xf16>) -> tensor<3x5xf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf16>) -> tensor<3x5xbf16>
  %f16_bf16 = qdq.dequantize_linear %x, %sf16 axis = -1 : (tensor<3x5xi8>, tensor<5xf16>) -> tensor<3x5xbf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xbf16>) -> tensor<3x5xf32>
  %bf16_f32 = qdq.dequantize_linear %x, %sbf16 axis = -1 : (tensor<3x5xi8>, tensor<5xbf16>) -> tensor<3x5xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xbf16>) -> tensor<3x5xf16>
  %bf16_f16 = qdq.dequantize_linear %x, %sbf16 axis = -1 : (tensor<3x5xi8>, tensor<5xbf16>) -> tensor<3x5xf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xbf16>) -> tensor<3x5xbf16>
  %bf16_bf16 = qdq.dequantize_linear %x, %sbf16 axis = -1 : (tensor<3x5xi8>, tensor<5xbf16>) -> tensor<3x5xbf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf8E8M0FNU>) -> tensor<3x5xf32>
  %f8E8M0FNU_f32 = qdq.dequantize_linear %x, %sf8E8M0FNU axis = -1 : (tensor<3x5xi8>, tensor<5xf8E8M0FNU>) -> tensor<3x5xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf8E8M0FNU>) -> tensor<3x5xf16>
  %f8E8M0FNU_f16 = qdq.dequantize_linear %x, %sf8E8M0FNU axis = -1 : (tensor<3x5xi8>, tensor<5xf8E8M0FNU>) -> tensor<3x5xf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 : (tensor<3x5xi8>, tensor<5xf8E8M0FNU>) -> tensor<3x5xbf16>
  %f8E8M0FNU_bf16 = qdq.dequantize_linear %x, %sf8E8M0FNU axis = -1 : (tensor<3x5xi8>, tensor<5xf8E8M0FNU>) -> tensor<3x5xbf16>
  return
}
// Per-tensor: 0-D and [1] scales, [] and [1] zero points mixed, 0-D x, and
// an axis that is out of range but ignored in per-tensor mode.
// CHECK-LABEL: func.func @per_tensor
func.func @per_tensor(%x: tensor<4xui8>, %s0: tensor<f32>, %s1: tensor<1xf32>,
                      %z0: tensor<ui8>, %z1: tensor<1xui8>, %x0: tensor<i8>) {
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xui8>, tensor<f32>, tensor<ui8>) -> tensor<4xf32>
  %0 = qdq.dequantize_linear %x, %s0, %z0 : (tensor<4xui8>, tensor<f32>, tensor<ui8>) -> tensor<4xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xui8>, tensor<f32>, tensor<1xui8>) -> tensor<4xf32>
  %1 = qdq.dequantize_linear %x, %s0, %z1 : (tensor<4xui8>, tensor<f32>, tensor<1xui8>) -> tensor<4xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} axis = 7 : (tensor<4xui8>, tensor<1xf32>, tensor<ui8>) -> tensor<4xbf16>
  %2 = qdq.dequantize_linear %x, %s1, %z0 axis = 7 : (tensor<4xui8>, tensor<1xf32>, tensor<ui8>) -> tensor<4xbf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<i8>, tensor<f32>) -> tensor<f16>
  %3 = qdq.dequantize_linear %x0, %s0 : (tensor<i8>, tensor<f32>) -> tensor<f16>
  return
}

// Per-axis: default axis 1, negative axis, dynamic dims, a one-element zero
// point with per-axis scales (oneDNN), zero-size dims.
// CHECK-LABEL: func.func @per_axis
func.func @per_axis(%x: tensor<1x3x3x2xui8>, %s: tensor<3xf32>, %z: tensor<3xui8>,
                    %xd: tensor<?x?xi8>, %sd: tensor<?xf16>, %z1: tensor<1xi8>,
                    %xe: tensor<0x5xi4>, %se: tensor<0xf32>) {
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1x3x3x2xui8>, tensor<3xf32>, tensor<3xui8>) -> tensor<1x3x3x2xf32>
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<1x3x3x2xui8>, tensor<3xf32>, tensor<3xui8>) -> tensor<1x3x3x2xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -3 : (tensor<1x3x3x2xui8>, tensor<3xf32>) -> tensor<1x3x3x2xf16>
  %1 = qdq.dequantize_linear %x, %s axis = -3 : (tensor<1x3x3x2xui8>, tensor<3xf32>) -> tensor<1x3x3x2xf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} axis = 0 : (tensor<?x?xi8>, tensor<?xf16>, tensor<1xi8>) -> tensor<?x?xf16>
  %2 = qdq.dequantize_linear %xd, %sd, %z1 axis = 0 : (tensor<?x?xi8>, tensor<?xf16>, tensor<1xi8>) -> tensor<?x?xf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 0 : (tensor<0x5xi4>, tensor<0xf32>) -> tensor<0x5xf32>
  %3 = qdq.dequantize_linear %xe, %se axis = 0 : (tensor<0x5xi4>, tensor<0xf32>) -> tensor<0x5xf32>
  return
}

// Blocked: the ONNX test shape, a partial last block, zero-size dims, dynamic
// dims, and oneDNN's mixed zero point types.
// CHECK-LABEL: func.func @blocked
func.func @blocked(%x: tensor<1x4x3x2xui8>, %s: tensor<1x2x3x2xf32>, %z: tensor<1x2x3x2xui8>,
                   %xp: tensor<5x7xi4>, %sp: tensor<5x3xbf16>, %zp: tensor<5x3xi8>,
                   %xe: tensor<35x0xui4>, %se: tensor<2x0xf32>,
                   %xd: tensor<?x64xf8E4M3FN>, %sd: tensor<?x2xf8E8M0FNU>,
                   %xo: tensor<64x128xi8>, %so: tensor<2x128xf32>, %zo: tensor<2x128xi32>) {
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} block_size = 2 : (tensor<1x4x3x2xui8>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xui8>) -> tensor<1x4x3x2xf32>
  %0 = qdq.dequantize_linear %x, %s, %z block_size = 2 : (tensor<1x4x3x2xui8>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xui8>) -> tensor<1x4x3x2xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} block_size = 3 : (tensor<5x7xi4>, tensor<5x3xbf16>, tensor<5x3xi8>) -> tensor<5x7xbf16>
  %1 = qdq.dequantize_linear %xp, %sp, %zp block_size = 3 : (tensor<5x7xi4>, tensor<5x3xbf16>, tensor<5x3xi8>) -> tensor<5x7xbf16>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = 0 block_size = 32 : (tensor<35x0xui4>, tensor<2x0xf32>) -> tensor<35x0xf32>
  %2 = qdq.dequantize_linear %xe, %se axis = 0 block_size = 32 : (tensor<35x0xui4>, tensor<2x0xf32>) -> tensor<35x0xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} axis = -1 block_size = 32 : (tensor<?x64xf8E4M3FN>, tensor<?x2xf8E8M0FNU>) -> tensor<?x64xf32>
  %3 = qdq.dequantize_linear %xd, %sd axis = -1 block_size = 32 : (tensor<?x64xf8E4M3FN>, tensor<?x2xf8E8M0FNU>) -> tensor<?x64xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} axis = 0 block_size = 32 : (tensor<64x128xi8>, tensor<2x128xf32>, tensor<2x128xi32>) -> tensor<64x128xf32>
  %4 = qdq.dequantize_linear %xo, %so, %zo axis = 0 block_size = 32 : (tensor<64x128xi8>, tensor<2x128xf32>, tensor<2x128xi32>) -> tensor<64x128xf32>
  return
}

// Constant zero points that DQ-R15 accepts: all zero, including -0.0.
// CHECK-LABEL: func.func @zero_constants
func.func @zero_constants(%x: tensor<4xi32>, %f: tensor<4xf8E4M3FN>, %s: tensor<f32>) {
  %zi = arith.constant dense<0> : tensor<i32>
  %zf = arith.constant dense<-0.0> : tensor<1xf8E4M3FN>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<f32>, tensor<i32>) -> tensor<4xf32>
  %0 = qdq.dequantize_linear %x, %s, %zi : (tensor<4xi32>, tensor<f32>, tensor<i32>) -> tensor<4xf32>
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4xf8E4M3FN>, tensor<f32>, tensor<1xf8E4M3FN>) -> tensor<4xf32>
  %1 = qdq.dequantize_linear %f, %s, %zf : (tensor<4xf8E4M3FN>, tensor<f32>, tensor<1xf8E4M3FN>) -> tensor<4xf32>
  return
}

// The generic form names the operands and properties as documented.
// GENERIC: "qdq.dequantize_linear"(%{{.*}}, %{{.*}}) <{axis = 0 : i64, block_size = 32 : i64}> : (tensor<35x0xui4>, tensor<2x0xf32>) -> tensor<35x0xf32>

// qdq.packed_bytes views packed sub-byte data as bytes.
// CHECK-LABEL: func.func @packed_bytes
func.func @packed_bytes(%x: tensor<5xi4>, %d: tensor<?x3xui2>, %f: tensor<4xf4E2M1FN>, %m: memref<7xi4>) {
  // CHECK: qdq.packed_bytes %{{.*}} : tensor<5xi4> -> tensor<3xi8>
  %0 = qdq.packed_bytes %x : tensor<5xi4> -> tensor<3xi8>
  // CHECK: qdq.packed_bytes %{{.*}} : tensor<?x3xui2> -> tensor<?xi8>
  %1 = qdq.packed_bytes %d : tensor<?x3xui2> -> tensor<?xi8>
  // CHECK: qdq.packed_bytes %{{.*}} : tensor<4xf4E2M1FN> -> tensor<2xi8>
  %2 = qdq.packed_bytes %f : tensor<4xf4E2M1FN> -> tensor<2xi8>
  // CHECK: qdq.packed_bytes %{{.*}} : memref<7xi4> -> memref<4xi8>
  %3 = qdq.packed_bytes %m : memref<7xi4> -> memref<4xi8>
  return
}

// qdq.table_lookup looks bytes up in 16- or 256-entry tables.
// CHECK-LABEL: func.func @table_lookup
func.func @table_lookup(%t16: vector<16xi8>, %t256: vector<256xi8>, %i: vector<64xi8>, %j: vector<5xi8>) {
  // CHECK: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<16xi8>, vector<64xi8>
  %0 = qdq.table_lookup %t16[%i] : vector<16xi8>, vector<64xi8>
  // CHECK: qdq.table_lookup %{{.*}}[%{{.*}}] : vector<256xi8>, vector<5xi8>
  %1 = qdq.table_lookup %t256[%j] : vector<256xi8>, vector<5xi8>
  return
}

// qdq.unpack_bits unpacks 2- and 4-bit fields into i32 lanes.
// CHECK-LABEL: func.func @unpack_bits
func.func @unpack_bits(%b: vector<32xi8>, %c: vector<3xi8>) {
  // CHECK: qdq.unpack_bits %{{.*}}, 4 sign_extend : vector<32xi8> -> vector<64xi32>
  %0 = qdq.unpack_bits %b, 4 sign_extend : vector<32xi8> -> vector<64xi32>
  // CHECK: qdq.unpack_bits %{{.*}}, 2 : vector<3xi8> -> vector<12xi32>
  %1 = qdq.unpack_bits %c, 2 : vector<3xi8> -> vector<12xi32>
  return
}

// qdq.flush_subnormals returns the MXCSR value that qdq.restore_float_control
// takes back.
// CHECK-LABEL: func.func @float_control
// CHECK: %[[SAVED:.*]] = qdq.flush_subnormals
// CHECK-NEXT: qdq.restore_float_control %[[SAVED]]
// CHECK-NEXT: return
// GENERIC: %[[SAVED:.*]] = "qdq.flush_subnormals"() : () -> i32
// GENERIC: "qdq.restore_float_control"(%[[SAVED]]) : (i32) -> ()
func.func @float_control() {
  %saved = qdq.flush_subnormals
  qdq.restore_float_control %saved
  return
}
