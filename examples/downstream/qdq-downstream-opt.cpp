//===- qdq-downstream-opt.cpp - embed qdq through its C++ API -------------===//
//
// Builds a function with one qdq.dequantize_linear op (or parses the file
// given as argument), verifies and prints it, lowers it with
// mlir::qdq::buildQDQToLLVMPipeline and prints the LLVM-dialect result.
// Built against the installed qdq package (CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/InitQDQ/InitQDQ.h"
#include "qdq/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// func.func @dequantize(%x: tensor<8x4xi8>, %s: tensor<4xf32>)
///     -> tensor<8x4xf32>: per-axis (axis 1) int8 dequantization.
static OwningOpRef<ModuleOp> buildModule(MLIRContext &context) {
  OpBuilder b(&context);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());

  auto xType = RankedTensorType::get({8, 4}, b.getIntegerType(8));
  auto scaleType = RankedTensorType::get({4}, b.getF32Type());
  auto yType = RankedTensorType::get({8, 4}, b.getF32Type());
  auto func = func::FuncOp::create(
      b, loc, "dequantize", b.getFunctionType({xType, scaleType}, {yType}));
  func->setAttr("llvm.emit_c_interface", b.getUnitAttr());

  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Value y = qdq::DequantizeLinearOp::create(
      b, loc, yType, entry->getArgument(0), entry->getArgument(1),
      /*zero_point=*/Value(), /*axis=*/1, /*block_size=*/0);
  func::ReturnOp::create(b, loc, y);
  return module;
}

int main(int argc, char **argv) {
  // The qdq dialect, the dialects its lowering creates and their interface
  // models; the passes and the qdq-to-llvm pipeline for textual pipelines.
  DialectRegistry registry;
  qdq::registerQDQDialects(registry);
  qdq::registerQDQPasses();
  MLIRContext context(registry);
  context.loadDialect<qdq::QDQDialect, func::FuncDialect>();

  OwningOpRef<ModuleOp> module =
      argc > 1 ? parseSourceFile<ModuleOp>(argv[1], &context)
               : buildModule(context);
  if (!module || failed(verify(*module))) {
    llvm::errs() << "error: no valid module\n";
    return 1;
  }
  llvm::outs() << "// input:\n" << *module << "\n";
  llvm::outs() << "// qdq-to-llvm registered: "
               << (PassPipelineInfo::lookup("qdq-to-llvm") != nullptr) << "\n";

  PassManager pm(&context);
  qdq::buildQDQToLLVMPipeline(pm, qdq::QDQToLLVMPipelineOptions());
  if (failed(pm.run(*module))) {
    llvm::errs() << "error: the qdq-to-llvm pipeline failed\n";
    return 1;
  }
  llvm::outs() << "// lowered:\n" << *module << "\n";
  return 0;
}
