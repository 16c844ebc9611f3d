//===- Pipelines.h - qdq lowering pipelines ---------------------*- C++ -*-===//
//
// The registered `--qdq-to-llvm` pipeline: from a module of func/tensor/
// arith/qdq ops on tensors to the LLVM dialect, ready for
// `mlir-translate --mlir-to-llvmir`, `mlir-runner` or mlir::ExecutionEngine.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_PIPELINES_PIPELINES_H
#define QDQ_PIPELINES_PIPELINES_H

#include "qdq/Conversion/Passes.h"
#include "qdq/Dialect/QDQ/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::qdq {

/// Options of the `--qdq-to-llvm` pipeline. Options that set a pass's option
/// take their default from that pass's ODS declaration (its generated
/// options struct), so the two cannot drift apart.
struct QDQToLLVMPipelineOptions
    : public PassPipelineOptions<QDQToLLVMPipelineOptions> {
  Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Check at run time the sizes the verifier could not "
                     "check because a dim is dynamic "
                     "(--qdq-insert-runtime-checks)"),
      llvm::cl::init(true)};
  Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Lower the forms --convert-qdq-to-vector has a scheme "
                     "for to SIMD loops (the rest go through linalg)"),
      llvm::cl::init(true)};
  Option<unsigned> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("SIMD width in bits (128, 256, 512); 0 = the host's, "
                     "per op (--convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().vectorBits)};
  Option<int64_t> vectorUnroll{
      *this, "vector-unroll",
      llvm::cl::desc("SIMD registers per loop iteration of the SIMD loops; "
                     "0 = per form (see --convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().unroll)};
  Option<std::string> f16Stores{
      *this, "f16-stores",
      llvm::cl::desc("How the SIMD steps write f16 results: per-register, "
                     "separate, joined, joined-for-32-bit-x or host (see "
                     "--convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().f16Stores)};
  Option<int64_t> periodTile{
      *this, "period-tile",
      llvm::cl::desc("Periods per period tile of per-axis tables (rows "
                     "along a dynamic axis); 0 = the host's (see "
                     "--convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().periodTile)};
  Option<int64_t> tinyProductsMinBytes{
      *this, "tiny-products-min-bytes",
      llvm::cl::desc("bf16 x -> f16/f32: ops moving at least this many "
                     "bytes compute products below 2^-126 apart; -1 = none, "
                     "0 = the host's (see --convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().tinyProductsMinBytes)};
  Option<int64_t> subnormalBranch{
      *this, "subnormal-branch",
      llvm::cl::desc("bf16 x steps computing tiny products apart branch on "
                     "subnormal x - zero point; 1 = always, -1 = never, "
                     "0 = the host's (see --convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().subnormalBranch)};
  Option<int64_t> perTensorBF16Table{
      *this, "per-tensor-bf16-table",
      llvm::cl::desc("8-bit integer x per tensor -> bf16 with half-precision "
                     "scales and a zero point, with AVX512_BF16: 1 = table "
                     "lookup, -1 = arithmetic, 0 = the host's (see "
                     "--convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().perTensorBF16Table)};
  Option<bool> flushSubnormals{
      *this, "flush-subnormals",
      llvm::cl::desc("bf16 x -> f16 without a zero point on x86: run the "
                     "loops with MXCSR's flush-to-zero and "
                     "denormals-are-zero set where the scales allow it "
                     "(see --convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().flushSubnormals)};
  Option<int64_t> codeTableMinBlocks{
      *this, "code-table-min-blocks",
      llvm::cl::desc("MX formats into f16: tabulate each scale code's "
                     "results where the op has at least this many blocks "
                     "per code of its range; -1 = never (see "
                     "--convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().codeTableMinBlocks)};
  Option<int64_t> codeSelectMaxTableBytes{
      *this, "code-select-max-table-bytes",
      llvm::cl::desc("Per-axis packed 2-bit x -> f16/bf16: the most bytes "
                     "of code selection's choice table read per pass over "
                     "the rows (column blocks); 0 = the host's (see "
                     "--convert-qdq-to-vector)"),
      llvm::cl::init(ConvertQDQToVectorOptions().codeSelectMaxTableBytes)};
  Option<int64_t> nontemporalMinBytes{
      *this, "nontemporal-min-bytes",
      llvm::cl::desc("Loops that stream at least this many bytes (result "
                     "plus inputs, static shapes; with the scaled share "
                     "rule, times twice the share of them they write; "
                     "loops split over num-threads threads: num-threads "
                     "times as many) write with non-temporal stores "
                     "(--qdq-nontemporal-stores); 0 = the host's; "
                     "negative: never"),
      llvm::cl::init(QDQNontemporalStoresOptions().minBytes)};
  Option<std::string> nontemporalShareRule{
      *this, "nontemporal-share-rule",
      llvm::cl::desc("Whether the non-temporal threshold scales with the "
                     "share of the bytes a loop writes: scaled, flat or "
                     "host (see --qdq-nontemporal-stores)"),
      llvm::cl::init(QDQNontemporalStoresOptions().shareRule)};
  Option<int64_t> nontemporalPrefetchBytes{
      *this, "nontemporal-prefetch-bytes",
      llvm::cl::desc("How many bytes ahead the loops with non-temporal "
                     "stores prefetch the large buffers they read; 0 = the "
                     "host's; negative: none (see --qdq-nontemporal-stores)"),
      llvm::cl::init(QDQNontemporalStoresOptions().prefetchBytes)};
  Option<int64_t> nontemporalPrefetchMaxElementBits{
      *this, "nontemporal-prefetch-max-element-bits",
      llvm::cl::desc("Only buffers of elements of at most this many bits are "
                     "prefetched by the loops with non-temporal stores; 0 = "
                     "the host's; negative: any (see "
                     "--qdq-nontemporal-stores)"),
      llvm::cl::init(QDQNontemporalStoresOptions().prefetchMaxElementBits)};
  Option<int64_t> nontemporalPrefetchEveryLineMinWork{
      *this, "nontemporal-prefetch-every-line-min-work",
      llvm::cl::desc("Loops with non-temporal stores whose vector work per "
                     "line of x is at least this prefetch every line of "
                     "their reads of x; 0 = the host's; negative: one line "
                     "per read (see --qdq-nontemporal-stores)"),
      llvm::cl::init(QDQNontemporalStoresOptions().prefetchEveryLineMinWork)};
  Option<int64_t> nontemporalPrefetchFarBytes{
      *this, "nontemporal-prefetch-far-bytes",
      llvm::cl::desc("How many bytes ahead the loops with non-temporal "
                     "stores prefetch the lines of x a second time, into "
                     "L2; 0 = the host's; negative: none (see "
                     "--qdq-nontemporal-stores)"),
      llvm::cl::init(QDQNontemporalStoresOptions().prefetchFarBytes)};
  Option<bool> fold{
      *this, "fold",
      llvm::cl::desc("Before lowering, evaluate qdq ops on constants "
                     "(--qdq-fold-constants) and canonicalize"),
      llvm::cl::init(true)};
  Option<int64_t> foldMaxElements{
      *this, "fold-max-elements",
      llvm::cl::desc("Largest result (in elements) folded into a constant; "
                     "negative: any size (splats are always folded)"),
      llvm::cl::init(QDQFoldConstantsOptions().maxElements)};
  Option<int64_t> numThreads{
      *this, "num-threads",
      llvm::cl::desc("Threads for the SIMD loops (OpenMP; the code then "
                     "needs libomp at run time); 1 = single-threaded"),
      llvm::cl::init(ConvertQDQToVectorOptions().numThreads)};
  Option<int64_t> parallelThreshold{
      *this, "parallel-threshold",
      llvm::cl::desc("Tensors with fewer elements run on one thread"),
      llvm::cl::init(ConvertQDQToVectorOptions().parallelThreshold)};
  Option<std::string> cpuFeatures{
      *this, "cpu-features",
      llvm::cl::desc("x86 extensions the SIMD lowering may use (table "
                     "lookups, bf16 rounding, fp8 decoding through f16): "
                     "host (this CPU's), none, or a comma-separated list of "
                     "ssse3, avx2, avx512f, avx512bw, avx512vbmi, "
                     "avx512bf16, f16c, avx512fp16"),
      llvm::cl::init(ConvertQDQToVectorOptions().cpuFeatures)};
};

/// Appends the qdq-to-LLVM lowering to `pm` (which must run on a
/// builtin.module). Function boundaries are bufferized with identity-layout
/// memrefs; public functions carrying `llvm.emit_c_interface` become callable
/// as `_mlir_ciface_<name>` (see the README's calling convention).
void buildQDQToLLVMPipeline(OpPassManager &pm,
                            const QDQToLLVMPipelineOptions &options);

/// Registers `--qdq-to-llvm` with the global pass pipeline registry.
void registerQDQPipelines();

} // namespace mlir::qdq

#endif // QDQ_PIPELINES_PIPELINES_H
