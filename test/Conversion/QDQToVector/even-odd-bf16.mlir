// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=128 cpu-features=ssse3" --split-input-file | FileCheck %s --check-prefix=NARROW
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512bw" --split-input-file | FileCheck %s --check-prefix=NARROW

// 8-bit integer x with bf16 results, in the loops that take the fused
// product and the bf16 rounding without its NaN case (every scale
// positive, finite and below 2^100), on 256-bit registers: each step
// widens its codes to i16 and adds 2^15 - zero point (dense<-32768> -
// zero point); the even elements take the exponent bits 0x4B000000
// (1258291200) in their high halves with one word shuffle, the odd ones are
// shifted down and ORed with them; one fma per half with the scale and
// -(2^23 + 2^15) * scale (0xCB008000); both round to bf16 in i32 lanes,
// and the even results shifted down ORed with the odd results' high halves
// (-65536 = 0xFFFF0000) are the step's bf16 in element order. The loops
// without the fast paths (the first arm) keep the plain product. Not on
// 128- or 512-bit registers (NARROW).
// CHECK-LABEL: func.func @i8_tensor
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<-65536> : vector<16xi32>
// CHECK-DAG: %[[SIXTEEN:.*]] = arith.constant dense<16> : vector<16xi32>
// CHECK-DAG: %[[EXP:.*]] = arith.constant dense<1258291200> : vector<16xi32>
// CHECK-DAG: %[[BIAS:.*]] = arith.constant dense<-32768> : vector<32xi16>
// CHECK-DAG: %[[FACTOR:.*]] = arith.constant dense<0xCB008000> : vector<16xf32>
// CHECK: scf.if %{{.*}} -> (tensor<256xbf16>) {
// CHECK: scf.for
// CHECK: arith.sitofp
// CHECK-NOT: vector.fma
// CHECK: } else {
// CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : f32 to vector<16xf32>
// CHECK: %[[ADDEND:.*]] = arith.mulf %[[S]], %[[FACTOR]] : vector<16xf32>
// CHECK: %[[ZP:.*]] = arith.trunci %{{.*}} : vector<32xi32> to vector<32xi16>
// CHECK: %[[REBIAS:.*]] = arith.subi %[[BIAS]], %[[ZP]] : vector<32xi16>
// CHECK: scf.for
// CHECK: %[[X:.*]] = arith.extsi %{{.*}} : vector<32xi8> to vector<32xi16>
// CHECK: %[[W:.*]] = arith.addi %[[X]], %[[REBIAS]] : vector<32xi16>
// CHECK: %[[EXPW:.*]] = vector.bitcast %[[EXP]] : vector<16xi32> to vector<32xi16>
// CHECK: %[[EVENW:.*]] = vector.shuffle %[[W]], %[[EXPW]] [0, 33, 2, 35, 4, 37, {{.*}}, 30, 63]
// CHECK: %[[EVEN:.*]] = vector.bitcast %[[EVENW]] : vector<32xi16> to vector<16xi32>
// CHECK: %[[PAIRS:.*]] = vector.bitcast %[[W]] : vector<32xi16> to vector<16xi32>
// CHECK: %[[ODDDOWN:.*]] = arith.shrui %[[PAIRS]], %[[SIXTEEN]] : vector<16xi32>
// CHECK: %[[ODD:.*]] = arith.ori %[[ODDDOWN]], %[[EXP]] : vector<16xi32>
// CHECK: %[[FE:.*]] = arith.bitcast %[[EVEN]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[PE:.*]] = vector.fma %[[FE]], %[[S]], %[[ADDEND]] : vector<16xf32>
// CHECK: %[[BE:.*]] = arith.bitcast %[[PE]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[RE:.*]] = arith.addi %[[BE]], %{{.*}} : vector<16xi32>
// CHECK: %[[FO:.*]] = arith.bitcast %[[ODD]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[PO:.*]] = vector.fma %[[FO]], %[[S]], %[[ADDEND]] : vector<16xf32>
// CHECK: %[[BO:.*]] = arith.bitcast %[[PO]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[RO:.*]] = arith.addi %[[BO]], %{{.*}} : vector<16xi32>
// CHECK-DAG: %[[EVENDOWN:.*]] = arith.shrui %[[RE]], %[[SIXTEEN]] : vector<16xi32>
// CHECK-DAG: %[[ODDHIGH:.*]] = arith.andi %[[RO]], %[[HI]] : vector<16xi32>
// CHECK: %[[JOINED:.*]] = arith.ori %[[EVENDOWN]], %[[ODDHIGH]] : vector<16xi32>
// CHECK: vector.bitcast %[[JOINED]] : vector<16xi32> to vector<32xi16>
// NARROW-LABEL: func.func @i8_tensor
// NARROW-NOT: 0xCB008000
// NARROW: return
func.func @i8_tensor(%x: tensor<256xi8>, %s: tensor<bf16>, %z: tensor<i8>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<256xi8>, tensor<bf16>, tensor<i8>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}

// -----

// Per-axis over one step's period: the axis table's scales split into their
// even and odd lanes, and the zero points (ui8, zero-extended) rebiased in
// i16 lanes, once, before the loop.
// CHECK-LABEL: func.func @u8_axis
// CHECK: } else {
// CHECK: %[[T:.*]] = vector.transfer_read %{{.*}} : tensor<128xf32>, vector<64xf32>
// CHECK: %[[SE:.*]] = vector.shuffle %[[T]], %[[T]] [0, 2, 4, {{.*}}, 60, 62] : vector<64xf32>, vector<64xf32>
// CHECK: %[[AE:.*]] = arith.mulf %[[SE]], %{{.*}} : vector<32xf32>
// CHECK: %[[SO:.*]] = vector.shuffle %[[T]], %[[T]] [1, 3, 5, {{.*}}, 61, 63] : vector<64xf32>, vector<64xf32>
// CHECK: %[[AO:.*]] = arith.mulf %[[SO]], %{{.*}} : vector<32xf32>
// CHECK: %[[Z16:.*]] = arith.extui %{{.*}} : vector<64xi8> to vector<64xi16>
// CHECK: %[[REBIAS:.*]] = arith.subi %{{.*}}, %[[Z16]] : vector<64xi16>
// CHECK: scf.for
// CHECK: arith.extui %{{.*}} : vector<64xi8> to vector<64xi16>
// CHECK: vector.fma %{{.*}}, %[[SE]], %[[AE]] : vector<32xf32>
// CHECK: vector.fma %{{.*}}, %[[SO]], %[[AO]] : vector<32xf32>
// NARROW-LABEL: func.func @u8_axis
// NARROW-NOT: 0xCB008000
// NARROW: return
func.func @u8_axis(%x: tensor<4x64xui8>, %s: tensor<64xbf16>, %z: tensor<64xui8>) -> tensor<4x64xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<4x64xui8>, tensor<64xbf16>, tensor<64xui8>) -> tensor<4x64xbf16>
  return %y : tensor<4x64xbf16>
}

// -----

// Packed 4-bit x, per-axis over one step's period: each step reads its 32
// bytes (64 elements) and zero-extends them to i32 lanes, whose low nibbles
// are the even elements and high nibbles the odd ones. Signed codes are
// flipped to x + 8 (XOR 0x88, both nibbles at once); the low nibbles masked
// (15) and the high ones shifted down (4) add the bits of 2^23 + 2^15 - 8
// (1258323960) minus the zero points of their half, split into even and
// odd lanes once, before the loop, like the scales.
// CHECK-LABEL: func.func @i4_axis
// CHECK-DAG: %[[FLIP:.*]] = arith.constant dense<136> : vector<32xi32>
// CHECK-DAG: %[[LOW:.*]] = arith.constant dense<15> : vector<32xi32>
// CHECK-DAG: %[[FOUR:.*]] = arith.constant dense<4> : vector<32xi32>
// CHECK-DAG: %[[BASE:.*]] = arith.constant dense<1258323960> : vector<32xi32>
// CHECK: } else {
// CHECK: %[[T:.*]] = vector.transfer_read %{{.*}} : tensor<128xf32>, vector<64xf32>
// CHECK: %[[SE:.*]] = vector.shuffle %[[T]], %[[T]] [0, 2, 4, {{.*}}, 60, 62] : vector<64xf32>, vector<64xf32>
// CHECK: %[[AE:.*]] = arith.mulf %[[SE]], %{{.*}} : vector<32xf32>
// CHECK: %[[SO:.*]] = vector.shuffle %[[T]], %[[T]] [1, 3, 5, {{.*}}, 61, 63] : vector<64xf32>, vector<64xf32>
// CHECK: %[[AO:.*]] = arith.mulf %[[SO]], %{{.*}} : vector<32xf32>
// CHECK: %[[Z:.*]] = arith.extsi %{{.*}} : vector<64xi8> to vector<64xi32>
// CHECK: %[[ZE:.*]] = vector.shuffle %[[Z]], %[[Z]] [0, 2, 4, {{.*}}, 60, 62] : vector<64xi32>, vector<64xi32>
// CHECK: %[[BE:.*]] = arith.subi %[[BASE]], %[[ZE]] : vector<32xi32>
// CHECK: %[[ZO:.*]] = vector.shuffle %[[Z]], %[[Z]] [1, 3, 5, {{.*}}, 61, 63] : vector<64xi32>, vector<64xi32>
// CHECK: %[[BO:.*]] = arith.subi %[[BASE]], %[[ZO]] : vector<32xi32>
// CHECK: scf.for
// CHECK: %[[BYTES:.*]] = vector.transfer_read %{{.*}} : tensor<128xi8>, vector<32xi8>
// CHECK: %[[WIDE:.*]] = arith.extui %[[BYTES]] : vector<32xi8> to vector<32xi32>
// CHECK: %[[FLIPPED:.*]] = arith.xori %[[WIDE]], %[[FLIP]] : vector<32xi32>
// CHECK: %[[EVENX:.*]] = arith.andi %[[FLIPPED]], %[[LOW]] : vector<32xi32>
// CHECK: %[[EVEN:.*]] = arith.addi %[[EVENX]], %[[BE]] : vector<32xi32>
// CHECK: %[[ODDX:.*]] = arith.shrui %[[FLIPPED]], %[[FOUR]] : vector<32xi32>
// CHECK: %[[ODD:.*]] = arith.addi %[[ODDX]], %[[BO]] : vector<32xi32>
// CHECK: %[[FE:.*]] = arith.bitcast %[[EVEN]] : vector<32xi32> to vector<32xf32>
// CHECK: vector.fma %[[FE]], %[[SE]], %[[AE]] : vector<32xf32>
// CHECK: %[[FO:.*]] = arith.bitcast %[[ODD]] : vector<32xi32> to vector<32xf32>
// CHECK: vector.fma %[[FO]], %[[SO]], %[[AO]] : vector<32xf32>
// CHECK: vector.bitcast %{{.*}} : vector<32xi32> to vector<64xi16>
// NARROW-LABEL: func.func @i4_axis
// NARROW-NOT: 0xCB008000
// NARROW: return
func.func @i4_axis(%x: tensor<4x64xi4>, %s: tensor<64xbf16>, %z: tensor<64xi4>) -> tensor<4x64xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<4x64xi4>, tensor<64xbf16>, tensor<64xi4>) -> tensor<4x64xbf16>
  return %y : tensor<4x64xbf16>
}

// -----

// Unsigned 4-bit x with a period of half a step (the table repeats; the
// zero points in their i8 difference type, sign-extended): no flip, and the
// bits of 2^23 + 2^15 (1258323968) minus the zero points.
// CHECK-LABEL: func.func @u4_axis
// CHECK-DAG: %[[BASE:.*]] = arith.constant dense<1258323968> : vector<32xi32>
// CHECK: } else {
// CHECK: %[[Z:.*]] = arith.extsi %{{.*}} : vector<64xi8> to vector<64xi32>
// CHECK: %[[ZE:.*]] = vector.shuffle %[[Z]], %[[Z]] [0, 2, 4, {{.*}}, 60, 62] : vector<64xi32>, vector<64xi32>
// CHECK: arith.subi %[[BASE]], %[[ZE]] : vector<32xi32>
// CHECK: scf.for
// CHECK: %[[WIDE:.*]] = arith.extui %{{.*}} : vector<32xi8> to vector<32xi32>
// CHECK-NOT: arith.xori
// CHECK: arith.andi %[[WIDE]], %{{.*}} : vector<32xi32>
// CHECK: vector.fma
// CHECK: vector.fma
// CHECK: return
// NARROW-LABEL: func.func @u4_axis
// NARROW-NOT: 0xCB008000
// NARROW: return
func.func @u4_axis(%x: tensor<6x32xui4>, %s: tensor<32xbf16>, %z: tensor<32xui4>) -> tensor<6x32xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<6x32xui4>, tensor<32xbf16>, tensor<32xui4>) -> tensor<6x32xbf16>
  return %y : tensor<6x32xbf16>
}

// -----

// Not taken: 16-bit x (x - zero point does not fit 16 bits), f16 results,
// f32 scales and blocked scales (no fused product), no zero point, packed
// 2-bit x.
// CHECK-LABEL: func.func @others
// CHECK-NOT: 0xCB008000
// CHECK: return
// NARROW-LABEL: func.func @others
// NARROW-NOT: 0xCB008000
// NARROW: return
func.func @others(%x16: tensor<256xi16>, %s: tensor<bf16>, %z16: tensor<i16>,
                  %x: tensor<256xi8>, %z: tensor<i8>, %sf: tensor<f32>,
                  %xb: tensor<4x64xi8>, %sb: tensor<4x2xbf16>, %zb: tensor<4x2xi8>,
                  %x2: tensor<4x64xi2>, %sa: tensor<64xbf16>, %z2: tensor<64xi2>)
    -> (tensor<256xbf16>, tensor<256xf16>, tensor<256xbf16>, tensor<4x64xbf16>, tensor<256xbf16>, tensor<4x64xbf16>) {
  %0 = qdq.dequantize_linear %x16, %s, %z16 : (tensor<256xi16>, tensor<bf16>, tensor<i16>) -> tensor<256xbf16>
  %1 = qdq.dequantize_linear %x, %s, %z : (tensor<256xi8>, tensor<bf16>, tensor<i8>) -> tensor<256xf16>
  %2 = qdq.dequantize_linear %x, %sf, %z : (tensor<256xi8>, tensor<f32>, tensor<i8>) -> tensor<256xbf16>
  %3 = qdq.dequantize_linear %xb, %sb, %zb {axis = 1 : i64, block_size = 32 : i64} : (tensor<4x64xi8>, tensor<4x2xbf16>, tensor<4x2xi8>) -> tensor<4x64xbf16>
  %4 = qdq.dequantize_linear %x, %s : (tensor<256xi8>, tensor<bf16>) -> tensor<256xbf16>
  %5 = qdq.dequantize_linear %x2, %sa, %z2 {axis = 1 : i64} : (tensor<4x64xi2>, tensor<64xbf16>, tensor<64xi2>) -> tensor<4x64xbf16>
  return %0, %1, %2, %3, %4, %5 : tensor<256xbf16>, tensor<256xf16>, tensor<256xbf16>, tensor<4x64xbf16>, tensor<256xbf16>, tensor<4x64xbf16>
}
