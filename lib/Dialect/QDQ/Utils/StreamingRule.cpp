//===- StreamingRule.cpp - when loop nests take streaming stores ----------===//

#include "qdq/Dialect/QDQ/Utils/StreamingRule.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/TargetParser/Host.h"

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

StreamingRule StreamingRule::host() {
  constexpr int64_t kMiB = 1 << 20;
  if (llvm::sys::getHostCPUName() == "znver3")
    return {16 * kMiB, /*scaledByShare=*/false};
  return {24 * kMiB, /*scaledByShare=*/true};
}
