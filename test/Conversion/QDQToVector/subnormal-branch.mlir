// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=1 subnormal-branch=1" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=1 subnormal-branch=1" --split-input-file | FileCheck %s --check-prefix=UNROLL
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=1 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=1" --split-input-file | FileCheck %s --check-prefix=HOST
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver4 --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=1" --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver5 --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=1" --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512bf16 subnormal-branch=1" --split-input-file | FileCheck %s --check-prefix=NARROW
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512bf16 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=WIDE

// Steps of bf16 x that compute their tiny products apart
// (KernelBuilder::subnormalBranch, docs/Lowering.md "Products of bf16 x
// below 2^-126"): with subnormal-branch=1, and by default off AMD Zen
// (--qdq-tune-cpu names the host), each register of a step (two for bf16
// results) checks whether d = x - zero_point holds an f32 subnormal
// (0 < |bits| < 2^23: |bits| - 1 below 0x7FFFFF as u32) and branches on
// it; here, with unroll=1, a step is one register. The branch taken
// computes the other
// lanes with those zeroed and the subnormal lanes from d's bits: |bits|
// converted (sitofp) and times 2^-85 is |d| * 2^64, its sign ORed back;
// fma(D, s, +-2^-62) and D * s are 2^64 times r and the product, |r'| below
// 2^-61 (0x21000000) marks the small lanes, and both scale back by 2^-64.
// f32 results are rounded in each branch (the small lanes' bits less
// bits(2^-126)). The other branch is the fma form. No multiply reads a
// subnormal.

// CHECK-LABEL: func.func @zp_f32
// CHECK-DAG: %[[P64:.*]] = arith.constant dense<5.42101086E-20> : vector<16xf32>
// CHECK-DAG: %[[P85:.*]] = arith.constant dense<2.58493941E-26> : vector<16xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-DAG: %[[SMALL_BOUND:.*]] = arith.constant dense<553648128> : vector<16xi32>
// CHECK-DAG: %[[C62:.*]] = arith.constant dense<545259520> : vector<16xi32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<16xi32>
// CHECK-DAG: %[[SUB_BOUND:.*]] = arith.constant dense<8388607> : vector<16xi32>
// CHECK-DAG: %[[MAG:.*]] = arith.constant dense<2147483647> : vector<16xi32>
// CHECK: scf.for
// CHECK: %[[D:.*]] = arith.subf
// CHECK: %[[DBITS:.*]] = arith.bitcast %[[D]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[DMAG:.*]] = arith.andi %[[DBITS]], %[[MAG]]
// CHECK: %[[DM1:.*]] = arith.subi %[[DMAG]], %[[ONE]]
// CHECK: %[[SUB:.*]] = arith.cmpi ult, %[[DM1]], %[[SUB_BOUND]]
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[SUB]] : vector<16xi1> into i1
// CHECK: %[[IF:.*]] = scf.if %[[ANY]] -> (vector<16xf32>) {
// CHECK: %[[ZEROED:.*]] = arith.select %[[SUB]], %[[ZERO]], %[[D]]
// CHECK: %[[R0:.*]] = vector.fma %[[ZEROED]]
// CHECK: %[[SMALL0:.*]] = arith.cmpi ult
// CHECK: %[[OTHERS:.*]] = arith.select %{{.*}}, %{{.*}}, %[[R0]] : vector<16xi1>, vector<16xf32>
// CHECK: %[[INT:.*]] = arith.select %[[SUB]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xi32>
// CHECK: %[[CONV:.*]] = arith.sitofp %[[INT]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[SCALED:.*]] = arith.mulf %[[CONV]], %[[P85]]
// CHECK: %[[DS:.*]] = arith.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// CHECK: arith.ori %{{.*}}, %[[C62]]
// CHECK: %[[R:.*]] = vector.fma %[[DS]], %[[S:.*]], %{{.*}} : vector<16xf32>
// CHECK: %[[RBITS:.*]] = arith.bitcast %[[R]]
// CHECK: %[[RMAG:.*]] = arith.andi %[[RBITS]], %[[MAG]]
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %[[RMAG]], %[[SMALL_BOUND]]
// CHECK: %[[P:.*]] = arith.mulf %[[DS]], %[[S]]
// CHECK: %[[V:.*]] = arith.select %[[SMALL]], %[[R]], %[[P]]
// CHECK: %[[BACK:.*]] = arith.mulf %[[V]], %[[P64]]
// CHECK: %[[OTHER_RESULTS:.*]] = arith.select %[[SMALL0]], %{{.*}}, %[[OTHERS]]
// CHECK: %[[BACK_BITS:.*]] = arith.bitcast %[[BACK]]
// CHECK: %[[BACK_PRODUCT:.*]] = arith.subi %[[BACK_BITS]]
// CHECK: %[[BACK_VALUE:.*]] = arith.bitcast %[[BACK_PRODUCT]]
// CHECK: %[[APART:.*]] = arith.select %[[SMALL]], %[[BACK_VALUE]], %[[BACK]]
// CHECK: %[[JOINED:.*]] = arith.select %[[SUB]], %[[APART]], %[[OTHER_RESULTS]]
// CHECK: scf.yield %[[JOINED]]
// CHECK: } else {
// CHECK-NOT: arith.sitofp
// CHECK: vector.fma %[[D]]
// CHECK-NOT: arith.sitofp
// CHECK: scf.yield
// CHECK: }
// CHECK: vector.transfer_write %[[IF]]
// UNROLL-LABEL: func.func @zp_f32
// UNROLL: scf.for
// UNROLL-COUNT-4: scf.if %{{.*}} -> (vector<16xf32>) {
// UNROLL-NOT: scf.if
// UNROLL: vector.transfer_write %{{.*}} : vector<64xf32>
// NONE-LABEL: func.func @zp_f32
// NONE-NOT: scf.if
// NONE-NOT: arith.sitofp
// NONE: vector.fma
// NONE-NOT: scf.if
// NONE: return
// HOST-LABEL: func.func @zp_f32
// HOST: vector.reduction <or>
// HOST: arith.sitofp
func.func @zp_f32(%x: tensor<4x64xbf16>, %s: tensor<64xf32>, %z: tensor<64xbf16>) -> tensor<4x64xf32> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<4x64xbf16>, tensor<64xf32>, tensor<64xbf16>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// -----

// bf16 results without a zero point (small lanes from x). Steps of one
// 512-bit register of f32 lanes (16 codes) branch as the others, yielding r
// or the product and the small lanes, rounded once after the branch.
// CHECK-LABEL: func.func @pt_bf16
// CHECK: scf.for
// CHECK: scf.if %{{.*}} -> (vector<16xf32>, vector<16xi1>) {
// CHECK: arith.truncf %{{.*}} : vector<16xf32> to vector<16xbf16>
// Steps of whole 32 codes compute in even and odd halves (tinyHalves): the
// step's codes as i32 pairs, then a branch per 32 codes on a subnormal x.
// Its codes take the element-order steps (a branch per two registers, as
// vcvtne2ps2bf16 takes two registers: here one), the others two fmas of 16
// even and 16 odd lanes, one rounding of both and a shuffle into element
// order.
// UNROLL-LABEL: func.func @pt_bf16
// UNROLL: scf.for
// UNROLL: vector.bitcast %{{.*}} : vector<64xi16> to vector<32xi32>
// UNROLL: scf.if %{{.*}} -> (vector<32xbf16>) {
// UNROLL: scf.if %{{.*}} -> (vector<32xf32>, vector<32xi1>) {
// UNROLL: arith.truncf %{{.*}} : vector<32xf32> to vector<32xbf16>
// UNROLL: } else {
// UNROLL-COUNT-2: vector.fma %{{.*}} : vector<16xf32>
// UNROLL: arith.truncf %{{.*}} : vector<32xf32> to vector<32xbf16>
// UNROLL: vector.shuffle %{{.*}} [0, 16, 1, 17, 2, 18, 3, 19, {{.*}}, 15, 31] : vector<32xi16>, vector<32xi16>
// UNROLL: scf.if %{{.*}} -> (vector<32xbf16>) {
// UNROLL-NOT: scf.if %{{.*}} -> (vector<32xbf16>)
// UNROLL: return
// With the unroll chosen per form, such an op takes 2 registers (32 codes)
// per step where its steps branch (QDQToVector's takesNarrowSteps), else
// the 8 of 16-bit float x (takesWideSteps).
// NARROW-LABEL: func.func @pt_bf16
// NARROW: scf.for %{{.*}} = %c0 to %c256 step %c32
// WIDE-LABEL: func.func @pt_bf16
// WIDE: scf.for %{{.*}} = %c0 to %c256 step %c128
// NONE-LABEL: func.func @pt_bf16
// NONE-NOT: scf.if
// NONE: return
// HOST-LABEL: func.func @pt_bf16
// HOST: vector.reduction <or>
func.func @pt_bf16(%x: tensor<256xbf16>, %s: tensor<f32>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xbf16>, tensor<f32>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}

// -----

// Only bf16 x steps branch (other x has no subnormal difference). Option
// values other than -1, 0 and 1 are errors (invalid-options.mlir).
// CHECK-LABEL: func.func @int8
// CHECK-NOT: scf.if
// CHECK: return
func.func @int8(%x: tensor<64xi8>, %s: tensor<f32>) -> tensor<64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xi8>, tensor<f32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}
