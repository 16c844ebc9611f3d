//===- ElementCodegen.cpp - exact element decoding in arith ops -----------===//

#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/ErrorHandling.h"

#include <cmath>

using namespace mlir;
using namespace mlir::qdq;

/// `elementType` with the shape of `like` (scalar or vector).
static Type shapedLike(Value like, Type elementType) {
  if (auto vectorType = dyn_cast<VectorType>(like.getType()))
    return vectorType.clone(elementType);
  return elementType;
}

Value mlir::qdq::intConstant(OpBuilder &b, Location loc, Type type,
                             int64_t value) {
  Type element = getElementTypeOrSelf(type);
  auto attr = IntegerAttr::get(element, value);
  if (auto vectorType = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorType, attr.getValue()));
  return arith::ConstantOp::create(b, loc, attr);
}

Value mlir::qdq::f32Constant(OpBuilder &b, Location loc, Type type,
                             float value) {
  auto attr = b.getF32FloatAttr(value);
  if (auto vectorType = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorType, attr.getValue()));
  return arith::ConstantOp::create(b, loc, attr);
}

Type mlir::qdq::getStorageElementType(Type elementType) {
  if (auto intType = dyn_cast<IntegerType>(elementType))
    return IntegerType::get(elementType.getContext(), intType.getWidth());
  if (isFloatQuantizedElement(elementType) ||
      isa<Float8E8M0FNUType>(elementType))
    return IntegerType::get(elementType.getContext(),
                            elementType.getIntOrFloatBitWidth());
  return elementType;
}

Value mlir::qdq::bitcastToStorage(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Type storage = getStorageElementType(type.getElementType());
  if (storage == type.getElementType())
    return tensor;
  return tensor::BitcastOp::create(b, loc, type.clone(storage), tensor);
}

bool mlir::qdq::isSignedQuantizedInteger(Type elementType) {
  auto intType = dyn_cast<IntegerType>(elementType);
  return intType && !intType.isUnsigned();
}

namespace {
/// The layout of an fp8/fp4 format and where it keeps its specials.
struct MinifloatFormat {
  unsigned exponentBits;
  unsigned mantissaBits;
  int bias;
  enum class Specials { None, AllOnesNaN, IEEE, NegativeZeroNaN } specials;
};
} // namespace

static MinifloatFormat getMinifloatFormat(Type format) {
  using S = MinifloatFormat::Specials;
  if (isa<Float8E4M3FNType>(format))
    return {4, 3, 7, S::AllOnesNaN};
  if (isa<Float8E4M3FNUZType>(format))
    return {4, 3, 8, S::NegativeZeroNaN};
  if (isa<Float8E5M2Type>(format))
    return {5, 2, 15, S::IEEE};
  if (isa<Float8E5M2FNUZType>(format))
    return {5, 2, 16, S::NegativeZeroNaN};
  if (isa<Float4E2M1FNType>(format))
    return {2, 1, 1, S::None};
  llvm_unreachable("not an fp8/fp4 format");
}

Value mlir::qdq::decodeMinifloatToF32(OpBuilder &b, Location loc, Value raw,
                                      Type format) {
  MinifloatFormat fmt = getMinifloatFormat(format);
  using S = MinifloatFormat::Specials;
  unsigned magnitudeBits = fmt.exponentBits + fmt.mantissaBits;
  Type i32 = shapedLike(raw, b.getI32Type());
  Type f32 = shapedLike(raw, b.getF32Type());
  auto cst = [&](int64_t v) { return intConstant(b, loc, i32, v); };

  Value code = arith::ExtUIOp::create(b, loc, i32, raw);
  Value magnitude =
      arith::AndIOp::create(b, loc, code, cst((1 << magnitudeBits) - 1));
  // Operands are created one statement at a time (the order the tests
  // check), never as sibling arguments, whose evaluation order C++ leaves
  // to the compiler (g++ and clang++ would emit different IR).
  Value c31 = cst(31);
  Value signBit = arith::ShRUIOp::create(b, loc, code, cst(magnitudeBits));
  Value sign = arith::ShLIOp::create(b, loc, signBit, c31);
  Value exponent =
      arith::ShRUIOp::create(b, loc, magnitude, cst(fmt.mantissaBits));
  Value mantissa = arith::AndIOp::create(b, loc, magnitude,
                                         cst((1 << fmt.mantissaBits) - 1));

  // Normal numbers: move exponent and mantissa into place and rebias.
  Value rebias = cst(int64_t(127 - fmt.bias) << 23);
  Value shifted =
      arith::ShLIOp::create(b, loc, magnitude, cst(23 - fmt.mantissaBits));
  Value normal = arith::AddIOp::create(b, loc, shifted, rebias);
  // Subnormals: mantissa * 2^(1 - bias - mantissaBits), exact in f32.
  Value subnormalScale = f32Constant(
      b, loc, f32, std::ldexp(1.0f, 1 - fmt.bias - int(fmt.mantissaBits)));
  Value subnormalMantissa = arith::UIToFPOp::create(b, loc, f32, mantissa);
  Value subnormalValue =
      arith::MulFOp::create(b, loc, subnormalMantissa, subnormalScale);
  Value subnormal = arith::BitcastOp::create(b, loc, i32, subnormalValue);
  Value isSubnormal =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent, cst(0));
  Value bits = arith::SelectOp::create(b, loc, isSubnormal, subnormal, normal);

  const int64_t quietNaN = 0x7FC00000, infinity = 0x7F800000;
  switch (fmt.specials) {
  case S::None:
  case S::NegativeZeroNaN:
    break;
  case S::AllOnesNaN: {
    Value isNaN =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, magnitude,
                              cst((1 << magnitudeBits) - 1));
    bits = arith::SelectOp::create(b, loc, isNaN, cst(quietNaN), bits);
    break;
  }
  case S::IEEE: {
    Value maxExponent = cst((1 << fmt.exponentBits) - 1);
    Value isSpecial = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            exponent, maxExponent);
    Value isInf = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        mantissa, cst(0));
    Value infinityBits = cst(infinity);
    Value special =
        arith::SelectOp::create(b, loc, isInf, infinityBits, cst(quietNaN));
    bits = arith::SelectOp::create(b, loc, isSpecial, special, bits);
    break;
  }
  }
  bits = arith::OrIOp::create(b, loc, bits, sign);
  if (fmt.specials == S::NegativeZeroNaN) {
    // The only NaN is the code of -0; it has no sign.
    Value isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code,
                                        cst(int64_t(1) << magnitudeBits));
    bits = arith::SelectOp::create(b, loc, isNaN, cst(quietNaN), bits);
  }
  return arith::BitcastOp::create(b, loc, f32, bits);
}

bool mlir::qdq::canDecodeMinifloatViaF16(Type format) {
  return isa<Float8E4M3FNType, Float8E4M3FNUZType, Float8E5M2Type,
             Float8E5M2FNUZType>(format);
}

int mlir::qdq::getMinifloatViaF16Rebias(Type format) {
  assert(canDecodeMinifloatViaF16(format) && "no f16 form of this format");
  MinifloatFormat fmt = getMinifloatFormat(format);
  // f8E5M2 is f16's high byte (bias 15); f8E5M2FNUZ takes its own f16 bits.
  if (fmt.exponentBits == 5)
    return 0;
  return 15 - fmt.bias;
}

Value mlir::qdq::decodeMinifloatToF32ViaF16(OpBuilder &b, Location loc,
                                            Value raw, Type format,
                                            bool rebias) {
  Value halves = decodeMinifloatToRebiasedF16(b, loc, raw, format);
  Type f32 = shapedLike(raw, b.getF32Type());
  Value value = arith::ExtFOp::create(b, loc, f32, halves);
  int exponent = getMinifloatViaF16Rebias(format);
  if (!rebias || exponent == 0)
    return value;
  Value factor = f32Constant(b, loc, f32, std::ldexp(1.0f, exponent));
  return arith::MulFOp::create(b, loc, value, factor);
}

Value mlir::qdq::decodeMinifloatToRebiasedF16(OpBuilder &b, Location loc,
                                              Value raw, Type format) {
  assert(canDecodeMinifloatViaF16(format) && "no f16 form of this format");
  auto codesType = cast<VectorType>(raw.getType());
  assert(codesType.getRank() == 1 && codesType.getElementType().isInteger(8) &&
         "expected a 1-D vector of i8 codes");
  MinifloatFormat fmt = getMinifloatFormat(format);
  using S = MinifloatFormat::Specials;
  auto cst = [&](int64_t v) { return intConstant(b, loc, codesType, v); };
  auto eq = [&](Value lhs, int64_t rhs) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs,
                                 cst(rhs));
  };

  // An f16 is sign | exponent (5 bits, bias 15) | mantissa (10 bits). Put
  // the code's sign at bit 15 and its exponent and mantissa bits right
  // below f16's top exponent bit (f8E5M2: at it): that f16 times
  // 2^(15 - bias) is the code's value, subnormals included (an f16
  // subnormal where the code is one). f8E5M2FNUZ's top exponent would be
  // f16's infinity: its codes become their values' own f16 bits.
  Value zero = cst(0);
  Value magnitude = arith::AndIOp::create(b, loc, raw, cst(0x7F));
  Value high, low, isNaN, highNaNFlip;
  if (fmt.exponentBits == 5 && fmt.specials == S::NegativeZeroNaN) {
    // From magnitude 8 on (exponent >= 2) the f16 exponent is one lower:
    // (magnitude - 4) << 8. Below it (exponent 0 or 1) the value is the
    // f16 subnormal magnitude << 7, as for E4M3.
    Value small = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                        magnitude, cst(8));
    Value lowered = arith::SubIOp::create(b, loc, magnitude, cst(4));
    Value halved = arith::ShRUIOp::create(b, loc, magnitude, cst(1));
    Value highMagnitude =
        arith::SelectOp::create(b, loc, small, halved, lowered);
    Value sign = arith::AndIOp::create(b, loc, raw, cst(0x80));
    high = arith::OrIOp::create(b, loc, highMagnitude, sign);
    Value lastBit = arith::ShLIOp::create(b, loc, raw, cst(7));
    low = arith::SelectOp::create(b, loc, small, lastBit, zero);
    // The code of -0 (high byte 0x80, low byte 0) is the NaN: 0x7E.
    isNaN = eq(raw, 0x80);
    highNaNFlip = cst(0xFE);
  } else if (fmt.exponentBits == 5) {
    // f8E5M2 is the high byte of an f16: infinities map to infinities.
    high = raw;
    low = zero;
    Value c7C = cst(0x7C);
    isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, magnitude,
                                  c7C);
    // NaN: sign | 0x7E (f16 0x7E00, the quiet NaN with no payload).
    highNaNFlip = arith::XOrIOp::create(b, loc, magnitude, cst(0x7E));
  } else {
    // E4M3: high byte sign | magnitude >> 1, low byte the magnitude's last
    // bit at bit 7. sign | magnitude >> 1 = code - ceil(magnitude / 2)
    // (x86: vpavgb and a subtraction on 32 codes per register).
    Value plusOne = arith::AddIOp::create(b, loc, magnitude, cst(1));
    Value halfUp = arith::ShRUIOp::create(b, loc, plusOne, cst(1));
    high = arith::SubIOp::create(b, loc, raw, halfUp);
    low = arith::ShLIOp::create(b, loc, raw, cst(7));
    if (fmt.specials == S::AllOnesNaN) {
      // S.1111.111 -> high sign | 0x3F, low 0x80: flip the high byte to
      // sign | 0x7E and clear the low one.
      isNaN = eq(magnitude, 0x7F);
      highNaNFlip = cst(0x41);
      low = arith::SelectOp::create(b, loc, isNaN, zero, low);
    } else {
      // The code of -0 (0x80, high byte 0x80 and low byte 0) is the only
      // NaN and has no sign: flip the high byte to 0x7E.
      isNaN = eq(raw, 0x80);
      highNaNFlip = cst(0xFE);
    }
  }
  Value flip = arith::SelectOp::create(b, loc, isNaN, highNaNFlip, zero);
  high = arith::XOrIOp::create(b, loc, high, flip);

  // Little-endian f16: the low byte first.
  Value bytes = vector::InterleaveOp::create(b, loc, low, high);
  auto halfType = VectorType::get(codesType.getShape(), b.getF16Type());
  return vector::BitCastOp::create(b, loc, halfType, bytes);
}

Value mlir::qdq::decodeE8M0ToF32(OpBuilder &b, Location loc, Value raw) {
  Type i32 = shapedLike(raw, b.getI32Type());
  Type f32 = shapedLike(raw, b.getF32Type());
  auto cst = [&](int64_t v) { return intConstant(b, loc, i32, v); };
  Value code = arith::ExtUIOp::create(b, loc, i32, raw);
  Value bits = arith::ShLIOp::create(b, loc, code, cst(23));
  // 2^-127 is an f32 subnormal; 0xFF is NaN.
  Value isZeroExponent =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code, cst(0));
  bits = arith::SelectOp::create(b, loc, isZeroExponent, cst(0x00400000), bits);
  Value isNaN =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code, cst(0xFF));
  bits = arith::SelectOp::create(b, loc, isNaN, cst(0x7FC00000), bits);
  return arith::BitcastOp::create(b, loc, f32, bits);
}

Value mlir::qdq::shiftRightByConstant(OpBuilder &b, Location loc, Value value,
                                      int64_t amount, bool isSigned) {
  Value shift = intConstant(b, loc, value.getType(), amount);
  if (isSigned)
    return arith::ShRSIOp::create(b, loc, value, shift);
  return arith::ShRUIOp::create(b, loc, value, shift);
}

Value mlir::qdq::extendStoredInteger(OpBuilder &b, Location loc, Value stored,
                                     Type elementType, IntegerType wide) {
  Type target = shapedLike(stored, wide);
  if (getElementTypeOrSelf(stored.getType()) == wide)
    return stored;
  if (isSignedQuantizedInteger(elementType))
    return arith::ExtSIOp::create(b, loc, target, stored);
  return arith::ExtUIOp::create(b, loc, target, stored);
}

Value mlir::qdq::convertStoredToF32(OpBuilder &b, Location loc, Value stored,
                                    Type elementType) {
  Type f32 = shapedLike(stored, b.getF32Type());
  if (isa<IntegerType>(elementType)) {
    if (isSignedQuantizedInteger(elementType))
      return arith::SIToFPOp::create(b, loc, f32, stored);
    return arith::UIToFPOp::create(b, loc, f32, stored);
  }
  if (isFloatQuantizedElement(elementType))
    return decodeMinifloatToF32(b, loc, stored, elementType);
  if (isa<Float8E8M0FNUType>(elementType))
    return decodeE8M0ToF32(b, loc, stored);
  if (elementType.isF32())
    return stored;
  if (elementType.isBF16()) {
    // bf16 is the top half of an f32: widen the bits. (An arith.extf here
    // lets LLVM's InstCombine narrow fptrunc(fmul(fpext bf16, fpext f16))
    // to an f16 multiply, which loses bf16's range.)
    Type i16 = shapedLike(stored, b.getI16Type());
    Type i32 = shapedLike(stored, b.getI32Type());
    Value bits = arith::BitcastOp::create(b, loc, i16, stored);
    Value wide = arith::ExtUIOp::create(b, loc, i32, bits);
    Value shifted =
        arith::ShLIOp::create(b, loc, wide, intConstant(b, loc, i32, 16));
    return arith::BitcastOp::create(b, loc, f32, shifted);
  }
  return arith::ExtFOp::create(b, loc, f32, stored);
}

IntegerType mlir::qdq::getDifferenceType(MLIRContext *ctx, Type xElement,
                                         Type zpElement) {
  unsigned width = std::max(xElement.getIntOrFloatBitWidth(),
                            zpElement.getIntOrFloatBitWidth());
  // Two operands of at most 4 bits differ by at most 23 (packed data is
  // unpacked into i8 lanes, where the subtraction then costs one operation
  // per register of 8-bit lanes); of at most 16 bits, by less than 2^17.
  if (width <= 4)
    return IntegerType::get(ctx, 8);
  return IntegerType::get(ctx, width <= 16 ? 32 : 64);
}

Value mlir::qdq::roundF32BitsToBF16(OpBuilder &b, Location loc, Value value,
                                    bool mayBeNaN) {
  Type i32 = shapedLike(value, b.getI32Type());
  auto cst = [&](int64_t v) { return intConstant(b, loc, i32, v); };
  Value bits = arith::BitcastOp::create(b, loc, i32, value);
  Value high = arith::ShRUIOp::create(b, loc, bits, cst(16));
  Value lsb = arith::AndIOp::create(b, loc, high, cst(1));
  Value bias = arith::AddIOp::create(b, loc, lsb, cst(0x7FFF));
  Value result = arith::AddIOp::create(b, loc, bits, bias);
  if (!mayBeNaN)
    return result;
  Value sign = arith::AndIOp::create(b, loc, bits, cst(INT32_MIN));
  Value nan = arith::OrIOp::create(b, loc, sign, cst(0x7FC00000));
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  return arith::SelectOp::create(b, loc, isNaN, nan, result);
}

/// Rounds f32 to bf16 to nearest even, in integer arithmetic (no libcall, no
/// target feature needed; roundF32BitsToBF16). The rounding is done on the
/// whole 32 bits and the bf16 is their high half: a vector takes the high
/// halves with one shuffle of its i16 halves (one two-source permute per
/// register on AVX-512, instead of a shift and a narrowing move).
static Value truncF32ToBF16(OpBuilder &b, Location loc, Value value,
                            bool mayBeNaN) {
  Type i32 = shapedLike(value, b.getI32Type());
  Type i16 = shapedLike(value, b.getI16Type());
  Value result = roundF32BitsToBF16(b, loc, value, mayBeNaN);
  Value bf16Bits;
  auto vectorType = dyn_cast<VectorType>(value.getType());
  if (vectorType && vectorType.getRank() == 1 && !vectorType.isScalable()) {
    int64_t lanes = vectorType.getNumElements();
    Value halves = vector::BitCastOp::create(
        b, loc, VectorType::get({2 * lanes}, b.getI16Type()), result);
    SmallVector<int64_t> odd;
    for (int64_t i = 0; i < lanes; ++i)
      odd.push_back(2 * i + 1); // little endian: the high half
    bf16Bits = vector::ShuffleOp::create(b, loc, halves, halves, odd);
  } else {
    bf16Bits = arith::TruncIOp::create(
        b, loc, i16,
        arith::ShRUIOp::create(b, loc, result, intConstant(b, loc, i32, 16)));
  }
  return arith::BitcastOp::create(b, loc, shapedLike(value, b.getBF16Type()),
                                  bf16Bits);
}

Value mlir::qdq::canonicalizeBF16NaNs(OpBuilder &b, Location loc, Value bits) {
  // vcvtneps2bf16's NaNs are sign | 0x7FC0 | payload: above 0x7FC0 as a
  // positive i16 (the signed minimum with 0x7FC0 takes them, and leaves
  // every negative value), or above 0xFFC0 as a u16 (the unsigned minimum
  // takes them, and leaves every positive value).
  auto cst = [&](int64_t v) { return intConstant(b, loc, bits.getType(), v); };
  Value positive = arith::MinSIOp::create(b, loc, bits, cst(0x7FC0));
  return arith::MinUIOp::create(b, loc, positive, cst(0xFFC0));
}

Value mlir::qdq::convertF32ToResult(OpBuilder &b, Location loc, Value value,
                                    Type resultType,
                                    BF16Rounding bf16Rounding) {
  if (resultType.isF32())
    return value;
  if (resultType.isBF16() && (bf16Rounding == BF16Rounding::Integer ||
                              bf16Rounding == BF16Rounding::IntegerNoNaN ||
                              !isa<VectorType>(value.getType())))
    return truncF32ToBF16(b, loc, value,
                          bf16Rounding != BF16Rounding::IntegerNoNaN);
  Value rounded =
      arith::TruncFOp::create(b, loc, shapedLike(value, resultType), value);
  if (!resultType.isBF16() ||
      bf16Rounding != BF16Rounding::HardwareCanonicalNaN)
    return rounded;
  Type i16 = shapedLike(value, b.getI16Type());
  Value bits = arith::BitcastOp::create(b, loc, i16, rounded);
  return arith::BitcastOp::create(b, loc, shapedLike(value, b.getBF16Type()),
                                  canonicalizeBF16NaNs(b, loc, bits));
}

Value mlir::qdq::prepareZeroPoint(OpBuilder &b, Location loc, Value zpStored,
                                  Type zpElement, Type xElement) {
  if (isFloatQuantizedElement(xElement))
    return Value();
  if (!isa<IntegerType>(xElement))
    return convertStoredToF32(b, loc, zpStored, zpElement);
  return extendStoredInteger(
      b, loc, zpStored, zpElement,
      getDifferenceType(b.getContext(), xElement, zpElement));
}

Value mlir::qdq::buildDifference(OpBuilder &b, Location loc, Value xStored,
                                 Type xElement, Value zeroPoint) {
  if (!zeroPoint)
    return convertStoredToF32(b, loc, xStored, xElement);
  if (auto wide = dyn_cast<IntegerType>(getElementTypeOrSelf(zeroPoint))) {
    // Exact integer subtraction, then one conversion to f32.
    Value xWide = extendStoredInteger(b, loc, xStored, xElement, wide);
    Value diff = arith::SubIOp::create(b, loc, xWide, zeroPoint);
    return arith::SIToFPOp::create(b, loc, shapedLike(xStored, b.getF32Type()),
                                   diff);
  }
  // f16/bf16 x: both sides are exact in f32; subtract there.
  return arith::SubFOp::create(
      b, loc, convertStoredToF32(b, loc, xStored, xElement), zeroPoint);
}

Value mlir::qdq::buildDequantize(OpBuilder &b, Location loc, Value xStored,
                                 Type xElement, Value scaleF32, Value zeroPoint,
                                 Type resultElement) {
  Value product = arith::MulFOp::create(
      b, loc, buildDifference(b, loc, xStored, xElement, zeroPoint), scaleF32);
  return convertF32ToResult(b, loc, product, resultElement);
}
