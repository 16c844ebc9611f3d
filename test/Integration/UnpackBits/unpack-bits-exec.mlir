// qdq.unpack_bits executed: the vpmultishiftqb lowering (host with
// AVX512_VBMI at 512 bits) and the byte-shuffle lowerings unpack the same
// fields: one shuffle (cpu-features=none), and 16-byte windows copied with
// one vpshufb per register of 4 (ssse3), 8 (256-bit vectors, AVX2 hosts)
// or 16 results (avx512bw without VBMI, on hosts with AVX512BW). The expected values were
// computed in Python when the test was written: byte k = (29 k + 7) mod 256,
// field i = (byte[i * bits / 8] >> (i * bits mod 8)) mod 2^bits, minus 2^bits
// for signed fields with the top bit set. @unpack_i4_odd has 12 results (not
// a multiple of 16), which always take the shuffle lowering. The @read_*
// functions unpack bytes read in bounds from memory at byte 3 of those 40
// bytes, which with AVX2 (and no AVX512BW) read again 4 bytes per 8 or 16
// results, broadcast to every i32 lane (the 2 bytes left at the end of
// @read_ui2 in a 16-bit broadcast); the last RUN line takes that form on
// any AVX2 host. The @unpack_*_w functions unpack fields into i16 lanes:
// 2-bit fields, 32 per register, with one vpmultishiftqb each (AVX512_VBMI
// at 512 bits; 48 results are not a multiple of 32 and take the i32 forms,
// truncated), 4-bit fields as the i32 forms truncated. The first three
// print the lines of @unpack_i4, @unpack_ui2 and @unpack_i2; @unpack_i2_w64
// unpacks the first 16 of those bytes.
// RUN: qdq-opt %s --qdq-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="cpu-features=none" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="cpu-features=ssse3" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: %if host-avx2 %{ qdq-opt %s --qdq-to-llvm="vector-bits=256 cpu-features=ssse3,avx2" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s %}
// RUN: %if host-avx512bw %{ qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx2,avx512f,avx512bw" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s %}

func.func private @printMemrefI32(memref<*xi32>)

func.func @unpack_i4(%b: vector<32xi8>) -> vector<64xi32> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<32xi8> -> vector<64xi32>
  return %r : vector<64xi32>
}

func.func @unpack_ui4(%b: vector<24xi8>) -> vector<48xi32> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 4 : vector<24xi8> -> vector<48xi32>
  return %r : vector<48xi32>
}

func.func @unpack_i2(%b: vector<12xi8>) -> vector<48xi32> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 2 sign_extend : vector<12xi8> -> vector<48xi32>
  return %r : vector<48xi32>
}

func.func @unpack_ui2(%b: vector<32xi8>) -> vector<128xi32> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 2 : vector<32xi8> -> vector<128xi32>
  return %r : vector<128xi32>
}

func.func @unpack_i4_odd(%b: vector<6xi8>) -> vector<12xi32> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<6xi8> -> vector<12xi32>
  return %r : vector<12xi32>
}

func.func @unpack_i4_w(%b: vector<32xi8>) -> vector<64xi16> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<32xi8> -> vector<64xi16>
  return %r : vector<64xi16>
}

func.func @unpack_ui2_w(%b: vector<32xi8>) -> vector<128xi16> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 2 : vector<32xi8> -> vector<128xi16>
  return %r : vector<128xi16>
}

func.func @unpack_i2_w(%b: vector<12xi8>) -> vector<48xi16> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 2 sign_extend : vector<12xi8> -> vector<48xi16>
  return %r : vector<48xi16>
}

func.func @unpack_i2_w64(%b: vector<16xi8>) -> vector<64xi16> attributes {no_inline} {
  %r = qdq.unpack_bits %b, 2 sign_extend : vector<16xi8> -> vector<64xi16>
  return %r : vector<64xi16>
}

func.func @read_i4(%m: memref<40xi8>, %i: index) -> vector<64xi32> attributes {no_inline} {
  %pad = arith.constant 0 : i8
  %b = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<40xi8>, vector<32xi8>
  %r = qdq.unpack_bits %b, 4 sign_extend : vector<32xi8> -> vector<64xi32>
  return %r : vector<64xi32>
}

func.func @read_ui4(%m: memref<40xi8>, %i: index) -> vector<24xi32> attributes {no_inline} {
  %pad = arith.constant 0 : i8
  %b = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<40xi8>, vector<12xi8>
  %r = qdq.unpack_bits %b, 4 : vector<12xi8> -> vector<24xi32>
  return %r : vector<24xi32>
}

func.func @read_i2(%m: memref<40xi8>, %i: index) -> vector<64xi32> attributes {no_inline} {
  %pad = arith.constant 0 : i8
  %b = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<40xi8>, vector<16xi8>
  %r = qdq.unpack_bits %b, 2 sign_extend : vector<16xi8> -> vector<64xi32>
  return %r : vector<64xi32>
}

func.func @read_ui2(%m: memref<40xi8>, %i: index) -> vector<40xi32> attributes {no_inline} {
  %pad = arith.constant 0 : i8
  %b = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<40xi8>, vector<10xi8>
  %r = qdq.unpack_bits %b, 2 : vector<10xi8> -> vector<40xi32>
  return %r : vector<40xi32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %b_i4 = arith.constant dense<[7, 36, 65, 94, 123, -104, -75, -46, -17, 12, 41, 70, 99, -128, -99, -70, -41, -12, 17, 46, 75, 104, -123, -94, -65, -36, -7, 22, 51, 80, 109, -118]> : vector<32xi8>
  %r_i4 = call @unpack_i4(%b_i4) : (vector<32xi8>) -> vector<64xi32>
  %m_i4 = memref.alloca() : memref<64xi32>
  vector.store %r_i4, %m_i4[%c0] : memref<64xi32>, vector<64xi32>
  %u_i4 = memref.cast %m_i4 : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%u_i4) : (memref<*xi32>) -> ()
  %b_ui4 = arith.constant dense<[7, 36, 65, 94, 123, -104, -75, -46, -17, 12, 41, 70, 99, -128, -99, -70, -41, -12, 17, 46, 75, 104, -123, -94]> : vector<24xi8>
  %r_ui4 = call @unpack_ui4(%b_ui4) : (vector<24xi8>) -> vector<48xi32>
  %m_ui4 = memref.alloca() : memref<48xi32>
  vector.store %r_ui4, %m_ui4[%c0] : memref<48xi32>, vector<48xi32>
  %u_ui4 = memref.cast %m_ui4 : memref<48xi32> to memref<*xi32>
  call @printMemrefI32(%u_ui4) : (memref<*xi32>) -> ()
  %b_i2 = arith.constant dense<[7, 36, 65, 94, 123, -104, -75, -46, -17, 12, 41, 70]> : vector<12xi8>
  %r_i2 = call @unpack_i2(%b_i2) : (vector<12xi8>) -> vector<48xi32>
  %m_i2 = memref.alloca() : memref<48xi32>
  vector.store %r_i2, %m_i2[%c0] : memref<48xi32>, vector<48xi32>
  %u_i2 = memref.cast %m_i2 : memref<48xi32> to memref<*xi32>
  call @printMemrefI32(%u_i2) : (memref<*xi32>) -> ()
  %b_ui2 = arith.constant dense<[7, 36, 65, 94, 123, -104, -75, -46, -17, 12, 41, 70, 99, -128, -99, -70, -41, -12, 17, 46, 75, 104, -123, -94, -65, -36, -7, 22, 51, 80, 109, -118]> : vector<32xi8>
  %r_ui2 = call @unpack_ui2(%b_ui2) : (vector<32xi8>) -> vector<128xi32>
  %m_ui2 = memref.alloca() : memref<128xi32>
  vector.store %r_ui2, %m_ui2[%c0] : memref<128xi32>, vector<128xi32>
  %u_ui2 = memref.cast %m_ui2 : memref<128xi32> to memref<*xi32>
  call @printMemrefI32(%u_ui2) : (memref<*xi32>) -> ()
  %b_i4_odd = arith.constant dense<[7, 36, 65, 94, 123, -104]> : vector<6xi8>
  %r_i4_odd = call @unpack_i4_odd(%b_i4_odd) : (vector<6xi8>) -> vector<12xi32>
  %m_i4_odd = memref.alloca() : memref<12xi32>
  vector.store %r_i4_odd, %m_i4_odd[%c0] : memref<12xi32>, vector<12xi32>
  %u_i4_odd = memref.cast %m_i4_odd : memref<12xi32> to memref<*xi32>
  call @printMemrefI32(%u_i4_odd) : (memref<*xi32>) -> ()

  %w_i4 = call @unpack_i4_w(%b_i4) : (vector<32xi8>) -> vector<64xi16>
  %w_i4_32 = arith.extsi %w_i4 : vector<64xi16> to vector<64xi32>
  %mw_i4 = memref.alloca() : memref<64xi32>
  vector.store %w_i4_32, %mw_i4[%c0] : memref<64xi32>, vector<64xi32>
  %uw_i4 = memref.cast %mw_i4 : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%uw_i4) : (memref<*xi32>) -> ()
  %w_ui2 = call @unpack_ui2_w(%b_ui2) : (vector<32xi8>) -> vector<128xi16>
  %w_ui2_32 = arith.extui %w_ui2 : vector<128xi16> to vector<128xi32>
  %mw_ui2 = memref.alloca() : memref<128xi32>
  vector.store %w_ui2_32, %mw_ui2[%c0] : memref<128xi32>, vector<128xi32>
  %uw_ui2 = memref.cast %mw_ui2 : memref<128xi32> to memref<*xi32>
  call @printMemrefI32(%uw_ui2) : (memref<*xi32>) -> ()
  %w_i2 = call @unpack_i2_w(%b_i2) : (vector<12xi8>) -> vector<48xi16>
  %w_i2_32 = arith.extsi %w_i2 : vector<48xi16> to vector<48xi32>
  %mw_i2 = memref.alloca() : memref<48xi32>
  vector.store %w_i2_32, %mw_i2[%c0] : memref<48xi32>, vector<48xi32>
  %uw_i2 = memref.cast %mw_i2 : memref<48xi32> to memref<*xi32>
  call @printMemrefI32(%uw_i2) : (memref<*xi32>) -> ()
  %b_i2_64 = vector.extract_strided_slice %b_ui2 {offsets = [0], sizes = [16], strides = [1]} : vector<32xi8> to vector<16xi8>
  %w_i2_64 = call @unpack_i2_w64(%b_i2_64) : (vector<16xi8>) -> vector<64xi16>
  %w_i2_64_32 = arith.extsi %w_i2_64 : vector<64xi16> to vector<64xi32>
  %mw_i2_64 = memref.alloca() : memref<64xi32>
  vector.store %w_i2_64_32, %mw_i2_64[%c0] : memref<64xi32>, vector<64xi32>
  %uw_i2_64 = memref.cast %mw_i2_64 : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%uw_i2_64) : (memref<*xi32>) -> ()

  %c3 = arith.constant 3 : index
  %bytes = arith.constant dense<[7, 36, 65, 94, 123, -104, -75, -46, -17, 12, 41, 70, 99, -128, -99, -70, -41, -12, 17, 46, 75, 104, -123, -94, -65, -36, -7, 22, 51, 80, 109, -118, -89, -60, -31, -2, 27, 56, 85, 114]> : vector<40xi8>
  %mem = memref.alloca() : memref<40xi8>
  vector.store %bytes, %mem[%c0] : memref<40xi8>, vector<40xi8>
  %rr_i4 = call @read_i4(%mem, %c3) : (memref<40xi8>, index) -> vector<64xi32>
  %mr_i4 = memref.alloca() : memref<64xi32>
  vector.store %rr_i4, %mr_i4[%c0] : memref<64xi32>, vector<64xi32>
  %ur_i4 = memref.cast %mr_i4 : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%ur_i4) : (memref<*xi32>) -> ()
  %rr_ui4 = call @read_ui4(%mem, %c3) : (memref<40xi8>, index) -> vector<24xi32>
  %mr_ui4 = memref.alloca() : memref<24xi32>
  vector.store %rr_ui4, %mr_ui4[%c0] : memref<24xi32>, vector<24xi32>
  %ur_ui4 = memref.cast %mr_ui4 : memref<24xi32> to memref<*xi32>
  call @printMemrefI32(%ur_ui4) : (memref<*xi32>) -> ()
  %rr_i2 = call @read_i2(%mem, %c3) : (memref<40xi8>, index) -> vector<64xi32>
  %mr_i2 = memref.alloca() : memref<64xi32>
  vector.store %rr_i2, %mr_i2[%c0] : memref<64xi32>, vector<64xi32>
  %ur_i2 = memref.cast %mr_i2 : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%ur_i2) : (memref<*xi32>) -> ()
  %rr_ui2 = call @read_ui2(%mem, %c3) : (memref<40xi8>, index) -> vector<40xi32>
  %mr_ui2 = memref.alloca() : memref<40xi32>
  vector.store %rr_ui2, %mr_ui2[%c0] : memref<40xi32>, vector<40xi32>
  %ur_ui2 = memref.cast %mr_ui2 : memref<40xi32> to memref<*xi32>
  call @printMemrefI32(%ur_ui2) : (memref<*xi32>) -> ()
  return
}
// CHECK: data =
// CHECK-NEXT: [7,  0,  4,  2,  1,  4,  -2,  5,  -5,  7,  -8,  -7,  5,  -5,  2,  -3,  -1,  -2,  -4,  0,  -7,  2,  6,  4,  3,  6,  0,  -8,  -3,  -7,  -6,  -5,  7,  -3,  4,  -1,  1,  1,  -2,  2,  -5,  4,  -8,  6,  5,  -8,  2,  -6,  -1,  -5,  -4,  -3,  -7,  -1,  6,  1,  3,  3,  0,  5,  -3,  6,  -6,  -8]
// CHECK: data =
// CHECK-NEXT: [7,  0,  4,  2,  1,  4,  14,  5,  11,  7,  8,  9,  5,  11,  2,  13,  15,  14,  12,  0,  9,  2,  6,  4,  3,  6,  0,  8,  13,  9,  10,  11,  7,  13,  4,  15,  1,  1,  14,  2,  11,  4,  8,  6,  5,  8,  2,  10]
// CHECK: data =
// CHECK-NEXT: [-1,  1,  0,  0,  0,  1,  -2,  0,  1,  0,  0,  1,  -2,  -1,  1,  1,  -1,  -2,  -1,  1,  0,  -2,  1,  -2,  1,  1,  -1,  -2,  -2,  0,  1,  -1,  -1,  -1,  -2,  -1,  0,  -1,  0,  0,  1,  -2,  -2,  0,  -2,  1,  0,  1]
// CHECK: data =
// CHECK-NEXT: [3,  1,  0,  0,  0,  1,  2,  0,  1,  0,  0,  1,  2,  3,  1,  1,  3,  2,  3,  1,  0,  2,  1,  2,  1,  1,  3,  2,  2,  0,  1,  3,  3,  3,  2,  3,  0,  3,  0,  0,  1,  2,  2,  0,  2,  1,  0,  1,  3,  0,  2,  1,  0,  0,  0,  2,  1,  3,  1,  2,  2,  2,  3,  2,  3,  1,  1,  3,  0,  1,  3,  3,  1,  0,  1,  0,  2,  3,  2,  0,  3,  2,  0,  1,  0,  2,  2,  1,  1,  1,  0,  2,  2,  0,  2,  2,  3,  3,  3,  2,  0,  3,  1,  3,  1,  2,  3,  3,  2,  1,  1,  0,  3,  0,  3,  0,  0,  0,  1,  1,  1,  3,  2,  1,  2,  2,  0,  2]
// CHECK: data =
// CHECK-NEXT: [7,  0,  4,  2,  1,  4,  -2,  5,  -5,  7,  -8,  -7]
// @unpack_i4_w, @unpack_ui2_w, @unpack_i2_w, @unpack_i2_w64 (i16 lanes):
// CHECK: data =
// CHECK-NEXT: [7,  0,  4,  2,  1,  4,  -2,  5,  -5,  7,  -8,  -7,  5,  -5,  2,  -3,  -1,  -2,  -4,  0,  -7,  2,  6,  4,  3,  6,  0,  -8,  -3,  -7,  -6,  -5,  7,  -3,  4,  -1,  1,  1,  -2,  2,  -5,  4,  -8,  6,  5,  -8,  2,  -6,  -1,  -5,  -4,  -3,  -7,  -1,  6,  1,  3,  3,  0,  5,  -3,  6,  -6,  -8]
// CHECK: data =
// CHECK-NEXT: [3,  1,  0,  0,  0,  1,  2,  0,  1,  0,  0,  1,  2,  3,  1,  1,  3,  2,  3,  1,  0,  2,  1,  2,  1,  1,  3,  2,  2,  0,  1,  3,  3,  3,  2,  3,  0,  3,  0,  0,  1,  2,  2,  0,  2,  1,  0,  1,  3,  0,  2,  1,  0,  0,  0,  2,  1,  3,  1,  2,  2,  2,  3,  2,  3,  1,  1,  3,  0,  1,  3,  3,  1,  0,  1,  0,  2,  3,  2,  0,  3,  2,  0,  1,  0,  2,  2,  1,  1,  1,  0,  2,  2,  0,  2,  2,  3,  3,  3,  2,  0,  3,  1,  3,  1,  2,  3,  3,  2,  1,  1,  0,  3,  0,  3,  0,  0,  0,  1,  1,  1,  3,  2,  1,  2,  2,  0,  2]
// CHECK: data =
// CHECK-NEXT: [-1,  1,  0,  0,  0,  1,  -2,  0,  1,  0,  0,  1,  -2,  -1,  1,  1,  -1,  -2,  -1,  1,  0,  -2,  1,  -2,  1,  1,  -1,  -2,  -2,  0,  1,  -1,  -1,  -1,  -2,  -1,  0,  -1,  0,  0,  1,  -2,  -2,  0,  -2,  1,  0,  1]
// CHECK: data =
// CHECK-NEXT: [-1,  1,  0,  0,  0,  1,  -2,  0,  1,  0,  0,  1,  -2,  -1,  1,  1,  -1,  -2,  -1,  1,  0,  -2,  1,  -2,  1,  1,  -1,  -2,  -2,  0,  1,  -1,  -1,  -1,  -2,  -1,  0,  -1,  0,  0,  1,  -2,  -2,  0,  -2,  1,  0,  1,  -1,  0,  -2,  1,  0,  0,  0,  -2,  1,  -1,  1,  -2,  -2,  -2,  -1,  -2]
// @read_i4, @read_ui4, @read_i2, @read_ui2 (from byte 3):
// CHECK: data =
// CHECK-NEXT: [-2,  5,  -5,  7,  -8,  -7,  5,  -5,  2,  -3,  -1,  -2,  -4,  0,  -7,  2,  6,  4,  3,  6,  0,  -8,  -3,  -7,  -6,  -5,  7,  -3,  4,  -1,  1,  1,  -2,  2,  -5,  4,  -8,  6,  5,  -8,  2,  -6,  -1,  -5,  -4,  -3,  -7,  -1,  6,  1,  3,  3,  0,  5,  -3,  6,  -6,  -8,  7,  -6,  4,  -4,  1,  -2]
// CHECK: data =
// CHECK-NEXT: [14,  5,  11,  7,  8,  9,  5,  11,  2,  13,  15,  14,  12,  0,  9,  2,  6,  4,  3,  6,  0,  8,  13,  9]
// CHECK: data =
// CHECK-NEXT: [-2,  -1,  1,  1,  -1,  -2,  -1,  1,  0,  -2,  1,  -2,  1,  1,  -1,  -2,  -2,  0,  1,  -1,  -1,  -1,  -2,  -1,  0,  -1,  0,  0,  1,  -2,  -2,  0,  -2,  1,  0,  1,  -1,  0,  -2,  1,  0,  0,  0,  -2,  1,  -1,  1,  -2,  -2,  -2,  -1,  -2,  -1,  1,  1,  -1,  0,  1,  -1,  -1,  1,  0,  1,  0]
// CHECK: data =
// CHECK-NEXT: [2,  3,  1,  1,  3,  2,  3,  1,  0,  2,  1,  2,  1,  1,  3,  2,  2,  0,  1,  3,  3,  3,  2,  3,  0,  3,  0,  0,  1,  2,  2,  0,  2,  1,  0,  1,  3,  0,  2,  1]
