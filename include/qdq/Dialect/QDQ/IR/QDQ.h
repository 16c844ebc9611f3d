//===- QDQ.h - qdq dialect and operations -----------------------*- C++ -*-===//
//
// Include this header to use the qdq dialect.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_IR_QDQ_H
#define QDQ_DIALECT_QDQ_IR_QDQ_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "qdq/Dialect/QDQ/IR/QDQOpsDialect.h.inc"

namespace mlir::qdq {
/// True for a per-tensor scale or zero point shape: [] or [1].
bool isPerTensorShape(ArrayRef<int64_t> shape);

/// True for the fp8 and fp4 element types x may hold.
bool isFloatQuantizedElement(Type type);

/// The thread's floating-point control register (x86 MXCSR), which
/// qdq.flush_subnormals and qdq.restore_float_control read and write.
struct FloatControlResource
    : public SideEffects::Resource::Base<FloatControlResource> {
  StringRef getName() final { return "qdq.float_control"; }
};
} // namespace mlir::qdq

MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::qdq::FloatControlResource)

#define GET_OP_CLASSES
#include "qdq/Dialect/QDQ/IR/QDQOps.h.inc"

#endif // QDQ_DIALECT_QDQ_IR_QDQ_H
