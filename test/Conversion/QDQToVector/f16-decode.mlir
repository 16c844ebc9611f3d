// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx2,f16c period-tile=4" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=128 cpu-features=ssse3,f16c period-tile=4" --split-input-file | FileCheck %s --check-prefix=X128
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx2 period-tile=4" --split-input-file | FileCheck %s --check-prefix=INT
// period-tile=4: the period-tile forms checked below are not every host's
// default (Zen 5 takes one period at a time: getHostPeriodTile).

// fp8 x in arithmetic decodes through f16 bits when the CPU has F16C
// (decodeMinifloatToF32ViaF16): byte operations on the codes make the high
// and the low byte of each f16, vector.interleave puts them in order,
// arith.extf widens them (vcvtph2ps), and a multiply by 2^(15 - bias)
// rebiases f8E4M3FN (2^8) and f8E4M3FNUZ (2^7). f8E5M2 is the high byte
// of an f16; f8E5M2FNUZ takes two byte forms. CPUs without F16C keep the
// integer decode (INT). For f8E4M3FN and f8E4M3FNUZ the loops are built
// twice, under a branch on one pass over the scales: where every |scale|
// is below 2^100 (1.2676506E+30) the decoded scales take the power of two
// instead (once per scale, not per register of x). The constants are checked
// as the decode needs them: 0x7F (127), 1, 7, 0x41 (65), 0x80 (-128 as
// i8), 0xFE (-2), 0x7C (124), 0x7E (126), 4, 8.

// CHECK-LABEL: func.func @e4m3fn
// CHECK-DAG: %[[M7F:.*]] = arith.constant dense<127> : vector<32xi8>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<32xi8>
// CHECK-DAG: %[[SEVEN:.*]] = arith.constant dense<7> : vector<32xi8>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<32xi8>
// CHECK-DAG: %[[FLIP:.*]] = arith.constant dense<65> : vector<32xi8>
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant dense<2.560000e+02> : vector<32xf32>
// CHECK-DAG: %[[REBIAS1:.*]] = arith.constant 2.560000e+02 : f32
// CHECK-DAG: %[[LIMIT:.*]] = arith.constant dense<1.2676506E+30> : vector<32xf32>
// CHECK: %[[ABS:.*]] = arith.bitcast %{{.*}} : vector<32xi32> to vector<32xf32>
// CHECK-NEXT: %[[LARGE:.*]] = arith.cmpf uge, %[[ABS]], %[[LIMIT]] : vector<32xf32>
// CHECK-NEXT: %[[ANY:.*]] = vector.reduction <or>, %[[LARGE]] : vector<32xi1> into i1
// CHECK-NEXT: scf.if %[[ANY]]
// CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : f32 to vector<32xf32>
// CHECK: scf.for
// CHECK: %[[C:.*]] = vector.transfer_read %{{.*}} : tensor<64xi8>, vector<32xi8>
// CHECK-NEXT: %[[MAG:.*]] = arith.andi %[[C]], %[[M7F]] : vector<32xi8>
// CHECK-NEXT: %[[P1:.*]] = arith.addi %[[MAG]], %[[ONE]] : vector<32xi8>
// CHECK-NEXT: %[[HALF:.*]] = arith.shrui %[[P1]], %[[ONE]] : vector<32xi8>
// CHECK-NEXT: %[[HI0:.*]] = arith.subi %[[C]], %[[HALF]] : vector<32xi8>
// CHECK-NEXT: %[[LO0:.*]] = arith.shli %[[C]], %[[SEVEN]] : vector<32xi8>
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpi eq, %[[MAG]], %[[M7F]] : vector<32xi8>
// CHECK-NEXT: %[[LO:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[LO0]] : vector<32xi1>, vector<32xi8>
// CHECK-NEXT: %[[F:.*]] = arith.select %[[NAN]], %[[FLIP]], %[[ZERO]] : vector<32xi1>, vector<32xi8>
// CHECK-NEXT: %[[HI:.*]] = arith.xori %[[HI0]], %[[F]] : vector<32xi8>
// CHECK-NEXT: %[[B:.*]] = vector.interleave %[[LO]], %[[HI]] : vector<32xi8> -> vector<64xi8>
// CHECK-NEXT: %[[H:.*]] = vector.bitcast %[[B]] : vector<64xi8> to vector<32xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: %[[V:.*]] = arith.mulf %[[W]], %[[REBIAS]] : vector<32xf32>
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[V]], %[[S]] : vector<32xf32>
// CHECK-NEXT: vector.transfer_write %[[Y]]
// CHECK: } else {
// CHECK: %[[S1:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK-NEXT: %[[FOLDED1:.*]] = arith.mulf %[[S1]], %[[REBIAS1]] : f32
// CHECK-NEXT: %[[FOLDED:.*]] = vector.broadcast %[[FOLDED1]] : f32 to vector<32xf32>
// CHECK: scf.for
// CHECK: %[[FW:.*]] = arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: %[[FY:.*]] = arith.mulf %[[FW]], %[[FOLDED]] : vector<32xf32>
// CHECK-NEXT: vector.transfer_write %[[FY]]

// X128-LABEL: func.func @e4m3fn
// X128: vector.transfer_read %{{.*}} : tensor<64xi8>, vector<16xi8>
// X128: vector.interleave %{{.*}}, %{{.*}} : vector<16xi8> -> vector<32xi8>
// X128-NEXT: vector.bitcast %{{.*}} : vector<32xi8> to vector<16xf16>
// X128-NEXT: arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>

// INT-LABEL: func.func @e4m3fn
// INT-NOT: vector.interleave
// INT: arith.extui %{{.*}} : vector<32xi8> to vector<32xi32>
// INT-NOT: vector.interleave
// INT: return
func.func @e4m3fn(%x: tensor<64xf8E4M3FN>, %s: tensor<f32>) -> tensor<64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xf8E4M3FN>, tensor<f32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// -----

// f8E4M3FNUZ: the same bytes; the NaN is the code 0x80 alone, whose low
// byte is already 0; its high byte 0x80 flips to 0x7E (no sign).

// CHECK-LABEL: func.func @e4m3fnuz
// CHECK-DAG: %[[M7F:.*]] = arith.constant dense<127> : vector<32xi8>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<32xi8>
// CHECK-DAG: %[[SEVEN:.*]] = arith.constant dense<7> : vector<32xi8>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<32xi8>
// CHECK-DAG: %[[M80:.*]] = arith.constant dense<-128> : vector<32xi8>
// CHECK-DAG: %[[FLIP:.*]] = arith.constant dense<-2> : vector<32xi8>
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant dense<1.280000e+02> : vector<32xf32>
// CHECK: %[[C:.*]] = vector.transfer_read %{{.*}} : tensor<64xi8>, vector<32xi8>
// CHECK-NEXT: %[[MAG:.*]] = arith.andi %[[C]], %[[M7F]] : vector<32xi8>
// CHECK-NEXT: %[[P1:.*]] = arith.addi %[[MAG]], %[[ONE]] : vector<32xi8>
// CHECK-NEXT: %[[HALF:.*]] = arith.shrui %[[P1]], %[[ONE]] : vector<32xi8>
// CHECK-NEXT: %[[HI0:.*]] = arith.subi %[[C]], %[[HALF]] : vector<32xi8>
// CHECK-NEXT: %[[LO:.*]] = arith.shli %[[C]], %[[SEVEN]] : vector<32xi8>
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpi eq, %[[C]], %[[M80]] : vector<32xi8>
// CHECK-NEXT: %[[F:.*]] = arith.select %[[NAN]], %[[FLIP]], %[[ZERO]] : vector<32xi1>, vector<32xi8>
// CHECK-NEXT: %[[HI:.*]] = arith.xori %[[HI0]], %[[F]] : vector<32xi8>
// CHECK-NEXT: %[[B:.*]] = vector.interleave %[[LO]], %[[HI]] : vector<32xi8> -> vector<64xi8>
// CHECK-NEXT: %[[H:.*]] = vector.bitcast %[[B]] : vector<64xi8> to vector<32xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: arith.mulf %[[W]], %[[REBIAS]] : vector<32xf32>
// CHECK: } else {
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[FW:.*]] = arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: arith.mulf %[[FW]], %{{.*}} : vector<32xf32>
// CHECK-NEXT: vector.transfer_write

// INT-LABEL: func.func @e4m3fnuz
// INT-NOT: vector.interleave
// INT: return
func.func @e4m3fnuz(%x: tensor<64xf8E4M3FNUZ>, %s: tensor<f32>) -> tensor<64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xf8E4M3FNUZ>, tensor<f32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// -----

// f8E5M2: the code is the high byte, the low byte 0; NaN codes (magnitude
// above 0x7C, the infinity) become sign | 0x7E. No rebiasing multiply,
// so no branch on the scales.

// CHECK-LABEL: func.func @e5m2
// CHECK-DAG: %[[M7E:.*]] = arith.constant dense<126> : vector<32xi8>
// CHECK-DAG: %[[M7C:.*]] = arith.constant dense<124> : vector<32xi8>
// CHECK-DAG: %[[M7F:.*]] = arith.constant dense<127> : vector<32xi8>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<32xi8>
// CHECK-NOT: scf.if
// CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : f32 to vector<32xf32>
// CHECK: %[[C:.*]] = vector.transfer_read %{{.*}} : tensor<64xi8>, vector<32xi8>
// CHECK-NEXT: %[[MAG:.*]] = arith.andi %[[C]], %[[M7F]] : vector<32xi8>
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpi ugt, %[[MAG]], %[[M7C]] : vector<32xi8>
// CHECK-NEXT: %[[TO7E:.*]] = arith.xori %[[MAG]], %[[M7E]] : vector<32xi8>
// CHECK-NEXT: %[[F:.*]] = arith.select %[[NAN]], %[[TO7E]], %[[ZERO]] : vector<32xi1>, vector<32xi8>
// CHECK-NEXT: %[[HI:.*]] = arith.xori %[[C]], %[[F]] : vector<32xi8>
// CHECK-NEXT: %[[B:.*]] = vector.interleave %[[ZERO]], %[[HI]] : vector<32xi8> -> vector<64xi8>
// CHECK-NEXT: %[[H:.*]] = vector.bitcast %[[B]] : vector<64xi8> to vector<32xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: arith.mulf %[[W]], %[[S]] : vector<32xf32>

// INT-LABEL: func.func @e5m2
// INT-NOT: vector.interleave
// INT: return
func.func @e5m2(%x: tensor<64xf8E5M2>, %s: tensor<f32>) -> tensor<64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xf8E5M2>, tensor<f32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// -----

// f8E5M2FNUZ: its top exponent would be f16's infinity, so each code
// takes its value's own f16 bits: from magnitude 8 on (exponent >= 2) the
// high byte is magnitude - 4 (one exponent lower) and the low byte 0;
// below 8 the f16 subnormal magnitude << 7. The code 0x80 is the NaN. No
// rebiasing multiply.

// CHECK-LABEL: func.func @e5m2fnuz
// CHECK-DAG: %[[FLIP:.*]] = arith.constant dense<-2> : vector<32xi8>
// CHECK-DAG: %[[SEVEN:.*]] = arith.constant dense<7> : vector<32xi8>
// CHECK-DAG: %[[M80:.*]] = arith.constant dense<-128> : vector<32xi8>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<32xi8>
// CHECK-DAG: %[[FOUR:.*]] = arith.constant dense<4> : vector<32xi8>
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant dense<8> : vector<32xi8>
// CHECK-DAG: %[[M7F:.*]] = arith.constant dense<127> : vector<32xi8>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<32xi8>
// CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : f32 to vector<32xf32>
// CHECK: %[[C:.*]] = vector.transfer_read %{{.*}} : tensor<64xi8>, vector<32xi8>
// CHECK-NEXT: %[[MAG:.*]] = arith.andi %[[C]], %[[M7F]] : vector<32xi8>
// CHECK-NEXT: %[[SMALL:.*]] = arith.cmpi ult, %[[MAG]], %[[EIGHT]] : vector<32xi8>
// CHECK-NEXT: %[[LOWERED:.*]] = arith.subi %[[MAG]], %[[FOUR]] : vector<32xi8>
// CHECK-NEXT: %[[HALVED:.*]] = arith.shrui %[[MAG]], %[[ONE]] : vector<32xi8>
// CHECK-NEXT: %[[HM:.*]] = arith.select %[[SMALL]], %[[HALVED]], %[[LOWERED]] : vector<32xi1>, vector<32xi8>
// CHECK-NEXT: %[[SIGN:.*]] = arith.andi %[[C]], %[[M80]] : vector<32xi8>
// CHECK-NEXT: %[[HI0:.*]] = arith.ori %[[HM]], %[[SIGN]] : vector<32xi8>
// CHECK-NEXT: %[[BIT:.*]] = arith.shli %[[C]], %[[SEVEN]] : vector<32xi8>
// CHECK-NEXT: %[[LO:.*]] = arith.select %[[SMALL]], %[[BIT]], %[[ZERO]] : vector<32xi1>, vector<32xi8>
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpi eq, %[[C]], %[[M80]] : vector<32xi8>
// CHECK-NEXT: %[[F:.*]] = arith.select %[[NAN]], %[[FLIP]], %[[ZERO]] : vector<32xi1>, vector<32xi8>
// CHECK-NEXT: %[[HI:.*]] = arith.xori %[[HI0]], %[[F]] : vector<32xi8>
// CHECK-NEXT: %[[B:.*]] = vector.interleave %[[LO]], %[[HI]] : vector<32xi8> -> vector<64xi8>
// CHECK-NEXT: %[[H:.*]] = vector.bitcast %[[B]] : vector<64xi8> to vector<32xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: arith.mulf %[[W]], %[[S]] : vector<32xf32>

// INT-LABEL: func.func @e5m2fnuz
// INT-NOT: vector.interleave
// INT: arith.extui %{{.*}} : vector<32xi8> to vector<32xi32>
// INT-NOT: vector.interleave
// INT: return
func.func @e5m2fnuz(%x: tensor<64xf8E5M2FNUZ>, %s: tensor<f32>) -> tensor<64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xf8E5M2FNUZ>, tensor<f32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// -----

// Per-axis x with f16 scales and results: the decoded value times the
// step's scale entries, then the rounding to f16. With every |scale| below
// 2^100 (the else branch), the axis table holds the scales times 2^8 and
// the steps leave the rebiasing multiply out.

// CHECK-LABEL: func.func @e4m3fn_axis_f16
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant dense<2.560000e+02> : vector<32xf32>
// CHECK: scf.if
// CHECK: %[[S:.*]] = vector.transfer_read %{{.*}} : tensor<96xf32>, vector<32xf32>
// CHECK: vector.interleave %{{.*}}, %{{.*}} : vector<32xi8> -> vector<64xi8>
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: %[[V:.*]] = arith.mulf %[[W]], %[[REBIAS]] : vector<32xf32>
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[V]], %[[S]] : vector<32xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK: } else {
// CHECK: %[[E:.*]] = arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: %[[EF:.*]] = arith.mulf %[[E]], %[[REBIAS]] : vector<32xf32>
// CHECK-NEXT: vector.transfer_write %[[EF]], %{{.*}} : vector<32xf32>, tensor<96xf32>
// CHECK: %[[FS:.*]] = vector.transfer_read %{{.*}} : tensor<96xf32>, vector<32xf32>
// CHECK: vector.interleave %{{.*}}, %{{.*}} : vector<32xi8> -> vector<64xi8>
// CHECK: %[[FW:.*]] = arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: %[[FY:.*]] = arith.mulf %[[FW]], %[[FS]] : vector<32xf32>
// CHECK-NEXT: vector.extract_strided_slice %[[FY]]
func.func @e4m3fn_axis_f16(%x: tensor<4x64xf8E4M3FN>, %s: tensor<64xf16>) -> tensor<4x64xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64} : (tensor<4x64xf8E4M3FN>, tensor<64xf16>) -> tensor<4x64xf16>
  return %y : tensor<4x64xf16>
}

// -----

// f32 scales per-axis: the steps read them in place (the scale is its own
// axis table). Where the rebias is folded (the else branch), each column
// step of a period tile multiplies the scales it reads by 2^8 once, for
// the tile's rows, and the decodes leave the rebias out.

// CHECK-LABEL: func.func @e4m3fn_axis_f32
// CHECK-SAME: %[[SCALE:[^:]*]]: tensor<64xf32>
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant dense<2.560000e+02> : vector<32xf32>
// CHECK: scf.if
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[S:.*]] = vector.transfer_read %[[SCALE]]
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: %[[V:.*]] = arith.mulf %[[W]], %[[REBIAS]] : vector<32xf32>
// CHECK-NEXT: arith.mulf %[[V]], %[[S]] : vector<32xf32>
// CHECK: } else {
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[T:.*]] = vector.transfer_read %[[SCALE]][%{{.*}}], %{{.*}} : tensor<64xf32>, vector<32xf32>
// CHECK-NEXT: %[[TF:.*]] = arith.mulf %[[T]], %[[REBIAS]] : vector<32xf32>
// CHECK: arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: arith.mulf %{{.*}}, %[[TF]] : vector<32xf32>
// CHECK: arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: arith.mulf %{{.*}}, %[[TF]] : vector<32xf32>
// CHECK: arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: arith.mulf %{{.*}}, %[[TF]] : vector<32xf32>
// CHECK: arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK-NEXT: arith.mulf %{{.*}}, %[[TF]] : vector<32xf32>
func.func @e4m3fn_axis_f32(%x: tensor<4x64xf8E4M3FN>, %s: tensor<64xf32>) -> tensor<4x64xf32> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64} : (tensor<4x64xf8E4M3FN>, tensor<64xf32>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}
