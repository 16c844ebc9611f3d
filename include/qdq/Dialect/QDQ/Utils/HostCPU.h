//===- HostCPU.h - the host CPU kinds the host defaults tell apart -*- C++ -*-//
//
// The host defaults of the lowerings (HostDefaults.cpp of
// --convert-qdq-to-vector, StreamingRule::host of
// --qdq-nontemporal-stores) were measured on a few CPUs: AMD Zen 3, 4 and 5
// and one Intel Xeon. These tell them apart by the name LLVM gives the host
// CPU, in one place. qdq-opt's --qdq-tune-cpu (setTuneCPUName) replaces that
// name, so that the defaults of every measured CPU can be tested on any host.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_UTILS_HOSTCPU_H
#define QDQ_DIALECT_QDQ_UTILS_HOSTCPU_H

#include "llvm/ADT/StringRef.h"

namespace mlir::qdq {

/// Makes the host defaults take `name` (a CPU as LLVM names it, e.g.
/// `znver3`) for the host CPU's name; an empty name restores the host's.
/// Only the tuning follows it: the SIMD width and instruction set the
/// defaults assume still come from the host's CPU features. Not thread-safe:
/// meant to be set once, before any pass runs (qdq-opt's --qdq-tune-cpu).
void setTuneCPUName(llvm::StringRef name);

/// Whether LLVM names the host CPU an AMD Zen core (`znver*`).
bool isHostZen();
/// Whether LLVM names the host CPU AMD Zen 3 (`znver3`).
bool isHostZen3();
/// Whether LLVM names the host CPU AMD Zen 4 (`znver4`).
bool isHostZen4();
/// Whether LLVM names the host CPU AMD Zen 5 (`znver5`).
bool isHostZen5();

} // namespace mlir::qdq

#endif // QDQ_DIALECT_QDQ_UTILS_HOSTCPU_H
