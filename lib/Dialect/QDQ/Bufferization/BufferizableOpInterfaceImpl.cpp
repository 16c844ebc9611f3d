//===- BufferizableOpInterfaceImpl.cpp - bufferize qdq ops ----------------===//

#include "qdq/Dialect/QDQ/Bufferization/BufferizableOpInterfaceImpl.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::qdq;

namespace {

struct PackedBytesOpInterface
    : public BufferizableOpInterface::ExternalModel<PackedBytesOpInterface,
                                                    PackedBytesOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return false;
  }

  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    return {{op->getResult(0), BufferRelation::Unknown}};
  }

  FailureOr<BufferLikeType> getBufferType(Operation *op, Value value,
                                          const BufferizationOptions &,
                                          const BufferizationState &,
                                          SmallVector<Value> &) const {
    auto type = cast<RankedTensorType>(value.getType());
    return cast<BufferLikeType>(
        MemRefType::get(type.getShape(), type.getElementType()));
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto packed = cast<PackedBytesOp>(op);
    FailureOr<Value> source =
        getBuffer(rewriter, packed.getSource(), options, state);
    if (failed(source))
      return failure();
    auto sourceType = cast<MemRefType>(source->getType());
    if (!sourceType.getLayout().isIdentity())
      return op->emitError("qdq.packed_bytes needs an identity-layout "
                           "buffer, got ")
             << sourceType;
    auto resultType = cast<RankedTensorType>(packed.getType());
    Value view = PackedBytesOp::create(
        rewriter, op->getLoc(),
        MemRefType::get(resultType.getShape(), resultType.getElementType()),
        *source);
    replaceOpWithBufferizedValues(rewriter, op, view);
    return success();
  }
};

} // namespace

void mlir::qdq::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, QDQDialect *) {
    PackedBytesOp::attachInterface<PackedBytesOpInterface>(*ctx);
  });
}
