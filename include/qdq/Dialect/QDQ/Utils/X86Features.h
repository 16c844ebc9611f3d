//===- X86Features.h - x86 extensions the lowerings may use -----*- C++ -*-===//
//
// The x86 instruction-set extensions that --convert-qdq-to-vector (which
// code shape to emit) and --convert-qdq-vector-ops-to-llvm (which
// instructions to lower to) may count on, parsed from their `cpu-features`
// option.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_UTILS_X86FEATURES_H
#define QDQ_DIALECT_QDQ_UTILS_X86FEATURES_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::qdq {

/// The x86 instruction-set extensions the qdq lowerings may use (the
/// `cpu-features` option of --convert-qdq-to-vector, --qdq-to-llvm and
/// --convert-qdq-vector-ops-to-llvm).
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
  /// F16C: vcvtph2ps, f16 to f32 in one instruction. --convert-qdq-to-vector
  /// then decodes fp8 x through f16 bits (decodeMinifloatToF32ViaF16). The
  /// lowerings add no target feature for it: f16 x and f16 results already
  /// convert with arith.extf/truncf, which the final target lowers.
  bool f16c = false;
  /// AVX512_FP16: f16 arithmetic (vcvtw2ph, vmulph). --convert-qdq-to-vector
  /// then computes f16 results of 8-bit and packed integer x, of fp8 x and
  /// of f16 x without a zero point with f16 scales in f16 (nativeF16). The
  /// lowerings add no target feature for it: a target without it computes the
  /// same f16 operations through f32, with the same results.
  bool avx512fp16 = false;

  /// The features of the CPU this process runs on.
  static X86Features host();
  /// Parses `host`, `none` (or empty) or a comma-separated list of feature
  /// names (`ssse3`, `avx2`, `avx512f`, `avx512bw`, `avx512vbmi`,
  /// `avx512bf16`, `f16c`, `avx512fp16`, each optionally with a leading `+`).
  /// Fails on an unknown name, with a message in `error`.
  static LogicalResult parse(StringRef spec, X86Features &features,
                             std::string &error);
  /// parse() for a pass's `cpu-features` option: on failure, reports the
  /// error on `op` ("cpu-features: ...").
  static FailureOr<X86Features> parseOption(Operation *op, StringRef spec);

  /// These features without the ones whose registers are wider than
  /// `vectorBits`. AVX512_FP16 stays at 256 bits: its f16 arithmetic
  /// (vmulph, vcvtw2ph) has 256-bit forms (with AVX512VL, which every CPU
  /// with AVX512_FP16 has), and the lowerings use it through arith ops
  /// only, which the final target lowers.
  X86Features limitedTo(unsigned vectorBits) const;

  /// The comma-separated list `parse` reads back (`none` when empty).
  std::string str() const;
};

} // namespace mlir::qdq

#endif // QDQ_DIALECT_QDQ_UTILS_X86FEATURES_H
