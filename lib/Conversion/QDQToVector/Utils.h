//===- Utils.h - helpers of the vector lowering -----------------*- C++ -*-===//
//
// Small IR helpers shared by the parts of --convert-qdq-to-vector: index
// constants, reshapes of x and its parameters, and the unpacking of packed
// sub-byte codes into i8 lanes.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_LIB_CONVERSION_QDQTOVECTOR_UTILS_H
#define QDQ_LIB_CONVERSION_QDQTOVECTOR_UTILS_H

#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::qdq::detail {

/// An index constant.
Value indexConstant(OpBuilder &b, Location loc, int64_t value);

/// Whether a scale or zero point stored as `paramElement` decodes to itself
/// as a table entry of `entryType` (an f32 scale; a zero point stored as the
/// entry's integer type): a table of it is the parameter itself, read in
/// place.
bool decodesToItself(Type paramElement, Type entryType);

/// Reads a vector of `type` from the tensor `source` at `indices`, zero
/// padded, masked past the end of the innermost dim unless `inBounds`.
/// Masked reads of 16-bit floats read their bits as i16: on x86 without
/// AVX512_BF16, LLVM lowers a masked load of bf16 lanes through f32 and calls
/// to __truncsfbf2, which neither libgcc 12 nor a JIT without compiler-rt
/// provides.
Value readVector(OpBuilder &b, Location loc, VectorType type, Value source,
                 ValueRange indices, bool inBounds);

/// `part` (a vector) inserted at lane `offset` of `into`, or of a zero
/// vector of `width` lanes of part's element type when `into` is null: a
/// vector put together piece by piece. bf16 lanes move as i16 (see
/// shuffleLanes).
Value insertPart(OpBuilder &b, Location loc, Value part, Value into,
                 int64_t offset, int64_t width);

/// vector.shuffle of `v1` and `v2` (1-D, of one type) by `mask`. bf16 lanes
/// move as i16: LLVM 22's x86 backend aborts ("Do not know how to soft
/// promote this operator's operand") on AVX512_BF16 targets when it
/// legalizes a shuffle or an insertion of a bf16 vector of 8k + 1 lanes
/// (9 scales widened to 16 lanes, for one).
Value shuffleLanes(OpBuilder &b, Location loc, Value v1, Value v2,
                   ArrayRef<int64_t> mask);

/// The `size` lanes of the 1-D vector `vector` from lane `offset`.
Value extractPart(OpBuilder &b, Location loc, Value vector, int64_t offset,
                  int64_t size);

/// Flattens a tensor to 1-D (a 0-D tensor becomes [1]).
Value flatten(OpBuilder &b, Location loc, Value tensor);

/// Views a tensor as 2-D [prod(dims[0..split]), prod(dims[split+1..])].
Value asRows(OpBuilder &b, Location loc, Value tensor, int64_t split);

/// Reshapes `source` to `type` (x's shape), undoing a collapse by
/// `groups`. upstream's --expand-strided-metadata crashes on a
/// memref.expand_shape with several dynamic dims in one group (MLIR 22), so
/// such shapes go through tensor.reshape with an explicit shape instead.
Value expandTo(OpBuilder &b, Location loc, Value source, RankedTensorType type,
               ArrayRef<ReassociationIndices> groups,
               ArrayRef<OpFoldResult> sizes);

/// Unpacks a byte vector holding 8/bits codes per byte (first in the lowest
/// bits) into one code per i8 lane, sign-extended within the lane when
/// `isSigned`.
Value unpackCodes(OpBuilder &b, Location loc, Value bytes, unsigned bits,
                  bool isSigned);

/// Unpacks the 4-bit codes of `bytes` (vector<m x i8>, m a multiple of 32,
/// the first code of a byte in its low bits) into raw codes (0-15), one per
/// i8 lane, in the in-lane order of 256-bit registers
/// (LookupTable::laneOrder(2 * m, 32)): per 32 bytes, one dword permute
/// that puts dwords 0, 2, 4, 6 in the low 128-bit lane and 1, 3, 5, 7 in
/// the high one, then in-lane interleaves of the low and high nibbles
/// (vpermd, vpunpcklbw, vpunpckhbw), where the codes in element order
/// take two cross-lane permutes more.
Value unpackNibblesInLaneOrder(OpBuilder &b, Location loc, Value bytes);

/// Emits `body` between qdq.flush_subnormals and qdq.restore_float_control
/// of the MXCSR value it returned, and returns what `body` does. MXCSR
/// belongs to the thread: code that runs on other threads (an scf.forall's
/// body) needs its own.
Value withSubnormalsFlushed(OpBuilder &b, Location loc,
                            llvm::function_ref<Value()> body);

} // namespace mlir::qdq::detail

#endif // QDQ_LIB_CONVERSION_QDQTOVECTOR_UTILS_H
