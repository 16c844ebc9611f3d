//===- StreamingRule.cpp - when loop nests take streaming stores ----------===//

#include "qdq/Dialect/QDQ/Utils/StreamingRule.h"
#include "qdq/Dialect/QDQ/Utils/HostCPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::qdq;

namespace {
/// The rule's arithmetic on plain doubles (StreamingRule::streams).
struct Folded {
  using Num = double;
  using Bool = bool;
  Num constant(double v) const { return v; }
  Num mul(Num lhs, Num rhs) const { return lhs * rhs; }
  Num div(Num lhs, Num rhs) const { return lhs / rhs; }
  Bool greater(Num lhs, Num rhs) const { return lhs > rhs; }
  Bool greaterOrEqual(Num lhs, Num rhs) const { return lhs >= rhs; }
  Bool both(Bool lhs, Bool rhs) const { return lhs && rhs; }
};

/// The same arithmetic built as f64 arith ops (StreamingRule::buildStreams).
struct Built {
  using Num = Value;
  using Bool = Value;
  OpBuilder &b;
  Location loc;
  Num constant(double v) const {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  }
  Num mul(Num lhs, Num rhs) const {
    return arith::MulFOp::create(b, loc, lhs, rhs);
  }
  Num div(Num lhs, Num rhs) const {
    return arith::DivFOp::create(b, loc, lhs, rhs);
  }
  Bool greater(Num lhs, Num rhs) const {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, lhs, rhs);
  }
  Bool greaterOrEqual(Num lhs, Num rhs) const {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, lhs, rhs);
  }
  Bool both(Bool lhs, Bool rhs) const {
    return arith::AndIOp::create(b, loc, lhs, rhs);
  }
};

} // namespace

/// The rule once for both: something is moved and written, and `streamed`
/// reaches minBytes (times twice the written share, times the threads). A
/// zero `streamed` makes the share inf or NaN, and the result false through
/// `some`. (One statement per op: the order of the built ops must not
/// depend on the compiler's order of evaluating arguments.)
template <typename Arith>
static typename Arith::Bool
evaluate(const StreamingRule &rule, const Arith &a, typename Arith::Num written,
         typename Arith::Num streamed, int64_t threads) {
  typename Arith::Num zero = a.constant(0.0);
  typename Arith::Bool wrote = a.greater(written, zero);
  typename Arith::Bool moved = a.greater(streamed, zero);
  typename Arith::Bool some = a.both(wrote, moved);
  typename Arith::Num threshold =
      a.constant(double(rule.minBytes) * double(std::max<int64_t>(threads, 1)));
  if (rule.scaledByShare) {
    typename Arith::Num twice = a.mul(a.constant(2.0), written);
    threshold = a.mul(threshold, a.div(twice, streamed));
  }
  return a.both(some, a.greaterOrEqual(streamed, threshold));
}

bool StreamingRule::streams(double written, double streamed,
                            int64_t threads) const {
  return evaluate(*this, Folded(), written, streamed, threads);
}

Value StreamingRule::buildStreams(OpBuilder &b, Location loc, Value written,
                                  Value streamed, int64_t threads) const {
  auto toF64 = [&](Value index) -> Value {
    Value i64 = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), index);
    return arith::UIToFPOp::create(b, loc, b.getF64Type(), i64);
  };
  Value writtenF = toF64(written);
  Value streamedF = toF64(streamed);
  return evaluate(*this, Built{b, loc}, writtenF, streamedF, threads);
}

StreamingRule StreamingRule::host() {
  constexpr int64_t kMiB = 1 << 20;
  if (isHostZen3())
    return {16 * kMiB, /*scaledByShare=*/false};
  if (isHostZen4())
    return {24 * kMiB, /*scaledByShare=*/true, /*prefetchBytes=*/4096,
            /*prefetchMaxElementBits=*/8};
  if (isHostZen())
    return {24 * kMiB, /*scaledByShare=*/true};
  return {48 * kMiB,
          /*scaledByShare=*/false,
          /*prefetchBytes=*/4096,
          /*prefetchMaxElementBits=*/0,
          /*prefetchEveryLineMinWork=*/3,
          /*prefetchFarBytes=*/16384};
}
