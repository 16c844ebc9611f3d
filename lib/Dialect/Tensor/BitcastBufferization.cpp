//===- BitcastBufferization.cpp - bufferize tensor.bitcast ----------------===//

#include "qdq/Dialect/Tensor/BitcastBufferization.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace {

struct BitcastOpInterface
    : public BufferizableOpInterface::ExternalModel<BitcastOpInterface,
                                                    tensor::BitcastOp> {
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
    return {{op->getResult(0), BufferRelation::Equivalent}};
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto bitcast = cast<tensor::BitcastOp>(op);
    FailureOr<BufferLikeType> sourceType = bufferization::getBufferType(
        bitcast.getSource(), options, state, invocationStack);
    if (failed(sourceType))
      return failure();
    Type element = bitcast.getType().getElementType();
    if (auto ranked = dyn_cast<MemRefType>(*sourceType))
      return cast<BufferLikeType>(MemRefType::get(ranked.getShape(), element,
                                                  ranked.getLayout(),
                                                  ranked.getMemorySpace()));
    if (auto unranked = dyn_cast<UnrankedMemRefType>(*sourceType))
      return cast<BufferLikeType>(
          UnrankedMemRefType::get(element, unranked.getMemorySpace()));
    return op->emitError("cannot bufferize a bitcast of a non-memref buffer");
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto bitcast = cast<tensor::BitcastOp>(op);
    FailureOr<Value> source =
        getBuffer(rewriter, bitcast.getSource(), options, state);
    if (failed(source))
      return failure();
    SmallVector<Value> invocationStack;
    FailureOr<BufferLikeType> resultType =
        getBufferType(op, bitcast.getResult(), options, state, invocationStack);
    if (failed(resultType))
      return failure();
    Value buffer = UnrealizedConversionCastOp::create(rewriter, op->getLoc(),
                                                      *resultType, *source)
                       .getResult(0);
    replaceOpWithBufferizedValues(rewriter, op, buffer);
    return success();
  }
};

} // namespace

void mlir::qdq::registerTensorBitcastBufferizationModel(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    tensor::BitcastOp::attachInterface<BitcastOpInterface>(*ctx);
  });
}
