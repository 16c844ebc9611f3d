//===- VectorWidth.h - the SIMD width functions are written for -*- C++ -*-===//
//
// --convert-qdq-to-vector marks each function it vectorizes with the widest
// SIMD width its loops were written for, as LLVM function attributes
// (`prefer-vector-width`, `min-legal-vector-width`). LLVM then keeps the
// function's vectors in registers no wider than that (without them it uses
// the widest registers of the target CPU: zmm on an AVX-512 CPU even for
// code written for ymm), and --convert-qdq-vector-ops-to-llvm picks no
// instruction wider than it.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_UTILS_VECTORWIDTH_H
#define QDQ_DIALECT_QDQ_UTILS_VECTORWIDTH_H

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::qdq {

/// Marks `function` as written for `bits`-wide vector registers: LLVM's
/// `min-legal-vector-width` (in the `passthrough` attribute that
/// --convert-func-to-llvm carries to llvm.func) becomes at least `bits`,
/// and `prefer_vector_width` is set to `bits` unless the function has one.
/// Marking twice keeps the wider width.
void markVectorWidth(FunctionOpInterface function, unsigned bits);

/// The `min-legal-vector-width` of the function holding `op` (or of `op`
/// itself if it is a function), 0 when there is none.
unsigned getMarkedVectorWidth(Operation *op);

} // namespace mlir::qdq

#endif // QDQ_DIALECT_QDQ_UTILS_VECTORWIDTH_H
