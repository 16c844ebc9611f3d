//===- QDQToVector.h - qdq to SIMD loops ------------------------*- C++ -*-===//

#ifndef QDQ_CONVERSION_QDQTOVECTOR_QDQTOVECTOR_H
#define QDQ_CONVERSION_QDQTOVECTOR_QDQTOVECTOR_H

#include "qdq/Dialect/QDQ/Utils/X86Features.h"

#include <cstdint>

namespace mlir {
class RewritePatternSet;
class Type;
} // namespace mlir

namespace mlir::qdq {

class DequantizeLinearOp;

/// getHostTinyProductsMinBytes on AMD Zen cores: 2 MiB, more than the L2
/// cache of one core of the CPUs measured (0.5-2 MiB), so that the ops it
/// covers run at L3 or memory bandwidth, where the extra vector operations
/// cost little.
constexpr int64_t kZenTinyProductsMinBytes = 2 << 20;

/// QDQToVectorOptions::codeTableMinBlocks by default. The code tables
/// started to pay between 16 and 32 blocks of 32 per code (f8E4M3FN
/// blocked-32 -> f16, 64 Ki elements, on a Zen 4 VM: with 64 blocks per
/// code 1.20x the arithmetic, with 32 1.09x, with 16 0.94x;
/// bench/HISTORY.md, session of 2026-12-06).
constexpr int64_t kDefaultCodeTableMinBlocks = 32;

/// The SIMD width of the host CPU in bits: 512 with AVX-512F, 256 with AVX
/// or AVX2, otherwise 128.
unsigned getHostVectorBits();

/// The SIMD width measured fastest on the host for `op`, compiled for
/// `features`, with stores that stream (non-temporal) or not:
/// getHostVectorBits(), except on an AVX-512 CPU that is not an AMD Zen
/// core, where ops whose stores do not stream take 256 bits for f32 results
/// of integer and f16 x, and for f16 results computed in f16 arithmetic
/// (AVX512_FP16 in `features`) of f16 x, of 8-bit integer x (blocked only
/// in blocks of a multiple of 32 elements) and of f8E5M2 x not blocked.
unsigned getHostVectorBits(DequantizeLinearOp op, const X86Features &features,
                           bool streams);

/// How the arithmetic SIMD steps write f16 results.
enum class F16StoreForm {
  /// Rounded and written one register at a time: each vcvtps2ph stores to
  /// memory itself.
  PerRegister,
  /// The whole step rounded, then written at once: LLVM joins pairs of
  /// narrowed registers (vinserti64x4) before each 512-bit store.
  Joined,
  /// Joined for 32-bit x on 512-bit registers (the form measured), per
  /// register otherwise.
  JoinedFor32BitX,
  /// Rounded and written one register at a time, each vcvtps2ph to a
  /// register and its own store (an empty inline asm between the two keeps
  /// LLVM from folding them into the memory form). Needs AVX2 or AVX-512
  /// among the cpu-features (PerRegister otherwise).
  Separate,
};

/// The F16StoreForm measured fastest on the host CPU: Separate on AMD Zen 3
/// and Zen 5, PerRegister elsewhere.
F16StoreForm getHostF16StoreForm();

/// The periods per period tile (QDQToVectorOptions::periodTile) measured
/// fastest on the host CPU for x and results of these element types, in a
/// loop nest whose stores stream (`streams`: the host's StreamingRule takes
/// it) or not: for nests that stream 1, but on AMD Zen 4 4 for f32 results
/// and for 8/16/32-bit integer x; for the others 4, but on AMD Zen 5 1
/// except for f16/bf16 results of packed integer x, and on CPUs other than
/// AMD Zen 1 for 32-bit integer x, f16 x and f16 results of 8-bit integer
/// x.
int64_t getHostPeriodTile(Type xElement, Type yElement, bool streams);

/// The rows per row tile measured fastest on the host CPU for per-axis rows
/// along a dynamic innermost axis (a row per period, where
/// QDQToVectorOptions::periodTile counts rows) with results of this element
/// type: on AMD Zen 5 1 for f32 results and 4 for f16/bf16; 4 elsewhere.
int64_t getHostRowTile(Type yElement);

/// Whether per-axis rows of 8-bit integer x whose bf16 results AVX512_BF16
/// rounds take a lookup table each on the host CPU, from rows of 2048 on
/// (LookupTable::rowTableLength): on AMD Zen cores, where that was
/// measured, but not elsewhere (an Intel Xeon ran such rows faster in
/// arithmetic at every size measured).
bool getHostRowTablesForHardwareBF16();

/// Whether 8-bit integer x per tensor -> bf16 with f16/bf16 scales and a
/// zero point looks its results up in a table where AVX512_BF16 could
/// compute them (QDQToVectorOptions::perTensorBF16Table) on the host CPU:
/// on AMD Zen cores yes; elsewhere no (on an Intel Xeon, vcvtne2ps2bf16 and
/// the table's two-source byte permutes take about two cycles each, and the
/// fused product with the conversion ran faster).
bool getHostPerTensorBF16Table();

/// Whether blocked 4-bit x takes block tables per group
/// (LookupTable::appliesToBlockGroups) on the host CPU: on AMD Zen cores,
/// where they were measured faster, but not elsewhere (an Intel Xeon ran
/// them at 0.91-1.02x the arithmetic).
bool getHostBlockGroupTables();

/// The most bytes of code selection's choice table one pass over the rows
/// reads, as measured on the host CPU
/// (QDQToVectorOptions::codeSelectMaxTableBytes), in a loop nest whose
/// stores stream (`streams`) or not: 16 KiB on AMD Zen 4 (32 KiB of L1
/// data cache) for nests that do not stream, 64 KiB elsewhere.
int64_t getHostCodeSelectMaxTableBytes(bool streams);

/// The fewest bytes of x and y from which bf16 x -> f16/f32 computes its
/// products below 2^-126 apart, as measured on the host CPU
/// (QDQToVectorOptions::tinyProductsMinBytes): kZenTinyProductsMinBytes on
/// AMD Zen cores, 1 (every op) on other CPUs, whose microcode assists for
/// f32 subnormal products cost far more.
int64_t getHostTinyProductsMinBytes();

/// Whether the steps of bf16 x that compute their tiny products apart
/// branch on subnormal differences (QDQToVectorOptions::subnormalBranch) on
/// the host CPU: not on AMD Zen cores, whose multiplies read f32
/// subnormals at full speed; elsewhere yes (an Intel Xeon takes a
/// microcode assist for a multiply's subnormal input).
bool getHostSubnormalBranch();

/// How the vector lowering shapes its loops.
struct QDQToVectorOptions {
  /// SIMD width in bits (128, 256 or 512); 0: for each op the host's
  /// (getHostVectorBits(xElement, yElement, streams), with whether the
  /// host's streaming rule streams the op's stores).
  unsigned vectorBits = 256;
  /// SIMD registers per loop iteration (the loops step over
  /// unroll * vectorBits / 32 lanes; LLVM splits the vectors into registers).
  /// Forms that have no scheme at that width are retried with one register.
  /// 0 picks per form: 8 for the forms measured faster with them (on
  /// 512-bit registers f16/bf16 results of f16/bf16 x and of packed 2-bit x
  /// in table lookups; on 256-bit registers bf16 results, packed 2/4-bit x
  /// and f16 results of f16/bf16 x outside block rows and period tiles)
  /// when their scheme stays the same with 8, else 4.
  int64_t unroll = 0;
  /// Threads the flat loops are split over (an scf.forall of this many
  /// chunks); 1 emits no scf.forall.
  int64_t numThreads = 1;
  /// Fewer elements than this run in one chunk.
  int64_t parallelThreshold = 1 << 18;
  /// Per-axis parameters whose period (K * N elements) is at most this are
  /// decoded into tables before the loop; a longer innermost axis of whole
  /// steps is read (and decoded) in place, once per column step.
  int64_t maxTablePeriod = 1 << 14;
  /// The x86 byte shuffles --convert-qdq-vector-ops-to-llvm will have:
  /// per-tensor x of at most 8 bits with f16/bf16 results (or fp8/fp4 x
  /// with f32 results) becomes a table lookup (qdq.table_lookup) when they
  /// cover it (none: never).
  X86Features x86;
  /// How the arithmetic steps write f16 results.
  F16StoreForm f16Stores = F16StoreForm::PerRegister;
  /// Periods per period tile (per-axis tables whose period is several
  /// steps; per-axis rows along a dynamic innermost axis, a row per
  /// period): each column step reads its table entries once and runs the
  /// steps at that offset of this many periods (1: one period at a time);
  /// 0: getHostPeriodTile's for each op.
  int64_t periodTile = 0;
  /// bf16 x -> f16/f32 on AVX-512: ops that move at least this many bytes
  /// of x and y (dynamic shapes: every op) compute the products below
  /// 2^-126 apart, never as f32 subnormals (KernelBuilder::tinyProducts);
  /// -1: no op; 0: the host's (getHostTinyProductsMinBytes). bf16 results
  /// always do (with AVX512_BF16).
  int64_t tinyProductsMinBytes = 0;
  /// Steps of bf16 x that compute their tiny products apart branch, per
  /// register (two for bf16 results), on whether x - zero_point holds an
  /// f32 subnormal and compute those lanes without a multiply that reads
  /// one (KernelBuilder::subnormalBranch):
  /// 1 always, -1 never, 0 the host's (getHostSubnormalBranch).
  int64_t subnormalBranch = 0;
  /// 8-bit integer x per tensor -> bf16 with f16/bf16 scales and a zero
  /// point, where AVX512_BF16 could compute the results (the fused product
  /// and vcvtne2ps2bf16): 1 a table lookup, -1 the arithmetic, 0 the
  /// host's (getHostPerTensorBF16Table).
  int64_t perTensorBF16Table = 0;
  /// bf16 x -> f16 without a zero point on x86 (features with AVX2,
  /// AVX512F or F16C): the loops run
  /// with MXCSR's flush-to-zero and denormals-are-zero set where every
  /// scale allows it (KernelBuilder::flushesSubnormals).
  bool flushSubnormals = true;
  /// MX formats into f16 (fp8 x, f8E8M0FNU scales, blocks of at least 32,
  /// AVX512_VBMI): the loops look the codes up in tables of each scale
  /// code's results where the op has at least this many blocks per code in
  /// the range of its codes (KernelBuilder::codeTables); -1: never.
  int64_t codeTableMinBlocks = kDefaultCodeTableMinBlocks;
  /// The loops read at most this many bytes of code selection's choice
  /// table (LookupTable::selectsCodes) per pass over the rows: a larger
  /// table in column blocks (KernelBuilder::columnBlockColumns); below one
  /// step's choices, the arithmetic. 0: for each op the host's
  /// (getHostCodeSelectMaxTableBytes(streams)).
  int64_t codeSelectMaxTableBytes = 0;
};

/// Adds the patterns that rewrite qdq.dequantize_linear on tensors into
/// scf.for loops over vectors of f32 lanes. Forms they have no scheme for
/// are left unchanged (for the linalg lowering). The pass then marks each
/// function it vectorized with the widest SIMD width of its ops
/// (markVectorWidth in VectorWidth.h); users of the patterns alone should
/// do the same, so that LLVM does not widen the vectors.
void populateQDQToVectorConversionPatterns(RewritePatternSet &patterns,
                                           const QDQToVectorOptions &options);

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_QDQTOVECTOR_QDQTOVECTOR_H
