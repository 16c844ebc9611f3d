//===- OnnxTensor.cpp - ONNX tensors for qdq-onnx-run ---------------------===//
//
// TensorProto decoding follows onnx.proto and numpy_helper.to_array:
// raw_data is little-endian with sub-byte elements packed (low bits first);
// in int32_data, 8/16-bit integers, f16/bf16 and fp8/e8m0 bit patterns take
// one entry per element, while 4-bit and 2-bit types take one packed byte
// (two or four elements) per entry, of which only the low 8 bits count.
//
//===----------------------------------------------------------------------===//

#include "OnnxTensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "onnx/onnx_pb.h"
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <climits>
#include <cstring>
#include <limits>
#include <optional>

using namespace qdq_onnx;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;

static Error makeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string qdq_onnx::getDataTypeName(int32_t dataType) {
  static const char *const names[] = {
      "UNDEFINED",      "FLOAT",      "UINT8",
      "INT8",           "UINT16",     "INT16",
      "INT32",          "INT64",      "STRING",
      "BOOL",           "FLOAT16",    "DOUBLE",
      "UINT32",         "UINT64",     "COMPLEX64",
      "COMPLEX128",     "BFLOAT16",   "FLOAT8E4M3FN",
      "FLOAT8E4M3FNUZ", "FLOAT8E5M2", "FLOAT8E5M2FNUZ",
      "UINT4",          "INT4",       "FLOAT4E2M1",
      "FLOAT8E8M0",     "UINT2",      "INT2"};
  if (dataType >= 0 && dataType < static_cast<int32_t>(std::size(names)))
    return names[dataType];
  return "<" + std::to_string(dataType) + ">";
}

unsigned qdq_onnx::getElementBitWidth(int32_t dataType) {
  switch (dataType) {
  case Float:
  case Int32:
  case Uint32:
    return 32;
  case Uint16:
  case Int16:
  case Float16:
  case BFloat16:
    return 16;
  case Uint8:
  case Int8:
  case Float8E4M3FN:
  case Float8E4M3FNUZ:
  case Float8E5M2:
  case Float8E5M2FNUZ:
  case Float8E8M0:
    return 8;
  case Uint4:
  case Int4:
  case Float4E2M1:
    return 4;
  case Uint2:
  case Int2:
    return 2;
  default:
    return 0;
  }
}

bool qdq_onnx::isFloatDataType(int32_t dataType) {
  switch (dataType) {
  case Float:
  case Float16:
  case BFloat16:
  case Float8E4M3FN:
  case Float8E4M3FNUZ:
  case Float8E5M2:
  case Float8E5M2FNUZ:
  case Float4E2M1:
  case Float8E8M0:
    return true;
  default:
    return false;
  }
}

bool qdq_onnx::isSignedIntDataType(int32_t dataType) {
  return dataType == Int8 || dataType == Int16 || dataType == Int32 ||
         dataType == Int4 || dataType == Int2;
}

uint64_t qdq_onnx::getStorageSize(int32_t dataType, int64_t numElements) {
  uint64_t bits = getElementBitWidth(dataType);
  return (bits * static_cast<uint64_t>(numElements) + 7) / 8;
}

Expected<int64_t> qdq_onnx::getNumElements(llvm::ArrayRef<int64_t> dims) {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d < 0)
      return makeError("negative dimension " + Twine(d));
    if (llvm::MulOverflow(n, d, n))
      return makeError("the element count of " + formatDims(dims) +
                       " overflows int64");
  }
  // Keep bits * N representable (the widest element has 32 bits).
  if (n > std::numeric_limits<int64_t>::max() / 32)
    return makeError("shape " + formatDims(dims) + " has too many elements");
  return n;
}

std::string qdq_onnx::formatDims(llvm::ArrayRef<int64_t> dims) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  // A dim of INT64_MIN (mlir::ShapedType::kDynamic) is a declared unknown.
  llvm::interleave(
      dims, os,
      [&](int64_t d) {
        if (d == std::numeric_limits<int64_t>::min())
          os << "?";
        else
          os << d;
      },
      ", ");
  os << "]";
  return s;
}

//===----------------------------------------------------------------------===//
// Element access
//===----------------------------------------------------------------------===//

uint64_t Tensor::getBits(int64_t index) const {
  unsigned bits = getElementBitWidth(dataType);
  if (bits < 8) {
    uint64_t bitOffset = static_cast<uint64_t>(index) * bits;
    return (data[bitOffset / 8] >> (bitOffset % 8)) & ((1u << bits) - 1);
  }
  uint64_t value = 0;
  unsigned bytes = bits / 8;
  for (unsigned i = 0; i < bytes; ++i)
    value |= static_cast<uint64_t>(data[index * bytes + i]) << (8 * i);
  return value;
}

void Tensor::setBits(int64_t index, uint64_t value) {
  unsigned bits = getElementBitWidth(dataType);
  if (bits < 8) {
    uint64_t bitOffset = static_cast<uint64_t>(index) * bits;
    uint8_t mask = ((1u << bits) - 1) << (bitOffset % 8);
    uint8_t &byte = data[bitOffset / 8];
    byte = (byte & ~mask) | ((value << (bitOffset % 8)) & mask);
    return;
  }
  unsigned bytes = bits / 8;
  for (unsigned i = 0; i < bytes; ++i)
    data[index * bytes + i] = static_cast<uint8_t>(value >> (8 * i));
}

static const llvm::fltSemantics *getSemantics(int32_t dataType) {
  switch (dataType) {
  case Float:
    return &llvm::APFloat::IEEEsingle();
  case Float16:
    return &llvm::APFloat::IEEEhalf();
  case BFloat16:
    return &llvm::APFloat::BFloat();
  case Float8E4M3FN:
    return &llvm::APFloat::Float8E4M3FN();
  case Float8E4M3FNUZ:
    return &llvm::APFloat::Float8E4M3FNUZ();
  case Float8E5M2:
    return &llvm::APFloat::Float8E5M2();
  case Float8E5M2FNUZ:
    return &llvm::APFloat::Float8E5M2FNUZ();
  case Float4E2M1:
    return &llvm::APFloat::Float4E2M1FN();
  case Float8E8M0:
    return &llvm::APFloat::Float8E8M0FNU();
  default:
    return nullptr;
  }
}

double Tensor::getValue(int64_t index) const {
  unsigned width = getElementBitWidth(dataType);
  uint64_t bits = getBits(index);
  if (const llvm::fltSemantics *sem = getSemantics(dataType)) {
    llvm::APFloat value(*sem, llvm::APInt(width, bits));
    bool losesInfo = false;
    value.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    return value.convertToDouble();
  }
  if (isSignedIntDataType(dataType))
    return static_cast<double>(llvm::SignExtend64(bits, width));
  return static_cast<double>(bits);
}

//===----------------------------------------------------------------------===//
// TensorProto decoding
//===----------------------------------------------------------------------===//

namespace {
/// The typed TensorProto field that holds a data type's values.
enum class TypedField { FloatData, Int32Data, Uint64Data };
} // namespace

static TypedField getTypedField(int32_t dataType) {
  if (dataType == Float)
    return TypedField::FloatData;
  if (dataType == Uint32)
    return TypedField::Uint64Data;
  return TypedField::Int32Data;
}

static const char *getTypedFieldName(TypedField field) {
  switch (field) {
  case TypedField::FloatData:
    return "float_data";
  case TypedField::Int32Data:
    return "int32_data";
  case TypedField::Uint64Data:
    return "uint64_data";
  }
  return "";
}

/// Reads the bytes of an external-data tensor.
static Expected<std::string> readExternalData(const onnx::TensorProto &proto,
                                              StringRef baseDir) {
  std::string location;
  uint64_t offset = 0;
  std::optional<uint64_t> length;
  for (const onnx::StringStringEntryProto &entry : proto.external_data()) {
    StringRef key = entry.key();
    StringRef value = entry.value();
    if (key == "location") {
      location = value.str();
    } else if (key == "offset" || key == "length") {
      uint64_t number;
      if (value.getAsInteger(10, number))
        return makeError("external data " + key + " '" + value +
                         "' is not a number");
      if (key == "offset")
        offset = number;
      else
        length = number;
    }
  }
  if (location.empty())
    return makeError("external data without a location");
  llvm::SmallString<256> path(location);
  if (!llvm::sys::path::is_absolute(path)) {
    path = baseDir;
    llvm::sys::path::append(path, location);
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return makeError("cannot read external data file '" + path +
                     "': " + buffer.getError().message());
  uint64_t fileSize = (*buffer)->getBufferSize();
  if (offset > fileSize)
    return makeError("external data offset " + Twine(offset) +
                     " lies beyond the end of '" + path + "'");
  uint64_t size = length ? *length : fileSize - offset;
  if (size > fileSize - offset)
    return makeError("external data of " + Twine(size) + " bytes at offset " +
                     Twine(offset) + " runs past the end of '" + path + "'");
  return std::string((*buffer)->getBufferStart() + offset, size);
}

Expected<Tensor> qdq_onnx::decodeTensor(const onnx::TensorProto &proto,
                                        StringRef baseDir) {
  Tensor tensor;
  tensor.name = proto.name();
  tensor.dataType = proto.data_type();
  auto fail = [&](const Twine &message) -> Error {
    return makeError("tensor '" + tensor.name + "': " + message);
  };

  unsigned bits = getElementBitWidth(tensor.dataType);
  if (!bits)
    return fail("unsupported data type " + getDataTypeName(tensor.dataType) +
                " (" + Twine(tensor.dataType) + ")");
  tensor.dims.assign(proto.dims().begin(), proto.dims().end());
  Expected<int64_t> numElements = getNumElements(tensor.dims);
  if (!numElements)
    return fail(llvm::toString(numElements.takeError()));
  int64_t n = tensor.numElements = *numElements;
  if (proto.has_segment())
    return fail("segmented tensors are not supported");

  uint64_t size = getStorageSize(tensor.dataType, n);
  TypedField field = getTypedField(tensor.dataType);

  // Typed fields that hold values: only the one for the data type may.
  struct FieldCount {
    const char *name;
    int count;
  } typedFields[] = {{"float_data", proto.float_data_size()},
                     {"int32_data", proto.int32_data_size()},
                     {"string_data", proto.string_data_size()},
                     {"int64_data", proto.int64_data_size()},
                     {"double_data", proto.double_data_size()},
                     {"uint64_data", proto.uint64_data_size()}};
  bool hasTypedData = false;
  for (const FieldCount &f : typedFields) {
    if (!f.count)
      continue;
    hasTypedData = true;
    if (StringRef(f.name) != getTypedFieldName(field))
      return fail(getDataTypeName(tensor.dataType) +
                  " data cannot be stored in " + f.name + " (expected " +
                  getTypedFieldName(field) + " or raw_data)");
  }

  bool isExternal = proto.data_location() == onnx::TensorProto::EXTERNAL;
  if (!isExternal && proto.external_data_size())
    return fail("external_data given but data_location is not EXTERNAL");
  if ((isExternal || proto.has_raw_data()) && hasTypedData)
    return fail("holds data both in " + Twine(getTypedFieldName(field)) +
                " and in " + (isExternal ? "external data" : "raw_data"));
  if (isExternal && proto.has_raw_data())
    return fail("holds both raw_data and external data");

  if (isExternal || proto.has_raw_data()) {
    std::string external;
    if (isExternal) {
      Expected<std::string> bytes = readExternalData(proto, baseDir);
      if (!bytes)
        return fail(llvm::toString(bytes.takeError()));
      external = std::move(*bytes);
    }
    const std::string &raw = isExternal ? external : proto.raw_data();
    if (raw.size() != size)
      return fail(Twine(isExternal ? "external data" : "raw_data") + " has " +
                  Twine(raw.size()) + " bytes, but " + Twine(n) + " " +
                  getDataTypeName(tensor.dataType) + " elements need " +
                  Twine(size));
    tensor.data.assign(raw.begin(), raw.end());
  } else {
    // Values per typed-field entry: one, or a packed byte for 4/2-bit types.
    int64_t perEntry = bits < 8 ? 8 / bits : 1;
    int64_t expected = (n + perEntry - 1) / perEntry;
    int64_t count = field == TypedField::FloatData   ? proto.float_data_size()
                    : field == TypedField::Int32Data ? proto.int32_data_size()
                                                     : proto.uint64_data_size();
    if (count != expected) {
      if (!hasTypedData && n > 0)
        return fail("holds no data (" + Twine(n) + " elements expected)");
      return fail(Twine(getTypedFieldName(field)) + " has " + Twine(count) +
                  " entries, but " + Twine(n) + " " +
                  getDataTypeName(tensor.dataType) + " elements need " +
                  Twine(expected));
    }
    tensor.data.assign(size, 0);
    for (int64_t i = 0; i < count; ++i) {
      uint64_t value;
      if (field == TypedField::FloatData) {
        uint32_t word;
        float f = proto.float_data(i);
        std::memcpy(&word, &f, sizeof(word));
        value = word;
      } else if (field == TypedField::Int32Data) {
        value = static_cast<uint32_t>(proto.int32_data(i));
      } else {
        value = proto.uint64_data(i);
      }
      if (bits < 8)
        tensor.data[i] = static_cast<uint8_t>(value);
      else
        tensor.setBits(i, value);
    }
  }

  // Clear the padding bits after the last sub-byte element.
  if (bits < 8 && (n * bits) % 8)
    tensor.data.back() &= static_cast<uint8_t>((1u << ((n * bits) % 8)) - 1);
  return tensor;
}

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

static bool isTextFormatFile(StringRef path) {
  StringRef ext = llvm::sys::path::extension(path);
  return ext == ".txt" || ext == ".pbtxt" || ext == ".textproto" ||
         ext == ".prototxt";
}

namespace {
/// Keeps the first text-format parse error.
class FirstErrorCollector : public google::protobuf::io::ErrorCollector {
public:
  void AddError(int line, google::protobuf::io::ColumnNumber column,
                const std::string &message) override {
    if (error.empty())
      error = std::to_string(line + 1) + ":" + std::to_string(column + 1) +
              ": " + message;
  }
  std::string error;
};
} // namespace

/// Parses `message` from the file at `path`.
static Error parseProtoFile(StringRef path, google::protobuf::Message &message,
                            StringRef what) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return makeError("cannot read '" + path +
                     "': " + buffer.getError().message());
  StringRef bytes = (*buffer)->getBuffer();
  if (isTextFormatFile(path)) {
    google::protobuf::TextFormat::Parser parser;
    FirstErrorCollector errors;
    parser.RecordErrorsTo(&errors);
    if (!parser.ParseFromString(bytes.str(), &message))
      return makeError(path + ":" + errors.error + " (text-format " + what +
                       ")");
    return Error::success();
  }
  if (bytes.size() > static_cast<size_t>(INT_MAX))
    return makeError("'" + path + "' is larger than 2 GiB");
  if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return makeError("'" + path + "' is not a valid binary " + what +
                     " (truncated or corrupt)");
  return Error::success();
}

Expected<Tensor> qdq_onnx::readTensorFile(StringRef path) {
  onnx::TensorProto proto;
  if (Error error = parseProtoFile(path, proto, "TensorProto"))
    return std::move(error);
  Expected<Tensor> tensor =
      decodeTensor(proto, llvm::sys::path::parent_path(path));
  if (!tensor)
    return makeError(path + ": " + llvm::toString(tensor.takeError()));
  return tensor;
}

Error qdq_onnx::writeTensorFile(const Tensor &tensor, StringRef path) {
  onnx::TensorProto proto;
  proto.set_name(tensor.name);
  proto.set_data_type(tensor.dataType);
  for (int64_t d : tensor.dims)
    proto.add_dims(d);
  proto.set_raw_data(std::string(tensor.data.begin(), tensor.data.end()));
  std::string serialized;
  if (!proto.SerializeToString(&serialized))
    return makeError("cannot serialize tensor '" + tensor.name + "'");
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return makeError("cannot write '" + path + "': " + ec.message());
  os << serialized;
  os.close();
  if (os.has_error()) {
    std::string message = os.error().message();
    os.clear_error();
    return makeError("cannot write '" + path + "': " + message);
  }
  return Error::success();
}

Error qdq_onnx::readModelFile(StringRef path, onnx::ModelProto &model) {
  return parseProtoFile(path, model, "ModelProto");
}
