//===- BitcastBufferization.h - bufferize tensor.bitcast --------*- C++ -*-===//
//
// Upstream MLIR 22 has no bufferization for tensor.bitcast. qdq uses it to
// read unsigned, fp8, fp4 and f8E8M0FNU tensors as signless integers of the
// same width. The model here bufferizes it to an aliasing
// `builtin.unrealized_conversion_cast` between memref types that differ only
// in the element type; both sides lower to the same LLVM descriptor, so the
// cast disappears in `reconcile-unrealized-casts`.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_TENSOR_BITCASTBUFFERIZATION_H
#define QDQ_DIALECT_TENSOR_BITCASTBUFFERIZATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::qdq {

/// Attaches the BufferizableOpInterface model to tensor.bitcast.
void registerTensorBitcastBufferizationModel(DialectRegistry &registry);

} // namespace mlir::qdq

#endif // QDQ_DIALECT_TENSOR_BITCASTBUFFERIZATION_H
