// qdq.table_lookup executed: every lowering (vpermi2b / vpermb / pshufb at each
// register width, and one extract per element) looks up the same bytes.
// The expected values were computed with Python list indexing when the test
// was written: t256[i] = (37 i + 11) mod 256, t16[i] = (5 i + 3) mod 256,
// t64[i] = (29 i + 7) mod 256, index k = (73 k + 5) mod 256 (the 16-, 64-
// and 128-entry tables read it mod 16, 64 and 128; the 128-entry table is
// t256's first half); the
// f32 table tf[i] = 3 i - 19.75 with i32 index k = (7 k^2 + 5 k + 3) mod 1000
// (read mod 16); its first 8 entries as an 8-entry table with the i32 indices
// -8..9, 15, 16, -9, -16, 1000, -1000 read as unsigned mod 8 (the
// sign-extended fp4 codes of the vector lowering are negative), and again
// with 32 of them, those 24 then 10, 11, -10, -11, 31, 32, -33, 2^31 - 1:
// 32 lookups take two 512-bit vpermps with the table twice in a register on
// AVX-512 hosts (24 are not a multiple of 16 and take 256-bit ones). The
// 32-entry i16 table tw[i] = (1009 i + 77) mod 2^16 with 64 i16 indices
// k = (97 k^2 + 13 k + 5) mod 2^16 (read mod 32), both as signed i16: two
// vpermw with AVX512BW, else one extract per element.
// RUN: qdq-opt %s --qdq-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=128" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="cpu-features=none" | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @lookupf32(%t: vector<16xf32>, %i: vector<32xi32>) -> vector<32xf32> attributes {no_inline} {
  %r = qdq.table_lookup %t[%i] : vector<16xf32>, vector<32xi32>
  return %r : vector<32xf32>
}

func.func @lookupf8(%t: vector<8xf32>, %i: vector<24xi32>) -> vector<24xf32> attributes {no_inline} {
  %r = qdq.table_lookup %t[%i] : vector<8xf32>, vector<24xi32>
  return %r : vector<24xf32>
}

func.func @lookupf8_32(%t: vector<8xf32>, %i: vector<32xi32>) -> vector<32xf32> attributes {no_inline} {
  %r = qdq.table_lookup %t[%i] : vector<8xf32>, vector<32xi32>
  return %r : vector<32xf32>
}

func.func @lookup256(%t: vector<256xi8>, %i: vector<128xi8>) -> vector<128xi8> attributes {no_inline} {
  %r = qdq.table_lookup %t[%i] : vector<256xi8>, vector<128xi8>
  return %r : vector<128xi8>
}

func.func @lookup128(%t: vector<128xi8>, %i: vector<128xi8>) -> vector<128xi8> attributes {no_inline} {
  %r = qdq.table_lookup %t[%i] : vector<128xi8>, vector<128xi8>
  return %r : vector<128xi8>
}

func.func @lookup64(%t: vector<64xi8>, %i: vector<128xi8>) -> vector<128xi8> attributes {no_inline} {
  %r = qdq.table_lookup %t[%i] : vector<64xi8>, vector<128xi8>
  return %r : vector<128xi8>
}

func.func @lookup16(%t: vector<16xi8>, %i: vector<128xi8>) -> vector<128xi8> attributes {no_inline} {
  %r = qdq.table_lookup %t[%i] : vector<16xi8>, vector<128xi8>
  return %r : vector<128xi8>
}

func.func @lookupw(%t: vector<32xi16>, %i: vector<64xi16>) -> vector<64xi16> attributes {no_inline} {
  %r = qdq.table_lookup %t[%i] : vector<32xi16>, vector<64xi16>
  return %r : vector<64xi16>
}

func.func @print(%v: vector<128xi8>) {
  %c0 = arith.constant 0 : index
  %w = arith.extsi %v : vector<128xi8> to vector<128xi32>
  %m = memref.alloca() : memref<128xi32>
  vector.store %w, %m[%c0] : memref<128xi32>, vector<128xi32>
  %u = memref.cast %m : memref<128xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %t256 = arith.constant dense<[11, 48, 85, 122, -97, -60, -23, 14, 51, 88, 125, -94, -57, -20, 17, 54, 91, -128, -91, -54, -17, 20, 57, 94, -125, -88, -51, -14, 23, 60, 97, -122, -85, -48, -11, 26, 63, 100, -119, -82, -45, -8, 29, 66, 103, -116, -79, -42, -5, 32, 69, 106, -113, -76, -39, -2, 35, 72, 109, -110, -73, -36, 1, 38, 75, 112, -107, -70, -33, 4, 41, 78, 115, -104, -67, -30, 7, 44, 81, 118, -101, -64, -27, 10, 47, 84, 121, -98, -61, -24, 13, 50, 87, 124, -95, -58, -21, 16, 53, 90, 127, -92, -55, -18, 19, 56, 93, -126, -89, -52, -15, 22, 59, 96, -123, -86, -49, -12, 25, 62, 99, -120, -83, -46, -9, 28, 65, 102, -117, -80, -43, -6, 31, 68, 105, -114, -77, -40, -3, 34, 71, 108, -111, -74, -37, 0, 37, 74, 111, -108, -71, -34, 3, 40, 77, 114, -105, -68, -31, 6, 43, 80, 117, -102, -65, -28, 9, 46, 83, 120, -99, -62, -25, 12, 49, 86, 123, -96, -59, -22, 15, 52, 89, 126, -93, -56, -19, 18, 55, 92, -127, -90, -53, -16, 21, 58, 95, -124, -87, -50, -13, 24, 61, 98, -121, -84, -47, -10, 27, 64, 101, -118, -81, -44, -7, 30, 67, 104, -115, -78, -41, -4, 33, 70, 107, -112, -75, -38, -1, 36, 73, 110, -109, -72, -35, 2, 39, 76, 113, -106, -69, -32, 5, 42, 79, 116, -103, -66, -29, 8, 45, 82, 119, -100, -63, -26]> : vector<256xi8>
  %t16 = arith.constant dense<[3, 8, 13, 18, 23, 28, 33, 38, 43, 48, 53, 58, 63, 68, 73, 78]> : vector<16xi8>
  %i = arith.constant dense<[5, 78, -105, -32, 41, 114, -69, 4, 77, -106, -33, 40, 113, -70, 3, 76, -107, -34, 39, 112, -71, 2, 75, -108, -35, 38, 111, -72, 1, 74, -109, -36, 37, 110, -73, 0, 73, -110, -37, 36, 109, -74, -1, 72, -111, -38, 35, 108, -75, -2, 71, -112, -39, 34, 107, -76, -3, 70, -113, -40, 33, 106, -77, -4, 69, -114, -41, 32, 105, -78, -5, 68, -115, -42, 31, 104, -79, -6, 67, -116, -43, 30, 103, -80, -7, 66, -117, -44, 29, 102, -81, -8, 65, -118, -45, 28, 101, -82, -9, 64, -119, -46, 27, 100, -83, -10, 63, -120, -47, 26, 99, -84, -11, 62, -121, -48, 25, 98, -85, -12, 61, -122, -49, 24, 97, -86, -13, 60]> : vector<128xi8>
  %a = call @lookup256(%t256, %i) : (vector<256xi8>, vector<128xi8>) -> vector<128xi8>
  call @print(%a) : (vector<128xi8>) -> ()
  %b = call @lookup16(%t16, %i) : (vector<16xi8>, vector<128xi8>) -> vector<128xi8>
  call @print(%b) : (vector<128xi8>) -> ()
  %t64 = arith.constant dense<[7, 36, 65, 94, 123, -104, -75, -46, -17, 12, 41, 70, 99, -128, -99, -70, -41, -12, 17, 46, 75, 104, -123, -94, -65, -36, -7, 22, 51, 80, 109, -118, -89, -60, -31, -2, 27, 56, 85, 114, -113, -84, -55, -26, 3, 32, 61, 90, 119, -108, -79, -50, -21, 8, 37, 66, 95, 124, -103, -74, -45, -16, 13, 42]> : vector<64xi8>
  %c = call @lookup64(%t64, %i) : (vector<64xi8>, vector<128xi8>) -> vector<128xi8>
  call @print(%c) : (vector<128xi8>) -> ()
  %t128 = vector.extract_strided_slice %t256 {offsets = [0], sizes = [128], strides = [1]} : vector<256xi8> to vector<128xi8>
  %d = call @lookup128(%t128, %i) : (vector<128xi8>, vector<128xi8>) -> vector<128xi8>
  call @print(%d) : (vector<128xi8>) -> ()
  %tf = arith.constant dense<[-19.75, -16.75, -13.75, -10.75, -7.75, -4.75, -1.75, 1.25, 4.25, 7.25, 10.25, 13.25, 16.25, 19.25, 22.25, 25.25]> : vector<16xf32>
  %if = arith.constant dense<[3, 15, 41, 81, 135, 203, 285, 381, 491, 615, 753, 905, 71, 251, 445, 653, 875, 111, 361, 625, 903, 195, 501, 821, 155, 503, 865, 241, 631, 35, 453, 885]> : vector<32xi32>
  %f = call @lookupf32(%tf, %if) : (vector<16xf32>, vector<32xi32>) -> vector<32xf32>
  %c0 = arith.constant 0 : index
  %mf = memref.alloca() : memref<32xf32>
  vector.store %f, %mf[%c0] : memref<32xf32>, vector<32xf32>
  %uf = memref.cast %mf : memref<32xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  %tf8 = arith.constant dense<[-19.75, -16.75, -13.75, -10.75, -7.75, -4.75, -1.75, 1.25]> : vector<8xf32>
  %if8 = arith.constant dense<[-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, -9, -16, 1000, -1000]> : vector<24xi32>
  %f8 = call @lookupf8(%tf8, %if8) : (vector<8xf32>, vector<24xi32>) -> vector<24xf32>
  %mf8 = memref.alloca() : memref<24xf32>
  vector.store %f8, %mf8[%c0] : memref<24xf32>, vector<24xf32>
  %uf8 = memref.cast %mf8 : memref<24xf32> to memref<*xf32>
  call @printMemrefF32(%uf8) : (memref<*xf32>) -> ()
  %if8w = arith.constant dense<[-8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, -9, -16, 1000, -1000, 10, 11, -10, -11, 31, 32, -33, 2147483647]> : vector<32xi32>
  %f8w = call @lookupf8_32(%tf8, %if8w) : (vector<8xf32>, vector<32xi32>) -> vector<32xf32>
  %mf8w = memref.alloca() : memref<32xf32>
  vector.store %f8w, %mf8w[%c0] : memref<32xf32>, vector<32xf32>
  %uf8w = memref.cast %mf8w : memref<32xf32> to memref<*xf32>
  call @printMemrefF32(%uf8w) : (memref<*xf32>) -> ()
  %tw = arith.constant dense<[77, 1086, 2095, 3104, 4113, 5122, 6131, 7140, 8149, 9158, 10167, 11176, 12185, 13194, 14203, 15212, 16221, 17230, 18239, 19248, 20257, 21266, 22275, 23284, 24293, 25302, 26311, 27320, 28329, 29338, 30347, 31356]> : vector<32xi16>
  %iw = arith.constant dense<[5, 115, 419, 917, 1609, 2495, 3575, 4849, 6317, 7979, 9835, 11885, 14129, 16567, 19199, 22025, 25045, 28259, 31667, -30267, -26471, -22481, -18297, -13919, -9347, -4581, 379, 5533, 10881, 16423, 22159, 28089, -31323, -25005, -18493, -11787, -4887, 2207, 9495, 16977, 24653, 32523, -24949, -16691, -8239, 407, 9247, 18281, 27509, -28605, -18989, -9179, 825, 11023, 21415, 32001, -22755, -11781, -613, 10749, 22305, -31481, -19537, -7399]> : vector<64xi16>
  %w = call @lookupw(%tw, %iw) : (vector<32xi16>, vector<64xi16>) -> vector<64xi16>
  %w32 = arith.extsi %w : vector<64xi16> to vector<64xi32>
  %mw = memref.alloca() : memref<64xi32>
  vector.store %w32, %mw[%c0] : memref<64xi32>, vector<64xi32>
  %uw = memref.cast %mw : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%uw) : (memref<*xi32>) -> ()
  return
}
// CHECK: data =
// CHECK-NEXT: [-60,  81,  -34,  107,  -8,  -123,  18,  -97,  44,  -71,  70,  -45,  96,  -19,  122,  7,  -108,  33,  -82,  59,  -56,  85,  -30,  111,  -4,  -119,  22,  -93,  48,  -67,  74,  -41,  100,  -15,  126,  11,  -104,  37,  -78,  63,  -52,  89,  -26,  115,  0,  -115,  26,  -89,  52,  -63,  78,  -37,  104,  -11,  -126,  15,  -100,  41,  -74,  67,  -48,  93,  -22,  119,  4,  -111,  30,  -85,  56,  -59,  82,  -33,  108,  -7,  -122,  19,  -96,  45,  -70,  71,  -44,  97,  -18,  123,  8,  -107,  34,  -81,  60,  -55,  86,  -29,  112,  -3,  -118,  23,  -92,  49,  -66,  75,  -40,  101,  -14,  127,  12,  -103,  38,  -77,  64,  -51,  90,  -25,  116,  1,  -114,  27,  -88,  53,  -62,  79,  -36,  105,  -10,  -125,  16,  -99,  42,  -73]
// CHECK: data =
// CHECK-NEXT: [28,  73,  38,  3,  48,  13,  58,  23,  68,  33,  78,  43,  8,  53,  18,  63,  28,  73,  38,  3,  48,  13,  58,  23,  68,  33,  78,  43,  8,  53,  18,  63,  28,  73,  38,  3,  48,  13,  58,  23,  68,  33,  78,  43,  8,  53,  18,  63,  28,  73,  38,  3,  48,  13,  58,  23,  68,  33,  78,  43,  8,  53,  18,  63,  28,  73,  38,  3,  48,  13,  58,  23,  68,  33,  78,  43,  8,  53,  18,  63,  28,  73,  38,  3,  48,  13,  58,  23,  68,  33,  78,  43,  8,  53,  18,  63,  28,  73,  38,  3,  48,  13,  58,  23,  68,  33,  78,  43,  8,  53,  18,  63,  28,  73,  38,  3,  48,  13,  58,  23,  68,  33,  78,  43,  8,  53,  18,  63]
// CHECK: data =
// CHECK-NEXT: [-104,  -99,  -94,  -89,  -84,  -79,  -74,  123,  -128,  -123,  -118,  -113,  -108,  -103,  94,  99,  104,  109,  114,  119,  124,  65,  70,  75,  80,  85,  90,  95,  36,  41,  46,  51,  56,  61,  66,  7,  12,  17,  22,  27,  32,  37,  42,  -17,  -12,  -7,  -2,  3,  8,  13,  -46,  -41,  -36,  -31,  -26,  -21,  -16,  -75,  -70,  -65,  -60,  -55,  -50,  -45,  -104,  -99,  -94,  -89,  -84,  -79,  -74,  123,  -128,  -123,  -118,  -113,  -108,  -103,  94,  99,  104,  109,  114,  119,  124,  65,  70,  75,  80,  85,  90,  95,  36,  41,  46,  51,  56,  61,  66,  7,  12,  17,  22,  27,  32,  37,  42,  -17,  -12,  -7,  -2,  3,  8,  13,  -46,  -41,  -36,  -31,  -26,  -21,  -16,  -75,  -70,  -65,  -60,  -55,  -50,  -45]
// CHECK: data =
// CHECK-NEXT: [-60,  81,  94,  -21,  -8,  -123,  -110,  -97,  44,  57,  -58,  -45,  96,  109,  122,  7,  20,  -95,  -82,  59,  72,  85,  -30,  -17,  124,  -119,  22,  35,  48,  -67,  -54,  87,  100,  -15,  -2,  11,  -104,  -91,  50,  63,  -52,  -39,  102,  115,  -128,  13,  26,  -89,  -76,  65,  78,  91,  -24,  -11,  -126,  -113,  28,  41,  54,  -61,  -48,  93,  106,  -9,  4,  17,  -98,  -85,  56,  69,  -46,  -33,  -20,  121,  -122,  19,  32,  -83,  -70,  -57,  84,  97,  -18,  -5,  -120,  -107,  -94,  47,  60,  -55,  -42,  99,  112,  125,  10,  23,  -92,  -79,  62,  75,  88,  -27,  -14,  127,  -116,  25,  38,  51,  -64,  -51,  90,  103,  -12,  1,  14,  -101,  -88,  53,  66,  -49,  -36,  -23,  118,  -125,  16,  29,  -86,  -73]
// CHECK: data =
// CHECK-NEXT: [-10.75,  25.25,  7.25,  -16.75,  1.25,  13.25,  19.25,  19.25,  13.25,  1.25,  -16.75,  7.25,  1.25,  13.25,  19.25,  19.25,  13.25,  25.25,  7.25,  -16.75,  1.25,  -10.75,  -4.75,  -4.75,  13.25,  1.25,  -16.75,  -16.75,  1.25,  -10.75,  -4.75,  -4.75]
// CHECK: data =
// CHECK-NEXT: [-19.75,  -16.75,  -13.75,  -10.75,  -7.75,  -4.75,  -1.75,  1.25,  -19.75,  -16.75,  -13.75,  -10.75,  -7.75,  -4.75,  -1.75,  1.25,  -19.75,  -16.75,  1.25,  -19.75,  1.25,  -19.75,  -19.75,  -19.75]
// CHECK: data =
// CHECK-NEXT: [-19.75,  -16.75,  -13.75,  -10.75,  -7.75,  -4.75,  -1.75,  1.25,  -19.75,  -16.75,  -13.75,  -10.75,  -7.75,  -4.75,  -1.75,  1.25,  -19.75,  -16.75,  1.25,  -19.75,  1.25,  -19.75,  -19.75,  -19.75,  -13.75,  -10.75,  -1.75,  -4.75,  1.25,  -19.75,  1.25,  1.25]
// CHECK: data =
// CHECK-NEXT: [5122,  19248,  3104,  21266,  9158,  31356,  23284,  17230,  13194,  11176,  11176,  13194,  17230,  23284,  31356,  9158,  21266,  3104,  19248,  5122,  25302,  15212,  7140,  1086,  29338,  27320,  27320,  29338,  1086,  7140,  15212,  25302,  5122,  19248,  3104,  21266,  9158,  31356,  23284,  17230,  13194,  11176,  11176,  13194,  17230,  23284,  31356,  9158,  21266,  3104,  19248,  5122,  25302,  15212,  7140,  1086,  29338,  27320,  27320,  29338,  1086,  7140,  15212,  25302]
