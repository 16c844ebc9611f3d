//===- InitQDQ.h - register everything qdq needs ----------------*- C++ -*-===//
//
// One call for embedders and tools: the qdq dialect, the upstream dialects
// its lowering produces, the external interface models it relies on, and
// (for registerQDQPasses) its passes and pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_INITQDQ_INITQDQ_H
#define QDQ_INITQDQ_INITQDQ_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::qdq {

/// Inserts the qdq dialect, every dialect the qdq lowering creates, and the
/// interface models (bufferization, LLVM conversion) the lowering needs.
void registerQDQDialects(DialectRegistry &registry);

/// Registers the qdq passes and the `--qdq-to-llvm` pipeline.
void registerQDQPasses();

} // namespace mlir::qdq

#endif // QDQ_INITQDQ_INITQDQ_H
