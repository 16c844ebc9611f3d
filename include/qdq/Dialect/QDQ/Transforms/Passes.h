//===- Passes.h - qdq dialect transform passes ------------------*- C++ -*-===//

#ifndef QDQ_DIALECT_QDQ_TRANSFORMS_PASSES_H
#define QDQ_DIALECT_QDQ_TRANSFORMS_PASSES_H

#include "qdq/Dialect/QDQ/Transforms/RuntimeChecks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::qdq {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "qdq/Dialect/QDQ/Transforms/Passes.h.inc"

} // namespace mlir::qdq

#endif // QDQ_DIALECT_QDQ_TRANSFORMS_PASSES_H
