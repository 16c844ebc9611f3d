//===- QuantToQDQ.cpp - quant.dcast to qdq.dequantize_linear --------------===//
//
// Imports the dequantizations of the upstream `quant` dialect: a `quant.dcast`
// of a ranked tensor of `!quant.uniform` becomes a `qdq.dequantize_linear` of
// the storage values, with the scales and zero points of the type as
// `arith.constant` tensors. See the pass description in
// include/qdq/Conversion/Passes.td for the mapping and its numerics.
//
//===----------------------------------------------------------------------===//

#include "qdq/Conversion/QuantToQDQ/QuantToQDQ.h"
#include "qdq/Conversion/Passes.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::qdq {
#define GEN_PASS_DEF_CONVERTQUANTTOQDQ
#include "qdq/Conversion/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;
using namespace mlir::qdq;

namespace {

/// The qdq.dequantize_linear that replaces a quant.dcast.
struct Import {
  RankedTensorType xType;      // the storage values as qdq reads them
  DenseElementsAttr scale;     // of the expressed type
  DenseElementsAttr zeroPoint; // of x's element type; null when all zero
  int64_t axis = 1;
  int64_t blockSize = 0;
};

using Reporter = function_ref<void(const Twine &)>;

} // namespace

/// `i8`, `u4`: the quant spelling of a storage type.
static std::string formatStorage(quant::QuantizedType type) {
  return (type.isSigned() ? "i" : "u") +
         std::to_string(type.getStorageTypeIntegralWidth());
}

static std::string formatList(ArrayRef<int64_t> values) {
  std::string str = "[";
  llvm::interleave(
      values,
      [&](int64_t v) {
        str += ShapedType::isDynamic(v) ? "?" : std::to_string(v);
      },
      [&] { str += ", "; });
  return str + "]";
}

static std::string formatType(Type type) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << type;
  return str;
}

/// A scale of the quant type (held in f64, or in the expressed type for
/// sub-channel types) converted to the expressed type the way upstream
/// (`--lower-quant-ops`, FloatAttr::get) converts it: one IEEE conversion,
/// rounding to nearest, ties to even.
static APFloat toExpressed(APFloat scale, FloatType expressed) {
  bool losesInfo;
  scale.convert(expressed.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  return scale;
}

/// Checks that the integer zero points fit the storage type and builds the
/// zero-point tensor (null when every zero point is zero). 32-bit storage
/// takes only zero (DQ-R15).
static FailureOr<DenseElementsAttr>
buildZeroPoints(quant::QuantizedType type, RankedTensorType zpType,
                ArrayRef<int64_t> zeroPoints, Reporter report) {
  unsigned width = type.getStorageTypeIntegralWidth();
  int64_t lo =
      quant::QuantizedType::getDefaultMinimumForInteger(type.isSigned(), width);
  int64_t hi =
      quant::QuantizedType::getDefaultMaximumForInteger(type.isSigned(), width);
  SmallVector<APInt> values;
  bool allZero = true;
  for (auto [index, zp] : llvm::enumerate(zeroPoints)) {
    std::string where = zeroPoints.size() == 1
                            ? ""
                            : " (element " + std::to_string(index) + ")";
    if (zp < lo || zp > hi) {
      report("zero point " + Twine(zp) + where + " is out of the range [" +
             Twine(lo) + ", " + Twine(hi) + "] of storage type " +
             formatStorage(type));
      return failure();
    }
    if (zp != 0 && width == 32) {
      report("zero point " + Twine(zp) + where + " is not zero, but qdq " +
             "subtracts no zero point from 32-bit storage type " +
             formatStorage(type) + " (rule DQ-R15)");
      return failure();
    }
    allZero &= zp == 0;
    values.push_back(
        APInt(width, zp, /*isSigned=*/true, /*implicitTrunc=*/true));
  }
  if (allZero)
    return DenseElementsAttr();
  return DenseElementsAttr::get(zpType, values);
}

/// Maps the block sizes of a sub-channel type onto qdq's granularities. A
/// dim without a block size is one block (of the dim's length). qdq
/// expresses one scale for everything (per-tensor), one scale per element
/// along one dim and one block over every other (per-axis), and blocks of
/// more than one element along at most one dim with block size 1 along
/// every other (blocked along that dim; block size 1 along dim 0 when no
/// dim has larger blocks).
static LogicalResult
importSubChannel(quant::UniformQuantizedSubChannelType type,
                 RankedTensorType tensorType, Type xElement, Import &import,
                 Reporter report) {
  ArrayRef<int64_t> xShape = tensorType.getShape();
  int64_t rank = tensorType.getRank();
  DenseElementsAttr scales = type.getScales();
  DenseElementsAttr zeroPoints = type.getZeroPoints();
  ArrayRef<int64_t> sShape = scales.getType().getShape();
  if (static_cast<int64_t>(sShape.size()) != rank ||
      zeroPoints.getType().getShape() != sShape) {
    report("sub-channel scales of shape " + formatList(sShape) +
           " and zero points of shape " +
           formatList(zeroPoints.getType().getShape()) +
           " do not match the rank of the tensor " + formatType(tensorType));
    return failure();
  }

  SmallVector<int64_t> blockSizes(rank, 0); // 0: not given
  for (auto [dim, size] : type.getBlockSizeInfo()) {
    if (dim < 0 || dim >= rank || size <= 0) {
      report("sub-channel block size " + Twine(size) + " for dim " +
             Twine(dim) + " is invalid for a tensor of rank " + Twine(rank));
      return failure();
    }
    blockSizes[dim] = size;
  }

  // The block size of each dim (`effective`; the dim's length where the
  // scales have one entry) and the dims with blocks of more than one element
  // (`coarse`).
  SmallVector<int64_t> coarse, effective;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = sShape[d] == 1 ? xShape[d] : blockSizes[d];
    effective.push_back(size);
    if (sShape[d] != 1 && size <= 0) {
      report("sub-channel scales have " + Twine(sShape[d]) +
             " entries along dim " + Twine(d) +
             ", but the type gives no block size for it");
      return failure();
    }
    if (size != 1 && size != 0)
      coarse.push_back(d);
  }
  SmallVector<int64_t> multiple; // dims along which the scales vary
  for (int64_t d = 0; d < rank; ++d)
    if (sShape[d] != 1)
      multiple.push_back(d);

  SmallVector<int64_t> paramShape(sShape);
  if (multiple.empty()) {
    paramShape.clear(); // per-tensor
  } else if (multiple.size() == 1 && effective[multiple.front()] == 1) {
    import.axis = multiple.front(); // per-axis
    paramShape.assign({sShape[import.axis]});
  } else {
    if (coarse.size() > 1) {
      std::string dims;
      llvm::interleave(
          coarse, [&](int64_t d) { dims += std::to_string(d); },
          [&] { dims += ", "; });
      report("sub-channel block sizes " + formatList(effective) +
             " (per dim) for a tensor of shape " + formatList(xShape) +
             " have blocks of more than one element along dims " + dims +
             ", but qdq.dequantize_linear blocks along one axis only");
      return failure();
    }
    import.axis = coarse.empty() ? multiple.front() : coarse.front();
    import.blockSize = effective[import.axis];
    if (ShapedType::isDynamic(import.blockSize)) {
      report("sub-channel scales have one block over dim " +
             Twine(import.axis) + " of the tensor of shape " +
             formatList(xShape) +
             ", whose block size (the dim's length) is not static");
      return failure();
    }
  }

  auto expressed = cast<FloatType>(type.getExpressedType());
  SmallVector<APFloat> scaleValues;
  for (APFloat scale : scales.getValues<APFloat>())
    scaleValues.push_back(toExpressed(scale, expressed));
  import.scale = DenseElementsAttr::get(
      RankedTensorType::get(paramShape, expressed), scaleValues);

  // Sub-channel zero points are held in the storage width; read them with
  // the type's signedness.
  SmallVector<int64_t> zpValues;
  for (const APInt &zp : zeroPoints.getValues<APInt>())
    zpValues.push_back(type.isSigned() ? zp.getSExtValue() : zp.getZExtValue());
  FailureOr<DenseElementsAttr> zp = buildZeroPoints(
      type, RankedTensorType::get(paramShape, xElement), zpValues, report);
  if (failed(zp))
    return failure();
  import.zeroPoint = *zp;
  return success();
}

/// Decides how `op` is imported, or reports why it cannot be.
static FailureOr<Import> analyze(quant::DequantizeCastOp op, Reporter report) {
  Type inputType = op.getInput().getType();
  auto tensorType = dyn_cast<RankedTensorType>(inputType);
  if (!tensorType) {
    report("operand of type " + formatType(inputType) +
           " is not a ranked tensor; only ranked tensors of !quant.uniform "
           "convert to qdq");
    return failure();
  }
  auto type = dyn_cast<quant::QuantizedType>(tensorType.getElementType());
  if (!isa_and_nonnull<quant::UniformQuantizedType,
                       quant::UniformQuantizedPerAxisType,
                       quant::UniformQuantizedSubChannelType>(type)) {
    report("element type " + formatType(tensorType.getElementType()) +
           " is not a !quant.uniform type");
    return failure();
  }

  unsigned width = type.getStorageTypeIntegralWidth();
  if (!isa<IntegerType>(type.getStorageType()) ||
      !llvm::is_contained({2u, 4u, 8u, 16u, 32u}, width)) {
    report("storage type " + formatStorage(type) +
           " is not supported; qdq takes 2, 4, 8, 16 and 32-bit integers");
    return failure();
  }
  auto expressed = dyn_cast<FloatType>(type.getExpressedType());
  if (!expressed || !isa<Float32Type, Float16Type, BFloat16Type>(expressed)) {
    report("expressed type " + formatType(type.getExpressedType()) +
           " is not supported; qdq results are f32, f16 or bf16");
    return failure();
  }

  MLIRContext *ctx = op.getContext();
  Type xElement = IntegerType::get(ctx, width,
                                   type.isSigned() ? IntegerType::Signless
                                                   : IntegerType::Unsigned);
  Import import;
  import.xType = tensorType.clone(xElement);

  if (auto perLayer = dyn_cast<quant::UniformQuantizedType>(type)) {
    auto scaleType = RankedTensorType::get({}, expressed);
    import.scale = DenseElementsAttr::get(
        scaleType, toExpressed(APFloat(perLayer.getScale()), expressed));
    FailureOr<DenseElementsAttr> zp =
        buildZeroPoints(type, RankedTensorType::get({}, xElement),
                        {perLayer.getZeroPoint()}, report);
    if (failed(zp))
      return failure();
    import.zeroPoint = *zp;
    return import;
  }

  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(type)) {
    int64_t axis = perAxis.getQuantizedDimension();
    int64_t count = perAxis.getScales().size();
    if (axis < 0 || axis >= tensorType.getRank()) {
      report("quantized dimension " + Twine(axis) +
             " is out of range for a tensor of rank " +
             Twine(tensorType.getRank()));
      return failure();
    }
    import.axis = axis;
    SmallVector<APFloat> scales;
    for (double scale : perAxis.getScales())
      scales.push_back(toExpressed(APFloat(scale), expressed));
    import.scale = DenseElementsAttr::get(
        RankedTensorType::get({count}, expressed), scales);
    FailureOr<DenseElementsAttr> zp =
        buildZeroPoints(type, RankedTensorType::get({count}, xElement),
                        perAxis.getZeroPoints(), report);
    if (failed(zp))
      return failure();
    import.zeroPoint = *zp;
    return import;
  }

  if (failed(importSubChannel(cast<quant::UniformQuantizedSubChannelType>(type),
                              tensorType, xElement, import, report)))
    return failure();
  return import;
}

namespace {

class DequantizeCastToQDQ
    : public OpConversionPattern<quant::DequantizeCastOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(quant::DequantizeCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string reason;
    FailureOr<Import> import =
        analyze(op, [&](const Twine &message) { reason = message.str(); });
    if (failed(import))
      return rewriter.notifyMatchFailure(op, reason);

    Location loc = op.getLoc();
    // The storage values, as upstream --lower-quant-ops reads them: a
    // quant.scast to the signless storage type (which folds away when the
    // operand is itself a quant.scast from that type).
    auto inputType = cast<RankedTensorType>(op.getInput().getType());
    auto signlessType = inputType.clone(IntegerType::get(
        op.getContext(), import->xType.getElementTypeBitWidth()));
    Value x = rewriter.createOrFold<quant::StorageCastOp>(loc, signlessType,
                                                          adaptor.getInput());
    if (import->xType != signlessType)
      x = tensor::BitcastOp::create(rewriter, loc, import->xType, x);

    Value scale = arith::ConstantOp::create(rewriter, loc, import->scale);
    Value zeroPoint;
    if (import->zeroPoint)
      zeroPoint = arith::ConstantOp::create(rewriter, loc, import->zeroPoint);
    rewriter.replaceOpWithNewOp<DequantizeLinearOp>(
        op, op.getResult().getType(), x, scale, zeroPoint, import->axis,
        import->blockSize);
    return success();
  }
};

struct ConvertQuantToQDQPass
    : public qdq::impl::ConvertQuantToQDQBase<ConvertQuantToQDQPass> {
  void runOnOperation() override {
    // Report every quant.dcast qdq cannot express, then convert the rest.
    bool unsupported = false;
    getOperation()->walk([&](quant::DequantizeCastOp op) {
      if (failed(analyze(op, [&](const Twine &message) {
            op.emitOpError("cannot be converted to qdq: ") << message;
          })))
        unsupported = true;
    });
    if (unsupported)
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addIllegalOp<quant::DequantizeCastOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    populateQuantToQDQConversionPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::qdq::populateQuantToQDQConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DequantizeCastToQDQ>(patterns.getContext());
}
