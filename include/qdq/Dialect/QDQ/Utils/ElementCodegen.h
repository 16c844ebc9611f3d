//===- ElementCodegen.h - exact element decoding in arith ops ---*- C++ -*-===//
//
// Builders for the arithmetic a dequantization is made of: decoding raw
// codes (fp8, fp4, f8E8M0FNU) to f32 with integer operations only, exact
// integer zero-point subtraction, and rounding f32 to the result type. Every
// builder works on scalars and on vectors alike, so the scalar (linalg) and
// the vector lowerings share one definition of the numerics. Also the
// storage form in which both lowerings read quantized tensors.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_UTILS_ELEMENTCODEGEN_H
#define QDQ_DIALECT_QDQ_UTILS_ELEMENTCODEGEN_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace mlir::qdq {

/// The type a quantized element travels as inside the lowering: a signless
/// integer of the same width for integers, fp8, fp4 and f8E8M0FNU codes; the
/// type itself for f16, bf16 and f32.
Type getStorageElementType(Type elementType);

/// Reinterprets a ranked tensor as its storage element type (see
/// getStorageElementType) with tensor.bitcast, or returns it when the two
/// agree.
Value bitcastToStorage(OpBuilder &b, Location loc, Value tensor);

/// True if `elementType` is an integer that qdq reads as signed (signless
/// and `si` integers).
bool isSignedQuantizedInteger(Type elementType);

/// Decodes raw codes of the fp8/fp4 type `format` (held in a signless
/// integer of the format's width, scalar or vector) to f32 exactly.
Value decodeMinifloatToF32(OpBuilder &b, Location loc, Value raw, Type format);

/// True if decodeMinifloatToF32ViaF16 takes codes of `format`: the four
/// fp8 formats (not f4E2M1FN).
bool canDecodeMinifloatViaF16(Type format);

/// decodeMinifloatToF32 of a 1-D vector of raw codes (i8) of `format` (see
/// canDecodeMinifloatViaF16), the same values and NaN bits, computed
/// through f16: each code becomes the high and the low byte of an f16 with
/// a few byte operations on the whole vector, the bytes are interleaved,
/// arith.extf widens the f16 values (one vcvtph2ps per register with F16C)
/// and a multiply by 2^getMinifloatViaF16Rebias(format) rebiases them.
/// Exact: every decoded value, subnormals included, is the f16 value times
/// that power of two. With `rebias` false the multiply is left out (the
/// values are those of the codes times 2^-rebias), for a caller that folds
/// the power of two into the factor it multiplies them by.
Value decodeMinifloatToF32ViaF16(OpBuilder &b, Location loc, Value raw,
                                 Type format, bool rebias = true);

/// The f16 values of decodeMinifloatToF32ViaF16 before they are widened:
/// each code's value times 2^-getMinifloatViaF16Rebias(format), exactly
/// (NaN codes sign | 0x7E00), as a vector of f16 of the codes' shape.
Value decodeMinifloatToRebiasedF16(OpBuilder &b, Location loc, Value raw,
                                   Type format);

/// The exponent of the power of two by which decodeMinifloatToF32ViaF16
/// rebiases the f16 values of `format`: 8 (f8E4M3FN), 7 (f8E4M3FNUZ) or 0
/// (f8E5M2, the high byte of an f16; f8E5M2FNUZ, whose top exponent would
/// be f16's infinity, takes its values' own f16 bits, two byte forms chosen
/// per code).
int getMinifloatViaF16Rebias(Type format);

/// An f32 constant `value` of `type`: f32, or a vector of f32 (a splat).
Value f32Constant(OpBuilder &b, Location loc, Type type, float value);

/// An integer constant `value` of `type`: an integer type, or a vector of
/// one (a splat).
Value intConstant(OpBuilder &b, Location loc, Type type, int64_t value);

/// Decodes raw f8E8M0FNU codes (i8) to f32: 2^(e-127); 0xFF is NaN.
Value decodeE8M0ToF32(OpBuilder &b, Location loc, Value raw);

/// Converts a stored value of `elementType` (see getStorageElementType) to
/// f32 when that is exact or the only rounding: scales, and x without a zero
/// point.
Value convertStoredToF32(OpBuilder &b, Location loc, Value stored,
                         Type elementType);

/// `value` (an integer, or a vector of them) shifted right by the constant
/// `amount`: arithmetically when `isSigned`, else logically.
Value shiftRightByConstant(OpBuilder &b, Location loc, Value value,
                           int64_t amount, bool isSigned = false);

/// Widens a stored integer (of the signedness of `elementType`) to `wide`.
Value extendStoredInteger(OpBuilder &b, Location loc, Value stored,
                          Type elementType, IntegerType wide);

/// The integer width in which x - zero_point is exact (8 bits for 2- and
/// 4-bit operands, else 32 or 64 bits).
IntegerType getDifferenceType(MLIRContext *ctx, Type xElement, Type zpElement);

/// How convertF32ToResult rounds f32 to bf16.
enum class BF16Rounding {
  /// Integer arithmetic, exact for every input, on any target.
  Integer,
  /// Integer without the NaN case: the Integer results when no value is a
  /// NaN other than sign | 0x7FC00000 (infinities and those NaNs round to
  /// themselves), which the caller guarantees (e.g. integer or fp8 x and
  /// finite scales); four vector ops per register fewer.
  IntegerNoNaN,
  /// arith.truncf of vectors (x86 with AVX512_BF16: vcvtneps2bf16; the
  /// function needs that target feature, see addX86TargetFeatures). Gives
  /// the Integer results only when no value is an f32 subnormal (flushed
  /// to zero) or a NaN with payload bits below the quiet bit (kept): the
  /// caller guarantees that.
  Hardware,
  /// Hardware, then every NaN result made sign | 0x7FC0 (the instruction
  /// keeps the top payload bits): the Integer results for every value but
  /// f32 subnormals, which the caller rules out. For f16 x, whose NaNs
  /// carry payloads.
  HardwareCanonicalNaN,
};

/// The f32 bits of `value` (a scalar or a vector) rounded to nearest even at
/// bit 16, in integer arithmetic: the bf16 result is their high half. NaNs
/// become sign | 0x7FC00000 unless `mayBeNaN` is false (the caller rules
/// them out: BF16Rounding::IntegerNoNaN).
Value roundF32BitsToBF16(OpBuilder &b, Location loc, Value value,
                         bool mayBeNaN);

/// bf16 bits (i16, a scalar or a vector) of vcvtneps2bf16 results with
/// every NaN made sign | 0x7FC0 (the instruction keeps the top payload
/// bits): two operations, a signed and an unsigned minimum.
Value canonicalizeBF16NaNs(OpBuilder &b, Location loc, Value bits);

/// Rounds f32 values once to `resultType` (f32, f16 or bf16), to nearest
/// even. bf16 NaNs become sign | 0x7FC0.
Value convertF32ToResult(OpBuilder &b, Location loc, Value value,
                         Type resultType,
                         BF16Rounding bf16Rounding = BF16Rounding::Integer);

/// Prepares stored zero-point values of `zpElement` for buildDequantize:
/// widened to the exact difference type for integer x, converted to f32 for
/// f16/bf16 x. Returns null for fp8/fp4 x, whose zero point (zero by DQ-R15)
/// is not subtracted.
Value prepareZeroPoint(OpBuilder &b, Location loc, Value zpStored,
                       Type zpElement, Type xElement);

/// x - zero_point of stored values as f32 (exact: integer x is subtracted
/// in its difference type, then converted; f16/bf16 x is subtracted in
/// f32). `zeroPoint` is null or comes from prepareZeroPoint.
Value buildDifference(OpBuilder &b, Location loc, Value xStored, Type xElement,
                      Value zeroPoint);

/// The whole formula on stored values (scalars, or vectors of one shape):
/// y = round((x - zero_point) * scale). `scaleF32` is decoded f32, and
/// `zeroPoint` is null or comes from prepareZeroPoint.
Value buildDequantize(OpBuilder &b, Location loc, Value xStored, Type xElement,
                      Value scaleF32, Value zeroPoint, Type resultElement);

} // namespace mlir::qdq

#endif // QDQ_DIALECT_QDQ_UTILS_ELEMENTCODEGEN_H
