// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=2097152 subnormal-branch=-1" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=1 flush-subnormals=0 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=ALL
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,avx512bf16 tiny-products-min-bytes=-1 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=NONE
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw tiny-products-min-bytes=1 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=NOBF16
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=1 cpu-features=avx2,f16c tiny-products-min-bytes=1 subnormal-branch=-1" --split-input-file | FileCheck %s --check-prefix=AVX2

// Products of bf16 x below 2^-126 (KernelBuilder::TinyProducts,
// docs/Lowering.md "Products of bf16 x below 2^-126"): on
// AVX-512 the steps compute them apart from the multiply, which AVX-512
// cores take a microcode assist for when it makes an f32 subnormal.

// bf16 results (with AVX512_BF16, at every size), a scale per tensor and
// no zero point: the small lanes are known from x (smallProductsOfX), |x|
// below a bound of the scale computed once before the loop: t, the bits
// of 2^-126 / |s| shifted right by 16, plus one where t's bf16 times |s|
// is below 2^-126 (0 for an infinite or NaN scale). Small lanes add
// c = (sign(d) ^ sign(s)) | 2^-126 in the fma, the others 0; rounded by
// arith.truncf (vcvtneps2bf16), the small lanes lose bits(2^-126) = 0x80,
// and NaNs become sign | 0x7FC0 (minsi 0x7FC0, minui 0xFFC0).
// CHECK-LABEL: func.func @pt_bf16
// CHECK-DAG: %[[NEG_NAN:.*]] = arith.constant dense<-64> : vector<16xi16>
// CHECK-DAG: %[[POS_NAN:.*]] = arith.constant dense<32704> : vector<16xi16>
// CHECK-DAG: %[[BIAS16:.*]] = arith.constant dense<128> : vector<16xi16>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK-DAG: %[[SIGN:.*]] = arith.constant dense<-2147483648> : vector<16xi32>
// CHECK-DAG: %[[MIN_NORMAL:.*]] = arith.constant dense<8388608> : vector<16xi32>
// CHECK-DAG: %[[MAG16:.*]] = arith.constant dense<32767> : vector<16xi16>
// CHECK-DAG: %[[TINY:.*]] = arith.constant 1.17549435E-38 : f32
// CHECK-DAG: %[[INF:.*]] = arith.constant 2139095040 : i32
// CHECK: %[[S:.*]] = tensor.extract
// CHECK: %[[SBITS:.*]] = arith.bitcast %[[S]] : f32 to i32
// CHECK: %[[SMAG:.*]] = arith.andi %[[SBITS]]
// CHECK: %[[SMAGF:.*]] = arith.bitcast %[[SMAG]] : i32 to f32
// CHECK: %[[Q:.*]] = arith.divf %[[TINY]], %[[SMAGF]] : f32
// CHECK: %[[QBITS:.*]] = arith.bitcast %[[Q]] : f32 to i32
// CHECK: %[[T:.*]] = arith.shrui %[[QBITS]]
// CHECK: %[[TW:.*]] = arith.shli %[[T]]
// CHECK: %[[TF:.*]] = arith.bitcast %[[TW]] : i32 to f32
// CHECK: %[[TP:.*]] = arith.mulf %[[TF]], %[[SMAGF]] : f32
// CHECK: %[[TSMALL:.*]] = arith.cmpf olt, %[[TP]], %[[TINY]] : f32
// CHECK: %[[ONE:.*]] = arith.extui %[[TSMALL]] : i1 to i32
// CHECK: %[[FINITE:.*]] = arith.cmpi ult, %[[SMAG]], %[[INF]] : i32
// CHECK: %[[TPLUS:.*]] = arith.addi %[[T]], %[[ONE]] : i32
// CHECK: %[[B32:.*]] = arith.select %[[FINITE]], %[[TPLUS]], %{{.*}} : i32
// CHECK: %[[BOUND:.*]] = arith.trunci %[[B32]] : i32 to i16
// CHECK: %[[SV:.*]] = vector.broadcast %[[S]] : f32 to vector<16xf32>
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read
// CHECK: %[[XBITS:.*]] = arith.bitcast %[[X]] : vector<16xbf16> to vector<16xi16>
// CHECK: %[[XMAG:.*]] = arith.andi %[[XBITS]], %[[MAG16]]
// CHECK: %[[BOUNDV:.*]] = vector.broadcast %[[BOUND]] : i16 to vector<16xi16>
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %[[XMAG]], %[[BOUNDV]] : vector<16xi16>
// CHECK: %[[D:.*]] = arith.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// CHECK: %[[SVBITS:.*]] = arith.bitcast %[[SV]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[SSIGN:.*]] = arith.andi %[[SVBITS]], %[[SIGN]]
// CHECK: %[[CS:.*]] = arith.ori %[[SSIGN]], %[[MIN_NORMAL]]
// CHECK: %[[DBITS:.*]] = arith.bitcast %[[D]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[DSIGN:.*]] = arith.andi %[[DBITS]], %[[SIGN]]
// CHECK: %[[C:.*]] = arith.xori %[[DSIGN]], %[[CS]]
// CHECK: %[[CSEL:.*]] = arith.select %[[SMALL]], %[[C]], %[[ZERO]]
// CHECK: %[[CF:.*]] = arith.bitcast %[[CSEL]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[R:.*]] = vector.fma %[[D]], %[[SV]], %[[CF]] : vector<16xf32>
// CHECK-NOT: arith.mulf
// CHECK: %[[Y:.*]] = arith.truncf %[[R]] : vector<16xf32> to vector<16xbf16>
// CHECK: %[[YBITS:.*]] = arith.bitcast %[[Y]] : vector<16xbf16> to vector<16xi16>
// CHECK: %[[OFF:.*]] = arith.subi %[[YBITS]], %[[BIAS16]]
// CHECK: %[[Z:.*]] = arith.select %[[SMALL]], %[[OFF]], %[[YBITS]]
// CHECK: %[[N1:.*]] = arith.minsi %[[Z]], %[[POS_NAN]]
// CHECK: arith.minui %[[N1]], %[[NEG_NAN]]
// NONE-LABEL: func.func @pt_bf16
// NONE: vector.fma
// Without AVX512_BF16 (or AVX-512): the integer rounding of the product.
// NOBF16-LABEL: func.func @pt_bf16
// NOBF16-NOT: vector.fma
// NOBF16-NOT: arith.truncf
// NOBF16: return
// AVX2-LABEL: func.func @pt_bf16
// AVX2-NOT: vector.fma
// AVX2: return
func.func @pt_bf16(%x: tensor<64xbf16>, %s: tensor<f32>) -> tensor<64xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xbf16>, tensor<f32>) -> tensor<64xbf16>
  return %y : tensor<64xbf16>
}

// -----

// f32 results: the small lanes are bits(r) - bits(2^-126). With the
// threshold of AMD Zen hosts (the first RUN line) only ops that move at
// least 2 MiB take it (this one: 384 bytes); tiny-products-host.mlir tests
// each host's default.
// CHECK-LABEL: func.func @pt_f32
// CHECK-NOT: vector.fma
// CHECK: return
// ALL-LABEL: func.func @pt_f32
// ALL-DAG: %[[MIN_NORMAL:.*]] = arith.constant dense<8388608> : vector<16xi32>
// ALL: %[[SMALL:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : vector<16xi16>
// ALL: %[[R:.*]] = vector.fma
// ALL: %[[RBITS:.*]] = arith.bitcast %[[R]]
// ALL: %[[SUB:.*]] = arith.subi %[[RBITS]], %[[MIN_NORMAL]]
// ALL: %[[SUBF:.*]] = arith.bitcast %[[SUB]] : vector<16xi32> to vector<16xf32>
// ALL: arith.select %[[SMALL]], %[[SUBF]], %[[R]]
// NOBF16-LABEL: func.func @pt_f32
// NOBF16: vector.fma
// AVX2-LABEL: func.func @pt_f32
// AVX2-NOT: vector.fma
// AVX2: return
func.func @pt_f32(%x: tensor<64xbf16>, %s: tensor<f32>) -> tensor<64xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xbf16>, tensor<f32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// -----

// Ops that move at least 2 MiB (here 3 MiB) take it.
// CHECK-LABEL: func.func @large_f32
// CHECK: vector.fma
// NONE-LABEL: func.func @large_f32
// NONE-NOT: vector.fma
// NONE: return
func.func @large_f32(%x: tensor<524288xbf16>, %s: tensor<f32>) -> tensor<524288xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<524288xbf16>, tensor<f32>) -> tensor<524288xf32>
  return %y : tensor<524288xf32>
}

// -----

// ... and ops of dynamic shapes.
// CHECK-LABEL: func.func @dynamic_f32
// CHECK: vector.fma
func.func @dynamic_f32(%x: tensor<?xbf16>, %s: tensor<f32>) -> tensor<?xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<?xbf16>, tensor<f32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// f16 results of f16 scales without a zero point (the ALL line has
// flush-subnormals=0; by default their loops of normal scales below 2^100
// flush subnormals instead: flush-subnormals.mlir): where every scale is
// finite, x below 2^-100 (bits 0x0D800000 = 226492416) is raised to it
// (unsigned maximum for positive x, signed maximum with 0x8D800000 =
// -1920991232 for negative x) and multiplied; the loops of other scales
// (an infinite scale would turn 0 * inf into inf) take the fma form, whose
// small lanes are +-0 (bits(r) & sign).
// ALL-LABEL: func.func @pt_f16
// ALL-DAG: %[[RAISE_POS:.*]] = arith.constant dense<226492416> : vector<16xi32>
// ALL-DAG: %[[RAISE_NEG:.*]] = arith.constant dense<-1920991232> : vector<16xi32>
// ALL: %[[BAD:.*]] = vector.reduction <or>
// ALL: scf.if %[[BAD]]
// ALL: vector.fma
// ALL: arith.andi %{{.*}}, %[[SIGN:.*]] : vector<16xi32>
// ALL: } else {
// ALL-NOT: vector.fma
// ALL: %[[UP:.*]] = arith.maxui %{{.*}}, %[[RAISE_POS]]
// ALL: arith.maxsi %[[UP]], %[[RAISE_NEG]]
// ALL: arith.mulf
// ALL: arith.truncf %{{.*}} : vector<16xf32> to vector<16xf16>
// ALL-NOT: vector.fma
// ALL: return
func.func @pt_f16(%x: tensor<64xbf16>, %s: tensor<f16>) -> tensor<64xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xbf16>, tensor<f16>) -> tensor<64xf16>
  return %y : tensor<64xf16>
}

// -----

// With a zero point (d = x - zero_point in f32) or an f32 scale, f16
// results take the fma form in every loop.
// ALL-LABEL: func.func @axis_f16_zp
// ALL-NOT: arith.maxui
// ALL: arith.subf
// ALL: vector.fma
// ALL-NOT: arith.maxui
// ALL: return
func.func @axis_f16_zp(%x: tensor<4x64xbf16>, %s: tensor<64xf16>, %z: tensor<64xbf16>) -> tensor<4x64xf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<4x64xbf16>, tensor<64xf16>, tensor<64xbf16>) -> tensor<4x64xf16>
  return %y : tensor<4x64xf16>
}

// -----

// A step scale read in the loop (blocks of 16, a block per step): no bound
// from x (a division per step); the lanes with |r| >= 2^-125 take the
// product (the select's true operand, which LLVM folds into a masked
// vmulps): r = 2^-125 may come from |d * s| = 2^-126 + 2^-149, whose
// product is not 2^-126.
// CHECK-LABEL: func.func @blocks_bf16
// CHECK-DAG: %[[BOUND:.*]] = arith.constant dense<16777216> : vector<16xi32>
// CHECK-DAG: %[[MAG:.*]] = arith.constant dense<2147483647> : vector<16xi32>
// CHECK-NOT: arith.divf
// CHECK: scf.for
// CHECK-NOT: arith.divf
// CHECK: %[[R:.*]] = vector.fma %[[D:.*]], %[[S:.*]], %{{.*}} : vector<16xf32>
// CHECK: %[[RBITS:.*]] = arith.bitcast %[[R]]
// CHECK: %[[RMAG:.*]] = arith.andi %[[RBITS]], %[[MAG]]
// CHECK: %[[LARGE:.*]] = arith.cmpi uge, %[[RMAG]], %[[BOUND]]
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %[[RMAG]], %[[BOUND]]
// CHECK: %[[P:.*]] = arith.mulf %[[D]], %[[S]]
// CHECK: %[[T:.*]] = arith.select %[[LARGE]], %[[P]], %[[R]]
// CHECK: arith.truncf %[[T]] : vector<16xf32> to vector<16xbf16>
// CHECK: arith.select %[[SMALL]]
func.func @blocks_bf16(%x: tensor<4x64xbf16>, %s: tensor<4x4xf32>) -> tensor<4x64xbf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64, block_size = 16 : i64} : (tensor<4x64xbf16>, tensor<4x4xf32>) -> tensor<4x64xbf16>
  return %y : tensor<4x64xbf16>
}

// -----

// Scales read from an axis table (a scale per column of 512): a table of
// their bounds is built once per call next to it (a division per entry),
// and each step reads its bounds where it reads its scales.
// CHECK-LABEL: func.func @axis_table_bf16
// CHECK: %[[EMPTY:.*]] = bufferization.alloc_tensor() : tensor<528xi16>
// CHECK: %[[FILLED:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[EMPTY]]) -> (tensor<528xi16>)
// CHECK: arith.divf %{{.*}} : vector<16xf32>
// CHECK: vector.transfer_write %{{.*}} : vector<16xi16>, tensor<528xi16>
// CHECK: %[[TABLE:.*]] = vector.transfer_write %{{.*}}, %[[FILLED]]
// CHECK: scf.for
// CHECK: scf.for %[[J:.*]] = %{{.*}} to
// CHECK-NOT: arith.divf
// CHECK: %[[S:.*]] = vector.transfer_read %{{.*}}[%[[J]]]{{.*}} : tensor<512xf32>, vector<16xf32>
// CHECK: %[[BOUNDS:.*]] = vector.transfer_read %[[TABLE]][%[[J]]]{{.*}} : tensor<528xi16>, vector<16xi16>
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %{{.*}}, %[[BOUNDS]] : vector<16xi16>
// CHECK: vector.fma %{{.*}}, %[[S]], %{{.*}} : vector<16xf32>
// CHECK-NOT: arith.mulf
// CHECK: arith.select %[[SMALL]]
func.func @axis_table_bf16(%x: tensor<4x512xbf16>, %s: tensor<512xf32>) -> tensor<4x512xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<4x512xbf16>, tensor<512xf32>) -> tensor<4x512xbf16>
  return %y : tensor<4x512xbf16>
}

// -----

// Blocks whose scales the steps read from a table per segment of blocks
// (here 64 blocks of 32, the f32 scale read in place): a table of their
// bounds is filled per segment (a division per block), and each step
// reads its block's bound from it.
// CHECK-LABEL: func.func @segment_bounds_bf16
// CHECK: %[[EMPTY:.*]] = bufferization.alloc_tensor() : tensor<64xi16>
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[EMPTY]]) -> (tensor<8192xi16>, tensor<64xi16>)
// CHECK: arith.divf %{{.*}} : vector<16xf32>
// CHECK: %[[TABLE:.*]] = vector.transfer_write %{{.*}}[%c48] {{.*}} : vector<16xi16>, tensor<64xi16>
// CHECK: scf.for
// CHECK-NOT: arith.divf
// CHECK: %[[BOUND:.*]] = tensor.extract %[[TABLE]]
// CHECK: %[[BOUNDS:.*]] = vector.broadcast %[[BOUND]] : i16 to vector<16xi16>
// CHECK: arith.cmpi ult, %{{.*}}, %[[BOUNDS]] : vector<16xi16>
// CHECK: vector.fma
// CHECK-NOT: arith.mulf
// CHECK: scf.yield
func.func @segment_bounds_bf16(%x: tensor<2x4096xbf16>, %s: tensor<2x128xf32>) -> tensor<2x4096xbf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64, block_size = 32 : i64} : (tensor<2x4096xbf16>, tensor<2x128xf32>) -> tensor<2x4096xbf16>
  return %y : tensor<2x4096xbf16>
}
