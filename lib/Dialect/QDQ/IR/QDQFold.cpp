//===- QDQFold.cpp - compile-time evaluation of qdq ops -------------------===//
//
// Evaluates qdq.dequantize_linear with APInt/APFloat, step for step the way
// its lowering computes (ElementCodegen): x and the zero point decoded
// exactly, integer zero points subtracted exactly, one conversion of the
// difference to f32 (round to nearest even), an f32 multiply, one rounding to
// the result type. f32 values are handled as bit patterns so that NaNs come
// out with the bits the compiled code produces on x86-64.
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/IR/QDQFold.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

using namespace mlir;
using namespace mlir::qdq;

//===----------------------------------------------------------------------===//
// f32 arithmetic on bit patterns, with x86-64 (SSE/AVX) NaN results
//===----------------------------------------------------------------------===//

namespace {
constexpr uint32_t kSignBit = 0x80000000;
constexpr uint32_t kExponentMask = 0x7F800000;
constexpr uint32_t kMantissaMask = 0x007FFFFF;
constexpr uint32_t kQuietBit = 0x00400000;
constexpr uint32_t kQuietNaN = 0x7FC00000;
/// What x86 returns for an invalid operation: the "real indefinite" NaN.
constexpr uint32_t kDefaultNaN = 0xFFC00000;
} // namespace

static bool isNaN(uint32_t bits) {
  return (bits & kExponentMask) == kExponentMask && (bits & kMantissaMask);
}
static bool isInf(uint32_t bits) { return (bits & ~kSignBit) == kExponentMask; }
static bool isZero(uint32_t bits) { return (bits & ~kSignBit) == 0; }

static APFloat toAPFloat(uint32_t bits) {
  return APFloat(APFloat::IEEEsingle(), APInt(32, bits));
}
static uint32_t toBits(const APFloat &value) {
  return static_cast<uint32_t>(value.bitcastToAPInt().getZExtValue());
}

/// a * b rounded to nearest even; mulss semantics for NaN.
static uint32_t multiplyF32(uint32_t a, uint32_t b) {
  if (isNaN(a))
    return a | kQuietBit;
  if (isNaN(b))
    return b | kQuietBit;
  if ((isInf(a) && isZero(b)) || (isZero(a) && isInf(b)))
    return kDefaultNaN;
  APFloat result = toAPFloat(a);
  result.multiply(toAPFloat(b), APFloat::rmNearestTiesToEven);
  return toBits(result);
}

/// a - b rounded to nearest even; subss semantics for NaN.
static uint32_t subtractF32(uint32_t a, uint32_t b) {
  if (isNaN(a))
    return a | kQuietBit;
  if (isNaN(b))
    return b | kQuietBit;
  if (isInf(a) && isInf(b) && (a & kSignBit) == (b & kSignBit))
    return kDefaultNaN;
  APFloat result = toAPFloat(a);
  result.subtract(toAPFloat(b), APFloat::rmNearestTiesToEven);
  return toBits(result);
}

/// An exact integer rounded once to f32 (sitofp/uitofp: nearest even).
static uint32_t integerToF32(int64_t value) {
  APFloat result(APFloat::IEEEsingle());
  result.convertFromAPInt(APInt(64, value, /*isSigned=*/true),
                          /*IsSigned=*/true, APFloat::rmNearestTiesToEven);
  return toBits(result);
}

//===----------------------------------------------------------------------===//
// Decoding elements to f32, as ElementCodegen does
//===----------------------------------------------------------------------===//

/// The value of an element of a float type as f32 bits: exact for every
/// number; NaNs as the lowering produces them.
static uint32_t decodeFloatToF32(Type type, const APInt &code) {
  if (type.isF32())
    return static_cast<uint32_t>(code.getZExtValue());
  if (isa<Float8E8M0FNUType>(type)) {
    // 2^(code - 127); 2^-127 is the f32 subnormal 0x00400000; 0xFF is NaN.
    uint64_t e = code.getZExtValue();
    if (e == 0xFF)
      return kQuietNaN;
    return e == 0 ? 0x00400000 : static_cast<uint32_t>(e << 23);
  }
  auto floatType = cast<FloatType>(type);
  APFloat value(floatType.getFloatSemantics(), code);
  uint32_t sign = value.isNegative() ? kSignBit : 0;
  if (value.isNaN()) {
    // fp8: the canonical quiet NaN with the code's sign (the fnuz formats
    // have one unsigned NaN, the code of -0).
    if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(type))
      return kQuietNaN;
    if (isFloatQuantizedElement(type))
      return sign | kQuietNaN;
    // f16, bf16: fpext keeps the sign and payload and sets the quiet bit.
    unsigned mantissaBits = floatType.getFPMantissaWidth() - 1;
    uint32_t payload =
        static_cast<uint32_t>(code.getZExtValue()) & ((1u << mantissaBits) - 1);
    return sign | kExponentMask | kQuietBit | (payload << (23 - mantissaBits));
  }
  bool losesInfo;
  value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  assert(!losesInfo && "every qdq float element is exact in f32");
  return toBits(value);
}

/// f32 bits rounded once to the result type, as convertF32ToResult does:
/// f16 NaNs keep the sign and the top payload bits (fptrunc), bf16 NaNs
/// become sign | 0x7FC0.
static uint64_t roundF32ToResult(uint32_t bits, Type resultType) {
  if (resultType.isF32())
    return bits;
  uint32_t sign16 = (bits & kSignBit) >> 16;
  if (isNaN(bits)) {
    if (resultType.isF16())
      return sign16 | 0x7E00 | ((bits & kMantissaMask) >> 13);
    return sign16 | 0x7FC0;
  }
  APFloat value = toAPFloat(bits);
  bool losesInfo;
  value.convert(cast<FloatType>(resultType).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &losesInfo);
  return value.bitcastToAPInt().getZExtValue();
}

//===----------------------------------------------------------------------===//
// Reading constant operands
//===----------------------------------------------------------------------===//

/// The raw codes of the elements of `attr` (integers as their bits).
static SmallVector<APInt> getCodes(DenseElementsAttr attr) {
  SmallVector<APInt> codes;
  codes.reserve(attr.getNumElements());
  if (isa<FloatType>(attr.getElementType())) {
    for (const APFloat &value : attr.getValues<APFloat>())
      codes.push_back(value.bitcastToAPInt());
    return codes;
  }
  for (const APInt &value : attr.getValues<APInt>())
    codes.push_back(value);
  return codes;
}

/// The code of the one value of a splat.
static APInt getSplatCode(DenseElementsAttr attr) {
  if (isa<FloatType>(attr.getElementType()))
    return attr.getSplatValue<APFloat>().bitcastToAPInt();
  return attr.getSplatValue<APInt>();
}

/// A constant of `type` (f32, f16 or bf16) from result bit patterns: one
/// value (a splat) or one per element.
static DenseElementsAttr buildResult(RankedTensorType type,
                                     ArrayRef<uint64_t> bits) {
  Type element = type.getElementType();
  auto bitsType = type.clone(
      IntegerType::get(type.getContext(), element.getIntOrFloatBitWidth()));
  if (element.isF32()) {
    SmallVector<uint32_t> values(bits.begin(), bits.end());
    return DenseElementsAttr::get(bitsType, ArrayRef(values)).bitcast(element);
  }
  SmallVector<uint16_t> values(bits.begin(), bits.end());
  return DenseElementsAttr::get(bitsType, ArrayRef(values)).bitcast(element);
}

/// An integer element as qdq reads it: signless and `si` signed, `ui`
/// unsigned.
static int64_t decodeInteger(Type type, const APInt &code) {
  return cast<IntegerType>(type).isUnsigned() ? code.getZExtValue()
                                              : code.getSExtValue();
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

namespace {
/// Maps a linear index of x to the linear index of its scale.
struct ScaleIndexer {
  DequantizeLinearOp::Granularity granularity;
  int64_t axis = 0;
  int64_t blockSize = 0;
  SmallVector<int64_t> xShape, xStrides, scaleStrides;

  int64_t operator()(int64_t linear) const {
    switch (granularity) {
    case DequantizeLinearOp::Granularity::PerTensor:
      return 0;
    case DequantizeLinearOp::Granularity::PerAxis:
      return (linear / xStrides[axis]) % xShape[axis];
    case DequantizeLinearOp::Granularity::Blocked: {
      int64_t index = 0;
      for (size_t d = 0, e = xShape.size(); d < e; ++d) {
        int64_t coordinate = (linear / xStrides[d]) % xShape[d];
        if (static_cast<int64_t>(d) == axis)
          coordinate /= blockSize;
        index += coordinate * scaleStrides[d];
      }
      return index;
    }
    }
    llvm_unreachable("unknown granularity");
  }
};
} // namespace

static SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

DenseElementsAttr
mlir::qdq::evaluateDequantizeLinear(DequantizeLinearOp op, DenseElementsAttr x,
                                    DenseElementsAttr scale,
                                    DenseElementsAttr zeroPoint) {
  RankedTensorType xType = op.getX().getType();
  RankedTensorType yType = op.getY().getType();
  if (!x || !scale || x.getType() != xType ||
      scale.getType() != op.getScale().getType() ||
      (zeroPoint && (!op.getZeroPoint() ||
                     zeroPoint.getType() != op.getZeroPoint().getType())) ||
      !yType.hasStaticShape())
    return {};

  Type xElement = xType.getElementType();
  Type yElement = yType.getElementType();
  Type scaleElement = scale.getElementType();
  int64_t scaleCount = scale.getNumElements();

  ScaleIndexer scaleIndex{op.getGranularity()};
  if (scaleIndex.granularity != DequantizeLinearOp::Granularity::PerTensor) {
    scaleIndex.axis = op.getNormalizedAxis();
    scaleIndex.blockSize = op.getBlockSize();
    llvm::append_range(scaleIndex.xShape, xType.getShape());
    scaleIndex.xStrides = getRowMajorStrides(xType.getShape());
    scaleIndex.scaleStrides = getRowMajorStrides(scale.getType().getShape());
  }

  // Scales and zero points, decoded once.
  SmallVector<uint32_t> scales;
  for (const APInt &code : getCodes(scale))
    scales.push_back(decodeFloatToF32(scaleElement, code));
  // fp8/fp4 zero points are zero (DQ-R15) and never subtracted.
  bool subtractZeroPoint = zeroPoint && !isFloatQuantizedElement(xElement);
  bool integerX = isa<IntegerType>(xElement);
  SmallVector<int64_t> intZeroPoints;
  SmallVector<uint32_t> floatZeroPoints;
  if (subtractZeroPoint) {
    Type zpElement = zeroPoint.getElementType();
    if (integerX != isa<IntegerType>(zpElement))
      return {};
    for (const APInt &code : getCodes(zeroPoint)) {
      if (integerX)
        intZeroPoints.push_back(decodeInteger(zpElement, code));
      else
        floatZeroPoints.push_back(decodeFloatToF32(zpElement, code));
    }
    int64_t zpCount = zeroPoint.getNumElements();
    if (zpCount != 1 && zpCount != scaleCount)
      return {};
  }

  bool zeroPointPerTensor =
      subtractZeroPoint && zeroPoint.getNumElements() == 1;
  auto evaluate = [&](const APInt &xCode, int64_t linear) -> uint64_t {
    int64_t s = scaleCount == 1 ? 0 : scaleIndex(linear);
    int64_t z = zeroPointPerTensor ? 0 : s;
    uint32_t difference;
    if (integerX) {
      // Exact in i64: both sides have at most 32 bits.
      int64_t value = decodeInteger(xElement, xCode);
      if (subtractZeroPoint)
        value -= intZeroPoints[z];
      difference = integerToF32(value);
    } else {
      difference = decodeFloatToF32(xElement, xCode);
      if (subtractZeroPoint)
        difference = subtractF32(difference, floatZeroPoints[z]);
    }
    return roundF32ToResult(multiplyF32(difference, scales[s]), yElement);
  };

  // The result as bit patterns (one value for a splat), bitcast to the
  // result type. An empty x has an empty result (and maybe no scale).
  if (x.getNumElements() == 0)
    return buildResult(yType, {});
  bool splat =
      x.isSplat() && scale.isSplat() && (!zeroPoint || zeroPoint.isSplat());
  SmallVector<uint64_t> result;
  if (splat) {
    result.push_back(evaluate(getSplatCode(x), 0));
  } else {
    result.reserve(x.getNumElements());
    for (auto [linear, code] : llvm::enumerate(getCodes(x)))
      result.push_back(evaluate(code, linear));
  }
  return buildResult(yType, result);
}

//===----------------------------------------------------------------------===//
// The folding pattern
//===----------------------------------------------------------------------===//

namespace {
class FoldConstantDequantizeLinear
    : public OpRewritePattern<DequantizeLinearOp> {
public:
  FoldConstantDequantizeLinear(MLIRContext *ctx, int64_t maxElements)
      : OpRewritePattern(ctx), maxElements(maxElements) {}

  LogicalResult matchAndRewrite(DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr x, scale, zeroPoint;
    if (!matchPattern(op.getX(), m_Constant(&x)) ||
        !matchPattern(op.getScale(), m_Constant(&scale)) ||
        (op.getZeroPoint() &&
         !matchPattern(op.getZeroPoint(), m_Constant(&zeroPoint))))
      return rewriter.notifyMatchFailure(op, "operands are not all constant");
    bool splat =
        x.isSplat() && scale.isSplat() && (!zeroPoint || zeroPoint.isSplat());
    if (!splat && maxElements >= 0 && x.getNumElements() > maxElements)
      return rewriter.notifyMatchFailure(op, "result exceeds the size cap");
    // The folded value is an arith.constant; only create one where the
    // arith dialect is loaded (it is wherever the operands are
    // arith.constant).
    if (!op.getContext()->getLoadedDialect<arith::ArithDialect>())
      return rewriter.notifyMatchFailure(op, "arith is not loaded");
    DenseElementsAttr y = evaluateDequantizeLinear(op, x, scale, zeroPoint);
    if (!y)
      return rewriter.notifyMatchFailure(op, "cannot evaluate");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, y);
    return success();
  }

private:
  int64_t maxElements;
};
} // namespace

void mlir::qdq::populateFoldDequantizeLinearPatterns(
    RewritePatternSet &patterns, int64_t maxElements) {
  patterns.add<FoldConstantDequantizeLinear>(patterns.getContext(),
                                             maxElements);
}
