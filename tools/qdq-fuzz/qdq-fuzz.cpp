//===- qdq-fuzz.cpp - libFuzzer target: parse, verify, lower to LLVM ------===//
//
// Each input is MLIR text. Inputs that do not parse or verify are skipped;
// of the others, only the functions written in the language `--qdq-to-llvm`
// takes (func/arith/tensor/qdq on tensors) are kept (the module is skipped
// if it no longer verifies). The rest runs through the `--qdq-to-llvm`
// pipeline and, when that succeeds, the translation to LLVM IR, which must
// then succeed too. Nothing is caught: a crash, an assertion, a sanitizer report or the
// abort below is a finding.
//
// Set QDQ_FUZZ_STRICT=1 to also abort when the pipeline fails on an input
// that verified (the lowering has a few documented limits, so this is for
// triage rather than for the CI smoke run).
//
//===----------------------------------------------------------------------===//

#include "qdq/InitQDQ/InitQDQ.h"
#include "qdq/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace mlir;

static DialectRegistry *registry;
static bool strict;

/// The ops an input of the qdq-to-llvm pipeline may hold: qdq, and the
/// func/arith/tensor ops a model around it needs.
static bool isAllowed(Operation *op) {
  static const llvm::StringSet<> allowed = {
      "builtin.module", "func.func",    "func.return",  "func.call",
      "arith.constant", "tensor.cast",  "tensor.empty", "tensor.dim",
      "tensor.extract", "tensor.bitcast"};
  StringRef name = op->getName().getStringRef();
  return name.starts_with("qdq.") || allowed.contains(name);
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  registry = new DialectRegistry();
  qdq::registerQDQDialects(*registry);
  registerBuiltinDialectTranslation(*registry);
  registerLLVMDialectTranslation(*registry);
  const char *env = std::getenv("QDQ_FUZZ_STRICT");
  strict = env && env[0] == '1';
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  // Diagnostics of rejected inputs are expected; keep the output quiet.
  ScopedDiagnosticHandler quiet(&context, [](Diagnostic &) { return success(); });

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(data), size), "input"),
      llvm::SMLoc());
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, config);
  if (!module)
    return 0;
  // Keep the functions written in the pipeline's input language (the lit
  // tests' drivers around them, with printing and llvm globals, go), then
  // verify again: a call into a dropped function makes the input invalid.
  for (Operation &op : llvm::make_early_inc_range(*module->getBody())) {
    bool keep = isa<func::FuncOp>(op) &&
                !op.walk([](Operation *nested) {
                     return isAllowed(nested) ? WalkResult::advance()
                                              : WalkResult::interrupt();
                   }).wasInterrupted();
    if (!keep)
      op.erase();
  }
  if (failed(verify(*module)))
    return 0;

  PassManager pm(&context);
  qdq::QDQToLLVMPipelineOptions options;
  qdq::buildQDQToLLVMPipeline(pm, options);
  if (failed(pm.run(*module))) {
    if (strict) {
      llvm::errs() << "qdq-fuzz: the qdq-to-llvm pipeline failed on an input "
                      "that verified\n";
      std::abort();
    }
    return 0;
  }

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule) {
    llvm::errs() << "qdq-fuzz: the qdq-to-llvm pipeline succeeded but its "
                    "output does not translate to LLVM IR\n";
    std::abort();
  }
  return 0;
}
