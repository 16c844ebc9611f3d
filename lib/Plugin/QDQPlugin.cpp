//===- QDQPlugin.cpp - qdq as a plugin of a stock mlir-opt ----------------===//
//
// Loaded by an mlir-opt that links the same libMLIR.so:
//
//   mlir-opt --load-dialect-plugin=QDQPlugin.so \
//            --load-pass-plugin=QDQPlugin.so --qdq-to-llvm file.mlir
//
// The dialect entry point inserts the qdq dialect, the dialects its lowering
// creates and their interface models; both entry points register the qdq
// passes and the qdq-to-llvm pipeline (once).
//
//===----------------------------------------------------------------------===//

#include "qdq/InitQDQ/InitQDQ.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

static void registerQDQPassesOnce() {
  [[maybe_unused]] static const bool registered = [] {
    mlir::qdq::registerQDQPasses();
    return true;
  }();
}

static void registerQDQPluginDialects(mlir::DialectRegistry *registry) {
  mlir::qdq::registerQDQDialects(*registry);
  registerQDQPassesOnce();
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "QDQ", LLVM_VERSION_STRING,
          registerQDQPluginDialects};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "QDQPasses", LLVM_VERSION_STRING,
          registerQDQPassesOnce};
}
