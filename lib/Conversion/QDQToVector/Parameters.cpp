//===- Parameters.cpp - scales and zero points of the steps ---------------===//
//
// Decoding scales and zero points, the pass over the scales that decides
// whether the fast paths are exact, and the axis and block tables the steps
// read their parameters from.
// (KernelBuilder.h describes the schemes.)
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"
#include "Utils.h"

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <limits>

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

Value KernelBuilder::decodeScaleWith(OpBuilder &nb, Location nloc, Value stored,
                                     Type element) {
  if (exponentAdd && fastPaths)
    return exponentStep(nb, nloc, stored);
  if (codeTables && fastPaths)
    return codeTableOffset(nb, nloc, stored);
  Value scale = convertStoredToF32(nb, nloc, stored, element);
  if (!foldsScales())
    return scale;
  return timesPowerOfTwo(nb, nloc, scale, foldedRebias);
}

Value KernelBuilder::exponentStep(OpBuilder &nb, Location nloc, Value stored) {
  auto lanes = dyn_cast<VectorType>(stored.getType());
  auto like = [&](Type element) {
    return lanes ? Type(lanes.clone(element)) : element;
  };
  Type i32 = like(nb.getI32Type());
  auto cst = [&](int64_t v) { return intConstant(nb, nloc, i32, v); };
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value code = arith::ExtUIOp::create(nb, nloc, i32, stored);
  Value shifted = arith::ShLIOp::create(nb, nloc, code, cst(7));
  Value step = arith::SubIOp::create(nb, nloc, shifted, cst(127 << 7));
  Value low = arith::AndIOp::create(nb, nloc, step, cst(0xFFFF));
  Value high = arith::ShLIOp::create(nb, nloc, step, cst(16));
  Value both = arith::OrIOp::create(nb, nloc, low, high);
  return arith::BitcastOp::create(nb, nloc, like(nb.getF32Type()), both);
}

Value KernelBuilder::codeTableOffset(OpBuilder &nb, Location nloc,
                                     Value stored) {
  auto lanes = dyn_cast<VectorType>(stored.getType());
  auto like = [&](Type element) {
    return lanes ? Type(lanes.clone(element)) : element;
  };
  Type i32 = like(nb.getI32Type());
  Value code = arith::ExtUIOp::create(nb, nloc, i32, stored);
  Value offset = arith::ShLIOp::create(
      nb, nloc, code, intConstant(nb, nloc, i32, kCodeTableBytesLog2));
  return arith::BitcastOp::create(nb, nloc, like(nb.getF32Type()), offset);
}

std::pair<Value, Value> KernelBuilder::scaleCodeRange() {
  // The stored f8E8M0FNU scales are their codes: bytes, a register of them
  // per read (vpminub / vpmaxub), not the decoded f32 scales.
  int64_t bytesPerRead = registerLanes * 4;
  auto codes = [](Value stored) { return stored; };
  Value lowest = reduceScales(vector::CombiningKind::MINUI,
                              b.getI8IntegerAttr(-1), codes, bytesPerRead);
  Value highest = reduceScales(vector::CombiningKind::MAXUI,
                               b.getI8IntegerAttr(0), codes, bytesPerRead);
  // No scales (an empty op): one table, of code 0, never read.
  lowest = arith::MinUIOp::create(b, loc, lowest, highest);
  return {lowest, highest};
}

Value KernelBuilder::codeTablesPay(Value lowest, Value highest) {
  // (One statement per created op: the order of the ops must not depend
  // on the compiler's order of evaluating arguments.)
  Value flat = flatten(b, loc, op.getScale());
  Value count = tensor::DimOp::create(b, loc, flat, 0);
  Type index = b.getIndexType();
  Value first = arith::IndexCastUIOp::create(b, loc, index, lowest);
  Value last = arith::IndexCastUIOp::create(b, loc, index, highest);
  Value span = arith::SubIOp::create(b, loc, last, first);
  Value one = indexConstant(b, loc, 1);
  Value tables = arith::AddIOp::create(b, loc, span, one);
  Value perTable = indexConstant(b, loc, codeTableMinBlocks);
  Value needed = arith::MulIOp::create(b, loc, tables, perTable);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, needed,
                               count);
}

Value KernelBuilder::buildCodeTables(Value lowest, Value highest) {
  Type i8 = b.getI8Type();
  Value store = tensor::EmptyOp::create(
      b, loc, ArrayRef<int64_t>{int64_t(256) << kCodeTableBytesLog2}, i8);
  Type index = b.getIndexType();
  Value first = arith::IndexCastUIOp::create(b, loc, index, lowest);
  Value last = arith::IndexCastUIOp::create(b, loc, index, highest);
  Value end = arith::AddIOp::create(b, loc, last, indexConstant(b, loc, 1));
  return emitLoop(
      first, end, indexConstant(b, loc, 1), store,
      [&](Value code, Value tables) -> Value {
        Value raw = arith::IndexCastUIOp::create(b, loc, i8, code);
        Value scale = decodeE8M0ToF32(b, loc, raw);
        LookupTable table =
            LookupTable::codeTable(b, loc, xElement, scale, yElement);
        auto [low, high] = table.bytePlanes();
        Value at = arith::ShLIOp::create(
            b, loc, code, indexConstant(b, loc, kCodeTableBytesLog2));
        Value highAt = arith::AddIOp::create(
            b, loc, at, indexConstant(b, loc, kCodeTableEntries));
        tables = vector::TransferWriteOp::create(
                     b, loc, low, tables, ValueRange{at}, ArrayRef<bool>{true})
                     .getResult();
        return vector::TransferWriteOp::create(b, loc, high, tables,
                                               ValueRange{highAt},
                                               ArrayRef<bool>{true})
            .getResult();
      });
}

Value KernelBuilder::timesPowerOfTwo(OpBuilder &nb, Location nloc, Value value,
                                     int exponent) {
  return arith::MulFOp::create(
      nb, nloc, value,
      f32Constant(nb, nloc, value.getType(), std::ldexp(1.0f, exponent)));
}

Value KernelBuilder::decodeZeroPoint(Value stored) {
  return widenZeroPoint(
      prepareZeroPoint(b, loc, stored, zeroPointElement(), xElement));
}

Type KernelBuilder::widenedZeroPointType(Type prepared) {
  if (unpackToI32 && prepared.getIntOrFloatBitWidth() < 32)
    return b.getI32Type();
  return prepared;
}

Value KernelBuilder::hardwareBF16Inexact(Value scale) {
  double smallest = 1.0;
  if (auto minifloat = dyn_cast<FloatType>(xElement))
    smallest =
        APFloat::getSmallest(minifloat.getFloatSemantics()).convertToDouble();
  float threshold = float(std::ldexp(1.0, -126) / smallest);
  // Unordered or below the threshold, and not zero (NaN included). (One
  // statement per created op, as in fusedMultiplyAddInexact.)
  Value absolute = magnitude(scale);
  Value small = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ULT,
                                      absolute, f32Splat(scale, threshold));
  Value nonZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE,
                                        scale, f32Splat(scale, 0.0f));
  return arith::AndIOp::create(b, loc, small, nonZero);
}

Value KernelBuilder::fusedMultiplyAddInexact(Value scale) {
  // (One statement per comparison: the order of the ops must not depend
  // on the compiler's order of evaluating arguments.)
  Value low = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ULE, scale,
                                    f32Splat(scale, 0.0f));
  Value high = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGE, scale,
                                     f32Splat(scale, 0x1p100f));
  return arith::OrIOp::create(b, loc, low, high);
}

Value KernelBuilder::nonFinite(Value scale) {
  Value absolute = magnitude(scale);
  return arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::UGE, absolute,
      f32Splat(scale, std::numeric_limits<float>::infinity()));
}

Value KernelBuilder::rebiasOverflows(Value scale) {
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGE,
                               magnitude(scale), f32Splat(scale, 0x1p100f));
}

Value KernelBuilder::exponentAddInexact(Value scale) {
  const llvm::fltSemantics &x = cast<FloatType>(xElement).getFloatSemantics();
  // x's nonzero magnitudes span the exponents [minExp, maxExp]; times 2^k
  // they stay normal and finite in bf16 (exponents -126 .. 127) for k in
  // [-126 - minExp, 127 - maxExp], which is the biased exponent field of
  // 2^k in [1 - minExp, 254 - maxExp].
  int64_t minExp = llvm::APFloat::semanticsMinExponent(x) -
                   int64_t(llvm::APFloat::semanticsPrecision(x)) + 1;
  int64_t maxExp = llvm::APFloat::semanticsMaxExponent(x);
  int64_t lowest = (1 - minExp) << 23, highest = (254 - maxExp) << 23;
  Value bits = bitcastToI32(scale);
  Type i32 = bits.getType();
  // Outside [lowest, highest]: bits - lowest above highest - lowest as
  // unsigned (bits below lowest wrap to the top).
  Value offset =
      arith::SubIOp::create(b, loc, bits, intConstant(b, loc, i32, lowest));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, offset,
                               intConstant(b, loc, i32, highest - lowest));
}

Value KernelBuilder::flushInexact(Value scale) {
  Value bits = bitcastToI32(magnitude(scale));
  Type i32 = bits.getType();
  // Subnormal: bits - 1 below 0x007FFFFF (bits 0 wraps to the top).
  Value subnormal = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ult,
      arith::SubIOp::create(b, loc, bits, intConstant(b, loc, i32, 1)),
      intConstant(b, loc, i32, 0x007FFFFF));
  // 2^100 and up: 0x71800000 (biased exponent 227).
  Value large = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, bits,
                                      intConstant(b, loc, i32, 0x71800000));
  return arith::OrIOp::create(b, loc, subnormal, large);
}

Value KernelBuilder::magnitude(Value scale) {
  Value bits = bitcastToI32(scale);
  Value mask = intConstant(b, loc, bits.getType(), INT32_MAX);
  return arith::BitcastOp::create(b, loc, scale.getType(),
                                  arith::AndIOp::create(b, loc, bits, mask));
}

Value KernelBuilder::scalesAllowFastPaths() {
  return noScale([&](Value scale) { return fastPathsInexact(scale); });
}

Value KernelBuilder::codeRangeAllowsFastPaths(Value lowest, Value highest) {
  // The two codes as a vector of two lanes, decoded as the pass over the
  // scales would decode them; the checks keep their operand's shape. (A
  // check of `lanes` lanes kept more of its constants live into the loops,
  // where LLVM then reloaded two shuffle tables per step of fp4 -> bf16:
  // 0.91x, bench --mx A/B.)
  Value codes = vector::FromElementsOp::create(
      b, loc, VectorType::get({2}, b.getI8Type()), ValueRange{lowest, highest});
  Value inexact = fastPathsInexact(decodeScale(codes));
  Value any =
      vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, inexact);
  Value isTrue = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  return arith::XOrIOp::create(b, loc, any, isTrue);
}

Value KernelBuilder::fastPathsInexact(Value scale) {
  Value inexact;
  auto add = [&](Value more) {
    inexact = inexact ? arith::OrIOp::create(b, loc, inexact, more).getResult()
                      : more;
  };
  if (hardwareBF16)
    add(hardwareBF16Inexact(scale));
  if (fusedMultiplyAdd)
    add(fusedMultiplyAddInexact(scale));
  if (finiteBF16 || fp4FoldNeedsFiniteScales() ||
      tinyProducts == TinyProducts::Raised)
    add(nonFinite(scale));
  if (foldedRebias)
    add(rebiasOverflows(scale));
  if (flushesSubnormals)
    add(flushInexact(scale));
  if (exponentAdd)
    add(exponentAddInexact(scale));
  return inexact;
}

Value KernelBuilder::noScale(function_ref<Value(Value)> isBad) {
  Value any =
      reduceScales(vector::CombiningKind::OR, b.getBoolAttr(false), isBad);
  Value isTrue = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  return arith::XOrIOp::create(b, loc, any, isTrue);
}

Value KernelBuilder::reduceScales(vector::CombiningKind kind,
                                  TypedAttr identity,
                                  function_ref<Value(Value)> map,
                                  std::optional<int64_t> storedLanes) {
  // The vectors read: `storedLanes` stored scales mapped as they are, or
  // `lanes` decoded ones.
  int64_t width = storedLanes.value_or(lanes);
  auto mapRead = [&](Value stored) {
    return map(storedLanes ? stored : decodeScale(stored));
  };
  Value flat = flatten(b, loc, op.getScale());
  StoredReader reader(b, loc, flat, 0);
  int64_t size = cast<RankedTensorType>(flat.getType()).getDimSize(0);
  std::optional<int64_t> staticCount;
  if (!ShapedType::isDynamic(size))
    staticCount = size;
  Value count = staticCount
                    ? indexConstant(b, loc, size)
                    : tensor::DimOp::create(b, loc, flat, 0).getResult();
  Value step = indexConstant(b, loc, width);
  auto reduce = [&](Value stored) {
    return vector::ReductionOp::create(b, loc, kind, mapRead(stored))
        .getResult();
  };
  auto combine = [&](Value lhs, Value rhs) {
    return vector::makeArithReduction(b, loc, kind, lhs, rhs);
  };
  // The scales [0, count) for count < width.
  auto reduceShortTensor = [&]() -> Value {
    if (staticCount == 0) // An empty op: the identity.
      return arith::ConstantOp::create(b, loc, identity);
    if (staticCount) {
      // All the scales as one in-bounds vector, its lanes past them
      // repeating scale 0 (which is reduced anyway).
      Value scales = reader.read(b, loc, ValueRange{indexConstant(b, loc, 0)},
                                 *staticCount, true);
      SmallVector<int64_t> lanesOf(width, 0);
      for (int64_t i = 0; i < *staticCount; ++i)
        lanesOf[i] = i;
      return reduce(shuffleLanes(b, loc, scales, scales, lanesOf));
    }
    Value stored =
        reader.read(b, loc, ValueRange{indexConstant(b, loc, 0)}, width, false);
    Value inRange = vector::CreateMaskOp::create(
        b, loc, VectorType::get({width}, b.getI1Type()), ValueRange{count});
    Value mapped = mapRead(stored);
    Value identities = arith::ConstantOp::create(
        b, loc,
        SplatElementsAttr::get(cast<ShapedType>(mapped.getType()), identity));
    return vector::ReductionOp::create(
        b, loc, kind,
        arith::SelectOp::create(b, loc, inRange, mapped, identities));
  };
  Value result;
  if (staticCount && *staticCount < width) {
    result = reduceShortTensor();
  } else {
    Value whole = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, count, step), step);
    // The whole vectors combine lane by lane; one reduction of the lanes
    // after the loop (not one per vector).
    auto lanesType = VectorType::get({width}, identity.getType());
    Value init = arith::ConstantOp::create(
        b, loc, SplatElementsAttr::get(lanesType, identity));
    Value found = emitLoop(indexConstant(b, loc, 0), whole, step, init,
                           [&](Value j, Value soFar) -> Value {
                             Value stored = reader.read(b, loc, ValueRange{j},
                                                        width, true);
                             return combine(soFar, mapRead(stored));
                           });
    result = vector::ReductionOp::create(b, loc, kind, found);
    auto lastVector = [&]() {
      return reduce(reader.read(
          b, loc, ValueRange{arith::SubIOp::create(b, loc, count, step)}, width,
          true));
    };
    Value last;
    if (staticCount && *staticCount % width == 0) {
      last = nullptr;
    } else if (staticCount) {
      last = lastVector();
    } else {
      Value atLeastLanes =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, count, step);
      auto yield = [&](function_ref<Value()> value) {
        return [&, value](OpBuilder &nb, Location) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          scf::YieldOp::create(b, loc, value());
        };
      };
      last = scf::IfOp::create(b, loc, atLeastLanes, yield(lastVector),
                               yield(reduceShortTensor))
                 .getResult(0);
    }
    if (last)
      result = combine(result, last);
  }
  return result;
}

Value KernelBuilder::scratchTable(int64_t length, Type type) {
  return bufferization::AllocTensorOp::create(
      b, loc, RankedTensorType::get({length}, type), ValueRange{});
}

Value KernelBuilder::buildAxisTable(Value param, bool isScale, int64_t length,
                                    bool *inPlace, bool *split,
                                    bool tinyBounds) {
  Type paramElement = cast<RankedTensorType>(param.getType()).getElementType();
  // (nativeF16 loops, whose steps multiply f16 scales, keep them f16: an
  // f16 scale is then its own table.)
  Type entryType = isScale ? b.getF32Type() : zpTableEntryType(paramElement);
  if (isScale && nativeF16)
    entryType = b.getF16Type();
  if (tinyBounds)
    entryType = b.getI16Type();
  Value init = scratchTable(length, entryType);
  auto decode = [&](OpBuilder &nb, Location nloc, Value value) -> Value {
    if (tinyBounds)
      return tinyProductBound(nb, nloc,
                              decodeScaleWith(nb, nloc, value, paramElement));
    if (isScale && entryType.isF16()) {
      Value scale = decodeScaleWith(nb, nloc, value, paramElement);
      auto vector = dyn_cast<VectorType>(scale.getType());
      return arith::TruncFOp::create(
          nb, nloc, vector ? Type(vector.clone(entryType)) : entryType, scale);
    }
    if (isScale)
      return decodeScaleWith(nb, nloc, value, paramElement);
    if (auto narrow = dyn_cast<IntegerType>(entryType))
      return extendStoredInteger(nb, nloc, value, paramElement, narrow);
    return prepareZeroPoint(nb, nloc, value, paramElement, xElement);
  };
  // The axis innermost and a whole number of vectors: the table is the
  // decoded parameter plus its first `lanes` entries again, built with
  // vectors (a scalar loop over a long axis would cost as much as the
  // dequantization of a small tensor).
  if (plan.inner == 1 && plan.axisDim % lanes == 0 &&
      length == plan.axisDim + lanes) {
    // The steps read the table at multiples of `lanes` below axisDim, so
    // never its last `lanes` entries: a parameter that decodes to itself
    // (f32 scales, zero points stored as the entry type) is its own table.
    if (!tinyBounds && decodesToItself(paramElement, entryType)) {
      if (inPlace)
        *inPlace = true;
      return bitcastToStorage(b, loc, param);
    }
    StoredReader reader(b, loc, param, 0);
    // (`split`: each step's entries stored in halves, splitsScaleTable.)
    if (split)
      *split = true;
    auto copyVector = [&](Value from, Value to, Value table) {
      Value entries = decode(b, loc, reader.read(b, loc, from, lanes, true));
      if (split != nullptr)
        entries = splitHalves(b, loc, entries);
      return vector::TransferWriteOp::create(b, loc, entries, table, to,
                                             ArrayRef<bool>{true})
          .getResult();
    };
    Value zero = indexConstant(b, loc, 0);
    Value copied = emitLoop(
        zero, indexConstant(b, loc, plan.axisDim), indexConstant(b, loc, lanes),
        init, [&](Value j, Value table) { return copyVector(j, j, table); });
    return copyVector(zero, indexConstant(b, loc, plan.axisDim), copied);
  }
  Value stored = bitcastToStorage(b, loc, param);
  AffineMap map = b.getMultiDimIdentityMap(1);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), ValueRange{}, ValueRange{init},
      ArrayRef<AffineMap>{map},
      ArrayRef<utils::IteratorType>{utils::IteratorType::parallel},
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        Value j = linalg::IndexOp::create(nb, nloc, 0);
        Value row = arith::DivUIOp::create(nb, nloc, j,
                                           indexConstant(nb, nloc, plan.inner));
        Value index = arith::RemUIOp::create(
            nb, nloc, row, indexConstant(nb, nloc, plan.axisDim));
        Value value = tensor::ExtractOp::create(nb, nloc, stored, index);
        linalg::YieldOp::create(nb, nloc, decode(nb, nloc, value));
      });
  return generic.getResult(0);
}

Type KernelBuilder::prepareZeroPointType(Type zpElement) {
  if (!isa<IntegerType>(xElement))
    return b.getF32Type();
  return getDifferenceType(b.getContext(), xElement, zpElement);
}

Type KernelBuilder::zpTableEntryType(Type zpElement) {
  Type prepared = prepareZeroPointType(zpElement);
  auto zpInt = dyn_cast<IntegerType>(zpElement);
  auto preparedInt = dyn_cast<IntegerType>(prepared);
  if (!zpInt || !preparedInt)
    return prepared;
  unsigned narrow = std::max<unsigned>(8, llvm::PowerOf2Ceil(zpInt.getWidth()));
  if (narrow >= preparedInt.getWidth())
    return prepared;
  return b.getIntegerType(narrow);
}

Value KernelBuilder::preparedTableZeroPoint(Value entries) {
  Type prepared = prepareZeroPointType(zeroPointElement());
  if (prepared == getElementTypeOrSelf(entries.getType()))
    return entries;
  return extendStoredInteger(b, loc, entries, zeroPointElement(),
                             cast<IntegerType>(prepared));
}

Value KernelBuilder::readTable(Value table, Value offset, Type entryType) {
  Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(entryType));
  return vector::TransferReadOp::create(b, loc, vectorOf(entryType), table,
                                        ValueRange{offset}, padding,
                                        ArrayRef<bool>{true});
}

bool KernelBuilder::readsBlockEntriesAsVector(Type paramElement) const {
  int64_t entries = lanes / plan.blockSize;
  if (plan.blockSize % lanes == 0 || entries <= 1)
    return false;
  return !isPackedSubByteType(paramElement) ||
         (entries * paramElement.getIntOrFloatBitWidth()) % 8 == 0;
}

Value KernelBuilder::readBlockFlat(Value flatParam, Type paramElement, Value i,
                                   Value count, bool isScale,
                                   const std::optional<StoredReader> &reader,
                                   bool inBounds) {
  auto decode = [&](Value stored) {
    return isScale ? decodeScaleWith(b, loc, stored, paramElement)
                   : prepareZeroPoint(b, loc, stored, paramElement, xElement);
  };
  Value first =
      arith::DivUIOp::create(b, loc, i, indexConstant(b, loc, plan.blockSize));
  if (plan.blockSize % lanes == 0)
    return broadcast(
        decode(tensor::ExtractOp::create(b, loc, flatParam, first)));
  // lanes / B entries, each spread over B lanes. The tail may index past
  // the last entry: clamp (those lanes are not stored).
  int64_t entries = lanes / plan.blockSize;
  Value packedValues;
  if (reader) {
    // Steps start at multiples of `lanes`, so their entries are
    // contiguous and (packed) start on a byte: one small vector read
    // (masked in the tail, where past-the-end lanes are not stored).
    packedValues =
        decode(reader->read(b, loc, ValueRange{first}, entries, inBounds));
  } else {
    Value last = arith::SubIOp::create(b, loc, count, indexConstant(b, loc, 1));
    SmallVector<Value> values;
    for (int64_t e = 0; e < entries; ++e) {
      Value index = arith::MinUIOp::create(
          b, loc,
          arith::AddIOp::create(b, loc, first, indexConstant(b, loc, e)), last);
      values.push_back(
          decode(tensor::ExtractOp::create(b, loc, flatParam, index)));
    }
    packedValues = vector::FromElementsOp::create(
        b, loc, VectorType::get({entries}, values[0].getType()), values);
  }
  // Zero points widen before they are spread (fewer lanes to widen).
  if (!isScale)
    packedValues = widenZeroPoint(packedValues);
  return spreadOverBlocks(packedValues);
}

Value KernelBuilder::spreadOverBlocks(Value entries) {
  SmallVector<int64_t> spread;
  for (int64_t lane = 0; lane < lanes; ++lane)
    spread.push_back(lane / plan.blockSize);
  return spreadEntries(entries, spread);
}

int64_t KernelBuilder::blockTableEntries() const {
  if (plan.scheme != Scheme::BlockFlat || plan.blockSize > 4 * lanes)
    return 0;
  int64_t perSegment = std::clamp<int64_t>(4096 / (lanes * plan.blockSize),
                                           /*lo=*/1, /*hi=*/4);
  return perSegment * lanes;
}

int64_t KernelBuilder::periodTileCount() const {
  if (plan.scheme != Scheme::AxisTable || useLookup || codeSelect ||
      plan.period % lanes != 0 || plan.period == lanes)
    return 0;
  return periodTile;
}

Value KernelBuilder::fillBlockTable(Value table, const StoredReader &reader,
                                    Value first, bool isScale,
                                    bool tinyBounds) {
  int64_t entries = blockTableEntries();
  for (int64_t t = 0; t < entries; t += lanes) {
    Value index =
        arith::AddIOp::create(b, loc, first, indexConstant(b, loc, t));
    Value stored = reader.read(b, loc, ValueRange{index}, lanes, true);
    Value decoded = isScale ? decodeScale(stored) : decodeZeroPoint(stored);
    if (tinyBounds)
      decoded = tinyProductBound(b, loc, decoded);
    table = vector::TransferWriteOp::create(b, loc, decoded, table,
                                            indexConstant(b, loc, t),
                                            ArrayRef<bool>{true})
                .getResult();
  }
  return table;
}

Value KernelBuilder::readBlockTable(Value table, Value base, Value local) {
  Value first = arith::AddIOp::create(
      b, loc, base,
      arith::DivUIOp::create(b, loc, local,
                             indexConstant(b, loc, plan.blockSize)));
  int64_t entries = std::max<int64_t>(1, lanes / plan.blockSize);
  if (readsBlockEntriesOnce() && entries > 1) {
    // One vector read of the step's entries: base .. base + T - 1 exist
    // (a segment table, or the op's f32 scale, whose entries the
    // segment's elements use).
    Type element = cast<RankedTensorType>(table.getType()).getElementType();
    Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
    return spreadOverBlocks(vector::TransferReadOp::create(
        b, loc, VectorType::get({entries}, element), table, ValueRange{first},
        padding, ArrayRef<bool>{true}));
  }
  SmallVector<Value> values;
  for (int64_t e = 0; e < entries; ++e)
    values.push_back(tensor::ExtractOp::create(
        b, loc, table,
        ValueRange{
            arith::AddIOp::create(b, loc, first, indexConstant(b, loc, e))}));
  if (entries == 1)
    return broadcast(values[0]);
  return spreadOverBlocks(vector::FromElementsOp::create(
      b, loc, VectorType::get({entries}, values[0].getType()), values));
}
