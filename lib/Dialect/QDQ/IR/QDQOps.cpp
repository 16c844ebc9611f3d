//===- QDQOps.cpp - qdq operations and their verifiers --------------------===//
//
// The rule ids (DQ-Rn) refer to the numbered rules in the description of
// qdq.dequantize_linear (QDQOps.td); test/Dialect/QDQ/invalid.mlir has one
// case per rule.
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/IR/QDQ.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::qdq;

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::qdq::FloatControlResource)

//===----------------------------------------------------------------------===//
// Custom assembly: `, %zero_point` after the scale, or nothing. (A plain
// optional group `(`,` $zero_point^)?` would also accept a dangling comma.)
//===----------------------------------------------------------------------===//

static ParseResult
parseOptionalZeroPoint(OpAsmParser &parser,
                       std::optional<OpAsmParser::UnresolvedOperand> &operand) {
  if (failed(parser.parseOptionalComma()))
    return success();
  OpAsmParser::UnresolvedOperand zeroPoint;
  if (parser.parseOperand(zeroPoint))
    return failure();
  operand = zeroPoint;
  return success();
}

static void printOptionalZeroPoint(OpAsmPrinter &printer, Operation *,
                                   Value zeroPoint) {
  if (zeroPoint)
    printer << ", " << zeroPoint;
}

#define GET_OP_CLASSES
#include "qdq/Dialect/QDQ/IR/QDQOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Element type helpers
//===----------------------------------------------------------------------===//

bool mlir::qdq::isPerTensorShape(ArrayRef<int64_t> shape) {
  return shape.empty() || (shape.size() == 1 && shape[0] == 1);
}

bool mlir::qdq::isFloatQuantizedElement(Type type) {
  return isa<Float8E4M3FNType, Float8E4M3FNUZType, Float8E5M2Type,
             Float8E5M2FNUZType, Float4E2M1FNType>(type);
}

/// Integers compare by width and signedness: signless and `si` are both
/// signed.
static bool isSameQuantizedElement(Type a, Type b) {
  auto ia = dyn_cast<IntegerType>(a);
  auto ib = dyn_cast<IntegerType>(b);
  if (ia && ib)
    return ia.getWidth() == ib.getWidth() && ia.isUnsigned() == ib.isUnsigned();
  return a == b;
}

static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string str = "[";
  llvm::interleave(
      shape,
      [&](int64_t dim) {
        str += ShapedType::isDynamic(dim) ? "?" : std::to_string(dim);
      },
      [&] { str += ", "; });
  return str + "]";
}

static bool isStatic(int64_t dim) { return !ShapedType::isDynamic(dim); }

//===----------------------------------------------------------------------===//
// DequantizeLinearOp
//===----------------------------------------------------------------------===//

DequantizeLinearOp::Granularity DequantizeLinearOp::getGranularity() {
  if (isPerTensorShape(getScale().getType().getShape()))
    return Granularity::PerTensor;
  if (getBlockSize() > 0)
    return Granularity::Blocked;
  return Granularity::PerAxis;
}

int64_t DequantizeLinearOp::getNormalizedAxis() {
  int64_t axis = getAxis();
  return axis < 0 ? axis + getX().getType().getRank() : axis;
}

/// DQ-R7: axis in [-r, r-1].
static LogicalResult verifyAxis(DequantizeLinearOp op, StringRef mode) {
  int64_t rank = op.getX().getType().getRank();
  int64_t axis = op.getAxis();
  if (rank == 0)
    return op.emitOpError() << mode << " scale of shape "
                            << formatShape(op.getScale().getType().getShape())
                            << " needs an axis, but x is 0-D; only a "
                               "per-tensor scale ([] or [1]) applies";
  if (axis < -rank || axis >= rank)
    return op.emitOpError() << "axis " << axis << " is out of range [" << -rank
                            << ", " << rank - 1 << "] for x of rank " << rank;
  return success();
}

/// DQ-R8, DQ-R9: a per-axis scale is 1-D with x.dim(axis) elements.
static LogicalResult verifyPerAxisScale(DequantizeLinearOp op) {
  ArrayRef<int64_t> scaleShape = op.getScale().getType().getShape();
  // DQ-R8
  if (scaleShape.size() != 1)
    return op.emitOpError()
           << "per-axis scale must be 1-D, got shape "
           << formatShape(scaleShape)
           << " (block_size is 0; blocked quantization needs block_size > 0)";
  // DQ-R9
  int64_t axis = op.getNormalizedAxis();
  int64_t dim = op.getX().getType().getDimSize(axis);
  if (isStatic(dim) && isStatic(scaleShape[0]) && dim != scaleShape[0])
    return op.emitOpError()
           << "scale has " << scaleShape[0] << " elements along axis " << axis
           << " but x has " << dim;
  return success();
}

/// DQ-R10, DQ-R11, DQ-R12: a blocked scale has x's rank and shape, except
/// ceil(D / block_size) entries along the axis.
static LogicalResult verifyBlockedScale(DequantizeLinearOp op) {
  ArrayRef<int64_t> xShape = op.getX().getType().getShape();
  ArrayRef<int64_t> scaleShape = op.getScale().getType().getShape();
  // DQ-R10
  if (scaleShape.size() != xShape.size())
    return op.emitOpError()
           << "blocked scale must have the rank of x (" << xShape.size()
           << "), got shape " << formatShape(scaleShape);
  int64_t axis = op.getNormalizedAxis();
  int64_t blockSize = op.getBlockSize();
  for (auto [dim, pair] : llvm::enumerate(llvm::zip(xShape, scaleShape))) {
    auto [xDim, scaleDim] = pair;
    if (!isStatic(xDim) || !isStatic(scaleDim))
      continue;
    if (static_cast<int64_t>(dim) != axis) {
      // DQ-R11
      if (xDim != scaleDim)
        return op.emitOpError()
               << "blocked scale has " << scaleDim << " entries in dim " << dim
               << " but x has " << xDim << " (only axis " << axis
               << " is blocked)";
      continue;
    }
    // DQ-R12
    int64_t blocks = xDim / blockSize + (xDim % blockSize != 0);
    if (scaleDim != blocks)
      return op.emitOpError()
             << "blocked scale has " << scaleDim << " entries along axis "
             << axis << " but x has " << xDim << " there, which block_size "
             << blockSize << " splits into ceil(" << xDim << "/" << blockSize
             << ") = " << blocks << " blocks";
  }
  return success();
}

/// DQ-R14: the zero point's element type goes with x's.
static LogicalResult verifyZeroPointType(DequantizeLinearOp op) {
  Type xElem = op.getX().getType().getElementType();
  Type zpElem = op.getZeroPoint().getType().getElementType();
  if (isSameQuantizedElement(xElem, zpElem))
    return success();
  // oneDNN: 4/8-bit integer x with an i4/ui4/i8/ui8/i32 zero point.
  auto xInt = dyn_cast<IntegerType>(xElem);
  auto zpInt = dyn_cast<IntegerType>(zpElem);
  if (xInt && zpInt && llvm::is_contained({4u, 8u}, xInt.getWidth())) {
    unsigned zpWidth = zpInt.getWidth();
    if (zpWidth == 4 || zpWidth == 8 || (zpWidth == 32 && !zpInt.isUnsigned()))
      return success();
  }
  return op.emitOpError() << "zero_point element type " << zpElem
                          << " does not match x element type " << xElem
                          << " (a different zero point type is allowed only "
                             "for 4/8-bit integer x with an i4, ui4, i8, ui8 "
                             "or i32 zero point)";
}

/// DQ-R13: the zero point's shape goes with the scale's.
static LogicalResult verifyZeroPointShape(DequantizeLinearOp op) {
  ArrayRef<int64_t> scaleShape = op.getScale().getType().getShape();
  ArrayRef<int64_t> zpShape = op.getZeroPoint().getType().getShape();
  if (isPerTensorShape(scaleShape) && isPerTensorShape(zpShape))
    return success();
  // oneDNN: one zero point for all channels of a per-axis scale.
  if (op.getGranularity() == DequantizeLinearOp::Granularity::PerAxis &&
      isPerTensorShape(zpShape))
    return success();
  // [] and [1] are the same shape; dynamic dims are checked at run time.
  SmallVector<int64_t> scaleNorm(scaleShape), zpNorm(zpShape);
  if (scaleNorm.empty())
    scaleNorm.push_back(1);
  if (zpNorm.empty())
    zpNorm.push_back(1);
  bool compatible = scaleNorm.size() == zpNorm.size() &&
                    llvm::all_of(llvm::zip(scaleNorm, zpNorm), [](auto pair) {
                      auto [s, z] = pair;
                      return !isStatic(s) || !isStatic(z) || s == z;
                    });
  if (!compatible)
    return op.emitOpError()
           << "zero_point shape " << formatShape(zpShape)
           << " does not match scale shape " << formatShape(scaleShape);
  return success();
}

/// DQ-R15: i32/ui32, fp8 and fp4 inputs take only zero as a zero point.
static LogicalResult verifyZeroPointValue(DequantizeLinearOp op) {
  Type xElem = op.getX().getType().getElementType();
  bool needsZero =
      isFloatQuantizedElement(xElem) || xElem.getIntOrFloatBitWidth() == 32;
  if (!needsZero)
    return success();
  DenseElementsAttr values;
  if (!matchPattern(op.getZeroPoint(), m_Constant(&values)))
    return success();
  int64_t index = 0;
  auto report = [&]() {
    return op.emitOpError()
           << "zero_point must be all zero when x is " << xElem
           << ", but element " << index << " of the constant is not";
  };
  if (isa<FloatType>(values.getElementType())) {
    for (const APFloat &value : values.getValues<APFloat>()) {
      if (!value.isZero())
        return report();
      ++index;
    }
    return success();
  }
  for (const APInt &value : values.getValues<APInt>()) {
    if (!value.isZero())
      return report();
    ++index;
  }
  return success();
}

LogicalResult DequantizeLinearOp::verify() {
  // DQ-R1, DQ-R2, DQ-R3 are type constraints checked by ODS.
  RankedTensorType xType = getX().getType();
  RankedTensorType yType = getY().getType();

  // DQ-R4
  if (xType.getShape() != yType.getShape())
    return emitOpError() << "result shape " << formatShape(yType.getShape())
                         << " must equal x shape "
                         << formatShape(xType.getShape());

  // DQ-R5
  int64_t blockSize = getBlockSize();
  if (blockSize < 0)
    return emitOpError() << "block_size must be non-negative, got "
                         << blockSize;

  switch (getGranularity()) {
  case Granularity::PerTensor:
    // DQ-R6 (axis deliberately unchecked)
    if (blockSize != 0)
      return emitOpError() << "per-tensor scale of shape "
                           << formatShape(getScale().getType().getShape())
                           << " requires block_size 0, got " << blockSize;
    break;
  case Granularity::PerAxis:
    if (failed(verifyAxis(*this, "per-axis")) ||
        failed(verifyPerAxisScale(*this)))
      return failure();
    break;
  case Granularity::Blocked:
    if (failed(verifyAxis(*this, "blocked")) ||
        failed(verifyBlockedScale(*this)))
      return failure();
    break;
  }

  if (!getZeroPoint())
    return success();
  if (failed(verifyZeroPointType(*this)) ||
      failed(verifyZeroPointShape(*this)) ||
      failed(verifyZeroPointValue(*this)))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// PackedBytesOp
//===----------------------------------------------------------------------===//

LogicalResult PackedBytesOp::verify() {
  auto source = cast<ShapedType>(getSource().getType());
  auto bytes = cast<ShapedType>(getBytes().getType());
  if (isa<TensorType>(source) != isa<TensorType>(bytes))
    return emitOpError("source and result must both be tensors or both be "
                       "memrefs");
  if (auto memref = dyn_cast<MemRefType>(source);
      memref && !memref.getLayout().isIdentity())
    return emitOpError("source memref must have the identity layout, got ")
           << memref;
  if (!source.hasStaticShape() || bytes.isDynamicDim(0))
    return success();
  int64_t expected =
      (source.getNumElements() * source.getElementTypeBitWidth() + 7) / 8;
  if (bytes.getDimSize(0) != expected)
    return emitOpError() << "result has " << bytes.getDimSize(0)
                         << " bytes but the source packs into " << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// TableLookupOp
//===----------------------------------------------------------------------===//

LogicalResult TableLookupOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  if (operands.size() != 2)
    return failure();
  auto table = dyn_cast<VectorType>(operands[0].getType());
  auto indices = dyn_cast<VectorType>(operands[1].getType());
  if (!table || !indices)
    return failure();
  inferredReturnTypes.push_back(indices.clone(table.getElementType()));
  return success();
}

LogicalResult TableLookupOp::verify() {
  VectorType tableType = getTable().getType();
  int64_t entries = tableType.getNumElements();
  Type indexElement = getIndices().getType().getElementType();
  if (tableType.getElementType().isF32()) {
    // TL-R1: f32 tables have 4, 8 or 16 entries.
    if (entries != 4 && entries != 8 && entries != 16)
      return emitOpError() << "table of f32 has " << entries
                           << " entries but must have 4, 8 or 16";
    // TL-R2: f32 tables take i32 indices, byte tables i8 ones.
    if (!indexElement.isInteger(32))
      return emitOpError() << "indices are " << indexElement
                           << " but a table of f32 takes i32 indices";
    return success();
  }
  if (tableType.getElementType().isInteger(16)) {
    // TL-R1: word tables have 32 entries.
    if (entries != 32)
      return emitOpError() << "table of i16 has " << entries
                           << " entries but must have 32";
    // TL-R2: word tables take i16 indices.
    if (!indexElement.isInteger(16))
      return emitOpError() << "indices are " << indexElement
                           << " but a table of i16 takes i16 indices";
    return success();
  }
  if (!indexElement.isInteger(8))
    return emitOpError() << "indices are " << indexElement
                         << " but a table of i8 takes i8 indices";
  // TL-R1: byte tables have 16, 64, 128 or 256 entries.
  if (entries != 16 && entries != 64 && entries != 128 && entries != 256)
    return emitOpError() << "table has " << entries
                         << " entries but must have 16, 64, 128 or 256";
  return success();
}

LogicalResult UnpackBitsOp::verify() {
  int64_t bits = getBits();
  // UB-R1: 2- or 4-bit fields.
  if (bits != 2 && bits != 4)
    return emitOpError() << "bits must be 2 or 4, got " << bits;
  // UB-R2: 8 / bits results per byte.
  int64_t bytes = getBytes().getType().getNumElements();
  int64_t results = getResult().getType().getNumElements();
  if (results != bytes * (8 / bits))
    return emitOpError() << "result has " << results << " elements but "
                         << bytes << " bytes of " << bits << "-bit fields hold "
                         << bytes * (8 / bits);
  return success();
}
