//===- OnnxTensor.h - ONNX tensors for qdq-onnx-run -------------*- C++ -*-===//
//
// ONNX element types (including the ones newer than Debian's libonnx 1.12),
// the tool's in-memory tensor, and reading/writing TensorProto and
// ModelProto files.
//
// A Tensor holds its elements exactly as the qdq calling convention passes
// them: row-major, little-endian, and sub-byte elements (4- and 2-bit) packed
// first element in the lowest bits, in ceil(bits * N / 8) bytes.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_TOOLS_QDQ_ONNX_RUN_ONNXTENSOR_H
#define QDQ_TOOLS_QDQ_ONNX_RUN_ONNXTENSOR_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace onnx {
class ModelProto;
class TensorProto;
} // namespace onnx

namespace qdq_onnx {

/// ONNX TensorProto.DataType numbers. libonnx 1.12 stops at BFLOAT16; the
/// file format stores the number as a plain int32, so the newer ones are
/// handled by number here.
enum DataType : int32_t {
  Undefined = 0,
  Float = 1,
  Uint8 = 2,
  Int8 = 3,
  Uint16 = 4,
  Int16 = 5,
  Int32 = 6,
  Int64 = 7,
  String = 8,
  Bool = 9,
  Float16 = 10,
  Double = 11,
  Uint32 = 12,
  Uint64 = 13,
  Complex64 = 14,
  Complex128 = 15,
  BFloat16 = 16,
  Float8E4M3FN = 17,
  Float8E4M3FNUZ = 18,
  Float8E5M2 = 19,
  Float8E5M2FNUZ = 20,
  Uint4 = 21,
  Int4 = 22,
  Float4E2M1 = 23,
  Float8E8M0 = 24,
  Uint2 = 25,
  Int2 = 26,
};

/// The ONNX name of a data type ("FLOAT", "INT4", ...), or "<n>" for a number
/// ONNX does not define.
std::string getDataTypeName(int32_t dataType);

/// The element width in bits of a data type this tool can hold, or 0 for one
/// it cannot (INT64, DOUBLE, STRING, BOOL, UINT64, complex, unknown).
unsigned getElementBitWidth(int32_t dataType);

/// True for the floating-point data types (fp32/16, bf16, fp8, fp4, e8m0).
bool isFloatDataType(int32_t dataType);

/// True for the signed integer data types.
bool isSignedIntDataType(int32_t dataType);

/// The bytes `numElements` elements of `dataType` occupy, packed.
uint64_t getStorageSize(int32_t dataType, int64_t numElements);

/// A dense tensor in the calling-convention layout (see the file comment).
struct Tensor {
  std::string name;
  int32_t dataType = Undefined;
  llvm::SmallVector<int64_t> dims;
  int64_t numElements = 1;
  std::vector<uint8_t> data;

  /// The bit pattern of element `index` (row-major), zero-extended.
  uint64_t getBits(int64_t index) const;
  /// Stores the low bits of `bits` as element `index`.
  void setBits(int64_t index, uint64_t bits);
  /// Element `index` as a double (exact for every supported type).
  double getValue(int64_t index) const;
};

/// Multiplies `dims`, failing on negative dims or an overflow of int64.
llvm::Expected<int64_t> getNumElements(llvm::ArrayRef<int64_t> dims);

/// Formats dims as "[1, 4, 3]".
std::string formatDims(llvm::ArrayRef<int64_t> dims);

/// Decodes a TensorProto (raw_data, the typed fields, or external data
/// relative to `baseDir`) and checks that it holds exactly its elements.
llvm::Expected<Tensor> decodeTensor(const onnx::TensorProto &proto,
                                    llvm::StringRef baseDir);

/// Reads a TensorProto from a binary .pb file, or from protobuf text format
/// when the file name ends in .txt, .pbtxt, .textproto or .prototxt.
llvm::Expected<Tensor> readTensorFile(llvm::StringRef path);

/// Writes `tensor` as a binary TensorProto with raw_data.
llvm::Error writeTensorFile(const Tensor &tensor, llvm::StringRef path);

/// Reads a ModelProto, binary or text format (by file name as above).
llvm::Error readModelFile(llvm::StringRef path, onnx::ModelProto &model);

} // namespace qdq_onnx

#endif // QDQ_TOOLS_QDQ_ONNX_RUN_ONNXTENSOR_H
