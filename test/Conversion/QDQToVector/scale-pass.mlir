// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=avx2" --split-input-file | FileCheck %s

// The pass over the scales that decides whether the fast paths are exact
// (here: bf16 results without AVX512_BF16 round without their NaN case
// when every scale is finite; bf16-rounding.mlir, fused-product.mlir)
// reads the scales without masks: whole vectors of the lanes of a step
// (32 or 64 here, one or two 256-bit registers of f32 products), then the
// vector that ends with the last scale; fewer scales than lanes are one
// vector of their own. The whole vectors combine lane by lane in the loop
// (one vector of i1 carried), reduced once after it. AVX2 has no masked load of 16-bit (or 8-bit)
// elements; LLVM would test and load lane by lane. Only a dynamic count
// below the lanes takes a masked read.

// 100 scales: whole vectors at 0, 32 and 64, then the last 32 from 68.
// CHECK-LABEL: func.func @axis_100
// CHECK-NOT:   vector.create_mask
// CHECK:       %[[LANES:.*]] = scf.for %[[J:.*]] = %c0 to %c96 step %c32 iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<32xi1>) {
// CHECK:         vector.transfer_read %{{.*}}[%[[J]]], %{{.*}} {in_bounds = [true]} : tensor<100xbf16>, vector<32xbf16>
// CHECK-NOT:     vector.reduction
// CHECK:         %[[MORE:.*]] = arith.ori %[[ACC]], %{{.*}} : vector<32xi1>
// CHECK:         scf.yield %[[MORE]] : vector<32xi1>
// CHECK:       }
// CHECK:       %[[WHOLE:.*]] = vector.reduction <or>, %[[LANES]] : vector<32xi1> into i1
// CHECK:       vector.transfer_read %{{.*}}[%c68], %{{.*}} {in_bounds = [true]} : tensor<100xbf16>, vector<32xbf16>
// CHECK:       %[[LAST:.*]] = vector.reduction <or>
// CHECK:       %[[ANY:.*]] = arith.ori %[[WHOLE]], %[[LAST]] : i1
// CHECK:       scf.if %[[ANY]]
func.func @axis_100(%x: tensor<4x100xi8>, %s: tensor<100xbf16>, %z: tensor<100xi8>) -> tensor<4x100xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<4x100xi8>, tensor<100xbf16>, tensor<100xi8>) -> tensor<4x100xbf16>
  return %y : tensor<4x100xbf16>
}

// -----

// 64 scales: whole vectors only (one, of 64 lanes).
// CHECK-LABEL: func.func @axis_64
// CHECK-NOT:   vector.create_mask
// CHECK:       %[[LANES:.*]] = scf.for %[[J:.*]] = %c0 to %c64 step %c64 iter_args(%{{.*}} = %{{.*}}) -> (vector<64xi1>) {
// CHECK:         vector.transfer_read %{{.*}}[%[[J]]], %{{.*}} {in_bounds = [true]} : tensor<64xbf16>, vector<64xbf16>
// CHECK:       }
// CHECK-NEXT:  %[[WHOLE:.*]] = vector.reduction <or>, %[[LANES]] : vector<64xi1> into i1
// CHECK-NEXT:  scf.if %[[WHOLE]]
func.func @axis_64(%x: tensor<4x64xi8>, %s: tensor<64xbf16>, %z: tensor<64xi8>) -> tensor<4x64xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z {axis = 1 : i64} : (tensor<4x64xi8>, tensor<64xbf16>, tensor<64xi8>) -> tensor<4x64xbf16>
  return %y : tensor<4x64xbf16>
}

// -----

// One scale: read once (an in-bounds vector of one) and spread to every
// lane (bf16 lanes shuffled as i16: bf16-odd-lanes.mlir).
// CHECK-LABEL: func.func @per_tensor
// CHECK-NOT:   vector.create_mask
// CHECK:       %[[S:.*]] = vector.transfer_read %{{.*}}[%c0], %{{.*}} {in_bounds = [true]} : tensor<1xbf16>, vector<1xbf16>
// CHECK:       %[[SB:.*]] = arith.bitcast %[[S]] : vector<1xbf16> to vector<1xi16>
// CHECK:       vector.shuffle %[[SB]], %[[SB]] [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<1xi16>, vector<1xi16>
// CHECK:       %[[ANY:.*]] = vector.reduction <or>
// CHECK:       scf.if %[[ANY]]
func.func @per_tensor(%x: tensor<64xi8>, %s: tensor<bf16>, %z: tensor<i8>) -> tensor<64xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<64xi8>, tensor<bf16>, tensor<i8>) -> tensor<64xbf16>
  return %y : tensor<64xbf16>
}

// -----

// Fewer scales than lanes (10): one in-bounds vector of the 10, its other
// lanes repeating scale 0; no mask.
// CHECK-LABEL: func.func @blocked_10
// CHECK-NOT:   vector.create_mask
// CHECK:       %[[TEN:.*]] = vector.transfer_read %{{.*}}[%c0], %{{.*}} {in_bounds = [true]} : tensor<10xbf16>, vector<10xbf16>
// CHECK:       %[[TENB:.*]] = arith.bitcast %[[TEN]] : vector<10xbf16> to vector<10xi16>
// CHECK:       vector.shuffle %[[TENB]], %[[TENB]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<10xi16>, vector<10xi16>
// CHECK:       %[[ANY:.*]] = vector.reduction <or>
// CHECK:       scf.if %[[ANY]]
func.func @blocked_10(%x: tensor<2x120xi8>, %s: tensor<2x5xbf16>, %z: tensor<2x5xi8>) -> tensor<2x120xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 24 : (tensor<2x120xi8>, tensor<2x5xbf16>, tensor<2x5xi8>) -> tensor<2x120xbf16>
  return %y : tensor<2x120xbf16>
}

// -----

// A dynamic count (64 lanes): whole vectors up to count rounded down to
// 64, then at run time the last vector from count - 64 when count >= 64,
// else one masked read.
// CHECK-LABEL: func.func @blocked_dynamic
// CHECK:       %[[N:.*]] = tensor.dim %[[FLAT:.*]], %c0 : tensor<?xbf16>
// CHECK:       %[[STEPS:.*]] = arith.divui %[[N]], %c64 : index
// CHECK:       %[[END:.*]] = arith.muli %[[STEPS]], %c64 : index
// CHECK:       %[[LANES:.*]] = scf.for %[[J:.*]] = %c0 to %[[END]] step %c64 iter_args(%{{.*}} = %{{.*}}) -> (vector<64xi1>) {
// CHECK:         vector.transfer_read %[[FLAT]][%[[J]]], %{{.*}} {in_bounds = [true]} : tensor<?xbf16>, vector<64xbf16>
// CHECK:       }
// CHECK:       %[[WHOLE:.*]] = vector.reduction <or>, %[[LANES]] : vector<64xi1> into i1
// CHECK:       %[[LONG:.*]] = arith.cmpi uge, %[[N]], %c64 : index
// CHECK:       %[[REST:.*]] = scf.if %[[LONG]] -> (i1) {
// CHECK:         %[[FROM:.*]] = arith.subi %[[N]], %c64 : index
// CHECK:         vector.transfer_read %[[FLAT]][%[[FROM]]], %{{.*}} {in_bounds = [true]} : tensor<?xbf16>, vector<64xbf16>
// CHECK:       } else {
// CHECK:         vector.transfer_read %{{.*}}[%c0], %{{.*}} : tensor<?xi16>, vector<64xi16>
// CHECK:         vector.create_mask %[[N]] : vector<64xi1>
// CHECK:       }
// CHECK:       arith.ori %[[WHOLE]], %[[REST]] : i1
func.func @blocked_dynamic(%x: tensor<?x64xi8>, %s: tensor<?x2xbf16>, %z: tensor<?x2xi8>) -> tensor<?x64xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z block_size = 32 : (tensor<?x64xi8>, tensor<?x2xbf16>, tensor<?x2xi8>) -> tensor<?x64xbf16>
  return %y : tensor<?x64xbf16>
}
