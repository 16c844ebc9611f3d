//===- StreamingRule.cpp - when loop nests take streaming stores ----------===//

#include "qdq/Dialect/QDQ/Utils/StreamingRule.h"
#include "qdq/Dialect/QDQ/Utils/HostCPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::qdq;

bool StreamingRule::streams(double written, double streamed,
                            int64_t threads) const {
  if (written <= 0 || streamed <= 0)
    return false;
  double threshold = double(minBytes);
  if (scaledByShare)
    threshold *= 2.0 * written / streamed;
  if (threads > 1)
    threshold *= double(threads);
  return streamed >= threshold;
}

Value StreamingRule::buildStreams(OpBuilder &b, Location loc, Value written,
                                  Value streamed, int64_t threads) const {
  // As streams(), in f64.
  Type f64 = b.getF64Type();
  auto toF64 = [&](Value index) -> Value {
    Value i64 = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), index);
    return arith::UIToFPOp::create(b, loc, f64, i64);
  };
  auto constant = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  };
  Value writtenF = toF64(written), streamedF = toF64(streamed);
  Value threshold =
      constant(double(minBytes) * double(std::max<int64_t>(threads, 1)));
  if (scaledByShare)
    threshold = arith::MulFOp::create(
        b, loc, threshold,
        arith::DivFOp::create(
            b, loc, arith::MulFOp::create(b, loc, constant(2.0), writtenF),
            streamedF));
  Value zero = constant(0.0);
  Value some = arith::AndIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, writtenF, zero),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, streamedF,
                            zero));
  return arith::AndIOp::create(b, loc, some,
                               arith::CmpFOp::create(b, loc,
                                                     arith::CmpFPredicate::OGE,
                                                     streamedF, threshold));
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
  return {48 * kMiB, /*scaledByShare=*/false, /*prefetchBytes=*/4096};
}
