//===- PackedSubByteToLLVM.h - packed i2/i4 memrefs to LLVM -----*- C++ -*-===//

#ifndef QDQ_CONVERSION_PACKEDSUBBYTETOLLVM_PACKEDSUBBYTETOLLVM_H
#define QDQ_CONVERSION_PACKEDSUBBYTETOLLVM_PACKEDSUBBYTETOLLVM_H

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;
class Type;
} // namespace mlir

namespace mlir::qdq {

/// True for the element types that travel packed: i2 and i4 (any
/// signedness) and f4E2M1FN.
bool isPackedSubByteType(Type elementType);

/// Adds patterns lowering memref.load and memref.global of packed sub-byte
/// memrefs to LLVM; they take precedence over the upstream memref patterns.
void populatePackedSubByteToLLVMConversionPatterns(LLVMTypeConverter &converter,
                                                   RewritePatternSet &patterns);

} // namespace mlir::qdq

#endif // QDQ_CONVERSION_PACKEDSUBBYTETOLLVM_PACKEDSUBBYTETOLLVM_H
