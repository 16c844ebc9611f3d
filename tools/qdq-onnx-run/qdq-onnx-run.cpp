//===- qdq-onnx-run.cpp - run ONNX DequantizeLinear models through qdq ----===//
//
// Reads an ONNX model made of DequantizeLinear nodes, builds qdq IR, lowers
// it with the qdq-to-LLVM pipeline, runs it in-process with
// mlir::ExecutionEngine, and compares (bit-exactly) or writes the outputs.
//
//   qdq-onnx-run <test-dir> [--model FILE]
//       Runs <test-dir>/model.onnx (or FILE) on every
//       test_data_set_*/input_<i>.pb and compares with output_<i>.pb (the
//       ONNX backend node test layout).
//   qdq-onnx-run --model FILE [--input FILE]... [--expected FILE]...
//       Runs one model on the given inputs (graph inputs that are not
//       initializers, in order).
//   qdq-onnx-run --mlir FILE [--input FILE]... [--expected FILE]...
//       Runs the func.func @main_graph of an MLIR module (a qdq module of
//       one's own, or one the importer printed with --emit-mlir) on the
//       given inputs, one per argument.
//
//===----------------------------------------------------------------------===//

#include "OnnxImporter.h"
#include "OnnxTensor.h"
#include "Runner.h"

#include "qdq/InitQDQ/InitQDQ.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include "onnx/onnx_pb.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace qdq_onnx;
namespace cl = llvm::cl;

static cl::OptionCategory toolCategory("qdq-onnx-run options");

static cl::opt<std::string> testDir(cl::Positional, cl::desc("[<test-dir>]"),
                                    cl::init(""), cl::cat(toolCategory));

static cl::opt<std::string>
    modelFile("model", cl::value_desc("file"),
              cl::desc("The ONNX model (binary, or protobuf text format if "
                       "the name ends in .txt/.pbtxt/.textproto/.prototxt); "
                       "with a test directory, replaces its model.onnx"),
              cl::init(""), cl::cat(toolCategory));

static cl::opt<std::string>
    mlirFile("mlir", cl::value_desc("file"),
             cl::desc("An MLIR module to run instead of an ONNX model: its "
                      "func.func @main_graph, on the --input tensors (one per "
                      "argument, in order)"),
             cl::init(""), cl::cat(toolCategory));

static cl::list<std::string>
    inputFiles("input", cl::value_desc("file"), cl::CommaSeparated,
               cl::desc("TensorProto files for the graph inputs that are "
                        "not initializers, in order (with --model or "
                        "--mlir)"),
               cl::cat(toolCategory));

static cl::list<std::string>
    expectedFiles("expected", cl::value_desc("file"), cl::CommaSeparated,
                  cl::desc("TensorProto files to compare the outputs with, "
                           "in order (with --model or --mlir)"),
                  cl::cat(toolCategory));

static cl::opt<std::string>
    outputDir("output-dir", cl::value_desc("dir"),
              cl::desc("Write the outputs as TensorProto files "
                       "<dir>/output_<i>.pb (in a test directory: "
                       "<dir>/test_data_set_<n>/output_<i>.pb)"),
              cl::init(""), cl::cat(toolCategory));

static cl::opt<bool> printValues("print", cl::desc("Print the output values"),
                                 cl::init(false), cl::cat(toolCategory));

static cl::opt<bool>
    emitMLIR("emit-mlir",
             cl::desc("Print the qdq module (for the first data set or the "
                      "--input files) and exit"),
             cl::init(false), cl::cat(toolCategory));

static cl::opt<bool>
    emitLowered("emit-lowered",
                cl::desc("Print the module after the qdq-to-llvm lowering"),
                cl::init(false), cl::cat(toolCategory));

static cl::opt<bool> dynamicDims(
    "dynamic-dims",
    cl::desc("Give every argument dim as `?` (exercises the lowering's "
             "run-time shape handling), except that [1] stays [1] (a "
             "per-tensor scale)"),
    cl::init(false), cl::cat(toolCategory));

static cl::opt<bool> initializersAsArgs(
    "initializers-as-args",
    cl::desc("Pass initializers as function arguments instead of "
             "arith.constant"),
    cl::init(false), cl::cat(toolCategory));

static cl::opt<unsigned>
    maxMismatches("max-mismatches",
                  cl::desc("How many mismatching elements to print per output"),
                  cl::init(10), cl::cat(toolCategory));

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

static llvm::raw_ostream &printError() {
  return llvm::WithColor::error(llvm::errs(), "qdq-onnx-run");
}

/// Prints `loc` as "file: what: " for the importer's locations.
static void printLocation(llvm::raw_ostream &os, Location loc) {
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    if (!fused.getLocations().empty())
      printLocation(os, fused.getLocations().front());
    return;
  }
  if (auto name = dyn_cast<NameLoc>(loc)) {
    printLocation(os, name.getChildLoc());
    os << name.getName().getValue() << ": ";
    return;
  }
  if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    // The importer's locations have line 0; those of an --mlir file do not.
    os << file.getFilename().getValue();
    if (file.getLine())
      os << ":" << file.getLine() << ":" << file.getColumn();
    os << ": ";
    return;
  }
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    printLocation(os, callSite.getCallee());
}

static LogicalResult handleDiagnostic(Diagnostic &diag) {
  llvm::raw_ostream &os = llvm::errs();
  auto print = [&](Diagnostic &d) {
    os << "qdq-onnx-run: ";
    printLocation(os, d.getLocation());
    switch (d.getSeverity()) {
    case DiagnosticSeverity::Error:
      os << "error: ";
      break;
    case DiagnosticSeverity::Warning:
      os << "warning: ";
      break;
    case DiagnosticSeverity::Note:
      os << "note: ";
      break;
    case DiagnosticSeverity::Remark:
      os << "remark: ";
      break;
    }
    os << d << "\n";
  };
  print(diag);
  for (Diagnostic &note : diag.getNotes())
    print(note);
  return success();
}

//===----------------------------------------------------------------------===//
// Comparison and printing
//===----------------------------------------------------------------------===//

static bool isNaN(const Tensor &tensor, int64_t index) {
  return isFloatDataType(tensor.dataType) && std::isnan(tensor.getValue(index));
}

static std::string formatIndex(ArrayRef<int64_t> dims, int64_t linear) {
  llvm::SmallVector<int64_t> position(dims.size());
  for (size_t i = dims.size(); i-- > 0;) {
    position[i] = dims[i] ? linear % dims[i] : 0;
    linear = dims[i] ? linear / dims[i] : 0;
  }
  return formatDims(position);
}

static void printElement(llvm::raw_ostream &os, const Tensor &tensor,
                         int64_t index) {
  unsigned hexDigits = std::max(1u, getElementBitWidth(tensor.dataType) / 4);
  os << llvm::format_hex(tensor.getBits(index), hexDigits + 2) << " ("
     << llvm::format("%.9g", tensor.getValue(index)) << ")";
}

/// Compares bit patterns (any NaN matching any NaN) and prints one line.
static bool compareOutput(StringRef label, const Tensor &expected,
                          const Tensor &got) {
  llvm::outs() << label << ": ";
  if (expected.dataType != got.dataType || expected.dims != got.dims) {
    llvm::outs() << "MISMATCH: expected " << getDataTypeName(expected.dataType)
                 << " " << formatDims(expected.dims) << ", got "
                 << getDataTypeName(got.dataType) << " " << formatDims(got.dims)
                 << "\n";
    return false;
  }
  llvm::SmallVector<int64_t> mismatches;
  int64_t numMismatches = 0;
  for (int64_t i = 0; i < got.numElements; ++i) {
    if (expected.getBits(i) == got.getBits(i) ||
        (isNaN(expected, i) && isNaN(got, i)))
      continue;
    if (numMismatches++ < maxMismatches)
      mismatches.push_back(i);
  }
  if (!numMismatches) {
    llvm::outs() << got.numElements << " elements, bit-exact\n";
    return true;
  }
  llvm::outs() << "MISMATCH: " << numMismatches << " of " << got.numElements
               << " elements differ\n";
  for (int64_t i : mismatches) {
    llvm::outs() << "  index " << i << " " << formatIndex(got.dims, i)
                 << ": expected ";
    printElement(llvm::outs(), expected, i);
    llvm::outs() << ", got ";
    printElement(llvm::outs(), got, i);
    llvm::outs() << "\n";
  }
  return false;
}

static void printTensor(StringRef label, const Tensor &tensor) {
  llvm::outs() << label << " '" << tensor.name
               << "': " << getDataTypeName(tensor.dataType) << " "
               << formatDims(tensor.dims) << "\n";
  if (!printValues)
    return;
  for (int64_t i = 0; i < tensor.numElements; ++i) {
    llvm::outs() << (i % 8 == 0 ? "  " : " ")
                 << llvm::format("%.9g", tensor.getValue(i));
    if (i % 8 == 7 || i + 1 == tensor.numElements)
      llvm::outs() << "\n";
  }
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

namespace {
/// One set of input tensors, with optional expected outputs.
struct DataSet {
  std::string label;     // "test_x/test_data_set_0", or the model file name
  std::string outputDir; // where --output-dir writes its outputs
  std::vector<Tensor> inputs;
  std::vector<Tensor> expected;
  bool hasExpected = false;
};

class Driver {
public:
  Driver(MLIRContext &context, const onnx::ModelProto &model,
         StringRef modelPath)
      : context(context), model(model), modelPath(modelPath) {}

  /// Runs (or, with --emit-mlir, prints) one data set. Returns failure on an
  /// error or a mismatch.
  LogicalResult run(const DataSet &dataSet);

private:
  MLIRContext &context;
  const onnx::ModelProto &model;
  std::string modelPath;
  // The last compiled model and the signature it was compiled for.
  std::unique_ptr<CompiledModel> compiled;
  FunctionType compiledType;
};
} // namespace

/// Runs `compiled` on `args`, then compares, prints or writes its outputs
/// (named `resultNames`) as `dataSet` asks. Returns failure on an error or a
/// mismatch.
static LogicalResult runAndReport(CompiledModel &compiled,
                                  const DataSet &dataSet,
                                  ArrayRef<const Tensor *> args,
                                  ArrayRef<std::string> resultNames) {
  llvm::Expected<std::vector<Tensor>> outputs = compiled.run(args, resultNames);
  if (!outputs) {
    printError() << dataSet.label << ": " << llvm::toString(outputs.takeError())
                 << "\n";
    return failure();
  }

  bool ok = true;
  if (dataSet.hasExpected && dataSet.expected.size() != outputs->size()) {
    printError() << dataSet.label << ": the graph has " << outputs->size()
                 << (outputs->size() == 1 ? " output" : " outputs") << ", but "
                 << dataSet.expected.size() << " expected outputs were given\n";
    return failure();
  }
  for (auto [index, output] : llvm::enumerate(*outputs)) {
    std::string label = "output_" + std::to_string(index);
    if (dataSet.hasExpected) {
      ok &= compareOutput(dataSet.label + " " + label, dataSet.expected[index],
                          output);
      if (printValues)
        printTensor(dataSet.label + " " + label, output);
    } else {
      printTensor(label, output);
    }
    if (!outputDir.empty()) {
      if (std::error_code ec =
              llvm::sys::fs::create_directories(dataSet.outputDir)) {
        printError() << "cannot create '" << dataSet.outputDir
                     << "': " << ec.message() << "\n";
        return failure();
      }
      llvm::SmallString<256> path(dataSet.outputDir);
      llvm::sys::path::append(path, label + ".pb");
      if (llvm::Error error = writeTensorFile(output, path)) {
        printError() << llvm::toString(std::move(error)) << "\n";
        return failure();
      }
    }
  }
  return success(ok);
}

LogicalResult Driver::run(const DataSet &dataSet) {
  ImportOptions options;
  options.dynamicDims = dynamicDims;
  options.initializersAsArgs = initializersAsArgs;
  // --emit-mlir without data: shapes come from the graph alone.
  const std::vector<Tensor> *inputs =
      emitMLIR && dataSet.inputs.empty() ? nullptr : &dataSet.inputs;
  // With --dynamic-dims, first verify the module with the actual shapes: the
  // verifier then catches the shape errors the dynamic module leaves to the
  // generated code.
  if (options.dynamicDims && inputs) {
    ImportOptions staticOptions = options;
    staticOptions.dynamicDims = false;
    if (failed(importModel(context, model, modelPath, inputs, staticOptions)))
      return failure();
  }
  FailureOr<ImportedModel> imported =
      importModel(context, model, modelPath, inputs, options);
  if (failed(imported))
    return failure();
  if (emitMLIR) {
    imported->module->print(llvm::outs());
    return success();
  }

  // Recompile only when the signature changes (data sets of other shapes).
  auto func = imported->module->lookupSymbol<func::FuncOp>("main_graph");
  FunctionType type = func.getFunctionType();
  if (!compiled || type != compiledType) {
    FailureOr<std::unique_ptr<CompiledModel>> fresh =
        CompiledModel::compile(*imported->module, emitLowered);
    if (failed(fresh))
      return failure();
    compiled = std::move(*fresh);
    compiledType = type;
  }

  std::vector<const Tensor *> args;
  args.reserve(dataSet.inputs.size() + imported->initializerArgs.size());
  for (const Tensor &input : dataSet.inputs)
    args.push_back(&input);
  for (const Tensor &init : imported->initializerArgs)
    args.push_back(&init);
  return runAndReport(*compiled, dataSet, args, imported->outputNames);
}

/// Runs (or, with --emit-mlir, prints) the @main_graph of the MLIR file
/// `path` on the inputs of `dataSet`.
static LogicalResult runMLIRFile(MLIRContext &context, StringRef path,
                                 const DataSet &dataSet) {
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(path, &context);
  if (!module)
    return failure();
  if (emitMLIR) {
    module->print(llvm::outs());
    return success();
  }
  // The results' names, taken before the lowering rewrites main_graph (if it
  // is missing, compile() says so).
  std::vector<std::string> resultNames;
  if (auto func = module->lookupSymbol<func::FuncOp>("main_graph"))
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
      resultNames.push_back("output_" + std::to_string(i));
  FailureOr<std::unique_ptr<CompiledModel>> compiled =
      CompiledModel::compile(*module, emitLowered);
  if (failed(compiled))
    return failure();
  std::vector<const Tensor *> args;
  args.reserve(dataSet.inputs.size());
  for (const Tensor &input : dataSet.inputs)
    args.push_back(&input);
  return runAndReport(**compiled, dataSet, args, resultNames);
}

/// Reads `files` as tensors into `tensors`.
static LogicalResult readTensors(ArrayRef<std::string> files,
                                 std::vector<Tensor> &tensors) {
  for (const std::string &file : files) {
    llvm::Expected<Tensor> tensor = readTensorFile(file);
    if (!tensor) {
      printError() << llvm::toString(tensor.takeError()) << "\n";
      return failure();
    }
    tensors.push_back(std::move(*tensor));
  }
  return success();
}

/// Lists <dir>/<prefix><i>.pb for i = 0, 1, ... while they exist.
static std::vector<std::string> listNumbered(StringRef dir, StringRef prefix) {
  std::vector<std::string> files;
  for (unsigned i = 0;; ++i) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, prefix + std::to_string(i) + ".pb");
    if (!llvm::sys::fs::exists(path))
      return files;
    files.push_back(std::string(path));
  }
}

/// The test_data_set_* directories of a test directory, in numeric order.
static FailureOr<std::vector<std::string>> listDataSets(StringRef dir) {
  std::vector<std::pair<unsigned, std::string>> found;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef name = llvm::sys::path::filename(it->path());
    unsigned number;
    if (!name.consume_front("test_data_set_") || name.getAsInteger(10, number))
      continue;
    if (llvm::sys::fs::is_directory(it->path()))
      found.emplace_back(number, it->path());
  }
  if (ec) {
    printError() << "cannot list '" << dir << "': " << ec.message() << "\n";
    return failure();
  }
  llvm::sort(found);
  std::vector<std::string> dirs;
  dirs.reserve(found.size());
  for (auto &entry : found)
    dirs.push_back(entry.second);
  return dirs;
}

static LogicalResult runTestDir(Driver &driver, StringRef dir) {
  // "path/to/test_x/" -> "test_x"
  StringRef trimmed = dir;
  while (trimmed.size() > 1 && llvm::sys::path::is_separator(trimmed.back()))
    trimmed = trimmed.drop_back();
  std::string testName = llvm::sys::path::filename(trimmed).str();

  FailureOr<std::vector<std::string>> dataSetDirs = listDataSets(dir);
  if (failed(dataSetDirs))
    return failure();
  if (dataSetDirs->empty()) {
    if (emitMLIR)
      return driver.run(DataSet());
    printError() << "'" << dir << "' has no test_data_set_* directory\n";
    return failure();
  }
  bool ok = true;
  for (const std::string &dataSetDir : *dataSetDirs) {
    DataSet dataSet;
    std::string dataSetName = llvm::sys::path::filename(dataSetDir).str();
    dataSet.label = testName + "/" + dataSetName;
    llvm::SmallString<256> out(outputDir);
    llvm::sys::path::append(out, dataSetName);
    dataSet.outputDir = std::string(out);
    dataSet.hasExpected = true;
    if (failed(
            readTensors(listNumbered(dataSetDir, "input_"), dataSet.inputs)) ||
        failed(
            readTensors(listNumbered(dataSetDir, "output_"), dataSet.expected)))
      return failure();
    ok &= succeeded(driver.run(dataSet));
    if (emitMLIR)
      break;
  }
  return success(ok);
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Pass names for --mlir-print-ir-after=... and friends: registered before
  // the pass-manager options, whose parsers list them.
  registerAllPasses();
  qdq::registerQDQPasses();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  cl::HideUnrelatedOptions(toolCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      R"(qdq-onnx-run: run ONNX DequantizeLinear models through qdq and its LLVM lowering

  qdq-onnx-run <test-dir> [--model FILE]
      Runs <test-dir>/model.onnx (or FILE) on every test_data_set_*/input_<i>.pb
      and compares bit-exactly with output_<i>.pb (any NaN matches any NaN).
  qdq-onnx-run --model FILE [--input FILE]... [--expected FILE]...
      Runs one model on the given inputs: the graph inputs that are not
      initializers, in order.
  qdq-onnx-run --mlir FILE [--input FILE]... [--expected FILE]...
      Runs the func.func @main_graph of an MLIR module (see --emit-mlir for
      the form) on the given inputs, one per argument. Its arguments and
      results are ranked tensors of ONNX element types.

The graph may only hold DequantizeLinear nodes and its outputs must be
DequantizeLinear results (any number). Exits with 1 on an error or a mismatch.
The MLIR pass-manager and printing options (--mlir-print-ir-after-all,
--mlir-print-debuginfo, ...) are accepted too.
)");

  if (testDir.empty() && modelFile.empty() && mlirFile.empty()) {
    printError()
        << "give a test directory, --model FILE or --mlir FILE (see --help)\n";
    return 1;
  }
  if (!mlirFile.empty() && (!testDir.empty() || !modelFile.empty())) {
    printError() << "--mlir goes alone, not with --model or a test directory\n";
    return 1;
  }
  if (!mlirFile.empty() && (dynamicDims || initializersAsArgs)) {
    printError() << "--dynamic-dims and --initializers-as-args shape the "
                    "module built from an ONNX model, not one read with "
                    "--mlir\n";
    return 1;
  }
  if (!testDir.empty() && (!inputFiles.empty() || !expectedFiles.empty())) {
    printError() << "--input and --expected go with --model, not with a "
                    "test directory\n";
    return 1;
  }
  if (!llvm::sys::IsLittleEndianHost) {
    printError() << "this tool needs a little-endian host\n";
    return 1;
  }

  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  DialectRegistry registry;
  registry.insert<arith::ArithDialect, func::FuncDialect>();
  qdq::registerQDQDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext context(registry);
  ScopedDiagnosticHandler diagnostics(&context, handleDiagnostic);

  // One data set from --input and --expected (with --model or --mlir).
  auto readDataSet = [&](StringRef path, DataSet &dataSet) {
    dataSet.label = llvm::sys::path::filename(path).str();
    dataSet.outputDir = outputDir;
    dataSet.hasExpected = !expectedFiles.empty();
    return success(succeeded(readTensors(inputFiles, dataSet.inputs)) &&
                   succeeded(readTensors(expectedFiles, dataSet.expected)));
  };
  if (!mlirFile.empty()) {
    DataSet dataSet;
    if (failed(readDataSet(mlirFile, dataSet)))
      return 1;
    return failed(runMLIRFile(context, mlirFile, dataSet)) ? 1 : 0;
  }

  std::string modelPath = modelFile;
  if (!testDir.empty() && modelFile.empty()) {
    llvm::SmallString<256> path(testDir);
    llvm::sys::path::append(path, "model.onnx");
    modelPath = std::string(path);
  }
  onnx::ModelProto model;
  if (llvm::Error error = readModelFile(modelPath, model)) {
    printError() << llvm::toString(std::move(error)) << "\n";
    return 1;
  }

  Driver driver(context, model, modelPath);
  if (!testDir.empty())
    return failed(runTestDir(driver, testDir)) ? 1 : 0;

  DataSet dataSet;
  if (failed(readDataSet(modelPath, dataSet)))
    return 1;
  return failed(driver.run(dataSet)) ? 1 : 0;
}
