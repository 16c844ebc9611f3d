//===- QDQToLinalg.cpp - qdq.dequantize_linear to linalg.generic ----------===//
//
// One linalg.generic per op, over the shape of x. See the pass description in
// include/qdq/Conversion/Passes.td for the scheme.
//
//===----------------------------------------------------------------------===//

#include "qdq/Conversion/QDQToLinalg/QDQToLinalg.h"
#include "qdq/Conversion/Passes.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::qdq {
#define GEN_PASS_DEF_CONVERTQDQTOLINALG
#include "qdq/Conversion/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;
using namespace mlir::qdq;

namespace {

/// An operand of the op as the generic sees it: reinterpreted as its storage
/// type, and either a per-element input or one value read before the loop.
struct Operand {
  Type elementType; // the type the op declares (ui8, f8E4M3FN, ...)
  Value tensor;     // tensor of the storage type, if read per element
  Value scalar;     // the stored scalar, if read once
};

/// Collects the scale and zero point as generic inputs or scalars.
struct Parameters {
  OpBuilder &b;
  Location loc;
  AffineMap map; // null for a per-tensor op
  SmallVectorImpl<Value> &inputs;
  SmallVectorImpl<AffineMap> &maps;
  Value zeroIndex;

  /// A one-element tensor, or any parameter of a per-tensor op (a dynamic
  /// [?] zero point holds one element then), is read once; anything else
  /// becomes an input of the generic, read through `map`.
  Operand prepare(Value tensor) {
    auto type = cast<RankedTensorType>(tensor.getType());
    Operand operand{type.getElementType(), Value(), Value()};
    Value stored = bitcastToStorage(b, loc, tensor);
    if (!map || isPerTensorShape(type.getShape())) {
      if (type.getRank() != 0 && !zeroIndex)
        zeroIndex = arith::ConstantIndexOp::create(b, loc, 0);
      SmallVector<Value> indices(type.getRank(), zeroIndex);
      operand.scalar = tensor::ExtractOp::create(b, loc, stored, indices);
      return operand;
    }
    operand.tensor = stored;
    inputs.push_back(stored);
    maps.push_back(map);
    return operand;
  }
};

class DequantizeLinearToLinalg
    : public OpConversionPattern<DequantizeLinearOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DequantizeLinearOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, buildDequantizeLinalg(rewriter, op, adaptor.getX(),
                                                 adaptor.getScale(),
                                                 adaptor.getZeroPoint()));
    return success();
  }
};

struct ConvertQDQToLinalgPass
    : public qdq::impl::ConvertQDQToLinalgBase<ConvertQDQToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addIllegalOp<DequantizeLinearOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    populateQDQToLinalgConversionPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

Value mlir::qdq::buildDequantizeLinalg(OpBuilder &b, DequantizeLinearOp op,
                                       Value x, Value scale, Value zeroPoint) {
  Location loc = op.getLoc();
  RankedTensorType xType = op.getX().getType();
  RankedTensorType yType = op.getY().getType();
  int64_t rank = xType.getRank();
  MLIRContext *ctx = op.getContext();

  // Index maps: x and y are read/written at the identity; scale and zero
  // point by granularity.
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap paramMap;
  switch (op.getGranularity()) {
  case DequantizeLinearOp::Granularity::PerTensor:
    break;
  case DequantizeLinearOp::Granularity::PerAxis:
    paramMap =
        AffineMap::get(rank, 0, getAffineDimExpr(op.getNormalizedAxis(), ctx));
    break;
  case DequantizeLinearOp::Granularity::Blocked: {
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      exprs.push_back(getAffineDimExpr(d, ctx));
    int64_t axis = op.getNormalizedAxis();
    exprs[axis] = exprs[axis].floorDiv(op.getBlockSize());
    paramMap = AffineMap::get(rank, 0, exprs, ctx);
    break;
  }
  }

  Type xElement = xType.getElementType();
  Type yElement = yType.getElementType();
  SmallVector<Value> inputs{bitcastToStorage(b, loc, x)};
  SmallVector<AffineMap> maps{identity};
  Parameters params{b, loc, paramMap, inputs, maps, Value()};
  Operand scaleOperand = params.prepare(scale);
  // fp8/fp4 zero points are zero (DQ-R15) and not subtracted: -0 stays -0.
  std::optional<Operand> zpOperand;
  if (zeroPoint && !isFloatQuantizedElement(xElement))
    zpOperand = params.prepare(zeroPoint);
  maps.push_back(identity);

  // Values read once are decoded once, before the loop.
  if (scaleOperand.scalar)
    scaleOperand.scalar = convertStoredToF32(b, loc, scaleOperand.scalar,
                                             scaleOperand.elementType);
  if (zpOperand && zpOperand->scalar)
    zpOperand->scalar = prepareZeroPoint(b, loc, zpOperand->scalar,
                                         zpOperand->elementType, xElement);

  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
  Value init = tensor::EmptyOp::create(b, loc, sizes, yElement);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);

  auto body = [&](OpBuilder &nb, Location nested, ValueRange args) {
    unsigned next = 1;
    Value scaleF32 = scaleOperand.scalar;
    if (!scaleF32)
      scaleF32 = convertStoredToF32(nb, nested, args[next++],
                                    scaleOperand.elementType);
    Value zp;
    if (zpOperand) {
      zp = zpOperand->scalar;
      if (!zp)
        zp = prepareZeroPoint(nb, nested, args[next++], zpOperand->elementType,
                              xElement);
    }
    linalg::YieldOp::create(
        nb, nested,
        buildDequantize(nb, nested, args[0], xElement, scaleF32, zp, yElement));
  };

  auto generic = linalg::GenericOp::create(b, loc, yType, inputs, init, maps,
                                           iterators, body);
  return generic.getResult(0);
}

void mlir::qdq::populateQDQToLinalgConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DequantizeLinearToLinalg>(patterns.getContext());
}
