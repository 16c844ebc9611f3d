//===- OnnxImporter.h - ONNX DequantizeLinear graphs to qdq IR --*- C++ -*-===//
//
// Builds one `func.func @main_graph` (public, `llvm.emit_c_interface`) from an
// ONNX graph made of DequantizeLinear nodes. Its arguments are the graph
// inputs that are not initializers (then, with `initializersAsArgs`, the
// initializers the nodes use); its results are the graph outputs.
// Initializers otherwise become `arith.constant` dense tensors.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_TOOLS_QDQ_ONNX_RUN_ONNXIMPORTER_H
#define QDQ_TOOLS_QDQ_ONNX_RUN_ONNXIMPORTER_H

#include "OnnxTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace qdq_onnx {

struct ImportOptions {
  /// Make every dim of every function argument dynamic (exercises the
  /// lowering's run-time shape handling), except in a one-element 1-D
  /// argument: [1] means per-tensor to a scale or zero point, [?] per-axis.
  bool dynamicDims = false;
  /// Pass the initializers the nodes use as trailing function arguments
  /// instead of materializing them as constants.
  bool initializersAsArgs = false;
};

struct ImportedModel {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// The initializers passed as arguments after the graph inputs
  /// (initializersAsArgs only), in argument order.
  std::vector<Tensor> initializerArgs;
  /// The graph output names, in result order.
  std::vector<std::string> outputNames;
};

/// The graph inputs that are not initializers, in order: the tensors a test
/// data set provides as input_<i>.pb.
std::vector<std::string> getRuntimeInputNames(const onnx::ModelProto &model);

/// Builds and verifies the qdq module for `model`. `inputs`, if given, are
/// the tensors for getRuntimeInputNames(model) in order: dims the graph
/// leaves open are taken from them, and they are checked against the graph's
/// declarations. Emits a diagnostic and fails on anything malformed.
mlir::FailureOr<ImportedModel> importModel(mlir::MLIRContext &context,
                                           const onnx::ModelProto &model,
                                           llvm::StringRef modelPath,
                                           const std::vector<Tensor> *inputs,
                                           const ImportOptions &options);

/// The MLIR element type of an ONNX data type, or null if unsupported.
mlir::Type getMLIRElementType(mlir::MLIRContext *context, int32_t dataType);

/// The ONNX data type of an MLIR element type, or Undefined.
int32_t getDataType(mlir::Type elementType);

} // namespace qdq_onnx

#endif // QDQ_TOOLS_QDQ_ONNX_RUN_ONNXIMPORTER_H
