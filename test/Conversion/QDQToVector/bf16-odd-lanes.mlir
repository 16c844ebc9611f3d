// The scale check reads a static count of scales below a register's lanes
// as one vector, widened to the register by a shuffle. For bf16 scales the
// lanes move as i16: LLVM 22's x86 backend aborts ("Do not know how to soft
// promote this operator's operand") when it legalizes a shuffle of a bf16
// vector of 8k + 1 lanes on AVX512_BF16 targets (znver4, sapphirerapids).
// The ASM lines compile the kernels for znver4 whatever the host; the build
// before this test aborted there. Executed:
// test/Integration/Execution/dq-odd-lanes.mlir.
//
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=2 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" | FileCheck %s --check-prefix=V256
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" | FileCheck %s --check-prefix=V512
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=256 vector-unroll=2 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 -o - | FileCheck %s --check-prefix=ASM
// RUN: qdq-opt %s --qdq-to-llvm="vector-bits=512 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 -o - | FileCheck %s --check-prefix=ASM

// 9 scales widened to 16 lanes (256 bits).
// V256-LABEL: func.func @nine_scales
// V256: %[[READ:.*]] = vector.transfer_read {{.*}} : tensor<9xbf16>, vector<9xbf16>
// V256: %[[BITS:.*]] = arith.bitcast %[[READ]] : vector<9xbf16> to vector<9xi16>
// V256: vector.shuffle %[[BITS]], %[[BITS]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0] : vector<9xi16>, vector<9xi16>
// V256-NOT: vector.shuffle {{.*}} : vector<9xbf16>
// ASM-LABEL: nine_scales:
func.func @nine_scales(%x: tensor<9x17xui8>, %s: tensor<9x1xbf16>) -> tensor<9x17xbf16> {
  %y = qdq.dequantize_linear %x, %s block_size = 64 : (tensor<9x17xui8>, tensor<9x1xbf16>) -> tensor<9x17xbf16>
  return %y : tensor<9x17xbf16>
}

// 17 and 25 scales widened to 32 lanes (512 bits).
// V512-LABEL: func.func @seventeen_scales
// V512: vector.shuffle {{.*}} : vector<17xi16>, vector<17xi16>
// V512-NOT: vector.shuffle {{.*}} : vector<17xbf16>
// ASM-LABEL: seventeen_scales:
func.func @seventeen_scales(%x: tensor<17x24xi4>, %s: tensor<17xbf16>) -> tensor<17x24xbf16> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<17x24xi4>, tensor<17xbf16>) -> tensor<17x24xbf16>
  return %y : tensor<17x24xbf16>
}

// V512-LABEL: func.func @twenty_five_scales
// V512: vector.shuffle {{.*}} : vector<25xi16>, vector<25xi16>
// V512-NOT: vector.shuffle {{.*}} : vector<25xbf16>
// ASM-LABEL: twenty_five_scales:
func.func @twenty_five_scales(%x: tensor<25x16xbf16>, %s: tensor<25xbf16>) -> tensor<25x16xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<25x16xbf16>, tensor<25xbf16>) -> tensor<25x16xf16>
  return %y : tensor<25x16xf16>
}
