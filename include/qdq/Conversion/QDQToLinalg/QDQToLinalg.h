//===- QDQToLinalg.h - qdq to linalg conversion -----------------*- C++ -*-===//

#ifndef QDQ_CONVERSION_QDQTOLINALG_QDQTOLINALG_H
#define QDQ_CONVERSION_QDQTOLINALG_QDQTOLINALG_H

#include "qdq/Dialect/QDQ/IR/QDQ.h"

namespace mlir {
class OpBuilder;
class RewritePatternSet;
} // namespace mlir

namespace mlir::qdq {

/// Builds `op` as one linalg.generic (plus tensor and arith ops) at the
/// builder's insertion point, reading x, the scale and the zero point (null
/// if none) from the given values (the op's operands, or their converted
/// forms), and returns its result. The op itself is left in place.
Value buildDequantizeLinalg(OpBuilder &b, DequantizeLinearOp op, Value x,
                            Value scale, Value zeroPoint);

/// Adds the patterns that rewrite qdq.dequantize_linear on tensors into
/// linalg.generic plus tensor and arith ops.
void populateQDQToLinalgConversionPatterns(RewritePatternSet &patterns);

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_QDQTOLINALG_QDQTOLINALG_H
