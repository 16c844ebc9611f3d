//===- VectorWidth.cpp - the SIMD width functions are written for ---------===//

#include "qdq/Dialect/QDQ/Utils/VectorWidth.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::qdq;

// The llvm.func attributes --convert-func-to-llvm carries over from a
// func.func, and the LLVM function attribute held in `passthrough`.
static constexpr StringLiteral kPreferName = "prefer_vector_width";
static constexpr StringLiteral kPassthroughName = "passthrough";
static constexpr StringLiteral kMinLegal = "min-legal-vector-width";

/// The position of `min-legal-vector-width` in `passthrough` and its value
/// in bits (0 if it is not a number).
static std::optional<std::pair<size_t, unsigned>>
findMinLegal(ArrayRef<Attribute> passthrough) {
  for (auto [i, entry] : llvm::enumerate(passthrough)) {
    auto pair = dyn_cast<ArrayAttr>(entry);
    if (!pair || pair.size() != 2)
      continue;
    auto name = dyn_cast<StringAttr>(pair[0]);
    auto value = dyn_cast<StringAttr>(pair[1]);
    if (!name || !value || name.getValue() != kMinLegal)
      continue;
    unsigned bits = 0;
    if (value.getValue().getAsInteger(10, bits))
      bits = 0;
    return std::make_pair(i, bits);
  }
  return std::nullopt;
}

void mlir::qdq::markVectorWidth(FunctionOpInterface function, unsigned bits) {
  MLIRContext *context = function->getContext();
  auto width = StringAttr::get(context, std::to_string(bits));
  if (!function->hasAttr(kPreferName))
    function->setAttr(kPreferName, width);
  SmallVector<Attribute> passthrough;
  if (auto existing = function->getAttrOfType<ArrayAttr>(kPassthroughName))
    passthrough.assign(existing.begin(), existing.end());
  Attribute entry =
      ArrayAttr::get(context, {StringAttr::get(context, kMinLegal), width});
  auto minLegal = findMinLegal(passthrough);
  if (!minLegal)
    passthrough.push_back(entry);
  else if (minLegal->second < bits)
    passthrough[minLegal->first] = entry;
  else
    return;
  function->setAttr(kPassthroughName, ArrayAttr::get(context, passthrough));
}

unsigned mlir::qdq::getMarkedVectorWidth(Operation *op) {
  auto function = dyn_cast<FunctionOpInterface>(op);
  if (!function)
    function = op->getParentOfType<FunctionOpInterface>();
  if (!function)
    return 0;
  auto passthrough = function->getAttrOfType<ArrayAttr>(kPassthroughName);
  if (!passthrough)
    return 0;
  auto minLegal = findMinLegal(passthrough.getValue());
  return minLegal ? minLegal->second : 0;
}
