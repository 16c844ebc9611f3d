//===- OnnxImporter.cpp - ONNX DequantizeLinear graphs to qdq IR ----------===//

#include "OnnxImporter.h"

#include "qdq/Dialect/QDQ/IR/QDQ.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace qdq_onnx;

Type qdq_onnx::getMLIRElementType(MLIRContext *context, int32_t dataType) {
  auto signedInt = [&](unsigned width) {
    return IntegerType::get(context, width);
  };
  auto unsignedInt = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  switch (dataType) {
  case Float:
    return Float32Type::get(context);
  case Float16:
    return Float16Type::get(context);
  case BFloat16:
    return BFloat16Type::get(context);
  case Uint8:
    return unsignedInt(8);
  case Int8:
    return signedInt(8);
  case Uint16:
    return unsignedInt(16);
  case Int16:
    return signedInt(16);
  case Uint32:
    return unsignedInt(32);
  case Int32:
    return signedInt(32);
  case Uint4:
    return unsignedInt(4);
  case Int4:
    return signedInt(4);
  case Uint2:
    return unsignedInt(2);
  case Int2:
    return signedInt(2);
  case Float8E4M3FN:
    return Float8E4M3FNType::get(context);
  case Float8E4M3FNUZ:
    return Float8E4M3FNUZType::get(context);
  case Float8E5M2:
    return Float8E5M2Type::get(context);
  case Float8E5M2FNUZ:
    return Float8E5M2FNUZType::get(context);
  case Float4E2M1:
    return Float4E2M1FNType::get(context);
  case Float8E8M0:
    return Float8E8M0FNUType::get(context);
  default:
    return {};
  }
}

int32_t qdq_onnx::getDataType(Type elementType) {
  for (int32_t dataType = Float; dataType <= Int2; ++dataType)
    if (getMLIRElementType(elementType.getContext(), dataType) == elementType)
      return dataType;
  return Undefined;
}

std::vector<std::string>
qdq_onnx::getRuntimeInputNames(const onnx::ModelProto &model) {
  llvm::StringSet<> initializers;
  for (const onnx::TensorProto &init : model.graph().initializer())
    initializers.insert(init.name());
  std::vector<std::string> names;
  for (const onnx::ValueInfoProto &input : model.graph().input())
    if (!initializers.contains(input.name()))
      names.push_back(input.name());
  return names;
}

/// A dense attribute holding `tensor`'s elements with type `type`.
static DenseElementsAttr getDenseAttr(RankedTensorType type,
                                      const Tensor &tensor) {
  unsigned bits = getElementBitWidth(tensor.dataType);
  // Byte-sized little-endian elements are MLIR's raw buffer format already.
  if (bits >= 8 && tensor.numElements > 0)
    return DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(reinterpret_cast<const char *>(tensor.data.data()),
                             tensor.data.size()));
  if (auto floatType = dyn_cast<FloatType>(type.getElementType())) {
    SmallVector<APFloat> values;
    values.reserve(tensor.numElements);
    for (int64_t i = 0; i < tensor.numElements; ++i)
      values.emplace_back(floatType.getFloatSemantics(),
                          APInt(bits, tensor.getBits(i)));
    return DenseElementsAttr::get(type, values);
  }
  SmallVector<APInt> values;
  values.reserve(tensor.numElements);
  for (int64_t i = 0; i < tensor.numElements; ++i)
    values.emplace_back(bits, tensor.getBits(i));
  return DenseElementsAttr::get(type, values);
}

namespace {
class Importer {
public:
  Importer(MLIRContext &context, const onnx::ModelProto &model,
           StringRef modelPath, const std::vector<Tensor> *inputs,
           const ImportOptions &options)
      : context(context), model(model), graph(model.graph()),
        modelPath(modelPath), inputs(inputs), options(options),
        builder(&context),
        fileLoc(FileLineColLoc::get(&context, modelPath, 0, 0)) {}

  FailureOr<ImportedModel> import();

private:
  Location getNamedLoc(const Twine &what) {
    return NameLoc::get(StringAttr::get(&context, what), fileLoc);
  }
  InFlightDiagnostic emitError(const Twine &what) {
    return mlir::emitError(getNamedLoc(what));
  }

  FailureOr<RankedTensorType> getInputType(const onnx::ValueInfoProto &info,
                                           const Tensor *actual);
  FailureOr<Value> lookup(StringRef name, StringRef nodeLabel);
  LogicalResult define(StringRef name, Value value, StringRef nodeLabel);
  LogicalResult importNode(const onnx::NodeProto &node, int index);
  LogicalResult checkGraphOutput(const onnx::ValueInfoProto &info, Value value);

  MLIRContext &context;
  const onnx::ModelProto &model;
  const onnx::GraphProto &graph;
  StringRef modelPath;
  const std::vector<Tensor> *inputs;
  const ImportOptions &options;
  OpBuilder builder;
  Location fileLoc;
  Block *body = nullptr;

  llvm::StringMap<Value> values;
  llvm::StringMap<const onnx::TensorProto *> initializers;
  std::vector<Tensor> initializerArgs;
};
} // namespace

FailureOr<RankedTensorType>
Importer::getInputType(const onnx::ValueInfoProto &info, const Tensor *actual) {
  std::string what = "graph input '" + info.name() + "'";
  if (!info.type().has_tensor_type())
    return emitError(what) << "is not a tensor";
  const onnx::TypeProto_Tensor &tensorType = info.type().tensor_type();
  int32_t dataType = tensorType.elem_type();
  Type elementType = getMLIRElementType(&context, dataType);
  if (!elementType)
    return emitError(what) << "has the unsupported element type "
                           << getDataTypeName(dataType) << " (" << dataType
                           << ")";
  if (actual && actual->dataType != dataType)
    return emitError(what) << "is declared " << getDataTypeName(dataType)
                           << ", but its data is "
                           << getDataTypeName(actual->dataType);

  SmallVector<int64_t> shape;
  if (tensorType.has_shape()) {
    for (const onnx::TensorShapeProto_Dimension &dim :
         tensorType.shape().dim()) {
      if (dim.has_dim_value()) {
        if (dim.dim_value() < 0)
          return emitError(what)
                 << "has the negative dimension " << dim.dim_value();
        shape.push_back(dim.dim_value());
      } else {
        shape.push_back(ShapedType::kDynamic);
      }
    }
    if (actual) {
      bool compatible = actual->dims.size() == shape.size();
      for (size_t i = 0; compatible && i < shape.size(); ++i)
        compatible =
            ShapedType::isDynamic(shape[i]) || shape[i] == actual->dims[i];
      if (!compatible)
        return emitError(what)
               << "is declared with shape " << formatDims(shape)
               << ", but its data has shape " << formatDims(actual->dims);
      shape.assign(actual->dims.begin(), actual->dims.end());
    }
  } else if (actual) {
    shape.assign(actual->dims.begin(), actual->dims.end());
  } else {
    return emitError(what) << "has no shape; give its data (--input) so "
                              "that its rank is known";
  }
  // A one-element 1-D shape stays static: [1] makes a scale (or zero point)
  // per-tensor, while [?] would make it per-axis.
  if (options.dynamicDims && !(shape.size() == 1 && shape[0] == 1))
    for (int64_t &d : shape)
      d = ShapedType::kDynamic;
  return RankedTensorType::get(shape, elementType);
}

FailureOr<Value> Importer::lookup(StringRef name, StringRef nodeLabel) {
  auto it = values.find(name);
  if (it != values.end())
    return it->second;

  auto init = initializers.find(name);
  if (init == initializers.end())
    return emitError(nodeLabel)
           << "input '" << name
           << "' is not a graph input, an initializer or the output of "
              "an earlier node";

  llvm::Expected<Tensor> tensor =
      decodeTensor(*init->second, llvm::sys::path::parent_path(modelPath));
  if (!tensor)
    return emitError("initializer '" + name + "'")
           << llvm::toString(tensor.takeError());
  Type elementType = getMLIRElementType(&context, tensor->dataType);
  auto type = RankedTensorType::get(tensor->dims, elementType);
  Value value;
  Location loc = getNamedLoc("initializer '" + name + "'");
  if (options.initializersAsArgs) {
    value = body->addArgument(type, loc);
    initializerArgs.push_back(std::move(*tensor));
  } else {
    value = arith::ConstantOp::create(builder, loc, type,
                                      getDenseAttr(type, *tensor));
  }
  values[name] = value;
  return value;
}

LogicalResult Importer::define(StringRef name, Value value,
                               StringRef nodeLabel) {
  if (values.count(name) || initializers.count(name))
    return emitError(nodeLabel) << "output '" << name << "' is already defined";
  values[name] = value;
  return success();
}

LogicalResult Importer::importNode(const onnx::NodeProto &node, int index) {
  std::string label = node.name().empty() ? "node #" + std::to_string(index)
                                          : "node '" + node.name() + "'";
  Location loc = getNamedLoc(label);

  if (node.op_type() != "DequantizeLinear" ||
      (!node.domain().empty() && node.domain() != "ai.onnx"))
    return emitError(label)
           << "unsupported operator '"
           << (node.domain().empty() ? "" : node.domain() + ".")
           << node.op_type() << "' (only DequantizeLinear is supported)";
  if (node.input_size() < 2 || node.input_size() > 3)
    return emitError(label)
           << "DequantizeLinear takes 2 or 3 inputs, not " << node.input_size();
  if (node.output_size() != 1)
    return emitError(label) << "DequantizeLinear has exactly one output, not "
                            << node.output_size();
  if (node.output(0).empty())
    return emitError(label) << "the output must not be empty";
  if (node.input(0).empty() || node.input(1).empty())
    return emitError(label) << "the x and x_scale inputs must not be empty";

  int64_t axis = 1, blockSize = 0, outputDtype = 0;
  llvm::StringSet<> seen;
  for (const onnx::AttributeProto &attr : node.attribute()) {
    StringRef name = attr.name();
    if (!attr.ref_attr_name().empty())
      return emitError(label) << "attribute '" << name
                              << "' refers to a function attribute, which is "
                                 "not supported";
    if (!seen.insert(name).second)
      return emitError(label) << "attribute '" << name << "' is given twice";
    int64_t *slot = llvm::StringSwitch<int64_t *>(name)
                        .Case("axis", &axis)
                        .Case("block_size", &blockSize)
                        .Case("output_dtype", &outputDtype)
                        .Default(nullptr);
    if (!slot)
      return emitError(label)
             << "unknown DequantizeLinear attribute '" << name << "'";
    bool isInt =
        attr.type() == onnx::AttributeProto::INT ||
        (attr.type() == onnx::AttributeProto::UNDEFINED && attr.has_i());
    if (!isInt)
      return emitError(label)
             << "attribute '" << name << "' must be an INT attribute";
    *slot = attr.i();
  }

  FailureOr<Value> x = lookup(node.input(0), label);
  if (failed(x))
    return failure();
  FailureOr<Value> scale = lookup(node.input(1), label);
  if (failed(scale))
    return failure();
  Value zeroPoint;
  if (node.input_size() == 3 && !node.input(2).empty()) {
    FailureOr<Value> zp = lookup(node.input(2), label);
    if (failed(zp))
      return failure();
    zeroPoint = *zp;
  }

  Type resultElementType;
  if (outputDtype != 0) {
    if (outputDtype > 0 && outputDtype <= Int2)
      resultElementType =
          getMLIRElementType(&context, static_cast<int32_t>(outputDtype));
    if (!resultElementType)
      return emitError(label)
             << "unsupported output_dtype " << outputDtype << " ("
             << (outputDtype > 0 && outputDtype <= Int2
                     ? getDataTypeName(static_cast<int32_t>(outputDtype))
                     : std::string("not an ONNX data type"))
             << ")";
  } else {
    resultElementType =
        cast<RankedTensorType>(scale->getType()).getElementType();
  }
  auto resultType = RankedTensorType::get(
      cast<RankedTensorType>(x->getType()).getShape(), resultElementType);

  auto op = qdq::DequantizeLinearOp::create(
      builder, loc, resultType, *x, *scale, zeroPoint,
      builder.getI64IntegerAttr(axis), builder.getI64IntegerAttr(blockSize));
  return define(node.output(0), op.getResult(), label);
}

LogicalResult Importer::checkGraphOutput(const onnx::ValueInfoProto &info,
                                         Value value) {
  std::string what = "graph output '" + info.name() + "'";
  if (!value.getDefiningOp<qdq::DequantizeLinearOp>())
    return emitError(what)
           << "is not the result of a DequantizeLinear node (only "
              "DequantizeLinear results can be graph outputs)";
  if (!info.has_type())
    return success();
  if (!info.type().has_tensor_type())
    return emitError(what) << "is not a tensor";
  const onnx::TypeProto_Tensor &declared = info.type().tensor_type();
  auto type = cast<RankedTensorType>(value.getType());
  int32_t dataType = getDataType(type.getElementType());
  if (declared.elem_type() != Undefined && declared.elem_type() != dataType)
    return emitError(what) << "is declared "
                           << getDataTypeName(declared.elem_type())
                           << ", but DequantizeLinear produces "
                           << getDataTypeName(dataType);
  if (!declared.has_shape())
    return success();
  bool compatible = declared.shape().dim_size() == type.getRank();
  for (int i = 0; compatible && i < type.getRank(); ++i) {
    const onnx::TensorShapeProto_Dimension &dim = declared.shape().dim(i);
    compatible = !dim.has_dim_value() || type.isDynamicDim(i) ||
                 dim.dim_value() == type.getDimSize(i);
  }
  if (!compatible) {
    SmallVector<int64_t> shape;
    for (const onnx::TensorShapeProto_Dimension &dim : declared.shape().dim())
      shape.push_back(dim.has_dim_value() ? dim.dim_value()
                                          : ShapedType::kDynamic);
    return emitError(what) << "is declared with shape " << formatDims(shape)
                           << " but its value has type " << type;
  }
  return success();
}

FailureOr<ImportedModel> Importer::import() {
  if (!model.has_graph())
    return mlir::emitError(fileLoc) << "the model has no graph";
  if (graph.sparse_initializer_size())
    return mlir::emitError(fileLoc) << "sparse initializers are not supported";
  for (const onnx::TensorProto &init : graph.initializer()) {
    if (!initializers.try_emplace(init.name(), &init).second)
      return emitError("initializer '" + init.name() + "'")
             << "is defined twice";
  }

  ImportedModel result;
  result.module = ModuleOp::create(fileLoc);
  builder.setInsertionPointToEnd(result.module->getBody());
  auto func = func::FuncOp::create(builder, fileLoc, "main_graph",
                                   builder.getFunctionType({}, {}));
  func->setAttr("llvm.emit_c_interface", builder.getUnitAttr());
  body = func.addEntryBlock();
  builder.setInsertionPointToStart(body);

  std::vector<std::string> inputNames = getRuntimeInputNames(model);
  if (inputs && inputs->size() != inputNames.size())
    return mlir::emitError(fileLoc)
           << "the graph has " << inputNames.size()
           << " inputs that are not initializers, but " << inputs->size()
           << " input tensors were given";
  size_t inputIndex = 0;
  for (const onnx::ValueInfoProto &info : graph.input()) {
    if (initializers.count(info.name()))
      continue;
    if (info.name().empty())
      return emitError("graph input #" + std::to_string(inputIndex))
             << "has an empty name";
    if (values.count(info.name()))
      return emitError("graph input '" + info.name() + "'")
             << "is listed twice";
    const Tensor *actual = inputs ? &(*inputs)[inputIndex] : nullptr;
    ++inputIndex;
    FailureOr<RankedTensorType> type = getInputType(info, actual);
    if (failed(type))
      return failure();
    values[info.name()] = body->addArgument(
        *type, getNamedLoc("graph input '" + info.name() + "'"));
  }

  for (int i = 0; i < graph.node_size(); ++i)
    if (failed(importNode(graph.node(i), i)))
      return failure();

  if (graph.output_size() == 0)
    return mlir::emitError(fileLoc) << "the graph has no outputs";
  SmallVector<Value> results;
  llvm::StringSet<> outputNames;
  for (const onnx::ValueInfoProto &info : graph.output()) {
    std::string what = "graph output '" + info.name() + "'";
    if (!outputNames.insert(info.name()).second)
      return emitError(what) << "is listed twice";
    auto it = values.find(info.name());
    if (it == values.end())
      return emitError(what) << "is not produced by any node";
    if (failed(checkGraphOutput(info, it->second)))
      return failure();
    results.push_back(it->second);
    result.outputNames.push_back(info.name());
  }
  func::ReturnOp::create(builder, fileLoc, results);
  func.setFunctionType(builder.getFunctionType(body->getArgumentTypes(),
                                               ValueRange(results).getTypes()));

  if (failed(verify(*result.module)))
    return failure();
  result.initializerArgs = std::move(initializerArgs);
  return result;
}

FailureOr<ImportedModel>
qdq_onnx::importModel(MLIRContext &context, const onnx::ModelProto &model,
                      StringRef modelPath, const std::vector<Tensor> *inputs,
                      const ImportOptions &options) {
  context
      .loadDialect<arith::ArithDialect, func::FuncDialect, qdq::QDQDialect>();
  return Importer(context, model, modelPath, inputs, options).import();
}
