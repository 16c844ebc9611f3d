// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,f16c tiny-products-min-bytes=2097152" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=1 cpu-features=avx2,f16c" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,f16c tiny-products-min-bytes=2097152 num-threads=2 parallel-threshold=1" --split-input-file | FileCheck %s --check-prefix=THREADS
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=1 cpu-features=avx512f,avx512bw,f16c tiny-products-min-bytes=2097152 flush-subnormals=0" --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=128 unroll=1 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: qdq-opt %s --qdq-to-llvm="cpu-features=avx512f,avx512bw,f16c tiny-products-min-bytes=2097152" --split-input-file | FileCheck %s --check-prefix=LLVM

// bf16 x -> f16 without a zero point on x86 (KernelBuilder::flushesSubnormals,
// docs/Lowering.md "Subnormals flushed"): one pass over the scales checks
// that each is 0 or a normal number below 2^100 in magnitude, on the bits
// of |s|: (bits - 1) <u 0x7FFFFF (8388607) is a subnormal, bits >=u
// 0x71800000 (1904214016, 2^100) too large, infinite or NaN. The loops of
// such scales run as before (then-branch); the others (else-branch) run
// between qdq.flush_subnormals and qdq.restore_float_control with the plain
// product: x * s, narrowed to f16.

// CHECK-LABEL: func.func @pt_f16
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<{{8|16}}xi32>
// CHECK-DAG: %[[SUB:.*]] = arith.constant dense<8388607> : vector<{{8|16}}xi32>
// CHECK-DAG: %[[LARGE:.*]] = arith.constant dense<1904214016> : vector<{{8|16}}xi32>
// CHECK-DAG: %[[MAGNITUDE:.*]] = arith.constant dense<2147483647> : vector<{{8|16}}xi32>
// CHECK: %[[SBITS:.*]] = arith.bitcast %{{.*}} : vector<{{8|16}}xf32> to vector<{{8|16}}xi32>
// CHECK: %[[ABS:.*]] = arith.andi %[[SBITS]], %[[MAGNITUDE]]
// CHECK: %[[ABSF:.*]] = arith.bitcast %[[ABS]] : vector<{{8|16}}xi32> to vector<{{8|16}}xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[ABSF]] : vector<{{8|16}}xf32> to vector<{{8|16}}xi32>
// CHECK: %[[LESS:.*]] = arith.subi %[[BITS]], %[[ONE]]
// CHECK: %[[TINY:.*]] = arith.cmpi ult, %[[LESS]], %[[SUB]]
// CHECK: %[[HUGE:.*]] = arith.cmpi uge, %[[BITS]], %[[LARGE]]
// CHECK: %[[BAD:.*]] = arith.ori %[[TINY]], %[[HUGE]]
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[BAD]]
// CHECK: scf.if %[[ANY]]
// CHECK-NOT: qdq.flush_subnormals
// CHECK: } else {
// CHECK: %[[SAVED:.*]] = qdq.flush_subnormals
// CHECK: scf.for
// CHECK-NOT: vector.fma
// CHECK: arith.mulf
// CHECK: arith.truncf %{{.*}} to vector<{{8|16}}xf16>
// CHECK: qdq.restore_float_control %[[SAVED]]
// CHECK-NEXT: scf.yield
// CHECK: return

// Each thread of the scf.forall sets its own MXCSR, inside the body (the
// restore before the terminator), besides the thread that runs the op.
// THREADS-LABEL: func.func @pt_f16
// THREADS: } else {
// THREADS: %[[OUTER:.*]] = qdq.flush_subnormals
// THREADS: scf.forall
// THREADS: %[[INNER:.*]] = qdq.flush_subnormals
// THREADS: arith.mulf
// THREADS: qdq.restore_float_control %[[INNER]]
// THREADS-NEXT: scf.forall.in_parallel
// THREADS: qdq.restore_float_control %[[OUTER]]

// Without the option, and on a target with no x86 extension (possibly no
// x86 at all), the op keeps the one loop nest.
// OFF-LABEL: func.func @pt_f16
// OFF-NOT: qdq.flush_subnormals
// OFF-NOT: scf.if
// OFF: return

// After --convert-qdq-vector-ops-to-llvm, in the full pipeline: MXCSR
// saved and set (0x8040 = 32832) and loaded back.
// LLVM-LABEL: llvm.func @pt_f16
// LLVM: llvm.call_intrinsic "llvm.x86.sse.stmxcsr"
// LLVM: llvm.mlir.constant(32832 : i32)
// LLVM: llvm.call_intrinsic "llvm.x86.sse.ldmxcsr"
// LLVM: llvm.fmul
// LLVM: llvm.call_intrinsic "llvm.x86.sse.ldmxcsr"
// LLVM-NOT: qdq.
func.func @pt_f16(%x: tensor<64xbf16>, %s: tensor<f16>) -> tensor<64xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<64xbf16>, tensor<f16>) -> tensor<64xf16>
  return %y : tensor<64xf16>
}

// -----

// Per-axis f32 scales with f16 results: the same check (here on the table's
// pass over the 64 scales) and bracket.
// CHECK-LABEL: func.func @axis_f32_scales
// CHECK: scf.if
// CHECK: } else {
// CHECK: %[[SAVED:.*]] = qdq.flush_subnormals
// CHECK: arith.truncf %{{.*}} to vector<{{8|16}}xf16>
// CHECK: qdq.restore_float_control %[[SAVED]]
// OFF-LABEL: func.func @axis_f32_scales
// OFF-NOT: qdq.flush_subnormals
// OFF: return
func.func @axis_f32_scales(%x: tensor<4x64xbf16>, %s: tensor<64xf32>) -> tensor<4x64xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64} : (tensor<4x64xbf16>, tensor<64xf32>) -> tensor<4x64xf16>
  return %y : tensor<4x64xf16>
}

// -----

// Not with a zero point (a subnormal x next to a small normal zero point
// may move x - zero_point across an f16 rounding boundary), nor for f32 and
// bf16 results, which keep their subnormals, nor for f16 x.
// CHECK-LABEL: func.func @not_flushed
// CHECK-NOT: qdq.flush_subnormals
// CHECK: return
func.func @not_flushed(%x: tensor<64xbf16>, %s: tensor<f16>, %z: tensor<bf16>,
    %sf: tensor<f32>, %h: tensor<64xf16>)
    -> (tensor<64xf16>, tensor<64xf32>, tensor<64xbf16>, tensor<64xf16>) {
  %0 = qdq.dequantize_linear %x, %s, %z : (tensor<64xbf16>, tensor<f16>, tensor<bf16>) -> tensor<64xf16>
  %1 = qdq.dequantize_linear %x, %sf : (tensor<64xbf16>, tensor<f32>) -> tensor<64xf32>
  %2 = qdq.dequantize_linear %x, %sf : (tensor<64xbf16>, tensor<f32>) -> tensor<64xbf16>
  %3 = qdq.dequantize_linear %h, %s : (tensor<64xf16>, tensor<f16>) -> tensor<64xf16>
  return %0, %1, %2, %3 : tensor<64xf16>, tensor<64xf32>, tensor<64xbf16>, tensor<64xf16>
}
