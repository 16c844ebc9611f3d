// The smallest compiler that embeds qdq: parse a file, lower it with the
// qdq-to-llvm pipeline, print the LLVM dialect. (README.md shows this file
// verbatim; test/Docs/readme-embedding.test keeps the two equal.)
#include "qdq/InitQDQ/InitQDQ.h"
#include "qdq/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: " << argv[0] << " FILE.mlir\n";
    return 2;
  }
  mlir::DialectRegistry registry;
  mlir::qdq::registerQDQDialects(registry); // qdq + what its lowering needs
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], &context);
  if (!module)
    return 1; // the parser or the verifier has reported why
  mlir::PassManager pm(&context);
  mlir::qdq::buildQDQToLLVMPipeline(pm, mlir::qdq::QDQToLLVMPipelineOptions());
  if (mlir::failed(pm.run(*module)))
    return 1; // the failing pass has reported why
  module->print(llvm::outs());
  return 0;
}
