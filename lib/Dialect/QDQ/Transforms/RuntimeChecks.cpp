//===- RuntimeChecks.cpp - run-time checks of dynamic sizes ---------------===//
//
// --qdq-insert-runtime-checks: the size rules of qdq.dequantize_linear that
// the verifier skips for dynamic dims (DQ-R9, DQ-R11, DQ-R12, DQ-R13),
// checked before the op runs. See Passes.td for the emitted form.
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::qdq {
#define GEN_PASS_DEF_QDQINSERTRUNTIMECHECKS
#include "qdq/Dialect/QDQ/Transforms/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;
using namespace mlir::qdq;

/// `file:line:col` of the op (the first file location inside a fused or
/// named one), else the location as MLIR prints it.
static std::string describeLocation(Location loc) {
  std::string result;
  loc->walk([&](Location nested) {
    if (auto file = dyn_cast<FileLineColLoc>(nested)) {
      result = llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                             file.getLine(), file.getColumn());
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!result.empty())
    return result;
  llvm::raw_string_ostream os(result);
  loc.print(os);
  return result;
}

/// printf-escapes `text`.
static std::string escapePercent(StringRef text) {
  std::string result;
  for (char c : text) {
    result += c;
    if (c == '%')
      result += '%';
  }
  return result;
}

namespace {

/// Emits the checks of one op, each right before the op.
class CheckEmitter {
public:
  CheckEmitter(OpBuilder &b, DequantizeLinearOp op,
               SymbolTableCollection &symbolTables)
      : b(b), op(op), loc(op.getLoc()), symbolTables(symbolTables) {
    std::string where = "qdq.dequantize_linear at " + describeLocation(loc);
    prefix = where + ": ";
    printedPrefix = escapePercent(where) + ": ";
  }

  /// The size of `tensor` along `d`: a constant if it is static.
  Value dim(Value tensor, int64_t d) {
    auto type = cast<RankedTensorType>(tensor.getType());
    if (!type.isDynamicDim(d))
      return constant(type.getDimSize(d));
    return tensor::DimOp::create(b, loc, tensor, d);
  }

  Value constant(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  static bool isDynamic(Value tensor, int64_t d) {
    return cast<RankedTensorType>(tensor.getType()).isDynamicDim(d);
  }

  /// Emits the check `actual == expected`. On failure the program prints
  /// `printed` (a printf format with one %lld for each of actual, expected
  /// and `extra`) to stderr, then stops at a cf.assert with `assertText`.
  void check(Value actual, Value expected, const Twine &printed,
             const Twine &assertText, ValueRange extra = {});

  /// Fails if a check could not declare what it needs.
  LogicalResult status() const { return failure(hasFailed); }
  unsigned count() const { return numChecks; }

  OpBuilder &b;
  DequantizeLinearOp op;
  Location loc;

private:
  LogicalResult prepare();
  LLVM::GlobalOp createFormat(StringRef text);

  SymbolTableCollection &symbolTables;
  SymbolTable *symbols = nullptr;
  LLVM::LLVMFuncOp dprintf;
  std::string prefix;
  std::string printedPrefix;
  unsigned numChecks = 0;
  bool hasFailed = false;
};

} // namespace

/// Finds the symbol table for the format strings and declares dprintf (on
/// the first check only: an op without checks changes nothing).
LogicalResult CheckEmitter::prepare() {
  if (symbols)
    return success();
  Operation *tableOp = op->getParentWithTrait<OpTrait::SymbolTable>();
  if (!tableOp)
    return op.emitOpError()
           << "needs an enclosing symbol table (a module) for its run-time "
              "check messages";
  // int dprintf(int fd, const char *format, ...): reuse a declaration of
  // exactly this type; any other symbol of that name would be called
  // instead, so it stops the pass.
  SymbolTable &table = symbolTables.getSymbolTable(tableOp);
  auto type = LLVM::LLVMFunctionType::get(
      b.getI32Type(),
      {b.getI32Type(), LLVM::LLVMPointerType::get(op.getContext())},
      /*isVarArg=*/true);
  Operation *existing = table.lookup("dprintf");
  if (existing) {
    auto fn = dyn_cast<LLVM::LLVMFuncOp>(existing);
    if (!fn || fn.getFunctionType() != type)
      return op.emitOpError() << "cannot declare dprintf for its run-time "
                                 "check messages: the symbol exists with "
                                 "another type";
    dprintf = fn;
  } else {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&tableOp->getRegion(0).front());
    dprintf = LLVM::LLVMFuncOp::create(b, loc, "dprintf", type);
    table.insert(dprintf);
  }
  symbols = &table;
  return success();
}

/// A constant NUL-terminated string global named qdq_runtime_check_msg[_N],
/// placed right before the symbol (function) that holds the op.
LLVM::GlobalOp CheckEmitter::createFormat(StringRef text) {
  OpBuilder::InsertionGuard guard(b);
  Operation *holder = op;
  while (holder->getParentOp() != symbols->getOp())
    holder = holder->getParentOp();
  b.setInsertionPoint(holder);
  std::string data = text.str();
  data.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), data.size());
  auto global = LLVM::GlobalOp::create(
      b, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
      "qdq_runtime_check_msg", b.getStringAttr(data));
  symbols->insert(global); // renames it if the name is taken
  return global;
}

void CheckEmitter::check(Value actual, Value expected, const Twine &printed,
                         const Twine &assertText, ValueRange extra) {
  if (hasFailed || failed(prepare())) {
    hasFailed = true;
    return;
  }
  ++numChecks;
  Value ok =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, actual, expected);
  Value bad =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, actual, expected);
  LLVM::GlobalOp format = createFormat((printedPrefix + printed + "\n").str());
  auto ifOp = scf::IfOp::create(b, loc, bad, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    SmallVector<Value> args{
        LLVM::ConstantOp::create(b, loc, b.getI32Type(), 2), // stderr
        LLVM::AddressOfOp::create(b, loc, format)};
    SmallVector<Value> values{actual, expected};
    llvm::append_range(values, extra);
    for (Value value : values)
      args.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(), value));
    LLVM::CallOp::create(b, loc, dprintf, args);
  }
  cf::AssertOp::create(b, loc, ok, (prefix + assertText).str());
}

/// The size rules the verifier skips when a dim is dynamic.
static void emitChecks(CheckEmitter &ce) {
  DequantizeLinearOp op = ce.op;
  Value x = op.getX();
  Value scale = op.getScale();
  Value zeroPoint = op.getZeroPoint();
  auto isDynamic = CheckEmitter::isDynamic;

  switch (op.getGranularity()) {
  case DequantizeLinearOp::Granularity::PerTensor: {
    // DQ-R13: a [?] zero point of a per-tensor op holds exactly 1 element
    // (the verifier accepted it because [?] may be [1]).
    if (!zeroPoint)
      return;
    auto zpType = cast<RankedTensorType>(zeroPoint.getType());
    if (zpType.getRank() == 1 && zpType.isDynamicDim(0)) {
      Value zpDim = ce.dim(zeroPoint, 0);
      ce.check(zpDim, ce.constant(1),
               "zero_point has %lld elements but the scale is per-tensor, "
               "which needs exactly %lld (DQ-R13)",
               "zero_point must have exactly 1 element, as the scale is "
               "per-tensor (DQ-R13)");
    }
    return;
  }
  case DequantizeLinearOp::Granularity::PerAxis: {
    int64_t axis = op.getNormalizedAxis();
    // DQ-R9
    if (isDynamic(scale, 0) || isDynamic(x, axis)) {
      Value scaleDim = ce.dim(scale, 0);
      Value xDim = ce.dim(x, axis);
      ce.check(scaleDim, xDim,
               llvm::formatv("scale has %lld elements along axis {0} but x "
                             "has %lld (DQ-R9)",
                             axis),
               llvm::formatv("per-axis scale must have as many elements as x "
                             "has along axis {0} (DQ-R9)",
                             axis));
    }
    break;
  }
  case DequantizeLinearOp::Granularity::Blocked: {
    int64_t axis = op.getNormalizedAxis();
    int64_t blockSize = op.getBlockSize();
    for (int64_t d = 0, e = op.getX().getType().getRank(); d < e; ++d) {
      if (!isDynamic(scale, d) && !isDynamic(x, d))
        continue;
      if (d != axis) {
        // DQ-R11
        Value scaleDim = ce.dim(scale, d);
        Value xDim = ce.dim(x, d);
        ce.check(scaleDim, xDim,
                 llvm::formatv("blocked scale has %lld entries in dim {0} but "
                               "x has %lld (only axis {1} is blocked) "
                               "(DQ-R11)",
                               d, axis),
                 llvm::formatv("blocked scale must have the size of x in dim "
                               "{0} (only axis {1} is blocked) (DQ-R11)",
                               d, axis));
        continue;
      }
      // DQ-R12: ceil(D / B) = (D + B - 1) / B for D >= 0.
      Value scaleDim = ce.dim(scale, d);
      Value xDim = ce.dim(x, d);
      Value last = ce.constant(blockSize - 1);
      Value sum = arith::AddIOp::create(ce.b, ce.loc, xDim, last);
      Value blocks =
          arith::DivUIOp::create(ce.b, ce.loc, sum, ce.constant(blockSize));
      ce.check(scaleDim, blocks,
               llvm::formatv("blocked scale has %lld entries along axis {0} "
                             "but %lld blocks are needed (x has %lld there, "
                             "block_size {1}) (DQ-R12)",
                             axis, blockSize),
               llvm::formatv("blocked scale must have ceil(x.dim({0}) / {1}) "
                             "entries along axis {0} (DQ-R12)",
                             axis, blockSize),
               ValueRange{xDim});
    }
    break;
  }
  }

  // DQ-R13 for per-axis and blocked scales: the zero point has the scale's
  // shape, unless it is a static one-element zero point of a per-axis op
  // (read once; it applies to every channel).
  if (!zeroPoint)
    return;
  auto zpType = cast<RankedTensorType>(zeroPoint.getType());
  if (op.getGranularity() == DequantizeLinearOp::Granularity::PerAxis &&
      isPerTensorShape(zpType.getShape()))
    return;
  // The verifier made the ranks agree, counting [] as [1]: a rank-0 zero
  // point here goes with the [?] blocked scale of a 1-D x.
  if (zpType.getRank() == 0) {
    if (isDynamic(scale, 0)) {
      Value scaleDim = ce.dim(scale, 0);
      ce.check(scaleDim, ce.constant(1),
               "scale has %lld entries but the zero point is a scalar, which "
               "needs %lld (DQ-R13)",
               "scale must have 1 entry to go with a scalar zero point "
               "(DQ-R13)");
    }
    return;
  }
  for (int64_t d = 0, e = zpType.getRank(); d < e; ++d) {
    if (!isDynamic(zeroPoint, d) && !isDynamic(scale, d))
      continue;
    Value zpDim = ce.dim(zeroPoint, d);
    Value scaleDim = ce.dim(scale, d);
    ce.check(zpDim, scaleDim,
             llvm::formatv("zero_point has %lld entries in dim {0} but scale "
                           "has %lld (DQ-R13)",
                           d),
             llvm::formatv("zero_point must have the size of scale in dim {0} "
                           "(DQ-R13)",
                           d));
  }
}

FailureOr<unsigned>
mlir::qdq::insertRuntimeChecks(OpBuilder &builder, DequantizeLinearOp op,
                               SymbolTableCollection &symbolTables) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(op);
  CheckEmitter emitter(builder, op, symbolTables);
  emitChecks(emitter);
  if (failed(emitter.status()))
    return failure();
  return emitter.count();
}

namespace {
struct InsertRuntimeChecksPass
    : public qdq::impl::QDQInsertRuntimeChecksBase<InsertRuntimeChecksPass> {
  void runOnOperation() override {
    SmallVector<DequantizeLinearOp> ops;
    getOperation()->walk([&](DequantizeLinearOp op) { ops.push_back(op); });
    SymbolTableCollection symbolTables;
    OpBuilder builder(&getContext());
    for (DequantizeLinearOp op : ops)
      if (failed(insertRuntimeChecks(builder, op, symbolTables)))
        return signalPassFailure();
  }
};
} // namespace
