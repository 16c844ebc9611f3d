// RUN: qdq-opt %s --qdq-convert-packed-sub-byte-to-llvm --split-input-file --verify-diagnostics | FileCheck %s

// A load of element [i, j] of a packed i4 memref reads byte
// (offset + i * stride0 + j * stride1) >> 1 and shifts by 4 * (linear & 1).
// CHECK-LABEL: func.func @load_i4
// CHECK:       %[[DESC:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<?x?xi4> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:       %[[OFF:.*]] = llvm.extractvalue %[[DESC]][2]
// CHECK:       %[[S0:.*]] = llvm.extractvalue %[[DESC]][4, 0]
// CHECK:       %[[M0:.*]] = llvm.mul %{{.*}}, %[[S0]] : i64
// CHECK:       %[[L0:.*]] = llvm.add %[[OFF]], %[[M0]] : i64
// CHECK:       %[[S1:.*]] = llvm.extractvalue %[[DESC]][4, 1]
// CHECK:       %[[M1:.*]] = llvm.mul %{{.*}}, %[[S1]] : i64
// CHECK:       %[[LIN:.*]] = llvm.add %[[L0]], %[[M1]] : i64
// CHECK:       %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK:       %[[BYTE:.*]] = llvm.lshr %[[LIN]], %[[ONE]] : i64
// CHECK:       %[[PTR:.*]] = llvm.extractvalue %[[DESC]][1]
// CHECK:       %[[ADDR:.*]] = llvm.getelementptr %[[PTR]][%[[BYTE]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:       %[[B:.*]] = llvm.load %[[ADDR]] : !llvm.ptr -> i8
// CHECK:       %[[SLOT:.*]] = llvm.and %[[LIN]], %{{.*}} : i64
// CHECK:       %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK:       %[[SH64:.*]] = llvm.mul %[[SLOT]], %[[FOUR]] : i64
// CHECK:       %[[SH:.*]] = llvm.trunc %[[SH64]] : i64 to i8
// CHECK:       %[[V:.*]] = llvm.lshr %[[B]], %[[SH]] : i8
// CHECK:       llvm.trunc %[[V]] : i8 to i4
func.func @load_i4(%m: memref<?x?xi4>, %i: index, %j: index) -> i4 {
  %v = memref.load %m[%i, %j] : memref<?x?xi4>
  return %v : i4
}

// -----

// i2: four per byte, shift by 2 * (linear & 3).
// CHECK-LABEL: func.func @load_i2
// CHECK:       %[[TWO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK:       llvm.lshr %{{.*}}, %[[TWO]] : i64
// CHECK:       llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK:       %[[THREE:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK:       llvm.and %{{.*}}, %[[THREE]] : i64
// CHECK:       llvm.trunc %{{.*}} : i8 to i2
func.func @load_i2(%m: memref<7xi2>, %i: index) -> i2 {
  %v = memref.load %m[%i] : memref<7xi2>
  return %v : i2
}

// -----

// Byte-sized memrefs are left to the upstream lowering.
// CHECK-LABEL: func.func @load_i8
// CHECK:       memref.load
func.func @load_i8(%m: memref<7xi8>, %i: index) -> i8 {
  %v = memref.load %m[%i] : memref<7xi8>
  return %v : i8
}

// -----

// A constant i4 global is packed two per byte, first element in the low
// nibble: [1, -2, 3, 7, -8] -> 0xE1, 0x73, 0x08 = [-31, 115, 8].
// CHECK: llvm.mlir.global private constant @packed(dense<[-31, 115, 8]> : tensor<3xi8>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<3 x i8>
// CHECK-LABEL: func.func @get_packed
// CHECK:       %[[A:.*]] = llvm.mlir.addressof @packed : !llvm.ptr
// CHECK:       llvm.insertvalue %[[A]], %{{.*}}[0]
// CHECK:       llvm.insertvalue %[[A]], %{{.*}}[1]
memref.global "private" constant @packed : memref<5xi4> = dense<[1, -2, 3, 7, -8]> {alignment = 64 : i64}
func.func @get_packed() -> memref<5xi4> {
  %g = memref.get_global @packed : memref<5xi4>
  return %g : memref<5xi4>
}

// -----

// fp4 globals are packed from their bit patterns: 0.5 = 0x1, -6.0 = 0xF,
// 1.0 = 0x2 -> 0xF1, 0x02 = [-15, 2].
// CHECK: llvm.mlir.global private constant @fp4(dense<[-15, 2]> : tensor<2xi8>) {addr_space = 0 : i32} : !llvm.array<2 x i8>
memref.global "private" constant @fp4 : memref<3xf4E2M1FN> = dense<[0.5, -6.0, 1.0]>
func.func @get_fp4() -> memref<3xf4E2M1FN> {
  %g = memref.get_global @fp4 : memref<3xf4E2M1FN>
  return %g : memref<3xf4E2M1FN>
}

// -----

// Writes to packed memrefs are rejected, not miscompiled.
func.func @store_i4(%m: memref<8xi4>, %v: i4, %i: index) {
  // expected-error @+1 {{'memref.store' op on a packed sub-byte memref is not supported by the qdq lowering (only loads and constant globals are)}}
  memref.store %v, %m[%i] : memref<8xi4>
  return
}

// -----

// So are vector accesses: their upstream lowering addresses one element per
// byte.
func.func @vector_load_i4(%m: memref<8xi4>, %i: index) -> vector<4xi4> {
  // expected-error @+1 {{'vector.load' op on a packed sub-byte memref is not supported by the qdq lowering (only loads and constant globals are)}}
  %v = vector.load %m[%i] : memref<8xi4>, vector<4xi4>
  return %v : vector<4xi4>
}

// -----

// A packed global's initial value must be dense elements: a dense_resource
// blob is not packed, and dropping it would leave the global zero.
// expected-error @+1 {{'memref.global' op packed sub-byte global @blob has initial value dense_resource<blob_i4> : tensor<4xi4>; the qdq lowering packs only dense elements}}
memref.global "private" constant @blob : memref<4xi4> = dense_resource<blob_i4>
func.func @get_blob() -> memref<4xi4> {
  %g = memref.get_global @blob : memref<4xi4>
  return %g : memref<4xi4>
}
{-#
  dialect_resources: {
    builtin: {
      blob_i4: "0x040000000102030F"
    }
  }
#-}

// -----

// Uninitialized packed globals have no bytes to pack; they lower.
// CHECK: llvm.mlir.global private @scratch() {addr_space = 0 : i32} : !llvm.array<3 x i8>
memref.global "private" @scratch : memref<5xi4> = uninitialized

// -----

// Packed memrefs need an integer memory space (the LLVM address space).
// expected-error @+1 {{'memref.global' op packed sub-byte memref 'memref<4xi4, "shared">' has memory space "shared"; the qdq lowering needs an integer memory space}}
memref.global "private" constant @named_space : memref<4xi4, "shared"> = dense<[1, 2, 3, 4]>

// -----

func.func @named_space_load(%m: memref<4xi4, "shared">, %i: index) -> i4 {
  // expected-error @+1 {{'memref.load' op packed sub-byte memref 'memref<4xi4, "shared">' has memory space "shared"; the qdq lowering needs an integer memory space}}
  %v = memref.load %m[%i] : memref<4xi4, "shared">
  return %v : i4
}

// -----

// qdq.packed_bytes: the same pointers, ceil(N * bits / 8) bytes, stride 1.
// CHECK-LABEL: func.func @packed_bytes
// CHECK:       %[[SRC:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<?x6xi2> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:       %[[D0:.*]] = llvm.extractvalue %[[SRC]][3, 0]
// CHECK:       %[[N0:.*]] = llvm.mul %{{.*}}, %[[D0]] : i64
// CHECK:       %[[D1:.*]] = llvm.extractvalue %[[SRC]][3, 1]
// CHECK:       %[[N:.*]] = llvm.mul %[[N0]], %[[D1]] : i64
// CHECK:       %[[BITS:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK:       %[[NB:.*]] = llvm.mul %[[N]], %[[BITS]] : i64
// CHECK:       %[[SEVEN:.*]] = llvm.mlir.constant(7 : i64) : i64
// CHECK:       %[[R:.*]] = llvm.add %[[NB]], %[[SEVEN]] : i64
// CHECK:       %[[EIGHT:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK:       %[[BYTES:.*]] = llvm.udiv %[[R]], %[[EIGHT]] : i64
// CHECK:       %[[A:.*]] = llvm.extractvalue %[[SRC]][0]
// CHECK:       llvm.insertvalue %[[A]], %{{.*}}[0]
// CHECK:       %[[P:.*]] = llvm.extractvalue %[[SRC]][1]
// CHECK:       llvm.insertvalue %[[P]], %{{.*}}[1]
// CHECK:       llvm.insertvalue %[[BYTES]], %{{.*}}[3, 0]
func.func @packed_bytes(%m: memref<?x6xi2>) -> memref<?xi8> {
  %b = qdq.packed_bytes %m : memref<?x6xi2> -> memref<?xi8>
  return %b : memref<?xi8>
}
