//===- Pipelines.cpp - the qdq-to-llvm pipeline ---------------------------===//

#include "qdq/Pipelines/Pipelines.h"
#include "qdq/Conversion/Passes.h"
#include "qdq/Dialect/QDQ/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::qdq::buildQDQToLLVMPipeline(
    OpPassManager &pm, const QDQToLLVMPipelineOptions &options) {
  // Constant dequantizations evaluated at compile time (up to a size cap),
  // trivial forms simplified.
  if (options.fold) {
    QDQFoldConstantsOptions fold;
    fold.maxElements = options.foldMaxElements;
    pm.addPass(createQDQFoldConstants(fold));
    pm.addPass(createCanonicalizerPass());
  }

  // Sizes the verifier left to run time (dynamic dims), checked first.
  if (options.runtimeChecks)
    pm.addPass(createQDQInsertRuntimeChecks());

  // qdq -> SIMD loops on tensors where a vector scheme applies; the rest ->
  // linalg on tensors.
  // The x86 shuffles the table lookups may use, no wider than the SIMD
  // width (an unknown name is passed on for the passes to report).
  std::string cpuFeatures = options.cpuFeatures;
  {
    X86Features features;
    std::string error;
    if (succeeded(X86Features::parse(cpuFeatures, features, error)))
      cpuFeatures =
          features
              .limitedTo(options.vectorBits ? unsigned(options.vectorBits)
                                            : getHostVectorBits())
              .str();
  }
  if (options.vectorize) {
    ConvertQDQToVectorOptions vector;
    vector.vectorBits = options.vectorBits;
    vector.unroll = options.vectorUnroll;
    vector.numThreads = options.numThreads;
    vector.parallelThreshold = options.parallelThreshold;
    vector.cpuFeatures = cpuFeatures;
    vector.f16Stores = options.f16Stores;
    vector.periodTile = options.periodTile;
    vector.tinyProductsMinBytes = options.tinyProductsMinBytes;
    vector.subnormalBranch = options.subnormalBranch;
    vector.perTensorBF16Table = options.perTensorBF16Table;
    vector.flushSubnormals = options.flushSubnormals;
    vector.codeTableMinBlocks = options.codeTableMinBlocks;
    vector.codeSelectMaxTableBytes = options.codeSelectMaxTableBytes;
    pm.addPass(createConvertQDQToVector(vector));
  }
  pm.addPass(createConvertQDQToLinalg());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Tensors -> buffers; function arguments and results get identity-layout
  // memrefs (the C calling convention).
  bufferization::OneShotBufferizePassOptions bufferization;
  bufferization.bufferizeFunctionBoundaries = true;
  bufferization.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Buffers whose layout bufferization cannot infer (the results of an
  // scf.if whose branches reshape differently, e.g. the run-time test of
  // the SIMD lowering's packed rows) get the identity layout too: with the
  // default fully dynamic one, returning them needs a strided copy, which
  // lowers to a call to memrefCopy from the MLIR runner libraries.
  bufferization.unknownTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // The globals of tensor constants in the module's order: One-Shot
  // Bufferize creates them in an order of the functions that varies from
  // run to run (--qdq-order-constant-globals).
  pm.addPass(createQDQOrderConstantGlobals(
      QDQOrderConstantGlobalsOptions{bufferization.bufferAlignment}));
  pm.addPass(bufferization::createOneShotBufferizePass(bufferization));
  // Frees the temporary buffers (e.g. the SIMD lowering's per-axis tables);
  // results stay allocated for the caller, who frees them (a returned
  // constant global is cloned into a fresh buffer).
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
  // Large results bypass the caches.
  if (options.nontemporalMinBytes >= 0) {
    QDQNontemporalStoresOptions nontemporal;
    nontemporal.minBytes = options.nontemporalMinBytes;
    nontemporal.shareRule = options.nontemporalShareRule;
    nontemporal.prefetchBytes = options.nontemporalPrefetchBytes;
    nontemporal.prefetchMaxElementBits =
        options.nontemporalPrefetchMaxElementBits;
    nontemporal.prefetchEveryLineMinWork =
        options.nontemporalPrefetchEveryLineMinWork;
    nontemporal.prefetchFarBytes = options.nontemporalPrefetchFarBytes;
    nontemporal.threads = options.numThreads;
    pm.addNestedPass<func::FuncOp>(createQDQNontemporalStores(nontemporal));
  }

  // Chunks of the SIMD loops -> OpenMP threads.
  if (options.numThreads > 1) {
    pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
    ConvertSCFToOpenMPPassOptions openmp;
    openmp.numThreads = options.numThreads;
    pm.addPass(createConvertSCFToOpenMPPass(openmp));
  }
  // Folds the self-copies chunked writes leave behind, and inlines the
  // memref.alloca_scope OpenMP regions get (its single block could not hold
  // the control flow the loops become).
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());

  // linalg -> loops -> control flow.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createCanonicalizerPass());

  // Everything -> LLVM. Packed sub-byte loads and globals go first, so that
  // the upstream memref lowering never sees them.
  pm.addPass(createConvertPackedSubByteToLLVM());
  ConvertQDQVectorOpsToLLVMOptions lookup;
  lookup.cpuFeatures = cpuFeatures;
  pm.addPass(createConvertQDQVectorOpsToLLVM(lookup));
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  if (options.numThreads > 1)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::qdq::registerQDQPipelines() {
  PassPipelineRegistration<QDQToLLVMPipelineOptions>(
      "qdq-to-llvm",
      "Lower func/tensor/arith/qdq on tensors to the LLVM dialect, with "
      "C-callable identity-layout memref boundaries",
      buildQDQToLLVMPipeline);
}
