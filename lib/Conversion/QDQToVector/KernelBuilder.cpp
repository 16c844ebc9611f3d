//===- KernelBuilder.cpp - building the loops of one op -------------------===//
//
// The constructor (which forms the op's steps take), build() (the fast
// paths versioned on a pass over the scales), the choice of loop scheme, and
// the small helpers every scheme uses.
// (KernelBuilder.h describes the schemes.)
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"
#include "Utils.h"

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"
#include "qdq/Conversion/QDQToLinalg/QDQToLinalg.h"
#include "qdq/Dialect/QDQ/Utils/StreamingRule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cstdint>
#include <numeric>

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

/// The bytes of a tensor of static shape (sub-byte elements packed), or -1.
static double staticBytes(Value value) {
  auto type =
      dyn_cast_or_null<RankedTensorType>(value ? value.getType() : Type());
  if (!type || !type.hasStaticShape())
    return -1;
  return double(type.getNumElements()) * type.getElementTypeBitWidth() / 8;
}

bool mlir::qdq::detail::hostStreams(DequantizeLinearOp op, int64_t numThreads,
                                    int64_t parallelThreshold) {
  auto bytesOf = staticBytes;
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

KernelBuilder::KernelBuilder(
    PatternRewriter &b, DequantizeLinearOp op, const Plan &plan, int64_t lanes,
    int64_t registerLanes, int64_t numThreads, int64_t parallelThreshold,
    bool useLookup, int64_t lookupF32Entries, bool useDecodeTable,
    const X86Features &x86, F16StoreForm f16Stores, int64_t periodTile,
    int64_t tinyProductsMinBytes, int64_t subnormalBranch, bool flushSubnormals,
    int64_t codeTableMinBlocks, int64_t codeSelectMaxTableBytes)
    : b(b), loc(op.getLoc()), op(op), plan(plan), lanes(lanes),
      registerLanes(registerLanes), numThreads(numThreads),
      parallelThreshold(parallelThreshold), useLookup(useLookup),
      lookupF32Entries(lookupF32Entries),
      blockLookup(LookupTable::appliesToBlocks(op, plan, lanes, x86)),
      blockPlanesShared(LookupTable::sharesBlockPlanes(lanes, x86)),
      blockWordLookup(blockLookup && blockPlanesShared &&
                      LookupTable::looksUpBlockWords(op, lanes, x86)),
      blockLookupBytes(
          blockLookup && !blockPlanesShared
              ? LookupTable::ownBlockPlaneBytes(plan.blockSize, lanes, x86)
              : 0),
      groupLookup(LookupTable::appliesToBlockGroups(op, plan, lanes, x86)),
      periodEntries(useLookup
                        ? LookupTable::periodTableEntries(
                              op, plan, lanes, x86, codeSelectMaxTableBytes)
                        : 0),
      codeSelect(!useLookup &&
                 LookupTable::selectsCodes(op, plan, lanes, x86,
                                           codeSelectMaxTableBytes)),
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
      rowTile(periodTile ? periodTile : getHostRowTile(yElement)),
      codeTableMinBlocks(codeTableMinBlocks),
      codeSelectBlockBytes(codeSelectMaxTableBytes) {
  // fp8/fp4 zero points are zero (DQ-R15) and not subtracted.
  if (op.getZeroPoint() && !isFloatQuantizedElement(xElement))
    zeroPoint = op.getZeroPoint();
  // f16 x: its NaNs carry payloads, which the rounding then clears
  // (BF16Rounding::HardwareCanonicalNaN). Not bf16 x, which may be an f32
  // subnormal whatever the scales.
  hardwareBF16 = x86.avx512bf16 && yElement.isBF16() && !useLookup &&
                 (isa<IntegerType>(xElement) ||
                  isFloatQuantizedElement(xElement) || xElement.isF16());
  // bf16 x (on AVX-512, whose masks keep the multiply off those lanes)
  // computes the products below 2^-126 apart (tinyProducts): with bf16
  // results always, with f16/f32 results in ops that move at least
  // `tinyProductsMinBytes` (0: the host's; or of dynamic shapes).
  if (xElement.isBF16() && x86.avx512f && !useLookup) {
    int64_t minBytes = tinyProductsMinBytes ? tinyProductsMinBytes
                                            : getHostTinyProductsMinBytes();
    double x = staticBytes(op.getX()), y = staticBytes(op.getY());
    bool large = minBytes >= 0 && (x < 0 || y < 0 || x + y >= double(minBytes));
    if (yElement.isBF16() ? x86.avx512bf16 : large)
      tinyProducts = yElement.isF16() && scaleElement.isF16() && !zeroPoint
                         ? TinyProducts::Raised
                         : TinyProducts::Apart;
  }
  // Its steps branch on subnormal differences where the host's multiplies
  // read them slowly (`subnormalBranch`; 0: the host's).
  this->subnormalBranch =
      tinyProducts != TinyProducts::None &&
      (subnormalBranch ? subnormalBranch > 0 : getHostSubnormalBranch());
  tinyHalves = tinyProducts == TinyProducts::Apart &&
               computesTinyHalves(op, registerLanes, x86, subnormalBranch);
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
  // without a zero point, with f16 scales, with AVX512_FP16 on 256- or
  // 512-bit registers (hasF16ArithmeticForm, with the A/B of integer x;
  // getHostVectorBits, for the forms that run faster on 256): in f16
  // arithmetic (nativeF16). On the same AVX512_FP16 Xeon
  // (bench/HISTORY.md, 2026-12-01): fp8 x (per-axis and blocked; 20:26
  // UTC, the 48 kernels this changed): 1.29-2.30x at 64 Ki, 1.53-1.83x at
  // 64 Mi; f16 x without a zero point (20:53 UTC, 18 kernels): 0.99-1.07x
  // at 64 Ki, 0.97-1.01x at 4 Mi, 1.24-1.38x at 64 Mi.
  nativeF16 = registerLanes >= 8 && !useLookup && !blockLookup &&
              hasF16ArithmeticForm(op, x86);
  // ... whose packed x stays in i8 lanes, widened to i16 from there, and
  // whose fp8 x is decoded to f16 in the steps, not looked up in a table.
  if (nativeF16) {
    unpackToI32 = false;
    this->useDecodeTable = false;
  }
  // bf16 x -> f16 without a zero point on x86 (any of these features says
  // the target is one): the fast loops flush subnormals instead of
  // computing tiny products apart or raised (flushesSubnormals).
  flushesSubnormals = flushSubnormals && xElement.isBF16() &&
                      yElement.isF16() && !zeroPoint && !useLookup &&
                      !nativeF16 && (x86.avx2 || x86.avx512f || x86.f16c);
  // fp4 x on AVX2 without AVX-512: into i32 lanes (sign-extended, 4-byte
  // broadcast loads and a per-lane shift), its magnitudes from one vpermps
  // and its sign ORed in, instead of two byte-plane lookups of its bf16 bits
  // and the interleaves that move them into the lanes' high halves. On a
  // Zen 3 VM (A/B against the build before, every fp4 case, 5 rounds,
  // 2026-12-03 19:41 UTC) the 36 kernels this changes ran at 1.48x at
  // 64 Ki (geometric mean; 1.32-1.72x), 1.19x at 4 Mi, 1.15x at 64 Mi.
  if (this->useDecodeTable && isa<Float4E2M1FNType>(xElement) && x86.avx2 &&
      !x86.avx512f) {
    fp4InI32Lanes = true;
    this->useDecodeTable = false;
  }
  // ... and on AVX-512 (512-bit registers), zero-extended (one
  // vpmultishiftqb and a shift per register), its signed values from one
  // 16-entry vpermps, which reads the code's 4 bits as they are, instead of
  // the byte planes of its bf16 bits. On a Zen 5 VM (A/B against the build
  // before, 5 rounds, 2026-12-04 17:08 UTC) the 18 kernels of the full
  // set this changes (per-axis C=64 and C=4096, blocked-24; 64 Ki and 4
  // Mi) ran at 1.13x (geometric mean; 0.97-1.29x): f32 results 1.05x, f16
  // 1.23x, bf16 1.13x; 12 unchanged kernels of the same run 0.99x. Indices
  // from byte shuffles instead (LookupTable::packedIndices: one vpermt2b
  // per register, no shift) ran at 0.93x this form (17:17 UTC).
  if (this->useDecodeTable && isa<Float4E2M1FNType>(xElement) && x86.avx512f &&
      registerLanes == 16) {
    fp4InI32Lanes = true;
    fp4SignedTable = true;
    this->useDecodeTable = false;
  }
  // ... and with one scale per step its table holds the magnitudes times
  // the scale. On the same Zen 3 VM (A/B against the build before, 7
  // rounds, 2026-12-04 04:14 UTC) per tensor and per row (rows of 4096)
  // -> f32 ran at 1.22x and 1.24x at 64 Ki, 0.98-1.00x at 4 Mi.
  fp4ScaledMagnitudes =
      fp4InI32Lanes &&
      (plan.scheme == Scheme::PerTensor ||
       (plan.scheme == Scheme::Rows && !plan.alongRun &&
        op.getGranularity() == DequantizeLinearOp::Granularity::PerAxis));
  // MX formats: fp8 x through the decode table with E8M0 scales into bf16
  // results add the scales' exponents to the looked-up bf16 bits
  // (exponentAdd). bench/micro/mx_exponent_add.c (f8E4M3FN, blocks of 32,
  // 64 Ki elements) measured that form at 1.23-1.35x this lowering's
  // kernel before it on Zen 5 (bench/HISTORY.md, 2026-12-05 13:21 UTC). In
  // the lowering, on a Zen 4 VM (--ab-binary over the benchmark's MX set,
  // 64 Ki and 4 Mi, 3 rounds, 2026-12-05 22:38 UTC): f8E4M3FN and f8E5M2
  // -> bf16 1.38-1.40x, f8E4M3FNUZ and f8E5M2FNUZ (256-entry planes then)
  // 1.16-1.17x; their sign-folded planes (SignFold) added 1.12-1.14x
  // (23:25 UTC).
  exponentAdd = this->useDecodeTable && registerLanes == 16 && x86.avx512bw &&
                isFloatQuantizedElement(xElement) &&
                !isa<Float4E2M1FNType>(xElement) &&
                isa<Float8E8M0FNUType>(scaleElement) && yElement.isBF16();
  // MX formats into f16 results: tables of the results of each scale code
  // the op has (codeTables). Blocked along the innermost axis, whose steps
  // take the scales of one to three blocks per register of 64 codes
  // (blocks of at least 32); along an outer axis each lane has its own.
  codeTables =
      codeTableMinBlocks >= 0 && this->useDecodeTable && registerLanes == 16 &&
      x86.avx512bw && x86.avx512vbmi && isFloatQuantizedElement(xElement) &&
      !isa<Float4E2M1FNType>(xElement) &&
      isa<Float8E8M0FNUType>(scaleElement) && yElement.isF16() && !nativeF16 &&
      op.getGranularity() == DequantizeLinearOp::Granularity::Blocked &&
      plan.blockSize >= 32 &&
      op.getNormalizedAxis() + 1 == op.getX().getType().getRank();
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

Value KernelBuilder::build() {
  if (useDecodeTable)
    decodeTable = LookupTable::decodeTable(b, loc, xElement);
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
  bool checksScales = hardwareBF16 || fusedMultiplyAdd || finiteBF16 ||
                      foldedRebias || fp4FoldNeedsFiniteScales() ||
                      tinyProducts == TinyProducts::Raised ||
                      flushesSubnormals || exponentAdd;
  if (!checksScales && !codeTables)
    return buildAligned();
  // Code tables: the scale codes' range, and whether its tables pay. The
  // checks of f8E8M0FNU scales come from that range too.
  bool checksCodeRange = checksScales && isa<Float8E8M0FNUType>(scaleElement);
  Value lowestCode, highestCode;
  if (codeTables || checksCodeRange)
    std::tie(lowestCode, highestCode) = scaleCodeRange();
  auto version = [&](bool fast) {
    return [&, fast](OpBuilder &nb, Location) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
      fastPaths = fast;
      if (fast && codeTables)
        codeTableStore = buildCodeTables(lowestCode, highestCode);
      if (!flushing()) {
        scf::YieldOp::create(b, loc, buildAligned());
        return;
      }
      TinyProducts kept = tinyProducts;
      tinyProducts = TinyProducts::None;
      scf::YieldOp::create(b, loc, withSubnormalsFlushed(b, loc, [&] {
                             return buildAligned();
                           }));
      tinyProducts = kept;
    };
  };
  Value safe;
  if (checksCodeRange)
    safe = codeRangeAllowsFastPaths(lowestCode, highestCode);
  else if (checksScales)
    safe = scalesAllowFastPaths();
  if (codeTables) {
    Value pay = codeTablesPay(lowestCode, highestCode);
    safe = safe ? arith::AndIOp::create(b, loc, safe, pay).getResult() : pay;
  }
  return scf::IfOp::create(b, loc, safe, version(true), version(false))
      .getResult(0);
}

bool KernelBuilder::computesTinyHalves(DequantizeLinearOp op,
                                       int64_t registerLanes,
                                       const X86Features &x86,
                                       int64_t subnormalBranch) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  bool branches =
      subnormalBranch ? subnormalBranch > 0 : getHostSubnormalBranch();
  return registerLanes == 16 && x.isBF16() && y.isBF16() &&
         !op.getZeroPoint() && x86.avx512bw && x86.avx512bf16 && branches;
}

Value KernelBuilder::buildAligned() {
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

Value KernelBuilder::buildScheme() {
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

Value KernelBuilder::f32Splat(Value like, float value) {
  auto shape = cast<VectorType>(like.getType());
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(shape.clone(b.getF32Type()), value));
}

Value KernelBuilder::bitcastToI32(Value f32Vector) {
  auto shape = cast<VectorType>(f32Vector.getType());
  return arith::BitcastOp::create(b, loc, shape.clone(b.getI32Type()),
                                  f32Vector);
}

Value KernelBuilder::rowsStartOnBytes() {
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
    Value rest =
        arith::RemUIOp::create(b, loc, length, indexConstant(b, loc, 8 / bits));
    aligned = arith::AndIOp::create(
        b, loc, aligned,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rest, zero));
  }
  return aligned;
}

Value KernelBuilder::broadcast(Value scalar) {
  return vector::BroadcastOp::create(b, loc, vectorOf(scalar.getType()),
                                     scalar);
}

Value KernelBuilder::decodedScalarScale(Value scaleTensor) {
  auto type = cast<RankedTensorType>(scaleTensor.getType());
  SmallVector<Value> zeros(type.getRank(), indexConstant(b, loc, 0));
  Value stored = tensor::ExtractOp::create(
      b, loc, bitcastToStorage(b, loc, scaleTensor), zeros);
  return decodeScale(stored);
}

Value KernelBuilder::preparedScalarZeroPoint(Value zpStorage,
                                             ValueRange indices) {
  Value stored = tensor::ExtractOp::create(b, loc, zpStorage, indices);
  return prepareZeroPoint(b, loc, stored, zeroPointElement(), xElement);
}

bool KernelBuilder::hasOneElementZeroPoint() const {
  return zeroPoint &&
         isPerTensorShape(cast<ShapedType>(zeroPoint.getType()).getShape());
}

Value KernelBuilder::firstZeroPoint() {
  auto zpType = cast<RankedTensorType>(zeroPoint.getType());
  SmallVector<Value> zeros(zpType.getRank(), indexConstant(b, loc, 0));
  return preparedScalarZeroPoint(bitcastToStorage(b, loc, zeroPoint), zeros);
}

std::pair<Value, Type> KernelBuilder::readX(const StoredReader &reader,
                                            ValueRange indices, bool inBounds) {
  if (readsNibblePairs())
    return {reader.readBytes(b, loc, indices, lanes, inBounds), xElement};
  if (unpackToI32)
    return {reader.readAsI32(b, loc, indices, lanes, inBounds), xElement};
  if (fp4InI32Lanes)
    return {reader.readAsI32(b, loc, indices, lanes, inBounds,
                             /*signExtend=*/!fp4SignedTable),
            xElement};
  if (!decodeTable)
    return {reader.read(b, loc, indices, lanes, inBounds), xElement};
  Value codes = reader.read(b, loc, indices, lanes, inBounds,
                            /*rawCodes=*/true);
  // Code tables look the raw codes up in the steps (codeTableProduct).
  if (codeTables && fastPaths)
    return {codes, xElement};
  if (exponentAdd && fastPaths) {
    bool inLaneOrder = lanes % 64 == 0;
    Value words = decodeTable->lookup(b, loc, codes, inLaneOrder);
    Type bf16 = b.getBF16Type();
    return {arith::BitcastOp::create(
                b, loc, cast<VectorType>(words.getType()).clone(bf16), words),
            bf16};
  }
  Type f32 = b.getF32Type();
  return {decodeTable->lookupHighHalves(b, loc, codes, registerLanes), f32};
}

Value KernelBuilder::fp4ProductInI32Lanes(Value codes, Value scale) {
  // The e2m1 values of codes 0..15; the first 8 are the magnitudes of
  // every code read mod 8.
  static constexpr float kValues[] = {0.0f,  0.5f,  1.0f,  1.5f,  2.0f,  3.0f,
                                      4.0f,  6.0f,  -0.0f, -0.5f, -1.0f, -1.5f,
                                      -2.0f, -3.0f, -4.0f, -6.0f};
  int64_t tableSize = fp4SignedTable ? 16 : 8;
  auto tableType = VectorType::get({tableSize}, b.getF32Type());
  auto decodedValues = [&]() -> Value {
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(tableType,
                               ArrayRef<float>(kValues).take_front(tableSize)));
  };
  Value scalar = peelScalarBroadcast(scale);
  bool folds = (fastPaths || !fp4FoldNeedsFiniteScales()) &&
               fp4ScaledMagnitudes && !isa<VectorType>(scalar.getType());
  Value table;
  if (folds) {
    // Next to the scale's definition, so outside the loop over its steps
    // (built in the step, the multiply stayed in the inner loop of the
    // per-row loops, where LLVM did not hoist it, and the scale spilled);
    // once per scale.
    Value &scaled = fp4ScaledTables[scalar];
    if (!scaled) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointAfterValue(scalar);
      Value splat = vector::BroadcastOp::create(b, loc, tableType, scalar);
      scaled = arith::MulFOp::create(b, loc, splat, decodedValues());
    }
    table = scaled;
  } else {
    table = decodedValues();
  }
  Value entries = TableLookupOp::create(b, loc, table, codes);
  if (fp4SignedTable)
    return folds ? entries : arith::MulFOp::create(b, loc, entries, scale);
  Value sign = arith::AndIOp::create(
      b, loc, codes, intConstant(b, loc, vectorOf(b.getI32Type()), INT32_MIN));
  Value bits = arith::XOrIOp::create(b, loc, bitcastToI32(entries), sign);
  Value values =
      arith::BitcastOp::create(b, loc, vectorOf(b.getF32Type()), bits);
  return folds ? values : arith::MulFOp::create(b, loc, values, scale);
}

Value KernelBuilder::toStoreForm(Value y) {
  if (storeElement == yElement)
    return y;
  return arith::BitcastOp::create(
      b, loc, cast<VectorType>(y.getType()).clone(storeElement), y);
}

Value KernelBuilder::fromStoreForm(Value stored) {
  if (storeElement == yElement)
    return stored;
  auto type = cast<RankedTensorType>(stored.getType());
  return tensor::BitcastOp::create(b, loc, type.clone(yElement), stored);
}

Value KernelBuilder::unflatten(Value flat) {
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
