//===- Dialects.cpp - C API of the qdq dialect ----------------------------===//

#include "qdq-c/Dialects.h"

#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/InitQDQ/InitQDQ.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(QDQ, qdq, mlir::qdq::QDQDialect)

void mlirQDQRegisterDialects(MlirDialectRegistry registry) {
  mlir::qdq::registerQDQDialects(*unwrap(registry));
}

void mlirQDQRegisterPasses(void) {
  // The pass and pipeline registries are global: fill them once, however
  // often C callers ask (thread-safe static initialization).
  [[maybe_unused]] static const bool registered = [] {
    mlir::qdq::registerQDQPasses();
    return true;
  }();
}
