//===- Runner.cpp - lower, JIT-compile and call @main_graph ---------------===//

#include "Runner.h"

#include "OnnxImporter.h"

#include "qdq/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdlib>
#include <cstring>
#include <functional>

using namespace mlir;
using namespace qdq_onnx;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

CompiledModel::~CompiledModel() = default;

FailureOr<std::unique_ptr<CompiledModel>>
CompiledModel::compile(ModuleOp module, bool printLowered) {
  std::unique_ptr<CompiledModel> compiled(new CompiledModel());

  // Record the signature before lowering rewrites it.
  auto func = module.lookupSymbol<func::FuncOp>("main_graph");
  if (!func)
    return emitError(module.getLoc()) << "no func.func @main_graph";
  if (func.isExternal())
    return emitError(func.getLoc()) << "main_graph has no body";
  // The importer sets it; a module from --mlir may not.
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(module.getContext()));
  auto getSignature = [&](Type type) -> FailureOr<Signature> {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    int32_t dataType =
        tensorType ? getDataType(tensorType.getElementType()) : Undefined;
    if (!dataType)
      return emitError(func.getLoc())
             << "main_graph has an unsupported argument or result type "
             << type;
    return Signature{dataType,
                     llvm::SmallVector<int64_t>(tensorType.getShape().begin(),
                                                tensorType.getShape().end())};
  };
  for (Type type : func.getArgumentTypes()) {
    FailureOr<Signature> signature = getSignature(type);
    if (failed(signature))
      return failure();
    compiled->argSignatures.push_back(*signature);
  }
  for (Type type : func.getResultTypes()) {
    FailureOr<Signature> signature = getSignature(type);
    if (failed(signature))
      return failure();
    if (getElementBitWidth(signature->dataType) < 8)
      return emitError(func.getLoc())
             << "main_graph returns a sub-byte tensor, which the tool "
                "cannot read back";
    compiled->resultSignatures.push_back(*signature);
  }

  PassManager pm(module->getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  qdq::buildQDQToLLVMPipeline(pm, qdq::QDQToLLVMPipelineOptions());
  if (failed(pm.run(module)))
    return emitError(module.getLoc()) << "the qdq-to-llvm lowering failed";
  if (printLowered)
    module.print(llvm::outs());

  llvm::Expected<llvm::orc::JITTargetMachineBuilder> builder =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return emitError(module.getLoc()) << "cannot detect the host target: "
                                      << llvm::toString(builder.takeError());
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      builder->createTargetMachine();
  if (!targetMachine)
    return emitError(module.getLoc())
           << "cannot create the host target machine: "
           << llvm::toString(targetMachine.takeError());

  // The transformer runs inside ExecutionEngine::create, while the target
  // machine it points to is still alive.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0,
                                targetMachine->get());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      ExecutionEngine::create(module, options, std::move(*targetMachine));
  if (!engine)
    return emitError(module.getLoc())
           << "JIT compilation failed: " << llvm::toString(engine.takeError());
  compiled->engine = std::move(*engine);
  compiled->engine->initialize();
  return compiled;
}

/// The number of int64 fields of a rank-`rank` memref descriptor.
static size_t getDescriptorSize(size_t rank) { return 3 + 2 * rank; }

llvm::Expected<std::vector<Tensor>>
CompiledModel::run(ArrayRef<const Tensor *> args,
                   ArrayRef<std::string> resultNames) {
  if (args.size() != argSignatures.size())
    return makeError(
        "main_graph takes " + llvm::Twine(argSignatures.size()) +
        (argSignatures.size() == 1 ? " argument, " : " arguments, ") +
        llvm::Twine(args.size()) + " given");
  if (resultNames.size() != resultSignatures.size())
    return makeError(
        "main_graph has " + llvm::Twine(resultSignatures.size()) +
        (resultSignatures.size() == 1 ? " result, " : " results, ") +
        llvm::Twine(resultNames.size()) + " names given");

  // A non-null address for empty tensors.
  static uint64_t emptyStorage = 0;

  // Argument descriptors.
  std::vector<std::vector<int64_t>> argDescriptors;
  for (auto [index, arg] : llvm::enumerate(args)) {
    const Signature &signature = argSignatures[index];
    bool fits = arg->dataType == signature.dataType &&
                arg->dims.size() == signature.shape.size();
    for (size_t i = 0; fits && i < signature.shape.size(); ++i)
      fits = ShapedType::isDynamic(signature.shape[i]) ||
             signature.shape[i] == arg->dims[i];
    if (!fits)
      return makeError("argument #" + llvm::Twine(index) + " ('" + arg->name +
                       "', " + getDataTypeName(arg->dataType) + " " +
                       formatDims(arg->dims) +
                       ") does not fit the compiled signature");
    size_t rank = arg->dims.size();
    std::vector<int64_t> descriptor(getDescriptorSize(rank));
    const void *data = arg->data.empty()
                           ? static_cast<const void *>(&emptyStorage)
                           : static_cast<const void *>(arg->data.data());
    descriptor[0] = descriptor[1] = reinterpret_cast<intptr_t>(data);
    descriptor[2] = 0;
    int64_t stride = 1;
    for (size_t i = rank; i-- > 0;) {
      descriptor[3 + i] = arg->dims[i];
      descriptor[3 + rank + i] = stride;
      stride *= arg->dims[i];
    }
    argDescriptors.push_back(std::move(descriptor));
  }

  // The result descriptors, back to back (every field is 8 bytes, so the
  // struct of descriptors has no padding).
  size_t resultSize = 0;
  for (const Signature &signature : resultSignatures)
    resultSize += getDescriptorSize(signature.shape.size());
  std::vector<int64_t> resultStorage(resultSize, 0);

  // invokePacked takes one pointer per parameter, to the parameter's value;
  // every parameter is itself a pointer to a descriptor.
  llvm::SmallVector<void *> parameters;
  parameters.push_back(resultStorage.data());
  for (std::vector<int64_t> &descriptor : argDescriptors)
    parameters.push_back(descriptor.data());
  llvm::SmallVector<void *> packed;
  for (void *&parameter : parameters)
    packed.push_back(&parameter);
  if (llvm::Error error =
          engine->invokePacked("_mlir_ciface_main_graph", packed))
    return std::move(error);

  // Read the results back, then free what the callee allocated.
  std::vector<Tensor> results;
  llvm::SmallPtrSet<void *, 4> toFree;
  llvm::SmallPtrSet<const void *, 8> argBuffers;
  for (const Tensor *arg : args)
    argBuffers.insert(arg->data.data());
  std::string error;
  size_t offset = 0;
  for (auto [index, signature] : llvm::enumerate(resultSignatures)) {
    size_t rank = signature.shape.size();
    const int64_t *descriptor = &resultStorage[offset];
    offset += getDescriptorSize(rank);
    auto *allocated = reinterpret_cast<void *>(descriptor[0]);
    auto *aligned = reinterpret_cast<const uint8_t *>(descriptor[1]);
    int64_t elementOffset = descriptor[2];
    ArrayRef<int64_t> sizes(descriptor + 3, rank);
    ArrayRef<int64_t> strides(descriptor + 3 + rank, rank);
    // Free what the callee malloc'ed: not an argument's buffer, and not a
    // global (memref.get_global lowers `allocated` to 0xdeadbeef).
    if (allocated && !argBuffers.count(allocated) &&
        reinterpret_cast<uintptr_t>(allocated) != 0xdeadbeef)
      toFree.insert(allocated);
    if (!error.empty())
      continue;

    Tensor tensor;
    tensor.name = resultNames[index];
    tensor.dataType = signature.dataType;
    tensor.dims.assign(sizes.begin(), sizes.end());
    bool sizesOk = true;
    for (size_t i = 0; i < rank; ++i)
      sizesOk &= sizes[i] >= 0 && (ShapedType::isDynamic(signature.shape[i]) ||
                                   sizes[i] == signature.shape[i]);
    llvm::Expected<int64_t> numElements = getNumElements(tensor.dims);
    if (!sizesOk || !numElements) {
      if (!numElements)
        llvm::consumeError(numElements.takeError());
      error = "result #" + std::to_string(index) + " has the invalid sizes " +
              formatDims(sizes);
      continue;
    }
    tensor.numElements = *numElements;
    if (tensor.numElements > 0 && !aligned) {
      error = "result #" + std::to_string(index) + " has a null data pointer";
      continue;
    }
    size_t elementBytes = getElementBitWidth(tensor.dataType) / 8;
    tensor.data.resize(tensor.numElements * elementBytes);
    // Gather with the returned offset and strides (identity in practice).
    bool isIdentity = true;
    for (int64_t i = rank, stride = 1; i-- > 0; stride *= sizes[i])
      isIdentity &= sizes[i] == 1 || strides[i] == stride;
    if (isIdentity) {
      if (!tensor.data.empty())
        std::memcpy(tensor.data.data(), aligned + elementOffset * elementBytes,
                    tensor.data.size());
      results.push_back(std::move(tensor));
      continue;
    }
    llvm::SmallVector<int64_t> position(rank, 0);
    for (int64_t linear = 0; linear < tensor.numElements; ++linear) {
      int64_t source = elementOffset;
      for (size_t i = 0; i < rank; ++i)
        source += position[i] * strides[i];
      std::memcpy(&tensor.data[linear * elementBytes],
                  aligned + source * elementBytes, elementBytes);
      for (size_t i = rank; i-- > 0;) {
        if (++position[i] < sizes[i])
          break;
        position[i] = 0;
      }
    }
    results.push_back(std::move(tensor));
  }
  for (void *pointer : toFree)
    std::free(pointer);
  if (!error.empty())
    return makeError(error);
  return results;
}
