//===- StepArithmetic.cpp - one step of (x - zero point) * scale ----------===//
//
// The arithmetic of one step: decoding x, subtracting the zero point and
// multiplying by the scale, rounded to the result type; with the forms that
// pay on some hosts (f16 arithmetic, bf16 results in even and odd halves, fp8
// through f16 bits, the fused multiply-add).
// (KernelBuilder.h describes the schemes.)
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"
#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <cmath>
#include <functional>

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

Value KernelBuilder::dequantize(Value xStored, Type xType, Value scale,
                                Value zp) {
  // x decoded to its bf16 values in the exponent-add loops (readX).
  if (exponentAdd && fastPaths && xType.isBF16())
    return exponentAddProduct(xStored, scale);
  // Raw codes and table offsets in the code-table loops.
  if (codeTables && fastPaths)
    return codeTableProduct(xStored, scale);
  // A step scale of a table stored in halves (splitsScaleTable) goes as
  // it is to the steps that compute in halves. splitsScaleTable stores
  // one only where every step does; should a step not, it takes the
  // scale back in element order, so that the rule decides the speed,
  // never the results.
  bool presplit = splitScales.contains(scale);
  if (presplit && !takesNativeF16(xStored, xType) &&
      stepWidth(xStored, xType) == vectorWidth(scale)) {
    if (takesEvenOddBF16(xStored, xType, zp))
      return evenOddBF16(xStored, xType, scale, zp, /*presplit=*/true);
    if (takesFp8HalvesBF16(xStored, xType))
      return fp8HalvesBF16(xStored, xType, scale, /*presplit=*/true);
  }
  if (presplit)
    scale = joinHalves(scale);
  if (takesNativeF16(xStored, xType))
    return nativeF16Product(xStored, xType, scale, zp);
  if (takesEvenOddBF16(xStored, xType, zp))
    return evenOddBF16(xStored, xType, scale, zp);
  if (takesFp8HalvesBF16(xStored, xType))
    return fp8HalvesBF16(xStored, xType, scale);
  if (yElement.isBF16() && takesTinyProductsApart(xStored, xType))
    return tinyProductsApart(xStored, xType, scale, zp, /*roundToBF16=*/true);
  return convertF32ToResult(b, loc, product(xStored, xType, scale, zp),
                            yElement, bf16Rounding());
}

Value KernelBuilder::exponentAddProduct(Value words, Value scale) {
  auto valueType = cast<VectorType>(words.getType());
  VectorType i16Type = valueType.clone(b.getI16Type());
  auto cst = [&](int64_t v) { return intConstant(b, loc, i16Type, v); };
  Value delta = exponentDelta(scale, i16Type);
  Value bits = arith::BitcastOp::create(b, loc, i16Type, words);
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value exponent = arith::AndIOp::create(b, loc, bits, cst(0x7F80));
  Value nonZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, exponent, cst(0));
  Value finite = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                       exponent, cst(0x7F80));
  Value scaled = arith::AndIOp::create(b, loc, nonZero, finite);
  Value sum = arith::AddIOp::create(b, loc, bits, delta);
  Value result = arith::SelectOp::create(b, loc, scaled, sum, bits);
  return arith::BitcastOp::create(b, loc, valueType, result);
}

Value KernelBuilder::exponentDelta(Value scale, VectorType words) {
  int64_t n = words.getNumElements();
  auto pairs = VectorType::get({n / 2}, b.getI32Type());
  auto asWords = [&](Value pairBits) {
    return vector::BitCastOp::create(b, loc, words, pairBits).getResult();
  };
  // Each 32-bit step holds k << 7 in both halves: a scalar step, broadcast
  // to n / 2 lanes, is n words of it; so is a step vector spread to the
  // lanes where each pair of lanes takes one entry (blocks of even size),
  // spread as n / 2 pairs.
  Value source = peelScalarBroadcast(scale);
  auto bitsOf = [&](Value value) {
    auto lanes = dyn_cast<VectorType>(value.getType());
    Type i32 = lanes ? Type(lanes.clone(b.getI32Type())) : b.getI32Type();
    return arith::BitcastOp::create(b, loc, i32, value).getResult();
  };
  if (!isa<VectorType>(source.getType()) && n % 2 == 0)
    return asWords(vector::BroadcastOp::create(b, loc, pairs, bitsOf(source)));
  if (auto spread = source.getDefiningOp<vector::ShuffleOp>();
      spread && n % 2 == 0) {
    ArrayRef<int64_t> mask = spread.getMask();
    SmallVector<int64_t> pairMask;
    for (int64_t t = 0; 2 * t + 1 < n && mask[2 * t] == mask[2 * t + 1]; ++t)
      pairMask.push_back(mask[2 * t]);
    if (int64_t(pairMask.size()) == n / 2) {
      Value lhs = bitsOf(spread.getV1());
      Value rhs =
          spread.getV2() == spread.getV1() ? lhs : bitsOf(spread.getV2());
      return asWords(
          vector::ShuffleOp::create(b, loc, lhs, rhs, pairMask).getResult());
    }
  }
  if (!isa<VectorType>(scale.getType()))
    scale =
        vector::BroadcastOp::create(b, loc, words.clone(b.getF32Type()), scale);
  return arith::TruncIOp::create(b, loc, words, bitsOf(scale));
}

Value KernelBuilder::codeTableProduct(Value codes, Value offsets) {
  auto codeType = cast<VectorType>(codes.getType());
  int64_t n = codeType.getNumElements();
  SmallVector<Value> sources;
  SmallVector<int64_t> sourceOf;
  if (!laneSources(offsets, n, sources, sourceOf)) {
    // Offsets of no known pattern (not built by the schemes that take code
    // tables): the arithmetic, with each lane's scale decoded from its code.
    if (!isa<VectorType>(offsets.getType()))
      offsets = vector::BroadcastOp::create(
          b, loc, codeType.clone(b.getF32Type()), offsets);
    VectorType i32Type = codeType.clone(b.getI32Type());
    Value bits = arith::BitcastOp::create(b, loc, i32Type, offsets);
    Value code = arith::TruncIOp::create(b, loc, codeType,
                                         shiftRightByConstant(b, loc, bits, 8));
    Value scale = decodeE8M0ToF32(b, loc, code);
    Value values = decodeTable->lookupHighHalves(b, loc, codes, registerLanes);
    return convertF32ToResult(b, loc,
                              arith::MulFOp::create(b, loc, values, scale),
                              yElement, bf16Rounding());
  }
  auto planeType = VectorType::get({kCodeTableEntries}, b.getI8Type());
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(b.getI8Type()));
  // Each source's planes, read once.
  SmallVector<std::pair<Value, Value>> planes;
  for (Value source : sources) {
    Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), source);
    Value low = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), bits);
    Value high = arith::AddIOp::create(
        b, loc, low, indexConstant(b, loc, kCodeTableEntries));
    auto read = [&](Value at) {
      return vector::TransferReadOp::create(b, loc, planeType, codeTableStore,
                                            ValueRange{at}, zero,
                                            ArrayRef<bool>{true})
          .getResult();
    };
    // (One statement each: the order of the ops must not depend on the
    // compiler's order of evaluating arguments.)
    Value lowPlane = read(low);
    Value highPlane = read(high);
    planes.push_back({lowPlane, highPlane});
  }
  // Register by register (64 codes; fewer in a shorter step), each looking
  // its codes up in the tables of its own lanes only.
  uint16_t nanWord = yElement.isF16() ? 0x7E00 : 0x7FC0;
  int64_t chunk =
      n % kCodeTableRegisterCodes == 0 ? kCodeTableRegisterCodes : n;
  VectorType wordType = codeType.clone(b.getI16Type());
  Value words = arith::ConstantOp::create(b, loc, b.getZeroAttr(wordType));
  for (int64_t first = 0; first < n; first += chunk) {
    SmallVector<std::pair<Value, Value>> chunkPlanes;
    SmallVector<int64_t> chunkSourceOf;
    llvm::DenseMap<int64_t, int64_t> local;
    for (int64_t e = first; e < first + chunk; ++e) {
      auto [it, inserted] =
          local.try_emplace(sourceOf[e], int64_t(chunkPlanes.size()));
      if (inserted)
        chunkPlanes.push_back(planes[sourceOf[e]]);
      chunkSourceOf.push_back(it->second);
    }
    Value chunkCodes = chunk == n
                           ? codes
                           : vector::ExtractStridedSliceOp::create(
                                 b, loc, codes, ArrayRef<int64_t>{first},
                                 ArrayRef<int64_t>{chunk}, ArrayRef<int64_t>{1})
                                 .getResult();
    Value chunkWords = LookupTable::lookupWordsBySource(
        b, loc, chunkPlanes, chunkSourceOf, chunkCodes, decodeTable->fold(),
        nanWord);
    words = chunk == n ? chunkWords
                       : vector::InsertStridedSliceOp::create(
                             b, loc, chunkWords, words,
                             ArrayRef<int64_t>{first}, ArrayRef<int64_t>{1})
                             .getResult();
  }
  return arith::BitcastOp::create(b, loc, codeType.clone(yElement), words);
}

bool KernelBuilder::laneSources(Value offsets, int64_t n,
                                SmallVectorImpl<Value> &sources,
                                SmallVectorImpl<int64_t> &sourceOf) {
  // Each lane's scalar, with the extracts of shuffled lanes made once.
  SmallVector<Value> perLane;
  llvm::DenseMap<std::pair<Value, int64_t>, Value> extracted;
  std::function<bool(Value, SmallVectorImpl<Value> &)> lanesOf =
      [&](Value value, SmallVectorImpl<Value> &out) -> bool {
    Value scalar = peelScalarBroadcast(value);
    if (!isa<VectorType>(scalar.getType())) {
      out.assign(n, scalar);
      return true;
    }
    if (auto shuffle = value.getDefiningOp<vector::ShuffleOp>()) {
      int64_t first = shuffle.getV1VectorType().getNumElements();
      if (int64_t(shuffle.getMask().size()) != n)
        return false;
      out.clear();
      for (int64_t m : shuffle.getMask()) {
        if (m < 0)
          return false;
        Value from = m < first ? shuffle.getV1() : shuffle.getV2();
        int64_t at = m < first ? m : m - first;
        Value &lane = extracted[{from, at}];
        if (!lane) {
          if (cast<VectorType>(from.getType()).getRank() != 1)
            return false;
          lane = vector::ExtractOp::create(b, loc, from, at);
        }
        out.push_back(lane);
      }
      return true;
    }
    if (auto select = value.getDefiningOp<arith::SelectOp>()) {
      DenseElementsAttr mask;
      if (!matchPattern(select.getCondition(), m_Constant(&mask)) ||
          mask.getNumElements() != n)
        return false;
      SmallVector<Value> whenTrue, whenFalse;
      if (!lanesOf(select.getTrueValue(), whenTrue) ||
          !lanesOf(select.getFalseValue(), whenFalse))
        return false;
      out.clear();
      for (auto [lane, taken] : llvm::enumerate(mask.getValues<bool>()))
        out.push_back(taken ? whenTrue[lane] : whenFalse[lane]);
      return true;
    }
    return false;
  };
  if (!lanesOf(offsets, perLane))
    return false;
  llvm::DenseMap<Value, int64_t> index;
  for (Value lane : perLane) {
    auto [it, inserted] = index.try_emplace(lane, int64_t(sources.size()));
    if (inserted)
      sources.push_back(lane);
    sourceOf.push_back(it->second);
  }
  // At most kCodeTableMaxSources tables per register of codes.
  int64_t chunk =
      n % kCodeTableRegisterCodes == 0 ? kCodeTableRegisterCodes : n;
  for (int64_t first = 0; first < n; first += chunk) {
    llvm::SmallDenseSet<int64_t> inChunk(sourceOf.begin() + first,
                                         sourceOf.begin() + first + chunk);
    if (int64_t(inChunk.size()) > kCodeTableMaxSources)
      return false;
  }
  return true;
}

int64_t KernelBuilder::stepWidth(Value xStored, Type xType) const {
  auto codes = dyn_cast<VectorType>(xStored.getType());
  if (!codes)
    return 1;
  bool nibbleBytes = xType.isInteger(4) && codes.getElementType().isInteger(8);
  return codes.getNumElements() * (nibbleBytes ? 2 : 1);
}

int64_t KernelBuilder::vectorWidth(Value value) {
  auto vector = dyn_cast<VectorType>(value.getType());
  return vector ? vector.getNumElements() : 1;
}

bool KernelBuilder::splitsScaleTable() const {
  if (plan.scheme != Scheme::AxisTable || useLookup || plan.direct ||
      plan.period % lanes != 0 || plan.period <= lanes)
    return false;
  bool evenOdd = evenOddLoops() && ((isa<IntegerType>(xElement) &&
                                     xElement.getIntOrFloatBitWidth() == 8 &&
                                     lanes % (2 * registerLanes) == 0) ||
                                    readsNibblePairs());
  bool fp8 = fp8HalvesLoops() && lanes % (4 * registerLanes) == 0;
  return evenOdd || fp8;
}

Value KernelBuilder::joinHalves(Value halves) {
  int64_t width = vectorWidth(halves);
  SmallVector<int64_t> order;
  for (int64_t i = 0; i < width / 2; ++i)
    order.append({i, width / 2 + i});
  return vector::ShuffleOp::create(b, loc, halves, halves, order);
}

Value KernelBuilder::splitHalves(OpBuilder &nb, Location nloc, Value value) {
  int64_t width = vectorWidth(value);
  SmallVector<int64_t> order = lanesOfHalf(0, width);
  order.append(lanesOfHalf(1, width));
  return vector::ShuffleOp::create(nb, nloc, value, value, order);
}

SmallVector<int64_t> KernelBuilder::lanesOfHalf(int half, int64_t width) {
  SmallVector<int64_t> lanes;
  for (int64_t i = half; i < width; i += 2)
    lanes.push_back(i);
  return lanes;
}

bool KernelBuilder::takesNativeF16(Value xStored, Type xType) const {
  auto codes = dyn_cast<VectorType>(xStored.getType());
  if (!nativeF16 || xType != xElement || !codes)
    return false;
  if (xType.isF16())
    return codes.getElementType().isF16();
  if (!isa<IntegerType>(codes.getElementType()))
    return false;
  if (canDecodeMinifloatViaF16(xType))
    return codes.getRank() == 1 && codes.getElementType().isInteger(8);
  return codes.getElementTypeBitWidth() <= 16;
}

Value KernelBuilder::nativeF16Product(Value xStored, Type xType, Value scale,
                                      Value zp) {
  auto codes = cast<VectorType>(xStored.getType());
  VectorType f16Type = codes.clone(b.getF16Type());
  Value a = xType.isF16() ? xStored
            : canDecodeMinifloatViaF16(xType)
                ? decodeFp8ToF16(xStored, xType)
                : integerDifferenceF16(xStored, xType, zp);
  Value scale16;
  {
    OpBuilder::InsertionGuard guard(b);
    scale = peelScalarBroadcast(scale);
    b.setInsertionPointAfterValue(scale);
    auto extended = scale.getDefiningOp<arith::ExtFOp>();
    if (extended && getElementTypeOrSelf(extended.getIn()).isF16())
      scale16 = extended.getIn();
    else
      scale16 = arith::TruncFOp::create(b, loc,
                                        isa<VectorType>(scale.getType())
                                            ? Type(f16Type)
                                            : Type(b.getF16Type()),
                                        scale);
    if (!isa<VectorType>(scale16.getType()))
      scale16 = vector::BroadcastOp::create(b, loc, f16Type, scale16);
  }
  return arith::MulFOp::create(b, loc, a, scale16);
}

Value KernelBuilder::integerDifferenceF16(Value xStored, Type xType, Value zp) {
  auto codes = cast<VectorType>(xStored.getType());
  VectorType i16Type = codes.clone(b.getI16Type());
  Value diff = extendStoredInteger(b, loc, xStored, xType, b.getI16Type());
  if (zp) {
    Value zp16;
    {
      OpBuilder::InsertionGuard guard(b);
      zp = peelScalarBroadcast(zp);
      b.setInsertionPointAfterValue(zp);
      zp16 = zeroPointAsI16(zp, i16Type);
      if (!isa<VectorType>(zp16.getType()))
        zp16 = vector::BroadcastOp::create(b, loc, i16Type, zp16);
    }
    diff = arith::SubIOp::create(b, loc, diff, zp16);
  }
  // Unsigned x without a zero point is below 2^8 in its i16 lane, so the
  // signed conversion is exact for every form.
  return arith::SIToFPOp::create(b, loc, codes.clone(b.getF16Type()), diff);
}

Value KernelBuilder::zeroPointAsI16(Value zp, VectorType words) {
  Type narrow =
      isa<VectorType>(zp.getType()) ? Type(words) : Type(b.getI16Type());
  // A zero point widened from at most 16 bits (spreadEntries) is taken
  // from before the widening.
  Operation *widening = zp.getDefiningOp();
  if (isa_and_nonnull<arith::ExtSIOp, arith::ExtUIOp>(widening)) {
    Value from = widening->getOperand(0);
    unsigned fromWidth = getElementTypeOrSelf(from).getIntOrFloatBitWidth();
    if (fromWidth == 16)
      return from;
    if (fromWidth < 16)
      return widenLike(widening, narrow, from);
  }
  unsigned width = getElementTypeOrSelf(zp).getIntOrFloatBitWidth();
  if (width > 16)
    return arith::TruncIOp::create(b, loc, narrow, zp);
  if (width < 16)
    return arith::ExtSIOp::create(b, loc, narrow, zp);
  return zp;
}

Value KernelBuilder::decodeFp8ToF16(Value xStored, Type xType) {
  Value halves = decodeMinifloatToRebiasedF16(b, loc, xStored, xType);
  int exponent = getMinifloatViaF16Rebias(xType);
  if (exponent == 0)
    return halves;
  auto f16Type = cast<ShapedType>(halves.getType());
  Value factor = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(
          f16Type, b.getFloatAttr(b.getF16Type(), std::ldexp(1.0, exponent))
                       .getValue()));
  return arith::MulFOp::create(b, loc, halves, factor);
}

bool KernelBuilder::evenOddLoops() const {
  return fastPaths && fusedMultiplyAdd && zeroPoint &&
         zeroPointElement().getIntOrFloatBitWidth() <= 8 && yElement.isBF16() &&
         bf16Rounding() == BF16Rounding::IntegerNoNaN && !foldsScales() &&
         registerLanes == 8;
}

bool KernelBuilder::readsNibblePairs() const {
  return evenOddLoops() && unpackToI32 && xElement.isInteger(4) &&
         lanes % (2 * registerLanes) == 0;
}

bool KernelBuilder::takesEvenOddBF16(Value xStored, Type xType,
                                     Value zp) const {
  auto codes = dyn_cast<VectorType>(xStored.getType());
  // The bytes of readsNibblePairs() take no other form.
  if (readsNibblePairs() && xType == xElement && codes &&
      codes.getRank() == 1 && codes.getElementType().isInteger(8) &&
      codes.getNumElements() * 2 == lanes)
    return true;
  return evenOddLoops() && zp && getElementTypeOrSelf(zp).isInteger(32) &&
         isa<IntegerType>(xType) && xType.getIntOrFloatBitWidth() == 8 &&
         codes && codes.getRank() == 1 && codes.getElementType().isInteger(8) &&
         codes.getNumElements() % (2 * registerLanes) == 0;
}

Value KernelBuilder::evenOddBF16(Value xStored, Type xType, Value scale,
                                 Value zp, bool presplit) {
  auto codes = cast<VectorType>(xStored.getType());
  bool nibbles = xType.getIntOrFloatBitWidth() == 4;
  int64_t width = stepWidth(xStored, xType);
  auto pairs = VectorType::get({width / 2}, b.getI32Type());
  VectorType halfF32 = pairs.clone(b.getF32Type());
  std::array<Value, 2> biases =
      nibbles ? nibbleBiases(xType, zp, pairs)
              : std::array<Value, 2>{byteRebias(zp, codes.getNumElements())};
  // The scale of each half and -(2^23 + 2^15) times it, next to the scale.
  std::array<Value, 2> halfScales, addends;
  {
    OpBuilder::InsertionGuard guard(b);
    scale = peelScalarBroadcast(scale);
    b.setInsertionPointAfterValue(scale);
    Value factor = f32Constant(b, loc, halfF32, -8421376.0f);
    auto split = splitEvenOdd(
        scale, halfF32,
        [&](Value halfScale) {
          return arith::MulFOp::create(b, loc, halfScale, factor).getResult();
        },
        presplit);
    for (int half = 0; half < 2; ++half)
      std::tie(halfScales[half], addends[half]) = split[half];
  }
  std::array<Value, 2> halves =
      nibbles ? nibbleHalves(xStored, xType, biases, pairs)
              : byteHalves(xStored, xType, biases[0], pairs);
  std::array<Value, 2> rounded;
  for (int half = 0; half < 2; ++half) {
    Value f = arith::BitcastOp::create(b, loc, halfF32, halves[half]);
    Value product =
        vector::FMAOp::create(b, loc, f, halfScales[half], addends[half]);
    rounded[half] = roundF32BitsToBF16(b, loc, product, /*mayBeNaN=*/false);
  }
  return joinBF16Halves(rounded);
}

Value KernelBuilder::joinBF16Halves(std::array<Value, 2> rounded) {
  auto pairs = cast<VectorType>(rounded[0].getType());
  int64_t width = 2 * pairs.getNumElements();
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value evenDown = arith::ShRUIOp::create(b, loc, rounded[0],
                                          intConstant(b, loc, pairs, 16));
  Value oddHigh = arith::AndIOp::create(b, loc, rounded[1],
                                        intConstant(b, loc, pairs, 0xFFFF0000));
  Value joined = arith::OrIOp::create(b, loc, evenDown, oddHigh);
  return arith::BitcastOp::create(
      b, loc, VectorType::get({width}, b.getBF16Type()),
      vector::BitCastOp::create(
          b, loc, VectorType::get({width}, b.getI16Type()), joined));
}

bool KernelBuilder::takesFp8HalvesBF16(Value xStored, Type xType) const {
  auto codes = dyn_cast<VectorType>(xStored.getType());
  return fp8HalvesLoops() && xType == xElement && codes &&
         codes.getRank() == 1 && codes.getElementType().isInteger(8) &&
         codes.getNumElements() % (4 * registerLanes) == 0;
}

bool KernelBuilder::fp8HalvesLoops() const {
  bool folded =
      isa<Float8E5M2Type>(xElement) ||
      (isa<Float8E4M3FNType, Float8E4M3FNUZType>(xElement) && foldsScales());
  return decodeViaF16 && folded && yElement.isBF16() &&
         bf16Rounding() == BF16Rounding::IntegerNoNaN && registerLanes == 8;
}

Value KernelBuilder::fp8HalvesBF16(Value xStored, Type xType, Value scale,
                                   bool presplit) {
  auto codes = cast<VectorType>(xStored.getType());
  int64_t width = codes.getNumElements();
  auto words = VectorType::get({width / 2}, b.getI16Type());
  VectorType halfF32 = words.clone(b.getF32Type());
  auto cst = [&](int64_t v) { return intConstant(b, loc, words, v); };
  auto equals = [&](Value lhs, int64_t rhs) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs,
                                 cst(rhs));
  };
  std::array<Value, 2> halfScale;
  {
    OpBuilder::InsertionGuard guard(b);
    scale = peelScalarBroadcast(scale);
    b.setInsertionPointAfterValue(scale);
    auto split = splitEvenOdd(
        scale, halfF32, [](Value halfScale) { return halfScale; }, presplit);
    for (int half = 0; half < 2; ++half)
      halfScale[half] = split[half].first;
  }
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value w = vector::BitCastOp::create(b, loc, words, xStored);
  Value evenHigh = arith::ShLIOp::create(b, loc, w, cst(8));
  Value zero = cst(0);
  std::array<Value, 2> rounded;
  for (int half = 0; half < 2; ++half) {
    Value bits, isNaN, flip;
    if (isa<Float8E5M2Type>(xType)) {
      bits =
          half == 0 ? evenHigh : arith::AndIOp::create(b, loc, w, cst(0xFF00));
      Value magnitude = arith::AndIOp::create(b, loc, bits, cst(0x7FFF));
      isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                    magnitude, cst(0x7C00));
      Value toQuiet = arith::XOrIOp::create(b, loc, magnitude, cst(0x7E00));
      flip = arith::AndIOp::create(b, loc, toQuiet, cst(0x7F00));
    } else {
      Value shifted =
          arith::ShRSIOp::create(b, loc, half == 0 ? evenHigh : w, cst(1));
      bits = arith::AndIOp::create(b, loc, shifted, cst(0xBF80));
      if (isa<Float8E4M3FNUZType>(xType)) {
        Value code = half == 0 ? evenHigh
                               : arith::AndIOp::create(b, loc, w, cst(0xFF00));
        isNaN = equals(code, 0x8000);
        flip = cst(0xFE00);
      } else {
        Value ones =
            arith::OrIOp::create(b, loc, w, cst(half == 0 ? 0xFF80 : 0x80FF));
        isNaN = equals(ones, 0xFFFF);
        flip = cst(0x4180);
      }
    }
    Value nanFlip = arith::SelectOp::create(b, loc, isNaN, flip, zero);
    Value f16Bits =
        arith::BitcastOp::create(b, loc, words.clone(b.getF16Type()),
                                 arith::XOrIOp::create(b, loc, bits, nanFlip));
    Value value = arith::ExtFOp::create(b, loc, halfF32, f16Bits);
    Value product = arith::MulFOp::create(b, loc, value, halfScale[half]);
    rounded[half] = roundF32BitsToBF16(b, loc, product, /*mayBeNaN=*/false);
  }
  return joinBF16Halves(rounded);
}

Value KernelBuilder::byteRebias(Value zp, int64_t width) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(zp);
  auto words = VectorType::get({width}, b.getI16Type());
  auto zpVector = dyn_cast<VectorType>(zp.getType());
  Value narrow = zeroPointAsI16(zp, words);
  Value bias = arith::ConstantOp::create(
      b, loc,
      zpVector ? TypedAttr(DenseElementsAttr::get(words, APInt(16, 0x8000)))
               : TypedAttr(b.getIntegerAttr(b.getI16Type(), 0x8000)));
  Value rebias = arith::SubIOp::create(b, loc, bias, narrow);
  if (!zpVector)
    rebias = vector::BroadcastOp::create(b, loc, words, rebias);
  return rebias;
}

std::array<Value, 2> KernelBuilder::byteHalves(Value codes, Type xType,
                                               Value rebias, VectorType pairs) {
  VectorType words = cast<VectorType>(rebias.getType());
  int64_t width = words.getNumElements();
  Value wide = arith::AddIOp::create(
      b, loc, extendStoredInteger(b, loc, codes, xType, b.getI16Type()),
      rebias);
  Value exponent = intConstant(b, loc, pairs, 0x4B000000);
  SmallVector<int64_t> evenUnderExponent;
  for (int64_t i = 0; i < width; i += 2)
    evenUnderExponent.append({i, width + i + 1});
  Value exponentWords = vector::BitCastOp::create(b, loc, words, exponent);
  Value even = vector::BitCastOp::create(
      b, loc, pairs,
      vector::ShuffleOp::create(b, loc, wide, exponentWords,
                                evenUnderExponent));
  Value widePairs = vector::BitCastOp::create(b, loc, pairs, wide);
  Value sixteen = intConstant(b, loc, pairs, 16);
  Value odd = arith::OrIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, widePairs, sixteen), exponent);
  return {even, odd};
}

std::array<Value, 2> KernelBuilder::nibbleBiases(Type xType, Value zp,
                                                 VectorType pairs) {
  OpBuilder::InsertionGuard guard(b);
  zp = peelScalarBroadcast(widenZeroPoint(zp));
  b.setInsertionPointAfterValue(zp);
  Value base = intConstant(
      b, loc, pairs, 0x4B008000 - (isSignedQuantizedInteger(xType) ? 8 : 0));
  auto split = splitEvenOdd(zp, pairs, [&](Value halfZp) {
    return arith::SubIOp::create(b, loc, base, halfZp).getResult();
  });
  return {split[0].second, split[1].second};
}

std::array<Value, 2> KernelBuilder::nibbleHalves(Value bytes, Type xType,
                                                 std::array<Value, 2> biases,
                                                 VectorType pairs) {
  Value wide = arith::ExtUIOp::create(b, loc, pairs, bytes);
  if (isSignedQuantizedInteger(xType))
    wide =
        arith::XOrIOp::create(b, loc, wide, intConstant(b, loc, pairs, 0x88));
  Value low =
      arith::AndIOp::create(b, loc, wide, intConstant(b, loc, pairs, 0xF));
  Value even = arith::AddIOp::create(b, loc, low, biases[0]);
  Value high =
      arith::ShRUIOp::create(b, loc, wide, intConstant(b, loc, pairs, 4));
  Value odd = arith::AddIOp::create(b, loc, high, biases[1]);
  return {even, odd};
}

Value KernelBuilder::peelScalarBroadcast(Value value) {
  if (auto broadcast = value.getDefiningOp<vector::BroadcastOp>())
    if (!isa<VectorType>(broadcast.getSource().getType()))
      return broadcast.getSource();
  return value;
}

Value KernelBuilder::product(Value xStored, Type xType, Value scale, Value zp) {
  if (takesTinyProductsApart(xStored, xType))
    return tinyProductsApart(xStored, xType, scale, zp, /*roundToBF16=*/false);
  if (tinyProducts == TinyProducts::Raised && xType.isBF16() &&
      isa<VectorType>(xStored.getType()))
    return arith::MulFOp::create(
        b, loc, raiseTinyX(convertStoredToF32(b, loc, xStored, xType)), scale);
  zp = widenZeroPoint(zp);
  // fp4 codes as readX gives them (fp4InI32Lanes).
  if (fp4InI32Lanes && isa<Float4E2M1FNType>(xType) &&
      getElementTypeOrSelf(xStored).isInteger(32))
    return fp4ProductInI32Lanes(xStored, scale);
  if (decodeViaF16 && canDecodeMinifloatViaF16(xType)) {
    auto codes = dyn_cast<VectorType>(xStored.getType());
    if (codes && codes.getRank() == 1)
      return arith::MulFOp::create(
          b, loc,
          decodeMinifloatToF32ViaF16(b, loc, xStored, xType,
                                     /*rebias=*/!foldsScales()),
          scale);
  }
  // Other forms of x take the scale as it is: 2^-foldedRebias times the
  // folded one, exactly.
  if (foldsScales())
    scale = timesPowerOfTwo(b, loc, scale, -int(foldedRebias));
  if (fastPaths && fusedMultiplyAdd && zp && isa<VectorType>(xStored.getType()))
    return fusedProduct(b, loc, xStored, xType, scale, zp);
  return buildDequantize(b, loc, xStored, xType, scale, zp, b.getF32Type());
}

Value KernelBuilder::raiseTinyX(Value x) {
  Type i32 = cast<VectorType>(x.getType()).clone(b.getI32Type());
  Value bits = arith::BitcastOp::create(b, loc, i32, x);
  // 2^-100 is 0x0D800000: positive values below it (as u32) are raised by
  // the unsigned maximum, negative ones (below 0x8D800000 as i32, and
  // above every positive value) by the signed one.
  bits = arith::MaxUIOp::create(b, loc, bits,
                                intConstant(b, loc, i32, 0x0D800000));
  bits = arith::MaxSIOp::create(b, loc, bits,
                                intConstant(b, loc, i32, 0x8D800000));
  return arith::BitcastOp::create(b, loc, x.getType(), bits);
}

bool KernelBuilder::takesTinyProductsApart(Value xStored, Type xType) const {
  return xType.isBF16() && isa<VectorType>(xStored.getType()) &&
         (tinyProducts == TinyProducts::Apart ||
          (tinyProducts == TinyProducts::Raised && !fastPaths));
}

/// Whether `value` is defined outside the innermost loop (or region under
/// construction) around `b`'s insertion point: the loops and branches of
/// the kernel are built through body builders, whose regions have no
/// parent op yet, so the walk stops at the first loop or unattached
/// region. Only a matter of speed: the caller computes from `value` next
/// to its definition either way.
static bool invariantInInnermostLoop(OpBuilder &b, Value value) {
  Block *defining = value.getParentBlock();
  for (Block *block = b.getInsertionBlock(); block;) {
    if (block == defining)
      return false;
    Operation *parent = block->getParentOp();
    if (!parent || isa<LoopLikeOpInterface>(parent))
      return true;
    block = parent->getBlock();
  }
  return true;
}

Value KernelBuilder::tinyProductBound(OpBuilder &nb, Location nloc,
                                      Value scale) {
  auto lanes = dyn_cast<VectorType>(scale.getType());
  auto like = [&](Type element) {
    return lanes ? Type(lanes.clone(element)) : element;
  };
  Type i32 = like(nb.getI32Type()), f32 = like(nb.getF32Type());
  auto cst = [&](int64_t v) { return intConstant(nb, nloc, i32, v); };
  Value magnitude = arith::AndIOp::create(
      nb, nloc, arith::BitcastOp::create(nb, nloc, i32, scale),
      cst(0x7FFFFFFF));
  // q = 2^-126 / |s| rounded (+inf for s = +-0, 0 for infinite s), and t
  // its bf16 bits truncated. A bf16 x below t is an f32 below q, so not
  // above 2^-126 / |s| (q is the f32 nearest to it): small. A bf16 x above
  // t is above q, so not below 2^-126 / |s|: its product is normal. x = t
  // itself is small where t * |s| rounds below 2^-126 (so is below it
  // exactly), and its product is normal where not. For a finite s, the
  // bound is t or t + 1; for an infinite or NaN s, 0 (0 * s is NaN).
  Value tiny = arith::BitcastOp::create(nb, nloc, f32, cst(0x00800000));
  Value magnitudeF32 = arith::BitcastOp::create(nb, nloc, f32, magnitude);
  Value q = arith::DivFOp::create(nb, nloc, tiny, magnitudeF32);
  Value t = arith::ShRUIOp::create(
      nb, nloc, arith::BitcastOp::create(nb, nloc, i32, q), cst(16));
  Value tProduct = arith::MulFOp::create(
      nb, nloc,
      arith::BitcastOp::create(nb, nloc, f32,
                               arith::ShLIOp::create(nb, nloc, t, cst(16))),
      magnitudeF32);
  Value tSmall = arith::ExtUIOp::create(
      nb, nloc, i32,
      arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLT, tProduct,
                            tiny));
  Value finite = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ult,
                                       magnitude, cst(0x7F800000));
  return arith::TruncIOp::create(
      nb, nloc, like(nb.getI16Type()),
      arith::SelectOp::create(nb, nloc, finite,
                              arith::AddIOp::create(nb, nloc, t, tSmall),
                              cst(0)));
}

bool KernelBuilder::takesTinyBoundTable() const {
  return xElement.isBF16() && yElement.isBF16() && !zeroPoint && !nativeF16 &&
         tinyProducts == TinyProducts::Apart;
}

Value KernelBuilder::tinyBoundOf(Value xStored, Value scale) {
  auto codes = cast<VectorType>(xStored.getType());
  VectorType i16Type = codes.clone(b.getI16Type());
  Value scalar = peelScalarBroadcast(scale);
  auto lanes = dyn_cast<VectorType>(scalar.getType());
  // (A step scale read from an axis table comes with its bounds, read
  // from theirs: FlatParams::tinyBoundTable.)
  Value bound = tinyProductBounds.lookup(scalar);
  if (!bound) {
    if ((lanes && lanes.getShape() != codes.getShape()) ||
        !invariantInInnermostLoop(b, scalar))
      return Value();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(scalar);
    bound = tinyProductBounds[scalar] = tinyProductBound(b, loc, scalar);
  }
  if (bound.getType() != (lanes ? Type(i16Type) : Type(b.getI16Type())))
    return Value();
  return bound;
}

Value KernelBuilder::smallProductsOfX(Value xStored, Value scale) {
  auto codes = cast<VectorType>(xStored.getType());
  VectorType i16Type = codes.clone(b.getI16Type());
  Value bound = tinyBoundOf(xStored, scale);
  if (!bound)
    return Value();
  bool lanes = isa<VectorType>(bound.getType());
  Value bits = xStored;
  if (!codes.getElementType().isInteger(16))
    bits = arith::BitcastOp::create(b, loc, i16Type, xStored);
  bits =
      arith::AndIOp::create(b, loc, bits, intConstant(b, loc, i16Type, 0x7FFF));
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ult, bits,
      lanes ? bound : vector::BroadcastOp::create(b, loc, i16Type, bound));
}

Value KernelBuilder::tinyProductsApart(Value xStored, Type xType, Value scale,
                                       Value zp, bool roundToBF16) {
  auto codes = cast<VectorType>(xStored.getType());
  if (roundToBF16 && tinyHalves && !zp && codes.getRank() == 1 &&
      codes.getNumElements() % 32 == 0)
    if (Value bound = tinyBoundOf(xStored, scale))
      return tinyProductHalves(xStored, xType, scale, bound);
  Value smallByX = zp ? Value() : smallProductsOfX(xStored, scale);
  if (!isa<VectorType>(scale.getType()))
    scale =
        vector::BroadcastOp::create(b, loc, codes.clone(b.getF32Type()), scale);
  Value d = buildDifference(b, loc, xStored, xType, widenZeroPoint(zp));
  if (!subnormalBranch)
    return tinyProductsOf(d, scale, smallByX, roundToBF16);
  // A chunk of the step whose d holds an f32 subnormal (a subnormal x, or
  // x next to its zero point) computes those lanes from d's bits
  // (subnormalDifferenceValues) and the others from d with those lanes
  // zeroed: no multiply reads a subnormal. The other chunks compute as
  // tinyProductsOf. A step of 8 registers of the benchmark's random codes
  // holds a subnormal in 39% of the steps, a register in 6% of the
  // registers.
  auto f32Type = cast<VectorType>(d.getType());
  int64_t n = f32Type.getNumElements();
  auto flat = [&](Value v) -> Value {
    auto type = cast<VectorType>(v.getType());
    if (type.getRank() == 1)
      return v;
    return vector::ShapeCastOp::create(
        b, loc, VectorType::get({n}, type.getElementType()), v);
  };
  Value flatD = flat(d), flatScale = flat(scale);
  Value flatSmallByX = smallByX ? flat(smallByX) : Value();
  // The lanes each branch covers: a register for f32/f16 results, two
  // for bf16 results (measured against one branch per step; see
  // subnormalBranch).
  int64_t chunk = roundToBF16 ? 2 * registerLanes : registerLanes;
  if (n % chunk)
    chunk = n;
  auto slice = [&](Value v, int64_t first) -> Value {
    return chunk == n ? v : extractPart(b, loc, v, first, chunk);
  };
  // bf16 results: each branch yields its value (r or the product) and its
  // small lanes, rounded from the whole step after them. f32/f16 results:
  // each branch yields its results (yielding r and the small lanes, f32
  // results ran at 0.71-0.89x a branch per step at 64 Ki elements,
  // whatever the chunk).
  int64_t yields = roundToBF16 ? 2 : 1;
  SmallVector<Value, 2> joined(yields);
  for (int64_t first = 0; first < n; first += chunk) {
    Value dPart = slice(flatD, first);
    Value scalePart = slice(flatScale, first);
    Value smallByXPart = flatSmallByX ? slice(flatSmallByX, first) : Value();
    auto partType = cast<VectorType>(dPart.getType());
    VectorType i32Type = partType.clone(b.getI32Type());
    Value dBits = arith::BitcastOp::create(b, loc, i32Type, dPart);
    Value magnitudeMask = intConstant(b, loc, i32Type, 0x7FFFFFFF);
    Value magnitude = arith::AndIOp::create(b, loc, dBits, magnitudeMask);
    // 0 < |bits| < 2^23: |bits| - 1 below 0x7FFFFF as u32.
    Value one = intConstant(b, loc, i32Type, 1);
    Value below = arith::SubIOp::create(b, loc, magnitude, one);
    Value largestSubnormal = intConstant(b, loc, i32Type, 0x7FFFFF);
    Value subnormal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                            below, largestSubnormal);
    Value any = vector::ReductionOp::create(b, loc, vector::CombiningKind::OR,
                                            subnormal);
    // The values of d's lanes (with `subnormal`, those lanes zeroed and
    // computed apart): as they are for bf16 results, else rounded.
    auto results = [&](Value lanes, bool apart) -> SmallVector<Value, 2> {
      if (!roundToBF16 && !apart)
        return {tinyProductsOf(lanes, scalePart, smallByXPart,
                               /*roundToBF16=*/false)};
      auto [value, small] = tinyProductValues(lanes, scalePart, smallByXPart);
      if (!apart)
        return {value, small};
      auto [apartValue, apartSmall] =
          subnormalDifferenceValues(dPart, subnormal, scalePart);
      if (!roundToBF16) {
        Value others = tinyProductsRounded(value, small, false);
        Value apartResults = tinyProductsRounded(apartValue, apartSmall, false);
        return {
            arith::SelectOp::create(b, loc, subnormal, apartResults, others)};
      }
      Value joinedValue =
          arith::SelectOp::create(b, loc, subnormal, apartValue, value);
      Value joinedSmall =
          arith::SelectOp::create(b, loc, subnormal, apartSmall, small);
      return {joinedValue, joinedSmall};
    };
    auto ifOp = scf::IfOp::create(
        b, loc, any,
        [&](OpBuilder &nb, Location) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          Value zero = arith::BitcastOp::create(
              b, loc, partType, intConstant(b, loc, i32Type, 0));
          Value zeroed =
              arith::SelectOp::create(b, loc, subnormal, zero, dPart);
          scf::YieldOp::create(b, loc, results(zeroed, /*apart=*/true));
        },
        [&](OpBuilder &nb, Location) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          scf::YieldOp::create(b, loc, results(dPart, /*apart=*/false));
        });
    for (int64_t k = 0; k < yields; ++k) {
      Value part = ifOp.getResult(k);
      if (chunk == n) {
        joined[k] = part;
        continue;
      }
      joined[k] = insertPart(b, loc, part, joined[k], first, n);
    }
  }
  for (Value &v : joined) {
    auto type = cast<VectorType>(v.getType());
    if (f32Type.getRank() != 1)
      v = vector::ShapeCastOp::create(b, loc,
                                      f32Type.clone(type.getElementType()), v);
  }
  if (!roundToBF16)
    return joined[0];
  return tinyProductsRounded(joined[0], joined[1], /*roundToBF16=*/true);
}

Value KernelBuilder::tinyProductHalves(Value xStored, Type xType, Value scale,
                                       Value bound) {
  auto codes = cast<VectorType>(xStored.getType());
  int64_t n = codes.getNumElements();
  auto pairType = VectorType::get({n / 2}, b.getI32Type());
  VectorType halfF32 = pairType.clone(b.getF32Type());
  auto i32 = [&](Type type, int64_t v) { return intConstant(b, loc, type, v); };
  const int64_t sign = 0x80000000, minNormal = 0x00800000;
  // Each half's scale and sign(s) | 2^-126 (the addend's magnitude and the
  // scale's half of its sign), next to the scale.
  std::array<Value, 2> halfScales, halfAddends;
  {
    OpBuilder::InsertionGuard guard(b);
    scale = peelScalarBroadcast(scale);
    b.setInsertionPointAfterValue(scale);
    auto split = splitEvenOdd(scale, halfF32, [&](Value halfScale) {
      Value bits = arith::BitcastOp::create(b, loc, pairType, halfScale);
      Value scaleSign =
          arith::AndIOp::create(b, loc, bits, i32(pairType, sign));
      return arith::OrIOp::create(b, loc, scaleSign, i32(pairType, minNormal))
          .getResult();
    });
    for (int half = 0; half < 2; ++half)
      std::tie(halfScales[half], halfAddends[half]) = split[half];
  }
  // Each half's bound as the top half of an i32 (the f32 bits of a bf16
  // x), next to the bound.
  std::array<Value, 2> halfBounds;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(bound);
    if (isa<VectorType>(bound.getType())) {
      Value boundPairs = vector::BitCastOp::create(b, loc, pairType, bound);
      halfBounds[0] =
          arith::ShLIOp::create(b, loc, boundPairs, i32(pairType, 16));
      halfBounds[1] =
          arith::AndIOp::create(b, loc, boundPairs, i32(pairType, 0xFFFF0000));
    } else {
      Value wide = arith::ExtUIOp::create(b, loc, b.getI32Type(), bound);
      Value high = arith::ShLIOp::create(b, loc, wide, i32(b.getI32Type(), 16));
      halfBounds[0] = halfBounds[1] =
          vector::BroadcastOp::create(b, loc, pairType, high);
    }
  }
  VectorType i16Type = VectorType::get({n}, b.getI16Type());
  Value words = xStored;
  if (!codes.getElementType().isInteger(16))
    words = arith::BitcastOp::create(b, loc, i16Type, xStored);
  Value pairs = vector::BitCastOp::create(b, loc, pairType, words);
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  std::array<Value, 2> halves;
  halves[0] = arith::ShLIOp::create(b, loc, pairs, i32(pairType, 16));
  halves[1] = arith::AndIOp::create(b, loc, pairs, i32(pairType, 0xFFFF0000));
  // A subnormal x: exponent field 0 and not +-0.
  Value exponentField = arith::AndIOp::create(
      b, loc, words, intConstant(b, loc, i16Type, 0x7F80));
  Value zeroExponent =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponentField,
                            intConstant(b, loc, i16Type, 0));
  Value magnitude = arith::AndIOp::create(b, loc, words,
                                          intConstant(b, loc, i16Type, 0x7FFF));
  Value nonZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, magnitude,
                            intConstant(b, loc, i16Type, 0));
  Value subnormal = arith::AndIOp::create(b, loc, zeroExponent, nonZero);
  auto slice = [&](Value v, int64_t first, int64_t size) {
    return extractPart(b, loc, v, first, size);
  };
  auto chunkType = VectorType::get({32}, b.getBF16Type());
  auto chunkI16 = VectorType::get({32}, b.getI16Type());
  auto chunkPairs = VectorType::get({16}, b.getI32Type());
  auto chunkF32 = VectorType::get({32}, b.getF32Type());
  SmallVector<int64_t, 32> concat, interleave;
  for (int64_t i = 0; i < 32; ++i)
    concat.push_back(i);
  for (int64_t i = 0; i < 16; ++i)
    interleave.append({i, 16 + i});
  // The 32 results of chunk `first` in halves.
  auto inHalves = [&](int64_t first) -> Value {
    std::array<Value, 2> products, smalls;
    for (int half = 0; half < 2; ++half) {
      auto part = [&](Value v) {
        return isa<VectorType>(v.getType()) &&
                       cast<VectorType>(v.getType()).getNumElements() == n / 2
                   ? slice(v, first / 2, 16)
                   : v;
      };
      Value bits = slice(halves[half], first / 2, 16);
      Value halfMagnitude =
          arith::AndIOp::create(b, loc, bits, i32(chunkPairs, 0x7FFFFFFF));
      smalls[half] =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                halfMagnitude, part(halfBounds[half]));
      Value xSign = arith::AndIOp::create(b, loc, bits, i32(chunkPairs, sign));
      Value addend =
          arith::XOrIOp::create(b, loc, xSign, part(halfAddends[half]));
      Value zero = i32(chunkPairs, 0);
      addend = arith::SelectOp::create(b, loc, smalls[half], addend, zero);
      auto f32Type = chunkPairs.clone(b.getF32Type());
      Value value = arith::BitcastOp::create(b, loc, f32Type, bits);
      Value addendValue = arith::BitcastOp::create(b, loc, f32Type, addend);
      products[half] = vector::FMAOp::create(
          b, loc, value, part(halfScales[half]), addendValue);
    }
    // [even results | odd results], rounded; bits(2^-126) off the small
    // lanes; then element order.
    Value joined =
        vector::ShuffleOp::create(b, loc, products[0], products[1], concat);
    Value rounded = arith::TruncFOp::create(
        b, loc, chunkF32.clone(b.getBF16Type()), joined);
    Value roundedBits = arith::BitcastOp::create(b, loc, chunkI16, rounded);
    Value small =
        vector::ShuffleOp::create(b, loc, smalls[0], smalls[1], concat);
    Value lowered = arith::SubIOp::create(
        b, loc, roundedBits, intConstant(b, loc, chunkI16, 0x0080));
    Value results =
        arith::SelectOp::create(b, loc, small, lowered, roundedBits);
    results = vector::ShuffleOp::create(b, loc, results, results, interleave);
    return arith::BitcastOp::create(b, loc, chunkType,
                                    canonicalizeBF16NaNs(b, loc, results));
  };
  Value flatScale = scale;
  Value all;
  for (int64_t first = 0; first < n; first += 32) {
    Value any = vector::ReductionOp::create(b, loc, vector::CombiningKind::OR,
                                            slice(subnormal, first, 32));
    auto ifOp = scf::IfOp::create(
        b, loc, any,
        [&](OpBuilder &nb, Location) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          // The element-order steps, which compute the subnormal x apart.
          Value chunkScale = isa<VectorType>(flatScale.getType())
                                 ? slice(flatScale, first, 32)
                                 : flatScale;
          tinyHalves = false;
          Value results = tinyProductsApart(slice(xStored, first, 32), xType,
                                            chunkScale, Value(),
                                            /*roundToBF16=*/true);
          tinyHalves = true;
          scf::YieldOp::create(b, loc, results);
        },
        [&](OpBuilder &nb, Location) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          scf::YieldOp::create(b, loc, inHalves(first));
        });
    if (n == 32)
      return ifOp.getResult(0);
    all = insertPart(b, loc, ifOp.getResult(0), all, first, n);
  }
  return all;
}

Value KernelBuilder::tinyAddend(Value d, Value scale, int64_t magnitudeBits) {
  VectorType i32Type = cast<VectorType>(d.getType()).clone(b.getI32Type());
  auto i32 = [&](int64_t v) { return intConstant(b, loc, i32Type, v); };
  auto bitsOf = [&](Value v) {
    return arith::BitcastOp::create(b, loc, i32Type, v).getResult();
  };
  const int64_t sign = 0x80000000;
  // sign(d) ^ sign(s) | magnitude (the scale's half is loop-invariant
  // where the scale is, and LLVM hoists it).
  Value signMask = i32(sign);
  Value scaleBits = bitsOf(scale);
  Value scaleSign = arith::AndIOp::create(b, loc, scaleBits, signMask);
  Value withMagnitude =
      arith::OrIOp::create(b, loc, scaleSign, i32(magnitudeBits));
  Value dBits = bitsOf(d);
  Value dSign = arith::AndIOp::create(b, loc, dBits, signMask);
  return arith::XOrIOp::create(b, loc, dSign, withMagnitude);
}

Value KernelBuilder::tinyProductsRounded(Value value, Value small,
                                         bool roundToBF16) {
  auto f32Type = cast<VectorType>(value.getType());
  VectorType i32Type = f32Type.clone(b.getI32Type());
  auto i32 = [&](int64_t v) { return intConstant(b, loc, i32Type, v); };
  const int64_t sign = 0x80000000, minNormal = 0x00800000;
  if (roundToBF16) {
    // `value` rounded, the small lanes' results losing 2^-126 (0x0080)
    // again; NaNs (vcvtneps2bf16 keeps the top payload bits of a NaN x)
    // become sign | 0x7FC0.
    VectorType i16Type = f32Type.clone(b.getI16Type());
    Value bits = arith::BitcastOp::create(
        b, loc, i16Type,
        arith::TruncFOp::create(b, loc, f32Type.clone(b.getBF16Type()), value));
    bits = arith::SelectOp::create(
        b, loc, small,
        arith::SubIOp::create(b, loc, bits,
                              intConstant(b, loc, i16Type, 0x0080)),
        bits);
    return arith::BitcastOp::create(b, loc, f32Type.clone(b.getBF16Type()),
                                    canonicalizeBF16NaNs(b, loc, bits));
  }
  // The small lanes' f32 values, from r's bits: f16 results +-0 (the f32
  // subnormal rounds to it, and vcvtps2ph takes +-0 without an assist);
  // f32 results, and bf16 results for the caller's integer rounding, the
  // product's bits, bits(r) - bits(2^-126).
  Value rBits = arith::BitcastOp::create(b, loc, i32Type, value);
  Value smallValue = arith::BitcastOp::create(
      b, loc, f32Type,
      yElement.isF16()
          ? arith::AndIOp::create(b, loc, rBits, i32(sign)).getResult()
          : arith::SubIOp::create(b, loc, rBits, i32(minNormal)).getResult());
  if (!small)
    return smallValue;
  return arith::SelectOp::create(b, loc, small, smallValue, value);
}

std::pair<Value, Value> KernelBuilder::tinyProductValues(Value d, Value scale,
                                                         Value smallByX,
                                                         bool maskedProduct,
                                                         Value *largeLanes) {
  auto f32Type = cast<VectorType>(d.getType());
  VectorType i32Type = f32Type.clone(b.getI32Type());
  auto i32 = [&](int64_t v) { return intConstant(b, loc, i32Type, v); };
  const int64_t minNormal = 0x00800000;
  // c = sign(d) ^ sign(s) | 2^-126.
  Value addend = tinyAddend(d, scale, minNormal);
  if (smallByX) {
    // The small lanes are known before the product: they add c, the
    // others +0, which leaves every product of theirs as the multiply
    // rounds it (none is -0: x = +-0 is small wherever s is finite, and a
    // product with an infinite or NaN s is NaN or infinite). One fma for
    // every lane, and no compare of r.
    Value zero = i32(0);
    addend = arith::SelectOp::create(b, loc, smallByX, addend, zero);
    Value r = vector::FMAOp::create(
        b, loc, d, scale, arith::BitcastOp::create(b, loc, f32Type, addend));
    return {r, smallByX};
  }
  Value r = vector::FMAOp::create(
      b, loc, d, scale, arith::BitcastOp::create(b, loc, f32Type, addend));
  Value rBits = arith::BitcastOp::create(b, loc, i32Type, r);
  Value magnitudeMask = i32(0x7FFFFFFF);
  Value rMagnitude = arith::AndIOp::create(b, loc, rBits, magnitudeMask);
  // The product where |r| >= 2^-125, written as the select's true operand
  // so that LLVM folds the two into one vmulps masked to those lanes (with
  // the product as the false operand it multiplied every lane, then
  // blended). (r = 2^-125 is the rounding of |d * s| + 2^-126 for |d * s|
  // from 2^-126 - 2^-150 to 2^-126 + 2^-149, ties to even included; the
  // product rounds to 2^-126 or 2^-126 + 2^-149 there, a normal number.)
  Value bound = i32(2 * minNormal);
  Value large = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                      rMagnitude, bound);
  Value small = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                      rMagnitude, bound);
  if (largeLanes)
    *largeLanes = large;
  if (!maskedProduct)
    return {r, small};
  Value product = arith::MulFOp::create(b, loc, d, scale);
  return {arith::SelectOp::create(b, loc, large, product, r), small};
}

Value KernelBuilder::tinyProductsOf(Value d, Value scale, Value smallByX,
                                    bool roundToBF16) {
  if (smallByX || roundToBF16) {
    auto [value, small] = tinyProductValues(d, scale, smallByX);
    return tinyProductsRounded(value, small, roundToBF16);
  }
  // f32 values: the small lanes' from r, the others' the product, masked
  // to them (the select's true operand, the large lanes).
  Value large;
  auto [r, small] = tinyProductValues(d, scale, Value(),
                                      /*maskedProduct=*/false, &large);
  Value smallValue = tinyProductsRounded(r, Value(), /*roundToBF16=*/false);
  Value product = arith::MulFOp::create(b, loc, d, scale);
  return arith::SelectOp::create(b, loc, large, product, smallValue);
}

std::pair<Value, Value>
KernelBuilder::subnormalDifferenceValues(Value d, Value subnormal,
                                         Value scale) {
  auto f32Type = cast<VectorType>(d.getType());
  VectorType i32Type = f32Type.clone(b.getI32Type());
  auto i32 = [&](int64_t v) { return intConstant(b, loc, i32Type, v); };
  auto bitsOf = [&](Value v) {
    return arith::BitcastOp::create(b, loc, i32Type, v).getResult();
  };
  // A subnormal d's bits are |d| * 2^149, an integer below 2^23, so
  // D = that integer * 2^-85 = d * 2^64 exactly (a normal number), in the
  // subnormal lanes; +-0 in the others, so that nothing below makes a
  // subnormal there.
  Value bits = bitsOf(d);
  Value magnitudeMask = i32(0x7FFFFFFF);
  Value magnitude = arith::AndIOp::create(b, loc, bits, magnitudeMask);
  Value zero = i32(0);
  Value integer = arith::SelectOp::create(b, loc, subnormal, magnitude, zero);
  Value converted = arith::SIToFPOp::create(b, loc, f32Type, integer);
  Value scaled = timesPowerOfTwo(b, loc, converted, -85);
  Value signMask = i32(0x80000000);
  Value sign = arith::AndIOp::create(b, loc, bits, signMask);
  Value scaledBits = bitsOf(scaled);
  Value dScaled = arith::BitcastOp::create(
      b, loc, f32Type, arith::OrIOp::create(b, loc, scaledBits, sign));
  // r' = fma(D, s, +-2^-62) is 2^64 times tinyProductValues' r (2^-62 is
  // 2^64 * 2^-126, and r's grid of 2^-149 is r''s of 2^-85): the lanes
  // with |r'| < 2^-61 are small; the others take D * s, 2^64 times the
  // product. |D| < 2^-62, so neither overflows, and both are normal
  // numbers (or, for an infinite or NaN s, what d * s is). Times 2^-64
  // they are tinyProductValues': exactly, r in [2^-126, 2^-125) and
  // products from 2^-126 up; a product of 2^-126 - 2^-150 (|d * s| just
  // below 2^-126) ties to 2^-126, as the product of d * s rounds.
  Value addend = arith::BitcastOp::create(
      b, loc, f32Type, tinyAddend(dScaled, scale, int64_t(127 - 62) << 23));
  Value rScaled = vector::FMAOp::create(b, loc, dScaled, scale, addend);
  Value rMagnitude =
      arith::AndIOp::create(b, loc, bitsOf(rScaled), magnitudeMask);
  Value small = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                      rMagnitude, i32(int64_t(127 - 61) << 23));
  Value product = arith::MulFOp::create(b, loc, dScaled, scale);
  Value chosen = arith::SelectOp::create(b, loc, small, rScaled, product);
  return {timesPowerOfTwo(b, loc, chosen, -64), small};
}

BF16Rounding KernelBuilder::bf16Rounding() const {
  if (!fastPaths)
    return BF16Rounding::Integer;
  if (hardwareBF16)
    return xElement.isF16() ? BF16Rounding::HardwareCanonicalNaN
                            : BF16Rounding::Hardware;
  return finiteBF16 ? BF16Rounding::IntegerNoNaN : BF16Rounding::Integer;
}

Value KernelBuilder::fusedProduct(OpBuilder &nb, Location nloc, Value xStored,
                                  Type xType, Value scale, Value zp) {
  auto vectorType = cast<VectorType>(xStored.getType());
  VectorType i32Type = vectorType.clone(nb.getI32Type());
  VectorType f32Type = vectorType.clone(nb.getF32Type());
  // bits(M) - zero_point and -M * scale are built next to the zero
  // point's and the scale's definitions, so outside the loop when those
  // are invariant (and out of reach of LLVM's per-block combines, which
  // would split x + (bits(M) - zero_point) into two additions); once per
  // zero point and scale (the rows of a period tile share them).
  Value &shift = fusedShifts[zp];
  auto &[scaleVector, addend] = fusedAddends[scale];
  if (!shift) {
    OpBuilder::InsertionGuard guard(nb);
    nb.setInsertionPointAfterValue(zp);
    if (getElementTypeOrSelf(zp).getIntOrFloatBitWidth() < 32)
      zp = arith::ExtSIOp::create(
          nb, nloc,
          isa<VectorType>(zp.getType()) ? Type(i32Type) : nb.getI32Type(), zp);
    if (!isa<VectorType>(zp.getType()))
      zp = vector::BroadcastOp::create(nb, nloc, i32Type, zp);
    shift = arith::SubIOp::create(
        nb, nloc,
        arith::ConstantOp::create(
            nb, nloc, DenseElementsAttr::get(i32Type, APInt(32, 0x4B400000))),
        zp);
  }
  if (!addend) {
    OpBuilder::InsertionGuard guard(nb);
    nb.setInsertionPointAfterValue(scale);
    scaleVector = scale;
    if (!isa<VectorType>(scale.getType()))
      scaleVector = vector::BroadcastOp::create(nb, nloc, f32Type, scale);
    addend = arith::MulFOp::create(
        nb, nloc, scaleVector,
        arith::ConstantOp::create(
            nb, nloc, DenseElementsAttr::get(f32Type, -12582912.0f)));
  }
  Value xWide = extendStoredInteger(nb, nloc, xStored, xType, nb.getI32Type());
  Value f = arith::BitcastOp::create(
      nb, nloc, f32Type, arith::AddIOp::create(nb, nloc, xWide, shift));
  return vector::FMAOp::create(nb, nloc, f, scaleVector, addend);
}

Value KernelBuilder::widenZeroPoint(Value zp) {
  if (!zp)
    return zp;
  Type element = getElementTypeOrSelf(zp.getType());
  Type wide = widenedZeroPointType(element);
  if (wide == element)
    return zp;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(zp);
  auto vectorType = dyn_cast<VectorType>(zp.getType());
  return arith::ExtSIOp::create(
      b, loc, vectorType ? Type(vectorType.clone(wide)) : wide, zp);
}
