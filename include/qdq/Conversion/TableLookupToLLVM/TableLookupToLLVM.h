//===- TableLookupToLLVM.h - qdq.table_lookup to x86 shuffles ---*- C++ -*-===//

#ifndef QDQ_CONVERSION_TABLELOOKUPTOLLVM_TABLELOOKUPTOLLVM_H
#define QDQ_CONVERSION_TABLELOOKUPTOLLVM_TABLELOOKUPTOLLVM_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <string>

namespace mlir {
class Operation;
class RewritePatternSet;
} // namespace mlir

namespace mlir::qdq {

/// The x86 instruction-set extensions qdq's byte table lookups may use.
struct X86Features {
  /// SSSE3 pshufb (16-entry lookups in 128-bit registers).
  bool ssse3 = false;
  /// AVX2 vpshufb on 256-bit registers.
  bool avx2 = false;
  /// AVX512BW: vpshufb and byte masks on 512-bit registers.
  bool avx512bw = false;
  /// AVX512_VBMI: vpermi2b, lookups in two 64-byte registers.
  bool avx512vbmi = false;
  /// AVX512F: vpermps, lookups of 16 f32 entries.
  bool avx512f = false;
  /// AVX512_BF16: vcvtneps2bf16, f32 to bf16 rounding in one instruction
  /// (--convert-qdq-to-vector, when no scale can make it inexact).
  bool avx512bf16 = false;

  /// The features of the CPU this process runs on.
  static X86Features host();
  /// Parses `host`, `none` (or empty) or a comma-separated list of feature
  /// names (`ssse3`, `avx2`, `avx512f`, `avx512bw`, `avx512vbmi`,
  /// `avx512bf16`, each optionally with a leading `+`). Fails on an unknown
  /// name, with a message in `error`.
  static LogicalResult parse(StringRef spec, X86Features &features,
                             std::string &error);
  /// parse() for a pass's `cpu-features` option: on failure, reports the
  /// error on `op` ("cpu-features: ...").
  static FailureOr<X86Features> parseOption(Operation *op, StringRef spec);

  /// These features without the ones whose registers are wider than
  /// `vectorBits`.
  X86Features limitedTo(unsigned vectorBits) const;

  /// The comma-separated list `parse` reads back (`none` when empty).
  std::string str() const;
};

/// The register width in bytes in which `features` look up `lookups` byte
/// indices in a table of `entries` (16 or 256) entries, or 0 when they have
/// no shuffle for it (qdq.table_lookup then becomes one extract per
/// element).
int64_t getTableLookupRegisterBytes(int64_t entries, int64_t lookups,
                                    const X86Features &features);

/// The number of lanes per register in which `features` look up `lookups`
/// i32 indices in a 16-entry f32 table (16 with AVX512F's vpermps), or 0.
int64_t getF32TableLookupLanes(int64_t lookups, const X86Features &features);

/// Adds the pattern that lowers qdq.table_lookup to x86 byte shuffles
/// (llvm.call_intrinsic) where `features` have them, else to vector
/// extracts and inserts.
void populateTableLookupToLLVMPatterns(RewritePatternSet &patterns,
                                       const X86Features &features);

/// Marks every function under `root` that calls one of the x86 intrinsics
/// above, or rounds f32 vectors to bf16 with arith.truncf / llvm.fptrunc
/// (which --convert-qdq-to-vector emits only with `avx512bf16`), with the
/// LLVM target features the instruction needs
/// (`target_features`, merged with what the function already has), so that
/// LLVM selects it whatever CPU the target machine names. The pass does this
/// itself; embedders that only use the patterns call it after them.
void addX86TargetFeatures(Operation *root);

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_TABLELOOKUPTOLLVM_TABLELOOKUPTOLLVM_H
