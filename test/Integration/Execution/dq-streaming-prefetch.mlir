// Streaming loops that prefetch x (--qdq-nontemporal-stores, prefetch-bytes):
// x of 1 MiB (the smallest buffer those loops prefetch), per-axis C=64,
// i8 -> f32, on one and on two threads, with prefetches 4 KiB and 1 MiB
// ahead (the latter clamped to x's last element from the first step on).
// A second kernel, per-axis rows (x [256, 4096] i8, one scale and zero
// point per row, axis 0), reads x by (row, column): its loop prefetches
// through a 1-D view of x, on into the next rows, clamped to x's last
// element. A third is the same with every dim dynamic: it streams (and
// prefetches x) by x's size at run time. A fourth reads i16 x (1 MiB, per
// tensor -> f32): on 512-bit registers each read of 64 elements covers two
// cache lines, and with prefetch-every-line-min-work (the loop does 16
// register operations, 8 per line) both lines are prefetched, the last
// ones clamped to x's last element. With nontemporal-prefetch-far-bytes
// each prefetched line is prefetched a second time that far ahead, into L2
// (1 MiB: clamped to x's last element from the first step on). Every result is compared bit for bit with the scalar
// (x - zero_point) * scale computed in @main from the same tensors; the
// count of differences is printed. A fifth kernel, per-axis C=4096 on the
// same [256, 4096] x, runs in period tiles of 4 rows (period-tile=4): the
// tile's four reads of x prefetch beyond the farthest of them (TILE).
// Every prefetching RUN line allows any
// element width (the host default on AMD Zen 4 prefetches elements of at
// most 8 bits only).
// RUN: qdq-opt %s --qdq-to-llvm="nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="nontemporal-min-bytes=1 nontemporal-prefetch-bytes=1048576 nontemporal-prefetch-max-element-bits=-1" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1 nontemporal-prefetch-every-line-min-work=3" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1 nontemporal-prefetch-every-line-min-work=3 nontemporal-prefetch-far-bytes=1048576" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="period-tile=4 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1 nontemporal-prefetch-far-bytes=-1" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// The tiles of @dq_cols prefetch each of their four rows 12288 + 4096
// elements ahead (folded with the rows' offsets: 16384 + 4096 k; the build
// before this rule prefetched at most 12288 + 4096 ahead):
// RUN: qdq-opt %s --qdq-to-llvm="period-tile=4 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1 nontemporal-prefetch-far-bytes=-1" | FileCheck %s --check-prefix=TILE
// TILE-LABEL: llvm.func @dq_cols(
// TILE-DAG:     llvm.mlir.constant(20480 : index)
// TILE-DAG:     llvm.mlir.constant(24576 : index)
// TILE-DAG:     llvm.mlir.constant(28672 : index)
// TILE-COUNT-4: "llvm.intr.prefetch"
// TILE-NOT:     "llvm.intr.prefetch"
// TILE-LABEL: llvm.func @dq_rows_dynamic(
// RUN: qdq-opt %s --qdq-to-llvm="num-threads=2 parallel-threshold=1 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// The loops do prefetch:
// RUN: qdq-opt %s --qdq-to-llvm="nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1" | FileCheck %s --check-prefix=IR
// Only elements of at most 4 bits (none of these i8 buffers):
// RUN: qdq-opt %s --qdq-to-llvm="nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=4" | FileCheck %s --check-prefix=NARROW
// NARROW-NOT: llvm.intr.prefetch
// NARROW: llvm.func @main(

// IR-LABEL: llvm.func @dq(
// IR:         "llvm.intr.prefetch"
// IR-LABEL: llvm.func @dq_rows(
// IR:         "llvm.intr.prefetch"
// IR-LABEL: llvm.func @dq_rows_dynamic(
// IR:         "llvm.intr.prefetch"
// IR-LABEL: llvm.func @dq_i16(
// IR:         "llvm.intr.prefetch"
// Every line of the i16 reads (two prefetches per read), one per read
// without the rule; with the far twins, four (two of them into L2):
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1 nontemporal-prefetch-every-line-min-work=3 nontemporal-prefetch-far-bytes=-1" | FileCheck %s --check-prefix=LINES
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1 nontemporal-prefetch-every-line-min-work=-1 nontemporal-prefetch-far-bytes=-1" | FileCheck %s --check-prefix=ONELINE
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096 nontemporal-prefetch-max-element-bits=-1 nontemporal-prefetch-every-line-min-work=3 nontemporal-prefetch-far-bytes=16384" | FileCheck %s --check-prefix=FARLINES
// FARLINES-LABEL: llvm.func @dq_i16(
// FARLINES-COUNT-2: "llvm.intr.prefetch"(%{{.*}}) <{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}>
// FARLINES-COUNT-2: "llvm.intr.prefetch"(%{{.*}}) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// FARLINES-NOT:     "llvm.intr.prefetch"
// FARLINES-LABEL: llvm.func @main(
// LINES-LABEL: llvm.func @dq_i16(
// LINES-COUNT-2: "llvm.intr.prefetch"
// LINES-NOT:     "llvm.intr.prefetch"
// LINES-LABEL: llvm.func @main(
// ONELINE-LABEL: llvm.func @dq_i16(
// ONELINE-COUNT-1: "llvm.intr.prefetch"
// ONELINE-NOT:     "llvm.intr.prefetch"
// ONELINE-LABEL: llvm.func @main(
// IR-LABEL: llvm.func @main(

// CHECK: differences: 0
// CHECK: elements: 1048576
// CHECK: row differences: 0
// CHECK: dynamic row differences: 0
// CHECK: elements: 1048576
// CHECK: column differences: 0
// CHECK: i16 differences: 0
// CHECK: elements: 524288

func.func private @printString(!llvm.ptr)

func.func @dq(%x: tensor<16384x64xi8>, %s: tensor<64xf32>, %z: tensor<64xi8>)
    -> tensor<16384x64xf32> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1
      : (tensor<16384x64xi8>, tensor<64xf32>, tensor<64xi8>) -> tensor<16384x64xf32>
  return %y : tensor<16384x64xf32>
}

func.func @dq_rows(%x: tensor<256x4096xi8>, %s: tensor<256xf32>, %z: tensor<256xi8>)
    -> tensor<256x4096xf32> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0
      : (tensor<256x4096xi8>, tensor<256xf32>, tensor<256xi8>) -> tensor<256x4096xf32>
  return %y : tensor<256x4096xf32>
}

func.func @dq_cols(%x: tensor<256x4096xi8>, %s: tensor<4096xf32>, %z: tensor<4096xi8>)
    -> tensor<256x4096xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1
      : (tensor<256x4096xi8>, tensor<4096xf32>, tensor<4096xi8>) -> tensor<256x4096xf32>
  return %y : tensor<256x4096xf32>
}

func.func @dq_rows_dynamic(%x: tensor<?x?xi8>, %s: tensor<?xf32>, %z: tensor<?xi8>)
    -> tensor<?x?xf32> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0
      : (tensor<?x?xi8>, tensor<?xf32>, tensor<?xi8>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

func.func @dq_i16(%x: tensor<8192x64xi16>, %s: tensor<f32>, %z: tensor<i16>)
    -> tensor<8192x64xf32> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z
      : (tensor<8192x64xi16>, tensor<f32>, tensor<i16>) -> tensor<8192x64xf32>
  return %y : tensor<8192x64xf32>
}

llvm.mlir.global internal constant @i16_differences("i16 differences: \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @differences("differences: \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @elements("elements: \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @row_differences("row differences: \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @dynamic_row_differences("dynamic row differences: \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @column_differences("column differences: \00") {addr_space = 0 : i32}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %rows = arith.constant 16384 : index
  // x[r, c] = (64 r + c) * 7 + 3 wrapped to i8 (every byte value).
  %x = tensor.generate {
  ^bb0(%r: index, %c: index):
    %i = arith.muli %r, %c64 : index
    %j = arith.addi %i, %c : index
    %k = arith.index_cast %j : index to i32
    %seven = arith.constant 7 : i32
    %three = arith.constant 3 : i32
    %m = arith.muli %k, %seven : i32
    %v = arith.addi %m, %three : i32
    %b = arith.trunci %v : i32 to i8
    tensor.yield %b : i8
  } : tensor<16384x64xi8>
  // scale[c] = (c - 20) * 0.1 (inexact: the products round), zero
  // point[c] = 5 c - 100 wrapped to i8.
  %s = tensor.generate {
  ^bb0(%c: index):
    %k = arith.index_cast %c : index to i32
    %twenty = arith.constant 20 : i32
    %d = arith.subi %k, %twenty : i32
    %f = arith.sitofp %d : i32 to f32
    %tenth = arith.constant 0.1 : f32
    %v = arith.mulf %f, %tenth : f32
    tensor.yield %v : f32
  } : tensor<64xf32>
  %z = tensor.generate {
  ^bb0(%c: index):
    %k = arith.index_cast %c : index to i32
    %five = arith.constant 5 : i32
    %hundred = arith.constant 100 : i32
    %m = arith.muli %k, %five : i32
    %v = arith.subi %m, %hundred : i32
    %b = arith.trunci %v : i32 to i8
    tensor.yield %b : i8
  } : tensor<64xi8>
  %y = call @dq(%x, %s, %z)
      : (tensor<16384x64xi8>, tensor<64xf32>, tensor<64xi8>) -> tensor<16384x64xf32>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %count:2 = scf.for %r = %c0 to %rows step %c1 iter_args(%n = %zero, %all = %zero) -> (i64, i64) {
    %inner:2 = scf.for %c = %c0 to %c64 step %c1 iter_args(%m = %n, %a = %all) -> (i64, i64) {
      %xv = tensor.extract %x[%r, %c] : tensor<16384x64xi8>
      %zv = tensor.extract %z[%c] : tensor<64xi8>
      %sv = tensor.extract %s[%c] : tensor<64xf32>
      %xw = arith.extsi %xv : i8 to i32
      %zw = arith.extsi %zv : i8 to i32
      %d = arith.subi %xw, %zw : i32
      %df = arith.sitofp %d : i32 to f32
      %want = arith.mulf %df, %sv : f32
      %got = tensor.extract %y[%r, %c] : tensor<16384x64xf32>
      %wb = arith.bitcast %want : f32 to i32
      %gb = arith.bitcast %got : f32 to i32
      %ne = arith.cmpi ne, %wb, %gb : i32
      %add = arith.extui %ne : i1 to i64
      %m2 = arith.addi %m, %add : i64
      %a2 = arith.addi %a, %one : i64
      scf.yield %m2, %a2 : i64, i64
    }
    scf.yield %inner#0, %inner#1 : i64, i64
  }
  %p0 = llvm.mlir.addressof @differences : !llvm.ptr
  call @printString(%p0) : (!llvm.ptr) -> ()
  vector.print %count#0 : i64
  %p1 = llvm.mlir.addressof @elements : !llvm.ptr
  call @printString(%p1) : (!llvm.ptr) -> ()
  vector.print %count#1 : i64

  // Rows: the same x bytes read as [256, 4096], the first 256 scales and
  // zero points, one per row.
  %c4096 = arith.constant 4096 : index
  %c256 = arith.constant 256 : index
  %x2 = tensor.collapse_shape %x [[0, 1]] : tensor<16384x64xi8> into tensor<1048576xi8>
  %xr = tensor.expand_shape %x2 [[0, 1]] output_shape [256, 4096] : tensor<1048576xi8> into tensor<256x4096xi8>
  %sr = tensor.generate {
  ^bb0(%r: index):
    %c = arith.remui %r, %c64 : index
    %v = tensor.extract %s[%c] : tensor<64xf32>
    %k = arith.index_cast %r : index to i32
    %kf = arith.sitofp %k : i32 to f32
    %eighth = arith.constant 0.125 : f32
    %w = arith.mulf %kf, %eighth : f32
    %u = arith.addf %v, %w : f32
    tensor.yield %u : f32
  } : tensor<256xf32>
  %zr = tensor.generate {
  ^bb0(%r: index):
    %k = arith.index_cast %r : index to i32
    %b = arith.trunci %k : i32 to i8
    tensor.yield %b : i8
  } : tensor<256xi8>
  %yr = call @dq_rows(%xr, %sr, %zr)
      : (tensor<256x4096xi8>, tensor<256xf32>, tensor<256xi8>) -> tensor<256x4096xf32>
  %xd = tensor.cast %xr : tensor<256x4096xi8> to tensor<?x?xi8>
  %sd = tensor.cast %sr : tensor<256xf32> to tensor<?xf32>
  %zd = tensor.cast %zr : tensor<256xi8> to tensor<?xi8>
  %yd = call @dq_rows_dynamic(%xd, %sd, %zd)
      : (tensor<?x?xi8>, tensor<?xf32>, tensor<?xi8>) -> tensor<?x?xf32>
  %yds = tensor.cast %yd : tensor<?x?xf32> to tensor<256x4096xf32>
  %rcount:3 = scf.for %r = %c0 to %c256 step %c1 iter_args(%n = %zero, %nd = %zero, %all = %zero) -> (i64, i64, i64) {
    %zv = tensor.extract %zr[%r] : tensor<256xi8>
    %sv = tensor.extract %sr[%r] : tensor<256xf32>
    %zw = arith.extsi %zv : i8 to i32
    %inner:3 = scf.for %c = %c0 to %c4096 step %c1 iter_args(%m = %n, %md = %nd, %a = %all) -> (i64, i64, i64) {
      %xv = tensor.extract %xr[%r, %c] : tensor<256x4096xi8>
      %xw = arith.extsi %xv : i8 to i32
      %d = arith.subi %xw, %zw : i32
      %df = arith.sitofp %d : i32 to f32
      %want = arith.mulf %df, %sv : f32
      %got = tensor.extract %yr[%r, %c] : tensor<256x4096xf32>
      %gotd = tensor.extract %yds[%r, %c] : tensor<256x4096xf32>
      %wb = arith.bitcast %want : f32 to i32
      %gb = arith.bitcast %got : f32 to i32
      %gbd = arith.bitcast %gotd : f32 to i32
      %ne = arith.cmpi ne, %wb, %gb : i32
      %ned = arith.cmpi ne, %wb, %gbd : i32
      %add = arith.extui %ne : i1 to i64
      %addd = arith.extui %ned : i1 to i64
      %m2 = arith.addi %m, %add : i64
      %md2 = arith.addi %md, %addd : i64
      %a2 = arith.addi %a, %one : i64
      scf.yield %m2, %md2, %a2 : i64, i64, i64
    }
    scf.yield %inner#0, %inner#1, %inner#2 : i64, i64, i64
  }
  %p2 = llvm.mlir.addressof @row_differences : !llvm.ptr
  call @printString(%p2) : (!llvm.ptr) -> ()
  vector.print %rcount#0 : i64
  %p3 = llvm.mlir.addressof @dynamic_row_differences : !llvm.ptr
  call @printString(%p3) : (!llvm.ptr) -> ()
  vector.print %rcount#1 : i64
  call @printString(%p1) : (!llvm.ptr) -> ()
  vector.print %rcount#2 : i64

  // Columns: the same [256, 4096] x per-axis along its rows (C=4096; in
  // period tiles with period-tile=4, whose four reads of x prefetch beyond
  // the farthest of them), scale (c mod 97 - 48) / 16, zero point 3c
  // wrapped to i8.
  %scol = tensor.generate {
  ^bb0(%c: index):
    %c97 = arith.constant 97 : index
    %m = arith.remui %c, %c97 : index
    %k = arith.index_cast %m : index to i32
    %c48 = arith.constant 48 : i32
    %d = arith.subi %k, %c48 : i32
    %f = arith.sitofp %d : i32 to f32
    %sixteenth = arith.constant 0.0625 : f32
    %v = arith.mulf %f, %sixteenth : f32
    tensor.yield %v : f32
  } : tensor<4096xf32>
  %zcol = tensor.generate {
  ^bb0(%c: index):
    %k = arith.index_cast %c : index to i32
    %three = arith.constant 3 : i32
    %m = arith.muli %k, %three : i32
    %b = arith.trunci %m : i32 to i8
    tensor.yield %b : i8
  } : tensor<4096xi8>
  %yc = call @dq_cols(%xr, %scol, %zcol)
      : (tensor<256x4096xi8>, tensor<4096xf32>, tensor<4096xi8>) -> tensor<256x4096xf32>
  %ccount = scf.for %r = %c0 to %c256 step %c1 iter_args(%n = %zero) -> (i64) {
    %inner = scf.for %c = %c0 to %c4096 step %c1 iter_args(%m = %n) -> (i64) {
      %xv = tensor.extract %xr[%r, %c] : tensor<256x4096xi8>
      %zv = tensor.extract %zcol[%c] : tensor<4096xi8>
      %sv = tensor.extract %scol[%c] : tensor<4096xf32>
      %xw = arith.extsi %xv : i8 to i32
      %zw = arith.extsi %zv : i8 to i32
      %d = arith.subi %xw, %zw : i32
      %df = arith.sitofp %d : i32 to f32
      %want = arith.mulf %df, %sv : f32
      %got = tensor.extract %yc[%r, %c] : tensor<256x4096xf32>
      %wb = arith.bitcast %want : f32 to i32
      %gb = arith.bitcast %got : f32 to i32
      %ne = arith.cmpi ne, %wb, %gb : i32
      %add = arith.extui %ne : i1 to i64
      %m2 = arith.addi %m, %add : i64
      scf.yield %m2 : i64
    }
    scf.yield %inner : i64
  }
  %pcol = llvm.mlir.addressof @column_differences : !llvm.ptr
  call @printString(%pcol) : (!llvm.ptr) -> ()
  vector.print %ccount : i64

  // i16 x: x[r, c] = (64 r + c) * 7919 + 3 wrapped to i16, zero point
  // -1234, scale 0.3 (inexact: the products round).
  %rows16 = arith.constant 8192 : index
  %x16 = tensor.generate {
  ^bb0(%r: index, %c: index):
    %i = arith.muli %r, %c64 : index
    %j = arith.addi %i, %c : index
    %k = arith.index_cast %j : index to i32
    %mul = arith.constant 7919 : i32
    %three = arith.constant 3 : i32
    %m = arith.muli %k, %mul : i32
    %v = arith.addi %m, %three : i32
    %b = arith.trunci %v : i32 to i16
    tensor.yield %b : i16
  } : tensor<8192x64xi16>
  %zc = arith.constant -1234 : i16
  %z16 = tensor.from_elements %zc : tensor<i16>
  %sc = arith.constant 0.3 : f32
  %s16 = tensor.from_elements %sc : tensor<f32>
  %y16 = call @dq_i16(%x16, %s16, %z16)
      : (tensor<8192x64xi16>, tensor<f32>, tensor<i16>) -> tensor<8192x64xf32>
  %count16:2 = scf.for %r = %c0 to %rows16 step %c1 iter_args(%n = %zero, %all = %zero) -> (i64, i64) {
    %inner:2 = scf.for %c = %c0 to %c64 step %c1 iter_args(%m = %n, %a = %all) -> (i64, i64) {
      %xv = tensor.extract %x16[%r, %c] : tensor<8192x64xi16>
      %zw = arith.extsi %zc : i16 to i32
      %xw = arith.extsi %xv : i16 to i32
      %d = arith.subi %xw, %zw : i32
      %df = arith.sitofp %d : i32 to f32
      %want = arith.mulf %df, %sc : f32
      %got = tensor.extract %y16[%r, %c] : tensor<8192x64xf32>
      %wb = arith.bitcast %want : f32 to i32
      %gb = arith.bitcast %got : f32 to i32
      %ne = arith.cmpi ne, %wb, %gb : i32
      %add = arith.extui %ne : i1 to i64
      %m2 = arith.addi %m, %add : i64
      %a2 = arith.addi %a, %one : i64
      scf.yield %m2, %a2 : i64, i64
    }
    scf.yield %inner#0, %inner#1 : i64, i64
  }
  %p4 = llvm.mlir.addressof @i16_differences : !llvm.ptr
  call @printString(%p4) : (!llvm.ptr) -> ()
  vector.print %count16#0 : i64
  call @printString(%p1) : (!llvm.ptr) -> ()
  vector.print %count16#1 : i64
  return
}
