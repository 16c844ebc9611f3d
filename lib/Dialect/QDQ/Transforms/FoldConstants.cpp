//===- FoldConstants.cpp - compile-time qdq.dequantize_linear -------------===//
//
// --qdq-fold-constants: qdq.dequantize_linear of constants becomes a constant
// of its result, up to a size cap. The evaluation lives with the op
// (QDQFold.h) and is shared with its canonicalization.
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/IR/QDQFold.h"
#include "qdq/Dialect/QDQ/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::qdq {
#define GEN_PASS_DEF_QDQFOLDCONSTANTS
#include "qdq/Dialect/QDQ/Transforms/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;
using namespace mlir::qdq;

namespace {

struct QDQFoldConstantsPass
    : public qdq::impl::QDQFoldConstantsBase<QDQFoldConstantsPass> {
  using QDQFoldConstantsBase::QDQFoldConstantsBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFoldDequantizeLinearPatterns(patterns, maxElements);
    // Only the qdq folding: other ops are neither folded nor simplified
    // (constants left without users are erased).
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config))) {
      getOperation()->emitError()
          << "--qdq-fold-constants did not converge within the greedy "
             "rewriter's iteration limit";
      signalPassFailure();
    }
  }
};

} // namespace
