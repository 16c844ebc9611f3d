//===- Runner.h - lower, JIT-compile and call @main_graph -------*- C++ -*-===//
//
// Lowers a module (built by the importer, or read with --mlir) with the
// qdq-to-LLVM pipeline, JIT-compiles it with mlir::ExecutionEngine for the
// host, and calls `_mlir_ciface_main_graph` following the project's calling
// convention:
//
//   void _mlir_ciface_main_graph(Results *results, Desc *arg0, Desc *arg1...)
//
// Each Desc is a ranked memref descriptor {allocated, aligned, offset,
// sizes[R], strides[R]} (all fields 8 bytes, sizes and strides in elements,
// row-major strides). Sub-byte elements are passed packed, exactly as ONNX
// stores them. `Results` is the result descriptor itself for one result and
// the struct of all result descriptors, in order, for several (what
// func-to-llvm does with llvm.emit_c_interface); the callee allocates each
// result buffer with malloc and the caller frees `allocated`.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_TOOLS_QDQ_ONNX_RUN_RUNNER_H
#define QDQ_TOOLS_QDQ_ONNX_RUN_RUNNER_H

#include "OnnxTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <memory>
#include <vector>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace qdq_onnx {

class CompiledModel {
public:
  ~CompiledModel();

  /// Lowers `module` in place and JIT-compiles it. Its `main_graph` takes and
  /// returns ranked tensors of ONNX element types, as the importer builds it
  /// (a module read with --mlir may leave out `llvm.emit_c_interface`, which
  /// is added here). Prints the lowered module to stdout if
  /// `printLowered`. Emits diagnostics and fails on error.
  static mlir::FailureOr<std::unique_ptr<CompiledModel>>
  compile(mlir::ModuleOp module, bool printLowered);

  /// Calls main_graph on `args` (in argument order) and returns its results
  /// with the given names. Fails if the arguments do not fit the signature or
  /// the callee returns malformed descriptors.
  llvm::Expected<std::vector<Tensor>>
  run(llvm::ArrayRef<const Tensor *> args,
      llvm::ArrayRef<std::string> resultNames);

private:
  CompiledModel() = default;

  struct Signature {
    int32_t dataType;
    llvm::SmallVector<int64_t> shape; // ShapedType::kDynamic for `?`
  };
  std::unique_ptr<mlir::ExecutionEngine> engine;
  llvm::SmallVector<Signature> argSignatures, resultSignatures;
};

} // namespace qdq_onnx

#endif // QDQ_TOOLS_QDQ_ONNX_RUN_RUNNER_H
