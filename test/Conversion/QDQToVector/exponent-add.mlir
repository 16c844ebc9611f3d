// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx2,f16c" --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f" --split-input-file | FileCheck %s --check-prefix=OFF

// MX formats (KernelBuilder::exponentAdd, docs/Lowering.md "Exponent add"):
// fp8 x through the decode table with f8E8M0FNU scales 2^k into bf16
// results. The checks that every k keeps the products normal bf16 numbers
// come from the lowest and highest code (two passes over the stored bytes:
// here 16 scales, one read spread to 64 lanes; codeRangeAllowsFastPaths):
// the lowest and the highest code as a vector of two, decoded as the
// scales are. f8E4M3FN's values span the exponents -9 .. 8, so the biased
// exponent of 2^k must lie in [10, 246]: bits - (10 << 23) <=u (236 << 23)
// (83886080 and 1979711488). The loops of other scales run the
// multiply (then-branch); the others (else-branch) decode each scale to its
// exponent step, (e - 127) << 7 in both 16-bit halves of a 32-bit lane, and
// each step adds it to the looked-up bf16 bits of the lanes whose exponent
// field (0x7F80 = 32640) is neither 0 nor all ones. Blocks of 32 on steps
// of 64: the two entries of a step are spread over 16 dwords each.

// CHECK-LABEL: func.func @mxfp8_b32
// CHECK-DAG: %[[EXP:.*]] = arith.constant dense<32640> : vector<64xi16>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<64xi16>
// CHECK-DAG: %[[SPAN:.*]] = arith.constant dense<1979711488> : vector<2xi32>
// CHECK-DAG: %[[LOWEST:.*]] = arith.constant dense<83886080> : vector<2xi32>
// CHECK: %[[MINCODE:.*]] = vector.reduction <minui>, %{{.*}} : vector<64xi8> into i8
// CHECK: %[[MAXCODE:.*]] = vector.reduction <maxui>, %{{.*}} : vector<64xi8> into i8
// CHECK: %[[FIRSTCODE:.*]] = arith.minui %[[MINCODE]], %[[MAXCODE]] : i8
// CHECK: %[[ENDS:.*]] = vector.from_elements %[[FIRSTCODE]], %[[MAXCODE]] : vector<2xi8>
// CHECK: arith.extui %[[ENDS]] : vector<2xi8> to vector<2xi32>
// CHECK-NOT: scf.for
// CHECK: %[[DISTANCE:.*]] = arith.subi %{{.*}}, %[[LOWEST]] : vector<2xi32>
// CHECK: %[[OUT:.*]] = arith.cmpi ugt, %[[DISTANCE]], %[[SPAN]] : vector<2xi32>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %{{.*}} : vector<2xi1> into i1
// CHECK: scf.if %[[ANY]]
// CHECK: qdq.table_lookup
// CHECK: arith.mulf
// CHECK-NOT: arith.addi %{{.*}} : vector<64xi16>
// CHECK: } else {
// CHECK: %[[CODES:.*]] = arith.extui %{{.*}} : vector<2xi8> to vector<2xi32>
// CHECK: %[[SHIFTED:.*]] = arith.shli %[[CODES]], %{{.*}} : vector<2xi32>
// CHECK: %[[STEP:.*]] = arith.subi %[[SHIFTED]], %{{.*}} : vector<2xi32>
// CHECK: %[[LOW:.*]] = arith.andi %[[STEP]], %{{.*}} : vector<2xi32>
// CHECK: %[[HIGH:.*]] = arith.shli %[[STEP]], %{{.*}} : vector<2xi32>
// CHECK: %[[BOTH:.*]] = arith.ori %[[LOW]], %[[HIGH]] : vector<2xi32>
// CHECK: %[[STEPS:.*]] = arith.bitcast %[[BOTH]] : vector<2xi32> to vector<2xf32>
// CHECK: qdq.table_lookup %{{.*}} : vector<128xi8>, vector<64xi8>
// CHECK: qdq.table_lookup %{{.*}} : vector<128xi8>, vector<64xi8>
// CHECK: %[[WORDS:.*]] = vector.bitcast %{{.*}} : vector<128xi8> to vector<64xi16>
// CHECK-NOT: arith.mulf
// CHECK: %[[PAIRS:.*]] = arith.bitcast %[[STEPS]] : vector<2xf32> to vector<2xi32>
// CHECK: %[[SPREAD:.*]] = vector.shuffle %[[PAIRS]], %[[PAIRS]] [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xi32>, vector<2xi32>
// CHECK: %[[DELTA:.*]] = vector.bitcast %[[SPREAD]] : vector<32xi32> to vector<64xi16>
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : vector<64xbf16> to vector<64xi16>
// CHECK: %[[E:.*]] = arith.andi %[[BITS]], %[[EXP]] : vector<64xi16>
// CHECK: %[[NONZERO:.*]] = arith.cmpi ne, %[[E]], %[[ZERO]] : vector<64xi16>
// CHECK: %[[FINITE:.*]] = arith.cmpi ne, %[[E]], %[[EXP]] : vector<64xi16>
// CHECK: %[[SCALED:.*]] = arith.andi %[[NONZERO]], %[[FINITE]] : vector<64xi1>
// CHECK: %[[SUM:.*]] = arith.addi %[[BITS]], %[[DELTA]] : vector<64xi16>
// CHECK: arith.select %[[SCALED]], %[[SUM]], %[[BITS]] : vector<64xi1>, vector<64xi16>
// CHECK-NOT: arith.mulf
// CHECK: return

// Without AVX-512BW and VBMI (no decode table: fp8 in arithmetic) the op
// keeps the multiply.
// OFF-LABEL: func.func @mxfp8_b32
// OFF-NOT: 32640
// OFF: arith.mulf
// OFF: return
func.func @mxfp8_b32(%x: tensor<4x128xf8E4M3FN>, %s: tensor<4x4xf8E8M0FNU>) -> tensor<4x128xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32 : (tensor<4x128xf8E4M3FN>, tensor<4x4xf8E8M0FNU>) -> tensor<4x128xbf16>
  return %y : tensor<4x128xbf16>
}

// -----

// f8E5M2FNUZ spans the exponents -17 .. 15: 2^k's biased exponent in [18,
// 239] (150994944, and 221 << 23 = 1853882368 above it). Per-axis along the
// outer axis of 8 rows of 256: an axis table of the decoded steps, one per
// lane, each lane taking its step's low half. Its negative codes are their
// positive twins with the sign but for 0x80, its NaN: 128-entry planes, and
// code 0x80 (-128) takes the NaN's bytes 0xC0 (-64) and 0x7F (127).
// CHECK-LABEL: func.func @e5m2fnuz_axis0
// CHECK-DAG: %[[SPAN:.*]] = arith.constant dense<1853882368> : vector<2xi32>
// CHECK-DAG: %[[LOWEST:.*]] = arith.constant dense<150994944> : vector<2xi32>
// CHECK-DAG: %[[NANHIGH:.*]] = arith.constant dense<127> : vector<64xi8>
// CHECK-DAG: %[[NANLOW:.*]] = arith.constant dense<-64> : vector<64xi8>
// CHECK: %[[DISTANCE:.*]] = arith.subi %{{.*}}, %[[LOWEST]] : vector<2xi32>
// CHECK: arith.cmpi ugt, %[[DISTANCE]], %[[SPAN]] : vector<2xi32>
// CHECK: } else {
// CHECK: %[[TABLE:.*]] = linalg.generic
// CHECK: scf.for
// CHECK: %[[STEPS:.*]] = vector.transfer_read %[[TABLE]]{{.*}} : tensor<{{[0-9]+}}xf32>, vector<64xf32>
// CHECK: %[[LOW:.*]] = qdq.table_lookup %{{.*}}[%[[CODES:.*]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[HIGH:.*]] = qdq.table_lookup %{{.*}}[%[[CODES]]] : vector<128xi8>, vector<64xi8>
// CHECK: %[[SIGN:.*]] = arith.andi %[[CODES]], %[[M128:.*]] : vector<64xi8>
// CHECK: %[[SIGNED:.*]] = arith.ori %[[HIGH]], %[[SIGN]] : vector<64xi8>
// CHECK: %[[NAN:.*]] = arith.cmpi eq, %[[CODES]], %[[M128]] : vector<64xi8>
// CHECK: arith.select %[[NAN]], %[[NANLOW]], %[[LOW]] : vector<64xi1>, vector<64xi8>
// CHECK: arith.select %[[NAN]], %[[NANHIGH]], %[[SIGNED]] : vector<64xi1>, vector<64xi8>
// CHECK: %[[STEPBITS:.*]] = arith.bitcast %[[STEPS]] : vector<64xf32> to vector<64xi32>
// CHECK: %[[DELTA:.*]] = arith.trunci %[[STEPBITS]] : vector<64xi32> to vector<64xi16>
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : vector<64xbf16> to vector<64xi16>
// CHECK: arith.addi %[[BITS]], %[[DELTA]] : vector<64xi16>
// CHECK: return
func.func @e5m2fnuz_axis0(%x: tensor<8x256xf8E5M2FNUZ>, %s: tensor<8xf8E8M0FNU>) -> tensor<8x256xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<8x256xf8E5M2FNUZ>, tensor<8xf8E8M0FNU>) -> tensor<8x256xbf16>
  return %y : tensor<8x256xbf16>
}

// -----

// Other result and scale types keep the multiply: f16 results (whose
// narrow exponent range would leave few scales), and bf16 scales, which
// need not be powers of two.
// CHECK-LABEL: func.func @others
// CHECK-NOT: 32640
// CHECK: return
func.func @others(%x: tensor<4x128xf8E4M3FN>, %e: tensor<4x4xf8E8M0FNU>, %b: tensor<4x4xbf16>) -> (tensor<4x128xf16>, tensor<4x128xbf16>) {
  %0 = qdq.dequantize_linear %x, %e axis = 1 block_size = 32 : (tensor<4x128xf8E4M3FN>, tensor<4x4xf8E8M0FNU>) -> tensor<4x128xf16>
  %1 = qdq.dequantize_linear %x, %b axis = 1 block_size = 32 : (tensor<4x128xf8E4M3FN>, tensor<4x4xbf16>) -> tensor<4x128xbf16>
  return %0, %1 : tensor<4x128xf16>, tensor<4x128xbf16>
}
