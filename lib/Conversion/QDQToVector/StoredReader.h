//===- StoredReader.h - vector reads of x and zero points -------*- C++ -*-===//
//
// StoredReader reads x or a zero point as vectors of lanes: a
// vector.transfer_read of its storage, or the bytes of packed sub-byte
// codes (qdq.packed_bytes) unpacked in registers.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_LIB_CONVERSION_QDQTOVECTOR_STOREDREADER_H
#define QDQ_LIB_CONVERSION_QDQTOVECTOR_STOREDREADER_H

#include "Utils.h"

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::qdq::detail {

/// Reads stored elements of one operand (x or a zero point) as vectors of
/// `lanes`: a transfer_read of the storage tensor, or for packed sub-byte
/// types a byte read plus unpacking.
class StoredReader {
public:
  /// `rowLength`: the row length of a 2-D `tensor` (static or not), which
  /// packed reads need to find a row's bytes.
  StoredReader(OpBuilder &b, Location loc, Value tensor, int64_t rowLength)
      : StoredReader(b, loc, tensor, OpFoldResult(b.getIndexAttr(rowLength))) {}
  StoredReader(OpBuilder &b, Location loc, Value tensor, OpFoldResult rowLength)
      : element(cast<RankedTensorType>(tensor.getType()).getElementType()),
        rowLength(rowLength) {
    if (isPackedSubByteType(element)) {
      bits = element.getIntOrFloatBitWidth();
      Value flat = flatten(b, loc, tensor);
      auto flatType = cast<RankedTensorType>(flat.getType());
      int64_t bytes = ShapedType::kDynamic;
      if (flatType.hasStaticShape())
        bytes = (flatType.getDimSize(0) * bits + 7) / 8;
      source = PackedBytesOp::create(
          b, loc, RankedTensorType::get({bytes}, b.getI8Type()), flat);
      return;
    }
    source = bitcastToStorage(b, loc, tensor);
  }

  /// The element type the op declares (ui4, f8E4M3FN, ...).
  Type getElementType() const { return element; }

  /// Reads `lanes` elements starting at `indices` (1-D or [row, column] for
  /// a 2-D source). Reads past the end of the row (or tensor) are masked
  /// when `inBounds` is false. Packed codes are sign-extended in their i8
  /// lane for signed types unless `rawCodes`.
  Value read(OpBuilder &b, Location loc, ValueRange indices, int64_t lanes,
             bool inBounds, bool rawCodes = false) const {
    if (!bits)
      return readVector(
          b, loc,
          VectorType::get({lanes}, getElementTypeOrSelf(source.getType())),
          source, indices, inBounds);
    return unpackCodes(b, loc, readBytes(b, loc, indices, lanes, inBounds),
                       bits, !rawCodes && isSignedQuantizedInteger(element));
  }

  /// Packed codes: read() into i32 lanes with qdq.unpack_bits,
  /// sign-extended for signed integer types, or for any type with
  /// `signExtend` (fp4 codes, whose top bit is the sign).
  Value readAsI32(OpBuilder &b, Location loc, ValueRange indices, int64_t lanes,
                  bool inBounds, bool signExtend = false) const {
    Value bytes = readBytes(b, loc, indices, lanes, inBounds);
    return UnpackBitsOp::create(
        b, loc, VectorType::get({lanes}, b.getI32Type()), bytes, bits,
        signExtend || isSignedQuantizedInteger(element));
  }

  /// Packed x: the bytes holding `lanes` elements starting at `indices`
  /// (vector<lanes * bits / 8 x i8>), masked like read().
  Value readBytes(OpBuilder &b, Location loc, ValueRange indices, int64_t lanes,
                  bool inBounds) const {
    assert(bits && "readBytes of an unpacked element type");
    // Packed: element index -> byte index (always byte-aligned here).
    Value linear = indices.back();
    if (indices.size() == 2)
      linear = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(
              b, loc, indices[0],
              getValueOrCreateConstantIndexOp(b, loc, rowLength)),
          linear);
    if (packedOffset)
      linear = arith::AddIOp::create(b, loc, packedOffset, linear);
    Value byteIndex =
        arith::DivUIOp::create(b, loc, linear, indexConstant(b, loc, 8 / bits));
    Value padding = arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(0));
    return vector::TransferReadOp::create(
        b, loc, VectorType::get({lanes * bits / 8}, b.getI8Type()), source,
        ValueRange{byteIndex}, padding, ArrayRef<bool>{inBounds});
  }

  /// Bits per element of packed x, else 0.
  unsigned getPackedBits() const { return bits; }

  /// Packed: reads element `offset + linear index` of the flat tensor (an
  /// offset on a byte), so that rows of a part of it read in place.
  void setPackedOffset(Value offset) {
    assert(bits && "an offset for a packed reader only");
    packedOffset = offset;
  }

private:
  Type element;
  OpFoldResult rowLength;
  unsigned bits = 0;
  Value source;
  Value packedOffset;
};

} // namespace mlir::qdq::detail

#endif // QDQ_LIB_CONVERSION_QDQTOVECTOR_STOREDREADER_H
