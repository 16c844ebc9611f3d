//===- X86Features.cpp - x86 extensions the lowerings may use -------------===//

#include "qdq/Dialect/QDQ/Utils/X86Features.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using namespace mlir::qdq;

namespace {
/// The features X86Features knows: the name `parse`, `str` and LLVM's host
/// feature map use, and the flag.
struct X86FeatureName {
  StringLiteral name;
  bool X86Features::*flag;
};
constexpr X86FeatureName kX86FeatureNames[] = {
    {"ssse3", &X86Features::ssse3},
    {"avx2", &X86Features::avx2},
    {"avx512f", &X86Features::avx512f},
    {"avx512bw", &X86Features::avx512bw},
    {"avx512vbmi", &X86Features::avx512vbmi},
    {"avx512bf16", &X86Features::avx512bf16},
    {"f16c", &X86Features::f16c},
    {"avx512fp16", &X86Features::avx512fp16},
};
} // namespace

X86Features X86Features::host() {
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  X86Features features;
  for (const X86FeatureName &known : kX86FeatureNames)
    features.*known.flag = host.lookup(known.name);
  return features;
}

LogicalResult X86Features::parse(StringRef spec, X86Features &features,
                                 std::string &error) {
  spec = spec.trim();
  if (spec == "host") {
    features = host();
    return success();
  }
  features = X86Features();
  if (spec.empty() || spec == "none")
    return success();
  SmallVector<StringRef> names;
  spec.split(names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef name : names) {
    name = name.trim();
    name.consume_front("+");
    const X86FeatureName *known =
        llvm::find_if(kX86FeatureNames, [&](const X86FeatureName &candidate) {
          return candidate.name == name;
        });
    if (known == std::end(kX86FeatureNames)) {
      SmallVector<StringRef> all;
      for (const X86FeatureName &candidate : kX86FeatureNames)
        all.push_back(candidate.name);
      error = ("unknown feature '" + name +
               "' (expected host, none or a comma-separated list of " +
               llvm::join(all, ", ") + ")")
                  .str();
      return failure();
    }
    features.*known->flag = true;
  }
  return success();
}

FailureOr<X86Features> X86Features::parseOption(Operation *op, StringRef spec) {
  X86Features features;
  std::string error;
  if (failed(parse(spec, features, error)))
    return op->emitError() << "cpu-features: " << error;
  return features;
}

X86Features X86Features::limitedTo(unsigned vectorBits) const {
  X86Features limited = *this;
  if (vectorBits < 512)
    limited.avx512f = limited.avx512bw = limited.avx512vbmi =
        limited.avx512bf16 = false;
  if (vectorBits < 256)
    limited.avx2 = limited.avx512fp16 = false;
  return limited;
}

std::string X86Features::str() const {
  SmallVector<StringRef> names;
  for (const X86FeatureName &known : kX86FeatureNames)
    if (this->*known.flag)
      names.push_back(known.name);
  return names.empty() ? "none" : llvm::join(names, ",");
}
