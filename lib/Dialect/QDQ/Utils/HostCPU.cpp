//===- HostCPU.cpp - the host CPU kinds the host defaults tell apart ------===//

#include "qdq/Dialect/QDQ/Utils/HostCPU.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/TargetParser/Host.h"

#include <string>

using namespace mlir;

static std::string &tuneCPUName() {
  static std::string name;
  return name;
}

void qdq::setTuneCPUName(llvm::StringRef name) { tuneCPUName() = name.str(); }

// The host's name is read once: the host defaults ask per op.
static llvm::StringRef hostCPUName() {
  if (!tuneCPUName().empty())
    return tuneCPUName();
  static const llvm::StringRef name = llvm::sys::getHostCPUName();
  return name;
}

bool qdq::isHostZen() { return hostCPUName().starts_with("znver"); }
bool qdq::isHostZen3() { return hostCPUName() == "znver3"; }
bool qdq::isHostZen4() { return hostCPUName() == "znver4"; }
bool qdq::isHostZen5() { return hostCPUName() == "znver5"; }
