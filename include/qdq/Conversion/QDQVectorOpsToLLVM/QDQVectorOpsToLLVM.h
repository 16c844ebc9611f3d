//===- QDQVectorOpsToLLVM.h - qdq vector ops to x86 ------------*- C++ -*-===//

#ifndef QDQ_CONVERSION_QDQVECTOROPSTOLLVM_QDQVECTOROPSTOLLVM_H
#define QDQ_CONVERSION_QDQVECTOROPSTOLLVM_QDQVECTOROPSTOLLVM_H

#include "qdq/Dialect/QDQ/Utils/X86Features.h"

#include <cstdint>

namespace mlir {
class Location;
class OpBuilder;
class Operation;
class RewritePatternSet;
class Value;
} // namespace mlir

namespace mlir::qdq {

/// The register width in bytes in which `features` look up `lookups` byte
/// indices in a table of `entries` (16, 64, 128 or 256) entries, or 0 when
/// they have no shuffle for it (qdq.table_lookup then becomes one extract per
/// element).
int64_t getTableLookupRegisterBytes(int64_t entries, int64_t lookups,
                                    const X86Features &features);

/// The number of lanes per register in which `features` look up `lookups`
/// i16 indices in an i16 table of `entries` entries, or 0: 32 with AVX512BW
/// (vpermw) for 32 entries.
int64_t getWordTableLookupLanes(int64_t entries, int64_t lookups,
                                const X86Features &features);

/// The number of lanes per register in which `features` look up `lookups`
/// i32 indices in an f32 table of `entries` (16, 8 or 4) entries, or 0: 16
/// with AVX512F (vpermps; vpermilps for 4 entries), 8 with AVX2 for 8 or 4
/// entries (vpermps or vpermilps on 256-bit registers).
int64_t getF32TableLookupLanes(int64_t entries, int64_t lookups,
                               const X86Features &features);

/// `value` (a vector that fits one SIMD register) through an empty inline
/// asm that returns it in the same register: no instruction, but LLVM
/// cannot fold what defines the value into what uses it (e.g. a
/// conversion into its store) across it.
Value createRegisterBarrier(OpBuilder &b, Location loc, Value value);

/// Adds the patterns that lower qdq.table_lookup to x86 shuffles
/// (llvm.call_intrinsic) where `features` have them, else to vector
/// extracts and inserts; qdq.unpack_bits to vpmultishiftqb (AVX512_VBMI),
/// else byte shuffles (one vpshufb per register with SSSE3 and up) and
/// shifts; and, with AVX512_BF16, arith.truncf of
/// f32 vectors to bf16 to the two-source vcvtne2ps2bf16, and non-temporal
/// stores of bf16 bits behind an empty inline asm per register (so that LLVM
/// keeps them streaming); qdq.flush_subnormals and
/// qdq.restore_float_control to llvm.x86.sse.stmxcsr / ldmxcsr through a
/// stack slot.
void populateQDQVectorOpsToLLVMPatterns(RewritePatternSet &patterns,
                                        const X86Features &features);

/// Marks every function under `root` that calls one of the x86 intrinsics
/// above, rounds f32 vectors to bf16 with arith.truncf / llvm.fptrunc
/// (which --convert-qdq-to-vector emits only with `avx512bf16`), or holds a
/// register barrier wider than 128 bits (AVX for ymm, AVX512F for zmm),
/// with the LLVM target features the instruction needs
/// (`target_features`, merged with what the function already has), so that
/// LLVM selects it whatever CPU the target machine names. The pass does this
/// itself; embedders that only use the patterns call it after them.
void addX86TargetFeatures(Operation *root);

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_QDQVECTOROPSTOLLVM_QDQVECTOROPSTOLLVM_H
