//===- Plan.h - how a dequantize_linear op is vectorized --------*- C++ -*-===//
//
// The scheme (per-tensor, axis table, block flat, rows, block rows; see
// KernelBuilder.h) that --convert-qdq-to-vector takes for one op, with the
// shape facts its loops need, and choosePlan, which picks it.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_LIB_CONVERSION_QDQTOVECTOR_PLAN_H
#define QDQ_LIB_CONVERSION_QDQTOVECTOR_PLAN_H

#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/X86Features.h"

#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <numeric>

namespace mlir::qdq::detail {

/// Block rows in groups (Plan::groupedRuns) unroll one group of
/// lcm(B, lanes) columns per iteration: at most this many steps.
constexpr int64_t kMaxGroupSteps = 16;

/// The loop schemes, described in KernelBuilder.h's file comment.
enum class Scheme { PerTensor, AxisTable, BlockFlat, Rows, BlockRows };

/// The shape facts a scheme needs, all static except that the rows scheme
/// also takes a dynamic K or N (ShapedType::kDynamic; S is then unset).
struct Plan {
  Scheme scheme;
  int64_t axis = 0;
  int64_t axisDim = 0;   // K
  int64_t inner = 1;     // N: elements after the axis
  int64_t blockSize = 0; // B (0: per-axis)
  int64_t blocks = 0;    // S = ceil(K / B)
  int64_t period = 0;    // AxisTable: P' (a multiple of K * N, >= lanes)
  bool direct = false;   // AxisTable: no tables, the parameters are read
                         // and decoded where a table would be read
  // BlockRows: rows of `rowLength` elements whose column c takes entry
  // (c / run) * runWidth + c mod runWidth of its parameter row of
  // `rowEntries` entries. Blocked along the innermost axis: K, B, 1, S;
  // along an outer axis with N < lanes: K * N, B * N, N, S * N; per-axis:
  // K * N, N, 1, K, with one parameter row for every row of x.
  int64_t rowLength = 0;
  int64_t run = 0;
  int64_t runWidth = 1;
  int64_t rowEntries = 0;
  // BlockRows of blocked ops whose loop rows each take R > 1 rows of x
  // (chooseRowsPerLoopRow), when x's rows are not whole runs: column c then
  // takes entry (c / rowPeriod) * rowPeriodEntries + e(c mod rowPeriod), e
  // the map above, with `rowPeriod` x's row of K (or K * N) columns and
  // `rowPeriodEntries` its S (or S * N) entries. 0: the map above alone.
  int64_t rowPeriod = 0;
  int64_t rowPeriodEntries = 0;
  // BlockRows over a dynamic number of rows of x: loop rows of
  // `rowsPerLoopRow` rows of x for the whole loop rows, then the rows left
  // (fewer than that) as rows of their own (remainderRows).
  int64_t rowsPerLoopRow = 1;
  bool remainderRows = false;
  // BlockRows with runs of at least a step that do not start on a byte of
  // packed x: steps at multiples of the lanes, each taking the entries of at
  // most two runs, instead of steps from each run's first column.
  bool straddlingSteps = false;
  // Rows in groups of lcm(run, lanes) columns (emitRowOfGroups). BlockRows:
  // runs shorter than a step, runs whose entries vary within them, and
  // longer runs that are not whole steps when a group is at most
  // kMaxGroupSteps steps. Rows along the axis (alongRun): blocks that neither
  // divide the lanes nor are whole steps, and the runs of static rows
  // shorter than a step after a dynamic axis.
  bool groupedRuns = false;
  // Rows along the axis (a dynamic K, the axis innermost or with static
  // rows N shorter than a step after it): x as rows of K * N whose column
  // j takes entries in runs of alongRun of its parameter row (per-axis: N,
  // the one parameter row; blocked: B * N; see groupedRuns for the runs
  // that take groups). 0: rows after the axis.
  int64_t alongRun = 0;
  // Rows of a dynamic length over packed x (or a packed zero point read by
  // rows): the loops need every row to start on a byte, which is tested at
  // run time; the linalg form takes the other shapes.
  bool alignedRowsAtRunTime = false;

  /// Rows in groups (groupedRuns): the parameter entry of column `c` of a
  /// row, relative to the row's first (the maps of `run` and `rowPeriod`
  /// above).
  int64_t groupedEntryOf(int64_t c) const {
    int64_t period = groupedPeriod();
    int64_t periodEntries = rowPeriod ? rowPeriodEntries : runWidth;
    int64_t within = c % period;
    return c / period * periodEntries + within / run * runWidth +
           within % runWidth;
  }

  /// Rows in groups: the columns after which the entries repeat, advancing
  /// groupedEntryOf(groupedPeriod()) entries.
  int64_t groupedPeriod() const { return rowPeriod ? rowPeriod : run; }
};

/// The steps of a group of lcm(run, lanes) columns, without computing the
/// lcm (which overflows for block sizes near the int64 range).
inline int64_t groupSteps(int64_t run, int64_t lanes) {
  return run / std::gcd(run, lanes);
}

/// Rows in groups (Plan::groupedRuns) with steps of `lanes` columns: the
/// most entries of a parameter one step of a group takes (the span from its
/// lanes' first entry to their last).
int64_t maxGroupStepEntries(const Plan &plan, int64_t lanes);

/// Whether `op`'s form can compute its steps in f16 arithmetic (AVX512_FP16
/// in `features`, which 256- and 512-bit registers keep): f16 results with f16
/// scales of integer x of at most 8 bits (packed x but not blocked) with a
/// zero point of at most 8 bits or none, of fp8 x and of f16 x without a
/// zero point. The loops then take it outside block tables and the lookup
/// tables that pay more (LookupTable::entries).
bool hasF16ArithmeticForm(DequantizeLinearOp op, const X86Features &features);

/// Chooses a scheme for `op` with vectors of `lanes` lanes, or fails.
FailureOr<Plan> choosePlan(DequantizeLinearOp op, int64_t lanes,
                           int64_t maxTablePeriod, const X86Features &x86);

} // namespace mlir::qdq::detail

#endif // QDQ_LIB_CONVERSION_QDQTOVECTOR_PLAN_H
