// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2,f16c" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=128 cpu-features=ssse3,f16c" --split-input-file | FileCheck %s --check-prefix=NARROW
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefix=NARROW

// bf16 results of fp8 x decoded through f16 bits (F16C) on 256-bit
// registers, in the loops that round without the NaN case (the second arm
// of the branch on the pass over the scales): each step reads its codes
// as i16 words, an even code in the low byte and an odd one in the high
// byte, and makes each half's f16 bits in the words (f8E4M3FN: the even
// code shifted up by 8, both shifted right by one, masked with 0xBF80 =
// -16512; NaN codes, whose word ORed with 0xFF80 = -128 or 0x80FF =
// -32513 is all ones, flipped with 0x4180 = 16768 to sign | 0x7E00);
// vcvtph2ps (arith.extf) widens each half, one multiply by the half's
// scale, and the two halves round to bf16 in i32 lanes and join (the even
// results shifted down, ORed with the odd results' high halves, -65536 =
// 0xFFFF0000): no byte interleave, no narrowing shuffle. Not on 128-bit
// registers, nor without F16C (the NARROW runs: no i16 words taken as f16).
// CHECK-LABEL: func.func @e4m3fn_tensor
// CHECK-DAG: %[[HI:.*]] = arith.constant dense<-65536> : vector<32xi32>
// CHECK-DAG: %[[SIXTEEN:.*]] = arith.constant dense<16> : vector<32xi32>
// CHECK-DAG: %[[ODDONES:.*]] = arith.constant dense<-32513> : vector<32xi16>
// CHECK-DAG: %[[FLIP:.*]] = arith.constant dense<16768> : vector<32xi16>
// CHECK-DAG: %[[ONES:.*]] = arith.constant dense<-1> : vector<32xi16>
// CHECK-DAG: %[[EVENONES:.*]] = arith.constant dense<-128> : vector<32xi16>
// CHECK-DAG: %[[MASK:.*]] = arith.constant dense<-16512> : vector<32xi16>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<32xi16>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<32xi16>
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant dense<8> : vector<32xi16>
// CHECK: scf.if %{{.*}} -> (tensor<256xbf16>) {
// CHECK: scf.for
// CHECK: vector.shuffle
// CHECK: } else {
// CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : f32 to vector<32xf32>
// CHECK: scf.for
// CHECK: %[[CODES:.*]] = vector.transfer_read {{.*}} : tensor<256xi8>, vector<64xi8>
// CHECK: %[[W:.*]] = vector.bitcast %[[CODES]] : vector<64xi8> to vector<32xi16>
// CHECK: %[[EVENHIGH:.*]] = arith.shli %[[W]], %[[EIGHT]] : vector<32xi16>
// CHECK: %[[ES:.*]] = arith.shrsi %[[EVENHIGH]], %[[ONE]] : vector<32xi16>
// CHECK: %[[EBITS:.*]] = arith.andi %[[ES]], %[[MASK]] : vector<32xi16>
// CHECK: %[[EOR:.*]] = arith.ori %[[W]], %[[EVENONES]] : vector<32xi16>
// CHECK: %[[ENAN:.*]] = arith.cmpi eq, %[[EOR]], %[[ONES]] : vector<32xi16>
// CHECK: %[[EFLIP:.*]] = arith.select %[[ENAN]], %[[FLIP]], %[[ZERO]] : vector<32xi1>, vector<32xi16>
// CHECK: %[[EF16BITS:.*]] = arith.xori %[[EBITS]], %[[EFLIP]] : vector<32xi16>
// CHECK: %[[EF16:.*]] = arith.bitcast %[[EF16BITS]] : vector<32xi16> to vector<32xf16>
// CHECK: %[[EV:.*]] = arith.extf %[[EF16]] : vector<32xf16> to vector<32xf32>
// CHECK: %[[EP:.*]] = arith.mulf %[[EV]], %[[S]] : vector<32xf32>
// CHECK: %[[EB:.*]] = arith.bitcast %[[EP]] : vector<32xf32> to vector<32xi32>
// CHECK: %[[ER:.*]] = arith.addi %[[EB]], %{{.*}} : vector<32xi32>
// CHECK: %[[OS:.*]] = arith.shrsi %[[W]], %[[ONE]] : vector<32xi16>
// CHECK: %[[OBITS:.*]] = arith.andi %[[OS]], %[[MASK]] : vector<32xi16>
// CHECK: %[[OOR:.*]] = arith.ori %[[W]], %[[ODDONES]] : vector<32xi16>
// CHECK: %[[ONAN:.*]] = arith.cmpi eq, %[[OOR]], %[[ONES]] : vector<32xi16>
// CHECK: %[[OFLIP:.*]] = arith.select %[[ONAN]], %[[FLIP]], %[[ZERO]] : vector<32xi1>, vector<32xi16>
// CHECK: %[[OF16BITS:.*]] = arith.xori %[[OBITS]], %[[OFLIP]] : vector<32xi16>
// CHECK: %[[OF16:.*]] = arith.bitcast %[[OF16BITS]] : vector<32xi16> to vector<32xf16>
// CHECK: %[[OV:.*]] = arith.extf %[[OF16]] : vector<32xf16> to vector<32xf32>
// CHECK: %[[OP:.*]] = arith.mulf %[[OV]], %[[S]] : vector<32xf32>
// CHECK: %[[OB:.*]] = arith.bitcast %[[OP]] : vector<32xf32> to vector<32xi32>
// CHECK: %[[OR:.*]] = arith.addi %[[OB]], %{{.*}} : vector<32xi32>
// CHECK-DAG: %[[EVENDOWN:.*]] = arith.shrui %[[ER]], %[[SIXTEEN]] : vector<32xi32>
// CHECK-DAG: %[[ODDHIGH:.*]] = arith.andi %[[OR]], %[[HI]] : vector<32xi32>
// CHECK: %[[JOINED:.*]] = arith.ori %[[EVENDOWN]], %[[ODDHIGH]] : vector<32xi32>
// CHECK: vector.bitcast %[[JOINED]] : vector<32xi32> to vector<64xi16>
// CHECK-NOT: vector.shuffle
// CHECK: return
// NARROW-LABEL: func.func @e4m3fn_tensor
// NARROW-NOT: xi16> to vector<{{[0-9]+}}xf16>
// NARROW: return
func.func @e4m3fn_tensor(%x: tensor<256xf8E4M3FN>, %s: tensor<bf16>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xf8E4M3FN>, tensor<bf16>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}

// -----

// f8E4M3FNUZ per axis: the step's scales (an axis period of one step),
// times the rebias 2^(15 - 8) = 128 of the f16 bits, are split into their
// even and odd lanes next to their read; the only NaN
// code, 0x80, is the even word shifted up by 8 or the odd word masked with
// 0xFF00 (-256) equal to 0x8000 (-32768), and decodes to 0x8000, flipped
// with 0xFE00 (-512) to the quiet NaN 0x7E00.
// CHECK-LABEL: func.func @e4m3fnuz_axis
// CHECK-DAG: %[[REBIAS:.*]] = arith.constant dense<1.280000e+02> : vector<64xf32>
// CHECK-DAG: %[[FLIP:.*]] = arith.constant dense<-512> : vector<32xi16>
// CHECK-DAG: %[[NAN:.*]] = arith.constant dense<-32768> : vector<32xi16>
// CHECK-DAG: %[[HIGHBYTE:.*]] = arith.constant dense<-256> : vector<32xi16>
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant dense<8> : vector<32xi16>
// CHECK: } else {
// CHECK: %[[SCALES:.*]] = vector.transfer_read {{.*}} : tensor<64xf32>, vector<64xf32>
// CHECK: %[[FOLDED:.*]] = arith.mulf %[[SCALES]], %[[REBIAS]] : vector<64xf32>
// CHECK: %[[SE:.*]] = vector.shuffle %[[FOLDED]], %[[FOLDED]] [0, 2, 4, {{.*}}, 60, 62]
// CHECK: %[[SO:.*]] = vector.shuffle %[[FOLDED]], %[[FOLDED]] [1, 3, 5, {{.*}}, 61, 63]
// CHECK: scf.for
// CHECK: %[[W:.*]] = vector.bitcast %{{.*}} : vector<64xi8> to vector<32xi16>
// CHECK: %[[EVENHIGH:.*]] = arith.shli %[[W]], %[[EIGHT]] : vector<32xi16>
// CHECK: %[[ENAN:.*]] = arith.cmpi eq, %[[EVENHIGH]], %[[NAN]] : vector<32xi16>
// CHECK: arith.select %[[ENAN]], %[[FLIP]], %{{.*}} : vector<32xi1>, vector<32xi16>
// CHECK: arith.mulf %{{.*}}, %[[SE]] : vector<32xf32>
// CHECK: %[[ODDCODE:.*]] = arith.andi %[[W]], %[[HIGHBYTE]] : vector<32xi16>
// CHECK: %[[ONAN:.*]] = arith.cmpi eq, %[[ODDCODE]], %[[NAN]] : vector<32xi16>
// CHECK: arith.select %[[ONAN]], %[[FLIP]], %{{.*}} : vector<32xi1>, vector<32xi16>
// CHECK: arith.mulf %{{.*}}, %[[SO]] : vector<32xf32>
// CHECK: return
// NARROW-LABEL: func.func @e4m3fnuz_axis
// NARROW-NOT: xi16> to vector<{{[0-9]+}}xf16>
// NARROW: return
func.func @e4m3fnuz_axis(%x: tensor<4x64xf8E4M3FNUZ>, %s: tensor<64xf32>) -> tensor<4x64xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<4x64xf8E4M3FNUZ>, tensor<64xf32>) -> tensor<4x64xbf16>
  return %y : tensor<4x64xbf16>
}

// -----

// f8E5M2 is the high byte of its f16: the even code shifted up by 8, the
// odd one with its low byte cleared (0xFF00 = -256); magnitudes (0x7FFF =
// 32767) above the infinity 0x7C00 (31744) are NaNs, whose high byte is
// flipped to 0x7E ((magnitude ^ 0x7E00) & 0x7F00: 32256, 32512). No
// rebias: the scales are multiplied as they are.
// CHECK-LABEL: func.func @e5m2_tensor
// CHECK-DAG: %[[TOP:.*]] = arith.constant dense<32512> : vector<32xi16>
// CHECK-DAG: %[[QUIET:.*]] = arith.constant dense<32256> : vector<32xi16>
// CHECK-DAG: %[[INF:.*]] = arith.constant dense<31744> : vector<32xi16>
// CHECK-DAG: %[[ABS:.*]] = arith.constant dense<32767> : vector<32xi16>
// CHECK-DAG: %[[HIGHBYTE:.*]] = arith.constant dense<-256> : vector<32xi16>
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant dense<8> : vector<32xi16>
// CHECK: } else {
// CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : f32 to vector<32xf32>
// CHECK: scf.for
// CHECK: %[[W:.*]] = vector.bitcast %{{.*}} : vector<64xi8> to vector<32xi16>
// CHECK: %[[EBITS:.*]] = arith.shli %[[W]], %[[EIGHT]] : vector<32xi16>
// CHECK: %[[EMAG:.*]] = arith.andi %[[EBITS]], %[[ABS]] : vector<32xi16>
// CHECK: %[[ENAN:.*]] = arith.cmpi sgt, %[[EMAG]], %[[INF]] : vector<32xi16>
// CHECK: %[[EQ:.*]] = arith.xori %[[EMAG]], %[[QUIET]] : vector<32xi16>
// CHECK: %[[ETOP:.*]] = arith.andi %[[EQ]], %[[TOP]] : vector<32xi16>
// CHECK: %[[EFLIP:.*]] = arith.select %[[ENAN]], %[[ETOP]], %{{.*}} : vector<32xi1>, vector<32xi16>
// CHECK: %[[EF16BITS:.*]] = arith.xori %[[EBITS]], %[[EFLIP]] : vector<32xi16>
// CHECK: %[[EF16:.*]] = arith.bitcast %[[EF16BITS]] : vector<32xi16> to vector<32xf16>
// CHECK: %[[EV:.*]] = arith.extf %[[EF16]] : vector<32xf16> to vector<32xf32>
// CHECK: arith.mulf %[[EV]], %[[S]] : vector<32xf32>
// CHECK: %[[OBITS:.*]] = arith.andi %[[W]], %[[HIGHBYTE]] : vector<32xi16>
// CHECK: %[[OMAG:.*]] = arith.andi %[[OBITS]], %[[ABS]] : vector<32xi16>
// CHECK: arith.cmpi sgt, %[[OMAG]], %[[INF]] : vector<32xi16>
// CHECK: %[[OV:.*]] = arith.extf %{{.*}} : vector<32xf16> to vector<32xf32>
// CHECK: arith.mulf %[[OV]], %[[S]] : vector<32xf32>
// CHECK-NOT: vector.shuffle
// CHECK: return
// NARROW-LABEL: func.func @e5m2_tensor
// NARROW-NOT: xi16> to vector<{{[0-9]+}}xf16>
// NARROW: return
func.func @e5m2_tensor(%x: tensor<256xf8E5M2>, %s: tensor<f32>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xf8E5M2>, tensor<f32>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}

// -----

// f8E5M2FNUZ keeps the interleaved f16 bits (its top exponent would be
// f16's infinity): a narrowing shuffle after the rounding.
// CHECK-LABEL: func.func @e5m2fnuz_tensor
// CHECK: } else {
// CHECK: scf.for
// CHECK: vector.shuffle
// CHECK: return
func.func @e5m2fnuz_tensor(%x: tensor<256xf8E5M2FNUZ>, %s: tensor<f32>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xf8E5M2FNUZ>, tensor<f32>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}
