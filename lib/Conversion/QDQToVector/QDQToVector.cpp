//===- QDQToVector.cpp - qdq.dequantize_linear to SIMD loops --------------===//
//
// Rewrites qdq.dequantize_linear on tensors into scf.for loops over vectors
// of `lanes` f32 lanes (the target's SIMD width). x is flattened (or viewed
// as rows), so the loops stream contiguous memory; the scale and zero point
// are brought to the lanes in one of these schemes:
//
//   per-tensor   one decoded scalar, broadcast once.
//   axis table   per-axis with a small period P = K * N (K the axis dim, N the
//                elements after it): a decoded table of the scales (and
//                zero points) over one period, repeated to a multiple P' >=
//                lanes plus `lanes` extra entries, read at offset i mod P'
//                (with the axis innermost and K a multiple of lanes, a
//                parameter that needs no decoding is read in place). With
//                P' several whole steps, the loop runs over period tiles:
//                R periods, column step by column step, each column step's
//                table entries read once for its R steps. A longer
//                innermost axis of whole steps has no tables: its scales
//                and zero points are read and decoded in place where the
//                tables would be read (so once per column step of a tile).
//   block flat   blocked along the innermost axis with whole blocks per row:
//                the scale of element i is entry i / B of the flattened
//                scale; one scalar per vector (B % lanes == 0) or lanes / B
//                entries spread with a shuffle (lanes % B == 0).
//   rows         x viewed as [R, N] rows of N >= lanes contiguous elements:
//                per-axis takes one scalar per row, blocked one scale row
//                vector per row. The only scheme for dynamic sizes: K
//                (row -> parameter) and N (each row's steps) may be read
//                at run time. A dynamic innermost axis takes rows of K
//                along the axis instead, each step reading its scales in
//                place (per-axis, once for a tile of 4 rows) or one or
//                lanes / B of them (blocked; other blocks in the groups of
//                block rows, or two per step with a prefix mask); a
//                dynamic axis with static rows N < lanes after it, rows of
//                K * N in the groups of block rows.
//                Packed x with a dynamic row length is versioned: an scf.if
//                runs these loops when the rows start on a byte, and the
//                linalg form (buildDequantizeLinalg) otherwise.
//   block rows   blocked along the innermost axis otherwise (a partial last
//                block, or B neither a multiple nor a divisor of the lanes),
//                and per-axis forms no other scheme takes (a long innermost
//                axis that is not whole steps, a long period of rows shorter
//                than a step): x as [M, L] rows with their own steps, whose
//                columns take parameter entries in runs of B (blocked: L =
//                K; per-axis: L = K * N, B = N, one parameter row; blocked
//                along an outer axis with N < lanes: L = K * N, runs of
//                B * N taking their N entries periodically). Runs in
//                groups of lcm(B, lanes) columns (shorter runs, and longer
//                ones that are not whole steps when a group is at most 16
//                steps): each row first decodes its parameter entries into
//                row tables (per-axis: once, before the rows), and each
//                step reads the entries it covers from them, spread with a
//                static shuffle or, runs of at least a register, broadcast
//                and selected with constant masks. Other runs go one by one
//                with a broadcast scalar (if they start on a byte of packed
//                x; else steps on multiples of the lanes take two runs'
//                entries with a prefix mask). Blocked over a static x, a
//                loop row may take R rows of x (rows shorter than a step,
//                packed rows that do not start on a byte): L = R * K (or
//                R * K * N), and when x's rows are not whole runs, the
//                entries repeat with period K (K * N), in groups of
//                lcm(K, lanes) columns. With a dynamic number of rows
//                (no packed zero point), loop rows run over the whole ones
//                and the rows left run on their own, each part writing its
//                slice of the result.
//
// Packed sub-byte x (and zero points) are read as bytes through
// qdq.packed_bytes and unpacked in i8 lanes with shifts, masks and
// interleaves, or, for integer x in arithmetic with AVX512_VBMI or AVX2,
// straight into i32 lanes with qdq.unpack_bits (vpmultishiftqb, or vpshufb
// and two shifts). Forms outside these
// schemes are left for --convert-qdq-to-linalg.
//
// Per-tensor x of at most 8 bits has at most 256 distinct codes, so with
// f16/bf16 results (and the x86 byte shuffles, see X86Features) the loop
// becomes a table lookup: the results of every code are computed once,
// before the loop, with the same element builders, and split into one plane
// per result byte; each step looks its codes up in both planes
// (qdq.table_lookup, lowered to pshufb or vpermi2b) and interleaves the
// bytes. f32 results of packed 2/4-bit x look up a table of the 16 f32
// results (vpermps), or on AVX2 2-bit x of its 4 (vpermilps). Per-axis x
// whose rows (one scale and zero point per row) are long enough
// (kRowTableElementsPerEntry times the table's entries, as measured per
// form) does the same row by row: each row builds its own table, then looks
// its codes up. Per-axis x with a period that divides the step and few
// (axis entry, code) pairs (2-bit x with C = 64) takes one period table for
// the tensor, indexed by code and the lane's axis entry. fp8/fp4 x in the
// other cases is decoded with a table of the bf16 bits of each code's value
// (scale 1), which are the high halves of the f32 values. Integer x with a
// zero point and f16/bf16 scales that a step reads loop-invariantly (or
// once for the rows of a period tile) computes its products with one fused
// multiply-add where a pass over the scales allows it
// (KernelBuilder::fusedProduct).
//
// This file holds the loop emission (KernelBuilder), the rewrite pattern
// and the pass. The other files of this directory: Plan.h/.cpp (which
// scheme an op takes), LookupTable.h/.cpp (the tables and when they pay),
// StoredReader.h (vector reads of x and zero points), Utils.h/.cpp (small
// IR helpers), HostDefaults.cpp (the defaults measured per host CPU).
//
//===----------------------------------------------------------------------===//

#include "qdq/Conversion/QDQToVector/QDQToVector.h"
#include "LookupTable.h"
#include "Plan.h"
#include "StoredReader.h"
#include "Utils.h"

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"
#include "qdq/Conversion/Passes.h"
#include "qdq/Conversion/QDQToLinalg/QDQToLinalg.h"
#include "qdq/Conversion/QDQVectorOpsToLLVM/QDQVectorOpsToLLVM.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"
#include "qdq/Dialect/QDQ/Utils/StreamingRule.h"
#include "qdq/Dialect/QDQ/Utils/VectorWidth.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <limits>
#include <numeric>

namespace mlir::qdq {
#define GEN_PASS_DEF_CONVERTQDQTOVECTOR
#include "qdq/Conversion/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

namespace {

/// Whether the host's default rule of --qdq-nontemporal-stores will stream
/// the stores of `op`'s loop nest: the bytes of its operands and result,
/// split over `numThreads` threads where x has at least `parallelThreshold`
/// elements. False for dynamic shapes, whose sizes are unknown here.
bool hostStreams(DequantizeLinearOp op, int64_t numThreads,
                 int64_t parallelThreshold) {
  auto bytesOf = [](Value value) -> double {
    auto type =
        dyn_cast_or_null<RankedTensorType>(value ? value.getType() : Type());
    if (!type || !type.hasStaticShape())
      return -1;
    return double(type.getNumElements()) * type.getElementTypeBitWidth() / 8;
  };
  double x = bytesOf(op.getX()), y = bytesOf(op.getY());
  double scale = bytesOf(op.getScale());
  double zeroPoint = op.getZeroPoint() ? bytesOf(op.getZeroPoint()) : 0;
  if (x < 0 || y < 0 || scale < 0 || zeroPoint < 0)
    return false;
  bool split = numThreads > 1 &&
               op.getX().getType().getNumElements() >= parallelThreshold;
  return StreamingRule::host().streams(y, x + y + scale + zeroPoint,
                                       split ? numThreads : 1);
}

/// Emits the loops for one op.
class KernelBuilder {
public:
  KernelBuilder(PatternRewriter &b, DequantizeLinearOp op, const Plan &plan,
                int64_t lanes, int64_t registerLanes, int64_t numThreads,
                int64_t parallelThreshold, bool useLookup,
                int64_t lookupF32Entries, bool useDecodeTable,
                const X86Features &x86, F16StoreForm f16Stores,
                int64_t periodTile)
      : b(b), loc(op.getLoc()), op(op), plan(plan), lanes(lanes),
        registerLanes(registerLanes), numThreads(numThreads),
        parallelThreshold(parallelThreshold), useLookup(useLookup),
        lookupF32Entries(lookupF32Entries),
        blockLookup(LookupTable::appliesToBlocks(op, plan, lanes, x86)),
        blockPlanesShared(LookupTable::sharesBlockPlanes(lanes, x86)),
        blockLookupBytes(
            blockLookup && !blockPlanesShared
                ? LookupTable::ownBlockPlaneBytes(plan.blockSize, lanes, x86)
                : 0),
        periodEntries(
            useLookup ? LookupTable::periodTableEntries(op, plan, lanes, x86)
                      : 0),
        useDecodeTable(useDecodeTable && !useLookup && !blockLookup),
        xElement(op.getX().getType().getElementType()),
        yElement(op.getY().getType().getElementType()),
        storeElement(yElement.isF32() ? yElement : b.getI16Type()),
        scaleElement(op.getScale().getType().getElementType()),
        joinF16Stores(f16Stores == F16StoreForm::Joined ||
                      (f16Stores == F16StoreForm::JoinedFor32BitX &&
                       registerLanes == 16 &&
                       op.getX().getType().getElementTypeBitWidth() == 32)),
        separateF16Stores(f16Stores == F16StoreForm::Separate &&
                          (x86.avx2 || x86.avx512f)),
        periodTile(periodTile
                       ? periodTile
                       : getHostPeriodTile(
                             xElement, yElement,
                             hostStreams(op, numThreads, parallelThreshold))),
        rowTile(periodTile ? periodTile : getHostRowTile(yElement)) {
    // fp8/fp4 zero points are zero (DQ-R15) and not subtracted.
    if (op.getZeroPoint() && !isFloatQuantizedElement(xElement))
      zeroPoint = op.getZeroPoint();
    // f16 x: its NaNs carry payloads, which the rounding then clears
    // (BF16Rounding::HardwareCanonicalNaN). Not bf16 x, which may be an f32
    // subnormal whatever the scales.
    hardwareBF16 = x86.avx512bf16 && yElement.isBF16() && !useLookup &&
                   (isa<IntegerType>(xElement) ||
                    isFloatQuantizedElement(xElement) || xElement.isF16());
    // Integer x cannot make a NaN product with a finite scale. Not where
    // tables round (a few entries per block or period). On a Zen 3 VM
    // (AVX2, no AVX512_BF16; A/B against the build before, 5 rounds,
    // 2026-11-27 18:28 UTC) the i8 and i4 x -> bf16 cases of the
    // benchmark's core set that compute in the loops ran at 1.08-1.40x
    // (geometric mean 1.20x, 64 Ki and 4 Mi elements).
    // fp8/fp4 x: with a finite scale, a product's only NaNs are those of
    // NaN codes (decoded sign | 0x7FC00000, which the product keeps) and
    // of an infinity times 0 (x86's default NaN 0xFFC00000); the rounding
    // without the NaN case maps both to the Integer bits, sign | 0x7FC0.
    finiteBF16 =
        !hardwareBF16 && yElement.isBF16() && !useLookup && !blockLookup &&
        (isa<IntegerType>(xElement) || isFloatQuantizedElement(xElement));
    // Packed integer x in arithmetic: unpacked straight into i32 lanes with
    // qdq.unpack_bits where it is one vpmultishiftqb per register, or one
    // vpshufb (AVX2). On a Zen 3 VM (AVX2; A/B against the i8 lanes, 5
    // rounds, 2026-11-27 20:18 UTC) the 34 packed 2/4-bit integer cases of
    // the benchmark this changes (64 Ki and 4 Mi) ran at 1.12x (geometric
    // mean; 0.87-1.29x; the one below 0.95x, per-axis C=4096 -> f32 at 4
    // Mi, streams, and now takes one period at a time: getHostPeriodTile).
    unpackToI32 = (x86.avx512vbmi || x86.avx2) && !useLookup &&
                  isa<IntegerType>(xElement) && isPackedSubByteType(xElement);
    // f16 results of 8-bit and packed integer x, of fp8 x and of f16 x
    // without a zero point, with f16 scales, with AVX512_FP16 on 512-bit
    // registers (hasF16ArithmeticForm, with the A/B of integer x): in f16
    // arithmetic (nativeF16). On the same AVX512_FP16 Xeon
    // (bench/HISTORY.md, 2026-12-01): fp8 x (per-axis and blocked; 20:26
    // UTC, the 48 kernels this changed): 1.29-2.30x at 64 Ki, 1.53-1.83x at
    // 64 Mi; f16 x without a zero point (20:53 UTC, 18 kernels): 0.99-1.07x
    // at 64 Ki, 0.97-1.01x at 4 Mi, 1.24-1.38x at 64 Mi.
    nativeF16 = registerLanes == 16 && !useLookup && !blockLookup &&
                hasF16ArithmeticForm(op, x86);
    // ... whose packed x stays in i8 lanes, widened to i16 from there, and
    // whose fp8 x is decoded to f16 in the steps, not looked up in a table.
    if (nativeF16) {
      unpackToI32 = false;
      this->useDecodeTable = false;
    }
    // fp8 x in arithmetic (no decode table: the CPU lacks vpermi2b) with
    // F16C: decoded through f16 bits. On a Zen 3 VM (A/B against the
    // integer decode, 5 rounds, 2026-11-27 23:51 UTC) the 40 fp8 kernels
    // of the benchmark's core set this changes (64 Ki and 4 Mi) ran at
    // 1.29-2.35x (geometric mean 1.71x).
    decodeViaF16 = x86.f16c && canDecodeMinifloatViaF16(xElement);
    // ... and the power of two that rebiases the f16 values (f8E4M3FN,
    // f8E4M3FNUZ) folded into the scales (see foldedRebias), but in
    // nativeF16 loops, which multiply f16 scales.
    if (decodeViaF16 && !useLookup && !this->useDecodeTable && !blockLookup &&
        !nativeF16)
      foldedRebias = getMinifloatViaF16Rebias(xElement);
    // Integer x of at most 16 bits with a zero point and half-precision
    // scales, outside tables, where the scales and zero points a step uses
    // are loop-invariant: per-tensor, a per-axis period of one step, rows
    // of one scale (see fusedProduct and fusedMultiplyAdd); or shared by
    // the rows of a period tile of at least 2 periods, whose column steps
    // compute bits(M) - zero point and -M * scale once for all its rows
    // (tiles of one period, the streaming nests', would pay those two
    // operations per step).
    bool invariantParams =
        plan.scheme == Scheme::PerTensor ||
        (plan.scheme == Scheme::AxisTable && plan.period == lanes) ||
        (plan.scheme == Scheme::Rows && !plan.alongRun &&
         op.getGranularity() == DequantizeLinearOp::Granularity::PerAxis) ||
        periodTileCount() > 1;
    fusedMultiplyAdd =
        invariantParams && !useLookup && !nativeF16 && zeroPoint &&
        isa<IntegerType>(xElement) && xElement.getIntOrFloatBitWidth() <= 16 &&
        (scaleElement.isF16() || scaleElement.isBF16()) &&
        getDifferenceType(b.getContext(), xElement, zeroPointElement())
                .getWidth() <= 32;
  }

  Value build() {
    if (useDecodeTable) {
      Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
      decodeTable.emplace(b, loc, xElement, one, Value(), b.getF32Type());
    }
    // The fast paths (vcvtneps2bf16 or rounding without the NaN case for
    // bf16 results, fusedProduct) are exact only for some scales: one pass
    // over the scales checks them all, and the loops are built twice, with
    // the fast paths and without, under one branch on the result (a scale
    // that rules out one of them runs the loops without either). A branch
    // per step (as before) kept
    // x's load outside both arms, so LLVM could not fold it into its
    // widening: one 64-byte load and three extracts instead of four
    // vpmovsxbd from memory (bench/micro/fused_loops.c, two runs on this
    // Zen 4 at 2026-11-24 22:43 UTC: the i8 per-axis loop -> f16 in
    // 15.4-15.8 against 13.6-14.1 core cycles per 64 elements, -> bf16
    // 10.8-11.1 against 8.9-9.0).
    if (!hardwareBF16 && !fusedMultiplyAdd && !finiteBF16 && !foldedRebias)
      return buildAligned();
    auto version = [&](bool fast) {
      return [&, fast](OpBuilder &nb, Location) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        fastPaths = fast;
        scf::YieldOp::create(b, loc, buildAligned());
      };
    };
    Value safe = scalesAllowFastPaths();
    return scf::IfOp::create(b, loc, safe, version(true), version(false))
        .getResult(0);
  }

private:
  /// The loops; with alignedRowsAtRunTime under a branch on rowsStartOnBytes.
  Value buildAligned() {
    if (!plan.alignedRowsAtRunTime)
      return buildScheme();
    // Rows of packed x (or zero points) start on a byte only for some
    // lengths: the loops run for those, the linalg form for the others.
    auto ifOp = scf::IfOp::create(
        b, loc, rowsStartOnBytes(),
        [&](OpBuilder &nb, Location) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          scf::YieldOp::create(b, loc, buildScheme());
        },
        [&](OpBuilder &nb, Location) {
          scf::YieldOp::create(nb, loc,
                               buildDequantizeLinalg(nb, op, op.getX(),
                                                     op.getScale(),
                                                     op.getZeroPoint()));
        });
    return ifOp.getResult(0);
  }

  Value buildScheme() {
    switch (plan.scheme) {
    case Scheme::PerTensor:
    case Scheme::AxisTable:
    case Scheme::BlockFlat:
      return buildFlat();
    case Scheme::Rows:
      return buildRows();
    case Scheme::BlockRows:
      return buildBlockRows();
    }
    llvm_unreachable("unknown scheme");
  }

  /// buildDequantize of one step's vectors; in the loops built with
  /// `fastPaths`, the product takes fusedProduct (fusedMultiplyAdd) and bf16
  /// results round with vcvtneps2bf16 (hardwareBF16) or without the NaN case
  /// (finiteBF16).
  Value dequantize(Value xStored, Type xType, Value scale, Value zp) {
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
    return convertF32ToResult(b, loc, product(xStored, xType, scale, zp),
                              yElement, bf16Rounding());
  }

  /// The elements a step of `xStored` computes: its codes, or twice its
  /// bytes for the bytes of readsNibblePairs().
  int64_t stepWidth(Value xStored, Type xType) const {
    auto codes = dyn_cast<VectorType>(xStored.getType());
    if (!codes)
      return 1;
    bool nibbleBytes =
        xType.isInteger(4) && codes.getElementType().isInteger(8);
    return codes.getNumElements() * (nibbleBytes ? 2 : 1);
  }

  /// The elements of a vector `value`, 1 for a scalar.
  static int64_t vectorWidth(Value value) {
    auto vector = dyn_cast<VectorType>(value.getType());
    return vector ? vector.getNumElements() : 1;
  }

  /// Whether the axis table of scales is stored in split halves: each
  /// step's `lanes` entries as the step's even lanes, then its odd ones,
  /// which the bf16 steps that compute in even and odd halves
  /// (evenOddBF16: 8-bit integer x, and packed 4-bit x read as bytes;
  /// fp8HalvesBF16) take as two subvectors, with no shuffle to split them
  /// in the steps (with period tiles, in every column step). For per-axis
  /// tables of whole steps that are written anyway (decoded scales: not
  /// the op's f32 scale read in place). Zen 3 (`--ab-binary` over the
  /// per-axis C=4096 -> bf16 kernels of every x type, 3 rounds,
  /// bench/HISTORY.md, session of 2026-12-03 from 07:04 UTC): the 21
  /// kernels of the x types it applies to 1.058x at 64 Ki, 1.068x at 4 Mi
  /// and 1.095x at 64 Mi (geometric means; 0.98-1.30x), the 30 others,
  /// unchanged, 1.006x.
  bool splitsScaleTable() const {
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

  /// `halves` (a vector of even lanes, then odd lanes) in element order.
  Value joinHalves(Value halves) {
    int64_t width = vectorWidth(halves);
    SmallVector<int64_t> order;
    for (int64_t i = 0; i < width / 2; ++i)
      order.append({i, width / 2 + i});
    return vector::ShuffleOp::create(b, loc, halves, halves, order);
  }

  /// `value` (a vector in element order) as its even lanes, then its odd
  /// ones (splitsScaleTable).
  Value splitHalves(OpBuilder &nb, Location nloc, Value value) {
    int64_t width = vectorWidth(value);
    SmallVector<int64_t> order = lanesOfHalf(0, width);
    order.append(lanesOfHalf(1, width));
    return vector::ShuffleOp::create(nb, nloc, value, value, order);
  }

  /// The lanes of the even (`half` 0) or odd (1) elements of `width`.
  static SmallVector<int64_t> lanesOfHalf(int half, int64_t width) {
    SmallVector<int64_t> lanes;
    for (int64_t i = half; i < width; i += 2)
      lanes.push_back(i);
    return lanes;
  }

  /// Whether a step of `xStored` computes its f16 results in f16
  /// (nativeF16Product): in nativeF16 loops, for integer codes in vectors
  /// of at most 16-bit lanes (8-bit codes, or packed ones in i8 lanes), a
  /// 1-D vector of fp8 codes, or f16 x.
  bool takesNativeF16(Value xStored, Type xType) const {
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

  /// f16 results with f16 scales computed in f16: the f16 values of x
  /// (integer x of at most 8 bits minus a zero point of at most 8 bits or
  /// none, exact in i16 lanes and in f16: integerDifferenceF16; fp8 values:
  /// decodeFp8ToF16; f16 x without a zero point as it is) times the f16
  /// scale, which rounds once. The f32 product of the same operands is
  /// exact (at most 11 and 11 significant bits, at least 2^-48 and below
  /// 2^32), so rounding it to f16, as the other steps do, gives the same
  /// bits: subnormal results, infinities and -0 included, and NaN operands
  /// keep their payload's top bits either way (x86 quiets a signaling NaN
  /// in both vcvtph2ps and vmulph). With AVX512_FP16 a register of 32
  /// results of 8-bit x takes a vpmovsxbw, a vpsubw, a vcvtw2ph and a
  /// vmulph, where the f32 steps take two registers of 16, each widened,
  /// converted (or the fused add), multiplied and narrowed (vcvtps2ph, two
  /// uops). The scale and zero point are narrowed next to their
  /// definitions (an f16 scale decoded by arith.extf is taken as it was
  /// stored).
  Value nativeF16Product(Value xStored, Type xType, Value scale, Value zp) {
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

  /// x - zero_point of integer codes (nativeF16Product) as f16: in i16
  /// lanes, the zero point narrowed next to its definition, then converted
  /// (exact: |x - zero_point| <= 255).
  Value integerDifferenceF16(Value xStored, Type xType, Value zp) {
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

  /// The prepared zero point `zp` (a signed difference-type value: i8 for
  /// packed x, i32 else; a scalar or a vector of the lanes of `words`) as
  /// i16, exactly (|zero_point| < 2^8), at the builder's insertion point.
  Value zeroPointAsI16(Value zp, VectorType words) {
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

  /// The values of fp8 codes (nativeF16Product) as f16, exactly: the f16
  /// bits of decodeMinifloatToRebiasedF16 (a few byte operations), times
  /// 2^getMinifloatViaF16Rebias in f16 for f8E4M3FN/FNUZ (exact: every
  /// code's value is an f16, at most 448). Their products with an f16
  /// scale (at most 4 and 11 significant bits, between 2^-41 and 2^32) are
  /// exact in f32, so the one f16 rounding of the multiply gives the f32
  /// steps' bits; NaN codes stay NaNs (sign | 0x7E00).
  Value decodeFp8ToF16(Value xStored, Type xType) {
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

  /// Whether the loops being built compute bf16 results of integer x in
  /// even and odd halves (evenOddBF16) where a step's codes allow it: where
  /// they would take fusedProduct and the rounding without the NaN case,
  /// with a zero point of at most 8 bits (|x - zero_point| <= 255 then; not
  /// oneDNN's i32 ones, which take no fused product either), on 256-bit
  /// registers.
  bool evenOddLoops() const {
    return fastPaths && fusedMultiplyAdd && zeroPoint &&
           zeroPointElement().getIntOrFloatBitWidth() <= 8 &&
           yElement.isBF16() && bf16Rounding() == BF16Rounding::IntegerNoNaN &&
           !foldsScales() && registerLanes == 8;
  }

  /// Whether the steps of evenOddLoops() read packed 4-bit x as bytes
  /// (readX), each holding an even element in its low nibble and an odd one
  /// in its high nibble, instead of unpacking it into i32 lanes: in whole
  /// pairs of registers.
  bool readsNibblePairs() const {
    return evenOddLoops() && unpackToI32 && xElement.isInteger(4) &&
           lanes % (2 * registerLanes) == 0;
  }

  /// Whether a step of `xStored` (8-bit integer codes, or the bytes of
  /// readsNibblePairs()) and the prepared zero point `zp` computes its
  /// products in even and odd halves (evenOddBF16): in evenOddLoops(), with
  /// the zero point in its i32 difference type, in whole pairs of
  /// registers.
  bool takesEvenOddBF16(Value xStored, Type xType, Value zp) const {
    auto codes = dyn_cast<VectorType>(xStored.getType());
    // The bytes of readsNibblePairs() take no other form.
    if (readsNibblePairs() && xType == xElement && codes &&
        codes.getRank() == 1 && codes.getElementType().isInteger(8) &&
        codes.getNumElements() * 2 == lanes)
      return true;
    return evenOddLoops() && zp && getElementTypeOrSelf(zp).isInteger(32) &&
           isa<IntegerType>(xType) && xType.getIntOrFloatBitWidth() == 8 &&
           codes && codes.getRank() == 1 &&
           codes.getElementType().isInteger(8) &&
           codes.getNumElements() % (2 * registerLanes) == 0;
  }

  /// bf16 results of 8-bit integer x or packed 4-bit integer x in even and
  /// odd halves. Each i32 lane k of a half holds the f32 bits of
  /// F = 2^23 + 2^15 + (x - zero_point) for element 2k (the even half) or
  /// 2k + 1 (the odd half) of the step (byteHalves, nibbleHalves), and
  /// fma(F, scale, -(2^23 + 2^15) * scale) is (x - zero_point) * scale
  /// rounded once, as fusedProduct's (-(2^23 + 2^15) * scale is exact for
  /// f16/bf16 scales, under the same pass over them). Both halves round to
  /// bf16 in i32 lanes (roundF32BitsToBF16), and the even results' high
  /// halves shifted down, ORed with the odd results' high halves, are the
  /// bf16 results in element order: no narrowing shuffle, where the
  /// products of consecutive elements take a vpshufb per register, a
  /// vpblendd and a vpermq per pair. Per-lane scales and zero points (an
  /// axis table of one step) are split into their even and odd lanes next
  /// to their definition. Measured on Zen 3: 8-bit x (bench/HISTORY.md,
  /// 2026-11-30 from 00:46 UTC: i8/ui8 per-tensor, per-axis C=64 and rows
  /// at 64 Ki, 4 Mi and 64 Mi, 1.02-1.50x in two A/Bs;
  /// bench/micro/avx2_bf16_halves.c) and packed 4-bit x (2026-11-30 from
  /// 03:20 UTC; bench/micro/avx2_nibble_halves.c). Not on 128-bit registers
  /// (half the lanes per op, not measured) nor on 512-bit ones (not
  /// measured on hosts without AVX512_BF16).
  Value evenOddBF16(Value xStored, Type xType, Value scale, Value zp,
                    bool presplit = false) {
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

  /// The bf16 results in element order of a step's even elements
  /// (`rounded[0]`) and odd ones (`rounded[1]`), each the f32 bits of its
  /// product rounded in i32 lanes (roundF32BitsToBF16): the even results'
  /// high halves shifted down and ORed with the odd results' high halves.
  Value joinBF16Halves(std::array<Value, 2> rounded) {
    auto pairs = cast<VectorType>(rounded[0].getType());
    int64_t width = 2 * pairs.getNumElements();
    // (One statement each: the order of the ops must not depend on the
    // compiler's order of evaluating arguments.)
    Value evenDown = arith::ShRUIOp::create(b, loc, rounded[0],
                                            intConstant(b, loc, pairs, 16));
    Value oddHigh = arith::AndIOp::create(
        b, loc, rounded[1], intConstant(b, loc, pairs, 0xFFFF0000));
    Value joined = arith::OrIOp::create(b, loc, evenDown, oddHigh);
    return arith::BitcastOp::create(
        b, loc, VectorType::get({width}, b.getBF16Type()),
        vector::BitCastOp::create(
            b, loc, VectorType::get({width}, b.getI16Type()), joined));
  }

  /// Whether a step of `xStored` computes bf16 results of fp8 codes in even
  /// and odd halves (fp8HalvesBF16): f8E4M3FN, f8E4M3FNUZ and f8E5M2 codes
  /// that decode through f16 bits (decodeViaF16), the rebias of E4M3's
  /// folded into the scales (foldsScales), with the results rounded without
  /// the NaN case, on 256-bit registers, in whole registers of codes.
  bool takesFp8HalvesBF16(Value xStored, Type xType) const {
    auto codes = dyn_cast<VectorType>(xStored.getType());
    return fp8HalvesLoops() && xType == xElement && codes &&
           codes.getRank() == 1 && codes.getElementType().isInteger(8) &&
           codes.getNumElements() % (4 * registerLanes) == 0;
  }

  /// Whether the loops' x and options allow fp8HalvesBF16 (its steps then
  /// take it in whole registers of codes: takesFp8HalvesBF16).
  bool fp8HalvesLoops() const {
    bool folded =
        isa<Float8E5M2Type>(xElement) ||
        (isa<Float8E4M3FNType, Float8E4M3FNUZType>(xElement) && foldsScales());
    return decodeViaF16 && folded && yElement.isBF16() &&
           bf16Rounding() == BF16Rounding::IntegerNoNaN && registerLanes == 8;
  }

  /// bf16 results of fp8 codes in even and odd halves, as evenOddBF16 for
  /// 8-bit integer x: the codes, read as i16 words, each hold an even code
  /// in their low byte and an odd one in their high byte. Each half becomes
  /// the f16 bits of decodeMinifloatToRebiasedF16 in its words, exactly:
  /// - f8E4M3FN / f8E4M3FNUZ: the even code moved to the high byte, both
  ///   shifted right by one (arithmetic: the sign stays at bit 15) and
  ///   masked with 0xBF80, are sign | exponent and mantissa at bits 7-13,
  ///   the code's value times 2^-(15 - bias) (an f16 subnormal where the
  ///   code is one). NaN codes decode to sign | 0x3F80 (S.1111.111) or
  ///   0x8000 (f8E4M3FNUZ's 0x80), flipped to the quiet NaN sign | 0x7E00
  ///   with 0x4180 or 0xFE00.
  /// - f8E5M2: the code is the high byte of its f16 (even: moved there;
  ///   odd: the low byte cleared); its NaNs (magnitude above 0x7C00) are
  ///   flipped to sign | 0x7E00.
  /// vcvtph2ps widens each half (exact), and one multiply by the half's
  /// scale, which holds the rebias (foldsScales; f8E5M2 has none), rounds
  /// the product of value and scale once. The halves round to bf16 in i32
  /// lanes and join as in evenOddBF16 (joinBF16Halves): no byte interleave
  /// before vcvtph2ps and no narrowing shuffle after the rounding.
  /// bench/micro/avx2_fp8_bf16_halves.c (form C, Zen 3, 2026-12-03 03:34
  /// UTC): f8E4M3FN per tensor at 64 Ki 17.9 GB/s against 15.7 for the
  /// interleaved f16 bits; in the benchmark (bench/HISTORY.md, session of
  /// 2026-12-03 from 03:05 UTC) f8E4M3FN -> bf16 1.13-1.19x at 64 Ki and
  /// 4 Mi, 0.94-1.16x at 64 Mi.
  Value fp8HalvesBF16(Value xStored, Type xType, Value scale,
                      bool presplit = false) {
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
        bits = half == 0 ? evenHigh
                         : arith::AndIOp::create(b, loc, w, cst(0xFF00));
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
          Value code = half == 0
                           ? evenHigh
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
      Value f16Bits = arith::BitcastOp::create(
          b, loc, words.clone(b.getF16Type()),
          arith::XOrIOp::create(b, loc, bits, nanFlip));
      Value value = arith::ExtFOp::create(b, loc, halfF32, f16Bits);
      Value product = arith::MulFOp::create(b, loc, value, halfScale[half]);
      rounded[half] = roundF32BitsToBF16(b, loc, product, /*mayBeNaN=*/false);
    }
    return joinBF16Halves(rounded);
  }

  /// 2^15 - zero_point in i16 lanes for byteHalves of steps of `width`
  /// codes, next to the zero point (an i32 of the difference type,
  /// takesEvenOddBF16; |zero_point| < 2^8 fits i16).
  Value byteRebias(Value zp, int64_t width) {
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

  /// The halves of evenOddBF16 for 8-bit integer codes: widened to i16 and
  /// rebiased (byteRebias), w = x - zero_point + 2^15 (in [2^15 - 255,
  /// 2^15 + 255], so no wrap), each i32 pair of them holds an even element
  /// in its low half and an odd one in its high half. The even elements
  /// take the exponent bits of 2^23 in the odd words (one word blend); the
  /// odd ones are shifted down and ORed with them.
  std::array<Value, 2> byteHalves(Value codes, Type xType, Value rebias,
                                  VectorType pairs) {
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

  /// The f32 bits of 2^23 + 2^15 minus the zero point of each half for
  /// nibbleHalves (minus 8 more for signed x, read as x + 8), next to the
  /// zero point (a per-lane one split into its even and odd lanes there).
  std::array<Value, 2> nibbleBiases(Type xType, Value zp, VectorType pairs) {
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

  /// The halves of evenOddBF16 for the bytes of packed 4-bit integer x
  /// (readsNibblePairs): each byte, zero-extended to an i32 lane, holds
  /// element 2k in its low nibble and 2k + 1 in its high one. Signed codes
  /// are flipped to x + 8 (one XOR with 0x88 for both nibbles); the low
  /// nibble masked and the high one shifted down, each plus its half's
  /// bias (nibbleBiases), are F.
  std::array<Value, 2> nibbleHalves(Value bytes, Type xType,
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

  /// The scalar of a vector.broadcast of one, else `value`.
  static Value peelScalarBroadcast(Value value) {
    if (auto broadcast = value.getDefiningOp<vector::BroadcastOp>())
      if (!isa<VectorType>(broadcast.getSource().getType()))
        return broadcast.getSource();
    return value;
  }

  /// The even (half 0) and odd (half 1) lanes of the vector `value` as
  /// vectors of `halfType`, each with `derive(lanes)`, shuffled out and
  /// derived one after the other (`presplit`: `value` holds them already,
  /// the even lanes first: its two subvectors); a scalar `value` is
  /// broadcast to `halfType` and derived once, for both halves.
  template <typename DeriveFn>
  std::array<std::pair<Value, Value>, 2>
  splitEvenOdd(Value value, VectorType halfType, DeriveFn derive,
               bool presplit = false) {
    if (!isa<VectorType>(value.getType())) {
      Value splat = vector::BroadcastOp::create(b, loc, halfType, value);
      Value derived = derive(splat);
      return {{{splat, derived}, {splat, derived}}};
    }
    std::array<std::pair<Value, Value>, 2> halves;
    for (int half = 0; half < 2; ++half) {
      if (presplit) {
        int64_t n = halfType.getNumElements();
        Value lanes = vector::ExtractStridedSliceOp::create(
            b, loc, value, ArrayRef<int64_t>{half * n}, ArrayRef<int64_t>{n},
            ArrayRef<int64_t>{1});
        halves[half] = {lanes, derive(lanes)};
        continue;
      }
      Value lanes = vector::ShuffleOp::create(
          b, loc, value, value,
          lanesOfHalf(half, 2 * halfType.getNumElements()));
      halves[half] = {lanes, derive(lanes)};
    }
    return halves;
  }

  /// (x - zero_point) * scale in f32, before the rounding to the result
  /// type (see dequantize).
  Value product(Value xStored, Type xType, Value scale, Value zp) {
    zp = widenZeroPoint(zp);
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
    if (fastPaths && fusedMultiplyAdd && zp &&
        isa<VectorType>(xStored.getType()))
      return fusedProduct(b, loc, xStored, xType, scale, zp);
    return buildDequantize(b, loc, xStored, xType, scale, zp, b.getF32Type());
  }

  /// How dequantize rounds to bf16 results.
  BF16Rounding bf16Rounding() const {
    if (!fastPaths)
      return BF16Rounding::Integer;
    if (hardwareBF16)
      return xElement.isF16() ? BF16Rounding::HardwareCanonicalNaN
                              : BF16Rounding::Hardware;
    return finiteBF16 ? BF16Rounding::IntegerNoNaN : BF16Rounding::Integer;
  }

  /// (x - zero_point) * scale in f32 with one fused multiply-add instead of
  /// an integer subtraction, a conversion and a multiply: the integer
  /// x + (bits(M) - zero_point) is the f32 F = M + (x - zero_point), with
  /// M = 1.5 * 2^23 (exact: |x - zero_point| < 2^17), and
  /// fma(F, scale, -M * scale) rounds F * scale - M * scale, which is
  /// exactly (x - zero_point) * scale, once, as the multiply does. -M *
  /// scale is exact for f16/bf16 scales (at most 11 significant bits) below
  /// 2^100. An exact zero is +0 where the multiply gives -0 for a negative
  /// scale, and infinite or NaN scales make F * scale - M * scale NaN: the
  /// caller uses it only where every scale is positive, finite and below
  /// 2^100 (scalesAllowFastPaths). Measured on Zen 4 under
  /// fusedMultiplyAdd.
  Value fusedProduct(OpBuilder &nb, Location nloc, Value xStored, Type xType,
                     Value scale, Value zp) {
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
            isa<VectorType>(zp.getType()) ? Type(i32Type) : nb.getI32Type(),
            zp);
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
    Value xWide =
        extendStoredInteger(nb, nloc, xStored, xType, nb.getI32Type());
    Value f = arith::BitcastOp::create(
        nb, nloc, f32Type, arith::AddIOp::create(nb, nloc, xWide, shift));
    return vector::FMAOp::create(nb, nloc, f, scaleVector, addend);
  }

  /// x unpacked into i32 lanes (unpackToI32) subtracts in i32, but
  /// prepareZeroPoint gives 2- and 4-bit operands the i8 difference type:
  /// such a `zp` (a vector, or a scalar to be broadcast) is sign-extended to
  /// i32, next to its definition (so outside the loop when it is
  /// invariant). Wider ones (oneDNN's i32 zero points take i64) are
  /// returned as they are.
  Value widenZeroPoint(Value zp) {
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

  /// Stored parameter values (scalars or vectors) as the steps use them:
  /// f32 scales; zero points prepared and widened (null for fp8/fp4 x,
  /// whose zero point is not subtracted).
  Value decodeScale(Value stored) {
    return decodeScaleWith(b, loc, stored, scaleElement);
  }
  /// decodeScale of a scale stored as `element` (the op's scale, or a view
  /// of it) with builder `nb`: the f32 scale, times 2^foldedRebias in the
  /// loops that fold it (foldsScales).
  Value decodeScaleWith(OpBuilder &nb, Location nloc, Value stored,
                        Type element) {
    Value scale = convertStoredToF32(nb, nloc, stored, element);
    if (!foldsScales())
      return scale;
    return timesPowerOfTwo(nb, nloc, scale, foldedRebias);
  }

  /// Whether the loops being built fold 2^foldedRebias into the decoded
  /// scales. Every scale then goes through decodeScale (or
  /// decodeScaleWith), but f32 scales read in place as their own axis
  /// table, which the steps fold where they read them
  /// (FlatParams::scaleTableInPlace); segment and row tables hold decoded
  /// scales then (scalesReadInPlace).
  bool foldsScales() const { return fastPaths && foldedRebias; }

  /// Whether f32 scales, which decode to themselves, may be read in place
  /// where a segment or row table of decoded scales would be.
  bool scalesReadInPlace() const { return !foldsScales(); }

  /// `value` (f32, a scalar or a vector) times 2^exponent.
  static Value timesPowerOfTwo(OpBuilder &nb, Location nloc, Value value,
                               int exponent) {
    return arith::MulFOp::create(
        nb, nloc, value,
        f32Constant(nb, nloc, value.getType(), std::ldexp(1.0f, exponent)));
  }
  Value decodeZeroPoint(Value stored) {
    return widenZeroPoint(
        prepareZeroPoint(b, loc, stored, zeroPointElement(), xElement));
  }

  /// The type widenZeroPoint gives a prepared zero point of `prepared`.
  Type widenedZeroPointType(Type prepared) {
    if (unpackToI32 && prepared.getIntOrFloatBitWidth() < 32)
      return b.getI32Type();
    return prepared;
  }

  /// Where vcvtneps2bf16 may round a product (x - zero_point) * scale
  /// otherwise than the integer rounding does (BF16Rounding::Hardware), for
  /// decoded f32 scales (to an i1 vector): x is an integer (|x - zero_point|
  /// is 0 or at least 1), fp8/fp4 or f16 (at least its smallest subnormal
  /// m; an f16 x - zero_point is a multiple of m), so a product is an f32
  /// subnormal only if a nonzero scale is below 2^-126 / m, and a NaN with
  /// a payload only if a scale is NaN (or, for f16 x, x is: the rounding
  /// clears those, BF16Rounding::HardwareCanonicalNaN).
  Value hardwareBF16Inexact(Value scale) {
    double smallest = 1.0;
    if (auto minifloat = dyn_cast<FloatType>(xElement))
      smallest =
          APFloat::getSmallest(minifloat.getFloatSemantics()).convertToDouble();
    float threshold = float(std::ldexp(1.0, -126) / smallest);
    // Unordered or below the threshold, and not zero (NaN included). (One
    // statement per created op, as in fusedMultiplyAddInexact.)
    Value absolute = magnitude(scale);
    Value small = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ULT,
                                        absolute, f32Splat(threshold));
    Value nonZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE,
                                          scale, f32Splat(0.0f));
    return arith::AndIOp::create(b, loc, small, nonZero);
  }

  /// Where fusedProduct may differ from the product, for decoded f32
  /// scales (to an i1 vector): the scale is not positive, finite and below
  /// 2^100 (NaN included: unordered comparisons).
  Value fusedMultiplyAddInexact(Value scale) {
    // (One statement per comparison: the order of the ops must not depend
    // on the compiler's order of evaluating arguments.)
    Value low = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ULE, scale,
                                      f32Splat(0.0f));
    Value high = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGE, scale,
                                       f32Splat(0x1p100f));
    return arith::OrIOp::create(b, loc, low, high);
  }

  /// Where a scale is not finite (NaN or an infinity), for decoded f32
  /// scales (to an i1 vector): where an integer x may make a NaN product
  /// (finiteBF16).
  Value nonFinite(Value scale) {
    Value absolute = magnitude(scale);
    return arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::UGE, absolute,
        f32Splat(std::numeric_limits<float>::infinity()));
  }

  /// Where a scale times 2^foldedRebias may not be exact, for decoded f32
  /// scales (to an i1 vector): |scale| not below 2^100 (NaN included).
  /// Below it the folded scale is exact, and so the product of the
  /// unrebiased decode (exact) and the folded scale is the product of the
  /// code's value and the scale, rounded once.
  Value rebiasOverflows(Value scale) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UGE,
                                 magnitude(scale), f32Splat(0x1p100f));
  }

  /// |scale| of decoded f32 scales, by clearing the sign bits (no math
  /// dialect in the pipeline).
  Value magnitude(Value scale) {
    Value bits = bitcastToI32(scale);
    Value mask = arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(vectorOf(b.getI32Type()), APInt(32, INT32_MAX)));
    return arith::BitcastOp::create(b, loc, scale.getType(),
                                    arith::AndIOp::create(b, loc, bits, mask));
  }

  /// Whether the fast paths this kernel has (hardwareBF16,
  /// fusedMultiplyAdd, finiteBF16) are exact for every scale of the op: one
  /// vector pass over the scales (at most 1/B of x for blocks), before the
  /// loops.
  Value scalesAllowFastPaths() {
    return noScale([&](Value scale) {
      Value inexact;
      auto add = [&](Value more) {
        inexact = inexact
                      ? arith::OrIOp::create(b, loc, inexact, more).getResult()
                      : more;
      };
      if (hardwareBF16)
        add(hardwareBF16Inexact(scale));
      if (fusedMultiplyAdd)
        add(fusedMultiplyAddInexact(scale));
      if (finiteBF16)
        add(nonFinite(scale));
      if (foldedRebias)
        add(rebiasOverflows(scale));
      return inexact;
    });
  }

  /// An i1 that holds when `isBad` (decoded f32 scales, `lanes` of them, to
  /// an i1 vector) holds for no scale of the op: one vector pass, before
  /// the loops. The whole vectors are read without masks, then the vector
  /// that ends with the last scale (it checks some scales twice). Fewer
  /// scales than lanes are one vector of their own whose extra lanes
  /// repeat scale 0 (one scale: a broadcast of it); only a dynamic count below
  /// the lanes takes a masked read. Masked reads of 8- and 16-bit scales
  /// have no AVX2 instruction (LLVM tests and loads lane by lane), which
  /// made this pass up to a fifth of the time of a blocked-32 or per-axis
  /// C=4096 op with bf16 scales on Zen 3 (bench/HISTORY.md).
  Value noScale(function_ref<Value(Value)> isBad) {
    Value flat = flatten(b, loc, op.getScale());
    StoredReader reader(b, loc, flat, 0);
    int64_t size = cast<RankedTensorType>(flat.getType()).getDimSize(0);
    std::optional<int64_t> staticCount;
    if (!ShapedType::isDynamic(size))
      staticCount = size;
    Value count = staticCount
                      ? indexConstant(b, loc, size)
                      : tensor::DimOp::create(b, loc, flat, 0).getResult();
    Value step = indexConstant(b, loc, lanes);
    auto anyBad = [&](Value scale) {
      return vector::ReductionOp::create(b, loc, vector::CombiningKind::OR,
                                         isBad(decodeScale(scale)))
          .getResult();
    };
    // The scales [0, count) for count < lanes.
    auto anyBadInShortTensor = [&]() -> Value {
      if (staticCount == 0) // An empty op: no scale is bad.
        return arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
      if (staticCount) {
        // All the scales as one in-bounds vector, its lanes past them
        // repeating scale 0 (which is checked anyway).
        Value scales = reader.read(b, loc, ValueRange{indexConstant(b, loc, 0)},
                                   *staticCount, true);
        SmallVector<int64_t> lanesOf(lanes, 0);
        for (int64_t i = 0; i < *staticCount; ++i)
          lanesOf[i] = i;
        return anyBad(
            vector::ShuffleOp::create(b, loc, scales, scales, lanesOf));
      }
      Value scale = decodeScale(reader.read(
          b, loc, ValueRange{indexConstant(b, loc, 0)}, lanes, false));
      Value inRange = vector::CreateMaskOp::create(
          b, loc, VectorType::get({lanes}, b.getI1Type()), ValueRange{count});
      return vector::ReductionOp::create(
          b, loc, vector::CombiningKind::OR,
          arith::AndIOp::create(b, loc, isBad(scale), inRange));
    };
    Value any;
    if (staticCount && *staticCount < lanes) {
      any = anyBadInShortTensor();
    } else {
      Value whole = arith::MulIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, count, step), step);
      Value anyInit = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
      any = emitLoop(indexConstant(b, loc, 0), whole, step, anyInit,
                     [&](Value j, Value anySoFar) -> Value {
                       Value found = anyBad(
                           reader.read(b, loc, ValueRange{j}, lanes, true));
                       return arith::OrIOp::create(b, loc, anySoFar, found);
                     });
      auto lastVector = [&]() {
        return anyBad(reader.read(
            b, loc, ValueRange{arith::SubIOp::create(b, loc, count, step)},
            lanes, true));
      };
      Value last;
      if (staticCount && *staticCount % lanes == 0) {
        last = nullptr;
      } else if (staticCount) {
        last = lastVector();
      } else {
        Value atLeastLanes = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::uge, count, step);
        auto yield = [&](function_ref<Value()> value) {
          return [&, value](OpBuilder &nb, Location) {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
            scf::YieldOp::create(b, loc, value());
          };
        };
        last = scf::IfOp::create(b, loc, atLeastLanes, yield(lastVector),
                                 yield(anyBadInShortTensor))
                   .getResult(0);
      }
      if (last)
        any = arith::OrIOp::create(b, loc, any, last);
    }
    Value isTrue = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    return arith::XOrIOp::create(b, loc, any, isTrue);
  }

  Value f32Splat(float value) {
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorOf(b.getF32Type()), value));
  }
  Value bitcastToI32(Value f32Vector) {
    return arith::BitcastOp::create(b, loc, vectorOf(b.getI32Type()),
                                    f32Vector);
  }

  /// Whether every row of the rows scheme starts on a byte of packed x
  /// and of a packed zero point read by rows (Plan::alignedRowsAtRunTime):
  /// length * bits % 8 == 0 for each, the length read from x (K along the
  /// axis, else N).
  Value rowsStartOnBytes() {
    Value length = indexConstant(b, loc, 1);
    int64_t first = plan.alongRun ? plan.axis : plan.axis + 1;
    for (int64_t d = first; d < op.getX().getType().getRank(); ++d)
      length = arith::MulIOp::create(
          b, loc, length,
          getValueOrCreateConstantIndexOp(
              b, loc, tensor::getMixedSize(b, loc, op.getX(), d)));
    SmallVector<unsigned> widths;
    if (isPackedSubByteType(xElement))
      widths.push_back(xElement.getIntOrFloatBitWidth());
    if (zeroPoint && !plan.alongRun && isPackedSubByteType(zeroPointElement()))
      widths.push_back(zeroPointElement().getIntOrFloatBitWidth());
    Value zero = indexConstant(b, loc, 0);
    Value aligned = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    for (unsigned bits : widths) {
      // Whole bytes: length a multiple of 8 / bits.
      Value rest = arith::RemUIOp::create(b, loc, length,
                                          indexConstant(b, loc, 8 / bits));
      aligned = arith::AndIOp::create(
          b, loc, aligned,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rest, zero));
    }
    return aligned;
  }

  VectorType vectorOf(Type element) const {
    return VectorType::get({lanes}, element);
  }

  Value broadcast(Value scalar) {
    return vector::BroadcastOp::create(b, loc, vectorOf(scalar.getType()),
                                       scalar);
  }

  /// Decoded scale (f32) and prepared zero point of a one-element tensor.
  Value decodedScalarScale(Value scaleTensor) {
    auto type = cast<RankedTensorType>(scaleTensor.getType());
    SmallVector<Value> zeros(type.getRank(), indexConstant(b, loc, 0));
    Value stored = tensor::ExtractOp::create(
        b, loc, bitcastToStorage(b, loc, scaleTensor), zeros);
    return decodeScale(stored);
  }
  Value preparedScalarZeroPoint(Value zpStorage, ValueRange indices) {
    Value stored = tensor::ExtractOp::create(b, loc, zpStorage, indices);
    return prepareZeroPoint(b, loc, stored, zeroPointElement(), xElement);
  }
  Type zeroPointElement() const {
    return cast<RankedTensorType>(zeroPoint.getType()).getElementType();
  }
  /// Whether the zero point is one element by its type ([] or [1]; a
  /// per-axis op may have one, DQ-R13).
  bool hasOneElementZeroPoint() const {
    return zeroPoint &&
           isPerTensorShape(cast<ShapedType>(zeroPoint.getType()).getShape());
  }

  /// The prepared first zero point (a scalar): the zero point of every
  /// element of a per-tensor op (whose [?] zero point holds one element,
  /// checked at run time) or of one with hasOneElementZeroPoint().
  Value firstZeroPoint() {
    auto zpType = cast<RankedTensorType>(zeroPoint.getType());
    SmallVector<Value> zeros(zpType.getRank(), indexConstant(b, loc, 0));
    return preparedScalarZeroPoint(bitcastToStorage(b, loc, zeroPoint), zeros);
  }

  /// firstZeroPoint() broadcast to the lanes.
  Value broadcastFirstZeroPoint() { return broadcast(firstZeroPoint()); }

  /// Reads `lanes` x elements at `indices` for buildDequantize: the stored
  /// values, or with a decode table their decoded f32 values. Returns the
  /// element type buildDequantize should treat them as.
  std::pair<Value, Type> readX(const StoredReader &reader, ValueRange indices,
                               bool inBounds) {
    if (readsNibblePairs())
      return {reader.readBytes(b, loc, indices, lanes, inBounds), xElement};
    if (unpackToI32)
      return {reader.readAsI32(b, loc, indices, lanes, inBounds), xElement};
    if (!decodeTable)
      return {reader.read(b, loc, indices, lanes, inBounds), xElement};
    Value codes = reader.read(b, loc, indices, lanes, inBounds,
                              /*rawCodes=*/true);
    Type f32 = b.getF32Type();
    return {decodeTable->lookupHighHalves(b, loc, codes, registerLanes), f32};
  }

  /// A new table of `length` entries of `type`, written before it is read.
  /// It is a bufferization.alloc_tensor, not a tensor.empty: CSE merges
  /// identical tensor.empty ops, and One-Shot Bufferize (LLVM 22) then gives
  /// two tables carried through one loop one buffer when the loop's results
  /// for them are unused, so that the second table's writes overwrite the
  /// first (the segment tables of f16 x: f32 scales and f32 zero points).
  Value scratchTable(int64_t length, Type type) {
    return bufferization::AllocTensorOp::create(
        b, loc, RankedTensorType::get({length}, type), ValueRange{});
  }

  /// A decoded per-axis table of `length` entries: entry j is
  /// decode(param[(j / N) % K]); or the parameter itself where that is the
  /// same (then `*inPlace` is set), also for scales in the loops that fold
  /// the rebias (foldsScales): the steps fold it where they read the
  /// scales (FlatParams::scaleTableInPlace), which costs less than writing
  /// a table of them per call (16 KiB for 4096 f32 scales).
  Value buildAxisTable(Value param, bool isScale, int64_t length,
                       bool *inPlace = nullptr, bool *split = nullptr) {
    Type paramElement =
        cast<RankedTensorType>(param.getType()).getElementType();
    // (nativeF16 loops, whose steps multiply f16 scales, keep them f16: an
    // f16 scale is then its own table.)
    Type entryType = isScale ? b.getF32Type() : zpTableEntryType(paramElement);
    if (isScale && nativeF16)
      entryType = b.getF16Type();
    Value init = scratchTable(length, entryType);
    auto decode = [&](OpBuilder &nb, Location nloc, Value value) -> Value {
      if (isScale && entryType.isF16()) {
        Value scale = decodeScaleWith(nb, nloc, value, paramElement);
        auto vector = dyn_cast<VectorType>(scale.getType());
        return arith::TruncFOp::create(
            nb, nloc, vector ? Type(vector.clone(entryType)) : entryType,
            scale);
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
      if (decodesToItself(paramElement, entryType)) {
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
        if (split)
          entries = splitHalves(b, loc, entries);
        return vector::TransferWriteOp::create(b, loc, entries, table, to,
                                               ArrayRef<bool>{true})
            .getResult();
      };
      Value zero = indexConstant(b, loc, 0);
      Value copied = emitLoop(
          zero, indexConstant(b, loc, plan.axisDim),
          indexConstant(b, loc, lanes), init,
          [&](Value j, Value table) { return copyVector(j, j, table); });
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
          Value row = arith::DivUIOp::create(
              nb, nloc, j, indexConstant(nb, nloc, plan.inner));
          Value index = arith::RemUIOp::create(
              nb, nloc, row, indexConstant(nb, nloc, plan.axisDim));
          Value value = tensor::ExtractOp::create(nb, nloc, stored, index);
          linalg::YieldOp::create(nb, nloc, decode(nb, nloc, value));
        });
    return generic.getResult(0);
  }

  /// The type prepareZeroPoint produces for a zero point of `zpElement`.
  Type prepareZeroPointType(Type zpElement) {
    if (!isa<IntegerType>(xElement))
      return b.getF32Type();
    return getDifferenceType(b.getContext(), xElement, zpElement);
  }

  /// What a per-axis table holds for a zero point of `zpElement`: integers
  /// of the zero point's own width rounded up to a byte multiple (i8 for
  /// i2..i8 and ui2..ui8, i16 for i16 and ui16, ...), extended to the
  /// difference type in registers with the zero point's signedness (on x86
  /// a sign- or zero-extending load). The loop reads a half or a quarter of
  /// the bytes of a table of the difference type, and a zero point stored
  /// as the entry type, read whole steps at a time, is its own table
  /// (decodesToItself). Else the prepared type.
  Type zpTableEntryType(Type zpElement) {
    Type prepared = prepareZeroPointType(zpElement);
    auto zpInt = dyn_cast<IntegerType>(zpElement);
    auto preparedInt = dyn_cast<IntegerType>(prepared);
    if (!zpInt || !preparedInt)
      return prepared;
    unsigned narrow =
        std::max<unsigned>(8, llvm::PowerOf2Ceil(zpInt.getWidth()));
    if (narrow >= preparedInt.getWidth())
      return prepared;
    return b.getIntegerType(narrow);
  }

  /// Zero-point entries read from a per-axis table (zpTableEntryType) in
  /// the prepared type.
  Value preparedTableZeroPoint(Value entries) {
    Type prepared = prepareZeroPointType(zeroPointElement());
    if (prepared == getElementTypeOrSelf(entries.getType()))
      return entries;
    return extendStoredInteger(b, loc, entries, zeroPointElement(),
                               cast<IntegerType>(prepared));
  }

  Value readTable(Value table, Value offset, Type entryType) {
    Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(entryType));
    return vector::TransferReadOp::create(b, loc, vectorOf(entryType), table,
                                          ValueRange{offset}, padding,
                                          ArrayRef<bool>{true});
  }

  /// Block-flat with lanes / B > 1 entries per step: whether a parameter of
  /// `paramElement` is read as one vector of them (whole bytes when
  /// packed), instead of one scalar each.
  bool readsBlockEntriesAsVector(Type paramElement) const {
    int64_t entries = lanes / plan.blockSize;
    if (plan.blockSize % lanes == 0 || entries <= 1)
      return false;
    return !isPackedSubByteType(paramElement) ||
           (entries * paramElement.getIntOrFloatBitWidth()) % 8 == 0;
  }

  /// Blocked, whole blocks per row, innermost axis: the parameter of flat
  /// element i is flat entry i / B of `flatParam` (a storage tensor of a
  /// parameter declared as `paramElement`), read with `reader` when it is
  /// set (see readsBlockEntriesAsVector).
  Value readBlockFlat(Value flatParam, Type paramElement, Value i, Value count,
                      bool isScale, const std::optional<StoredReader> &reader,
                      bool inBounds) {
    auto decode = [&](Value stored) {
      return isScale ? decodeScaleWith(b, loc, stored, paramElement)
                     : prepareZeroPoint(b, loc, stored, paramElement, xElement);
    };
    Value first = arith::DivUIOp::create(b, loc, i,
                                         indexConstant(b, loc, plan.blockSize));
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
      Value last =
          arith::SubIOp::create(b, loc, count, indexConstant(b, loc, 1));
      SmallVector<Value> values;
      for (int64_t e = 0; e < entries; ++e) {
        Value index = arith::MinUIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, first, indexConstant(b, loc, e)),
            last);
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

  /// The lanes / B entries of a step (blocks shorter than a step), each
  /// repeated over its block's B lanes: one shuffle (spreadEntries).
  Value spreadOverBlocks(Value entries) {
    SmallVector<int64_t> spread;
    for (int64_t lane = 0; lane < lanes; ++lane)
      spread.push_back(lane / plan.blockSize);
    return spreadEntries(entries, spread);
  }

  /// Block tables of 2-bit x with f16/bf16 results spread each entry over 4
  /// lanes (blockLookupStep): their steps read their entries from the
  /// segment tables as one vector (readBlockTable), where LLVM broadcasts
  /// scalar reads and inserts them 128 bits at a time. In an A/B
  /// (scripts/bench.sh --full --ab-binary, 5 rounds, Zen 4, 2026-11-25
  /// 12:41 UTC) i2/ui2 blocked-32 -> f16/bf16 ran 1.12-1.15x faster at
  /// 64 Ki and 4 Mi; the same read for i4 and fp4 x (16 entries per block)
  /// ran at 0.72-0.80x.
  bool readsBlockEntriesOnce() const {
    return blockLookup && LookupTable::blockTableCodes(xElement, yElement) < 16;
  }

  /// Block-flat: the number of entries T of the segment tables, or 0 when
  /// they are not used. The flat loop then runs over segments of T * B
  /// elements; each first decodes the segment's T scales (f32) and zero
  /// points (the type dequantize() subtracts) into small tables, which its
  /// steps read one scalar per block and broadcast: a load that x86 folds
  /// into the multiply or subtraction ({1to16}), where decoding in the step
  /// costs a conversion and shuffles per block (block tables of 2-bit x read
  /// a step's entries as one vector instead, readsBlockEntriesOnce). T is a
  /// multiple of `lanes` (the tables are built with whole vectors), chosen for
  /// segments of about 4096 elements; blocks longer than 4 * lanes keep the
  /// per-step read (one decode per several steps).
  int64_t blockTableEntries() const {
    if (plan.scheme != Scheme::BlockFlat || plan.blockSize > 4 * lanes)
      return 0;
    int64_t perSegment = std::clamp<int64_t>(4096 / (lanes * plan.blockSize),
                                             /*lo=*/1, /*hi=*/4);
    return perSegment * lanes;
  }

  /// Axis table whose period P' is a whole number (> 1) of steps: the
  /// number of periods R of a period tile, or 0 when tiles are not used.
  /// The flat loop then runs over tiles of R periods (with the axis
  /// innermost, R rows of x), column step by column step: each column step
  /// reads its scales and zero points from the tables once (and widens the
  /// zero points once) for the R steps at that offset of each period, so
  /// the table reads, which for a long axis come from L2 rather than L1,
  /// and the zero-point widening shuffles are shared by R steps. R is the
  /// period-tile option (getHostPeriodTile: 1 for most forms on Zen 5,
  /// where one period at a time ran faster, else 4).
  int64_t periodTileCount() const {
    if (plan.scheme != Scheme::AxisTable || useLookup ||
        plan.period % lanes != 0 || plan.period == lanes)
      return 0;
    return periodTile;
  }

  /// The element type dequantize() subtracts for a zero point of
  /// `zpElement` (prepareZeroPoint's, widened to i32 like widenZeroPoint).
  Type subtractedZeroPointType(Type zpElement) {
    return widenedZeroPointType(prepareZeroPointType(zpElement));
  }

  /// Writes the decoded entries [first, first + T) of a block parameter,
  /// read with `reader`, into `table` (a tensor of T entries).
  Value fillBlockTable(Value table, const StoredReader &reader, Value first,
                       bool isScale) {
    int64_t entries = blockTableEntries();
    for (int64_t t = 0; t < entries; t += lanes) {
      Value index =
          arith::AddIOp::create(b, loc, first, indexConstant(b, loc, t));
      Value stored = reader.read(b, loc, ValueRange{index}, lanes, true);
      Value decoded = isScale ? decodeScale(stored) : decodeZeroPoint(stored);
      table = vector::TransferWriteOp::create(b, loc, decoded, table,
                                              indexConstant(b, loc, t),
                                              ArrayRef<bool>{true})
                  .getResult();
    }
    return table;
  }

  /// The per-lane parameter of the step at element `local` of a segment (a
  /// multiple of `lanes`): entry base + local / B of `table` spread over its
  /// B lanes (lanes / B entries when blocks are shorter than a step).
  Value readBlockTable(Value table, Value base, Value local) {
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

  /// Per-tensor, axis-table and block-flat schemes: loops over the
  /// flattened x, each ending in one masked tail. With several threads and
  /// enough elements, the range is split into one chunk per thread
  /// (multiples of `lanes`) under an scf.forall.
  Value buildFlat() {
    Value xFlat = flatten(b, loc, op.getX());
    StoredReader xReader(b, loc, xFlat, 0);
    OpFoldResult totalSize = tensor::getMixedSize(b, loc, xFlat, 0);
    Value total = getValueOrCreateConstantIndexOp(b, loc, totalSize);
    Value init = tensor::EmptyOp::create(
        b, loc, ArrayRef<OpFoldResult>{totalSize}, storeElement);

    // Loop-invariant parameters.
    FlatParams params;
    if (zeroPoint)
      params.zpEntryType = zpTableEntryType(zeroPointElement());
    if (plan.scheme == Scheme::PerTensor) {
      Value scale = decodedScalarScale(op.getScale());
      if (useLookup) {
        Value zp = zeroPoint ? firstZeroPoint() : Value();
        params.lookup.emplace(b, loc, xElement, scale, zp, yElement,
                              lookupF32Entries);
      } else {
        params.scaleVector = broadcast(scale);
      }
    } else if (plan.scheme == Scheme::AxisTable && periodEntries) {
      // A period table (LookupTable::periodTableEntries): from the one
      // step's worth of parameters that every step reads.
      Value zero = indexConstant(b, loc, 0);
      int64_t length = plan.period + lanes;
      Value scale = readTable(buildAxisTable(op.getScale(), true, length), zero,
                              b.getF32Type());
      Value zp;
      if (zeroPoint && hasOneElementZeroPoint())
        zp = broadcastFirstZeroPoint();
      else if (zeroPoint)
        zp = preparedTableZeroPoint(
            readTable(buildAxisTable(zeroPoint, false, length), zero,
                      params.zpEntryType));
      params.lookup.emplace(LookupTable::forPeriod(
          b, loc, xElement, scale, zp, yElement, plan, periodEntries, lanes));
    } else if (plan.scheme == Scheme::AxisTable && plan.direct) {
      params.scaleDirect.emplace(b, loc, op.getScale(), 0);
    } else if (plan.scheme == Scheme::AxisTable) {
      params.scaleTable = buildAxisTable(
          op.getScale(), true, plan.period + lanes, &params.scaleTableInPlace,
          splitsScaleTable() ? &params.scaleTableSplit : nullptr);
    } else {
      Value flatScale = flatten(b, loc, op.getScale());
      params.scaleFlat = bitcastToStorage(b, loc, flatScale);
      params.count = tensor::DimOp::create(b, loc, params.scaleFlat, 0);
      if (readsBlockEntriesAsVector(scaleElement))
        params.scaleReader.emplace(b, loc, flatScale, 0);
      if (blockTableEntries())
        params.scaleTableReader.emplace(b, loc, flatScale, 0);
    }
    if (zeroPoint && !params.lookup) {
      if (plan.scheme == Scheme::PerTensor || hasOneElementZeroPoint()) {
        params.zpVector = broadcastFirstZeroPoint();
      } else if (plan.scheme == Scheme::AxisTable && plan.direct) {
        params.zpDirect.emplace(b, loc, zeroPoint, 0);
      } else if (plan.scheme == Scheme::AxisTable) {
        params.zpTable = buildAxisTable(zeroPoint, false, plan.period + lanes);
      } else {
        Value flatZp = flatten(b, loc, zeroPoint);
        params.zpFlat = bitcastToStorage(b, loc, flatZp);
        if (readsBlockEntriesAsVector(zeroPointElement()))
          params.zpReader.emplace(b, loc, flatZp, 0);
        if (blockTableEntries())
          params.zpTableReader.emplace(b, loc, flatZp, 0);
      }
    }

    if (numThreads <= 1 || getConstantIntValue(totalSize).value_or(
                               parallelThreshold) < parallelThreshold)
      return unflatten(emitRange(xReader, params, indexConstant(b, loc, 0),
                                 totalSize, init));

    // Chunks start on a segment (so segment tables start on a byte of a
    // packed parameter) or on a period tile (so its column steps read the
    // tables at their offset in the tile).
    int64_t granule = lanes;
    if (int64_t entries = blockTableEntries())
      granule = entries * plan.blockSize;
    else if (int64_t tilePeriods = periodTileCount())
      granule = tilePeriods * plan.period;
    return unflatten(emitChunked(
        total, total, granule, init, /*innerSize=*/OpFoldResult(),
        [&](Value begin, Value length, Value slice) {
          return emitRange(xReader, params, begin, OpFoldResult(length), slice);
        }));
  }

  /// Splits the items [0, count) (elements of a flat loop, with a null
  /// `innerSize`, or rows of a [count, innerSize] tensor) into one chunk per
  /// thread, each a multiple of `granule` items, under an scf.forall, when the
  /// loop covers at least `parallelThreshold` elements (`elements`), else into
  /// one chunk. `emitChunk(begin, length, slice)` fills `slice`, the chunk's
  /// part of `init` (indexed from 0), and returns it.
  Value emitChunked(
      Value count, Value elements, int64_t granule, Value init,
      OpFoldResult innerSize,
      function_ref<Value(Value begin, Value length, Value slice)> emitChunk) {
    Value one = indexConstant(b, loc, 1);
    Value isLarge =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, elements,
                              indexConstant(b, loc, parallelThreshold));
    Value chunks = arith::SelectOp::create(
        b, loc, isLarge, indexConstant(b, loc, numThreads), one);
    // chunk = ceil(ceil(count / chunks) / granule) * granule
    Value chunk = arith::CeilDivUIOp::create(b, loc, count, chunks);
    if (granule > 1) {
      Value step = indexConstant(b, loc, granule);
      chunk = arith::MulIOp::create(
          b, loc, arith::CeilDivUIOp::create(b, loc, chunk, step), step);
    }
    auto forall = scf::ForallOp::create(
        b, loc, ArrayRef<OpFoldResult>{OpFoldResult(chunks)}, ValueRange{init},
        std::nullopt, [&](OpBuilder &nb, Location, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          Value c = args[0], out = args[1];
          // A chunk that starts at or past the end is empty and starts at 0,
          // so every chunk's start is a multiple of `granule` (clamping it
          // to `count` would not be: --qdq-nontemporal-stores then could not
          // prove the alignment of its writes).
          Value start = arith::MulIOp::create(b, loc, c, chunk);
          Value zero = indexConstant(b, loc, 0);
          Value inRange = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ult, start, count);
          Value begin = arith::SelectOp::create(b, loc, inRange, start, zero);
          Value end = arith::MinUIOp::create(
              b, loc, arith::AddIOp::create(b, loc, start, chunk), count);
          Value length = arith::SelectOp::create(
              b, loc, inRange, arith::SubIOp::create(b, loc, end, start), zero);
          SmallVector<OpFoldResult> offsets{begin}, sizes{length},
              strides{b.getIndexAttr(1)};
          if (innerSize) {
            offsets.push_back(b.getIndexAttr(0));
            sizes.push_back(innerSize);
            strides.push_back(b.getIndexAttr(1));
          }
          Value slice = tensor::ExtractSliceOp::create(b, loc, out, offsets,
                                                       sizes, strides);
          Value done = emitChunk(begin, length, slice);
          auto terminator = scf::InParallelOp::create(b, loc);
          b.setInsertionPointToStart(terminator.getBody());
          tensor::ParallelInsertSliceOp::create(b, loc, done, out, offsets,
                                                sizes, strides);
        });
    return forall.getResult(0);
  }

  /// The loop-invariant parameters of the flat schemes.
  struct FlatParams {
    Value scaleVector, zpVector, scaleTable, zpTable, scaleFlat, zpFlat;
    Value count;
    /// Block-flat with several blocks per step: readers of their entries.
    std::optional<StoredReader> scaleReader, zpReader;
    /// Block-flat with segment tables (blockTableEntries() > 0): readers of
    /// the whole flat parameters, read `lanes` entries at a time.
    std::optional<StoredReader> scaleTableReader, zpTableReader;
    Type zpEntryType;
    /// Axis table with `plan.direct`: readers of the scale and zero point,
    /// read (and decoded) where the tables would be.
    std::optional<StoredReader> scaleDirect, zpDirect;
    /// `scaleTable` is the op's f32 scale read in place: in the loops that
    /// fold the rebias its entries are not folded (buildAxisTable).
    bool scaleTableInPlace = false;
    /// `scaleTable` holds each step's scales in halves (splitsScaleTable).
    bool scaleTableSplit = false;
    /// Per-tensor x of at most 8 bits (see LookupTable): the whole formula.
    std::optional<LookupTable> lookup;
  };

  /// An scf.for from `lower` to `upper` by `step` that carries one value,
  /// starting at `init`: `body(iv, carried)` emits an iteration at `b`'s
  /// insertion point and returns the value it yields. Returns the loop's
  /// result.
  Value emitLoop(Value lower, Value upper, Value step, Value init,
                 function_ref<Value(Value, Value)> body) {
    auto loop = scf::ForOp::create(
        b, loc, lower, upper, step, ValueRange{init},
        [&](OpBuilder &nb, Location, Value iv, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          scf::YieldOp::create(b, loc, body(iv, args[0]));
        });
    return loop.getResult(0);
  }

  /// `length` rounded down to a multiple of `unit` (index values).
  Value roundDown(Value length, Value unit) {
    return arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, length, unit), unit);
  }

  /// Block-flat with segment tables (blockTableEntries()): the whole
  /// segments of the elements [start, start + length) into `dest`. Each
  /// decodes its entries of the scale and zero point into tables (an f32
  /// scale, already what its table would hold, is read in place), then runs
  /// its steps with `emitStep(j, acc, scale, zp)` (j relative to `start`).
  /// Returns the result and the first element after the last whole
  /// segment.
  std::pair<Value, Value>
  emitSegments(const FlatParams &p, Value start, Value length, Value dest,
               function_ref<Value(Value, Value, Value, Value)> emitStep) {
    int64_t entries = blockTableEntries();
    Value zero = indexConstant(b, loc, 0);
    Value segment = indexConstant(b, loc, entries * plan.blockSize);
    Value segmentsEnd = roundDown(length, segment);
    // Per parameter: its table's type, or null (an f32 scale is read in
    // place; no zero point). (In nativeF16 loops, tables of f16 scales
    // and i16 zero points ran at 1.29-1.34x with f8E4M3FN, f8E4M3FNUZ and
    // f8E5M2FNUZ x but at 0.79x with f8E5M2 x and 0.86-0.88x with i8 and
    // ui8 x: blocked-32 at 64 Ki elements on an AVX512_FP16 Xeon,
    // bench/HISTORY.md, 2026-12-02. They stay f32 and the subtracted type.)
    Type scaleTableType =
        decodesToItself(scaleElement, b.getF32Type()) && scalesReadInPlace()
            ? Type()
            : b.getF32Type();
    // (A stored zero point is never the subtracted type: that is wider.)
    Type zpTableType;
    if (p.zpTableReader)
      zpTableType = subtractedZeroPointType(zeroPointElement());
    SmallVector<Value> inits{dest};
    for (Type tableType : {scaleTableType, zpTableType})
      if (tableType)
        inits.push_back(scratchTable(entries, tableType));
    auto segments = scf::ForOp::create(
        b, loc, zero, segmentsEnd, segment, inits,
        [&](OpBuilder &nb, Location, Value s, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          Value firstEntry = arith::DivUIOp::create(
              b, loc, arith::AddIOp::create(b, loc, start, s),
              indexConstant(b, loc, plan.blockSize));
          SmallVector<Value> results{args[0]};
          // A table and the index of the segment's first entry in it.
          Value scaleTable = p.scaleFlat, scaleBase = firstEntry;
          Value zpTable;
          unsigned next = 1;
          if (scaleTableType) {
            scaleTable = fillBlockTable(args[next++], *p.scaleTableReader,
                                        firstEntry, /*isScale=*/true);
            scaleBase = zero;
            results.push_back(scaleTable);
          }
          if (zpTableType) {
            zpTable = fillBlockTable(args[next++], *p.zpTableReader, firstEntry,
                                     /*isScale=*/false);
            results.push_back(zpTable);
          }
          results[0] =
              emitLoop(zero, segment, indexConstant(b, loc, lanes), args[0],
                       [&](Value local, Value acc) {
                         Value scale =
                             readBlockTable(scaleTable, scaleBase, local);
                         Value zp;
                         if (zpTable)
                           zp = readBlockTable(zpTable, zero, local);
                         Value j = arith::AddIOp::create(b, loc, s, local);
                         return emitStep(j, acc, scale, zp);
                       });
          scf::YieldOp::create(b, loc, results);
        });
    return {segments.getResult(0), segmentsEnd};
  }

  /// Axis table with period tiles (periodTileCount()): the whole tiles of
  /// the elements [start, start + length) into `dest`; `start` is a multiple
  /// of the period (a chunk start). Each column step c of a tile reads its
  /// table entries once and runs the steps c, c + P', ..., c + (R - 1) P' with
  /// `emitStep(j, acc, scale, zp)` (j relative to `start`). Returns the
  /// result and the first element after the last whole tile.
  std::pair<Value, Value>
  emitPeriodTiles(function_ref<Value(Value)> tableScale,
                  function_ref<Value(Value)> tableZeroPoint, Value length,
                  Value dest,
                  function_ref<Value(Value, Value, Value, Value)> emitStep) {
    int64_t tilePeriods = periodTileCount();
    Value zero = indexConstant(b, loc, 0);
    Value tile = indexConstant(b, loc, tilePeriods * plan.period);
    Value tilesEnd = roundDown(length, tile);
    Value tiles = emitLoop(zero, tilesEnd, tile, dest, [&](Value t, Value acc) {
      return emitLoop(
          zero, indexConstant(b, loc, plan.period),
          indexConstant(b, loc, lanes), acc, [&](Value c, Value acc) {
            Value scale = tableScale(c);
            Value zp =
                tableZeroPoint ? widenZeroPoint(tableZeroPoint(c)) : Value();
            Value first = arith::AddIOp::create(b, loc, t, c);
            for (int64_t r = 0; r < tilePeriods; ++r) {
              Value j = arith::AddIOp::create(
                  b, loc, first, indexConstant(b, loc, r * plan.period));
              acc = emitStep(j, acc, scale, zp);
            }
            return acc;
          });
    });
    return {tiles, tilesEnd};
  }

  /// Dequantizes flat elements [start, start + length) into `dest`, a tensor
  /// of `length` elements written at local indices: full vectors, then one
  /// masked tail.
  Value emitRange(const StoredReader &xReader, const FlatParams &p, Value start,
                  OpFoldResult lengthSize, Value dest) {
    Value length = getValueOrCreateConstantIndexOp(b, loc, lengthSize);
    Value periodValue = indexConstant(b, loc, plan.period);
    Value zero = indexConstant(b, loc, 0);
    // The table offset of element `start`.
    Value firstOffset = zero;
    if (plan.scheme == Scheme::AxisTable)
      firstOffset = arith::RemUIOp::create(b, loc, start, periodValue);
    bool hasScaleTable = p.scaleTable || p.scaleDirect;
    bool hasZpTable = p.zpTable || p.zpDirect;
    auto tableScale = [&](Value offset) {
      if (p.scaleDirect)
        return decodeScale(p.scaleDirect->read(b, loc, offset, lanes, true));
      Type entry =
          cast<RankedTensorType>(p.scaleTable.getType()).getElementType();
      Value scale = readTable(p.scaleTable, offset, entry);
      // (f16 scales of nativeF16 loops: widened, which nativeF16Product
      // looks through.)
      if (entry.isF16())
        return Value(
            arith::ExtFOp::create(b, loc, vectorOf(b.getF32Type()), scale));
      if (p.scaleTableInPlace && foldsScales())
        return timesPowerOfTwo(b, loc, scale, foldedRebias);
      if (p.scaleTableSplit)
        splitScales.insert(scale);
      return scale;
    };
    auto tableZeroPoint = [&](Value offset) {
      if (p.zpDirect)
        return decodeZeroPoint(p.zpDirect->read(b, loc, offset, lanes, true));
      return preparedTableZeroPoint(
          readTable(p.zpTable, offset, p.zpEntryType));
    };
    // A table whose period is one step (P' == lanes) gives every step the
    // same vectors: read them once, outside the loop.
    bool invariantTable =
        plan.scheme == Scheme::AxisTable && plan.period == lanes;
    Value scaleVector = p.scaleVector, zpVector = p.zpVector;
    if (invariantTable) {
      if (hasScaleTable)
        scaleVector = tableScale(firstOffset);
      if (hasZpTable)
        zpVector = tableZeroPoint(firstOffset);
    }
    // `sharedScale`/`sharedZp`: the step's parameters when the caller read
    // them (segment tables, period tiles), else read here.
    auto body = [&](Value j, Value offset, Value acc, bool inBounds,
                    Value sharedScale = Value(),
                    Value sharedZp = Value()) -> Value {
      Value i = arith::AddIOp::create(b, loc, start, j);
      if (p.lookup)
        return lookupStep(xReader, *p.lookup, ValueRange{i}, ValueRange{j}, acc,
                          inBounds);
      Value scale = sharedScale ? sharedScale : scaleVector;
      Value zp = sharedZp ? sharedZp : zpVector;
      if (!sharedScale && hasScaleTable && !invariantTable)
        scale = tableScale(offset);
      else if (!sharedScale && p.scaleFlat)
        scale = readBlockFlat(p.scaleFlat, scaleElement, i, p.count, true,
                              p.scaleReader, inBounds);
      if (!sharedZp && hasZpTable && !invariantTable)
        zp = tableZeroPoint(offset);
      else if (!sharedZp && p.zpFlat)
        zp = readBlockFlat(p.zpFlat, zeroPointElement(), i, p.count, false,
                           p.zpReader, inBounds);
      if (blockLookup)
        return vector::TransferWriteOp::create(
                   b, loc, blockLookupStep(xReader, i, inBounds, scale, zp),
                   acc, ValueRange{j}, ArrayRef<bool>{inBounds})
            .getResult();
      auto [xStored, xType] = readX(xReader, ValueRange{i}, inBounds);
      return dequantizeInto(xStored, xType, scale, zp, acc, ValueRange{j},
                            inBounds);
    };

    Value step = indexConstant(b, loc, lanes);
    Value full = roundDown(length, step);
    // Block tables: whole segments first; the steps after the last one read
    // their entries as below.
    Value stepsFrom = zero;
    std::optional<int64_t> staticLength = getConstantIntValue(lengthSize);
    if (int64_t entries = blockTableEntries();
        entries &&
        (!staticLength || *staticLength >= entries * plan.blockSize)) {
      std::tie(dest, stepsFrom) = emitSegments(
          p, start, length, dest,
          [&](Value j, Value acc, Value scale, Value zp) {
            return body(j, zero, acc, /*inBounds=*/true, scale, zp);
          });
    } else if (int64_t tilePeriods = periodTileCount();
               tilePeriods &&
               (!staticLength || *staticLength >= tilePeriods * plan.period)) {
      // The steps after the last whole tile start at a multiple of the
      // period, so at the table offset of `start`.
      std::tie(dest, stepsFrom) = emitPeriodTiles(
          tableScale,
          hasZpTable ? function_ref<Value(Value)>(tableZeroPoint) : nullptr,
          length, dest, [&](Value j, Value acc, Value scale, Value zp) {
            return body(j, zero, acc, /*inBounds=*/true, scale, zp);
          });
    }
    auto loop = scf::ForOp::create(
        b, loc, stepsFrom, full, step, ValueRange{dest, firstOffset},
        [&](OpBuilder &nb, Location, Value j, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          Value acc = body(j, args[1], args[0], /*inBounds=*/true);
          Value offset = args[1];
          if (plan.scheme == Scheme::AxisTable && !invariantTable) {
            // offset = (offset + lanes) mod P', as one compare and select.
            Value next = arith::AddIOp::create(b, loc, offset, step);
            Value wrapped = arith::SubIOp::create(b, loc, next, periodValue);
            Value wraps = arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::uge, next, periodValue);
            offset = arith::SelectOp::create(b, loc, wraps, wrapped, next);
          }
          scf::YieldOp::create(b, loc, ValueRange{acc, offset});
        });
    Value result = loop.getResult(0);
    Value tailOffset = loop.getResult(1);

    // The tail: fewer than `lanes` elements, read and written masked.
    if (std::optional<int64_t> count = getConstantIntValue(lengthSize)) {
      if (*count % lanes == 0)
        return result;
      return body(full, tailOffset, result, /*inBounds=*/false);
    }
    Value hasTail =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, full, length);
    auto tail = scf::IfOp::create(
        b, loc, hasTail,
        [&](OpBuilder &nb, Location) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          scf::YieldOp::create(
              b, loc, body(full, tailOffset, result, /*inBounds=*/false));
        },
        [&](OpBuilder &nb, Location) {
          scf::YieldOp::create(nb, loc, result);
        });
    return tail.getResult(0);
  }

  /// One step of block tables (blockLookup) at flat element `i` (a
  /// multiple of `lanes`), in store form: the results of the codes of each
  /// block the step covers (LookupTable::blockTableCodes: all 4 codes of
  /// 2-bit x for f16/bf16 results, else 16), from its scale and zero point
  /// (`scale` and `zp` hold them per lane, so lane k * B has block k's)
  /// with the arithmetic path, then the step's codes looked up in them (see
  /// LookupTable::appliesToBlocks). Reads past the end are masked unless
  /// `inBounds`.
  Value blockLookupStep(const StoredReader &xReader, Value i, bool inBounds,
                        Value scale, Value zp) {
    int64_t block = plan.blockSize;
    int64_t blocks = std::max<int64_t>(1, lanes / block);
    int64_t perBlock = LookupTable::blockTableCodes(xElement, yElement);
    SmallVector<int64_t> firstLanes;
    for (int64_t k = 0; k < blocks; ++k)
      firstLanes.append(perBlock, k * block);
    auto perEntry = [&](Value perLane) -> Value {
      if (!perLane)
        return perLane;
      return vector::ShuffleOp::create(b, loc, perLane, perLane, firstLanes);
    };
    Value codes = LookupTable::storedCodes(b, loc, xElement, perBlock * blocks);
    // (One statement each: the order of the ops must not depend on the
    // compiler's order of evaluating arguments.)
    Value entryScale = perEntry(scale);
    Value entryZp = perEntry(zp);
    Value entries = dequantize(codes, xElement, entryScale, entryZp);
    if (yElement.isF32()) {
      Value bytes = xReader.readBytes(b, loc, ValueRange{i}, lanes, inBounds);
      Value indices =
          LookupTable::packedIndices(b, loc, bytes, xReader.getPackedBits());
      auto slice = [&](Value vector, int64_t offset) -> Value {
        return vector::ExtractStridedSliceOp::create(
            b, loc, vector, ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{16},
            ArrayRef<int64_t>{1});
      };
      // Each 16 lanes (one register) lie in one block: its table.
      Value y =
          arith::ConstantOp::create(b, loc, b.getZeroAttr(vectorOf(yElement)));
      for (int64_t r = 0; r < lanes; r += 16) {
        Value table = slice(entries, perBlock * (blocks > 1 ? r / block : 0));
        Value part = TableLookupOp::create(b, loc, table, slice(indices, r));
        y = vector::InsertStridedSliceOp::create(
            b, loc, part, y, ArrayRef<int64_t>{r}, ArrayRef<int64_t>{1});
      }
      return y;
    }
    auto readCodes = [&] {
      return xReader.read(b, loc, ValueRange{i}, lanes, inBounds,
                          /*rawCodes=*/true);
    };
    // Byte planes of `count` entries, entry e the result first + e % period
    // of `entries`: one byte shuffle of the entries' bytes each.
    int64_t used = perBlock * blocks;
    Value entryBytes = vector::BitCastOp::create(
        b, loc, VectorType::get({2 * used}, b.getI8Type()), entries);
    auto planesOf = [&](int64_t count, int64_t first, int64_t period) {
      SmallVector<int64_t> lowBytes, highBytes;
      for (int64_t e = 0; e < count; ++e) {
        lowBytes.push_back(2 * (first + e % period));
        highBytes.push_back(2 * (first + e % period) + 1);
      }
      // (One statement each: the order of the ops must not depend on the
      // compiler's order of evaluating arguments.)
      Value low =
          vector::ShuffleOp::create(b, loc, entryBytes, entryBytes, lowBytes);
      Value high =
          vector::ShuffleOp::create(b, loc, entryBytes, entryBytes, highBytes);
      return std::pair<Value, Value>(low, high);
    };
    if (!blockPlanesShared) {
      // Planes of 16 entries per block (block k's codes, repeated to fill
      // them), each looked up by the step's lanes in block k. 4-bit codes
      // on 256-bit registers are unpacked in the in-lane order, so that
      // the looked-up bytes interleave in-lane.
      int64_t slice = std::min(block, lanes);
      bool inLaneOrder = xReader.getPackedBits() == 4 &&
                         blockLookupBytes == 32 && slice % 32 == 0 &&
                         lanes % 64 == 0;
      Value xCodes =
          inLaneOrder
              ? unpackNibblesInLaneOrder(
                    b, loc,
                    xReader.readBytes(b, loc, ValueRange{i}, lanes, inBounds))
              : readCodes();
      SmallVector<int64_t> elementAt;
      if (inLaneOrder)
        elementAt = LookupTable::laneOrder(slice, 32);
      Value y = arith::ConstantOp::create(
          b, loc, b.getZeroAttr(VectorType::get({lanes}, b.getI16Type())));
      for (int64_t r = 0; r < lanes; r += slice) {
        auto [low, high] = planesOf(16, perBlock * (r / block), perBlock);
        Value codes = vector::ExtractStridedSliceOp::create(
            b, loc, xCodes, ArrayRef<int64_t>{r}, ArrayRef<int64_t>{slice},
            ArrayRef<int64_t>{1});
        Value part = inLaneOrder
                         ? LookupTable::lookupWordsOrdered(b, loc, low, high,
                                                           codes, elementAt)
                         : LookupTable::lookupWords(b, loc, low, high, codes);
        y = vector::InsertStridedSliceOp::create(
            b, loc, part, y, ArrayRef<int64_t>{r}, ArrayRef<int64_t>{1});
      }
      return y;
    }
    // Planes of 64 entries: block k of the step at entries perBlock * k to
    // perBlock * (k + 1) - 1 (repeated to fill the table).
    auto [low, high] = planesOf(64, 0, used);
    // Each index is its code plus perBlock * its element's block in the
    // step.
    SmallVector<int64_t> offsets;
    if (blocks > 1)
      for (int64_t e = 0; e < lanes; ++e)
        offsets.push_back(perBlock * (e / block));
    Value xCodes = readCodes();
    return LookupTable::lookupWordsInLaneOrder(b, loc, low, high, xCodes,
                                               offsets);
  }

  /// One step of a lookup-table dequantization: the `lanes` codes of x at
  /// `readIndices` looked up in `table` and written at `writeIndices` of
  /// `acc`, masked past the end of the row unless `inBounds`.
  Value lookupStep(const StoredReader &xReader, const LookupTable &table,
                   ValueRange readIndices, ValueRange writeIndices, Value acc,
                   bool inBounds) {
    Value y;
    if (table.takesPackedBytes()) {
      Value bytes = xReader.readBytes(b, loc, readIndices, lanes, inBounds);
      y = table.lookupPacked(b, loc, bytes, xReader.getPackedBits());
    } else {
      Value codes = xReader.read(b, loc, readIndices, lanes, inBounds,
                                 /*rawCodes=*/true);
      // On 512-bit registers, the interleave of the planes in-lane: packed
      // codes are unpacked with a shuffle, which takes the reorder; loaded
      // 8-bit codes take it as one qword permute (it moves runs of 8).
      // Measured on Zen 4 (A/B, 2026-11-24 21:08 UTC, 64 Ki / 4 Mi): i8
      // per-tensor -> f16 82.9 / 81.2 -> 97.9 / 90.5 GB/s, f8E4M3FN
      // per-axis rows -> f16 77.1 / 73.5 -> 86.2 / 81.2.
      bool inLaneOrder = registerLanes == 16 && lanes % 64 == 0;
      y = table.lookup(b, loc, codes, inLaneOrder);
    }
    return vector::TransferWriteOp::create(b, loc, y, acc, writeIndices,
                                           ArrayRef<bool>{inBounds})
        .getResult();
  }

  /// One step of a row loop: dequantizes x[r, j : j + lanes] (a [R, N]
  /// view read with `xReader`) with `scale` and `zp` into row `local` of
  /// `acc`, masked past the end of the row unless `inBounds`.
  Value rowStep(const StoredReader &xReader, Value r, Value local, Value j,
                Value acc, Value scale, Value zp, bool inBounds) {
    auto [xStored, xType] = readX(xReader, ValueRange{r, j}, inBounds);
    return dequantizeInto(xStored, xType, scale, zp, acc, ValueRange{local, j},
                          inBounds);
  }

  /// Dequantizes one step's vectors (see dequantize) and writes them into
  /// `acc` at `indices`, masked past the end of the row unless `inBounds`.
  /// f16 results are rounded and written one register of f32 lanes at a
  /// time when the step is in bounds: each register's vcvtps2ph then stores
  /// to memory itself, where rounding the whole step first makes LLVM join
  /// pairs of narrowed registers with a shuffle (vinsertf64x4) before a
  /// wider store. Measured on Zen 4 (A/B of 108 f16-result cases, 64 Ki
  /// and 4 Mi, 2026-11-25 03:36 UTC): geometric means per x type 1.02-1.09x
  /// (bf16 x, bound by its subnormal products, 1.00x), up to 1.13x (i32
  /// per-tensor, 4 Mi). bf16 results of the integer rounding, split the
  /// same way (vpmovdw to memory), ran 0.93-1.03x: they keep the one write.
  /// Not on 128-bit registers: their 8-byte f16 writes could not become
  /// streaming stores (--qdq-nontemporal-stores takes 16 bytes and up), and
  /// would keep the step's other writes from streaming. Not with
  /// `joinF16Stores` either (F16StoreForm::Joined). With
  /// `separateF16Stores` (F16StoreForm::Separate, the host default on Zen
  /// 5, where vcvtps2ph to memory is slow) each register's vcvtps2ph
  /// narrows into a register behind an empty inline asm, so that its store
  /// stays a store of its own; also for steps of one register.
  Value dequantizeInto(Value xStored, Type xType, Value scale, Value zp,
                       Value acc, ValueRange indices, bool inBounds) {
    auto xVector = cast<VectorType>(xStored.getType());
    int64_t width = xVector.getNumElements();
    bool perRegister = inBounds && yElement.isF16() &&
                       !takesNativeF16(xStored, xType) && !joinF16Stores &&
                       registerLanes >= 8 &&
                       (width > registerLanes || separateF16Stores) &&
                       width % registerLanes == 0;
    if (!perRegister)
      return vector::TransferWriteOp::create(
                 b, loc, toStoreForm(dequantize(xStored, xType, scale, zp)),
                 acc, indices, ArrayRef<bool>{inBounds})
          .getResult();
    Value products = product(xStored, xType, scale, zp);
    SmallVector<Value> at(indices);
    for (int64_t k = 0; k < width; k += registerLanes) {
      Value part = vector::ExtractStridedSliceOp::create(
          b, loc, products, ArrayRef<int64_t>{k},
          ArrayRef<int64_t>{registerLanes}, ArrayRef<int64_t>{1});
      Value y = toStoreForm(
          convertF32ToResult(b, loc, part, yElement, bf16Rounding()));
      if (separateF16Stores)
        y = createRegisterBarrier(b, loc, y);
      if (k > 0)
        at.back() = arith::AddIOp::create(b, loc, indices.back(),
                                          indexConstant(b, loc, k));
      acc = vector::TransferWriteOp::create(b, loc, y, acc, at,
                                            ArrayRef<bool>{true})
                .getResult();
    }
    return acc;
  }

  /// Runs `rowBody(r, local, acc)` for each row r of a [rows, rowLength]
  /// result `init`, returning the row written (row `local` of `acc`). With
  /// several threads and enough elements, the rows are split into one chunk
  /// of whole rows per thread. With a `tileBody`, each chunk's whole tiles
  /// of `tileRows` rows run `tileBody(r, local, acc)` for rows r to
  /// r + tileRows - 1 instead, and only its last rows `rowBody`.
  Value emitRowLoops(Value rows, OpFoldResult rowLength, Value init,
                     function_ref<Value(Value, Value, Value)> rowBody,
                     function_ref<Value(Value, Value, Value)> tileBody = {},
                     int64_t tileRows = 0) {
    return emitRowLoops(
        rows, rowLength, init, /*scratchTypes=*/{},
        [&](Value r, Value local, Value acc, MutableArrayRef<Value>) {
          return rowBody(r, local, acc);
        },
        tileBody, tileRows);
  }

  /// emitRowLoops whose rows also fill and read scratch tensors of
  /// `scratchTypes` (`scratch` in `rowBody`, which replaces them with what
  /// it writes): created once per chunk, before its rows, and carried
  /// through the row loop so that they bufferize to one buffer each.
  Value emitRowLoops(
      Value rows, OpFoldResult rowLength, Value init,
      ArrayRef<RankedTensorType> scratchTypes,
      function_ref<Value(Value, Value, Value, MutableArrayRef<Value>)> rowBody,
      function_ref<Value(Value, Value, Value)> tileBody = {},
      int64_t tileRows = 0) {
    assert((scratchTypes.empty() || !tileBody) && "tiles take no scratch");
    assert((!tileBody || tileRows > 1) && "a tile takes several rows");
    Value zero = indexConstant(b, loc, 0);
    Value one = indexConstant(b, loc, 1);
    // Rows [first, first + count) into `dest`, a [count, rowLength] tensor
    // written at local row indices.
    auto emitRows = [&](Value first, Value count, Value dest) -> Value {
      Value from = zero;
      if (tileBody) {
        Value tile = indexConstant(b, loc, tileRows);
        from = roundDown(count, tile);
        dest = emitLoop(zero, from, tile, dest, [&](Value local, Value acc) {
          return tileBody(arith::AddIOp::create(b, loc, first, local), local,
                          acc);
        });
      }
      SmallVector<Value> inits{dest};
      for (RankedTensorType type : scratchTypes)
        inits.push_back(
            bufferization::AllocTensorOp::create(b, loc, type, ValueRange{}));
      auto loop = scf::ForOp::create(
          b, loc, from, count, one, inits,
          [&](OpBuilder &nb, Location, Value local, ValueRange args) {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
            SmallVector<Value> results(args.begin(), args.end());
            results[0] =
                rowBody(arith::AddIOp::create(b, loc, first, local), local,
                        args[0], MutableArrayRef<Value>(results).drop_front());
            scf::YieldOp::create(b, loc, results);
          });
      return loop.getResult(0);
    };
    std::optional<int64_t> staticRows = getConstantIntValue(rows);
    std::optional<int64_t> staticLength = getConstantIntValue(rowLength);
    if (numThreads <= 1 || (staticRows && staticLength &&
                            *staticRows * *staticLength < parallelThreshold))
      return emitRows(zero, rows, init);
    Value elements = arith::MulIOp::create(
        b, loc, rows, getValueOrCreateConstantIndexOp(b, loc, rowLength));
    return emitChunked(rows, elements, /*granule=*/1, init, rowLength,
                       emitRows);
  }

  /// The steps of one row of `rowLength` elements into `acc`: whole steps
  /// `step(j, acc, /*inBounds=*/true)`, then one masked step for the rest,
  /// if any (tested at run time when the length is dynamic).
  Value emitRowSteps(OpFoldResult rowLength, Value acc,
                     function_ref<Value(Value, Value, bool)> step) {
    Value lanesValue = indexConstant(b, loc, lanes);
    Value length = getValueOrCreateConstantIndexOp(b, loc, rowLength);
    Value full = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, length, lanesValue), lanesValue);
    acc = emitLoop(indexConstant(b, loc, 0), full, lanesValue, acc,
                   [&](Value j, Value acc) { return step(j, acc, true); });
    if (std::optional<int64_t> staticLength = getConstantIntValue(rowLength))
      return *staticLength % lanes ? step(full, acc, false) : acc;
    Value hasRest =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, full, length);
    return scf::IfOp::create(
               b, loc, hasRest,
               [&](OpBuilder &nb, Location) {
                 OpBuilder::InsertionGuard guard(b);
                 b.setInsertionPoint(nb.getInsertionBlock(),
                                     nb.getInsertionPoint());
                 scf::YieldOp::create(b, loc, step(full, acc, false));
               },
               [&](OpBuilder &nb, Location) {
                 scf::YieldOp::create(nb, loc, acc);
               })
        .getResult(0);
  }

  /// A tensor as rows of the dims from `axis` on: [prod(dims[0..axis)),
  /// prod(dims[axis..])] ([1, n] for axis 0).
  Value rowsFrom(Value tensor, int64_t axis) {
    if (axis > 0)
      return asRows(b, loc, tensor, axis - 1);
    Value flat = flatten(b, loc, tensor);
    auto type = cast<RankedTensorType>(flat.getType());
    return tensor::ExpandShapeOp::create(
        b, loc,
        RankedTensorType::get({1, type.getDimSize(0)}, type.getElementType()),
        flat, ArrayRef<ReassociationIndices>{{0, 1}},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1),
                               tensor::getMixedSize(b, loc, flat, 0)});
  }

  /// The stored entries [first, first + count) of row r of a 2-D parameter
  /// storage tensor: one vector read (masked past the row unless
  /// `inBounds`), or for packed types and count 1 entry by entry (a scalar
  /// for count 1), the indices clamped to `last` unless `inBounds`.
  Value readRowEntries(Value param2d, Value r, Value first, int64_t count,
                       bool inBounds, Value last) {
    Type storage = getElementTypeOrSelf(param2d.getType());
    VectorType type = VectorType::get({count}, storage);
    if (count > 1 && storage.getIntOrFloatBitWidth() >= 8)
      return readVector(b, loc, type, param2d, ValueRange{r, first}, inBounds);
    SmallVector<Value> values;
    for (int64_t e = 0; e < count; ++e) {
      Value index =
          arith::AddIOp::create(b, loc, first, indexConstant(b, loc, e));
      if (!inBounds)
        index = arith::MinUIOp::create(b, loc, index, last);
      values.push_back(
          tensor::ExtractOp::create(b, loc, param2d, ValueRange{r, index}));
    }
    if (count == 1)
      return values[0];
    return vector::FromElementsOp::create(b, loc, type, values);
  }

  /// The index of the last entry of a row of a 2-D parameter.
  Value lastEntryOf(Value param2d) {
    return arith::SubIOp::create(b, loc,
                                 tensor::DimOp::create(b, loc, param2d, 1),
                                 indexConstant(b, loc, 1));
  }

  /// Rows along the axis (Plan::alongRun): x as [M, K] rows; step j of a
  /// row takes the parameter entries j / B to (j + lanes - 1) / B of its
  /// parameter row (per-axis: the one row, its entries read in place and
  /// decoded once per column step of a tile of `period-tile` rows;
  /// blocked: row r of the [M, S] parameters, one scalar broadcast when B
  /// is whole steps, two selected by a prefix mask when B is longer but
  /// not whole steps, else lanes / B entries spread with a shuffle).
  Value buildRowsAlongAxis() {
    int64_t run = plan.alongRun;
    bool perAxis = plan.blockSize == 0;
    Value x2d = rowsFrom(op.getX(), plan.axis);
    OpFoldResult rowCount = tensor::getMixedSize(b, loc, x2d, 0);
    OpFoldResult rowLength = tensor::getMixedSize(b, loc, x2d, 1);
    StoredReader xReader(b, loc, x2d, rowLength);
    Value init = tensor::EmptyOp::create(
        b, loc, ArrayRef<OpFoldResult>{rowCount, rowLength}, storeElement);
    // Per-axis: the 1-D parameters, read at the step's column. Blocked:
    // [M, S] storage tensors.
    // (Groups read per-axis parameters as one [1, K] row.)
    auto view = [&](Value param) -> Value {
      if (perAxis && !plan.groupedRuns)
        return param;
      return bitcastToStorage(b, loc, rowsFrom(param, perAxis ? 0 : plan.axis));
    };
    Value scales = view(op.getScale()), zps;
    Value zpScalar;
    if (hasOneElementZeroPoint())
      zpScalar = broadcastFirstZeroPoint();
    else if (zeroPoint)
      zps = view(zeroPoint);
    std::optional<StoredReader> scaleReader, zpReader;
    if (perAxis && !plan.groupedRuns) {
      scaleReader.emplace(b, loc, scales, 0);
      if (zps)
        zpReader.emplace(b, loc, zps, 0);
    }
    auto decodeScaleFn = [&](Value stored) { return decodeScale(stored); };
    auto decodeZeroPointFn = [&](Value stored) {
      return decodeZeroPoint(stored);
    };
    // Entries of one parameter for the step at column j of row r, decoded
    // with `decode`. Blocked entries are decoded before they are broadcast
    // or spread over the lanes (a scalar or lanes / B entries, not a
    // vector of lanes).
    auto entries = [&](Value param, const std::optional<StoredReader> &reader,
                       Value r, Value j, bool inBounds,
                       function_ref<Value(Value)> decode) -> Value {
      if (perAxis)
        return decode(reader->read(b, loc, ValueRange{j}, lanes, inBounds));
      Value first =
          arith::DivUIOp::create(b, loc, j, indexConstant(b, loc, run));
      auto broadcastEntry = [&](Value k) -> Value {
        Value value =
            decode(tensor::ExtractOp::create(b, loc, param, ValueRange{r, k}));
        return vector::BroadcastOp::create(b, loc, vectorOf(value.getType()),
                                           value);
      };
      if (run % lanes == 0)
        return broadcastEntry(first);
      if (run > lanes) {
        // At most two blocks: the first up to the next block's first
        // column (a prefix mask), the next one after it (clamped to the
        // row's last block; lanes past the row are not stored).
        Value next =
            arith::AddIOp::create(b, loc, first, indexConstant(b, loc, 1));
        Value before = arith::SubIOp::create(
            b, loc,
            arith::MulIOp::create(b, loc, next, indexConstant(b, loc, run)), j);
        Value inFirst = vector::CreateMaskOp::create(
            b, loc, VectorType::get({lanes}, b.getI1Type()),
            ValueRange{before});
        return arith::SelectOp::create(b, loc, inFirst, broadcastEntry(first),
                                       broadcastEntry(arith::MinUIOp::create(
                                           b, loc, next, lastEntryOf(param))));
      }
      // A packed zero point is read entry by entry (lanes past the row, in
      // the masked step, take its last entry and are not stored).
      Value read = decode(readRowEntries(param, r, first, lanes / run, inBounds,
                                         lastEntryOf(param)));
      SmallVector<int64_t> spread;
      for (int64_t lane = 0; lane < lanes; ++lane)
        spread.push_back(lane / run);
      return vector::ShuffleOp::create(b, loc, read, read,
                                       b.getDenseI64ArrayAttr(spread));
    };
    Value rows = getValueOrCreateConstantIndexOp(b, loc, rowCount);
    // `count` rows from r (local row `local`), each column step reading and
    // decoding its parameters once for all of them.
    auto emitRowGroup = [&](Value r, Value local, Value dest, int64_t count) {
      return emitRowSteps(
          rowLength, dest, [&](Value j, Value acc, bool inBounds) {
            Value scale =
                entries(scales, scaleReader, r, j, inBounds, decodeScaleFn);
            Value zp = zpScalar;
            if (zps)
              zp = entries(zps, zpReader, r, j, inBounds, decodeZeroPointFn);
            for (int64_t t = 0; t < count; ++t) {
              Value offset = indexConstant(b, loc, t);
              Value row = arith::AddIOp::create(b, loc, r, offset);
              Value localRow =
                  local == r ? row
                             : arith::AddIOp::create(b, loc, local, offset);
              acc =
                  rowStep(xReader, row, localRow, j, acc, scale, zp, inBounds);
            }
            return acc;
          });
    };
    // Per-axis rows share their parameters: tiles of `period-tile` rows
    // (a row is one period; rowTile) share each step's reads and decoding,
    // as the period tiles of the static form.
    // Blocks that neither divide nor are whole steps (Plan::groupedRuns):
    // the groups of block rows, reading the entries of row r directly.
    auto readEntries = [&](Value param2d, bool isScale, Value r, Value first,
                           int64_t count, bool inBounds) -> Value {
      if (perAxis)
        r = indexConstant(b, loc, 0);
      Value stored = readRowEntries(param2d, r, first, count, inBounds,
                                    lastEntryOf(param2d));
      return isScale ? decodeScale(stored) : decodeZeroPoint(stored);
    };
    Value result = emitRowLoops(
        rows, rowLength, init,
        [&](Value r, Value local, Value dest) {
          if (plan.groupedRuns) {
            BlockRowInputs in{xReader, readEntries, scales, zps, zpScalar};
            return emitRowOfGroups(in, r, local, dest, rowLength);
          }
          return emitRowGroup(r, local, dest, 1);
        },
        perAxis && !plan.groupedRuns && rowTile > 1
            ? function_ref<Value(Value, Value, Value)>(
                  [&](Value r, Value local, Value dest) {
                    return emitRowGroup(r, local, dest, rowTile);
                  })
            : nullptr,
        rowTile);
    if (plan.axis == 0)
      return unflatten(tensor::CollapseShapeOp::create(
          b, loc, result, ArrayRef<ReassociationIndices>{{0, 1}}));
    return expandRows(result, plan.axis - 1);
  }

  /// A [R, N] result of rows split after dim `split` back in x's shape.
  Value expandRows(Value result, int64_t split) {
    auto yType = op.getY().getType();
    ReassociationIndices outerDims, innerDims;
    for (int64_t d = 0; d < yType.getRank(); ++d)
      (d <= split ? outerDims : innerDims).push_back(d);
    return expandTo(b, loc, fromStoreForm(result), yType,
                    ArrayRef<ReassociationIndices>{outerDims, innerDims},
                    tensor::getMixedSizes(b, loc, op.getX()));
  }

  /// Rows scheme: x as [R, N]; per-axis: one scalar per row (row r has
  /// k = r mod K); blocked: scale row (r / K) * S + (r mod K) / B. K and N
  /// may be dynamic (read from x at run time); packed x then has a static N
  /// (choosePlan), the row length its reader needs. With the axis innermost
  /// (Plan::alongRun), rows along the axis instead.
  Value buildRows() {
    if (plan.alongRun)
      return buildRowsAlongAxis();
    Value x2d = asRows(b, loc, op.getX(), plan.axis);
    OpFoldResult rowCount = tensor::getMixedSize(b, loc, x2d, 0);
    OpFoldResult rowLength = tensor::getMixedSize(b, loc, x2d, 1);
    StoredReader xReader(b, loc, x2d, rowLength);
    Value rows = getValueOrCreateConstantIndexOp(b, loc, rowCount);
    Value init = tensor::EmptyOp::create(
        b, loc, ArrayRef<OpFoldResult>{rowCount, rowLength}, storeElement);
    bool blocked = plan.blockSize > 0;
    Value scale2d, zp2d;
    std::optional<StoredReader> zpReader;
    if (blocked) {
      scale2d = asRows(b, loc, op.getScale(), plan.axis);
      if (zeroPoint && !hasOneElementZeroPoint()) {
        zp2d = asRows(b, loc, zeroPoint, plan.axis);
        zpReader.emplace(b, loc, zp2d, rowLength);
      }
    }
    std::optional<StoredReader> scaleReader;
    Value scaleStorage, zpStorage;
    if (blocked)
      scaleReader.emplace(b, loc, scale2d, rowLength);
    else
      scaleStorage = bitcastToStorage(b, loc, op.getScale());
    if (zeroPoint)
      zpStorage = bitcastToStorage(b, loc, zeroPoint);
    // A one-element zero point is prepared once: a scalar for the lookup
    // tables of per-axis rows (LookupTable::appliesToRows; each row builds
    // the table of its scale and zero point, and its steps look their codes
    // up), broadcast for the arithmetic.
    Value zpFirst, zpScalar;
    if (hasOneElementZeroPoint()) {
      zpFirst = firstZeroPoint();
      zpScalar = broadcast(zpFirst);
    }

    Value axisDim = getValueOrCreateConstantIndexOp(
        b, loc, tensor::getMixedSize(b, loc, op.getX(), plan.axis));
    Value blocks;
    if (blocked)
      blocks = ShapedType::isDynamic(plan.axisDim)
                   ? arith::CeilDivUIOp::create(
                         b, loc, axisDim, indexConstant(b, loc, plan.blockSize))
                         .getResult()
                   : indexConstant(b, loc, plan.blocks);
    Value result = emitRowLoops(
        rows, rowLength, init, [&](Value r, Value local, Value dest) {
          Value k = arith::RemUIOp::create(b, loc, r, axisDim);
          if (useLookup) {
            Value scale =
                decodeScale(tensor::ExtractOp::create(b, loc, scaleStorage, k));
            Value zp = zpFirst;
            if (zeroPoint && !zp)
              zp = preparedScalarZeroPoint(zpStorage, k);
            LookupTable table(b, loc, xElement, scale, zp, yElement,
                              lookupF32Entries);
            return emitRowSteps(
                rowLength, dest, [&](Value j, Value acc, bool inBounds) {
                  return lookupStep(xReader, table, ValueRange{r, j},
                                    ValueRange{local, j}, acc, inBounds);
                });
          }
          // Per-axis: the row's scalars, decoded once per row.
          Value rowScale, rowZp = zpScalar, paramRow;
          if (!blocked) {
            rowScale = broadcast(decodeScale(
                tensor::ExtractOp::create(b, loc, scaleStorage, k)));
            if (zeroPoint && !zpScalar)
              rowZp = broadcast(preparedScalarZeroPoint(zpStorage, k));
          } else {
            Value m = arith::DivUIOp::create(b, loc, r, axisDim);
            Value rowBase = arith::MulIOp::create(b, loc, m, blocks);
            Value block = arith::DivUIOp::create(
                b, loc, k, indexConstant(b, loc, plan.blockSize));
            paramRow = arith::AddIOp::create(b, loc, rowBase, block);
          }
          auto chunk = [&](Value j, Value acc, bool inBounds) {
            Value scale = rowScale, zp = rowZp;
            if (blocked) {
              scale = decodeScale(scaleReader->read(
                  b, loc, ValueRange{paramRow, j}, lanes, inBounds));
              if (zpReader)
                zp = decodeZeroPoint(zpReader->read(
                    b, loc, ValueRange{paramRow, j}, lanes, inBounds));
            }
            return rowStep(xReader, r, local, j, acc, scale, zp, inBounds);
          };
          return emitRowSteps(rowLength, dest, chunk);
        });
    return expandRows(result, plan.axis);
  }

  /// Block rows: blocked along the innermost axis in the forms block-flat
  /// does not take (a partial last block, K % B != 0, or B neither a
  /// multiple nor a divisor of the lanes), and per-axis in the forms the
  /// other schemes do not take (a long innermost axis that is not whole
  /// steps, a long period of rows shorter than a step), and blocked along
  /// an outer axis whose rows are shorter than a step. x is viewed as [M, L]
  /// rows whose columns take parameter entries in runs of B (Plan::run):
  /// blocked, L = K and the parameters are [M, S]; per-axis, L = K * N, B =
  /// N, and every row reads the one parameter row [1, K]; blocked along an
  /// outer axis, L = K * N and each block of B * N columns takes the N
  /// entries of its block periodically (Plan::runWidth). Blocked over a
  /// static x, a loop row may take several rows of x (L = R * K or R * K * N,
  /// parameters [M / R, R * S]; Plan::rowPeriod when x's rows are not whole
  /// runs). Each row runs its own steps (none spans two loop rows), the
  /// last one masked at the row's end.
  ///  - Plan::groupedRuns (B < lanes, entries varying within a run, or B
  ///    not whole steps with a group of at most kMaxGroupSteps steps):
  ///    groups of G = lcm(B, lanes) columns (G / lanes steps). Each row
  ///    first decodes its parameter row into row tables (RowTable; per-axis
  ///    rows share one, filled before the rows). Step s of a group starts
  ///    at column s * lanes of it, so its lanes take a fixed run of the
  ///    group's blocks: the step reads those entries from the tables with
  ///    one vector read and spreads them over its lanes with one static
  ///    shuffle, or, with B of at least a register, reads each entry as a
  ///    scalar (a broadcast load) and selects its lanes with a constant
  ///    mask (nativeF16 loops take no row tables: they read the entries in
  ///    place, a power of two of them, and always shuffle them before
  ///    widening them, see makeRowTable and spreadEntries). The columns
  ///    after the last whole group take the first steps of the same
  ///    pattern.
  ///  - Else (B whole steps, or a longer group): run by run. A run's scale
  ///    and zero point are decoded once and broadcast; its steps start at
  ///    its first column, and when B is not whole steps its last step runs
  ///    up to lanes - 1 columns into the next run, which rewrites them.
  ///    Runs that do not start on a byte of packed x take straddling steps
  ///    instead (emitRowOfStraddlingSteps).
  Value buildBlockRows() {
    if (!plan.remainderRows)
      return unflatten(buildBlockRowsOf(op.getX(), op.getScale(), zeroPoint));
    // A dynamic number of rows M (Plan::remainderRows): the first
    // M - M mod R rows of x (and their parameters) as loop rows of R rows,
    // then the M mod R rows left with a plan of x's own rows, into one flat
    // result. Packed x is not sliced: each part reads the whole x from its
    // first element on.
    int64_t rowsPerLoopRow = plan.rowsPerLoopRow;
    Value x = flatten(b, loc, op.getX());
    Value total = tensor::DimOp::create(b, loc, x, 0);
    Value loopRowLength = indexConstant(b, loc, plan.rowLength);
    Value wholeLength = roundDown(total, loopRowLength);
    Value restLength = arith::SubIOp::create(b, loc, total, wholeLength);
    // Entries per element are rowEntries / rowLength: whole rows of both.
    Value wholeEntries = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, wholeLength, loopRowLength),
        indexConstant(b, loc, plan.rowEntries));
    auto slice = [&](Value tensor, Value offset, Value size) -> Value {
      Value flat = flatten(b, loc, tensor);
      return tensor::ExtractSliceOp::create(
          b, loc, flat, ArrayRef<OpFoldResult>{offset},
          ArrayRef<OpFoldResult>{size},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    };
    auto restOf = [&](Value tensor, Value offset) -> Value {
      Value flat = flatten(b, loc, tensor);
      Value size = arith::SubIOp::create(
          b, loc, tensor::DimOp::create(b, loc, flat, 0), offset);
      return slice(flat, offset, size);
    };
    Value zero = indexConstant(b, loc, 0);
    // Each part writes its slice of the result in place (an extract_slice
    // and the insert_slice of the same slice): no copies.
    Value result = tensor::EmptyOp::create(
        b, loc, ArrayRef<OpFoldResult>{total}, storeElement);
    auto insert = [&](Value part, Value offset, Value size) {
      return tensor::InsertSliceOp::create(
          b, loc, part, result, ArrayRef<OpFoldResult>{offset},
          ArrayRef<OpFoldResult>{size},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    };
    // (One statement per slice: the order of the ops must not depend on
    // the compiler's order of evaluating arguments.)
    bool packedX = isPackedSubByteType(xElement);
    Value wholeX = packedX ? x : slice(x, zero, wholeLength);
    Value wholeScale = slice(op.getScale(), zero, wholeEntries);
    Value wholeZp = zeroPoint ? slice(zeroPoint, zero, wholeEntries) : Value();
    Value wholeInto = slice(result, zero, wholeLength);
    Value whole = buildBlockRowsOf(wholeX, wholeScale, wholeZp, wholeInto,
                                   packedX ? zero : Value());
    result = insert(whole, zero, wholeLength);
    Plan loopRows = plan;
    plan.rowLength /= rowsPerLoopRow;
    plan.rowEntries /= rowsPerLoopRow;
    plan.rowPeriod = plan.rowPeriodEntries = 0;
    plan.rowsPerLoopRow = 1;
    plan.remainderRows = false;
    Value restX = packedX ? x : restOf(x, wholeLength);
    Value restScale = restOf(op.getScale(), wholeEntries);
    Value restZp = zeroPoint ? restOf(zeroPoint, wholeEntries) : Value();
    Value restInto = slice(result, wholeLength, restLength);
    Value rest = buildBlockRowsOf(restX, restScale, restZp, restInto,
                                  packedX ? wholeLength : Value());
    plan = loopRows;
    result = insert(rest, wholeLength, restLength);
    return unflatten(result);
  }

  /// Block rows of x, `scale` and `zp` (the op's, or slices of them with
  /// whole rows), into a flat result of x's size (written into `into`, a
  /// slice of a larger result, if given). Packed x can not be sliced
  /// (qdq.packed_bytes takes identity layouts): with `packedOffset`, `x` is
  /// the op's whole flat x, read from that element on, for `into`'s size.
  Value buildBlockRowsOf(Value x, Value scale, Value zp, Value into = {},
                         Value packedOffset = {}) {
    int64_t rowLength = plan.rowLength;
    bool perAxis = plan.blockSize == 0;
    OpFoldResult totalSize =
        tensor::getMixedSize(b, loc, flatten(b, loc, into ? into : x), 0);
    OpFoldResult rowCount;
    if (std::optional<int64_t> total = getConstantIntValue(totalSize))
      rowCount = b.getIndexAttr(*total / rowLength);
    else
      rowCount = arith::DivUIOp::create(
                     b, loc, getValueOrCreateConstantIndexOp(b, loc, totalSize),
                     indexConstant(b, loc, rowLength))
                     .getResult();
    // A tensor as [M, length] (M = `rows`). M is static exactly when the
    // tensor's flat size is (expand_shape keeps static and dynamic sizes
    // apart): x and a parameter may differ there (static x, [?, S] scale).
    auto asMatrix = [&](Value tensor, int64_t length,
                        OpFoldResult rows) -> Value {
      Value flat = flatten(b, loc, tensor);
      auto type = cast<RankedTensorType>(flat.getType());
      int64_t rowsDim = ShapedType::kDynamic;
      OpFoldResult rowsOf;
      if (type.isDynamicDim(0)) {
        rowsOf = getValueOrCreateConstantIndexOp(b, loc, rows);
      } else {
        rowsDim = type.getDimSize(0) / length;
        rowsOf = b.getIndexAttr(rowsDim);
      }
      return tensor::ExpandShapeOp::create(
          b, loc,
          RankedTensorType::get({rowsDim, length}, type.getElementType()), flat,
          ArrayRef<ReassociationIndices>{{0, 1}},
          ArrayRef<OpFoldResult>{rowsOf, b.getIndexAttr(length)});
    };
    StoredReader xReader =
        packedOffset
            ? StoredReader(b, loc, x, rowLength)
            : StoredReader(b, loc, asMatrix(x, rowLength, rowCount), rowLength);
    if (packedOffset)
      xReader.setPackedOffset(packedOffset);
    OpFoldResult paramRows = perAxis ? b.getIndexAttr(1) : rowCount;
    Value scale2d =
        bitcastToStorage(b, loc, asMatrix(scale, plan.rowEntries, paramRows));
    // (Only a per-axis zero point may be one element: DQ-R6, DQ-R13.)
    Value zp2d, zpScalar;
    if (hasOneElementZeroPoint())
      zpScalar = broadcastFirstZeroPoint();
    else if (zp)
      zp2d = bitcastToStorage(b, loc, asMatrix(zp, plan.rowEntries, paramRows));
    Value lastEntry = indexConstant(b, loc, plan.rowEntries - 1);
    Value zero = indexConstant(b, loc, 0);

    // Grouped runs read their entries from row tables (RowTable): each
    // row's scales and zero points decoded once, before its steps, so that
    // the steps read decoded entries (broadcast loads) instead of decoding
    // and spreading them step by step. Per-axis rows share the one
    // parameter row, whose tables are filled once, before the rows; blocked
    // rows fill theirs (scratch carried through the row loop) at each row.
    RowTable scaleTable, zpTable;
    if (plan.groupedRuns) {
      scaleTable = makeRowTable(scale, /*isScale=*/true);
      if (zp2d)
        zpTable = makeRowTable(zp, /*isScale=*/false);
    }
    SmallVector<RankedTensorType> scratchTypes;
    for (RowTable *table : {&scaleTable, &zpTable}) {
      if (!table->type)
        continue;
      if (perAxis) {
        table->table = fillRowTable(
            *table, scratchTable(table->length, table->type.getElementType()),
            zero);
      } else {
        table->slot = scratchTypes.size();
        scratchTypes.push_back(table->type);
      }
    }

    // The decoded entries [first, first + count) of row r of a parameter
    // (an [M, S] storage tensor): one scalar, or a vector<count> read in one
    // piece (packed: element by element). Entries past the row's last are
    // masked (or clamped when packed); the lanes that take them are not
    // stored. Parameters with a row table read it (in bounds: the table
    // has room past the row's entries).
    auto readEntries = [&](Value param2d, bool isScale, Value r, Value first,
                           int64_t count, bool inBounds) -> Value {
      if (perAxis)
        r = zero;
      const RowTable &table = isScale ? scaleTable : zpTable;
      if (table.table) {
        Value index = arith::AddIOp::create(b, loc, first, table.shift);
        if (count == 1)
          return tensor::ExtractOp::create(b, loc, table.table, index);
        Type entry = table.type.getElementType();
        Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(entry));
        return vector::TransferReadOp::create(
            b, loc, VectorType::get({count}, entry), table.table,
            ValueRange{index}, padding, ArrayRef<bool>{true});
      }
      Value stored =
          readRowEntries(param2d, r, first, count, inBounds, lastEntry);
      return isScale ? decodeScale(stored) : decodeZeroPoint(stored);
    };

    // The rows' result: `into` (a flat slice of the op's result, written in
    // place) as [M, L], or a new tensor.
    Value init =
        into ? asMatrix(into, rowLength, rowCount)
             : tensor::EmptyOp::create(
                   b, loc,
                   ArrayRef<OpFoldResult>{rowCount, b.getIndexAttr(rowLength)},
                   storeElement)
                   .getResult();
    Value rows = getValueOrCreateConstantIndexOp(b, loc, rowCount);
    Value result = emitRowLoops(
        rows, b.getIndexAttr(rowLength), init, scratchTypes,
        [&](Value r, Value local, Value acc, MutableArrayRef<Value> scratch) {
          for (RowTable *table : {&scaleTable, &zpTable})
            if (table->slot >= 0)
              table->table = scratch[table->slot] =
                  fillRowTable(*table, scratch[table->slot], r);
          BlockRowInputs in{xReader, readEntries, scale2d, zp2d, zpScalar};
          if (plan.straddlingSteps)
            return emitRowOfStraddlingSteps(in, r, local, acc);
          if (plan.groupedRuns)
            return emitRowOfGroups(in, r, local, acc);
          return emitRowOfLongBlocks(in, r, local, acc);
        });
    return tensor::CollapseShapeOp::create(
        b, loc, result, ArrayRef<ReassociationIndices>{{0, 1}});
  }

  /// The decoded entries of one parameter row of block rows (grouped runs):
  /// a tensor `type` (f32 scales, zero points of the subtracted type) whose
  /// entry `shift + k` is entry k of the row. The row is decoded from the
  /// flat parameter read from its row's first entry rounded down to a byte
  /// (packed entries), so `shift` is that rounding. No table (null `type`)
  /// for a parameter stored as its decoded type.
  struct RowTable {
    RankedTensorType type;
    int64_t length = 0;
    int64_t entriesPerByte = 1;
    std::optional<StoredReader> reader; // of the flat parameter
    bool isScale = false;
    int slot = -1;      // scratch slot (blocked rows)
    Value table, shift; // the current row's
  };

  /// `entries` (a vector) spread over a step's lanes, lane p taking entry
  /// spread[p]. In nativeF16 loops, entries widened from fewer bits (an f16
  /// scale, a zero point of at most 16 bits) are spread before the
  /// widening, which nativeF16Product and zeroPointAsI16 then look
  /// through: one 16-bit shuffle per register (vpermw) instead of a 32-bit
  /// one per half register and a narrowing per step.
  Value spreadEntries(Value entries, ArrayRef<int64_t> spread) {
    Operation *widening = entries.getDefiningOp();
    if (!nativeF16 ||
        !isa_and_nonnull<arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp>(
            widening)) {
      return vector::ShuffleOp::create(b, loc, entries, entries,
                                       b.getDenseI64ArrayAttr(spread));
    }
    Value narrow = widening->getOperand(0);
    Value spreadNarrow = vector::ShuffleOp::create(
        b, loc, narrow, narrow, b.getDenseI64ArrayAttr(spread));
    Type wide = VectorType::get({int64_t(spread.size())},
                                getElementTypeOrSelf(entries.getType()));
    return widenLike(widening, wide, spreadNarrow);
  }

  /// `value` widened to `type` by an op of the kind of `widening`
  /// (arith.extf, arith.extsi or arith.extui).
  Value widenLike(Operation *widening, Type type, Value value) {
    if (isa<arith::ExtFOp>(widening))
      return arith::ExtFOp::create(b, loc, type, value);
    if (isa<arith::ExtSIOp>(widening))
      return arith::ExtSIOp::create(b, loc, type, value);
    return arith::ExtUIOp::create(b, loc, type, value);
  }

  RowTable makeRowTable(Value param, bool isScale) {
    RowTable table;
    // nativeF16 loops read the entries in place and spread them before they
    // widen them (spreadEntries). Against row tables of f16 scales and i16
    // zero points, blocked-24 -> f16 ran at 1.17-1.20x with i8 and ui8 x,
    // 1.15x with f8E5M2, 1.09x with f16 and 1.01x with f8E4M3FN x at 64 Ki
    // elements, 0.99-1.01x at 4 Mi (AVX512_FP16 Xeon, bench/HISTORY.md,
    // 2026-12-02).
    if (nativeF16)
      return table;
    Type element = cast<RankedTensorType>(param.getType()).getElementType();
    Type entry =
        isScale ? b.getF32Type() : subtractedZeroPointType(zeroPointElement());
    if (decodesToItself(element, entry) && (!isScale || scalesReadInPlace()))
      return table;
    if (isPackedSubByteType(element))
      table.entriesPerByte = 8 / element.getIntOrFloatBitWidth();
    // The row's entries from `shift` on, then room for the reads of the
    // steps past the row's end (at most lanes + width entries).
    table.length = llvm::alignTo(
        plan.rowEntries + table.entriesPerByte + lanes + plan.runWidth, lanes);
    table.type = RankedTensorType::get({table.length}, entry);
    table.reader.emplace(b, loc, flatten(b, loc, param), 0);
    table.isScale = isScale;
    return table;
  }

  /// Decodes parameter row r into `dest` (tables.length entries, from the
  /// row's first entry rounded down to a byte) and sets `table.shift`.
  /// Returns the filled table.
  ///
  /// A row of at least `lanes` entries is read without masks: whole vectors
  /// inside the row, then one vector that ends with the byte of the row's
  /// last entry (it rewrites entries already written, with the same
  /// values); past that the table is zero. Masked reads of 8- and 16-bit
  /// elements have no AVX2 instruction (LLVM tests and loads lane by
  /// lane): with them, i8 -> f16 blocked-24 rows of 4096 took 1.9x as long
  /// on Zen 3 (bench/HISTORY.md). Shorter rows are read with masks past
  /// the parameter's end.
  Value fillRowTable(RowTable &table, Value dest, Value r) {
    Value rowFirst = arith::MulIOp::create(
        b, loc, r, indexConstant(b, loc, plan.rowEntries));
    table.shift = indexConstant(b, loc, 0);
    Value from = rowFirst;
    if (table.entriesPerByte > 1) {
      table.shift = arith::RemUIOp::create(
          b, loc, rowFirst, indexConstant(b, loc, table.entriesPerByte));
      from = arith::SubIOp::create(b, loc, rowFirst, table.shift);
    }
    // Entry t of the table from `lanes` entries of the parameter at from + t.
    auto copyVector = [&](Value t, Value acc, bool inBounds) -> Value {
      Value stored = table.reader->read(
          b, loc, ValueRange{arith::AddIOp::create(b, loc, from, t)}, lanes,
          inBounds);
      Value decoded =
          table.isScale ? decodeScale(stored) : decodeZeroPoint(stored);
      return vector::TransferWriteOp::create(b, loc, decoded, acc, t,
                                             ArrayRef<bool>{true})
          .getResult();
    };
    Value step = indexConstant(b, loc, lanes);
    if (plan.rowEntries < lanes || lanes % table.entriesPerByte != 0)
      return emitLoop(indexConstant(b, loc, 0),
                      indexConstant(b, loc, table.length), step, dest,
                      [&](Value t, Value acc) {
                        return copyVector(t, acc, /*inBounds=*/false);
                      });
    // Zeros from the last whole vector of the row on (static: shift < a
    // byte's entries), then the row's whole vectors over them: table
    // entries [0, alignDown(shift + rowEntries, lanes)), read from `from`
    // (<= the row's first entry) up to at most the row's last.
    Type entry = table.type.getElementType();
    Value zeros = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorOf(entry), b.getZeroAttr(entry)));
    Value acc = dest;
    for (int64_t t = llvm::alignDown(plan.rowEntries, lanes); t < table.length;
         t += lanes)
      acc = vector::TransferWriteOp::create(b, loc, zeros, acc,
                                            indexConstant(b, loc, t),
                                            ArrayRef<bool>{true})
                .getResult();
    Value rowEnd = arith::AddIOp::create(
        b, loc, table.shift, indexConstant(b, loc, plan.rowEntries));
    Value whole = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, rowEnd, step), step);
    acc =
        emitLoop(indexConstant(b, loc, 0), whole, step, acc,
                 [&](Value t, Value acc) { return copyVector(t, acc, true); });
    if (plan.rowEntries % lanes == 0 && table.entriesPerByte == 1)
      return acc;
    // The rest of the row, fewer than `lanes` entries: the vector that
    // ends with the byte of the row's last entry, at table entry
    // alignTo(rowEnd, entriesPerByte) - lanes. That is >= 0 (rowEntries >=
    // lanes), a whole byte from `from` (lanes is a multiple of the entries
    // per byte), at most `whole` (so no entry of the row is left out) and,
    // with the table's room past the row, inside the table.
    Value end = rowEnd;
    if (table.entriesPerByte > 1) {
      Value perByte = indexConstant(b, loc, table.entriesPerByte);
      end = arith::MulIOp::create(
          b, loc, arith::CeilDivUIOp::create(b, loc, end, perByte), perByte);
    }
    return copyVector(arith::SubIOp::create(b, loc, end, step), acc, true);
  }

  /// What the row emitters of buildBlockRows (and the groups of
  /// buildRowsAlongAxis) read: x, the parameters as [M, S] storage tensors
  /// (no `zp2d` without a zero point or with a one-element one, `zpScalar`),
  /// and `readEntries(param2d, isScale, r, first, count, inBounds)`, the
  /// decoded entries [first, first + count) of row r of a parameter.
  struct BlockRowInputs {
    const StoredReader &x;
    function_ref<Value(Value, bool, Value, Value, int64_t, bool)> readEntries;
    Value scale2d, zp2d, zpScalar;
  };

  /// Block rows with B >= lanes (see buildBlockRows): row r of x into row
  /// `local` of `acc`.
  Value emitRowOfLongBlocks(const BlockRowInputs &in, Value r, Value local,
                            Value acc) {
    int64_t rowLength = plan.rowLength, blockSize = plan.run;
    // The block k of `length` columns from column `start`.
    auto runBlock = [&](Value k, Value start, int64_t length, Value acc) {
      Value scale = broadcast(in.readEntries(in.scale2d, true, r, k, 1, true));
      Value zp = in.zpScalar;
      if (in.zp2d)
        zp = broadcast(in.readEntries(in.zp2d, false, r, k, 1, true));
      int64_t steps = length / lanes;
      auto stepAt = [&](Value column, Value acc, bool inBounds) {
        return rowStep(in.x, r, local, column, acc, scale, zp, inBounds);
      };
      if (steps == 1) {
        acc = stepAt(start, acc, true);
      } else if (steps > 1) {
        Value end = arith::AddIOp::create(b, loc, start,
                                          indexConstant(b, loc, steps * lanes));
        acc =
            emitLoop(start, end, indexConstant(b, loc, lanes), acc,
                     [&](Value j, Value acc) { return stepAt(j, acc, true); });
      }
      // Past the block: masked at the row's end; a next block rewrites the
      // columns that are its own.
      if (length % lanes)
        acc = stepAt(arith::AddIOp::create(
                         b, loc, start, indexConstant(b, loc, steps * lanes)),
                     acc, false);
      return acc;
    };
    int64_t wholeBlocks = rowLength / blockSize;
    acc = emitLoop(indexConstant(b, loc, 0), indexConstant(b, loc, wholeBlocks),
                   indexConstant(b, loc, 1), acc, [&](Value k, Value acc) {
                     Value start = arith::MulIOp::create(
                         b, loc, k, indexConstant(b, loc, blockSize));
                     return runBlock(k, start, blockSize, acc);
                   });
    if (int64_t partial = rowLength % blockSize)
      acc = runBlock(indexConstant(b, loc, wholeBlocks),
                     indexConstant(b, loc, wholeBlocks * blockSize), partial,
                     acc);
    return acc;
  }

  /// Block rows with runs of at least a step that do not start on a byte of
  /// packed x (Plan::straddlingSteps): row r of x into row `local` of `acc`.
  /// The steps start at multiples of the lanes (on a byte), so a step takes
  /// the entries of at most two runs: run j / B for its first lanes, up to
  /// the next run's first column, and the next run for the others (one
  /// prefix mask and a select). The last step is masked at the row's end.
  Value emitRowOfStraddlingSteps(const BlockRowInputs &in, Value r, Value local,
                                 Value acc) {
    Value run = indexConstant(b, loc, plan.run);
    Value one = indexConstant(b, loc, 1);
    Value lastEntry = indexConstant(b, loc, plan.rowEntries - 1);
    auto step = [&](Value j, Value acc, bool inBounds) {
      Value k0 = arith::DivUIOp::create(b, loc, j, run);
      Value next = arith::AddIOp::create(b, loc, k0, one);
      Value k1 = arith::MinUIOp::create(b, loc, next, lastEntry);
      // Lanes before the next run's first column (at least one; a count of
      // lanes or more sets every lane).
      Value before = arith::SubIOp::create(
          b, loc, arith::MulIOp::create(b, loc, next, run), j);
      Value inFirst = vector::CreateMaskOp::create(
          b, loc, VectorType::get({lanes}, b.getI1Type()), ValueRange{before});
      auto pick = [&](Value param2d, bool isScale) -> Value {
        Value first =
            broadcast(in.readEntries(param2d, isScale, r, k0, 1, true));
        Value second =
            broadcast(in.readEntries(param2d, isScale, r, k1, 1, true));
        return arith::SelectOp::create(b, loc, inFirst, first, second);
      };
      Value scale = pick(in.scale2d, true);
      Value zp = in.zpScalar;
      if (in.zp2d)
        zp = pick(in.zp2d, false);
      return rowStep(in.x, r, local, j, acc, scale, zp, inBounds);
    };
    int64_t full = plan.rowLength / lanes * lanes;
    acc = emitLoop(indexConstant(b, loc, 0), indexConstant(b, loc, full),
                   indexConstant(b, loc, lanes), acc,
                   [&](Value j, Value acc) { return step(j, acc, true); });
    if (full < plan.rowLength)
      acc = step(indexConstant(b, loc, full), acc, false);
    return acc;
  }

  /// Rows in groups (Plan::groupedRuns; see buildBlockRows, and
  /// buildRowsAlongAxis for rows of a dynamic length): row r of x into row
  /// `local` of `acc`. Column c takes entry (c / R) * W + c mod W (R the run,
  /// W the run width; with Plan::rowPeriod P, that map within each period
  /// of P columns, each period advancing by its entries), so a step's lanes
  /// take a fixed range of entries, fixed by the step's offset in its group
  /// of lcm(R, lanes) (or lcm(P, lanes)) columns.
  Value emitRowOfGroups(const BlockRowInputs &in, Value r, Value local,
                        Value acc) {
    return emitRowOfGroups(in, r, local, acc, b.getIndexAttr(plan.rowLength));
  }

  /// emitRowOfGroups for rows of `rowLengthSize` columns, which may be
  /// dynamic (rows along a dynamic innermost axis, Plan::alongRun): the
  /// whole groups run in a loop to the last one, then each step of the
  /// group pattern runs, masked, if the row has columns left for it.
  Value emitRowOfGroups(const BlockRowInputs &in, Value r, Value local,
                        Value acc, OpFoldResult rowLengthSize) {
    int64_t run = plan.run, width = plan.runWidth;
    // The entries repeat every `period` columns, advancing `periodEntries`.
    int64_t period = plan.rowPeriod ? plan.rowPeriod : run;
    int64_t periodEntries = plan.rowPeriod ? plan.rowPeriodEntries : width;
    auto entryAt = [&](int64_t c) {
      int64_t within = c % period;
      return c / period * periodEntries + within / run * width + within % width;
    };
    int64_t group = std::lcm(period, lanes);
    std::optional<int64_t> staticLength = getConstantIntValue(rowLengthSize);
    Value rowLength = getValueOrCreateConstantIndexOp(b, loc, rowLengthSize);
    // Step s of the group that starts at column `groupStart` (entry
    // `groupEntry`); `staticStart`: that column, when it is a constant (the
    // columns after the last whole group of a static row); `rest`: a step
    // after the last whole group of a dynamic row.
    auto groupStep = [&](Value groupStart, Value groupEntry,
                         std::optional<int64_t> staticStart, int64_t s,
                         Value acc, bool rest = false) {
      int64_t c = s * lanes;
      // The lanes' entries, relative to the group's; the step reads
      // [firstOffset, firstOffset + count) of them.
      SmallVector<int64_t> spread;
      for (int64_t lane = 0; lane < lanes; ++lane)
        spread.push_back(entryAt(c + lane));
      int64_t firstOffset = *llvm::min_element(spread);
      int64_t count = *llvm::max_element(spread) - firstOffset + 1;
      // Steps of whole groups are inside the row, and so are their entries
      // (the group's `available` entries); after the last whole group of a
      // static row, the row's entries from the step's group on.
      bool xInBounds =
          !rest && (!staticStart || *staticStart + c + lanes <= *staticLength);
      int64_t available = staticStart ? plan.rowEntries - entryAt(*staticStart)
                                      : entryAt(group);
      bool entriesInBounds = !rest && firstOffset + count <= available;
      // nativeF16 loops read a power of two of entries (one load, where
      // LLVM splits other lengths: 3 f16 into a 4-byte and a 2-byte load,
      // spread with more shuffles) in a window within the available
      // entries, which holds the step's.
      if (nativeF16 && count > 1 && entriesInBounds &&
          llvm::PowerOf2Ceil(count) <= uint64_t(std::min(available, lanes))) {
        int64_t padded = llvm::PowerOf2Ceil(count);
        firstOffset = std::min(firstOffset, available - padded);
        count = padded;
      }
      for (int64_t &entry : spread)
        entry -= firstOffset;
      Value first = arith::AddIOp::create(b, loc, groupEntry,
                                          indexConstant(b, loc, firstOffset));
      // Each register takes at most two entries (runs of at least a
      // register, or loop rows of several rows of x whose runs are).
      bool fewPerRegister = width == 1 && run >= registerLanes;
      if (plan.rowPeriod && width == 1) {
        fewPerRegister = true;
        for (int64_t lane = 0; lane < lanes; lane += registerLanes)
          fewPerRegister &=
              spread[lane + registerLanes - 1] - spread[lane] <= 1;
      }
      // The step's lanes take entries [first, first + count) of a
      // parameter as `spread` maps them. With few entries per register,
      // each entry is read (from a row table, a broadcast load) and
      // broadcast, and a constant mask selects its lanes: at most one
      // blend per register, no shuffle.
      auto stepEntries = [&](Value param2d, bool isScale) -> Value {
        if (count == 1)
          return broadcast(
              in.readEntries(param2d, isScale, r, first, 1, entriesInBounds));
        // (nativeF16 loops take the shuffle: their registers hold 32
        // lanes, up to three runs of 24.)
        if (fewPerRegister && !nativeF16) {
          Value lanesValue;
          for (int64_t e = 0; e < count; ++e) {
            Value entry = broadcast(in.readEntries(
                param2d, isScale, r,
                arith::AddIOp::create(b, loc, first, indexConstant(b, loc, e)),
                1, entriesInBounds));
            if (e == 0) {
              lanesValue = entry;
              continue;
            }
            SmallVector<bool> takes;
            for (int64_t lane = 0; lane < lanes; ++lane)
              takes.push_back(spread[lane] == e);
            Value mask = arith::ConstantOp::create(
                b, loc,
                DenseElementsAttr::get(VectorType::get({lanes}, b.getI1Type()),
                                       takes));
            lanesValue =
                arith::SelectOp::create(b, loc, mask, entry, lanesValue);
          }
          return lanesValue;
        }
        return spreadEntries(
            in.readEntries(param2d, isScale, r, first, count, entriesInBounds),
            spread);
      };
      Value scale = stepEntries(in.scale2d, true);
      Value zp = in.zpScalar;
      if (in.zp2d)
        zp = stepEntries(in.zp2d, false);
      Value column =
          arith::AddIOp::create(b, loc, groupStart, indexConstant(b, loc, c));
      return rowStep(in.x, r, local, column, acc, scale, zp, xInBounds);
    };
    // The first entry of the group at `column` (a multiple of the period).
    auto entryOf = [&](Value column) -> Value {
      return arith::MulIOp::create(
          b, loc,
          arith::DivUIOp::create(b, loc, column, indexConstant(b, loc, period)),
          indexConstant(b, loc, periodEntries));
    };
    Value groupsEnd = staticLength
                          ? indexConstant(b, loc, *staticLength / group * group)
                          : roundDown(rowLength, indexConstant(b, loc, group));
    acc = emitLoop(indexConstant(b, loc, 0), groupsEnd,
                   indexConstant(b, loc, group), acc, [&](Value g, Value acc) {
                     Value groupEntry = entryOf(g);
                     for (int64_t s = 0; s < group / lanes; ++s)
                       acc = groupStep(g, groupEntry, std::nullopt, s, acc);
                     return acc;
                   });
    if (staticLength) {
      int64_t restStart = *staticLength / group * group;
      Value start = indexConstant(b, loc, restStart);
      Value startEntry = indexConstant(b, loc, entryAt(restStart));
      for (int64_t s = 0; s * lanes < *staticLength - restStart; ++s)
        acc = groupStep(start, startEntry, restStart, s, acc);
      return acc;
    }
    Value groupEntry = entryOf(groupsEnd);
    for (int64_t s = 0; s < group / lanes; ++s) {
      Value column = arith::AddIOp::create(b, loc, groupsEnd,
                                           indexConstant(b, loc, s * lanes));
      Value left = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         column, rowLength);
      acc = scf::IfOp::create(
                b, loc, left,
                [&](OpBuilder &nb, Location) {
                  OpBuilder::InsertionGuard guard(b);
                  b.setInsertionPoint(nb.getInsertionBlock(),
                                      nb.getInsertionPoint());
                  scf::YieldOp::create(b, loc,
                                       groupStep(groupsEnd, groupEntry,
                                                 std::nullopt, s, acc,
                                                 /*rest=*/true));
                },
                [&](OpBuilder &nb, Location) {
                  scf::YieldOp::create(nb, loc, acc);
                })
                .getResult(0);
    }
    return acc;
  }

  /// 16-bit results are stored as i16 vectors: LLVM lowers masked stores of
  /// bf16 vectors on AVX2 to __truncsfbf2 calls, which libgcc may lack.
  Value toStoreForm(Value y) {
    if (storeElement == yElement)
      return y;
    return arith::BitcastOp::create(
        b, loc, cast<VectorType>(y.getType()).clone(storeElement), y);
  }
  Value fromStoreForm(Value stored) {
    if (storeElement == yElement)
      return stored;
    auto type = cast<RankedTensorType>(stored.getType());
    return tensor::BitcastOp::create(b, loc, type.clone(yElement), stored);
  }

  /// The flat result back in x's shape.
  Value unflatten(Value flat) {
    flat = fromStoreForm(flat);
    auto yType = op.getY().getType();
    if (yType.getRank() == 1)
      return flat;
    if (yType.getRank() == 0)
      return tensor::CollapseShapeOp::create(b, loc, yType, flat,
                                             ArrayRef<ReassociationIndices>{});
    ReassociationIndices all(yType.getRank());
    std::iota(all.begin(), all.end(), 0);
    return expandTo(b, loc, flat, yType, ArrayRef<ReassociationIndices>{all},
                    tensor::getMixedSizes(b, loc, op.getX()));
  }

  PatternRewriter &b;
  Location loc;
  DequantizeLinearOp op;
  // A copy: block rows with a remainder run its rows with a plan of x's
  // own rows (buildBlockRows).
  Plan plan;
  int64_t lanes;
  // Lanes of one SIMD register (`lanes` is `unroll` of them).
  int64_t registerLanes;
  int64_t numThreads;
  int64_t parallelThreshold;
  bool useLookup;
  /// The number of f32 entries of the lookup table, or 0 for byte planes
  /// (LookupTable::f32Entries).
  int64_t lookupF32Entries;
  /// bf16 results may round with vcvtneps2bf16, in the loops built with
  /// `fastPaths` (see build()).
  bool hardwareBF16 = false;
  /// bf16 results of integer and fp8/fp4 x round without the NaN case
  /// (BF16Rounding::IntegerNoNaN) in the loops built with `fastPaths`, which
  /// run when every scale is finite: a product is then finite, an infinity
  /// or (fp8 x) a NaN whose bits that rounding keeps.
  bool finiteBF16 = false;
  /// Products may take fusedProduct, in the loops built with `fastPaths`.
  /// On this Zen 4 the i8 per-axis -> f16 inner loop on L1-resident data
  /// took 12.7 core cycles per 64 elements with it against 14.9 (bf16
  /// results: 9.4 against 11.6; a microbenchmark of the two instruction
  /// sequences, 2026-11-24 14:00 UTC); in the benchmark (A/B, 15:28 UTC,
  /// 64 Ki) per-axis C=64 went from 43.1 to 44.8 GB/s (i8 -> f16), 58.0 to
  /// 61.2 (i8 -> bf16), 35.9 to 41.0 (i4 -> f16) and 44.7 to 49.3 (i4 ->
  /// bf16). Where the steps' scales and zero points are loop-invariant,
  /// and in period tiles of at least 2 periods (per-axis C=4096), which
  /// build the addend and shifted zero point once per column step for the
  /// tile's rows: on 2026-11-24, 8-13% slower at 64 Ki in an A/B (i8/i4 ->
  /// f16/bf16, 15:27 UTC), within 5% either way with the loops versioned
  /// (build(); 22:21 UTC); on 2026-12-02 (integer x of at most 16 bits
  /// with a zero point -> f16/bf16, tiles of 4, `scripts/bench.sh --full
  /// --ab-binary` against the product, 5 rounds, three runs from 15:54 to
  /// 16:04 UTC, the last over all 8 such x types, the others over 6)
  /// 1.11x, 1.07x and 1.07x at 4 Mi for f16 results (geometric means;
  /// 1.01-1.26x) and 1.09x, 1.07x and 1.02x for bf16 results
  /// (0.95-1.21x), and 1.02x, 1.02x and 0.95x at 64 Ki for f16 (one
  /// outlier of 0.54x, 1.02x in a rerun of 7 rounds) and 0.98x, 1.00x and
  /// 1.02x for bf16 (0.91-1.08x): at 64 Ki the pass over the 4096 scales
  /// costs about what the fused steps save. Tiles of one period, fused in
  /// the second run, ran at 0.95x at 64 Mi, so they keep the product. (f32
  /// results with f16/bf16 scales take the same steps; not timed: the
  /// benchmark's scales have the result's type.)
  /// Measured and left out:
  ///  - blocked steps with both read from tables (the segment tables of
  ///    block-flat loops and the row tables of groups of block rows, with
  ///    bits(M) - zero_point and a third table of -M * scale): in an A/B of
  ///    the kernels (i8/ui8/i16/ui16 -> f16/bf16, 22:40 UTC) blocks of 32
  ///    ran within 3% either way and blocks of 24 12-18% slower (one more
  ///    broadcast and blend per entry). bench/micro/fused_loops.c agrees
  ///    for the i8 blocked-32 loop with the six broadcast loads LLVM emits
  ///    (22:43 UTC: 16.4-16.9 core cycles per 64 elements either way for
  ///    f16, 12.0-12.4 against 12.5-12.9 for bf16); a first version of it
  ///    whose table reads were folded into the addition and the
  ///    multiply-add ({1to16}), which LLVM does not do for a broadcast used
  ///    twice, had given 15.0 against 17.0 (22:31 UTC).
  ///    On Zen 5 again (segment tables, every x type with blocks of 32 ->
  ///    f16/bf16 at 64 Ki and 4 Mi, --ab-binary, 7 rounds, 2026-11-27
  ///    03:57 UTC): i8/ui8/i16/ui16 ran 0.94-1.00x the plain product at
  ///    4 Mi and 0.94-1.05x at 64 Ki, packed x 0.98-1.05x, against
  ///    0.96-1.04x for the x types whose code did not change.
  bool fusedMultiplyAdd = false;
  /// fusedProduct's bits(M) - zero_point per zero point, and its scale
  /// vector and -M * scale per scale.
  llvm::DenseMap<Value, Value> fusedShifts;
  llvm::DenseMap<Value, std::pair<Value, Value>> fusedAddends;
  /// Step scales read from an axis table stored in split halves
  /// (splitsScaleTable): each vector holds its step's even lanes, then its
  /// odd ones.
  llvm::DenseSet<Value> splitScales;
  /// The loops being built take the fast paths (hardwareBF16,
  /// fusedMultiplyAdd): build() builds them twice, under a branch on
  /// scalesAllowFastPaths.
  bool fastPaths = false;
  /// Steps look their codes up in tables of their blocks
  /// (LookupTable::appliesToBlocks, blockLookupStep).
  bool blockLookup;
  /// Block tables of f16/bf16 results: the step's blocks share 64-entry
  /// byte planes, or each has 16-entry planes of its own
  /// (LookupTable::sharesBlockPlanes).
  bool blockPlanesShared;
  /// ... and the register bytes of the lookups in planes of their own.
  int64_t blockLookupBytes;
  /// The entries of the period table of a per-axis op that takes one
  /// (LookupTable::periodTableEntries), else 0.
  int64_t periodEntries;
  /// fp8/fp4 x decoded with `decodeTable` (LookupTable::appliesToDecode).
  bool useDecodeTable;
  std::optional<LookupTable> decodeTable;
  /// Packed x is read with StoredReader::readAsI32.
  bool unpackToI32 = false;
  /// f16 results of integer x of at most 8 bits (packed included, in i8
  /// lanes, but not blocked) with a zero point of at most 8 bits or none,
  /// of fp8 x and of f16 x without a zero point, with f16 scales are
  /// computed in f16 (takesNativeF16,
  /// nativeF16Product): with AVX512_FP16 on 512-bit registers, outside
  /// lookup tables (fp8 x then takes no decode table).
  bool nativeF16 = false;
  /// fp8 codes in 1-D vectors decode with decodeMinifloatToF32ViaF16.
  bool decodeViaF16 = false;
  /// The exponent of the power of two that rebiases those decodes
  /// (getMinifloatViaF16Rebias), where it is not 0 and the steps decode x
  /// in arithmetic: in the loops built with `fastPaths` (every |scale| below
  /// 2^100, scalesAllowFastPaths) the decodes leave that multiply out and
  /// the decoded scales take the power of two instead (decodeScale), once
  /// per scale (entry of a table, or per step where a step reads its
  /// scales) rather than once per register of x. Else 0.
  /// bench/micro/fp8_f16_decode.c measured the f8E4M3FN per-tensor -> f32
  /// loop at 41.0-43.5 GB/s with the power of two folded against 37.0-39.2
  /// without (Zen 3, bench/HISTORY.md, session of 2026-11-27 from 23:38 UTC);
  /// in the benchmark (A/B of the 38 fp8 kernels of the core set, 64 Ki and
  /// 4 Mi, Zen 3, session of 2026-11-29 from 15:40 UTC) 0.93-1.35x,
  /// geometric mean 1.09x.
  unsigned foldedRebias = 0;
  Type xElement, yElement, storeElement, scaleElement;
  /// f16 results of arithmetic steps are written a whole step at a time
  /// (F16StoreForm, dequantizeInto).
  bool joinF16Stores;
  /// ... or one register at a time, each vcvtps2ph to a register and its
  /// own store (F16StoreForm::Separate; only with AVX2 or AVX-512, as the
  /// empty inline asm names an x86 vector register: portable code,
  /// cpu-features=none, keeps the memory form).
  bool separateF16Stores;
  /// Periods per period tile (QDQToVectorOptions::periodTile), of per-axis
  /// tables and of per-axis rows along the axis (a row per period).
  int64_t periodTile, rowTile;
  Value zeroPoint;
};

/// The SIMD width measured fastest on the host for `op`, split over
/// `numThreads` threads from `parallelThreshold` elements.
unsigned hostVectorBitsOf(DequantizeLinearOp op, int64_t numThreads,
                          int64_t parallelThreshold) {
  return getHostVectorBits(op.getX().getType().getElementType(),
                           op.getY().getType().getElementType(),
                           hostStreams(op, numThreads, parallelThreshold));
}

class DequantizeLinearToVector : public OpRewritePattern<DequantizeLinearOp> {
public:
  /// With `hostWidthOnly`, rewrites only the ops for which the host's width
  /// (hostVectorBitsOf) is `options.vectorBits`.
  DequantizeLinearToVector(MLIRContext *ctx, const QDQToVectorOptions &options,
                           bool hostWidthOnly)
      : OpRewritePattern(ctx), lanes(options.vectorBits / 32),
        unroll(options.unroll), numThreads(options.numThreads),
        parallelThreshold(options.parallelThreshold),
        maxTablePeriod(options.maxTablePeriod), x86(options.x86),
        f16Stores(options.f16Stores), periodTile(options.periodTile),
        hostWidthOnly(hostWidthOnly) {}

  LogicalResult matchAndRewrite(DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    if (hostWidthOnly &&
        hostVectorBitsOf(op, numThreads, parallelThreshold) != lanes * 32)
      return rewriter.notifyMatchFailure(op, "the host's width is another");
    // Several registers per iteration if a scheme exists at that width,
    // else one. Block rows shorter than those registers (short rows of a
    // dynamic x, or that no loop row of several rows fills) run one masked
    // step each: one register wastes fewer lanes.
    int64_t registers = unroll ? unroll : kDefaultUnroll;
    int64_t width = lanes * registers;
    FailureOr<Plan> plan = choosePlan(op, width, maxTablePeriod, x86);
    if (registers > 1 && (failed(plan) || (plan->scheme == Scheme::BlockRows &&
                                           plan->rowLength < width))) {
      FailureOr<Plan> narrow = choosePlan(op, lanes, maxTablePeriod, x86);
      if (succeeded(narrow) || failed(plan)) {
        width = lanes;
        plan = narrow;
      }
    }
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, "no vector scheme for this form");
    // unroll = 0: the forms that ran faster with kWideUnroll registers take
    // them when their scheme stays the same at that width (and block rows
    // stay at least a step long, as above).
    if (!unroll && width == lanes * kDefaultUnroll) {
      int64_t wide = lanes * kWideUnroll;
      FailureOr<Plan> widePlan = choosePlan(op, wide, maxTablePeriod, x86);
      if (succeeded(widePlan) && widePlan->scheme == plan->scheme &&
          !(widePlan->scheme == Scheme::BlockRows &&
            widePlan->rowLength < wide) &&
          takesWideSteps(op, *widePlan, wide)) {
        width = wide;
        plan = widePlan;
      }
    }
    auto build = [&](bool useLookup) {
      KernelBuilder builder(rewriter, op, *plan, width, lanes, numThreads,
                            parallelThreshold, useLookup,
                            LookupTable::f32Entries(op, width, x86),
                            LookupTable::appliesToDecode(op, width, x86), x86,
                            f16Stores, periodTile);
      return builder.build();
    };
    // Per-axis rows of a dynamic length N: a table per row when N turns out
    // long enough at run time, the arithmetic rows otherwise.
    int64_t minLength = LookupTable::rowTableMinLength(op, *plan, width, x86);
    if (minLength && ShapedType::isDynamic(plan->inner)) {
      Location loc = op.getLoc();
      Value n = arith::ConstantIndexOp::create(rewriter, loc, 1);
      for (int64_t d = plan->axis + 1; d < op.getX().getType().getRank(); ++d) {
        Value dim = tensor::DimOp::create(rewriter, loc, op.getX(), d);
        n = arith::MulIOp::create(rewriter, loc, n, dim);
      }
      Value minValue = arith::ConstantIndexOp::create(rewriter, loc, minLength);
      Value longRows = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::uge, n, minValue);
      auto branch = [&](bool useLookup) {
        return [&, useLookup](OpBuilder &nb, Location) {
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPoint(nb.getInsertionBlock(),
                                     nb.getInsertionPoint());
          Value y = build(useLookup);
          scf::YieldOp::create(rewriter, loc, y);
        };
      };
      auto ifOp = scf::IfOp::create(rewriter, loc, longRows, branch(true),
                                    branch(false));
      rewriter.replaceOp(op, ifOp.getResults());
      return success();
    }
    rewriter.replaceOp(
        op, build(LookupTable::applies(op, width, x86) ||
                  LookupTable::appliesToRows(op, *plan, width, x86) ||
                  LookupTable::periodTableEntries(op, *plan, width, x86)));
    return success();
  }

private:
  /// Whether `op` takes kWideUnroll registers per iteration when the
  /// unroll is chosen per form, given its `plan` for steps of that many
  /// registers (`width` lanes: the table lookups it needs must apply
  /// there).
  ///
  /// On 512-bit registers with f16/bf16 results: 16-bit float x (its
  /// multiplies, slow on subnormal products for bf16 x, overlap better),
  /// and packed 2-bit x looked up in a per-tensor table, the tables of rows
  /// of a static length, or block tables (a step reads 16 bytes of x with 4
  /// registers). In an A/B of `--qdq-to-llvm="vector-unroll=8"` against 4
  /// (`scripts/bench.sh --full --ab`, 64 Ki and 4 Mi elements, AMD EPYC
  /// Zen 4, 2026-11-25 06:36-06:50 UTC): bf16 x 1.05-1.19x except
  /// blocked-32/24 -> bf16 (0.99-1.02x), f16 x 0.95-1.10x (most
  /// 1.02-1.06x), i2/ui2 per-tensor and rows 1.09-1.17x, blocked-32
  /// 1.00-1.09x; per-axis C=64 of 2-, 4- and 8-bit x lost (0.85-0.99x),
  /// and f32 results lost.
  ///
  /// On 256-bit registers (AVX2): bf16 results (rounded with integer
  /// operations there), packed 2/4-bit x whatever its result, and f16
  /// results of f16/bf16 x, except in block rows and in axis tables whose
  /// period is not one step (period tiles among them). In an A/B of the
  /// same kind on x86-64-v3 code
  /// (`scripts/bench.sh --target avx2 --full --ab vector-unroll=8`, 128
  /// cases at 64 Ki and 4 Mi, same machine, 09:31-09:38 UTC): bf16 results
  /// 0.92-1.36x (8 of 88 below 1), 4-bit x (i4, ui4, fp4) 0.98-1.29x (2 of
  /// 72), 2-bit x 0.88-1.22x (7 of 48), f16 and bf16 x -> f16 0.97-1.36x
  /// (3 of 16); f16 results of 8- and 16-bit integer x lost (0.79-1.06x,
  /// 20 of 24 below 1), and f32 results of f8E5M2 and f16 x were mixed
  /// (0.88-1.11x, 10 of 16). The forms it takes lost in block rows
  /// (blocked-24: i4 and ui2 x 0.45-0.76x, the others 0.89-1.05x) and were
  /// mixed in period tiles (per-axis C=4096: 0.84-1.15x; 34 cases at 64 Ki
  /// and 4 Mi, 09:50 UTC). Unpacked integer x -> bf16 per tensor and per
  /// row keeps 4 registers since the finite-scale loops round without the
  /// NaN case (finiteBF16): with 8, LLVM spilled registers in the fused
  /// loop, and an A/B against `vector-unroll=4` on a Zen 3 VM (i8 x, 64 Ki
  /// and 4 Mi, 2026-11-27 18:23 UTC) ran them at 0.70-0.94x, the other
  /// granularities at 0.96-1.15x.
  bool takesWideSteps(DequantizeLinearOp op, const Plan &plan,
                      int64_t width) const {
    Type x = op.getX().getType().getElementType();
    Type y = op.getY().getType().getElementType();
    bool halfX = x.isF16() || x.isBF16();
    if (lanes == 8) {
      if (plan.scheme == Scheme::BlockRows ||
          (plan.scheme == Scheme::AxisTable && plan.period != width))
        return false;
      // Unpacked integer x -> bf16 with one scale per step (per tensor, per
      // row): with the rounding of the finite-scale loops (finiteBF16) and
      // the fused product, 8 registers spill.
      if (y.isBF16() && isa<IntegerType>(x) && !isPackedSubByteType(x) &&
          (plan.scheme == Scheme::PerTensor || plan.scheme == Scheme::Rows))
        return false;
      return y.isBF16() || isPackedSubByteType(x) || (halfX && y.isF16());
    }
    if (lanes != 16 || y.isF32())
      return false;
    if (halfX)
      return true;
    if (!isPackedSubByteType(x) || x.getIntOrFloatBitWidth() != 2)
      return false;
    switch (plan.scheme) {
    case Scheme::PerTensor:
      return LookupTable::applies(op, width, x86);
    case Scheme::Rows:
      return LookupTable::appliesToRows(op, plan, width, x86);
    case Scheme::BlockFlat:
      return LookupTable::appliesToBlocks(op, plan, width, x86);
    default:
      return false;
    }
  }

  /// Registers per iteration when the unroll is chosen per form: most
  /// forms, and the wide ones (takesWideSteps).
  static constexpr int64_t kDefaultUnroll = 4;
  static constexpr int64_t kWideUnroll = 8;

  int64_t lanes;
  /// Registers per iteration; 0: per form.
  int64_t unroll;
  int64_t numThreads;
  int64_t parallelThreshold;
  int64_t maxTablePeriod;
  X86Features x86;
  F16StoreForm f16Stores;
  int64_t periodTile;
  bool hostWidthOnly;
};

/// The SIMD width `op` is lowered at with `options`.
unsigned getVectorBits(const QDQToVectorOptions &options,
                       DequantizeLinearOp op) {
  return options.vectorBits ? options.vectorBits
                            : hostVectorBitsOf(op, options.numThreads,
                                               options.parallelThreshold);
}

/// Whether `function`'s body defines a vector value.
bool holdsVectors(Operation *function) {
  return function
      ->walk([](Operation *op) {
        return llvm::any_of(op->getResultTypes(), llvm::IsaPred<VectorType>)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

struct ConvertQDQToVectorPass
    : public qdq::impl::ConvertQDQToVectorBase<ConvertQDQToVectorPass> {
  using Base::Base;

  void runOnOperation() override {
    // 0: per op, the host's.
    unsigned bits = vectorBits;
    if (bits != 0 && bits != 128 && bits != 256 && bits != 512) {
      getOperation()->emitError()
          << "vector-bits must be 128, 256 or 512, got " << bits;
      return signalPassFailure();
    }
    if (numThreads < 1) {
      getOperation()->emitError()
          << "num-threads must be at least 1, got " << int64_t(numThreads);
      return signalPassFailure();
    }
    if (unroll < 0 || unroll > 16) {
      getOperation()->emitError()
          << "unroll (vector-unroll of --qdq-to-llvm) must be in [0, 16], "
             "got "
          << int64_t(unroll);
      return signalPassFailure();
    }
    FailureOr<X86Features> x86 =
        X86Features::parseOption(getOperation(), cpuFeatures);
    if (failed(x86))
      return signalPassFailure();
    std::optional<F16StoreForm> storeForm =
        llvm::StringSwitch<std::optional<F16StoreForm>>(f16Stores)
            .Case("host", getHostF16StoreForm())
            .Case("per-register", F16StoreForm::PerRegister)
            .Case("joined", F16StoreForm::Joined)
            .Case("joined-for-32-bit-x", F16StoreForm::JoinedFor32BitX)
            .Case("separate", F16StoreForm::Separate)
            .Default(std::nullopt);
    if (!storeForm) {
      getOperation()->emitError()
          << "f16-stores must be host, per-register, separate, joined or "
             "joined-for-32-bit-x, got '"
          << f16Stores << "'";
      return signalPassFailure();
    }
    if (periodTile < 0 || periodTile > 16) {
      getOperation()->emitError()
          << "period-tile must be in [0, 16], got " << int64_t(periodTile);
      return signalPassFailure();
    }
    QDQToVectorOptions options{
        bits,           unroll, numThreads, parallelThreshold,
        maxTablePeriod, *x86,   *storeForm, periodTile};
    // The widest SIMD width of each function's ops, for LLVM.
    llvm::MapVector<Operation *, unsigned> functionBits;
    getOperation()->walk([&](DequantizeLinearOp op) {
      if (auto function = op->getParentOfType<FunctionOpInterface>()) {
        unsigned &widest = functionBits[function];
        widest = std::max(widest, getVectorBits(options, op));
      }
    });
    RewritePatternSet patterns(&getContext());
    populateQDQToVectorConversionPatterns(patterns, options);
    // Ops without a vector scheme stay for --convert-qdq-to-linalg.
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError()
          << "--convert-qdq-to-vector did not converge within the greedy "
             "rewriter's iteration limit";
      return signalPassFailure();
    }
    for (auto [function, widest] : functionBits)
      if (holdsVectors(function))
        markVectorWidth(cast<FunctionOpInterface>(function), widest);
  }
};

} // namespace

void mlir::qdq::populateQDQToVectorConversionPatterns(
    RewritePatternSet &patterns, const QDQToVectorOptions &options) {
  // One pattern per width; with the host's width per op, each takes the
  // ops the host rule gives its width.
  for (unsigned bits : {128u, 256u, 512u}) {
    if (options.vectorBits && options.vectorBits != bits)
      continue;
    QDQToVectorOptions atWidth = options;
    atWidth.vectorBits = bits;
    atWidth.x86 = options.x86.limitedTo(bits);
    patterns.add<DequantizeLinearToVector>(patterns.getContext(), atWidth,
                                           /*hostWidthOnly=*/
                                           options.vectorBits == 0);
  }
}
