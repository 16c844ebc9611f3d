//===- Plan.cpp - how a dequantize_linear op is vectorized ----------------===//
//
// choosePlan: which scheme of the vector lowering takes an op (Plan.h).
//
//===----------------------------------------------------------------------===//

#include "Plan.h"
#include "LookupTable.h"

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"
#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"

#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

/// Loop rows of block rows that take several rows of x
/// (chooseRowsPerLoopRow) stay within these many columns (unless one loop
/// row takes all of x) and parameter entries (their row tables).
constexpr int64_t kMaxLoopRowColumns = 4096;
constexpr int64_t kMaxLoopRowEntries = 1 << 16;
/// x's own rows stay loop rows when their steps use this much of their
/// lanes; loop rows of several rows are chosen to use the second.
constexpr double kOwnRowsLaneUse = 0.8;
constexpr double kLoopRowsLaneUse = 0.95;

/// The share of the lanes that the steps of a loop row of `columns` use
/// (its last step is masked).
static double laneUse(int64_t columns, int64_t lanes) {
  return double(columns) / double(llvm::alignTo(columns, lanes));
}

/// Block rows of a blocked op over static x of `rows` rows of `length`
/// columns (K, or K * N) with `entries` parameter entries (S, or S * N)
/// each, in runs of `run` columns: how many rows of x one loop row takes,
/// or 0 if no count works. One keeps x's rows (`oneFits`: block rows take
/// them). R > 1 rows must divide `rows`, start each loop row on a byte of
/// packed x (`packedBits`) unless one loop row takes all of x, and, when
/// x's rows are not whole runs (the entries then repeat with x's rows),
/// keep a group of lcm(length, lanes) columns to kMaxGroupSteps steps; whole
/// runs need `runsFit` (the runs' own groups fit). Of those: x's own rows
/// if their steps use 80% of their lanes (the last step of a loop row is
/// masked), else the fewest rows whose steps use 95%, else the best-used
/// count.
static int64_t chooseRowsPerLoopRow(int64_t rows, int64_t length, int64_t run,
                                    int64_t entries, int64_t lanes,
                                    unsigned packedBits, bool oneFits,
                                    bool runsFit) {
  auto used = [&](int64_t r) { return laneUse(r * length, lanes); };
  auto legal = [&](int64_t r) {
    if (r == 1)
      return oneFits;
    if (rows % r != 0 || r > kMaxLoopRowEntries / entries)
      return false;
    if (packedBits && r != rows && (r * length * packedBits) % 8 != 0)
      return false;
    if (length % run == 0)
      return runsFit;
    return groupSteps(length, lanes) <= kMaxGroupSteps;
  };
  int64_t best = 0;
  int64_t limit =
      std::min(rows, std::max<int64_t>(1, kMaxLoopRowColumns / length));
  for (int64_t r = 1; r <= limit; ++r) {
    if (!legal(r))
      continue;
    if (used(r) >= (r == 1 ? kOwnRowsLaneUse : kLoopRowsLaneUse))
      return r;
    if (!best || used(r) > used(best))
      best = r;
  }
  if (!best && legal(rows))
    best = rows;
  return best;
}

/// chooseRowsPerLoopRow for a dynamic number of rows (loop rows with a
/// remainder of rows, Plan::remainderRows): any count, the fewest rows whose
/// steps use 95% of their lanes, else the best-used count; 1 if no count
/// above one fits.
static int64_t chooseRowsPerLoopRowWithRemainder(int64_t length, int64_t run,
                                                 int64_t entries,
                                                 int64_t lanes) {
  auto used = [&](int64_t r) { return laneUse(r * length, lanes); };
  if (length % run != 0 && groupSteps(length, lanes) > kMaxGroupSteps)
    return 1;
  int64_t best = 1;
  int64_t limit =
      std::min(kMaxLoopRowColumns / length, kMaxLoopRowEntries / entries);
  for (int64_t r = 2; r <= limit; ++r) {
    if (used(r) >= kLoopRowsLaneUse)
      return r;
    if (used(r) > used(best))
      best = r;
  }
  return best;
}

FailureOr<Plan> mlir::qdq::detail::choosePlan(DequantizeLinearOp op,
                                              int64_t lanes,
                                              int64_t maxTablePeriod,
                                              const X86Features &x86) {
  RankedTensorType xType = op.getX().getType();
  ArrayRef<int64_t> shape = xType.getShape();
  Type xElement = xType.getElementType();
  bool packed = isPackedSubByteType(xElement);
  unsigned bits = xElement.getIntOrFloatBitWidth();
  // Statically empty tensors need no loops; leave them to the linalg path.
  if (llvm::is_contained(shape, 0))
    return failure();
  // Nor can static sizes whose product overflows int64 be flattened.
  int64_t staticElements = 1;
  for (int64_t dim : shape)
    if (!ShapedType::isDynamic(dim) &&
        llvm::MulOverflow(staticElements, dim, staticElements))
      return failure();
  Plan plan;
  auto granularity = op.getGranularity();
  if (granularity == DequantizeLinearOp::Granularity::PerTensor) {
    plan.scheme = Scheme::PerTensor;
    return plan;
  }
  plan.axis = op.getNormalizedAxis();
  plan.axisDim = shape[plan.axis];
  for (int64_t d = plan.axis + 1; d < xType.getRank(); ++d)
    plan.inner =
        ShapedType::isDynamic(shape[d]) || ShapedType::isDynamic(plan.inner)
            ? ShapedType::kDynamic
            : plan.inner * shape[d];
  unsigned zpBits = 0; // a packed zero point's bits per element
  if (Value zp = op.getZeroPoint()) {
    Type zpElement = cast<ShapedType>(zp.getType()).getElementType();
    if (isPackedSubByteType(zpElement))
      zpBits = zpElement.getIntOrFloatBitWidth();
  }
  if (op.getGranularity() == DequantizeLinearOp::Granularity::Blocked)
    plan.blockSize = op.getBlockSize();

  // Dynamic sizes: only the rows scheme takes them. It needs K only in the
  // arithmetic that maps a row to its parameters (or, along the axis, as
  // the row length), which can read it at run time, and it runs each row's
  // steps up to N, which may be a run-time bound. Its rows must start on a
  // byte of packed x or a packed zero point, which a dynamic N does not
  // promise (Plan::alignedRowsAtRunTime); with a static N, rows shorter than
  // a step would each be one masked step, so they stay for the linalg path.
  if (ShapedType::isDynamic(plan.axisDim) ||
      ShapedType::isDynamic(plan.inner)) {
    // The axis innermost (N = 1): rows of K along the axis, each step
    // reading the entries its lanes cover in place (per-axis) or one scalar
    // or lanes / B entries spread, or with B > lanes the two blocks a step
    // may cover, selected by a prefix mask (blocked). Packed x: rows of a
    // dynamic K start on a byte only for some K (tested at run time). A packed
    // zero point is read in place at a step's column (per-axis) or entry by
    // entry (blocked).
    if (plan.inner == 1) {
      int64_t run = plan.blockSize ? plan.blockSize : 1;
      bool groupFits = groupSteps(run, lanes) <= kMaxGroupSteps;
      if (run < lanes && lanes % run != 0 && !groupFits)
        return failure();
      plan.scheme = Scheme::Rows;
      plan.alongRun = run;
      // Blocks that neither divide nor are whole steps: groups of
      // lcm(B, lanes) columns, as block rows take them.
      plan.groupedRuns = run % lanes != 0 && lanes % run != 0 && groupFits;
      plan.run = run;
      plan.alignedRowsAtRunTime = packed;
      return plan;
    }
    // A dynamic axis with static rows N shorter than a step: x as rows of
    // K * N from the axis on, in the groups of block rows. Per-axis, column
    // c takes entry c / N of the one parameter row; blocked, entry
    // (c / (B * N)) * N + c mod N of its row of S * N (runs of B * N
    // whose entries vary with period N).
    if (!ShapedType::isDynamic(plan.inner) && plan.inner < lanes) {
      // (B is not bounded by a dynamic K: B * N must not overflow.)
      if (plan.blockSize > std::numeric_limits<int64_t>::max() / plan.inner)
        return failure();
      int64_t run = plan.blockSize ? plan.blockSize * plan.inner : plan.inner;
      if (groupSteps(run, lanes) > kMaxGroupSteps)
        return failure();
      plan.scheme = Scheme::Rows;
      plan.alongRun = run;
      plan.groupedRuns = true;
      plan.run = run;
      plan.runWidth = plan.blockSize ? plan.inner : 1;
      plan.alignedRowsAtRunTime = packed;
      return plan;
    }
    if (ShapedType::isDynamic(plan.inner)) {
      plan.alignedRowsAtRunTime = packed || zpBits;
    } else if ((plan.inner * bits) % 8 != 0 || (plan.inner * zpBits) % 8 != 0) {
      return failure();
    }
    plan.scheme = Scheme::Rows;
    return plan;
  }

  // Rows of N elements start byte-aligned only if N * bits is whole bytes,
  // for x and for a packed zero point read by rows.
  bool rowsAligned = (!packed || (plan.inner * bits) % 8 == 0) &&
                     (plan.inner * zpBits) % 8 == 0;

  // Block rows (see Plan::rowLength): packed x needs rows that start on a
  // byte (long runs that do not take straddling steps); short runs, and runs
  // whose entries vary within them (runWidth > 1), unroll a group of
  // lcm(run, lanes) columns, so it must be a few steps. Long runs that are
  // not whole steps take groups too when they are a few steps (no step
  // then runs past its run's end into the next, to be rewritten).
  //
  // Blocked ops over static x may take several rows of x per loop row
  // (chooseRowsPerLoopRow): short rows then fill their steps, and packed
  // rows that do not start on a byte take loop rows that do.
  int64_t xRows = xType.hasStaticShape()
                      ? xType.getNumElements() / (plan.axisDim * plan.inner)
                      : ShapedType::kDynamic;
  auto blockRowsFit = [&](int64_t rowLength, int64_t run, int64_t runWidth,
                          int64_t rowEntries) {
    bool groupFits = groupSteps(run, lanes) <= kMaxGroupSteps;
    bool shortRuns = run < lanes || runWidth > 1;
    bool runsFit = !shortRuns || groupFits;
    bool grouped = shortRuns || (run % lanes != 0 && groupFits);
    // (One row of x starts on a byte, whatever its length.)
    bool oneFits =
        runsFit && (!packed || (rowLength * bits) % 8 == 0 || xRows == 1);
    int64_t rowsPerLoopRow = oneFits ? 1 : 0;
    if (plan.blockSize && (grouped || !oneFits) &&
        !ShapedType::isDynamic(xRows))
      rowsPerLoopRow =
          chooseRowsPerLoopRow(xRows, rowLength, run, rowEntries, lanes,
                               packed ? bits : 0, oneFits, runsFit);
    // A dynamic number of rows: loop rows for the whole ones and the rows
    // left as rows of their own, when x's rows would leave a fifth of the
    // lanes unused. Packed x is read in place from the part's first
    // element (its rows start on a byte: oneFits); not with a packed zero
    // point, whose row tables read it sliced.
    if (plan.blockSize && grouped && oneFits && ShapedType::isDynamic(xRows) &&
        !zpBits && laneUse(rowLength, lanes) < kOwnRowsLaneUse) {
      rowsPerLoopRow =
          chooseRowsPerLoopRowWithRemainder(rowLength, run, rowEntries, lanes);
      plan.remainderRows = rowsPerLoopRow > 1;
    }
    if (rowsPerLoopRow == 0)
      return false;
    plan.rowsPerLoopRow = rowsPerLoopRow;
    if (rowsPerLoopRow > 1 && rowLength % run != 0) {
      plan.rowPeriod = rowLength;
      plan.rowPeriodEntries = rowEntries;
      grouped = true;
    }
    plan.groupedRuns = grouped;
    plan.straddlingSteps = !plan.groupedRuns && packed && (run * bits) % 8 != 0;
    plan.scheme = Scheme::BlockRows;
    plan.rowLength = rowsPerLoopRow * rowLength;
    plan.run = run;
    plan.runWidth = runWidth;
    plan.rowEntries = rowsPerLoopRow * rowEntries;
    return true;
  };

  if (granularity == DequantizeLinearOp::Granularity::PerAxis) {
    // Rows long enough for a lookup table of their own take the rows scheme
    // (LookupTable::appliesToRows), whatever the period.
    int64_t rowTableLength = LookupTable::rowTableLength(op, lanes, x86);
    if (rowTableLength && plan.inner >= rowTableLength && rowsAligned) {
      plan.scheme = Scheme::Rows;
      return plan;
    }
    int64_t period = plan.axisDim * plan.inner;
    if (period <= maxTablePeriod) {
      plan.scheme = Scheme::AxisTable;
      plan.period = period * ((lanes + period - 1) / period);
      return plan;
    }
    // A longer innermost axis of whole steps: the parameters themselves
    // take the tables' place (period tiles share each read).
    if (plan.inner == 1 && plan.axisDim % lanes == 0) {
      plan.scheme = Scheme::AxisTable;
      plan.period = plan.axisDim;
      plan.direct = true;
      return plan;
    }
    if (plan.inner >= lanes && rowsAligned) {
      plan.scheme = Scheme::Rows;
      return plan;
    }
    // Else (a long innermost axis that is not whole steps, or a long period
    // of rows shorter than a step): x as rows of K * N, each element taking
    // entry (column / N) of the one parameter row.
    if (blockRowsFit(plan.axisDim * plan.inner, plan.inner, 1, plan.axisDim))
      return plan;
    return failure();
  }

  plan.blocks = (plan.axisDim + plan.blockSize - 1) / plan.blockSize;
  if (plan.inner == 1 && plan.axisDim % plan.blockSize == 0 &&
      (plan.blockSize % lanes == 0 || lanes % plan.blockSize == 0)) {
    plan.scheme = Scheme::BlockFlat;
    return plan;
  }
  if (plan.inner >= lanes && rowsAligned) {
    plan.scheme = Scheme::Rows;
    return plan;
  }
  // Blocked along the innermost axis in the other forms (a partial last
  // block, or B neither a multiple nor a divisor of the lanes): rows of K.
  if (plan.inner == 1 &&
      blockRowsFit(plan.axisDim, plan.blockSize, 1, plan.blocks))
    return plan;
  // Blocked along another axis with rows shorter than a step: rows of K * N
  // whose blocks of B * N columns take their N entries periodically.
  if (plan.inner > 1 && plan.inner < lanes &&
      blockRowsFit(plan.axisDim * plan.inner, plan.blockSize * plan.inner,
                   plan.inner, plan.blocks * plan.inner))
    return plan;
  return failure();
}

bool mlir::qdq::detail::hasF16ArithmeticForm(DequantizeLinearOp op,
                                             const X86Features &features) {
  Type x = op.getX().getType().getElementType();
  Type y = op.getY().getType().getElementType();
  Type scale = op.getScale().getType().getElementType();
  if (!features.avx512fp16 || !y.isF16() || !scale.isF16())
    return false;
  if (canDecodeMinifloatViaF16(x))
    return true;
  Value zeroPoint = op.getZeroPoint();
  if (x.isF16())
    return !zeroPoint;
  // Not blocked packed x: in an A/B on an AVX512_FP16 Xeon (2026-12-01 19:00
  // UTC, bench/HISTORY.md) its block rows (blocks of 24) ran at 0.70-0.95x
  // and its block tables (blocks of 32) at 0.85-1.00x, where 8-bit x blocked
  // ran at 1.00-1.39x and packed x per-axis at 1.00-1.45x.
  return isa<IntegerType>(x) && x.getIntOrFloatBitWidth() <= 8 &&
         (!zeroPoint || cast<ShapedType>(zeroPoint.getType())
                                .getElementType()
                                .getIntOrFloatBitWidth() <= 8) &&
         !(isPackedSubByteType(x) &&
           op.getGranularity() == DequantizeLinearOp::Granularity::Blocked);
}

int64_t mlir::qdq::detail::maxGroupStepEntries(const Plan &plan,
                                               int64_t lanes) {
  int64_t steps = groupSteps(plan.groupedPeriod(), lanes);
  if (steps > kMaxGroupSteps)
    return std::numeric_limits<int64_t>::max();
  int64_t most = 0;
  for (int64_t s = 0; s < steps; ++s) {
    int64_t first = plan.groupedEntryOf(s * lanes);
    int64_t last = first;
    for (int64_t lane = 1; lane < lanes; ++lane) {
      int64_t entry = plan.groupedEntryOf(s * lanes + lane);
      first = std::min(first, entry);
      last = std::max(last, entry);
    }
    most = std::max(most, last - first + 1);
  }
  return most;
}
