//===- qdq-opt.cpp - the qdq optimizer driver -----------------------------===//
//
// An mlir-opt-like driver: the qdq dialect, its passes and pipelines, plus
// the upstream dialects, passes and extensions a lowering to LLVM needs.
//
//===----------------------------------------------------------------------===//

#include "qdq/InitQDQ/InitQDQ.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

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
