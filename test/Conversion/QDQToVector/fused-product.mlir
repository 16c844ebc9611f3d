// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw,avx512vbmi period-tile=4" --split-input-file | FileCheck %s --check-prefixes=CHECK,TILE4
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw,avx512vbmi period-tile=1" --split-input-file | FileCheck %s --check-prefixes=CHECK,TILE1

// Integer x of at most 16 bits with a zero point and f16/bf16 scales,
// per-tensor or per-axis: each step's product is one fused multiply-add,
// fma(F, scale, -M * scale) with F the f32 of bits x + (bits(M) - zero
// point), M = 1.5 * 2^23 (bits 0x4B400000 = 1262485504), where a pass over
// the scales before the loops finds them all positive, finite and below
// 2^100 (1.2676506E+30); else the plain subtraction, conversion and
// multiply. The loops are built twice, one of each, under one branch on
// the pass's result (the steps branch on nothing); bits(M) - zero point
// and -M * scale are built outside the loop.
// CHECK-LABEL: func.func @i8_axis_f16
// CHECK-DAG: %[[M:.*]] = arith.constant dense<1262485504> : vector<64xi32>
// CHECK-DAG: %[[MF:.*]] = arith.constant dense<0xCB400000> : vector<64xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<64xf32>
// CHECK-DAG: %[[LIMIT:.*]] = arith.constant dense<1.2676506E+30> : vector<64xf32>
// CHECK: %[[LANES:.*]] = scf.for
// CHECK-DAG: %[[HIGH:.*]] = arith.cmpf uge, %[[SC:.*]], %[[LIMIT]] : vector<64xf32>
// CHECK-DAG: %[[LOW:.*]] = arith.cmpf ule, %[[SC]], %[[ZERO]] : vector<64xf32>
// CHECK: arith.ori %[[LOW]], %[[HIGH]] : vector<64xi1>
// CHECK: %[[BAD:.*]] = vector.reduction <or>, %[[LANES]] : vector<64xi1> into i1
// CHECK: scf.if %[[BAD]] -> (tensor<8x64xf16>) {
// CHECK: %[[ZP:.*]] = arith.extsi %{{.*}} : vector<64xi8> to vector<64xi32>
// CHECK: scf.for {{.*}} -> (tensor<512xi16>, index) {
// CHECK-NOT: scf.if
// CHECK: arith.subi %{{.*}}, %[[ZP]] : vector<64xi32>
// CHECK: arith.sitofp
// CHECK: arith.mulf %{{.*}}, %[[S:.*]] : vector<64xf32>
// CHECK-NOT: vector.fma
// CHECK: } else {
// CHECK: %[[ADDEND:.*]] = arith.mulf %[[S2:.*]], %[[MF]] : vector<64xf32>
// CHECK: %[[ZP2:.*]] = arith.extsi %{{.*}} : vector<64xi8> to vector<64xi32>
// CHECK: %[[SHIFT:.*]] = arith.subi %[[M]], %[[ZP2]] : vector<64xi32>
// CHECK: scf.for {{.*}} -> (tensor<512xi16>, index) {
// CHECK-NOT: scf.if
// CHECK: %[[X:.*]] = arith.extsi %{{.*}} : vector<64xi8> to vector<64xi32>
// CHECK: %[[BITS:.*]] = arith.addi %[[X]], %[[SHIFT]] : vector<64xi32>
// CHECK: %[[F:.*]] = arith.bitcast %[[BITS]] : vector<64xi32> to vector<64xf32>
// CHECK: %[[FMA:.*]] = vector.fma %[[F]], %[[S2]], %[[ADDEND]] : vector<64xf32>
// CHECK: %[[P0:.*]] = vector.extract_strided_slice %[[FMA]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: arith.truncf %[[P0]] : vector<16xf32> to vector<16xf16>
func.func @i8_axis_f16(%x: tensor<8x64xi8>, %s: tensor<64xf16>, %z: tensor<64xi8>) -> tensor<8x64xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<8x64xi8>, tensor<64xf16>, tensor<64xi8>) -> tensor<8x64xf16>
  return %y : tensor<8x64xf16>
}

// -----

// 16-bit x per-tensor (no lookup table) with a bf16 scale and f32 results.
// CHECK-LABEL: func.func @u16_tensor_bf16
// CHECK: vector.fma
func.func @u16_tensor_bf16(%x: tensor<300xui16>, %s: tensor<bf16>, %z: tensor<ui16>) -> tensor<300xf32> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<300xui16>, tensor<bf16>, tensor<ui16>) -> tensor<300xf32>
  return %y : tensor<300xf32>
}

// -----

// Per-axis over a period of several steps (C = 256, 4 steps of 64), in
// period tiles of 4 rows: each column step of a tile reads its scales and
// zero points once and builds -M * scale and bits(M) - zero point once
// (not per row), then one fused multiply-add per row. Tiles of one period
// (period-tile=1, the host's choice where the nest streams) keep the plain
// product: they would build both per step.
// CHECK-LABEL: func.func @i8_tiles_f16
// TILE4-DAG: %[[M:.*]] = arith.constant dense<1262485504> : vector<64xi32>
// TILE4-DAG: %[[MF:.*]] = arith.constant dense<0xCB400000> : vector<64xf32>
// TILE4: } else {
// TILE4: scf.for {{.*}} step %c1024
// TILE4-NEXT: scf.for {{.*}} step %c64
// TILE4-NEXT: %[[S:.*]] = vector.transfer_read {{.*}} vector<64xf32>
// TILE4-NEXT: %[[ADDEND:.*]] = arith.mulf %[[S]], %[[MF]] : vector<64xf32>
// TILE4-NOT: arith.mulf
// TILE4: %[[ZP:.*]] = arith.extsi %{{.*}} : vector<64xi8> to vector<64xi32>
// TILE4-NEXT: %[[SHIFT:.*]] = arith.subi %[[M]], %[[ZP]] : vector<64xi32>
// TILE4-NOT: arith.subi
// TILE4-COUNT-4: vector.fma %{{.*}}, %[[S]], %[[ADDEND]] : vector<64xf32>
// TILE4-NOT: arith.subi %[[M]]
// TILE4: scf.yield
// TILE1-NOT: vector.fma
// TILE1: return
func.func @i8_tiles_f16(%x: tensor<6x256xi8>, %s: tensor<256xf16>, %z: tensor<256xi8>) -> tensor<6x256xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<6x256xi8>, tensor<256xf16>, tensor<256xi8>) -> tensor<6x256xf16>
  return %y : tensor<6x256xf16>
}

// -----

// Not taken: f32 scales (-M * scale is not exact), no zero point (nothing to
// fold), 32-bit x (F not exact), blocked scales (the addend and shifted
// zero point would be built per block), fp8 x.
// CHECK-LABEL: func.func @others
// CHECK-NOT: vector.fma
// CHECK: return
func.func @others(%a: tensor<4x64xi8>, %sf: tensor<64xf32>, %za: tensor<64xi8>, %sh: tensor<64xf16>, %c: tensor<256xi32>, %t: tensor<f16>, %zc: tensor<i32>, %b: tensor<4x64xi8>, %sb: tensor<4x2xf16>, %zb: tensor<4x2xi8>, %e: tensor<4x64xf8E4M3FN>) -> (tensor<4x64xf32>, tensor<4x64xf16>, tensor<256xf16>, tensor<4x64xf16>, tensor<4x64xf16>) {
  %0 = qdq.dequantize_linear %a, %sf, %za {axis = 1 : i64} : (tensor<4x64xi8>, tensor<64xf32>, tensor<64xi8>) -> tensor<4x64xf32>
  %1 = qdq.dequantize_linear %a, %sh {axis = 1 : i64} : (tensor<4x64xi8>, tensor<64xf16>) -> tensor<4x64xf16>
  %2 = qdq.dequantize_linear %c, %t, %zc : (tensor<256xi32>, tensor<f16>, tensor<i32>) -> tensor<256xf16>
  %3 = qdq.dequantize_linear %b, %sb, %zb {axis = 1 : i64, block_size = 32 : i64} : (tensor<4x64xi8>, tensor<4x2xf16>, tensor<4x2xi8>) -> tensor<4x64xf16>
  %4 = qdq.dequantize_linear %e, %sh {axis = 1 : i64} : (tensor<4x64xf8E4M3FN>, tensor<64xf16>) -> tensor<4x64xf16>
  return %0, %1, %2, %3, %4 : tensor<4x64xf32>, tensor<4x64xf16>, tensor<256xf16>, tensor<4x64xf16>, tensor<4x64xf16>
}
