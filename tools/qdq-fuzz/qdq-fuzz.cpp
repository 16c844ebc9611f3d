//===- qdq-fuzz.cpp - libFuzzer target: parse, verify, lower to LLVM ------===//
//
// Each input is MLIR text, or (first byte 0x01) a recipe for one generated
// function and the pipeline options to lower it with (see "Structured
// inputs" below). Inputs that do not parse or
// verify are skipped;
// of the others, only the functions written in the language `--qdq-to-llvm`
// takes (func/arith/tensor/qdq on tensors) are kept (the module is skipped
// if it no longer verifies). The rest runs through the `--qdq-to-llvm`
// pipeline and, when that succeeds, the translation to LLVM IR, which must
// then succeed too. Nothing is caught: a crash, an assertion, a sanitizer
// report or the abort below is a finding.
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
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iterator>

using namespace mlir;

static DialectRegistry *registry;
static bool strict;

/// The ops an input of the qdq-to-llvm pipeline may hold: qdq, and the
/// func/arith/tensor ops a model around it needs.
static bool isAllowed(Operation *op) {
  static const llvm::StringSet<> allowed = {
      "builtin.module", "func.func",     "func.return",  "func.call",
      "arith.constant", "tensor.cast",   "tensor.empty", "tensor.dim",
      "tensor.extract", "tensor.bitcast"};
  StringRef name = op->getName().getStringRef();
  return name.starts_with("qdq.") || allowed.contains(name);
}

/// Whether a function's `passthrough` (the LLVM function attributes that
/// --convert-func-to-llvm carries over and the pipeline extends, see
/// qdq::markVectorWidth) is one LLVM IR translation takes: absent, or
/// strings and [name, value] pairs of strings. Others are not the
/// pipeline's to reject: mlir-translate reports them (a mutated test input
/// had [["min-legal-vector-wxf8E8M0FNU>"]]).
static bool hasTranslatablePassthrough(Operation *function) {
  Attribute attr = function->getAttr("passthrough");
  if (!attr)
    return true;
  auto entries = dyn_cast<ArrayAttr>(attr);
  if (!entries)
    return false;
  return llvm::all_of(entries, [](Attribute entry) {
    if (isa<StringAttr>(entry))
      return true;
    auto pair = dyn_cast<ArrayAttr>(entry);
    return pair && pair.size() == 2 && isa<StringAttr>(pair[0]) &&
           isa<StringAttr>(pair[1]);
  });
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  registry = new DialectRegistry();
  qdq::registerQDQDialects(*registry);
  registerBuiltinDialectTranslation(*registry);
  registerLLVMDialectTranslation(*registry);
  // num-threads > 1 leaves omp ops (OpenMP runtime calls) in the output.
  registerOpenMPDialectTranslation(*registry);
  const char *env = std::getenv("QDQ_FUZZ_STRICT");
  strict = env && env[0] == '1';
  return 0;
}

//===----------------------------------------------------------------------===//
// Structured inputs: an input whose first byte is 0x01 is not MLIR text but
// a recipe, read with FuzzedDataProvider, for one function with one
// qdq.dequantize_linear: element types, rank, static and dynamic dims,
// granularity, axis, block size, zero point, operands as arguments or as
// constants with raw contents. Most recipes give verifying ops (the shapes
// follow the rules unless the recipe asks for a deviation), so these
// inputs reach the lowering far more often than mutated text.
//===----------------------------------------------------------------------===//

static const char *const kQuantizedTypes[] = {
    "i2",         "ui2",    "i4",         "ui4",      "i8",   "ui8",
    "si8",        "i16",    "ui16",       "i32",      "ui32", "f8E4M3FN",
    "f8E4M3FNUZ", "f8E5M2", "f8E5M2FNUZ", "f4E2M1FN", "f16",  "bf16"};
static const char *const kScaleTypes[] = {"f32", "f16", "bf16", "f8E8M0FNU"};
static const char *const kResultTypes[] = {"f32", "f16", "bf16"};

static unsigned storageBytes(StringRef type) {
  if (type.contains("32"))
    return 4;
  if (type.contains("16"))
    return 2;
  return 1;
}

static std::string tensorType(ArrayRef<int64_t> shape, ArrayRef<bool> dynamic,
                              StringRef element) {
  std::string text = "tensor<";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (dynamic[i] ? std::string("?") : std::to_string(shape[i])) + "x";
  return text + element.str() + ">";
}

static std::string generateModule(FuzzedDataProvider &fdp) {
  auto pick = [&](auto &list) {
    return list[fdp.ConsumeIntegralInRange<size_t>(
        0, sizeof(list) / sizeof(list[0]) - 1)];
  };
  StringRef xType = pick(kQuantizedTypes);
  StringRef scaleType = pick(kScaleTypes);
  StringRef resultType = pick(kResultTypes);
  int64_t rank = fdp.ConsumeIntegralInRange<int64_t>(0, 4);
  SmallVector<int64_t> xShape;
  for (int64_t i = 0; i < rank; ++i)
    xShape.push_back(fdp.ConsumeIntegralInRange<int64_t>(0, 9));
  int64_t axis = fdp.ConsumeIntegralInRange<int64_t>(-rank - 1, rank);
  int64_t normalized = axis < 0 ? axis + rank : axis;
  bool axisValid = rank > 0 && normalized >= 0 && normalized < rank;
  int64_t blockSize = 0;
  SmallVector<int64_t> scaleShape;
  switch (fdp.ConsumeIntegralInRange<int>(0, 2)) {
  case 0: // per-tensor
    if (fdp.ConsumeBool())
      scaleShape.push_back(1);
    break;
  case 1: // per-axis
    scaleShape.push_back(axisValid ? xShape[normalized] : 3);
    break;
  default: // blocked
    blockSize = fdp.ConsumeIntegralInRange<int64_t>(1, 10);
    scaleShape.assign(xShape.begin(), xShape.end());
    if (axisValid)
      scaleShape[normalized] = (xShape[normalized] + blockSize - 1) / blockSize;
    break;
  }
  // Deviations from the rules, for the verifier.
  if (fdp.ConsumeProbability<float>() < 0.1f && !scaleShape.empty())
    scaleShape[fdp.ConsumeIntegralInRange<size_t>(0, scaleShape.size() - 1)] +=
        fdp.ConsumeIntegralInRange<int64_t>(-1, 1);
  if (fdp.ConsumeProbability<float>() < 0.05f)
    blockSize = fdp.ConsumeIntegralInRange<int64_t>(-2, 12);
  for (int64_t &dim : scaleShape)
    dim = std::max<int64_t>(dim, 0);

  bool hasZeroPoint = fdp.ConsumeBool();
  StringRef zpType = xType;
  if (hasZeroPoint && fdp.ConsumeProbability<float>() < 0.2f)
    zpType = pick(kQuantizedTypes);
  SmallVector<int64_t> zpShape(scaleShape);
  if (hasZeroPoint && fdp.ConsumeProbability<float>() < 0.2f)
    zpShape =
        fdp.ConsumeBool() ? SmallVector<int64_t>{} : SmallVector<int64_t>{1};

  // Which dims are dynamic ('?'), and which operands are constants.
  auto dynamicDims = [&](ArrayRef<int64_t> shape) {
    SmallVector<bool> dynamic;
    for (size_t i = 0; i < shape.size(); ++i)
      dynamic.push_back(fdp.ConsumeProbability<float>() < 0.25f);
    return dynamic;
  };
  SmallVector<bool> xDynamic = dynamicDims(xShape);
  SmallVector<bool> scaleDynamic = dynamicDims(scaleShape);
  SmallVector<bool> zpDynamic = dynamicDims(zpShape);
  bool xConstant = fdp.ConsumeProbability<float>() < 0.3f;
  bool scaleConstant = fdp.ConsumeProbability<float>() < 0.5f;
  bool zpConstant = fdp.ConsumeProbability<float>() < 0.5f;

  std::string args, body;
  unsigned numArgs = 0;
  auto operand = [&](StringRef name, ArrayRef<int64_t> shape,
                     ArrayRef<bool> dynamic, StringRef element,
                     bool constant) -> std::string {
    std::string type = tensorType(shape, dynamic, element);
    if (!constant) {
      if (numArgs++)
        args += ", ";
      args += "%" + name.str() + ": " + type;
      return type;
    }
    // A constant has a static type; a cast gives it the dynamic one.
    SmallVector<bool> none(shape.size(), false);
    std::string staticType = tensorType(shape, none, element);
    int64_t count = 1;
    for (int64_t dim : shape)
      count *= dim;
    std::string hex;
    static const char digits[] = "0123456789ABCDEF";
    for (int64_t i = 0, e = count * storageBytes(element); i < e; ++i) {
      uint8_t byte = fdp.ConsumeIntegral<uint8_t>();
      hex += digits[byte >> 4];
      hex += digits[byte & 15];
    }
    std::string value = count ? "dense<\"0x" + hex + "\">" : "dense<>";
    body += "  %" + name.str() + "_c = arith.constant " + value + " : " +
            staticType + "\n";
    body += "  %" + name.str() + " = tensor.cast %" + name.str() +
            "_c : " + staticType + " to " + type + "\n";
    return type;
  };
  std::string xT = operand("x", xShape, xDynamic, xType, xConstant);
  std::string sT =
      operand("s", scaleShape, scaleDynamic, scaleType, scaleConstant);
  std::string zT =
      hasZeroPoint ? operand("z", zpShape, zpDynamic, zpType, zpConstant) : "";
  std::string yT = tensorType(xShape, xDynamic, resultType);

  std::string text = "func.func @f(" + args + ") -> " + yT +
                     " attributes {llvm.emit_c_interface} {\n" + body;
  text += "  %y = qdq.dequantize_linear %x, %s";
  if (hasZeroPoint)
    text += ", %z";
  text += " axis = " + std::to_string(axis) +
          " block_size = " + std::to_string(blockSize) + " : (" + xT + ", " +
          sT + (hasZeroPoint ? ", " + zT : std::string()) + ") -> " + yT +
          "\n  return %y : " + yT + "\n}\n";
  return text;
}

/// The pipeline options of a recipe: the switches of `--qdq-to-llvm` that
/// change which code is generated (SIMD width and unrolling or no SIMD
/// lowering, threads, folding, run-time checks, non-temporal stores, the
/// MX formats' code tables at every size or never, choice tables, the x86
/// extensions the lowering may use, f16 store forms, period tiles, the bf16
/// x forms, and prefetching). The picks come in the order they were added
/// to the fuzzer, each list with the host's default first: an exhausted
/// recipe keeps the defaults of the later picks (FuzzedDataProvider then
/// returns each range's minimum), and an input of the corpus grown before a
/// pick was added still generates the same function with the same earlier
/// options.
static void pickPipelineOptions(FuzzedDataProvider &fdp,
                                qdq::QDQToLLVMPipelineOptions &options) {
  static const unsigned kVectorBits[] = {0, 128, 256, 512};
  options.vectorize = fdp.ConsumeProbability<float>() < 0.85f;
  options.vectorBits = kVectorBits[fdp.ConsumeIntegralInRange<size_t>(0, 3)];
  options.vectorUnroll = fdp.ConsumeIntegralInRange<int64_t>(0, 8);
  if (fdp.ConsumeBool()) {
    options.numThreads = 2;
    options.parallelThreshold = fdp.ConsumeIntegralInRange<int64_t>(0, 64);
  }
  options.fold = fdp.ConsumeProbability<float>() < 0.8f;
  options.foldMaxElements = fdp.ConsumeIntegralInRange<int64_t>(-1, 64);
  options.runtimeChecks = fdp.ConsumeProbability<float>() < 0.9f;
  options.nontemporalMinBytes = fdp.ConsumeIntegralInRange<int64_t>(-1, 256);
  static const char *const kShareRules[] = {"host", "scaled", "flat"};
  options.nontemporalShareRule =
      kShareRules[fdp.ConsumeIntegralInRange<size_t>(0, 2)];
  options.codeTableMinBlocks = fdp.ConsumeIntegralInRange<int64_t>(-1, 1);
  // 0 (the host's), 1 (no choice tables), 512 (choice tables in column
  // blocks of one step) or 64 KiB.
  static const int64_t kChoiceTableBounds[] = {0, 1, 512, 64 * 1024};
  options.codeSelectMaxTableBytes =
      kChoiceTableBounds[fdp.ConsumeIntegralInRange<size_t>(0, 3)];
  // The lowering only compiles here, so any extensions go, not only the
  // host's: every x86 scheme is reachable on every fuzzing machine.
  static const char *const kCpuFeatures[] = {
      "host",
      "none",
      "ssse3",
      "avx2,f16c",
      "avx512f,avx512bw",
      "avx512f,avx512bw,avx512vbmi,avx512bf16",
      "avx512f,avx512bw,avx512vbmi,avx512bf16,avx512fp16"};
  options.cpuFeatures = kCpuFeatures[fdp.ConsumeIntegralInRange<size_t>(
      0, std::size(kCpuFeatures) - 1)];
  static const char *const kF16Stores[] = {"host", "per-register", "separate",
                                           "joined", "joined-for-32-bit-x"};
  options.f16Stores = kF16Stores[fdp.ConsumeIntegralInRange<size_t>(
      0, std::size(kF16Stores) - 1)];
  options.periodTile = fdp.ConsumeIntegralInRange<int64_t>(0, 16);
  // 0 (the host's), then the two forced settings of each tri-state option.
  static const int64_t kTriState[] = {0, -1, 1};
  options.tinyProductsMinBytes =
      kTriState[fdp.ConsumeIntegralInRange<size_t>(0, 2)];
  options.subnormalBranch = kTriState[fdp.ConsumeIntegralInRange<size_t>(0, 2)];
  options.perTensorBF16Table =
      kTriState[fdp.ConsumeIntegralInRange<size_t>(0, 2)];
  options.flushSubnormals = fdp.ConsumeProbability<float>() < 0.8f;
  // 0 (the host's), none, and distances from one byte to beyond any buffer.
  static const int64_t kPrefetchBytes[] = {0, -1, 1, 4096, int64_t(1) << 40};
  options.nontemporalPrefetchBytes =
      kPrefetchBytes[fdp.ConsumeIntegralInRange<size_t>(
          0, std::size(kPrefetchBytes) - 1)];
  options.nontemporalPrefetchFarBytes =
      kPrefetchBytes[fdp.ConsumeIntegralInRange<size_t>(
          0, std::size(kPrefetchBytes) - 1)];
  // 0 (the host's), -1 (any element / one line per read), then values.
  static const int64_t kPrefetchElementBits[] = {0, -1, 1, 8, 16, 64};
  options.nontemporalPrefetchMaxElementBits =
      kPrefetchElementBits[fdp.ConsumeIntegralInRange<size_t>(
          0, std::size(kPrefetchElementBits) - 1)];
  static const int64_t kPrefetchLineWork[] = {0, -1, 1, 3, 8};
  options.nontemporalPrefetchEveryLineMinWork =
      kPrefetchLineWork[fdp.ConsumeIntegralInRange<size_t>(
          0, std::size(kPrefetchLineWork) - 1)];
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string generated;
  qdq::QDQToLLVMPipelineOptions options;
  if (size > 0 && data[0] == 1) {
    FuzzedDataProvider fdp(data + 1, size - 1);
    generated = generateModule(fdp);
    // What is left of the recipe chooses the pipeline's options (an
    // exhausted recipe gets SIMD at the host's width with one register, one
    // thread, folding of any size, run-time checks and no streaming stores:
    // FuzzedDataProvider then returns each range's minimum).
    pickPipelineOptions(fdp, options);
    if (std::getenv("QDQ_FUZZ_PRINT")) {
      llvm::errs() << generated << "// qdq-to-llvm options: ";
      options.print(llvm::errs());
      llvm::errs() << "\n";
    }
    data = reinterpret_cast<const uint8_t *>(generated.data());
    size = generated.size();
  }

  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  // Diagnostics of rejected inputs are expected; keep the output quiet.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(data), size), "input"),
      llvm::SMLoc());
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (!module)
    return 0;
  // Keep the functions written in the pipeline's input language (the lit
  // tests' drivers around them, with printing and llvm globals, go), then
  // verify again: a call into a dropped function makes the input invalid.
  for (Operation &op : llvm::make_early_inc_range(*module->getBody())) {
    bool keep = isa<func::FuncOp>(op) && hasTranslatablePassthrough(&op) &&
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
