//===- qdq-opt.cpp - the qdq optimizer driver -----------------------------===//
//
// An mlir-opt-like driver: the qdq dialect, its passes and pipelines, plus
// the upstream dialects, passes and extensions a lowering to LLVM needs.
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/Utils/HostCPU.h"
#include "qdq/InitQDQ/InitQDQ.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/CommandLine.h"

// The host defaults of the lowerings (tile sizes, store forms, streaming
// thresholds) were measured per CPU. Tests pin this to check every CPU's
// defaults on any host (test/lit.cfg.py, lit parameter tune_cpu).
static llvm::cl::opt<std::string> tuneCPU(
    "qdq-tune-cpu",
    llvm::cl::desc("Take the host defaults of this CPU (an LLVM CPU name, "
                   "e.g. znver3) instead of the host's"),
    llvm::cl::value_desc("cpu"),
    llvm::cl::callback([](const std::string &name) {
      mlir::qdq::setTuneCPUName(name);
    }));

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::qdq::registerQDQPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::qdq::registerQDQDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "qdq optimizer driver\n", registry));
}
