// Streaming loops that prefetch x (--qdq-nontemporal-stores, prefetch-bytes):
// x of 1 MiB (the smallest buffer those loops prefetch), per-axis C=64,
// i8 -> f32, on one and on two threads, with prefetches 4 KiB and 1 MiB
// ahead (the latter clamped to x's last element from the first step on).
// Every result is compared bit for bit with the scalar (x - zero_point) *
// scale computed in @main from the same tensors; the count of differences
// is printed.
// RUN: qdq-opt %s --qdq-to-llvm="nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="nontemporal-min-bytes=1 nontemporal-prefetch-bytes=1048576" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="num-threads=2 parallel-threshold=1 nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp | FileCheck %s
// The loops do prefetch:
// RUN: qdq-opt %s --qdq-to-llvm="nontemporal-min-bytes=1 nontemporal-prefetch-bytes=4096" | FileCheck %s --check-prefix=IR

// IR-LABEL: llvm.func @dq(
// IR:         "llvm.intr.prefetch"
// IR-LABEL: llvm.func @main(

// CHECK: differences: 0
// CHECK: elements: 1048576

func.func private @printString(!llvm.ptr)

func.func @dq(%x: tensor<16384x64xi8>, %s: tensor<64xf32>, %z: tensor<64xi8>)
    -> tensor<16384x64xf32> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1
      : (tensor<16384x64xi8>, tensor<64xf32>, tensor<64xi8>) -> tensor<16384x64xf32>
  return %y : tensor<16384x64xf32>
}

llvm.mlir.global internal constant @differences("differences: \00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @elements("elements: \00") {addr_space = 0 : i32}

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
  return
}
