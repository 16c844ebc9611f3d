// f16 x into bf16 results with vcvtneps2bf16 (AVX512_BF16 hosts): the
// instruction keeps the top payload bits of a NaN, and the lowering clears
// them, so that every NaN result is sign | 0x7FC0 as in the integer rounding
// and the reference. The first RUN line takes that path on hosts with
// AVX512_BF16 (the others, and other hosts, the integer rounding, which
// must give the same bits); bf16-rounding.mlir checks the lowering itself
// on any host. The results are printed as raw bits (NaNs included, not
// canonicalized). x: 64 codes (random, with NaNs of several payloads and both
// signs, infinities, zeros, subnormals and the largest values), scale bf16
// 0x3F87, zero point f16 0x3C00 (second op) or none (first).
// The scale check: with a scale below 2^-126 / 2^-24 = 2^-102 a product of
// f16 x can be an f32 subnormal, which vcvtneps2bf16 would flush to zero,
// so such ops must keep the integer rounding. x: 64 f16 subnormals and
// small normals; a per-tensor scale of 2^-118 (bf16 0x0480, third op:
// most products are f32 subnormals), and per-axis scales of 0x3F87 with one
// lane of 0x0480 (fourth op: one scale rules out the fast loop for the
// whole op). Expected values from test/Integration/reference/
// dq_reference.py (dequantize_element).
//
// RUN: qdq-opt %s --qdq-to-llvm | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vectorize=0" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}

func.func @no_zero_point(%x: tensor<64xf16>, %s: tensor<bf16>) -> tensor<64xbf16> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xf16>, tensor<bf16>) -> tensor<64xbf16>
  return %y : tensor<64xbf16>
}

func.func @zero_point(%x: tensor<64xf16>, %s: tensor<bf16>, %z: tensor<f16>) -> tensor<64xbf16> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<64xf16>, tensor<bf16>, tensor<f16>) -> tensor<64xbf16>
  return %y : tensor<64xbf16>
}

func.func @per_axis(%x: tensor<64xf16>, %s: tensor<64xbf16>) -> tensor<64xbf16> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<64xf16>, tensor<64xbf16>) -> tensor<64xbf16>
  return %y : tensor<64xbf16>
}

func.func @print(%y: tensor<64xbf16>) {
  %b = tensor.bitcast %y : tensor<64xbf16> to tensor<64xi16>
  %m = bufferization.to_buffer %b : tensor<64xi16> to memref<64xi16>
  %u = memref.cast %m : memref<64xi16> to memref<*xi16>
  call @printMemrefI16(%u) : (memref<*xi16>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[0xCCCA, 0x6731, 0x43B9, 0x7C01, 0x37C3, 0x7EF2, 0x7C00, 0x33C0,
      0xF284, 0x2C3F, 0x0C17, 0xFC55, 0xF08F, 0x151E, 0xFC00, 0x37C9,
      0xE6CC, 0x7FBD, 0x0BBC, 0x7D00, 0xBD98, 0xE0FC, 0x0000, 0xA8B9,
      0xB39E, 0xDB8A, 0x1713, 0x7E01, 0x0843, 0x8CE9, 0x8000, 0x569E,
      0xACEB, 0x9DFC, 0xEC95, 0xFFFF, 0xCBB3, 0xDA56, 0x0001, 0xFCAA,
      0x117C, 0xE47D, 0x6C93, 0x7DFF, 0x8EA3, 0x4D14, 0x83FF, 0x8385,
      0x3E11, 0xFD13, 0xD497, 0xFE00, 0x8DA0, 0x5DBC, 0x7BFF, 0xCA7B,
      0xF347, 0x590A, 0xA5EF, 0x7E00, 0x14FA, 0x0B50, 0xFBFF, 0x993D]> : tensor<64xf16>
  %s = arith.constant dense<0x3F87> : tensor<bf16>
  %z = arith.constant dense<0x3C00> : tensor<f16>
  %y0 = call @no_zero_point(%x, %s) : (tensor<64xf16>, tensor<bf16>) -> tensor<64xbf16>
  call @print(%y0) : (tensor<64xbf16>) -> ()
  %y1 = call @zero_point(%x, %s, %z) : (tensor<64xf16>, tensor<bf16>, tensor<f16>) -> tensor<64xbf16>
  call @print(%y1) : (tensor<64xbf16>) -> ()
  %small = arith.constant dense<[0x0178, 0x8285, 0x8023, 0x0298, 0x01C3, 0x8352, 0x8139, 0x031A,
      0x02CB, 0x8235, 0x0336, 0x027B, 0x0360, 0x01F8, 0x00E0, 0x8390,
      0x01A8, 0x0166, 0x02CF, 0x0296, 0x83D3, 0x81D6, 0x8051, 0x02B3,
      0x8335, 0x8342, 0x020B, 0x002B, 0x804E, 0x0142, 0x82D2, 0x8308,
      0x84A8, 0x8F4C, 0x2004, 0x17F3, 0x973D, 0x113C, 0x88A7, 0xA0B0,
      0x8ED4, 0x904D, 0x91AD, 0x1C3B, 0x18C2, 0x1D79, 0x8AB8, 0x940F,
      0x8DB2, 0x8423, 0x8716, 0x9337, 0x8D14, 0x0BCC, 0x85BA, 0x153C,
      0x0E50, 0x8A6D, 0x043E, 0x9F1D, 0x1A0A, 0x0E7E, 0x1805, 0x8AEF]> : tensor<64xf16>
  %tiny = arith.constant dense<0x0480> : tensor<bf16>
  %y2 = call @no_zero_point(%small, %tiny) : (tensor<64xf16>, tensor<bf16>) -> tensor<64xbf16>
  call @print(%y2) : (tensor<64xbf16>) -> ()
  %axis = arith.constant dense<[0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87,
      0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87,
      0x3F87, 0x0480, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87,
      0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87,
      0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87,
      0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87,
      0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87,
      0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87, 0x3F87]> : tensor<64xbf16>
  %y3 = call @per_axis(%small, %axis) : (tensor<64xf16>, tensor<64xbf16>) -> tensor<64xbf16>
  call @print(%y3) : (tensor<64xbf16>) -> ()
  return
}
// CHECK: data =
// CHECK-NEXT: [-15966, 17651, 16514, 32704, 16131, 32704, 32640, 16003, -14756, 15759, 14730, -64, -14822, 15021, -128, 16131, -15131, 32704, 14723, 32704, -16451, -15320, 0, -17121, -16767, -15490, 15087, 32704, 14608, -18010, -32768, 17119, -16986, -17462, -14949, -64, -15998, -15530, 13191, -64, 14905, -15209, 17818, 32704, -17952, 16811, -18297, -18322, 16333, -64, -15717, -64, -17986, 17346, 18311, -16037, -14730, 17194, -17208, 32704, 15016, 14711, -14457, -17615]
// CHECK: data =
// CHECK-NEXT: [-15958, 17651, 16449, 32704, -16629, 32704, 32640, -16563, -14756, -16516, -16505, -64, -14822, -16505, -128, -16629, -15130, 32704, -16505, 32704, -16350, -15320, -16505, -16500, -16473, -15489, -16505, 32704, -16505, -16505, -16505, 17117, -16495, -16504, -14949, -64, -15990, -15529, -16505, -64, -16505, -15208, 17818, 32704, -16505, 16803, -16505, -16505, 16139, -64, -15715, -64, -16505, 17345, 18311, -16020, -14730, 17193, -16502, 32704, -16505, -16505, -14457, -16505]
// CHECK: data =
// CHECK-NEXT: [1, -32767, -32768, 1, 1, -32766, -32767, 2, 1, -32767, 2, 1, 2, 1, 0, -32766, 1, 1, 1, 1, -32766, -32767, -32768, 1, -32766, -32766, 1, 0, -32768, 1, -32767, -32766, -32766, -32753, 256, 64, -32710, 21, -32763, -32490, -32754, -32751, -32745, 135, 76, 175, -32761, -32736, -32757, -32766, -32764, -32739, -32758, 8, -32765, 42, 13, -32762, 2, -32540, 97, 13, 64, -32761]
// CHECK: data =
// CHECK-NEXT: [14278, -18390, -18924, 14383, 14318, -18336, -18523, 14417, 14397, -18411, 14425, 14375, 14436, 14341, 14188, -18320, 14304, 1, 14398, 14383, -18303, -18440, -18773, 14390, -18344, -18340, 14346, 13877, -18779, 14250, -18370, -18355, -18275, -17930, 15368, 15110, -17676, 14897, -18147, -17378, -17946, -17903, -17856, 15247, 15137, 15289, -18077, -17783, -17984, -18292, -18193, -17804, -18005, 14724, -18239, 15025, 14805, -18087, 14479, -17424, 15180, 14811, 15112, -18070]
