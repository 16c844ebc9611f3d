//===- LookupTable.cpp - table lookups of the vector lowering -------------===//
//
// See LookupTable.h.
//
//===----------------------------------------------------------------------===//

#include "LookupTable.h"
#include "Utils.h"

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"
#include "qdq/Conversion/QDQToVector/QDQToVector.h"
#include "qdq/Conversion/QDQVectorOpsToLLVM/QDQVectorOpsToLLVM.h"
#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

/// Per-axis rows take a lookup table each (LookupTable::rowTableLength)
/// from this many elements per table entry on: building a row's table
/// costs about as much as dequantizing its entries. Measured with
/// `scripts/bench.sh --rows` (rows of 256 to 4096, this against a build
/// with 1 element per entry, Zen 4, 2026-11-24 12:40 UTC): i8 -> f16 rows
/// of 512 ran at 42 GB/s without tables and 40 with them, rows of 1024 at
/// 55 with them. Two exceptions (kRowTableElementsPerEntry*):
///  - bf16 results of 8-bit integer and fp8 x with AVX512_BF16, whose
///    arithmetic rounds with vcvtne2ps2bf16: i8 ran at 56 GB/s without
///    tables (rows of 256 and 512), 46 / 57 / 68 with them for rows of
///    1024 / 2048 / 4096; f8E4M3FN (against a build without row tables for
///    fp8, 2026-11-24 14:41 UTC, after the decode table's bf16 bits) at
///    51-52 without them, 52 / 46 / 59 with them for rows of 512 / 1024 /
///    2048 at 64 Ki;
///  - f16 results of fp8 x, whose arithmetic decodes with a table first:
///    29 GB/s without tables, 44 with them for rows of 512 (12:40 UTC); in
///    the run of 14:41 UTC, 38.7 without and 44.5 with them.
constexpr int64_t kRowTableElementsPerEntry = 4;
constexpr int64_t kRowTableElementsPerEntryHardwareBF16 = 8;
constexpr int64_t kRowTableElementsPerEntryFp8ToF16 = 2;

/// Blocked packed 2/4-bit x takes block tables (LookupTable::appliesToBlocks)
/// for blocks of at least this many elements: a block's table of 16 codes
/// costs, for blocks of 16, the arithmetic the table would save. The tables
/// of 2-bit x with f16/bf16 results hold 4 codes (LookupTable::
/// blockTableCodes) and take blocks of 16 too: ui2 [256, 4096] in blocks
/// of 16 ran 1.29x faster with f16 results and 1.07x with bf16 results
/// (bench/micro/loop_rows_ab.py --set blocks16, 5 rounds, Zen 4,
/// 2026-11-25 13:32 UTC).
constexpr int64_t kBlockTableMinBlock = 32;

/// Block tables per group (LookupTable::appliesToBlockGroups) hold at most
/// this many results: two byte planes of 128 entries, each looked up with
/// one vpermi2b per 64 codes (as a plane of 64 entries with one vpermb).
constexpr int64_t kBlockGroupMaxEntries = 128;

/// Code selection over a period of several steps (LookupTable::selectsCodes)
/// keeps a choice table of at most this many bytes: the results of the 4
/// codes for every entry of the period, 32 KiB for per-axis C=4096 with
/// f16/bf16 results (the loops may read it in column blocks,
/// KernelBuilder::columnBlockColumns) ...
constexpr int64_t kCodeSelectMaxTableBytes = 64 * 1024;

/// ... for x of at least this many periods: the table costs the arithmetic
/// of 4 periods, which at 16 periods (per-axis C=4096 at 64 Ki) ran at
/// 0.93-1.01x the arithmetic.
constexpr int64_t kCodeSelectMinTableRows = 16;

bool LookupTable::appliesToRows(DequantizeLinearOp op, const Plan &plan,
                                int64_t lanes, const X86Features &features) {
  int64_t minLength = rowTableMinLength(op, plan, lanes, features);
  return minLength && !ShapedType::isDynamic(plan.inner) &&
         plan.inner >= minLength;
}

int64_t LookupTable::rowTableMinLength(DequantizeLinearOp op, const Plan &plan,
                                       int64_t lanes,
                                       const X86Features &features) {
  if (op.getGranularity() != DequantizeLinearOp::Granularity::PerAxis ||
      plan.scheme != Scheme::Rows || plan.alongRun)
    return 0;
  return rowTableLength(op, lanes, features);
}

int64_t LookupTable::rowTableLength(DequantizeLinearOp op, int64_t lanes,
                                    const X86Features &features) {
  int64_t n = entries(op, lanes, features);
  // 4 f32 entries (2-bit x on AVX2): rows of at least one step, so that a
  // row's table serves at least one whole step (shorter rows share the
  // steps of several rows in arithmetic, loop rows). Not measured.
  if (n == 4)
    return std::max(kRowTableElementsPerEntry * n, lanes);
  if (n != 256)
    return kRowTableElementsPerEntry * n;
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  if (y.isBF16() && features.avx512bf16 &&
      (isa<IntegerType>(x) || isFloatQuantizedElement(x))) {
    // Integer x: not on every host (getHostRowTablesForHardwareBF16).
    if (isa<IntegerType>(x) && !getHostRowTablesForHardwareBF16())
      return 0;
    return kRowTableElementsPerEntryHardwareBF16 * n;
  }
  if (y.isF16() && isFloatQuantizedElement(x))
    return kRowTableElementsPerEntryFp8ToF16 * n;
  return kRowTableElementsPerEntry * n;
}

int64_t LookupTable::entries(DequantizeLinearOp op, int64_t lanes,
                             const X86Features &features) {
  Type y = op.getY().getType().getElementType();
  Type x = op.getX().getType().getElementType();
  // f32 results of packed 2- and 4-bit x: one f32 table when the CPU
  // looks it up with one shuffle per register.
  if (int64_t n = y.isF32() ? f32Entries(op, lanes, features) : 0)
    return n;
  // Else f32 results take no whole-formula table: integer x converts as
  // fast without one, and fp8 x decodes faster with the two-plane decode
  // table (appliesToDecode) and a multiply than with four byte planes and
  // two rounds of interleaving (measured).
  if (y.isF32())
    return 0;
  // f16 results of 8-bit x that the steps can compute in f16 arithmetic
  // (hasF16ArithmeticForm) take no table: per step, a widening, a subtract
  // (integer x) or the fp8 decode, vcvtw2ph and vmulph per 32 results
  // against four 128-entry byte lookups, their blend and the interleave.
  // On an AVX512_FP16 Xeon (A/B against the tables, `scripts/bench.sh
  // --full --ab-binary`, per tensor and per row, i8, ui8 and the four fp8
  // kinds, 3 rounds, 2026-12-02 00:06 UTC) they ran at 1.18-1.38x at 64 Ki,
  // 0.97-1.03x at 4 Mi and 0.96-1.19x at 64 Mi. Packed x keeps its table of
  // 16 entries: 4-bit x ran at 1.00-1.12x at 64 Ki but 0.89-1.02x at 64 Mi,
  // 2-bit x at 0.67-0.75x at 64 Ki.
  if (x.getIntOrFloatBitWidth() == 8 && hasF16ArithmeticForm(op, features))
    return 0;
  int64_t entries = x.getIntOrFloatBitWidth() == 8 ? 256
                    : isPackedSubByteType(x)       ? 16
                                                   : 0;
  if (!entries || getTableLookupRegisterBytes(entries, lanes, features) == 0)
    return 0;
  return entries;
}

int64_t LookupTable::f32Entries(DequantizeLinearOp op, int64_t lanes,
                                const X86Features &features) {
  Type x = op.getX().getType().getElementType();
  if (!op.getY().getType().getElementType().isF32() || !isPackedSubByteType(x))
    return 0;
  int64_t n = x.getIntOrFloatBitWidth() == 2 && !features.avx512f ? 4 : 16;
  return getF32TableLookupLanes(n, lanes, features) != 0 ? n : 0;
}

bool LookupTable::appliesToDecode(DequantizeLinearOp op, int64_t lanes,
                                  const X86Features &features) {
  Type x = op.getX().getType().getElementType();
  if (!isFloatQuantizedElement(x))
    return false;
  int64_t entries = x.getIntOrFloatBitWidth() == 8 ? 256 : 16;
  return getTableLookupRegisterBytes(entries, lanes, features) != 0;
}

bool LookupTable::appliesToBlocks(DequantizeLinearOp op, const Plan &plan,
                                  int64_t lanes, const X86Features &features) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  int64_t block = plan.blockSize;
  if (plan.scheme == Scheme::BlockRows)
    return appliesToBlockRows(op, plan, lanes, features);
  // A block's table costs the arithmetic of blockTableCodes codes: blocks
  // of at least twice that (and of kBlockTableMinBlock for 16 codes).
  int64_t minBlock = std::max<int64_t>(
      16, std::min<int64_t>(kBlockTableMinBlock, 2 * blockTableCodes(x, y)));
  if (plan.scheme != Scheme::BlockFlat || !isPackedSubByteType(x) ||
      block < minBlock || block % 16 != 0 || lanes % 16 != 0)
    return false;
  if (y.isF32())
    return getF32TableLookupLanes(16, lanes, features) != 0;
  if (sharesBlockPlanes(lanes, features))
    return std::max<int64_t>(1, lanes / block) * blockTableCodes(x, y) <= 64;
  // Planes of each block's own 16 entries, looked up by the lanes of the
  // step in that block (a whole step, or `block` of its lanes): vpshufb on
  // AVX2. On a Zen 3 VM (AVX2, no AVX-512; A/B against the arithmetic, 5
  // rounds, 64 Ki and 4 Mi, 2026-11-29 06:01 UTC) blocked-32 -> f16 ran
  // at 1.04-1.16x for i2, ui2, i4 and ui4 and 1.70x for fp4, -> bf16 at
  // 1.38-1.54x for the integer types and 1.91x for fp4. 4-bit codes then
  // unpacked in the in-lane order (unpackNibblesInLaneOrder; A/B at 07:13
  // UTC): i4, ui4 and fp4 1.13-1.23x more with f16 results, 1.06-1.24x
  // with bf16 results.
  return ownBlockPlaneBytes(block, lanes, features) != 0;
}

/// Blocked packed x with f16/bf16 results in rows of groups, on registers
/// whose byte lookups read 64 entries or more: where block tables in rows
/// of groups may apply (LookupTable::appliesToBlockRows,
/// LookupTable::appliesToBlockGroups).
static bool blockRowsMayTakeTables(DequantizeLinearOp op, const Plan &plan,
                                   int64_t lanes, const X86Features &features) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  return op.getGranularity() == DequantizeLinearOp::Granularity::Blocked &&
         plan.groupedRuns && !plan.straddlingSteps && isPackedSubByteType(x) &&
         !y.isF32() && lanes % 64 == 0 &&
         LookupTable::sharesBlockPlanes(lanes, features);
}

bool LookupTable::appliesToBlockRows(DequantizeLinearOp op, const Plan &plan,
                                     int64_t lanes,
                                     const X86Features &features) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  if (!blockRowsMayTakeTables(op, plan, lanes, features))
    return false;
  // The step's blocks' results cost at most half the arithmetic of its
  // codes, and fit the 64-entry planes.
  int64_t blocks = maxGroupStepEntries(plan, lanes);
  if (blocks > 64)
    return false;
  int64_t entries = llvm::PowerOf2Ceil(blocks) * blockTableCodes(x, y);
  return entries <= 64 && 2 * entries <= lanes;
}

bool LookupTable::appliesToBlockGroups(DequantizeLinearOp op, const Plan &plan,
                                       int64_t lanes,
                                       const X86Features &features) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  // 4-bit x: the 4 entries of each block of 2-bit x (blocks of 6: 32 per
  // group of 192 columns, each block's parameters read and placed apart)
  // ran at 0.80-0.82x the arithmetic (bench/micro/loop_rows_ab.py --set
  // groups, Zen 4, 2026-12-06 16:17 UTC). Not on every host
  // (getHostBlockGroupTables).
  if (!getHostBlockGroupTables() ||
      !blockRowsMayTakeTables(op, plan, lanes, features) ||
      x.getIntOrFloatBitWidth() != 4 || plan.runWidth != 1 ||
      appliesToBlockRows(op, plan, lanes, features))
    return false;
  int64_t period = plan.groupedPeriod();
  if (groupSteps(period, lanes) > kMaxGroupSteps)
    return false;
  int64_t group = std::lcm(period, lanes);
  int64_t entries = plan.groupedEntryOf(group) * blockTableCodes(x, y);
  return entries <= kBlockGroupMaxEntries && 3 * entries <= 2 * group;
}

bool LookupTable::looksUpBlockWords(DequantizeLinearOp op, int64_t lanes,
                                    const X86Features &features) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  return !y.isF32() && isPackedSubByteType(x) &&
         x.getIntOrFloatBitWidth() == 2 && features.avx512vbmi &&
         getWordTableLookupLanes(32, lanes, features) != 0;
}

int64_t LookupTable::ownBlockPlaneBytes(int64_t block, int64_t lanes,
                                        const X86Features &features) {
  return getTableLookupRegisterBytes(16, std::min(block, lanes), features);
}

bool LookupTable::sharesBlockPlanes(int64_t lanes,
                                    const X86Features &features) {
  return getTableLookupRegisterBytes(64, lanes, features) != 0;
}

int64_t LookupTable::blockTableCodes(Type xElement, Type yElement) {
  if (yElement.isF32())
    return 16;
  return int64_t(1) << xElement.getIntOrFloatBitWidth();
}

int64_t LookupTable::periodTableEntries(DequantizeLinearOp op, const Plan &plan,
                                        int64_t lanes,
                                        const X86Features &features,
                                        int64_t maxChoiceTableBytes) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  if (op.getGranularity() != DequantizeLinearOp::Granularity::PerAxis ||
      plan.scheme != Scheme::AxisTable || plan.direct || plan.period != lanes ||
      y.isF32() || x.getIntOrFloatBitWidth() > 8 ||
      selectsCodes(op, plan, lanes, features, maxChoiceTableBytes))
    return 0;
  int64_t used = plan.axisDim << x.getIntOrFloatBitWidth();
  int64_t entries = used <= 16 ? 16 : used <= 64 ? 64 : used <= 256 ? 256 : 0;
  if (!entries || getTableLookupRegisterBytes(entries, lanes, features) == 0)
    return 0;
  return entries;
}

bool LookupTable::selectsCodes(DequantizeLinearOp op, const Plan &plan,
                               int64_t lanes, const X86Features &features,
                               int64_t maxChoiceTableBytes) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  if (op.getGranularity() != DequantizeLinearOp::Granularity::PerAxis ||
      plan.scheme != Scheme::AxisTable || plan.direct ||
      plan.period % lanes != 0 || !features.avx512bw || !isa<IntegerType>(x) ||
      x.getIntOrFloatBitWidth() != 2)
    return false;
  // f32 results take 16 registers of choices and 12 blends per 64 codes:
  // in an A/B of i2/ui2 per-axis C=64 (scripts/bench.sh --full
  // --ab-binary, 5 rounds, Zen 5, 2026-12-04 19:28 UTC) they ran at
  // 0.70-0.75x the arithmetic at 64 Ki.
  if (y.isF32())
    return false;
  if (plan.period == lanes)
    return true;
  int64_t stepBytes = choiceStepBytes(x, y, lanes);
  int64_t tableBytes = stepBytes * (plan.period / lanes);
  ShapedType xType = op.getX().getType();
  return tableBytes <= kCodeSelectMaxTableBytes &&
         stepBytes <= maxChoiceTableBytes && xType.hasStaticShape() &&
         xType.getNumElements() / plan.period >= kCodeSelectMinTableRows;
}

Value LookupTable::selectByCodes(OpBuilder &b, Location loc, Value bytes,
                                 unsigned bits, Value choices) {
  int64_t m = cast<VectorType>(bytes.getType()).getNumElements();
  int64_t perByte = 8 / bits;
  int64_t n = m * perByte;
  auto choiceType = cast<VectorType>(choices.getType());
  auto resultType = VectorType::get({n}, choiceType.getElementType());
  // Each lane takes its code's byte.
  SmallVector<int64_t> byteOf;
  for (int64_t l = 0; l < n; ++l)
    byteOf.push_back(l / perByte);
  Value spread = vector::ShuffleOp::create(b, loc, bytes, bytes, byteOf);
  auto codeBit = [&](unsigned k) {
    SmallVector<APInt> bit;
    for (int64_t l = 0; l < n; ++l)
      bit.push_back(APInt(8, uint64_t(1) << ((l % perByte) * bits + k)));
    auto byteType = VectorType::get({n}, b.getI8Type());
    Value masked = arith::AndIOp::create(
        b, loc, spread,
        arith::ConstantOp::create(b, loc,
                                  DenseElementsAttr::get(byteType, bit)));
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne, masked,
        arith::ConstantOp::create(b, loc, b.getZeroAttr(byteType)));
  };
  SmallVector<Value> level(size_t(1) << bits);
  for (size_t c = 0; c < level.size(); ++c)
    level[c] = extractPart(b, loc, choices, int64_t(c) * n, n);
  // Level k picks between the choices that differ in code bit k.
  for (unsigned k = 0; k < bits; ++k) {
    Value mask = codeBit(k);
    size_t half = level.size() / 2;
    for (size_t c = 0; c < half; ++c)
      level[c] = arith::SelectOp::create(b, loc, resultType, mask,
                                         level[2 * c + 1], level[2 * c]);
    level.resize(half);
  }
  return level[0];
}

LookupTable::LookupTable(OpBuilder &b, Location loc, Type xElement, Value scale,
                         Value zeroPoint, Type yElement, int64_t f32Entries) {
  int64_t entries = f32Entries                              ? f32Entries
                    : xElement.getIntOrFloatBitWidth() == 8 ? 256
                                                            : 16;
  auto spread = [&](Value scalar) -> Value {
    if (!scalar)
      return scalar;
    return vector::BroadcastOp::create(
        b, loc, VectorType::get({entries}, scalar.getType()), scalar);
  };
  fill(b, loc, xElement, storedCodes(b, loc, xElement, entries), spread(scale),
       spread(zeroPoint), yElement, f32Entries != 0);
}

SignFold LookupTable::signFoldOf(Type xElement) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(xElement) ? SignFold::Sign
         : isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(xElement)
             ? SignFold::SignWithNaNAt80
             : SignFold::None;
}

LookupTable LookupTable::decodeTable(OpBuilder &b, Location loc,
                                     Type xElement) {
  LookupTable table;
  table.signFold = signFoldOf(xElement);
  int64_t entries = table.signFold != SignFold::None        ? 128
                    : xElement.getIntOrFloatBitWidth() == 8 ? 256
                                                            : 16;
  Value one = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(VectorType::get({entries}, b.getF32Type()), 1.0f));
  table.fill(b, loc, xElement, storedCodes(b, loc, xElement, entries), one,
             Value(), b.getF32Type(), /*keepF32=*/false);
  return table;
}

LookupTable LookupTable::forPeriod(OpBuilder &b, Location loc, Type xElement,
                                   Value scale, Value zeroPoint, Type yElement,
                                   const Plan &plan, int64_t entries,
                                   int64_t lanes) {
  unsigned bits = xElement.getIntOrFloatBitWidth();
  SmallVector<int64_t> entryLanes;
  for (int64_t e = 0; e < entries; ++e)
    entryLanes.push_back(((e >> bits) % plan.axisDim) * plan.inner);
  auto perEntry = [&](Value perLane) -> Value {
    if (!perLane)
      return perLane;
    return vector::ShuffleOp::create(b, loc, perLane, perLane, entryLanes);
  };
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value entryScale = perEntry(scale);
  Value entryZp = perEntry(zeroPoint);
  LookupTable table;
  table.fill(b, loc, xElement, storedCodes(b, loc, xElement, entries),
             entryScale, entryZp, yElement, /*keepF32=*/false);
  if (plan.axisDim > 1)
    for (int64_t p = 0; p < lanes; ++p)
      table.laneOffsets.push_back(((p / plan.inner) % plan.axisDim) << bits);
  return table;
}

void LookupTable::fill(OpBuilder &b, Location loc, Type xElement, Value x,
                       Value scale, Value zeroPoint, Type yElement,
                       bool keepF32) {
  int64_t entries = cast<VectorType>(x.getType()).getNumElements();
  Value y = buildDequantize(b, loc, x, xElement, scale, zeroPoint, yElement);
  if (keepF32) {
    f32Table = y;
    return;
  }
  auto wordType = VectorType::get({entries}, b.getI16Type());
  Value words;
  if (yElement.isF32()) {
    Value f32Bits = arith::BitcastOp::create(
        b, loc, VectorType::get({entries}, b.getI32Type()), y);
    words = arith::TruncIOp::create(b, loc, wordType,
                                    shiftRightByConstant(b, loc, f32Bits, 16));
  } else {
    words = y;
  }
  auto [low, high] = bytePlanes(b, loc, words);
  planes = {low, high};
}

Value LookupTable::storedCodes(OpBuilder &b, Location loc, Type xElement,
                               int64_t count) {
  unsigned bits = xElement.getIntOrFloatBitWidth();
  bool isSigned = isSignedQuantizedInteger(xElement);
  SmallVector<APInt> codes;
  for (int64_t c = 0; c < count; ++c) {
    int64_t code = c & ((int64_t(1) << bits) - 1);
    if (isSigned && bits < 8 && code >= (int64_t(1) << (bits - 1)))
      code -= int64_t(1) << bits;
    codes.push_back(APInt(8, uint64_t(code) & 0xFF));
  }
  return arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(VectorType::get({count}, b.getI8Type()), codes));
}

std::pair<Value, Value> LookupTable::bytePlanes(OpBuilder &b, Location loc,
                                                Value values) {
  auto type = cast<VectorType>(values.getType());
  assert(type.getElementTypeBitWidth() == 16 && "byte planes of 16 bits");
  Value words = values;
  if (!type.getElementType().isInteger(16))
    words =
        arith::BitcastOp::create(b, loc, type.clone(b.getI16Type()), values);
  auto planeType = type.clone(b.getI8Type());
  return {arith::TruncIOp::create(b, loc, planeType, words),
          arith::TruncIOp::create(b, loc, planeType,
                                  shiftRightByConstant(b, loc, words, 8))};
}

std::pair<Value, Value>
LookupTable::repeatedBytePlanes(OpBuilder &b, Location loc, Value valueBytes,
                                int64_t count, int64_t first, int64_t period) {
  SmallVector<int64_t> lowBytes, highBytes;
  for (int64_t e = 0; e < count; ++e) {
    lowBytes.push_back(2 * (first + e % period));
    highBytes.push_back(2 * (first + e % period) + 1);
  }
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value low =
      vector::ShuffleOp::create(b, loc, valueBytes, valueBytes, lowBytes);
  Value high =
      vector::ShuffleOp::create(b, loc, valueBytes, valueBytes, highBytes);
  return {low, high};
}

Value LookupTable::packedIndices(OpBuilder &b, Location loc, Value bytes,
                                 unsigned bits) {
  auto byteType = cast<VectorType>(bytes.getType());
  int64_t m = byteType.getNumElements();
  int64_t perByte = 8 / bits;
  int64_t n = m * perByte;
  // copies = [bytes >> 0, bytes >> bits, ...], m bytes each.
  Value copies;
  for (int64_t k = 0; k < perByte; ++k) {
    Value copy = k ? shiftRightByConstant(b, loc, bytes, k * bits) : bytes;
    if (!copies) {
      copies = copy;
      continue;
    }
    int64_t have = cast<VectorType>(copies.getType()).getNumElements();
    if (have != m) {
      // vector.shuffle takes operands of one type: widen `copy` first.
      SmallVector<int64_t> widen;
      for (int64_t e = 0; e < have; ++e)
        widen.push_back(e < m ? e : 0);
      copy = vector::ShuffleOp::create(b, loc, copy, copy, widen);
    }
    // The first `have` lanes of `copies`, then the first m of `copy`.
    SmallVector<int64_t> concat(have + m);
    std::iota(concat.begin(), concat.end(), 0);
    copies = vector::ShuffleOp::create(b, loc, copies, copy, concat);
  }
  SmallVector<int64_t> spread;
  for (int64_t i = 0; i < n; ++i)
    for (int byte = 0; byte < 4; ++byte)
      spread.push_back((i % perByte) * m + i / perByte);
  Value repeated = vector::ShuffleOp::create(b, loc, copies, copies, spread);
  return vector::BitCastOp::create(b, loc, VectorType::get({n}, b.getI32Type()),
                                   repeated);
}

Value LookupTable::lookup(OpBuilder &b, Location loc, Value codes,
                          bool inLaneOrder) const {
  assert(!f32Table && "f32 entries are looked up with lookupPacked");
  if (inLaneOrder)
    return lookupWordsInLaneOrder(b, loc, planes[0], planes[1], codes,
                                  laneOffsets, signFold);
  if (!laneOffsets.empty())
    codes = orConstant(b, loc, codes, laneOffsets);
  return lookupWords(b, loc, planes[0], planes[1], codes, signFold);
}

Value LookupTable::lookupWords(OpBuilder &b, Location loc, Value low,
                               Value high, Value codes, SignFold fold) {
  auto codeType = cast<VectorType>(codes.getType());
  auto [lowBytes, highBytes] = lookupPlanes(b, loc, low, high, codes, fold);
  // Interleaving the two planes puts the bytes of each element in order.
  Value interleaved = vector::InterleaveOp::create(b, loc, lowBytes, highBytes);
  return vector::BitCastOp::create(b, loc, codeType.clone(b.getI16Type()),
                                   interleaved);
}

Value LookupTable::lookupWordsInLaneOrder(OpBuilder &b, Location loc, Value low,
                                          Value high, Value codes,
                                          ArrayRef<int64_t> offsets,
                                          SignFold fold) {
  int64_t n = cast<VectorType>(codes.getType()).getNumElements();
  assert(n % 64 == 0 && "whole 512-bit registers of codes");
  SmallVector<int64_t> elementAt = laneOrder(n, 64);
  Value indices = vector::ShuffleOp::create(b, loc, codes, codes, elementAt);
  if (!offsets.empty()) {
    SmallVector<int64_t> reordered;
    for (int64_t e : elementAt)
      reordered.push_back(offsets[e]);
    indices = orConstant(b, loc, indices, reordered);
  }
  return lookupWordsOrdered(b, loc, low, high, indices, elementAt, fold);
}

SmallVector<int64_t> LookupTable::laneOrder(int64_t n, int64_t registerBytes) {
  int64_t r = registerBytes;
  assert(r % 16 == 0 && n % r == 0 && "whole registers of codes");
  SmallVector<int64_t> elementAt(n);
  for (int64_t p = 0; p < n; ++p) {
    int64_t base = p - p % r, lane = (p % r) / 16, j = p % 16;
    elementAt[p] = base + (j < 8 ? 8 * lane + j : r / 2 + 8 * lane + j - 8);
  }
  return elementAt;
}

Value LookupTable::lookupWordsOrdered(OpBuilder &b, Location loc, Value low,
                                      Value high, Value indices,
                                      ArrayRef<int64_t> elementAt,
                                      SignFold fold) {
  auto [lowBytes, highBytes] = lookupPlanes(b, loc, low, high, indices, fold);
  return interleaveOrdered(b, loc, lowBytes, highBytes, elementAt);
}

Value LookupTable::interleaveOrdered(OpBuilder &b, Location loc, Value lowBytes,
                                     Value highBytes,
                                     ArrayRef<int64_t> elementAt) {
  auto byteType = cast<VectorType>(lowBytes.getType());
  int64_t n = byteType.getNumElements();
  SmallVector<int64_t> wordBytes(2 * n);
  for (int64_t p = 0; p < n; ++p) {
    wordBytes[2 * elementAt[p]] = p;
    wordBytes[2 * elementAt[p] + 1] = n + p;
  }
  Value words =
      vector::ShuffleOp::create(b, loc, lowBytes, highBytes, wordBytes);
  return vector::BitCastOp::create(b, loc, byteType.clone(b.getI16Type()),
                                   words);
}

LookupTable LookupTable::codeTable(OpBuilder &b, Location loc, Type xElement,
                                   Value scale, Type yElement) {
  LookupTable table;
  table.signFold = signFoldOf(xElement);
  assert(table.signFold != SignFold::None && "code tables are of fp8 x");
  constexpr int64_t kEntries = 128;
  Value scales = vector::BroadcastOp::create(
      b, loc, VectorType::get({kEntries}, b.getF32Type()), scale);
  table.fill(b, loc, xElement, storedCodes(b, loc, xElement, kEntries), scales,
             Value(), yElement, /*keepF32=*/false);
  return table;
}

Value LookupTable::lookupWordsBySource(OpBuilder &b, Location loc,
                                       ArrayRef<std::pair<Value, Value>> planes,
                                       ArrayRef<int64_t> sourceOf, Value codes,
                                       SignFold fold, uint16_t nanWord) {
  auto codeType = cast<VectorType>(codes.getType());
  int64_t n = codeType.getNumElements();
  SmallVector<int64_t> elementAt(n);
  std::iota(elementAt.begin(), elementAt.end(), 0);
  Value indices = codes;
  if (n % 64 == 0) {
    elementAt = laneOrder(n, 64);
    indices = vector::ShuffleOp::create(b, loc, codes, codes, elementAt);
  }
  Value lowBytes, highBytes;
  for (auto [source, tables] : llvm::enumerate(planes)) {
    // (One statement each: the order of the ops must not depend on the
    // compiler's order of evaluating arguments.)
    Value low = TableLookupOp::create(b, loc, codeType, tables.first, indices);
    Value high =
        TableLookupOp::create(b, loc, codeType, tables.second, indices);
    if (!lowBytes) {
      lowBytes = low;
      highBytes = high;
      continue;
    }
    SmallVector<bool> own;
    for (int64_t e : elementAt)
      own.push_back(sourceOf[e] == int64_t(source));
    Value mask = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(VectorType::get({n}, b.getI1Type()),
                               ArrayRef<bool>(own)));
    lowBytes = arith::SelectOp::create(b, loc, mask, low, lowBytes);
    highBytes = arith::SelectOp::create(b, loc, mask, high, highBytes);
  }
  std::tie(lowBytes, highBytes) =
      foldSign(b, loc, lowBytes, highBytes, indices, fold, nanWord);
  return interleaveOrdered(b, loc, lowBytes, highBytes, elementAt);
}

Value LookupTable::lookupHighHalves(OpBuilder &b, Location loc, Value codes,
                                    int64_t registerLanes) const {
  assert(!f32Table && "f32 entries are looked up with lookupPacked");
  int64_t n = cast<VectorType>(codes.getType()).getNumElements();
  auto [low, high] = lookupPlanes(b, loc, codes);
  // wordOf[e]: the word that holds element e's bf16 bits.
  SmallVector<int64_t> wordOf(n);
  std::iota(wordOf.begin(), wordOf.end(), 0);
  if (registerLanes % 4 == 0 && n % (2 * registerLanes) == 0) {
    for (int64_t e = 0; e < n; ++e) {
      int64_t reg = e / registerLanes, j = e % registerLanes;
      wordOf[e] =
          2 * registerLanes * (reg / 2) + 8 * (j / 4) + 4 * (reg % 2) + j % 4;
    }
  }
  SmallVector<int64_t> byteMask(2 * n);
  for (int64_t e = 0; e < n; ++e) {
    byteMask[2 * wordOf[e]] = e;
    byteMask[2 * wordOf[e] + 1] = n + e;
  }
  Value bytes = vector::ShuffleOp::create(b, loc, low, high, byteMask);
  auto wordType = VectorType::get({n}, b.getI16Type());
  Value words = vector::BitCastOp::create(b, loc, wordType, bytes);
  Value zeros = arith::ConstantOp::create(b, loc, b.getZeroAttr(wordType));
  SmallVector<int64_t> halfMask;
  for (int64_t e = 0; e < n; ++e)
    halfMask.append({wordOf[e], n + wordOf[e]});
  Value halves = vector::ShuffleOp::create(b, loc, zeros, words, halfMask);
  return vector::BitCastOp::create(b, loc, VectorType::get({n}, b.getF32Type()),
                                   halves);
}

Value LookupTable::orConstant(OpBuilder &b, Location loc, Value codes,
                              ArrayRef<int64_t> bytes) {
  unsigned width =
      getElementTypeOrSelf(codes.getType()).getIntOrFloatBitWidth();
  SmallVector<APInt> values;
  for (int64_t byte : bytes)
    values.push_back(APInt(width, uint64_t(byte)));
  return arith::OrIOp::create(
      b, loc, codes,
      arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(cast<VectorType>(codes.getType()), values)));
}

std::pair<Value, Value> LookupTable::lookupPlanes(OpBuilder &b, Location loc,
                                                  Value low, Value high,
                                                  Value codes, SignFold fold) {
  Type type = codes.getType();
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value lowBytes = TableLookupOp::create(b, loc, type, low, codes);
  Value highBytes = TableLookupOp::create(b, loc, type, high, codes);
  return foldSign(b, loc, lowBytes, highBytes, codes, fold);
}

std::pair<Value, Value> LookupTable::foldSign(OpBuilder &b, Location loc,
                                              Value lowBytes, Value highBytes,
                                              Value codes, SignFold fold,
                                              uint16_t nanWord) {
  if (fold == SignFold::None)
    return {lowBytes, highBytes};
  Type type = codes.getType();
  Value sign =
      arith::AndIOp::create(b, loc, codes, intConstant(b, loc, type, 0x80));
  highBytes = arith::OrIOp::create(b, loc, highBytes, sign);
  if (fold == SignFold::SignWithNaNAt80) {
    // Code 0x80 read code 0's +0 with the sign: the FNUZ NaN's bits are
    // `nanWord` instead (decoded: 0x7FC0).
    Value isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, codes,
                                        intConstant(b, loc, type, 0x80));
    lowBytes = arith::SelectOp::create(
        b, loc, isNaN, intConstant(b, loc, type, nanWord & 0xFF), lowBytes);
    highBytes = arith::SelectOp::create(
        b, loc, isNaN, intConstant(b, loc, type, nanWord >> 8), highBytes);
  }
  return {lowBytes, highBytes};
}

Value LookupTable::lookupBlockWords(OpBuilder &b, Location loc, Value results,
                                    Value codes, ArrayRef<int64_t> offsets) {
  auto resultType = cast<VectorType>(results.getType());
  int64_t used = resultType.getNumElements();
  assert(used <= 32 && "a word table holds 32 entries");
  Value words = vector::BitCastOp::create(
      b, loc, VectorType::get({used}, b.getI16Type()), results);
  // Entries past `used` are never indexed: poison, so that widening the
  // table costs no instruction.
  SmallVector<int64_t> widen;
  for (int64_t e = 0; e < 32; ++e)
    widen.push_back(e < used ? e : vector::ShuffleOp::kPoisonIndex);
  Value table = vector::ShuffleOp::create(b, loc, words, words, widen);
  Value indices = offsets.empty() ? codes : orConstant(b, loc, codes, offsets);
  return TableLookupOp::create(b, loc, table, indices);
}
