//===- Utils.cpp - helpers of the vector lowering -------------------------===//
//
// See Utils.h.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

#include <numeric>

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

Value mlir::qdq::detail::indexConstant(OpBuilder &b, Location loc,
                                       int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

bool mlir::qdq::detail::decodesToItself(Type paramElement, Type entryType) {
  return getStorageElementType(paramElement) == entryType;
}

Value mlir::qdq::detail::readVector(OpBuilder &b, Location loc, VectorType type,
                                    Value source, ValueRange indices,
                                    bool inBounds) {
  Type element = type.getElementType();
  bool asBits = !inBounds && isa<FloatType>(element) &&
                element.getIntOrFloatBitWidth() == 16;
  Type readElement = asBits ? b.getI16Type() : element;
  if (asBits)
    source = tensor::BitcastOp::create(
        b, loc, cast<RankedTensorType>(source.getType()).clone(readElement),
        source);
  Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(readElement));
  Value read = vector::TransferReadOp::create(b, loc, type.clone(readElement),
                                              source, indices, padding,
                                              ArrayRef<bool>{inBounds});
  return asBits ? arith::BitcastOp::create(b, loc, type, read) : read;
}

/// A bf16 vector's lanes as i16 (shuffleLanes); other vectors as they are.
static Value laneBits(OpBuilder &b, Location loc, Value vector) {
  auto type = cast<VectorType>(vector.getType());
  if (!type.getElementType().isBF16())
    return vector;
  return arith::BitcastOp::create(b, loc, type.clone(b.getI16Type()), vector);
}

/// `bits` (from laneBits) back as vectors of `element`.
static Value fromLaneBits(OpBuilder &b, Location loc, Value bits,
                          Type element) {
  if (!element.isBF16())
    return bits;
  return arith::BitcastOp::create(
      b, loc, cast<VectorType>(bits.getType()).clone(element), bits);
}

Value mlir::qdq::detail::insertPart(OpBuilder &b, Location loc, Value part,
                                    Value into, int64_t offset, int64_t width) {
  Type element = getElementTypeOrSelf(part.getType());
  Value partBits = laneBits(b, loc, part);
  Value intoBits =
      into ? laneBits(b, loc, into)
           : arith::ConstantOp::create(
                 b, loc,
                 b.getZeroAttr(VectorType::get(
                     {width}, getElementTypeOrSelf(partBits.getType()))));
  Value joined = vector::InsertStridedSliceOp::create(
      b, loc, partBits, intoBits, ArrayRef<int64_t>{offset},
      ArrayRef<int64_t>{1});
  return fromLaneBits(b, loc, joined, element);
}

Value mlir::qdq::detail::shuffleLanes(OpBuilder &b, Location loc, Value v1,
                                      Value v2, ArrayRef<int64_t> mask) {
  Type element = getElementTypeOrSelf(v1.getType());
  Value bits1 = laneBits(b, loc, v1);
  Value bits2 = v2 == v1 ? bits1 : laneBits(b, loc, v2);
  Value shuffled = vector::ShuffleOp::create(b, loc, bits1, bits2, mask);
  return fromLaneBits(b, loc, shuffled, element);
}

Value mlir::qdq::detail::extractPart(OpBuilder &b, Location loc, Value vector,
                                     int64_t offset, int64_t size) {
  return vector::ExtractStridedSliceOp::create(
      b, loc, vector, ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{size},
      ArrayRef<int64_t>{1});
}

Value mlir::qdq::detail::flatten(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getRank() == 1)
    return tensor;
  if (type.getRank() == 0)
    return tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({1}, type.getElementType()), tensor,
        ArrayRef<ReassociationIndices>{},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  ReassociationIndices all(type.getRank());
  std::iota(all.begin(), all.end(), 0);
  return tensor::CollapseShapeOp::create(b, loc, tensor,
                                         ArrayRef<ReassociationIndices>{all});
}

Value mlir::qdq::detail::asRows(OpBuilder &b, Location loc, Value tensor,
                                int64_t split) {
  auto type = cast<RankedTensorType>(tensor.getType());
  ReassociationIndices outer, inner;
  for (int64_t d = 0; d < type.getRank(); ++d)
    (d <= split ? outer : inner).push_back(d);
  return tensor::CollapseShapeOp::create(
      b, loc, tensor, ArrayRef<ReassociationIndices>{outer, inner});
}

Value mlir::qdq::detail::expandTo(OpBuilder &b, Location loc, Value source,
                                  RankedTensorType type,
                                  ArrayRef<ReassociationIndices> groups,
                                  ArrayRef<OpFoldResult> sizes) {
  bool manyDynamic = llvm::any_of(groups, [&](const ReassociationIndices &g) {
    return llvm::count_if(g, [&](int64_t d) { return type.isDynamicDim(d); }) >
           1;
  });
  if (!manyDynamic)
    return tensor::ExpandShapeOp::create(b, loc, type, source, groups, sizes);
  SmallVector<Value> dims;
  for (OpFoldResult size : sizes)
    dims.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
  Value shape = tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({type.getRank()}, b.getIndexType()), dims);
  return tensor::ReshapeOp::create(b, loc, type, source, shape);
}

/// The `bits`-bit field at bit `shift` of every byte of `bytes`
/// (vector<m x i8>), zero-extended in its i8 lane.
static Value byteField(OpBuilder &b, Location loc, Value bytes, unsigned shift,
                       unsigned bits) {
  Value shifted = shift ? shiftRightByConstant(b, loc, bytes, shift) : bytes;
  if (shift + bits == 8)
    return shifted;
  Value mask = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(cast<VectorType>(bytes.getType()),
                             b.getI8IntegerAttr((1 << bits) - 1).getValue()));
  return arith::AndIOp::create(b, loc, shifted, mask);
}

Value mlir::qdq::detail::unpackCodes(OpBuilder &b, Location loc, Value bytes,
                                     unsigned bits, bool isSigned) {
  auto field = [&](unsigned shift) {
    return byteField(b, loc, bytes, shift, bits);
  };
  Value codes;
  if (bits == 4) {
    Value low = field(0);
    Value high = field(4);
    codes = vector::InterleaveOp::create(b, loc, low, high);
  } else {
    Value f0 = field(0), f1 = field(2), f2 = field(4), f3 = field(6);
    Value even = vector::InterleaveOp::create(b, loc, f0, f2);
    Value odd = vector::InterleaveOp::create(b, loc, f1, f3);
    codes = vector::InterleaveOp::create(b, loc, even, odd);
  }
  if (!isSigned)
    return codes;
  auto codeType = cast<VectorType>(codes.getType());
  Value half = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(codeType,
                             b.getI8IntegerAttr(1 << (bits - 1)).getValue()));
  return arith::SubIOp::create(
      b, loc, arith::XOrIOp::create(b, loc, codes, half), half);
}

Value mlir::qdq::detail::unpackNibblesInLaneOrder(OpBuilder &b, Location loc,
                                                  Value bytes) {
  auto byteType = cast<VectorType>(bytes.getType());
  int64_t m = byteType.getNumElements();
  assert(m % 32 == 0 && "whole 256-bit registers of bytes");
  SmallVector<int64_t> dwords;
  for (int64_t c = 0; c < m; c += 32)
    for (int64_t d : {0, 2, 4, 6, 1, 3, 5, 7})
      for (int64_t k = 0; k < 4; ++k)
        dwords.push_back(c + 4 * d + k);
  Value permuted = vector::ShuffleOp::create(b, loc, bytes, bytes, dwords);
  Value low = byteField(b, loc, permuted, 0, 4);
  Value high = byteField(b, loc, permuted, 4, 4);
  // Per 32 bytes: the low halves of both 128-bit lanes interleaved (codes
  // 0-31 of the 64), then the high halves (codes 32-63).
  SmallVector<int64_t> interleave;
  for (int64_t c = 0; c < m; c += 32)
    for (int64_t half : {0, 8})
      for (int64_t lane : {0, 16})
        for (int64_t k = 0; k < 8; ++k)
          interleave.append({c + lane + half + k, m + c + lane + half + k});
  return vector::ShuffleOp::create(b, loc, low, high, interleave);
}

Value mlir::qdq::detail::withSubnormalsFlushed(
    OpBuilder &b, Location loc, llvm::function_ref<Value()> body) {
  Value saved = FlushSubnormalsOp::create(b, loc, b.getI32Type());
  Value result = body();
  RestoreFloatControlOp::create(b, loc, saved);
  return result;
}
