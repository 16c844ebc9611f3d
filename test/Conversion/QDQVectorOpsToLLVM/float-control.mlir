// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=avx512f" | FileCheck %s
// RUN: qdq-opt %s --convert-qdq-vector-ops-to-llvm="cpu-features=none" | FileCheck %s

// qdq.flush_subnormals saves MXCSR to a 4-byte stack slot, returns it, and
// loads it back with flush-to-zero (bit 15) and denormals-are-zero (bit 6)
// set: 0x8040 = 32832. qdq.restore_float_control loads its operand into
// MXCSR through a slot. The same with any cpu-features (SSE is x86-64's
// baseline), and no target feature is added for them.

// CHECK-LABEL: func.func @bracket
// CHECK-NOT: target_features
// CHECK-DAG: %[[BITS:.*]] = llvm.mlir.constant(32832 : i32) : i32
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
// CHECK: llvm.call_intrinsic "llvm.x86.sse.stmxcsr"(%[[SLOT]]) : (!llvm.ptr) -> ()
// CHECK: %[[SAVED:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i32
// CHECK: %[[FLUSH:.*]] = llvm.or %[[SAVED]], %[[BITS]] : i32
// CHECK: llvm.store %[[FLUSH]], %[[SLOT]] : i32, !llvm.ptr
// CHECK: llvm.call_intrinsic "llvm.x86.sse.ldmxcsr"(%[[SLOT]]) : (!llvm.ptr) -> ()
// CHECK: %[[P:.*]] = arith.mulf
// CHECK: %[[SLOT2:.*]] = llvm.alloca %[[ONE]] x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
// CHECK: llvm.store %[[SAVED]], %[[SLOT2]] : i32, !llvm.ptr
// CHECK: llvm.call_intrinsic "llvm.x86.sse.ldmxcsr"(%[[SLOT2]]) : (!llvm.ptr) -> ()
// CHECK: return %[[P]]
// CHECK-NOT: qdq.
func.func @bracket(%a: vector<16xf32>, %b: vector<16xf32>) -> vector<16xf32> {
  %saved = qdq.flush_subnormals
  %p = arith.mulf %a, %b : vector<16xf32>
  qdq.restore_float_control %saved
  return %p : vector<16xf32>
}
