// bf16 x times an f16 (or bf16) scale into an f16 result: with bf16 widened
// by arith.extf, LLVM's InstCombine (at -O3) narrowed the f32 multiply to an
// f16 multiply of x rounded to f16, which loses bf16's range: 0x7F00 became
// inf, and inf * 0 NaN. Expected values from test/Integration/reference/
// dq_reference.py: x = bf16 [0x3319, 0x7F00], scale [0x3E36, 0x0000].
//
// RUN: qdq-opt %s --qdq-to-llvm | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="vectorize=0" | mlir-runner -O3 -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}

func.func @f16_scale(%x: tensor<2xbf16>, %s: tensor<2xf16>) -> tensor<2xf16> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<2xbf16>, tensor<2xf16>) -> tensor<2xf16>
  return %y : tensor<2xf16>
}

func.func @bf16_scale(%x: tensor<2xbf16>, %s: tensor<2xbf16>) -> tensor<2xf16> attributes {no_inline, passthrough = ["noinline"]} {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xf16>
  return %y : tensor<2xf16>
}

func.func @print(%y: tensor<2xf16>) {
  %b = tensor.bitcast %y : tensor<2xf16> to tensor<2xi16>
  %m = bufferization.to_buffer %b : tensor<2xi16> to memref<2xi16>
  %u = memref.cast %m : memref<2xi16> to memref<*xi16>
  call @printMemrefI16(%u) : (memref<*xi16>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[0x3319, 0x7F00]> : tensor<2xbf16>
  %sh = arith.constant dense<[0x3E36, 0x0000]> : tensor<2xf16>
  %sb = arith.constant dense<[0x3E36, 0x0000]> : tensor<2xbf16>
  %y0 = call @f16_scale(%x, %sh) : (tensor<2xbf16>, tensor<2xf16>) -> tensor<2xf16>
  call @print(%y0) : (tensor<2xf16>) -> ()
  %y1 = call @bf16_scale(%x, %sb) : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xf16>
  call @print(%y1) : (tensor<2xf16>) -> ()
  return
}
// CHECK: data =
// CHECK-NEXT: [1, 0]
// CHECK: data =
// CHECK-NEXT: [0, 0]
