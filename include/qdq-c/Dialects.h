/*===- qdq-c/Dialects.h - C API of the qdq dialect ----------------*- C -*-===*\
|*                                                                            *|
|* The qdq dialect, its passes and the --qdq-to-llvm pipeline for C users,    *|
|* in the style of the upstream MLIR C API (mlir-c/).                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef QDQ_C_DIALECTS_H
#define QDQ_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The qdq dialect handle: `mlirGetDialectHandle__qdq__()`, to use with
/// mlirDialectHandleRegisterDialect / mlirDialectHandleLoadDialect.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(QDQ, qdq);

/// Inserts into `registry` the qdq dialect, every dialect the qdq lowering
/// creates and the interface models (bufferization, LLVM conversion) it needs
/// (mlir::qdq::registerQDQDialects). Append the registry to a context with
/// mlirContextAppendDialectRegistry before running the qdq passes.
MLIR_CAPI_EXPORTED void mlirQDQRegisterDialects(MlirDialectRegistry registry);

/// Registers the qdq passes and the `qdq-to-llvm` pipeline with the global
/// pass registry, so that mlirParsePassPipeline / mlirOpPassManagerAddPipeline
/// accept them (mlir::qdq::registerQDQPasses). Safe to call more than once.
MLIR_CAPI_EXPORTED void mlirQDQRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* QDQ_C_DIALECTS_H */
