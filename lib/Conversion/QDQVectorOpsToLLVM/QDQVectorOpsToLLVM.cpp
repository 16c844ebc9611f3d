//===- QDQVectorOpsToLLVM.cpp - qdq vector ops to x86 ---------------------===//
//
// Lowers qdq's vector-level ops one register at a time, to x86 instructions
// where the features allow and to portable vector code otherwise:
// qdq.table_lookup to pshufb (16-entry byte tables repeated in each 16-byte
// lane), AVX512_VBMI vpermb (64-entry byte tables), vpermi2b (128) or two
// vpermi2b and a select on the index's top bit (256), vpermps (16 or 8 f32
// entries) or vpermilps (4 f32 entries), else one extract per element;
// qdq.unpack_bits to vpmultishiftqb, with AVX2 to 4-byte broadcast loads
// where its bytes are read from memory, else byte shuffles (one vpshufb per
// register); then shifts; f32 -> bf16 arith.truncf to vcvtne2ps2bf16, and
// streaming stores of bf16 (f16) bits kept streaming with AVX512_BF16
// (AVX512_FP16). Functions that use the
// instructions get the LLVM target features they need.
//
//===----------------------------------------------------------------------===//

#include "qdq/Conversion/QDQVectorOpsToLLVM/QDQVectorOpsToLLVM.h"
#include "qdq/Conversion/Passes.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"
#include "qdq/Dialect/QDQ/Utils/VectorWidth.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::qdq {
#define GEN_PASS_DEF_CONVERTQDQVECTOROPSTOLLVM
#include "qdq/Conversion/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;
using namespace mlir::qdq;

namespace {

/// An x86 intrinsic the lowering calls, with the LLVM target features it
/// needs.
struct X86Intrinsic {
  StringLiteral name;
  StringLiteral features;
};
constexpr X86Intrinsic kPshufb128{"llvm.x86.ssse3.pshuf.b.128", "+ssse3"};
constexpr X86Intrinsic kPshufb256{"llvm.x86.avx2.pshuf.b", "+avx2"};
constexpr X86Intrinsic kPshufb512{"llvm.x86.avx512.pshuf.b.512",
                                  "+avx512f,+avx512bw"};
constexpr X86Intrinsic kVpermb512{"llvm.x86.avx512.permvar.qi.512",
                                  "+avx512f,+avx512bw,+avx512vbmi"};
constexpr X86Intrinsic kVpermi2b512{"llvm.x86.avx512.vpermi2var.qi.512",
                                    "+avx512f,+avx512bw,+avx512vbmi"};
constexpr X86Intrinsic kVpermw512{"llvm.x86.avx512.permvar.hi.512",
                                  "+avx512f,+avx512bw"};
constexpr X86Intrinsic kVpermps256{"llvm.x86.avx2.permps", "+avx2"};
constexpr X86Intrinsic kVpermps512{"llvm.x86.avx512.permvar.sf.512",
                                   "+avx512f"};
constexpr X86Intrinsic kVpermilps256{"llvm.x86.avx.vpermilvar.ps.256", "+avx"};
constexpr X86Intrinsic kVpermilps512{"llvm.x86.avx512.vpermilvar.ps.512",
                                     "+avx512f"};
constexpr X86Intrinsic kVpmultishiftqb512{"llvm.x86.avx512.pmultishift.qb.512",
                                          "+avx512f,+avx512bw,+avx512vbmi"};
constexpr X86Intrinsic kVcvtne2ps2bf16{"llvm.x86.avx512bf16.cvtne2ps2bf16.512",
                                       "+avx512f,+avx512bf16"};
constexpr X86Intrinsic kX86Intrinsics[] = {
    kVcvtne2ps2bf16, kPshufb128,    kPshufb256,         kPshufb512,
    kVpermb512,      kVpermi2b512,  kVpermps256,        kVpermps512,
    kVpermilps256,   kVpermilps512, kVpmultishiftqb512, kVpermw512};

} // namespace

int64_t mlir::qdq::getTableLookupRegisterBytes(int64_t entries, int64_t lookups,
                                               const X86Features &features) {
  SmallVector<int64_t, 3> widths;
  if (entries == 256 || entries == 128 || entries == 64) {
    if (features.avx512vbmi && features.avx512bw)
      widths.push_back(64);
  } else if (entries == 16) {
    if (features.avx512bw)
      widths.push_back(64);
    if (features.avx2)
      widths.push_back(32);
    if (features.ssse3)
      widths.push_back(16);
  }
  for (int64_t width : widths)
    if (lookups % width == 0)
      return width;
  return 0;
}

int64_t mlir::qdq::getWordTableLookupLanes(int64_t entries, int64_t lookups,
                                           const X86Features &features) {
  return entries == 32 && features.avx512bw && lookups % 32 == 0 ? 32 : 0;
}

int64_t mlir::qdq::getF32TableLookupLanes(int64_t entries, int64_t lookups,
                                          const X86Features &features) {
  // 16 entries: vpermps on 512-bit registers. 8 entries: vpermps on 256-bit
  // registers, or on 512-bit ones with the table twice. 4 entries:
  // vpermilps, which looks up within each 128-bit lane, on 512- or 256-bit
  // registers.
  SmallVector<int64_t, 2> widths;
  if (features.avx512f && (entries == 16 || entries == 8 || entries == 4))
    widths.push_back(16);
  if (features.avx2 && (entries == 8 || entries == 4))
    widths.push_back(8);
  for (int64_t width : widths)
    if (lookups % width == 0)
      return width;
  return 0;
}

namespace {

/// A rewrite of `OpTy` that lowers to what `features` allow.
template <typename OpTy> class X86Pattern : public OpRewritePattern<OpTy> {
public:
  X86Pattern(MLIRContext *ctx, const X86Features &features)
      : OpRewritePattern<OpTy>(ctx), cpuFeatures(features) {}

protected:
  /// The features `op` may use: those of the CPU without the ones wider
  /// than the vector width its function is marked with (VectorWidth.h), so
  /// that code written for ymm registers gets no zmm instruction.
  X86Features featuresFor(Operation *op) const {
    unsigned bits = getMarkedVectorWidth(op);
    return bits ? cpuFeatures.limitedTo(bits) : cpuFeatures;
  }

private:
  X86Features cpuFeatures;
};

class TableLookupToX86 : public X86Pattern<TableLookupOp> {
public:
  using X86Pattern::X86Pattern;

  LogicalResult matchAndRewrite(TableLookupOp op,
                                PatternRewriter &b) const override {
    X86Features features = featuresFor(op);
    Location loc = op.getLoc();
    VectorType tableType = op.getTable().getType();
    VectorType indexType = op.getIndices().getType();
    int64_t entries = tableType.getNumElements();
    int64_t lookups = indexType.getNumElements();
    bool isF32 = tableType.getElementType().isF32();
    bool isWord = tableType.getElementType().isInteger(16);
    // Target features are set per function: outside one, stay portable.
    int64_t width = 0;
    if (op->getParentOfType<FunctionOpInterface>())
      width = isF32 ? getF32TableLookupLanes(entries, lookups, features)
              : isWord
                  ? getWordTableLookupLanes(entries, lookups, features)
                  : getTableLookupRegisterBytes(entries, lookups, features);
    if (!width) {
      b.replaceOp(op, lowerPerElement(b, loc, op.getTable(), op.getIndices()));
      return success();
    }
    if (isF32 || isWord) {
      // vpermps reads the low 4 bits of each index on 512-bit registers and
      // the low 3 on 256-bit ones; vpermilps the low 2, within each 128-bit
      // lane; vpermw the low 5 (the whole 32-word table in one register).
      // A table with fewer entries than the register is repeated across it.
      Value table = op.getTable();
      const X86Intrinsic *intrinsic =
          isWord         ? &kVpermw512
          : entries == 4 ? (width == 16 ? &kVpermilps512 : &kVpermilps256)
                         : (width == 16 ? &kVpermps512 : &kVpermps256);
      if (entries < width) {
        SmallVector<int64_t> repeat;
        for (int64_t i = 0; i < width; ++i)
          repeat.push_back(i % entries);
        table = vector::ShuffleOp::create(b, loc, table, table, repeat);
      }
      Value result = arith::ConstantOp::create(
          b, loc, b.getZeroAttr(indexType.clone(tableType.getElementType())));
      for (int64_t offset = 0; offset < lookups; offset += width) {
        Value index = vector::ExtractStridedSliceOp::create(
            b, loc, op.getIndices(), ArrayRef<int64_t>{offset},
            ArrayRef<int64_t>{width}, ArrayRef<int64_t>{1});
        // The 256-bit vpermilps takes its index behind an empty inline asm:
        // for a target with AVX-512 (e.g. 256-bit vectors on such a host),
        // LLVM 22's x86 DAG combines joined the indices of two lookups, ANDed
        // with their low-bit mask as f32 vectors, into a 512-bit `and` it
        // cannot select ("Cannot select: v16f32 = and", llc -O2/-O3 for any
        // AVX-512 CPU; the 2-bit x -> f32 lookups of dq-lookup-table.mlir
        // and dq-row-tables.mlir at vector-bits=256 on an AVX-512 host).
        if (intrinsic == &kVpermilps256)
          index = createRegisterBarrier(b, loc, index);
        Value values =
            LLVM::CallIntrinsicOp::create(b, loc, table.getType(),
                                          b.getStringAttr(intrinsic->name),
                                          ValueRange{table, index})
                .getResult(0);
        result = vector::InsertStridedSliceOp::create(b, loc, values, result,
                                                      ArrayRef<int64_t>{offset},
                                                      ArrayRef<int64_t>{1});
      }
      b.replaceOp(op, result);
      return success();
    }
    auto registerType = VectorType::get({width}, b.getI8Type());
    auto call = [&](const X86Intrinsic &intrinsic, ValueRange args) -> Value {
      return LLVM::CallIntrinsicOp::create(
                 b, loc, registerType, b.getStringAttr(intrinsic.name), args)
          .getResult(0);
    };
    auto slice = [&](Value vector, int64_t offset) -> Value {
      return vector::ExtractStridedSliceOp::create(
          b, loc, vector, ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{width},
          ArrayRef<int64_t>{1});
    };
    auto splat = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(registerType,
                                 b.getI8IntegerAttr(value).getValue()));
    };
    // The table in registers: 16 entries repeated in every 16-byte lane, 64
    // entries as one register, or 128 and 256 as two and four.
    SmallVector<Value, 4> table;
    if (entries == 16) {
      SmallVector<int64_t> repeat;
      for (int64_t i = 0; i < width; ++i)
        repeat.push_back(i % 16);
      table.push_back(vector::ShuffleOp::create(b, loc, op.getTable(),
                                                op.getTable(), repeat));
    } else if (entries == width) {
      table.push_back(op.getTable());
    } else {
      for (int64_t offset = 0; offset < entries; offset += width)
        table.push_back(slice(op.getTable(), offset));
    }
    Value result = op.getIndices();
    for (int64_t offset = 0; offset < lookups; offset += width) {
      Value index =
          lookups == width ? op.getIndices() : slice(op.getIndices(), offset);
      Value bytes;
      if (entries == 16) {
        // pshufb zeroes a byte whose index has bit 7 set: keep 4 bits.
        Value low = arith::AndIOp::create(b, loc, index, splat(15));
        const X86Intrinsic &pshufb = width == 64   ? kPshufb512
                                     : width == 32 ? kPshufb256
                                                   : kPshufb128;
        bytes = call(pshufb, {table[0], low});
      } else if (entries == 64) {
        // vpermb reads the low 6 bits of each index.
        bytes = call(kVpermb512, {table[0], index});
      } else if (entries == 128) {
        // vpermi2b reads the low 7 bits of each index.
        bytes = call(kVpermi2b512, {table[0], index, table[1]});
      } else {
        // vpermi2b reads the low 7 bits of each index; bit 7 picks the half.
        Value lowHalf = call(kVpermi2b512, {table[0], index, table[1]});
        Value highHalf = call(kVpermi2b512, {table[2], index, table[3]});
        Value upper = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                            index, splat(0));
        bytes = arith::SelectOp::create(b, loc, upper, highHalf, lowHalf);
      }
      if (lookups == width) {
        result = bytes;
        break;
      }
      result = vector::InsertStridedSliceOp::create(b, loc, bytes, result,
                                                    ArrayRef<int64_t>{offset},
                                                    ArrayRef<int64_t>{1});
    }
    b.replaceOp(op, result);
    return success();
  }

private:
  /// result[i] = table[indices[i] mod T], one element at a time.
  static Value lowerPerElement(PatternRewriter &b, Location loc, Value table,
                               Value indices) {
    auto type = cast<VectorType>(indices.getType());
    auto tableType = cast<VectorType>(table.getType());
    int64_t entries = tableType.getNumElements();
    Value mask = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(type.getElementType(), entries - 1));
    Value result = arith::ConstantOp::create(
        b, loc, b.getZeroAttr(type.clone(tableType.getElementType())));
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      Value index = vector::ExtractOp::create(b, loc, indices, i);
      if (entries < 256 || !type.getElementType().isInteger(8))
        index = arith::AndIOp::create(b, loc, index, mask);
      Value position =
          arith::IndexCastUIOp::create(b, loc, b.getIndexType(), index);
      Value entry = vector::ExtractOp::create(b, loc, table,
                                              ArrayRef<OpFoldResult>{position});
      result = vector::InsertOp::create(b, loc, entry, result, i);
    }
    return result;
  }
};

/// Lowers qdq.unpack_bits. Both forms move each field to the top of its i32
/// lane and shift it back down, which sign- or zero-extends it:
/// - with AVX512_VBMI, per 16 results: the 8 (4-bit) or 4 (2-bit) bytes
///   holding them broadcast to every 64-bit lane (a broadcast load when the
///   bytes come from memory), then one vpmultishiftqb, which gives every
///   byte the 8 bits starting at any bit offset of its 64-bit lane
///   (rotating): the top byte of i32 lane i gets the 8 bits ending with
///   field i;
/// - else: every lane takes a copy of its field's byte into its top byte
///   (byte shuffles, see fieldsToTopByShuffle) and shifts it up by the
///   field's offset.
class UnpackBitsToX86 : public X86Pattern<UnpackBitsOp> {
public:
  using X86Pattern::X86Pattern;

  LogicalResult matchAndRewrite(UnpackBitsOp op,
                                PatternRewriter &b) const override {
    X86Features features = featuresFor(op);
    Location loc = op.getLoc();
    int64_t bits = op.getBits();
    VectorType resultType = op.getResult().getType();
    int64_t count = resultType.getNumElements();
    bool multishift =
        features.avx512vbmi && op->getParentOfType<FunctionOpInterface>();
    if (resultType.getElementType().isInteger(16)) {
      // 2-bit fields into i16 lanes: 32 fields (8 bytes) fill every 64-bit
      // lane, so one vpmultishiftqb per 32 results. Zero-extended fields
      // go to the bottom of their lanes and are masked (an AND, which x86
      // merges with a following OR into one vpternlog); sign-extended ones
      // to the top, shifted down. Else the i32 results truncated.
      if (multishift && bits == 2 && count % 32 == 0) {
        bool signExtend = op.getSignExtend();
        Value fields =
            fieldsToTopByMultishift(b, loc, op.getBytes(), bits, count,
                                    /*laneBits=*/16, /*toBottom=*/!signExtend);
        if (signExtend) {
          b.replaceOp(op, shiftRightByConstant(b, loc, fields, 16 - bits,
                                               /*isSigned=*/true));
          return success();
        }
        Value mask = arith::ConstantOp::create(
            b, loc,
            DenseElementsAttr::get(
                resultType, b.getI16IntegerAttr((1 << bits) - 1).getValue()));
        b.replaceOpWithNewOp<arith::AndIOp>(op, fields, mask);
        return success();
      }
      Value wide =
          UnpackBitsOp::create(b, loc, resultType.clone(b.getI32Type()),
                               op.getBytes(), bits, op.getSignExtend());
      b.replaceOpWithNewOp<arith::TruncIOp>(op, resultType, wide);
      return success();
    }
    multishift &= count % 16 == 0;
    Value up;
    if (multishift)
      up = fieldsToTopByMultishift(b, loc, op.getBytes(), bits, count,
                                   /*laneBits=*/32, /*toBottom=*/false);
    else if (features.avx2 && !features.avx512bw)
      up = fieldsToTopByBroadcastLoads(b, loc, op.getBytes(), bits, count);
    if (!up)
      up = fieldsToTopByShuffle(b, loc, op.getBytes(), bits, count,
                                features.avx512bw ? 16
                                : features.avx2   ? 8
                                : features.ssse3  ? 4
                                                  : 0);
    b.replaceOp(
        op, shiftRightByConstant(b, loc, up, 32 - bits, op.getSignExtend()));
    return success();
  }

private:
  static Value fieldsToTopByMultishift(PatternRewriter &b, Location loc,
                                       Value bytes, int64_t bits, int64_t count,
                                       int64_t laneBits, bool toBottom) {
    // A register's `perRegister` fields of `bits` bits (16 in i32 lanes, 32
    // in i16 lanes) fill `chunk` bytes (8 or 4), repeated to fill every
    // 64-bit lane; field i goes to lane i, whose bytes all get the offset
    // of the 8 bits ending with field i (only the top byte matters), or
    // with `toBottom` starting with it (only the low bits of the bottom
    // byte matter).
    int64_t laneBytes = laneBits / 8;
    int64_t perRegister = 64 / laneBytes;
    int64_t chunk = perRegister * bits / 8;
    SmallVector<int8_t> control;
    for (int64_t k = 0; k < 64; ++k) {
      int64_t field = k / laneBytes;
      control.push_back(
          int8_t((field * bits + (toBottom ? 0 : bits - 8)) & 63));
    }
    auto byteType = VectorType::get({64}, b.getI8Type());
    Value controlVector = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(byteType, ArrayRef(control)));
    Type laneType = b.getIntegerType(laneBits);
    auto wordType = VectorType::get({perRegister}, laneType);
    Type chunkInt = b.getIntegerType(chunk * 8);
    Value result = arith::ConstantOp::create(
        b, loc, b.getZeroAttr(VectorType::get({count}, laneType)));
    int64_t chunks = count / perRegister;
    Value chunkVector = vector::BitCastOp::create(
        b, loc, VectorType::get({chunks}, chunkInt), bytes);
    for (int64_t c = 0; c < chunks; ++c) {
      // A splat of chunk c (on x86 a broadcast load when `bytes` is loaded).
      SmallVector<int64_t> splat(64 / chunk, c);
      Value repeated =
          vector::ShuffleOp::create(b, loc, chunkVector, chunkVector, splat);
      Value source = vector::BitCastOp::create(b, loc, byteType, repeated);
      Value fields =
          LLVM::CallIntrinsicOp::create(
              b, loc, byteType, b.getStringAttr(kVpmultishiftqb512.name),
              ValueRange{controlVector, source})
              .getResult(0);
      Value words = vector::BitCastOp::create(b, loc, wordType, fields);
      result = vector::InsertStridedSliceOp::create(
          b, loc, words, result, ArrayRef<int64_t>{perRegister * c},
          ArrayRef<int64_t>{1});
    }
    return result;
  }

  /// With 8 i32 lanes per register (AVX2), when `bytes` is an unmasked
  /// in-bounds read of an i8 memref (along its last dimension): the fields are
  /// read again, 4 bytes at a time, each broadcast to all i32 lanes of the
  /// registers it fills (a vpbroadcastd from memory; 2-bit fields fill two
  /// registers per broadcast), and each lane shifts its own field up to the
  /// top. A 32-byte read's lanes would otherwise have to be moved across the
  /// 128-bit halves and copied with a vpshufb per register (LLVM broadcasts
  /// a load with several uses from a register). On Zen 3 a broadcast load
  /// still takes a shuffle pipe (0.8 cycles each in a scratch loop), but
  /// the lane-crossing moves go away: 0.98-1.53x on the packed 2/4-bit ->
  /// f32 kernels at 64 Ki (bench/HISTORY.md, 2026-11-29 from 08:44 UTC).
  /// Returns null when the read or the counts do not fit.
  static Value fieldsToTopByBroadcastLoads(PatternRewriter &b, Location loc,
                                           Value bytes, int64_t bits,
                                           int64_t count) {
    auto read = bytes.getDefiningOp<vector::TransferReadOp>();
    if (!read || count % 8 || (bits != 2 && bits != 4) || read.getMask() ||
        read.getVectorType().getRank() != 1 ||
        !read.getPermutationMap().isMinorIdentity() ||
        !llvm::all_of(read.getInBoundsValues(),
                      [](bool inBounds) { return inBounds; }))
      return Value();
    auto memref = dyn_cast<MemRefType>(read.getBase().getType());
    if (!memref || !memref.getElementType().isInteger(8))
      return Value();
    auto wordType = VectorType::get({8}, b.getI32Type());
    int64_t fieldsPerWord = 32 / bits;
    SmallVector<Value> indices(read.getIndices());
    Value first = indices.back();
    Value result = arith::ConstantOp::create(
        b, loc, b.getZeroAttr(VectorType::get({count}, b.getI32Type())));
    Value splat;
    for (int64_t field = 0; field < count; field += 8) {
      int64_t offset = field % fieldsPerWord;
      if (offset == 0) {
        // The word's bytes, or at the end of 2-bit fields the 2 bytes left
        // (a 16-bit broadcast: each i32 lane holds them twice, and the
        // shifts below push the upper copy out).
        int64_t chunk = std::min<int64_t>(4, (count - field) * bits / 8);
        Type chunkInt = b.getIntegerType(chunk * 8);
        indices.back() = arith::AddIOp::create(
            b, loc, first,
            arith::ConstantIndexOp::create(b, loc, field * bits / 8));
        Value part = vector::TransferReadOp::create(
            b, loc, VectorType::get({chunk}, b.getI8Type()), read.getBase(),
            indices, read.getPadding(), ArrayRef<bool>{true});
        Value scalar = vector::ExtractOp::create(
            b, loc,
            vector::BitCastOp::create(b, loc, VectorType::get({1}, chunkInt),
                                      part),
            ArrayRef<int64_t>{0});
        splat = vector::BitCastOp::create(
            b, loc, wordType,
            vector::BroadcastOp::create(
                b, loc, VectorType::get({32 / chunk}, chunkInt), scalar));
      }
      SmallVector<int32_t> shiftUp;
      for (int64_t i = 0; i < 8; ++i)
        shiftUp.push_back(int32_t(32 - bits - (offset + i) * bits));
      Value words = arith::ShLIOp::create(
          b, loc, splat,
          arith::ConstantOp::create(
              b, loc, DenseElementsAttr::get(wordType, ArrayRef(shiftUp))));
      result = vector::InsertStridedSliceOp::create(b, loc, words, result,
                                                    ArrayRef<int64_t>{field},
                                                    ArrayRef<int64_t>{1});
    }
    return result;
  }

  /// Every lane takes a copy of its field's byte into its top byte and
  /// shifts it up by the field's offset. With byte shuffles in 128-bit
  /// lanes (`registerLanes` i32 lanes per register, 0 without), the copies
  /// are made one register at a time, each from the 16-byte window of
  /// `bytes` that holds its fields, broadcast to every 128-bit lane (one
  /// shuffle per window, behind a register barrier) and then copied within
  /// the lanes (one vpshufb). One shuffle of all of `bytes` is left to LLVM,
  /// which moves bytes across lanes for every register (on Zen 3, 17
  /// shuffles per 64 4-bit fields where the windows take 10).
  static Value fieldsToTopByShuffle(PatternRewriter &b, Location loc,
                                    Value bytes, int64_t bits, int64_t count,
                                    int64_t registerLanes) {
    int64_t sourceBytes = cast<VectorType>(bytes.getType()).getNumElements();
    auto wordType = VectorType::get({count}, b.getI32Type());
    SmallVector<int32_t> shiftUp;
    for (int64_t i = 0; i < count; ++i)
      shiftUp.push_back(int32_t(8 - bits - i * bits % 8));
    int64_t window = sourceBytes;
    if (registerLanes)
      window = std::min<int64_t>(16, sourceBytes);
    else
      registerLanes = count;
    Value copies = arith::ConstantOp::create(
        b, loc, b.getZeroAttr(VectorType::get({4 * count}, b.getI8Type())));
    // The windows broadcast so far, by first byte.
    llvm::SmallDenseMap<int64_t, Value> broadcasts;
    for (int64_t first = 0; first < count; first += registerLanes) {
      int64_t fields = std::min(count - first, registerLanes);
      // A register's fields fill a power-of-two number of bytes at most 8,
      // at a multiple of it: an aligned window holds them (or the last 16
      // bytes, when `bytes` ends before the aligned window does).
      int64_t start =
          std::min(first * bits / 8 / window * window, sourceBytes - window);
      assert((first + fields - 1) * bits / 8 < start + window &&
             "fields span two windows");
      Value source = bytes;
      int64_t base = 0, laneBytes = 0;
      // Also, on AVX2, one window that is all of `bytes`: left to LLVM, its
      // copies became an in-lane unpack, a 128-bit vpshufb and a vpermq per
      // register (2-bit x, 64 fields in 16 bytes). Broadcast, they take one
      // vpshufb: on Zen 3, i2 and ui2 per-axis C=64 and blocked-32 -> f32
      // at 64 Ki ran at 1.24-1.31x (bench/HISTORY.md, 2026-11-28).
      if (window < sourceBytes || (window == 16 && registerLanes == 8)) {
        Value &broadcast = broadcasts[start];
        if (!broadcast) {
          SmallVector<int64_t> repeat;
          for (int64_t k = 0; k < std::max<int64_t>(4 * registerLanes, 16); ++k)
            repeat.push_back(start + k % 16);
          broadcast = createRegisterBarrier(
              b, loc, vector::ShuffleOp::create(b, loc, bytes, bytes, repeat));
        }
        source = broadcast;
        base = start;
        laneBytes = 16;
      }
      SmallVector<int64_t> copyOf;
      for (int64_t k = 0; k < 4 * fields; ++k)
        copyOf.push_back((first + k / 4) * bits / 8 - base +
                         k / 16 * laneBytes);
      Value group = vector::ShuffleOp::create(b, loc, source, source, copyOf);
      copies = vector::InsertStridedSliceOp::create(
          b, loc, group, copies, ArrayRef<int64_t>{4 * first},
          ArrayRef<int64_t>{1});
    }
    Value words = vector::BitCastOp::create(b, loc, wordType, copies);
    return arith::ShLIOp::create(
        b, loc, words,
        arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(wordType, ArrayRef(shiftUp))));
  }
};

/// arith.truncf of f32 vectors to bf16, with AVX512_BF16: one two-source
/// vcvtne2ps2bf16 per 32 results. --convert-qdq-to-vector emits such a
/// truncf only where the instruction rounds every value exactly
/// (BF16Rounding::Hardware), or every value but NaNs, whose payloads it
/// then clears (BF16Rounding::HardwareCanonicalNaN); it is the instruction
/// LLVM selects for the truncf itself, but in its one-source form, one per
/// 16 results plus a register insert per pair, which is slower.
class TruncFToBF16Pairs : public X86Pattern<arith::TruncFOp> {
public:
  using X86Pattern::X86Pattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &b) const override {
    X86Features features = featuresFor(op);
    auto resultType = dyn_cast<VectorType>(op.getType());
    auto sourceType = dyn_cast<VectorType>(op.getIn().getType());
    if (!features.avx512bf16 || !resultType || !sourceType ||
        resultType.getRank() != 1 || resultType.isScalable() ||
        !resultType.getElementType().isBF16() ||
        !sourceType.getElementType().isF32() ||
        resultType.getNumElements() % 32 != 0 ||
        !op->getParentOfType<FunctionOpInterface>())
      return b.notifyMatchFailure(op, "not an f32 -> bf16 vector of 32 k");
    if (std::optional<arith::RoundingMode> mode = op.getRoundingmode();
        mode && *mode != arith::RoundingMode::to_nearest_even)
      return b.notifyMatchFailure(op, "rounding mode other than nearest even");
    Location loc = op.getLoc();
    auto half = [&](int64_t offset) -> Value {
      return vector::ExtractStridedSliceOp::create(
          b, loc, op.getIn(), ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{16},
          ArrayRef<int64_t>{1});
    };
    auto pairType = VectorType::get({32}, b.getBF16Type());
    Value result = arith::ConstantOp::create(b, loc, b.getZeroAttr(resultType));
    for (int64_t first = 0; first < resultType.getNumElements(); first += 32) {
      // The second operand becomes the low half.
      Value low = half(first);
      Value high = half(first + 16);
      Value pair = LLVM::CallIntrinsicOp::create(
                       b, loc, pairType, b.getStringAttr(kVcvtne2ps2bf16.name),
                       ValueRange{high, low})
                       .getResult(0);
      if (resultType.getNumElements() == 32) {
        result = pair;
        break;
      }
      result = vector::InsertStridedSliceOp::create(
          b, loc, pair, result, ArrayRef<int64_t>{first}, ArrayRef<int64_t>{1});
    }
    b.replaceOp(op, result);
    return success();
  }
};

/// A non-temporal store of bf16 values with AVX512_BF16, or of f16 values
/// with AVX512_FP16, stored as i16 (an arith.bitcast of a bf16 or f16
/// vector), keeps its streaming store. With those features the half types'
/// vectors are legal, LLVM 22's x86 backend has no non-temporal store
/// pattern for them, and its DAG combiner folds the integer bitcast into
/// the store, so the store silently becomes a normal one (on the 2-core
/// Zen 4 VM of bench/, i8 per-axis -> bf16 at 64 Mi elements ran at the
/// normal-store roof; on an AVX512_FP16 Xeon the f16 steps of nativeF16 in
/// --convert-qdq-to-vector, i8 per-axis -> f16 at 64 Mi, also did:
/// bench/HISTORY.md, 2026-12-01). An empty inline asm per register ("=v,0":
/// the output is the input register, no instruction) makes each register an
/// integer value the combiner cannot see through.
class NontemporalHalfStores : public X86Pattern<vector::StoreOp> {
public:
  using X86Pattern::X86Pattern;

  LogicalResult matchAndRewrite(vector::StoreOp op,
                                PatternRewriter &b) const override {
    X86Features features = featuresFor(op);
    VectorType type = op.getVectorType();
    auto cast = op.getValueToStore().getDefiningOp<arith::BitcastOp>();
    Type half = cast ? getElementTypeOrSelf(cast.getIn().getType()) : Type();
    bool legalHalf = half && ((features.avx512bf16 && half.isBF16()) ||
                              (features.avx512fp16 && half.isF16()));
    if (!legalHalf || !op.getNontemporal() || type.getRank() != 1 ||
        type.isScalable() || !type.getElementType().isInteger(16))
      return b.notifyMatchFailure(
          op, "not a streaming store of bf16 or f16 bits with the feature "
              "that makes their vectors legal");
    // One register per barrier: a zmm (32 values) only where the features
    // give AVX-512F, else a ymm (16, AVX) or, without AVX2 and F16C, an xmm
    // (8); or the whole vector if it is smaller. AVX512_FP16 alone does
    // not say the registers are 512 bits wide: a barrier that is one makes
    // its function need +avx512f (addX86TargetFeatures), which dies with
    // SIGILL on an AVX2 host (dq-native-f16.mlir's cpu-features=avx512fp16
    // runs on the Zen 3 VM, 2026-12-02).
    int64_t count = type.getNumElements();
    int64_t registerLanes = features.avx512f                 ? 32
                            : features.avx2 || features.f16c ? 16
                                                             : 8;
    int64_t lanes = std::min<int64_t>(count, registerLanes);
    if (count % lanes != 0 || !llvm::is_contained({8, 16, 32}, lanes))
      return b.notifyMatchFailure(op,
                                  "not whole 16-, 32- or 64-byte registers");
    Location loc = op.getLoc();
    auto barrier = [&](Value value) {
      return createRegisterBarrier(b, loc, value);
    };
    Value bits = op.getValueToStore();
    Value result = bits;
    if (count == lanes) {
      result = barrier(bits);
    } else {
      result = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
      for (int64_t offset = 0; offset < count; offset += lanes) {
        Value part = vector::ExtractStridedSliceOp::create(
            b, loc, bits, ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{lanes},
            ArrayRef<int64_t>{1});
        result = vector::InsertStridedSliceOp::create(
            b, loc, barrier(part), result, ArrayRef<int64_t>{offset},
            ArrayRef<int64_t>{1});
      }
    }
    b.modifyOpInPlace(op, [&] { op.getValueToStoreMutable().assign(result); });
    return success();
  }
};

/// MXCSR bit 15: flush to zero (results); bit 6: denormals are zero
/// (inputs).
constexpr int32_t kFlushSubnormalsBits = 0x8040;

/// A 4-byte stack slot for MXCSR.
static Value createControlSlot(OpBuilder &b, Location loc) {
  Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(), 1);
  return LLVM::AllocaOp::create(b, loc,
                                LLVM::LLVMPointerType::get(b.getContext()),
                                b.getI32Type(), one, /*alignment=*/4);
}
/// A call of `intrinsic` (llvm.x86.sse.stmxcsr or ldmxcsr) on `slot`.
static void callControl(OpBuilder &b, Location loc, StringRef intrinsic,
                        Value slot) {
  LLVM::CallIntrinsicOp::create(b, loc, b.getStringAttr(intrinsic),
                                ValueRange{slot});
}

/// qdq.flush_subnormals: MXCSR saved to a slot, returned, and written back
/// with kFlushSubnormalsBits set.
class FlushSubnormalsToX86 : public OpRewritePattern<FlushSubnormalsOp> {
public:
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FlushSubnormalsOp op,
                                PatternRewriter &b) const override {
    Location loc = op.getLoc();
    Type i32 = b.getI32Type();
    Value slot = createControlSlot(b, loc);
    callControl(b, loc, "llvm.x86.sse.stmxcsr", slot);
    Value saved = LLVM::LoadOp::create(b, loc, i32, slot);
    Value flush = LLVM::OrOp::create(
        b, loc, saved,
        LLVM::ConstantOp::create(b, loc, i32, kFlushSubnormalsBits));
    LLVM::StoreOp::create(b, loc, flush, slot);
    callControl(b, loc, "llvm.x86.sse.ldmxcsr", slot);
    b.replaceOp(op, saved);
    return success();
  }
};

/// qdq.restore_float_control: the value stored to a slot and loaded into
/// MXCSR.
class RestoreFloatControlToX86
    : public OpRewritePattern<RestoreFloatControlOp> {
public:
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(RestoreFloatControlOp op,
                                PatternRewriter &b) const override {
    Location loc = op.getLoc();
    Value slot = createControlSlot(b, loc);
    LLVM::StoreOp::create(b, loc, op.getSaved(), slot);
    callControl(b, loc, "llvm.x86.sse.ldmxcsr", slot);
    b.eraseOp(op);
    return success();
  }
};

struct ConvertQDQVectorOpsToLLVMPass
    : public qdq::impl::ConvertQDQVectorOpsToLLVMBase<
          ConvertQDQVectorOpsToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<X86Features> features =
        X86Features::parseOption(getOperation(), cpuFeatures);
    if (failed(features))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateQDQVectorOpsToLLVMPatterns(patterns, *features);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError()
          << "--convert-qdq-vector-ops-to-llvm did not converge within the "
             "greedy rewriter's iteration limit";
      return signalPassFailure();
    }
    addX86TargetFeatures(getOperation());
  }
};

} // namespace

/// The constraints of createRegisterBarrier's inline asm: the output is a
/// vector register ("v": xmm, ymm or zmm by the value's width), the one of
/// the input ("0").
static constexpr StringLiteral kRegisterBarrierConstraints = "=v,0";

Value mlir::qdq::createRegisterBarrier(OpBuilder &b, Location loc,
                                       Value value) {
  return LLVM::InlineAsmOp::create(
             b, loc, value.getType(), ValueRange{value}, /*asm_string=*/"",
             /*constraints=*/kRegisterBarrierConstraints,
             /*has_side_effects=*/false,
             /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
             /*asm_dialect=*/LLVM::AsmDialectAttr(),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

void mlir::qdq::populateQDQVectorOpsToLLVMPatterns(
    RewritePatternSet &patterns, const X86Features &features) {
  patterns.add<TableLookupToX86, UnpackBitsToX86, TruncFToBF16Pairs,
               NontemporalHalfStores>(patterns.getContext(), features);
  patterns.add<FlushSubnormalsToX86, RestoreFloatControlToX86>(
      patterns.getContext());
}

/// The LLVM target features `op` needs on x86 ("" if none): those of the
/// intrinsics above, and AVX512_BF16 for f32 to bf16 vector rounding (before
/// or after arith-to-llvm).
static StringRef getNeededX86Features(Operation *op) {
  if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op)) {
    const X86Intrinsic *intrinsic =
        llvm::find_if(kX86Intrinsics, [&](const X86Intrinsic &known) {
          return call.getIntrin() == known.name;
        });
    if (intrinsic == std::end(kX86Intrinsics))
      return StringRef();
    return intrinsic->features;
  }
  // A register barrier needs a register as wide as its value: LLVM cannot
  // split an inline asm operand, so without these features llc fails with
  // "couldn't allocate output register for constraint 'v'" for a generic
  // x86-64 CPU (CI on Zen 3: the 32-byte AVX2 broadcast of a lone 16-byte
  // unpack_bits window).
  if (auto barrier = dyn_cast<LLVM::InlineAsmOp>(op)) {
    if (barrier.getConstraints() != kRegisterBarrierConstraints ||
        barrier->getNumResults() != 1)
      return StringRef();
    auto type = dyn_cast<VectorType>(barrier->getResult(0).getType());
    if (!type || type.isScalable() || !type.getElementType().isIntOrFloat())
      return StringRef();
    int64_t bits = type.getNumElements() * type.getElementTypeBitWidth();
    if (bits > 256)
      return "+avx512f";
    if (bits > 128)
      return "+avx";
    return StringRef();
  }
  if (isa<arith::TruncFOp, LLVM::FPTruncOp>(op)) {
    auto type = dyn_cast<VectorType>(op->getResult(0).getType());
    if (type && type.getElementType().isBF16())
      return "+avx512f,+avx512vl,+avx512bf16";
  }
  return StringRef();
}

void mlir::qdq::addX86TargetFeatures(Operation *root) {
  root->walk([](Operation *op) {
    StringRef neededList = getNeededX86Features(op);
    if (neededList.empty())
      return;
    auto function = op->getParentOfType<FunctionOpInterface>();
    if (!function)
      return;
    StringRef name = LLVM::TargetFeaturesAttr::getAttributeName();
    SmallVector<StringRef> features;
    if (auto existing = function->getAttrOfType<LLVM::TargetFeaturesAttr>(name))
      for (StringAttr feature : existing.getFeatures())
        features.push_back(feature.getValue());
    SmallVector<StringRef> needed;
    neededList.split(needed, ',');
    for (StringRef feature : needed)
      if (!llvm::is_contained(features, feature))
        features.push_back(feature);
    function->setAttr(
        name, LLVM::TargetFeaturesAttr::get(op->getContext(), features));
  });
}
