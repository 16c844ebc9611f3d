//===- QDQToVector.cpp - qdq.dequantize_linear to SIMD loops --------------===//
//
// The rewrite pattern of --convert-qdq-to-vector and the pass: for each
// qdq.dequantize_linear on tensors the pattern picks the SIMD width, unroll
// and table forms, plans a loop scheme (Plan.h) and has KernelBuilder emit
// the loops (KernelBuilder.h describes the schemes and which file builds
// what). The other files of this directory: LookupTable.h/.cpp (the tables
// and when they pay), StoredReader.h (vector reads of x and zero points),
// Utils.h/.cpp (small IR helpers), HostDefaults.cpp (the defaults measured
// per host CPU).
//
//===----------------------------------------------------------------------===//

#include "qdq/Conversion/QDQToVector/QDQToVector.h"
#include "KernelBuilder.h"
#include "LookupTable.h"
#include "Plan.h"

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"
#include "qdq/Conversion/Passes.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/VectorWidth.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::qdq {
#define GEN_PASS_DEF_CONVERTQDQTOVECTOR
#include "qdq/Conversion/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

/// The SIMD width measured fastest on the host for `op` compiled for
/// `features`, split over `numThreads` threads from `parallelThreshold`
/// elements.
static unsigned hostVectorBitsOf(DequantizeLinearOp op,
                                 const X86Features &features,
                                 int64_t numThreads,
                                 int64_t parallelThreshold) {
  return getHostVectorBits(op, features,
                           hostStreams(op, numThreads, parallelThreshold));
}

namespace {

class DequantizeLinearToVector : public OpRewritePattern<DequantizeLinearOp> {
public:
  /// With `hostWidthOnly`, rewrites only the ops for which the host's width
  /// (hostVectorBitsOf, for `allFeatures`: the features before
  /// `options.x86` was limited to `options.vectorBits`) is
  /// `options.vectorBits`.
  DequantizeLinearToVector(MLIRContext *ctx, const QDQToVectorOptions &options,
                           const X86Features &allFeatures, bool hostWidthOnly)
      : OpRewritePattern(ctx), lanes(options.vectorBits / 32),
        unroll(options.unroll), numThreads(options.numThreads),
        parallelThreshold(options.parallelThreshold),
        maxTablePeriod(options.maxTablePeriod), x86(options.x86),
        f16Stores(options.f16Stores), periodTile(options.periodTile),
        tinyProductsMinBytes(options.tinyProductsMinBytes),
        subnormalBranch(options.subnormalBranch),
        perTensorBF16Table(options.perTensorBF16Table),
        flushSubnormals(options.flushSubnormals),
        codeTableMinBlocks(options.codeTableMinBlocks),
        codeSelectMaxTableBytes(options.codeSelectMaxTableBytes),
        allFeatures(allFeatures), hostWidthOnly(hostWidthOnly) {}

  LogicalResult matchAndRewrite(DequantizeLinearOp op,
                                PatternRewriter &rewriter) const override {
    if (hostWidthOnly && hostVectorBitsOf(op, allFeatures, numThreads,
                                          parallelThreshold) != lanes * 32)
      return rewriter.notifyMatchFailure(op, "the host's width is another");
    // Several registers per iteration if a scheme exists at that width,
    // else one. Block rows shorter than those registers (short rows of a
    // dynamic x, or that no loop row of several rows fills) run one masked
    // step each: one register wastes fewer lanes.
    int64_t registers = unroll                 ? unroll
                        : takesNarrowSteps(op) ? kNarrowUnroll
                                               : kDefaultUnroll;
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
    int64_t choiceTableBytes = codeSelectMaxTableBytes
                                   ? codeSelectMaxTableBytes
                                   : getHostCodeSelectMaxTableBytes(hostStreams(
                                         op, numThreads, parallelThreshold));
    auto build = [&](bool useLookup) {
      KernelBuilder builder(
          rewriter, op, *plan, width, lanes, numThreads, parallelThreshold,
          useLookup, LookupTable::f32Entries(op, width, x86),
          LookupTable::appliesToDecode(op, width, x86), x86, f16Stores,
          periodTile, tinyProductsMinBytes, subnormalBranch, flushSubnormals,
          codeTableMinBlocks, choiceTableBytes);
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
        op, build((LookupTable::applies(op, width, x86) &&
                   !computesOverTable(op)) ||
                  LookupTable::appliesToRows(op, *plan, width, x86) ||
                  LookupTable::periodTableEntries(op, *plan, width, x86,
                                                  choiceTableBytes)));
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

  /// Whether `op` takes kNarrowUnroll registers per iteration when the
  /// unroll is chosen per form: bf16 x -> bf16 without a zero point on
  /// 512-bit registers where its steps branch on subnormal x
  /// (subnormal-branch; the host default off AMD Zen), which then compute
  /// in even and odd halves (KernelBuilder::tinyHalves), a branch per 32
  /// codes. With more registers per iteration LLVM keeps fewer of the
  /// loop's constants in registers across the branches.
  bool takesNarrowSteps(DequantizeLinearOp op) const {
    return KernelBuilder::computesTinyHalves(op, lanes, x86, subnormalBranch);
  }

  /// Whether per-tensor `op`, which a table covers, computes its results
  /// instead: 8-bit integer x -> bf16 with f16/bf16 scales and a zero
  /// point, whose steps with AVX512_BF16 take the fused product and
  /// vcvtne2ps2bf16, where perTensorBF16Table (0: the host's,
  /// getHostPerTensorBF16Table) says so.
  bool computesOverTable(DequantizeLinearOp op) const {
    Type x = op.getX().getType().getElementType();
    Type scale = op.getScale().getType().getElementType();
    if (!x86.avx512bf16 || !op.getY().getType().getElementType().isBF16() ||
        !isa<IntegerType>(x) || x.getIntOrFloatBitWidth() != 8 ||
        !op.getZeroPoint() || !(scale.isF16() || scale.isBF16()))
      return false;
    return perTensorBF16Table ? perTensorBF16Table < 0
                              : !getHostPerTensorBF16Table();
  }

  /// Registers per iteration when the unroll is chosen per form: most
  /// forms, and the wide ones (takesWideSteps).
  static constexpr int64_t kDefaultUnroll = 4;
  static constexpr int64_t kWideUnroll = 8;
  static constexpr int64_t kNarrowUnroll = 2;

  int64_t lanes;
  /// Registers per iteration; 0: per form.
  int64_t unroll;
  int64_t numThreads;
  int64_t parallelThreshold;
  int64_t maxTablePeriod;
  X86Features x86;
  F16StoreForm f16Stores;
  int64_t periodTile;
  int64_t tinyProductsMinBytes;
  int64_t subnormalBranch;
  int64_t perTensorBF16Table;
  bool flushSubnormals;
  int64_t codeTableMinBlocks;
  /// 0: per op, the host's (getHostCodeSelectMaxTableBytes).
  int64_t codeSelectMaxTableBytes;
  /// The features the host's width per op is chosen for (x86 is them
  /// limited to this pattern's width).
  X86Features allFeatures;
  bool hostWidthOnly;
};

} // namespace

/// The SIMD width `op` is lowered at with `options`.
static unsigned getVectorBits(const QDQToVectorOptions &options,
                              DequantizeLinearOp op) {
  return options.vectorBits
             ? options.vectorBits
             : hostVectorBitsOf(op, options.x86, options.numThreads,
                                options.parallelThreshold);
}

/// Whether `function`'s body defines a vector value.
static bool holdsVectors(Operation *function) {
  return function
      ->walk([](Operation *op) {
        return llvm::any_of(op->getResultTypes(), llvm::IsaPred<VectorType>)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {

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
    if (tinyProductsMinBytes < -1) {
      getOperation()->emitError()
          << "tiny-products-min-bytes must be -1 or more, got "
          << int64_t(tinyProductsMinBytes);
      return signalPassFailure();
    }
    if (subnormalBranch < -1 || subnormalBranch > 1) {
      getOperation()->emitError() << "subnormal-branch must be -1, 0 or 1, got "
                                  << int64_t(subnormalBranch);
      return signalPassFailure();
    }
    if (perTensorBF16Table < -1 || perTensorBF16Table > 1) {
      getOperation()->emitError()
          << "per-tensor-bf16-table must be -1, 0 or 1, got "
          << int64_t(perTensorBF16Table);
      return signalPassFailure();
    }
    if (codeTableMinBlocks < -1) {
      getOperation()->emitError()
          << "code-table-min-blocks must be -1 or more, got "
          << int64_t(codeTableMinBlocks);
      return signalPassFailure();
    }
    if (codeSelectMaxTableBytes < 0) {
      getOperation()->emitError()
          << "code-select-max-table-bytes must be 0 or more, got "
          << int64_t(codeSelectMaxTableBytes);
      return signalPassFailure();
    }
    QDQToVectorOptions options{bits,
                               unroll,
                               numThreads,
                               parallelThreshold,
                               maxTablePeriod,
                               *x86,
                               *storeForm,
                               periodTile,
                               tinyProductsMinBytes,
                               subnormalBranch,
                               perTensorBF16Table,
                               flushSubnormals,
                               codeTableMinBlocks,
                               codeSelectMaxTableBytes};
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
                                           options.x86,
                                           /*hostWidthOnly=*/
                                           options.vectorBits == 0);
  }
}
