//===- QDQCanonicalize.cpp - canonicalization of qdq ops ------------------===//
//
// The canonicalization patterns of qdq.dequantize_linear. Each one keeps the
// result bit for bit what the lowering computes (the one exception, a
// signalling f16 NaN through the f16 identity, is documented in QDQOps.td).
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/IR/QDQFold.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::qdq;

/// The constant value of `value`, if it is a DenseElementsAttr constant.
static DenseElementsAttr getConstant(Value value) {
  DenseElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return {};
  return attr;
}

/// The raw bits of element `index` of `attr` (integers and floats alike).
static APInt getElementBits(DenseElementsAttr attr, uint64_t index) {
  if (isa<FloatType>(attr.getElementType()))
    return (*(attr.getValues<APFloat>().begin() + index)).bitcastToAPInt();
  return *(attr.getValues<APInt>().begin() + index);
}

/// True if every element of `attr` has the bits of the first (false for
/// an empty `attr`).
static bool isUniform(DenseElementsAttr attr) {
  if (attr.getNumElements() == 0)
    return false;
  if (attr.isSplat())
    return true;
  APInt first = getElementBits(attr, 0);
  for (int64_t i = 1, e = attr.getNumElements(); i < e; ++i)
    if (getElementBits(attr, i) != first)
      return false;
  return true;
}

/// An arith.constant of the first value of `attr`, as a 0-D tensor.
static Value createScalarConstant(PatternRewriter &rewriter, Location loc,
                                  DenseElementsAttr attr) {
  auto type = RankedTensorType::get({}, attr.getElementType());
  DenseElementsAttr scalar =
      isa<FloatType>(attr.getElementType())
          ? DenseElementsAttr::get(
                type, ArrayRef<APFloat>(*attr.getValues<APFloat>().begin()))
          : DenseElementsAttr::get(
                type, ArrayRef<APInt>(*attr.getValues<APInt>().begin()));
  return arith::ConstantOp::create(rewriter, loc, scalar);
}

static bool isArithLoaded(MLIRContext *ctx) {
  return ctx->getLoadedDialect<arith::ArithDialect>() != nullptr;
}

namespace {

/// A constant zero point that changes nothing is dropped: all zero for
/// integer x (the exact difference x - 0 is x), any constant for fp8/fp4 x
/// (never subtracted; DQ-R15 makes it zero), all +0.0 for f16/bf16 x
/// (x - (+0.0) is x in f32, -0.0 included; x - (-0.0) would turn -0 into +0,
/// so a -0.0 zero point stays).
struct DropZeroZeroPoint : public OpRewritePattern<DequantizeLinearOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr zeroPoint = getConstant(op.getZeroPoint());
    if (!zeroPoint)
      return failure();
    Type xElement = op.getX().getType().getElementType();
    if (!isFloatQuantizedElement(xElement)) {
      // Integers and f16/bf16 alike: every element's bits are zero. (An
      // empty zero point goes with an empty x: there is nothing to subtract.)
      if (zeroPoint.getNumElements() != 0 &&
          (!isUniform(zeroPoint) || !getElementBits(zeroPoint, 0).isZero()))
        return rewriter.notifyMatchFailure(op, "zero point is not zero");
    }
    rewriter.modifyOpInPlace(op, [&] { op.getZeroPointMutable().clear(); });
    return success();
  }
};

/// Per-axis and blocked ops whose constant scale (and zero point, if any)
/// holds one value become per-tensor, with 0-D constants (and the default
/// axis). Only when the dims the granularity ties to the scale are static:
/// the verifier has then checked the sizes, so no run-time check is lost.
struct UniformParamsToPerTensor : public OpRewritePattern<DequantizeLinearOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType xType = op.getX().getType();
    switch (op.getGranularity()) {
    case DequantizeLinearOp::Granularity::PerTensor:
      return failure();
    case DequantizeLinearOp::Granularity::PerAxis:
      if (xType.isDynamicDim(op.getNormalizedAxis()))
        return rewriter.notifyMatchFailure(op, "dynamic axis dim");
      break;
    case DequantizeLinearOp::Granularity::Blocked:
      if (!xType.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "dynamic dims");
      break;
    }
    DenseElementsAttr scale = getConstant(op.getScale());
    if (!scale || !isUniform(scale))
      return rewriter.notifyMatchFailure(op, "scale is not one constant");
    DenseElementsAttr zeroPoint = getConstant(op.getZeroPoint());
    if (op.getZeroPoint() && (!zeroPoint || !isUniform(zeroPoint)))
      return rewriter.notifyMatchFailure(op, "zero point is not one constant");
    if (!isArithLoaded(op.getContext()))
      return failure();

    Location loc = op.getLoc();
    Value newScale = createScalarConstant(rewriter, loc, scale);
    Value newZeroPoint;
    if (zeroPoint)
      newZeroPoint = createScalarConstant(rewriter, loc, zeroPoint);
    rewriter.modifyOpInPlace(op, [&] {
      op.getScaleMutable().assign(newScale);
      if (newZeroPoint)
        op.getZeroPointMutable().assign(newZeroPoint);
      op.setBlockSize(0);
      op.setAxis(1);
    });
    return success();
  }
};

/// A per-tensor op ignores `axis`; it takes the default, 1, so that ops
/// that differ only there become identical.
struct PerTensorDefaultAxis : public OpRewritePattern<DequantizeLinearOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getGranularity() != DequantizeLinearOp::Granularity::PerTensor ||
        op.getAxis() == 1)
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.setAxis(1); });
    return success();
  }
};

/// One-element constants of shape [1] (per-tensor scales, per-tensor zero
/// points) become 0-D: the canonical per-tensor form.
struct ZeroRankPerTensorConstants
    : public OpRewritePattern<DequantizeLinearOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    auto isOneElementVector = [](Value value) {
      return value && cast<RankedTensorType>(value.getType()).getShape() ==
                          ArrayRef<int64_t>{1};
    };
    DenseElementsAttr scale, zeroPoint;
    if (isOneElementVector(op.getScale()))
      scale = getConstant(op.getScale());
    if (isOneElementVector(op.getZeroPoint()))
      zeroPoint = getConstant(op.getZeroPoint());
    if ((!scale && !zeroPoint) || !isArithLoaded(op.getContext()))
      return failure();
    Location loc = op.getLoc();
    Value newScale, newZeroPoint;
    if (scale)
      newScale = createScalarConstant(rewriter, loc, scale);
    if (zeroPoint)
      newZeroPoint = createScalarConstant(rewriter, loc, zeroPoint);
    rewriter.modifyOpInPlace(op, [&] {
      if (newScale)
        op.getScaleMutable().assign(newScale);
      if (newZeroPoint)
        op.getZeroPointMutable().assign(newZeroPoint);
    });
    return success();
  }
};

/// f16 x to an f16 result with a constant per-tensor scale of exactly 1 and
/// no zero point is x itself: fpext to f32, a multiplication by 1 and
/// fptrunc give back every f16 value and every quiet NaN bit for bit. Only
/// a signalling NaN differs: the lowering quiets it, x is returned as is
/// (documented in the op description). bf16 is not simplified: its NaN
/// results are canonical (sign | 0x7FC0), which x's payload need not be.
struct HalfIdentity : public OpRewritePattern<DequantizeLinearOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getZeroPoint() || !op.getX().getType().getElementType().isF16() ||
        op.getX().getType() != op.getY().getType() ||
        op.getGranularity() != DequantizeLinearOp::Granularity::PerTensor)
      return failure();
    DenseElementsAttr scale = getConstant(op.getScale());
    if (!scale || scale.getNumElements() != 1)
      return failure();
    // The bit pattern of 1.0 in each scale type.
    Type element = scale.getElementType();
    uint64_t one = element.isF32()    ? 0x3F800000
                   : element.isF16()  ? 0x3C00
                   : element.isBF16() ? 0x3F80
                                      : 127; // f8E8M0FNU: 2^(127 - 127)
    if (getElementBits(scale, 0) != one)
      return rewriter.notifyMatchFailure(op, "scale is not 1");
    rewriter.replaceOp(op, op.getX());
    return success();
  }
};

} // namespace

void DequantizeLinearOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                     MLIRContext *context) {
  results.add<DropZeroZeroPoint, HalfIdentity, PerTensorDefaultAxis,
              UniformParamsToPerTensor, ZeroRankPerTensorConstants>(context);
  // Constant operands fold only into a splat: canonicalization never turns a
  // compact weight into a larger constant (see --qdq-fold-constants).
  populateFoldDequantizeLinearPatterns(results, /*maxElements=*/0);
}
