//===- QDQDialect.cpp - qdq dialect registration --------------------------===//

#include "qdq/Dialect/QDQ/IR/QDQ.h"

using namespace mlir;
using namespace mlir::qdq;

#include "qdq/Dialect/QDQ/IR/QDQOpsDialect.cpp.inc"

void QDQDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "qdq/Dialect/QDQ/IR/QDQOps.cpp.inc"
      >();
}
