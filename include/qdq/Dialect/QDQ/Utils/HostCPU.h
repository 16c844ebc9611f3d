//===- HostCPU.h - the host CPU kinds the host defaults tell apart -*- C++ -*-//
//
// The host defaults of the lowerings (HostDefaults.cpp of
// --convert-qdq-to-vector, StreamingRule::host of
// --qdq-nontemporal-stores) were measured on a few CPUs: AMD Zen 3, 4 and 5
// and one Intel Xeon. These tell them apart by the name LLVM gives the host
// CPU, in one place.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_UTILS_HOSTCPU_H
#define QDQ_DIALECT_QDQ_UTILS_HOSTCPU_H

namespace mlir::qdq {

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
