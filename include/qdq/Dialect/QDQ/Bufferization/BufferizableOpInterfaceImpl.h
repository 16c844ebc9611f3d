//===- BufferizableOpInterfaceImpl.h - bufferize qdq ops --------*- C++ -*-===//
//
// qdq.packed_bytes on a tensor bufferizes to qdq.packed_bytes on the
// source's buffer (a view). qdq.dequantize_linear itself is never
// bufferized: it is lowered on tensors first.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
#define QDQ_DIALECT_QDQ_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::qdq {

void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace mlir::qdq

#endif // QDQ_DIALECT_QDQ_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
