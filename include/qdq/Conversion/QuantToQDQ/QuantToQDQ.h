//===- QuantToQDQ.h - quant.dcast to qdq.dequantize_linear ------*- C++ -*-===//

#ifndef QDQ_CONVERSION_QUANTTOQDQ_QUANTTOQDQ_H
#define QDQ_CONVERSION_QUANTTOQDQ_QUANTTOQDQ_H

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::qdq {

/// Adds the pattern that rewrites `quant.dcast` of a ranked tensor of
/// `!quant.uniform` (per-layer, per-axis, or sub-channel with at most one
/// blocked dim) into `qdq.dequantize_linear` with `arith.constant` scale and
/// zero point. The pattern fails to match, without a diagnostic, on forms qdq
/// cannot express; the `--convert-quant-to-qdq` pass reports those.
void populateQuantToQDQConversionPatterns(RewritePatternSet &patterns);

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_QUANTTOQDQ_QUANTTOQDQ_H
