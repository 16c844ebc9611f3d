//===- QDQToVector.h - qdq to SIMD loops ------------------------*- C++ -*-===//

#ifndef QDQ_CONVERSION_QDQTOVECTOR_QDQTOVECTOR_H
#define QDQ_CONVERSION_QDQTOVECTOR_QDQTOVECTOR_H

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::qdq {

/// The SIMD width of the host CPU in bits: 512 with AVX-512F, 256 with AVX
/// or AVX2, otherwise 128.
unsigned getHostVectorBits();

/// Adds the pattern that rewrites qdq.dequantize_linear on tensors into
/// scf.for loops over vectors of `vectorBits` bits of f32 lanes. Forms it has
/// no scheme for are left unchanged (for the linalg lowering).
void populateQDQToVectorConversionPatterns(RewritePatternSet &patterns,
                                           unsigned vectorBits);

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_QDQTOVECTOR_QDQTOVECTOR_H
