//===- Passes.h - qdq conversion passes -------------------------*- C++ -*-===//

#ifndef QDQ_CONVERSION_PASSES_H
#define QDQ_CONVERSION_PASSES_H

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"
#include "qdq/Conversion/QDQToLinalg/QDQToLinalg.h"
#include "qdq/Conversion/QDQToVector/QDQToVector.h"
#include "qdq/Conversion/QDQVectorOpsToLLVM/QDQVectorOpsToLLVM.h"
#include "qdq/Conversion/QuantToQDQ/QuantToQDQ.h"

#include "mlir/Pass/Pass.h"

namespace mlir::qdq {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "qdq/Conversion/Passes.h.inc"

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_PASSES_H
