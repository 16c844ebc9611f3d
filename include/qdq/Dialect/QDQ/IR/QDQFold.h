//===- QDQFold.h - compile-time evaluation of qdq ops -----------*- C++ -*-===//
//
// Constant evaluation of qdq.dequantize_linear, shared by its canonicalization
// patterns (splat results only) and the --qdq-fold-constants pass (results
// up to a size cap).
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_IR_QDQFOLD_H
#define QDQ_DIALECT_QDQ_IR_QDQFOLD_H

#include "mlir/IR/BuiltinAttributes.h"

#include <cstdint>

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::qdq {
class DequantizeLinearOp;

/// Evaluates `op` on constant operand values with exactly the numerics of
/// its lowering: the result holds, bit for bit, what the code that
/// `--qdq-to-llvm` compiles computes on x86-64, NaN signs and payloads
/// included (x86's rules: an f32 operation returns its first NaN operand,
/// quieted; an invalid one, inf * 0 or inf - inf, returns 0xFFC00000).
/// `zeroPoint` is null when the op has none. Returns null if the values do
/// not have the op's operand types or the result type is not static.
DenseElementsAttr evaluateDequantizeLinear(DequantizeLinearOp op,
                                           DenseElementsAttr x,
                                           DenseElementsAttr scale,
                                           DenseElementsAttr zeroPoint);

/// Adds the pattern that replaces a qdq.dequantize_linear whose operands are
/// all `DenseElementsAttr` constants by an `arith.constant` of its result,
/// when that result is a splat (x, scale and zero point are splats) or has
/// at most `maxElements` elements; a negative `maxElements` sets no limit.
void populateFoldDequantizeLinearPatterns(RewritePatternSet &patterns,
                                          int64_t maxElements);

} // namespace mlir::qdq

#endif // QDQ_DIALECT_QDQ_IR_QDQFOLD_H
