//===- QDQToLinalg.h - qdq to linalg conversion -----------------*- C++ -*-===//

#ifndef QDQ_CONVERSION_QDQTOLINALG_QDQTOLINALG_H
#define QDQ_CONVERSION_QDQTOLINALG_QDQTOLINALG_H

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::qdq {

/// Adds the patterns that rewrite qdq.dequantize_linear on tensors into
/// linalg.generic plus tensor and arith ops.
void populateQDQToLinalgConversionPatterns(RewritePatternSet &patterns);

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_QDQTOLINALG_QDQTOLINALG_H
