//===- RuntimeChecks.h - run-time checks of dynamic sizes -------*- C++ -*-===//
//
// The sizes the verifier of qdq.dequantize_linear cannot check because a dim
// is dynamic (DQ-R9, DQ-R11, DQ-R12, DQ-R13), checked at run time.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_TRANSFORMS_RUNTIMECHECKS_H
#define QDQ_DIALECT_QDQ_TRANSFORMS_RUNTIMECHECKS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class OpBuilder;
class SymbolTableCollection;
namespace qdq {
class DequantizeLinearOp;

/// Inserts before `op` (which must verify, and take tensors) one check per
/// size rule whose sizes are not both static: `tensor.dim`s, an
/// `arith.cmpi`, an `scf.if` that prints the message with the actual sizes
/// to stderr (an LLVM-dialect call of `dprintf`, with a format string global
/// added to the nearest symbol table), and a `cf.assert` with the static
/// part of the message. Returns the number of checks inserted, or failure
/// with a diagnostic when `op` has no enclosing symbol table or that table
/// holds a `dprintf` of another type. `symbolTables` caches the symbol
/// tables across calls.
FailureOr<unsigned> insertRuntimeChecks(OpBuilder &builder,
                                        DequantizeLinearOp op,
                                        SymbolTableCollection &symbolTables);

} // namespace qdq
} // namespace mlir

#endif // QDQ_DIALECT_QDQ_TRANSFORMS_RUNTIMECHECKS_H
