//===- KernelBuilder.h - the SIMD loops of one op ---------------*- C++ -*-===//
//
// --convert-qdq-to-vector rewrites qdq.dequantize_linear on tensors into
// scf.for loops over vectors of `lanes` f32 lanes (the target's SIMD
// width). x is flattened (or viewed as rows), so the loops stream contiguous
// memory; the scale and zero point are brought to the lanes in one of these
// schemes:
//
//   per-tensor   one decoded scalar, broadcast once.
//   axis table   per-axis with a small period P = K * N (K the axis dim, N the
//                elements after it): a decoded table of the scales (and
//                zero points) over one period, repeated to a multiple P' >=
//                lanes plus `lanes` extra entries, read at offset i mod P'
//                (with the axis innermost and K a multiple of lanes, a
//                parameter that needs no decoding is read in place). With
//                P' several whole steps, the loop runs over period tiles:
//                R periods, column step by column step, each column step's
//                table entries read once for its R steps. A longer
//                innermost axis of whole steps has no tables: its scales
//                and zero points are read and decoded in place where the
//                tables would be read (so once per column step of a tile).
//   block flat   blocked along the innermost axis with whole blocks per row:
//                the scale of element i is entry i / B of the flattened
//                scale; one scalar per vector (B % lanes == 0) or lanes / B
//                entries spread with a shuffle (lanes % B == 0).
//   rows         x viewed as [R, N] rows of N >= lanes contiguous elements:
//                per-axis takes one scalar per row, blocked one scale row
//                vector per row. The only scheme for dynamic sizes: K
//                (row -> parameter) and N (each row's steps) may be read
//                at run time. A dynamic innermost axis takes rows of K
//                along the axis instead, each step reading its scales in
//                place (per-axis, once for a tile of 4 rows) or one or
//                lanes / B of them (blocked; other blocks in the groups of
//                block rows, or two per step with a prefix mask); a
//                dynamic axis with static rows N < lanes after it, rows of
//                K * N in the groups of block rows.
//                Packed x with a dynamic row length is versioned: an scf.if
//                runs these loops when the rows start on a byte, and the
//                linalg form (buildDequantizeLinalg) otherwise.
//   block rows   blocked along the innermost axis otherwise (a partial last
//                block, or B neither a multiple nor a divisor of the lanes),
//                and per-axis forms no other scheme takes (a long innermost
//                axis that is not whole steps, a long period of rows shorter
//                than a step): x as [M, L] rows with their own steps, whose
//                columns take parameter entries in runs of B (blocked: L =
//                K; per-axis: L = K * N, B = N, one parameter row; blocked
//                along an outer axis with N < lanes: L = K * N, runs of
//                B * N taking their N entries periodically). Runs in
//                groups of lcm(B, lanes) columns (shorter runs, and longer
//                ones that are not whole steps when a group is at most 16
//                steps): each row first decodes its parameter entries into
//                row tables (per-axis: once, before the rows), and each
//                step reads the entries it covers from them, spread with a
//                static shuffle or, runs of at least a register, register
//                by register (one entry broadcast, or two spread by one
//                shuffle). Other runs go one by one with a broadcast
//                scalar (if they start on a byte of packed
//                x; else steps on multiples of the lanes take two runs'
//                entries with a prefix mask). Blocked over a static x, a
//                loop row may take R rows of x (rows shorter than a step,
//                packed rows that do not start on a byte): L = R * K (or
//                R * K * N), and when x's rows are not whole runs, the
//                entries repeat with period K (K * N), in groups of
//                lcm(K, lanes) columns. With a dynamic number of rows
//                (no packed zero point), loop rows run over the whole ones
//                and the rows left run on their own, each part writing its
//                slice of the result.
//
// Packed sub-byte x (and zero points) are read as bytes through
// qdq.packed_bytes and unpacked in i8 lanes with shifts, masks and
// interleaves, or, for integer x in arithmetic with AVX512_VBMI or AVX2,
// straight into i32 lanes with qdq.unpack_bits (vpmultishiftqb, or vpshufb
// and two shifts). Forms outside these
// schemes are left for --convert-qdq-to-linalg.
//
// Per-tensor x of at most 8 bits has at most 256 distinct codes, so with
// f16/bf16 results (and the x86 byte shuffles, see X86Features) the loop
// becomes a table lookup: the results of every code are computed once,
// before the loop, with the same element builders, and split into one plane
// per result byte; each step looks its codes up in both planes
// (qdq.table_lookup, lowered to pshufb or vpermi2b) and interleaves the
// bytes. f32 results of packed 2/4-bit x look up a table of the 16 f32
// results (vpermps), or on AVX2 2-bit x of its 4 (vpermilps). Per-axis x
// whose rows (one scale and zero point per row) are long enough
// (kRowTableElementsPerEntry times the table's entries, as measured per
// form) does the same row by row: each row builds its own table, then looks
// its codes up. Per-axis x with a period that divides the step and few
// (axis entry, code) pairs (4-bit x with C = 16) takes one period table for
// the tensor, indexed by code and the lane's axis entry; packed 2-bit x
// with such a period instead selects (with AVX-512BW) among the results of
// its 4 codes for the lane, computed once (code selection: each code bit
// tested into a mask, then blends), and with a period of several steps
// reads those results from a choice table of the period. Blocked packed x
// computes the results of the codes of each block a step covers and looks
// its codes up in them (block tables: block-flat steps, and for 2-bit x
// the steps of block rows in groups; 2-bit x in one table of 16-bit
// words); 4-bit x in block rows in groups computes the results of a
// group's blocks once, and every step of the group looks its codes up in
// them (block tables per group). fp8/fp4 x in the
// other cases is decoded with a table of the bf16 bits of each code's value
// (scale 1), which are the high halves of the f32 values; fp4 x on AVX2
// without AVX-512 instead goes into i32 lanes with qdq.unpack_bits and
// takes its magnitudes from an 8-entry f32 table (vpermps); fp8 x with
// f8E8M0FNU scales and bf16 results adds the scales' exponents to the bf16
// bits of its values instead of multiplying (exponentAdd), and with f16
// results (blocked) looks its codes up in tables of the results of each
// scale code the op has (codeTables). Integer x with a
// zero point and f16/bf16 scales that a step reads loop-invariantly (or
// once for the rows of a period tile) computes its products with one fused
// multiply-add where a pass over the scales allows it
// (KernelBuilder::fusedProduct).
//
// KernelBuilder emits these loops for one op. Its members are defined in
// the files of this directory named for what they build:
//
//   KernelBuilder.cpp    construction, the choice of scheme, the versioned
//                        fast paths (build) and the helpers all schemes use
//   StepArithmetic.cpp   one step's (x - zero point) * scale and its result
//                        type: f16 arithmetic, even/odd bf16 halves, fp8
//                        through f16 bits, the fused multiply-add
//   Parameters.cpp       decoding scales and zero points, the scale checks
//                        of the fast paths, axis and block tables
//   FlatLoops.cpp        the per-tensor, axis table and block flat schemes,
//                        period tiles and the lookup steps
//   RowLoops.cpp         the rows and block rows schemes
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_LIB_CONVERSION_QDQTOVECTOR_KERNELBUILDER_H
#define QDQ_LIB_CONVERSION_QDQTOVECTOR_KERNELBUILDER_H

#include "LookupTable.h"
#include "Plan.h"
#include "StoredReader.h"

#include "qdq/Conversion/QDQToVector/QDQToVector.h"
#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/ElementCodegen.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <array>
#include <optional>

namespace mlir::qdq::detail {

/// Whether the host's default rule of --qdq-nontemporal-stores will stream
/// the stores of `op`'s loop nest: the bytes of its operands and result,
/// split over `numThreads` threads where x has at least `parallelThreshold`
/// elements. False for dynamic shapes, whose sizes are unknown here.
bool hostStreams(DequantizeLinearOp op, int64_t numThreads,
                 int64_t parallelThreshold);

/// Emits the loops for one op.
class KernelBuilder {
public:
  KernelBuilder(PatternRewriter &b, DequantizeLinearOp op, const Plan &plan,
                int64_t lanes, int64_t registerLanes, int64_t numThreads,
                int64_t parallelThreshold, bool useLookup,
                int64_t lookupF32Entries, bool useDecodeTable,
                const X86Features &x86, F16StoreForm f16Stores,
                int64_t periodTile, int64_t tinyProductsMinBytes,
                int64_t subnormalBranch, bool flushSubnormals,
                int64_t codeTableMinBlocks, int64_t codeSelectMaxTableBytes);

  Value build();

  /// Whether the steps of `op` on registers of `registerLanes` f32 lanes
  /// compute in even and odd halves (tinyHalves): bf16 x -> bf16 without a
  /// zero point on 512-bit registers with AVX-512BW and AVX512_BF16, where
  /// the steps branch on subnormal x (`subnormalBranch`: 1 always, -1
  /// never, 0 the host's). QDQToVector's per-form unroll asks it too.
  static bool computesTinyHalves(DequantizeLinearOp op, int64_t registerLanes,
                                 const X86Features &x86,
                                 int64_t subnormalBranch);

private:
  /// The loops; with alignedRowsAtRunTime under a branch on rowsStartOnBytes.
  Value buildAligned();

  Value buildScheme();

  //===--------------------------------------------------------------------===//
  // One step's arithmetic (StepArithmetic.cpp)
  //===--------------------------------------------------------------------===//

  /// buildDequantize of one step's vectors; in the loops built with
  /// `fastPaths`, the product takes fusedProduct (fusedMultiplyAdd) and bf16
  /// results round with vcvtneps2bf16 (hardwareBF16) or without the NaN case
  /// (finiteBF16).
  Value dequantize(Value xStored, Type xType, Value scale, Value zp);

  /// The elements a step of `xStored` computes: its codes, or twice its
  /// bytes for the bytes of readsNibblePairs().
  int64_t stepWidth(Value xStored, Type xType) const;

  /// The elements of a vector `value`, 1 for a scalar.
  static int64_t vectorWidth(Value value);

  /// Whether the axis table of scales is stored in split halves: each
  /// step's `lanes` entries as the step's even lanes, then its odd ones,
  /// which the bf16 steps that compute in even and odd halves
  /// (evenOddBF16: 8-bit integer x, and packed 4-bit x read as bytes;
  /// fp8HalvesBF16) take as two subvectors, with no shuffle to split them
  /// in the steps (with period tiles, in every column step). For per-axis
  /// tables of whole steps that are written anyway (decoded scales: not
  /// the op's f32 scale read in place). Zen 3 (`--ab-binary` over the
  /// per-axis C=4096 -> bf16 kernels of every x type, 3 rounds,
  /// bench/HISTORY.md, session of 2026-12-03 from 07:04 UTC): the 21
  /// kernels of the x types it applies to 1.058x at 64 Ki, 1.068x at 4 Mi
  /// and 1.095x at 64 Mi (geometric means; 0.98-1.30x), the 30 others,
  /// unchanged, 1.006x.
  bool splitsScaleTable() const;

  /// `halves` (a vector of even lanes, then odd lanes) in element order.
  Value joinHalves(Value halves);

  /// `value` (a vector in element order) as its even lanes, then its odd
  /// ones (splitsScaleTable).
  Value splitHalves(OpBuilder &nb, Location nloc, Value value);

  /// The lanes of the even (`half` 0) or odd (1) elements of `width`.
  static SmallVector<int64_t> lanesOfHalf(int half, int64_t width);

  /// Whether a step of `xStored` computes its f16 results in f16
  /// (nativeF16Product): in nativeF16 loops, for integer codes in vectors
  /// of at most 16-bit lanes (8-bit codes, or packed ones in i8 lanes), a
  /// 1-D vector of fp8 codes, or f16 x.
  bool takesNativeF16(Value xStored, Type xType) const;

  /// f16 results with f16 scales computed in f16: the f16 values of x
  /// (integer x of at most 8 bits minus a zero point of at most 8 bits or
  /// none, exact in i16 lanes and in f16: integerDifferenceF16; fp8 values:
  /// decodeFp8ToF16; f16 x without a zero point as it is) times the f16
  /// scale, which rounds once. The f32 product of the same operands is
  /// exact (at most 11 and 11 significant bits, at least 2^-48 and below
  /// 2^32), so rounding it to f16, as the other steps do, gives the same
  /// bits: subnormal results, infinities and -0 included, and NaN operands
  /// keep their payload's top bits either way (x86 quiets a signaling NaN
  /// in both vcvtph2ps and vmulph). With AVX512_FP16 a register of 32
  /// results of 8-bit x takes a vpmovsxbw, a vpsubw, a vcvtw2ph and a
  /// vmulph, where the f32 steps take two registers of 16, each widened,
  /// converted (or the fused add), multiplied and narrowed (vcvtps2ph, two
  /// uops). The scale and zero point are narrowed next to their
  /// definitions (an f16 scale decoded by arith.extf is taken as it was
  /// stored).
  Value nativeF16Product(Value xStored, Type xType, Value scale, Value zp);

  /// x - zero_point of integer codes (nativeF16Product) as f16: in i16
  /// lanes, the zero point narrowed next to its definition, then converted
  /// (exact: |x - zero_point| <= 255).
  Value integerDifferenceF16(Value xStored, Type xType, Value zp);

  /// The prepared zero point `zp` (a signed difference-type value: i8 for
  /// packed x, i32 else; a scalar or a vector of the lanes of `words`) as
  /// i16, exactly (|zero_point| < 2^8), at the builder's insertion point.
  Value zeroPointAsI16(Value zp, VectorType words);

  /// The values of fp8 codes (nativeF16Product) as f16, exactly: the f16
  /// bits of decodeMinifloatToRebiasedF16 (a few byte operations), times
  /// 2^getMinifloatViaF16Rebias in f16 for f8E4M3FN/FNUZ (exact: every
  /// code's value is an f16, at most 448). Their products with an f16
  /// scale (at most 4 and 11 significant bits, between 2^-41 and 2^32) are
  /// exact in f32, so the one f16 rounding of the multiply gives the f32
  /// steps' bits; NaN codes stay NaNs (sign | 0x7E00).
  Value decodeFp8ToF16(Value xStored, Type xType);

  /// Whether the loops being built compute bf16 results of integer x in
  /// even and odd halves (evenOddBF16) where a step's codes allow it: where
  /// they would take fusedProduct and the rounding without the NaN case,
  /// with a zero point of at most 8 bits (|x - zero_point| <= 255 then; not
  /// oneDNN's i32 ones, which take no fused product either), on 256-bit
  /// registers.
  bool evenOddLoops() const;

  /// Whether the steps of evenOddLoops() read packed 4-bit x as bytes
  /// (readX), each holding an even element in its low nibble and an odd one
  /// in its high nibble, instead of unpacking it into i32 lanes: in whole
  /// pairs of registers.
  bool readsNibblePairs() const;

  /// Whether a step of `xStored` (8-bit integer codes, or the bytes of
  /// readsNibblePairs()) and the prepared zero point `zp` computes its
  /// products in even and odd halves (evenOddBF16): in evenOddLoops(), with
  /// the zero point in its i32 difference type, in whole pairs of
  /// registers.
  bool takesEvenOddBF16(Value xStored, Type xType, Value zp) const;

  /// bf16 results of 8-bit integer x or packed 4-bit integer x in even and
  /// odd halves. Each i32 lane k of a half holds the f32 bits of
  /// F = 2^23 + 2^15 + (x - zero_point) for element 2k (the even half) or
  /// 2k + 1 (the odd half) of the step (byteHalves, nibbleHalves), and
  /// fma(F, scale, -(2^23 + 2^15) * scale) is (x - zero_point) * scale
  /// rounded once, as fusedProduct's (-(2^23 + 2^15) * scale is exact for
  /// f16/bf16 scales, under the same pass over them). Both halves round to
  /// bf16 in i32 lanes (roundF32BitsToBF16), and the even results' high
  /// halves shifted down, ORed with the odd results' high halves, are the
  /// bf16 results in element order: no narrowing shuffle, where the
  /// products of consecutive elements take a vpshufb per register, a
  /// vpblendd and a vpermq per pair. Per-lane scales and zero points (an
  /// axis table of one step) are split into their even and odd lanes next
  /// to their definition. Measured on Zen 3: 8-bit x (bench/HISTORY.md,
  /// 2026-11-30 from 00:46 UTC: i8/ui8 per-tensor, per-axis C=64 and rows
  /// at 64 Ki, 4 Mi and 64 Mi, 1.02-1.50x in two A/Bs;
  /// bench/micro/avx2_bf16_halves.c) and packed 4-bit x (2026-11-30 from
  /// 03:20 UTC; bench/micro/avx2_nibble_halves.c). Not on 128-bit registers
  /// (half the lanes per op, not measured) nor on 512-bit ones (not
  /// measured on hosts without AVX512_BF16).
  Value evenOddBF16(Value xStored, Type xType, Value scale, Value zp,
                    bool presplit = false);

  /// The bf16 results in element order of a step's even elements
  /// (`rounded[0]`) and odd ones (`rounded[1]`), each the f32 bits of its
  /// product rounded in i32 lanes (roundF32BitsToBF16): the even results'
  /// high halves shifted down and ORed with the odd results' high halves.
  Value joinBF16Halves(std::array<Value, 2> rounded);

  /// Whether a step of `xStored` computes bf16 results of fp8 codes in even
  /// and odd halves (fp8HalvesBF16): f8E4M3FN, f8E4M3FNUZ and f8E5M2 codes
  /// that decode through f16 bits (decodeViaF16), the rebias of E4M3's
  /// folded into the scales (foldsScales), with the results rounded without
  /// the NaN case, on 256-bit registers, in whole registers of codes.
  bool takesFp8HalvesBF16(Value xStored, Type xType) const;

  /// Whether the loops' x and options allow fp8HalvesBF16 (its steps then
  /// take it in whole registers of codes: takesFp8HalvesBF16).
  bool fp8HalvesLoops() const;

  /// bf16 results of fp8 codes in even and odd halves, as evenOddBF16 for
  /// 8-bit integer x: the codes, read as i16 words, each hold an even code
  /// in their low byte and an odd one in their high byte. Each half becomes
  /// the f16 bits of decodeMinifloatToRebiasedF16 in its words, exactly:
  /// - f8E4M3FN / f8E4M3FNUZ: the even code moved to the high byte, both
  ///   shifted right by one (arithmetic: the sign stays at bit 15) and
  ///   masked with 0xBF80, are sign | exponent and mantissa at bits 7-13,
  ///   the code's value times 2^-(15 - bias) (an f16 subnormal where the
  ///   code is one). NaN codes decode to sign | 0x3F80 (S.1111.111) or
  ///   0x8000 (f8E4M3FNUZ's 0x80), flipped to the quiet NaN sign | 0x7E00
  ///   with 0x4180 or 0xFE00.
  /// - f8E5M2: the code is the high byte of its f16 (even: moved there;
  ///   odd: the low byte cleared); its NaNs (magnitude above 0x7C00) are
  ///   flipped to sign | 0x7E00.
  /// vcvtph2ps widens each half (exact), and one multiply by the half's
  /// scale, which holds the rebias (foldsScales; f8E5M2 has none), rounds
  /// the product of value and scale once. The halves round to bf16 in i32
  /// lanes and join as in evenOddBF16 (joinBF16Halves): no byte interleave
  /// before vcvtph2ps and no narrowing shuffle after the rounding.
  /// bench/micro/avx2_fp8_bf16_halves.c (form C, Zen 3, 2026-12-03 03:34
  /// UTC): f8E4M3FN per tensor at 64 Ki 17.9 GB/s against 15.7 for the
  /// interleaved f16 bits; in the benchmark (bench/HISTORY.md, session of
  /// 2026-12-03 from 03:05 UTC) f8E4M3FN -> bf16 1.13-1.19x at 64 Ki and
  /// 4 Mi, 0.94-1.16x at 64 Mi.
  Value fp8HalvesBF16(Value xStored, Type xType, Value scale,
                      bool presplit = false);

  /// 2^15 - zero_point in i16 lanes for byteHalves of steps of `width`
  /// codes, next to the zero point (an i32 of the difference type,
  /// takesEvenOddBF16; |zero_point| < 2^8 fits i16).
  Value byteRebias(Value zp, int64_t width);

  /// The halves of evenOddBF16 for 8-bit integer codes: widened to i16 and
  /// rebiased (byteRebias), w = x - zero_point + 2^15 (in [2^15 - 255,
  /// 2^15 + 255], so no wrap), each i32 pair of them holds an even element
  /// in its low half and an odd one in its high half. The even elements
  /// take the exponent bits of 2^23 in the odd words (one word blend); the
  /// odd ones are shifted down and ORed with them.
  std::array<Value, 2> byteHalves(Value codes, Type xType, Value rebias,
                                  VectorType pairs);

  /// The f32 bits of 2^23 + 2^15 minus the zero point of each half for
  /// nibbleHalves (minus 8 more for signed x, read as x + 8), next to the
  /// zero point (a per-lane one split into its even and odd lanes there).
  std::array<Value, 2> nibbleBiases(Type xType, Value zp, VectorType pairs);

  /// The halves of evenOddBF16 for the bytes of packed 4-bit integer x
  /// (readsNibblePairs): each byte, zero-extended to an i32 lane, holds
  /// element 2k in its low nibble and 2k + 1 in its high one. Signed codes
  /// are flipped to x + 8 (one XOR with 0x88 for both nibbles); the low
  /// nibble masked and the high one shifted down, each plus its half's
  /// bias (nibbleBiases), are F.
  std::array<Value, 2> nibbleHalves(Value bytes, Type xType,
                                    std::array<Value, 2> biases,
                                    VectorType pairs);

  /// The scalar of a vector.broadcast of one, else `value`.
  static Value peelScalarBroadcast(Value value);

  /// The even (half 0) and odd (half 1) lanes of the vector `value` as
  /// vectors of `halfType`, each with `derive(lanes)`, shuffled out and
  /// derived one after the other (`presplit`: `value` holds them already,
  /// the even lanes first: its two subvectors); a scalar `value` is
  /// broadcast to `halfType` and derived once, for both halves.
  template <typename DeriveFn>
  std::array<std::pair<Value, Value>, 2>
  splitEvenOdd(Value value, VectorType halfType, DeriveFn derive,
               bool presplit = false) {
    if (!isa<VectorType>(value.getType())) {
      Value splat = vector::BroadcastOp::create(b, loc, halfType, value);
      Value derived = derive(splat);
      return {{{splat, derived}, {splat, derived}}};
    }
    std::array<std::pair<Value, Value>, 2> halves;
    for (int half = 0; half < 2; ++half) {
      if (presplit) {
        int64_t n = halfType.getNumElements();
        Value lanes = vector::ExtractStridedSliceOp::create(
            b, loc, value, ArrayRef<int64_t>{half * n}, ArrayRef<int64_t>{n},
            ArrayRef<int64_t>{1});
        halves[half] = {lanes, derive(lanes)};
        continue;
      }
      Value lanes = vector::ShuffleOp::create(
          b, loc, value, value,
          lanesOfHalf(half, 2 * halfType.getNumElements()));
      halves[half] = {lanes, derive(lanes)};
    }
    return halves;
  }

  /// (x - zero_point) * scale in f32, before the rounding to the result
  /// type (see dequantize).
  Value product(Value xStored, Type xType, Value scale, Value zp);

  /// How dequantize rounds to bf16 results.
  BF16Rounding bf16Rounding() const;

  /// (x - zero_point) * scale in f32 with one fused multiply-add instead of
  /// an integer subtraction, a conversion and a multiply: the integer
  /// x + (bits(M) - zero_point) is the f32 F = M + (x - zero_point), with
  /// M = 1.5 * 2^23 (exact: |x - zero_point| < 2^17), and
  /// fma(F, scale, -M * scale) rounds F * scale - M * scale, which is
  /// exactly (x - zero_point) * scale, once, as the multiply does. -M *
  /// scale is exact for f16/bf16 scales (at most 11 significant bits) below
  /// 2^100. An exact zero is +0 where the multiply gives -0 for a negative
  /// scale, and infinite or NaN scales make F * scale - M * scale NaN: the
  /// caller uses it only where every scale is positive, finite and below
  /// 2^100 (scalesAllowFastPaths). Measured on Zen 4 under
  /// fusedMultiplyAdd.
  Value fusedProduct(OpBuilder &nb, Location nloc, Value xStored, Type xType,
                     Value scale, Value zp);

  /// x unpacked into i32 lanes (unpackToI32) subtracts in i32, but
  /// prepareZeroPoint gives 2- and 4-bit operands the i8 difference type:
  /// such a `zp` (a vector, or a scalar to be broadcast) is sign-extended to
  /// i32, next to its definition (so outside the loop when it is
  /// invariant). Wider ones (oneDNN's i32 zero points take i64) are
  /// returned as they are.
  Value widenZeroPoint(Value zp);

  //===--------------------------------------------------------------------===//
  // Scales and zero points (Parameters.cpp)
  //===--------------------------------------------------------------------===//

  /// Stored parameter values (scalars or vectors) as the steps use them:
  /// f32 scales; zero points prepared and widened (null for fp8/fp4 x,
  /// whose zero point is not subtracted).
  Value decodeScale(Value stored) {
    return decodeScaleWith(b, loc, stored, scaleElement);
  }
  /// decodeScale of a scale stored as `element` (the op's scale, or a view
  /// of it) with builder `nb`: the f32 scale, times 2^foldedRebias in the
  /// loops that fold it (foldsScales).
  Value decodeScaleWith(OpBuilder &nb, Location nloc, Value stored,
                        Type element);

  /// Whether the loops being built fold 2^foldedRebias into the decoded
  /// scales. Every scale then goes through decodeScale (or
  /// decodeScaleWith), but f32 scales read in place as their own axis
  /// table, which the steps fold where they read them
  /// (FlatParams::scaleTableInPlace); segment and row tables hold decoded
  /// scales then (scalesReadInPlace).
  bool foldsScales() const { return fastPaths && foldedRebias; }

  /// Whether f32 scales, which decode to themselves, may be read in place
  /// where a segment or row table of decoded scales would be.
  bool scalesReadInPlace() const { return !foldsScales(); }

  /// In the exponent-add loops (exponentAdd with `fastPaths`) a decoded
  /// f8E8M0FNU scale 2^k is its exponent step: k << 7 (k in bf16 exponent
  /// units) as a 16-bit word in both halves of the 32 bits of an f32 lane
  /// (a bit pattern, never an operand of float arithmetic: the tables and
  /// spreads that carry decoded scales move it as they are, and
  /// exponentDelta reads it). Of `stored` raw codes e: (e - 127) << 7.
  Value exponentStep(OpBuilder &nb, Location nloc, Value stored);

  /// In the code-table loops (codeTables with `fastPaths`) a decoded
  /// f8E8M0FNU scale is the byte offset of its code's table in
  /// codeTableStore: e << kCodeTableBytesLog2 for the raw code e, as the
  /// bits of an f32 lane (a bit pattern, moved as it is, as exponentStep's).
  Value codeTableOffset(OpBuilder &nb, Location nloc, Value stored);

  /// The lowest and highest f8E8M0FNU code of the op's scales (i8
  /// scalars; one vector pass each over the stored bytes, reduceScales).
  std::pair<Value, Value> scaleCodeRange();

  /// Whether the tables of the codes [lowest, highest] pay: each table
  /// takes at least codeTableMinBlocks scales (blocks) of the op.
  Value codeTablesPay(Value lowest, Value highest);

  /// codeTableStore: a tensor of 256 tables of 2 * kCodeTableEntries bytes
  /// (the low plane, then the high plane; LookupTable::codeTable), of which
  /// those of the codes [lowest, highest] are computed (a loop, before the
  /// steps) and the others never read.
  Value buildCodeTables(Value lowest, Value highest);

  /// `value` (f32, a scalar or a vector) times 2^exponent.
  static Value timesPowerOfTwo(OpBuilder &nb, Location nloc, Value value,
                               int exponent);
  Value decodeZeroPoint(Value stored);

  /// The type widenZeroPoint gives a prepared zero point of `prepared`.
  Type widenedZeroPointType(Type prepared);

  /// Where vcvtneps2bf16 may round a product (x - zero_point) * scale
  /// otherwise than the integer rounding does (BF16Rounding::Hardware), for
  /// decoded f32 scales (to an i1 vector): x is an integer (|x - zero_point|
  /// is 0 or at least 1), fp8/fp4 or f16 (at least its smallest subnormal
  /// m; an f16 x - zero_point is a multiple of m), so a product is an f32
  /// subnormal only if a nonzero scale is below 2^-126 / m, and a NaN with
  /// a payload only if a scale is NaN (or, for f16 x, x is: the rounding
  /// clears those, BF16Rounding::HardwareCanonicalNaN).
  Value hardwareBF16Inexact(Value scale);

  /// Where fusedProduct may differ from the product, for decoded f32
  /// scales (to an i1 vector): the scale is not positive, finite and below
  /// 2^100 (NaN included: unordered comparisons).
  Value fusedMultiplyAddInexact(Value scale);

  /// Where a scale is not finite (NaN or an infinity), for decoded f32
  /// scales (to an i1 vector): where an integer x may make a NaN product
  /// (finiteBF16).
  Value nonFinite(Value scale);

  /// Where a scale times 2^foldedRebias may not be exact, for decoded f32
  /// scales (to an i1 vector): |scale| not below 2^100 (NaN included).
  /// Below it the folded scale is exact, and so the product of the
  /// unrebiased decode (exact) and the folded scale is the product of the
  /// code's value and the scale, rounded once.
  Value rebiasOverflows(Value scale);

  /// Where a scale rules out exponentAdd, for decoded f32 scales (to an i1
  /// vector): 2^k with k outside [-126 - e_min, 127 - e_max], e_min the
  /// exponent of x's smallest subnormal and e_max of its largest finite
  /// value (f8E4M3FN: k in [-117, 119]), where a product could be a bf16
  /// subnormal or overflow; f8E8M0FNU's 2^-127 (an f32 subnormal) and NaN
  /// included. Integer comparisons of the bits, exact whatever the MXCSR.
  Value exponentAddInexact(Value scale);

  /// Where a scale rules out flushesSubnormals, for decoded f32 scales (to
  /// an i1 vector): an f32 subnormal, or |scale| not below 2^100 (NaNs and
  /// infinities included). Integer comparisons of the bits, so that a
  /// caller's MXCSR (denormals-are-zero) cannot change the answer.
  Value flushInexact(Value scale);

  /// |scale| of decoded f32 scales, by clearing the sign bits (no math
  /// dialect in the pipeline).
  Value magnitude(Value scale);

  /// One step of bf16 x, its product computed apart where it is at most
  /// 2^-126 in magnitude (TinyProducts::Apart). With d = x - zero_point
  /// and s the scale, r = fma(d, s, c), c = +-2^-126 with the sign of
  /// d * s, is sign(d * s) * (|d * s| + 2^-126) rounded once on the grid
  /// of 2^-149, which is the f32 subnormal grid: where |r| < 2^-125, |d *
  /// s| < 2^-126 and bits(r) - bits(2^-126) are the f32 product's bits
  /// (2^-126 itself where it rounds up to it); elsewhere |d * s| >= 2^-126
  /// - 2^-150 and the multiply, masked to those lanes, makes no subnormal
  /// (r = 2^-125 also comes from |d * s| = 2^-126 + 2^-149). With
  /// subnormalBranch, a register (two for bf16 results) whose d holds an
  /// f32 subnormal computes those lanes with subnormalDifferenceValues and
  /// the others with them zeroed, under a branch. f16 results of the small
  /// lanes are +-0; bf16 results round r with
  /// vcvtneps2bf16 (on r's grid of 2^-133, the bf16 subnormal grid) and
  /// take bits(2^-126) off again, and NaNs become sign | 0x7FC0. Returns
  /// the f32 values to round (f16 results: +-0 in the small lanes; bf16
  /// results: the exact f32 products, for the caller's integer rounding),
  /// or with `roundToBF16` the bf16 results. Where smallProductsOfX knows
  /// the small lanes (no zero point), they add c and the others +0 in the
  /// one fma, which then gives every lane.
  Value tinyProductsApart(Value xStored, Type xType, Value scale, Value zp,
                          bool roundToBF16);

  /// tinyProductsApart's arithmetic on d = x - zero_point (f32 lanes) and
  /// the broadcast scale; `smallByX` the lanes smallProductsOfX knows to be
  /// small, or null.
  Value tinyProductsOf(Value d, Value scale, Value smallByX, bool roundToBF16);

  /// tinyProductsOf's values before the rounding: r in the small lanes and
  /// (with `maskedProduct`, where `smallByX` is null) the product in the
  /// others, and the small lanes (the others in `largeLanes` if given,
  /// where `smallByX` is null).
  std::pair<Value, Value> tinyProductValues(Value d, Value scale,
                                            Value smallByX,
                                            bool maskedProduct = true,
                                            Value *largeLanes = nullptr);

  /// sign(d) ^ sign(scale) | magnitudeBits, tinyProductsApart's addend c
  /// (magnitudeBits: those of 2^-126) as i32 bits, lane by lane.
  Value tinyAddend(Value d, Value scale, int64_t magnitudeBits);

  /// The results of tinyProductValues' values: `value` is r in the
  /// `small` lanes and the f32 product in the others. With `roundToBF16`
  /// the bf16 results; else the f32 values to round (f16 results: +-0 in
  /// the small lanes; f32 results and the caller's integer bf16 rounding:
  /// the f32 product), every lane taken as small where `small` is null.
  Value tinyProductsRounded(Value value, Value small, bool roundToBF16);

  /// tinyProductValues in the lanes where d = x - zero_point is an f32
  /// subnormal (`subnormal`), computed without a multiply that reads one
  /// (subnormalBranch): d's bits are an integer, |d| * 2^149, which
  /// converts exactly to D = d * 2^64, and fma(D, s, +-2^-62) and D * s
  /// are 2^64 times r and the product, normal numbers that 2^-64 scales
  /// back exactly.
  std::pair<Value, Value> subnormalDifferenceValues(Value d, Value subnormal,
                                                    Value scale);

  /// The lanes of a step of bf16 x (no zero point) whose products are below
  /// 2^-126 in magnitude, known from x alone (to an i1 vector): |x| below
  /// a bound of the scale (the bf16 bits of 2^-126 / |s| truncated, plus
  /// one where that bf16 times |s| rounds below 2^-126; 0 for an infinite
  /// or NaN s), computed once per scale (a scalar, or a vector of the
  /// step's lanes) next to its definition: exactly the x whose products
  /// are below 2^-126 (the fma form) and none whose product is subnormal
  /// are left to the multiply. A step scale read from a table of the
  /// axis or of a segment may come with its bounds, read from theirs
  /// (FlatParams::tinyBoundTable). Null where the step's scale is defined
  /// in the innermost loop without them (a division per step would cost
  /// more than the compare of r it saves).
  Value smallProductsOfX(Value xStored, Value scale);

  /// smallProductsOfX's bound for a step of `xStored` and its scale (an i16
  /// scalar, or a vector of the step's lanes), or null where it has none.
  Value tinyBoundOf(Value xStored, Value scale);

  /// tinyProductsApart's bf16 results in even and odd halves
  /// (tinyProductHalves): each 32 codes, read as 16 i32 pairs, are the f32
  /// values of their even elements (shifted up 16) and of their odd ones
  /// (the low half cleared), with no widening shuffle; each half takes
  /// smallProductsOfX's compare (against the bound's halves, split the same
  /// way next to the bound) and the one fma of tinyProductValues, and
  /// vcvtne2ps2bf16 rounds both; bits(2^-126) come off the small lanes, and
  /// one vpermw puts the results in element order. 32 codes that hold a
  /// subnormal x (exponent field 0, not +-0) take tinyProductsApart's
  /// element-order steps instead, under a branch: the fma would read it.
  /// `bound` is tinyBoundOf's.
  Value tinyProductHalves(Value xStored, Type xType, Value scale, Value bound);

  /// smallProductsOfX's i16 bound of an f32 scale (scalar or vector).
  static Value tinyProductBound(OpBuilder &nb, Location nloc, Value scale);

  /// Whether the steps of the axis-table and segment-table loops take
  /// smallProductsOfX with a table of bounds next to the scale table
  /// (FlatParams::tinyBoundTable): bf16 x -> bf16 without a zero point
  /// whose steps compute their tiny products apart. Not f16/f32 results,
  /// which take these forms only in ops beyond the L2 cache: there the
  /// loops wait on memory, and the table's reads cost more than the
  /// compare of r they save (on the Zen 5 VM, per-axis C=4096 -> f32 ran
  /// at 0.75-0.76x at 4 Mi elements with the table, against 1.36x for
  /// bf16 results; A/Bs, 7 rounds, 2026-12-05 06:49 and 06:51 UTC).
  bool takesTinyBoundTable() const;

  /// Whether a step of `xStored` takes tinyProductsApart: bf16 x with
  /// TinyProducts::Apart, or Raised in the loops without `fastPaths`.
  bool takesTinyProductsApart(Value xStored, Type xType) const;

  /// x (bf16 x widened to f32) of magnitude below 2^-100 raised to
  /// +-2^-100, NaNs and the rest as they are (TinyProducts::Raised): with a
  /// finite f16 scale s (0 or 2^-24 <= |s| < 2^16) such an x * s rounds to
  /// the f16 +-0 that x * s does, and no product is an f32 subnormal. Two
  /// operations per 16 lanes: vpmaxud raises the positive ones, vpmaxsd the
  /// negative ones. (The same on the codes in i16 lanes, 32 per operation,
  /// took 64-byte loads that `vpmovzxwd` no longer folded: on the Zen 5 VM
  /// the i32 form ran at 0.99-1.24x its speed at 64 Mi elements (geometric
  /// mean 1.08x) and 0.93-1.03x at 4 Mi, bf16 x -> f16, 7 rounds,
  /// 2026-12-05 03:28 UTC.)
  Value raiseTinyX(Value x);

  /// Whether the fast paths this kernel has (hardwareBF16,
  /// fusedMultiplyAdd, finiteBF16) are exact for every scale of the op: one
  /// vector pass over the scales (at most 1/B of x for blocks), before the
  /// loops.
  Value scalesAllowFastPaths();

  /// scalesAllowFastPaths for f8E8M0FNU scales from their lowest and
  /// highest code (scaleCodeRange, i8 scalars): the checks of those two
  /// scales. An E8M0 scale grows with its code (2^-127 to 2^127, then NaN
  /// at 255), and each check of fastPathsInexact fails for the scales below
  /// a bound or above one (or NaN, the top code), so the codes it passes
  /// are one interval, which holds every code of the op if it holds the
  /// lowest and the highest. The passes over the codes read bytes, a
  /// register of codes per read, where the pass of scalesAllowFastPaths
  /// decodes each scale to f32.
  Value codeRangeAllowsFastPaths(Value lowest, Value highest);

  /// Per lane of decoded f32 scales: whether a fast path of this kernel is
  /// not exact for that scale (the checks of scalesAllowFastPaths). Each
  /// check must pass an interval of scales (codeRangeAllowsFastPaths
  /// relies on it): below a bound, above one, NaN or zero fail.
  Value fastPathsInexact(Value scale);

  /// An i1 that holds when `isBad` (decoded f32 scales, `lanes` of them, to
  /// an i1 vector) holds for no scale of the op: one vector pass, before
  /// the loops. The whole vectors are read without masks, then the vector
  /// that ends with the last scale (it checks some scales twice). Fewer
  /// scales than lanes are one vector of their own whose extra lanes
  /// repeat scale 0 (one scale: a broadcast of it); only a dynamic count below
  /// the lanes takes a masked read. Masked reads of 8- and 16-bit scales
  /// have no AVX2 instruction (LLVM tests and loads lane by lane), which
  /// made this pass up to a fifth of the time of a blocked-32 or per-axis
  /// C=4096 op with bf16 scales on Zen 3 (bench/HISTORY.md).
  Value noScale(function_ref<Value(Value)> isBad);

  /// The scalar reduction (`kind`, starting from `identity`) over every
  /// scale of the op of `map` (decoded f32 scales, `lanes` of them, to a
  /// vector of `identity`'s type; with `storedLanes`, that many stored
  /// scales as they are): noScale's and scaleCodeRange's vector pass. The
  /// vectors combine lane by lane in the loop, reduced once after it.
  Value reduceScales(vector::CombiningKind kind, TypedAttr identity,
                     function_ref<Value(Value)> map,
                     std::optional<int64_t> storedLanes = std::nullopt);

  //===--------------------------------------------------------------------===//
  // Helpers of every scheme (KernelBuilder.cpp)
  //===--------------------------------------------------------------------===//

  /// A splat of `value` shaped as `like` (a vector of f32 or of any
  /// element), so that a check built on a vector of a few lanes stays that
  /// wide (codeRangeAllowsFastPaths).
  Value f32Splat(Value like, float value);
  /// The bits of an f32 vector as the i32 vector of its shape.
  Value bitcastToI32(Value f32Vector);

  /// Whether every row of the rows scheme starts on a byte of packed x
  /// and of a packed zero point read by rows (Plan::alignedRowsAtRunTime):
  /// length * bits % 8 == 0 for each, the length read from x (K along the
  /// axis, else N).
  Value rowsStartOnBytes();

  VectorType vectorOf(Type element) const {
    return VectorType::get({lanes}, element);
  }

  Value broadcast(Value scalar);

  /// Decoded scale (f32) and prepared zero point of a one-element tensor.
  Value decodedScalarScale(Value scaleTensor);
  Value preparedScalarZeroPoint(Value zpStorage, ValueRange indices);
  Type zeroPointElement() const {
    return cast<RankedTensorType>(zeroPoint.getType()).getElementType();
  }
  /// Whether the zero point is one element by its type ([] or [1]; a
  /// per-axis op may have one, DQ-R13).
  bool hasOneElementZeroPoint() const;

  /// The prepared first zero point (a scalar): the zero point of every
  /// element of a per-tensor op (whose [?] zero point holds one element,
  /// checked at run time) or of one with hasOneElementZeroPoint().
  Value firstZeroPoint();

  /// firstZeroPoint() broadcast to the lanes.
  Value broadcastFirstZeroPoint() { return broadcast(firstZeroPoint()); }

  /// Reads `lanes` x elements at `indices` for buildDequantize: the stored
  /// values, or with a decode table their decoded f32 values (fp4InI32Lanes:
  /// the codes sign-extended into i32 lanes, which product decodes; in the
  /// fast loops of exponentAdd their bf16 values, which dequantize takes to
  /// exponentAddProduct). Returns the element type buildDequantize should
  /// treat them as.
  std::pair<Value, Type> readX(const StoredReader &reader, ValueRange indices,
                               bool inBounds);

  /// MX steps (exponentAdd): `words`, the bf16 bits of x's values (the
  /// decode table's entries looked up), times the power of two 2^k whose
  /// exponent step `scale` holds (exponentStep), by adding k to the
  /// exponent field of every lane
  /// whose exponent is neither 0 (+-0) nor all ones (NaN, infinity). Exact
  /// where the loops run it: every product is then a normal bf16
  /// (exponentAddInexact), so x * 2^k in f32, rounded to bf16, is x's bits
  /// with k added to the exponent. Returns vector<n x bf16>.
  Value exponentAddProduct(Value words, Value scale);

  /// The exponent step k << 7 of each lane (vector<n x i16>, for `words`
  /// of n lanes) from the steps the exponent-add loops decode their scales
  /// to (exponentStep): a scalar broadcast, a vector spread to the lanes
  /// (block flat steps, lanes / B entries: pairs of lanes in one block take
  /// one 32-bit step as two words, so the spread moves n / 2 dwords, and
  /// LLVM broadcasts the table's entries from memory), or one per lane.
  Value exponentDelta(Value scale, VectorType words);

  /// Code-table steps (codeTables): the f16 results of raw fp8 `codes`
  /// (vector<n x i8>) whose lanes take the tables at the byte offsets
  /// `offsets` (codeTableOffset: a scalar broadcast, or table entries
  /// spread or selected to the lanes; laneSources), read from
  /// codeTableStore and looked up sign-folded (LookupTable::
  /// lookupWordsBySource), 64 codes at a time with the tables of their
  /// own lanes. Offsets of another form (no scheme makes them) take the
  /// arithmetic with the scales decoded from them. Returns vector<n x f16>.
  Value codeTableProduct(Value codes, Value offsets);

  /// The scalar each of the `n` lanes of `offsets` takes (a broadcast
  /// scalar, an extract of a shuffled vector, or either side of a select
  /// with a constant mask, recursively), as the distinct `sources` and each
  /// lane's index into them. False if `offsets` has another form or a
  /// register of codes would take more than kCodeTableMaxSources tables.
  bool laneSources(Value offsets, int64_t n, SmallVectorImpl<Value> &sources,
                   SmallVectorImpl<int64_t> &sourceOf);

  /// fp4 codes sign-extended into i32 lanes times `scale`: the magnitude of
  /// each code from an 8-entry f32 table (qdq.table_lookup, which reads the
  /// index mod 8, so the sign bit drops out) with the lane's sign bit XORed
  /// in; with fp4SignedTable, the zero-extended codes' signed values from a
  /// 16-entry table. The decode is exact (e2m1 has no NaN or infinity, and
  /// -0 keeps its sign); the table holds the magnitudes (values) times the
  /// scale when the scale is one scalar and the loops fold it
  /// (fp4ScaledMagnitudes), else the decoded values are multiplied by
  /// `scale`.
  Value fp4ProductInI32Lanes(Value codes, Value scale);

  //===--------------------------------------------------------------------===//
  // Tables of scales and zero points (Parameters.cpp)
  //===--------------------------------------------------------------------===//

  /// A new table of `length` entries of `type`, written before it is read.
  /// It is a bufferization.alloc_tensor, not a tensor.empty: CSE merges
  /// identical tensor.empty ops, and One-Shot Bufferize (LLVM 22) then gives
  /// two tables carried through one loop one buffer when the loop's results
  /// for them are unused, so that the second table's writes overwrite the
  /// first (the segment tables of f16 x: f32 scales and f32 zero points).
  Value scratchTable(int64_t length, Type type);

  /// A decoded per-axis table of `length` entries: entry j is
  /// decode(param[(j / N) % K]); or the parameter itself where that is the
  /// same (then `*inPlace` is set), also for scales in the loops that fold
  /// the rebias (foldsScales): the steps fold it where they read the
  /// scales (FlatParams::scaleTableInPlace), which costs less than writing
  /// a table of them per call (16 KiB for 4096 f32 scales).
  /// With `tinyBounds`, the table holds tinyProductBound of each decoded
  /// scale instead (i16).
  Value buildAxisTable(Value param, bool isScale, int64_t length,
                       bool *inPlace = nullptr, bool *split = nullptr,
                       bool tinyBounds = false);

  /// The type prepareZeroPoint produces for a zero point of `zpElement`.
  Type prepareZeroPointType(Type zpElement);

  /// What a per-axis table holds for a zero point of `zpElement`: integers
  /// of the zero point's own width rounded up to a byte multiple (i8 for
  /// i2..i8 and ui2..ui8, i16 for i16 and ui16, ...), extended to the
  /// difference type in registers with the zero point's signedness (on x86
  /// a sign- or zero-extending load). The loop reads a half or a quarter of
  /// the bytes of a table of the difference type, and a zero point stored
  /// as the entry type, read whole steps at a time, is its own table
  /// (decodesToItself). Else the prepared type.
  Type zpTableEntryType(Type zpElement);

  /// Zero-point entries read from a per-axis table (zpTableEntryType) in
  /// the prepared type.
  Value preparedTableZeroPoint(Value entries);

  Value readTable(Value table, Value offset, Type entryType);

  /// Block-flat with lanes / B > 1 entries per step: whether a parameter of
  /// `paramElement` is read as one vector of them (whole bytes when
  /// packed), instead of one scalar each.
  bool readsBlockEntriesAsVector(Type paramElement) const;

  /// Blocked, whole blocks per row, innermost axis: the parameter of flat
  /// element i is flat entry i / B of `flatParam` (a storage tensor of a
  /// parameter declared as `paramElement`), read with `reader` when it is
  /// set (see readsBlockEntriesAsVector).
  Value readBlockFlat(Value flatParam, Type paramElement, Value i, Value count,
                      bool isScale, const std::optional<StoredReader> &reader,
                      bool inBounds);

  /// The lanes / B entries of a step (blocks shorter than a step), each
  /// repeated over its block's B lanes: one shuffle (spreadEntries).
  Value spreadOverBlocks(Value entries);

  /// Block tables of 2-bit x with f16/bf16 results spread each entry over 4
  /// lanes (blockLookupStep): their steps read their entries from the
  /// segment tables as one vector (readBlockTable), where LLVM broadcasts
  /// scalar reads and inserts them 128 bits at a time. In an A/B
  /// (scripts/bench.sh --full --ab-binary, 5 rounds, Zen 4, 2026-11-25
  /// 12:41 UTC) i2/ui2 blocked-32 -> f16/bf16 ran 1.12-1.15x faster at
  /// 64 Ki and 4 Mi; the same read for i4 and fp4 x (16 entries per block)
  /// ran at 0.72-0.80x.
  bool readsBlockEntriesOnce() const {
    return blockLookup && LookupTable::blockTableCodes(xElement, yElement) < 16;
  }

  /// Block-flat: the number of entries T of the segment tables, or 0 when
  /// they are not used. The flat loop then runs over segments of T * B
  /// elements; each first decodes the segment's T scales (f32) and zero
  /// points (the type dequantize() subtracts) into small tables, which its
  /// steps read one scalar per block and broadcast: a load that x86 folds
  /// into the multiply or subtraction ({1to16}), where decoding in the step
  /// costs a conversion and shuffles per block (block tables of 2-bit x read
  /// a step's entries as one vector instead, readsBlockEntriesOnce). T is a
  /// multiple of `lanes` (the tables are built with whole vectors), chosen for
  /// segments of about 4096 elements; blocks longer than 4 * lanes keep the
  /// per-step read (one decode per several steps).
  int64_t blockTableEntries() const;

  /// Axis table whose period P' is a whole number (> 1) of steps: the
  /// number of periods R of a period tile, or 0 when tiles are not used.
  /// The flat loop then runs over tiles of R periods (with the axis
  /// innermost, R rows of x), column step by column step: each column step
  /// reads its scales and zero points from the tables once (and widens the
  /// zero points once) for the R steps at that offset of each period, so
  /// the table reads, which for a long axis come from L2 rather than L1,
  /// and the zero-point widening shuffles are shared by R steps. R is the
  /// period-tile option (getHostPeriodTile: 1 where the stores stream,
  /// but on Zen 4 for f32 results and 8/16/32-bit integer x, and for most
  /// forms on Zen 5, where one period at a time ran faster, else 4). Code
  /// selection takes no tiles (its choice table, read in tiles of 4, ran
  /// slower).
  int64_t periodTileCount() const;

  /// The element type dequantize() subtracts for a zero point of
  /// `zpElement` (prepareZeroPoint's, widened to i32 like widenZeroPoint).
  Type subtractedZeroPointType(Type zpElement) {
    return widenedZeroPointType(prepareZeroPointType(zpElement));
  }

  /// Writes the decoded entries [first, first + T) of a block parameter,
  /// read with `reader`, into `table` (a tensor of T entries).
  /// With `tinyBounds` (a scale), tinyProductBound of each (i16).
  Value fillBlockTable(Value table, const StoredReader &reader, Value first,
                       bool isScale, bool tinyBounds = false);

  /// The per-lane parameter of the step at element `local` of a segment (a
  /// multiple of `lanes`): entry base + local / B of `table` spread over its
  /// B lanes (lanes / B entries when blocks are shorter than a step).
  Value readBlockTable(Value table, Value base, Value local);

  //===--------------------------------------------------------------------===//
  // Loops over flattened x (FlatLoops.cpp)
  //===--------------------------------------------------------------------===//

  /// Per-tensor, axis-table and block-flat schemes: loops over the
  /// flattened x, each ending in one masked tail. With several threads and
  /// enough elements, the range is split into one chunk per thread
  /// (multiples of `lanes`) under an scf.forall.
  Value buildFlat();

  /// Splits the items [0, count) (elements of a flat loop, with a null
  /// `innerSize`, or rows of a [count, innerSize] tensor) into one chunk per
  /// thread, each a multiple of `granule` items, under an scf.forall, when the
  /// loop covers at least `parallelThreshold` elements (`elements`), else into
  /// one chunk. `emitChunk(begin, length, slice)` fills `slice`, the chunk's
  /// part of `init` (indexed from 0), and returns it.
  Value emitChunked(
      Value count, Value elements, int64_t granule, Value init,
      OpFoldResult innerSize,
      function_ref<Value(Value begin, Value length, Value slice)> emitChunk);

  /// The loop-invariant parameters of the flat schemes.
  struct FlatParams {
    Value scaleVector, zpVector, scaleTable, zpTable, scaleFlat, zpFlat;
    Value count;
    /// Block-flat with several blocks per step: readers of their entries.
    std::optional<StoredReader> scaleReader, zpReader;
    /// Block-flat with segment tables (blockTableEntries() > 0): readers of
    /// the whole flat parameters, read `lanes` entries at a time.
    std::optional<StoredReader> scaleTableReader, zpTableReader;
    Type zpEntryType;
    /// Axis table with `plan.direct`: readers of the scale and zero point,
    /// read (and decoded) where the tables would be.
    std::optional<StoredReader> scaleDirect, zpDirect;
    /// `scaleTable` is the op's f32 scale read in place: in the loops that
    /// fold the rebias its entries are not folded (buildAxisTable).
    bool scaleTableInPlace = false;
    /// `scaleTable` holds each step's scales in halves (splitsScaleTable).
    bool scaleTableSplit = false;
    /// The bounds of smallProductsOfX of the entries of `scaleTable`
    /// (takesTinyBoundTable): i16, one per entry, computed once per call
    /// (a division per entry) so that the steps read them.
    Value tinyBoundTable;
    /// Per-tensor x of at most 8 bits (see LookupTable): the whole formula.
    std::optional<LookupTable> lookup;
    /// Code selection over a period of several steps: the choice table
    /// (buildChoiceTable).
    Value choiceTable;
  };

  /// Code selection (LookupTable::selectsCodes) over a period P' of
  /// several steps: the choice table, a tensor of 2^bits * P' results in
  /// store form, the choices of the step at table offset o (a multiple of
  /// `lanes`) at 2^bits * o (codeChoices), built before the loops.
  Value buildChoiceTable(const FlatParams &p);

  /// The columns of each column block (emitColumnBlocks) of code
  /// selection's choice table (a multiple of `lanes`, blocks as even as
  /// the steps allow): the most steps whose choices fit
  /// codeSelectBlockBytes; 0 where the whole table fits (or there is no
  /// table). On a Zen 4 VM (32 KiB L1) the 32 KiB table of per-axis C=4096
  /// -> f16 read whole ran at 20-24 GB/s, the arithmetic at 31-33, and the
  /// 16 KiB table of C=2048 at 40-48 (bench/HISTORY.md, 2026-12-06 from
  /// 06:05 UTC).
  int64_t columnBlockColumns() const;

  /// The choices of the step at table offset `offset` in choice table
  /// `table`: one vector of 2^bits * `lanes` results.
  Value readChoices(Value table, Value offset);

  /// The decoded scales of the axis-table step at table offset `offset`
  /// (from the table, or read and decoded in place with `plan.direct`).
  Value readAxisScale(const FlatParams &p, Value offset);

  /// The prepared zero points of the axis-table step at table offset
  /// `offset` (not widened: widenZeroPoint).
  Value readAxisZeroPoint(const FlatParams &p, Value offset);

  /// Code selection (LookupTable::selectsCodes): the choices of the
  /// axis-table step at table offset `offset`, one vector of 2^bits *
  /// `lanes` results in store form, lane c * lanes + l the result of code c
  /// with lane l's parameters, computed with dequantize (so with the fast
  /// paths of the loops being built).
  Value codeChoices(const FlatParams &p, Value offset);

  /// One step of code selection at flat element `i`: the step's codes
  /// select their results among `choices` (codeChoices, readChoices;
  /// LookupTable::selectByCodes), written at `j` of `acc`, masked past the
  /// end unless `inBounds`.
  Value selectStep(const StoredReader &xReader, Value choices, Value i, Value j,
                   Value acc, bool inBounds);

  /// An scf.for from `lower` to `upper` by `step` that carries one value,
  /// starting at `init`: `body(iv, carried)` emits an iteration at `b`'s
  /// insertion point and returns the value it yields. Returns the loop's
  /// result.
  Value emitLoop(Value lower, Value upper, Value step, Value init,
                 function_ref<Value(Value, Value)> body);

  /// `length` rounded down to a multiple of `unit` (index values).
  Value roundDown(Value length, Value unit);

  /// Block-flat with segment tables (blockTableEntries()): the whole
  /// segments of the elements [start, start + length) into `dest`. Each
  /// decodes its entries of the scale and zero point into tables (an f32
  /// scale, already what its table would hold, is read in place), then runs
  /// its steps with `emitStep(j, acc, scale, zp)` (j relative to `start`).
  /// Returns the result and the first element after the last whole
  /// segment.
  std::pair<Value, Value>
  emitSegments(const FlatParams &p, Value start, Value length, Value dest,
               function_ref<Value(Value, Value, Value, Value)> emitStep);

  /// Axis table with period tiles (periodTileCount()): the whole tiles of
  /// the elements [start, start + length) into `dest`; `start` is a multiple
  /// of the period (a chunk start). Each column step c of a tile reads its
  /// table entries once and runs the steps c, c + P', ..., c + (R - 1) P' with
  /// `emitStep(j, acc, scale, zp)` (j relative to `start`). Returns the
  /// result and the first element after the last whole tile.
  std::pair<Value, Value>
  emitPeriodTiles(function_ref<Value(Value)> tableScale,
                  function_ref<Value(Value)> tableZeroPoint, Value length,
                  Value dest,
                  function_ref<Value(Value, Value, Value, Value)> emitStep);

  /// A per-axis table read in column blocks of `columns` columns (code
  /// selection's choice table, columnBlockColumns()): the whole periods of
  /// the first `length` elements of a range that starts on a period (a
  /// chunk start) into `dest`. For each column block [c0, c0 + K) of the
  /// period, every whole period runs its steps c0 .. c0 + K - 1 with
  /// `emitStep(j, c, acc)` (j relative to the range's start, c the step's
  /// table offset), so the loops read one block of the table at a time.
  /// Returns the result and the first element after the last whole
  /// period.
  std::pair<Value, Value>
  emitColumnBlocks(int64_t columns, Value length, Value dest,
                   function_ref<Value(Value, Value, Value)> emitStep);

  /// Dequantizes flat elements [start, start + length) into `dest`, a tensor
  /// of `length` elements written at local indices: full vectors, then one
  /// masked tail.
  Value emitRange(const StoredReader &xReader, const FlatParams &p, Value start,
                  OpFoldResult lengthSize, Value dest);

  /// One step of block tables (blockLookup) at flat element `i` (a
  /// multiple of `lanes`), in store form: the results of the codes of each
  /// block the step covers (LookupTable::blockTableCodes: all 4 codes of
  /// 2-bit x for f16/bf16 results, else 16), from its scale and zero point
  /// (`scale` and `zp` hold them per lane, so lane k * B has block k's)
  /// with the arithmetic path, then the step's codes looked up in them (see
  /// LookupTable::appliesToBlocks). Reads past the end are masked unless
  /// `inBounds`.
  Value blockLookupStep(const StoredReader &xReader, Value i, bool inBounds,
                        Value scale, Value zp);

  /// The lookups of block tables (blockLookupStep, and the grouped steps
  /// of block rows): the results of the codes of the step's blocks, from
  /// `entryScale` and `entryZp` (block k's parameters at lanes perBlock * k
  /// to perBlock * (k + 1) - 1, perBlock = LookupTable::blockTableCodes),
  /// then the step's codes, read at `readIndices`, looked up in them, each
  /// lane in the block `blockOfLane` gives it (empty: the step lies in one
  /// block). Reads past the end are masked unless `inBounds`.
  Value lookUpBlockCodes(const StoredReader &xReader, ValueRange readIndices,
                         bool inBounds, Value entryScale, Value entryZp,
                         ArrayRef<int64_t> blockOfLane);

  /// One step of a lookup-table dequantization: the `lanes` codes of x at
  /// `readIndices` looked up in `table` and written at `writeIndices` of
  /// `acc`, masked past the end of the row unless `inBounds`.
  Value lookupStep(const StoredReader &xReader, const LookupTable &table,
                   ValueRange readIndices, ValueRange writeIndices, Value acc,
                   bool inBounds);

  /// One step of a row loop: dequantizes x[r, j : j + lanes] (a [R, N]
  /// view read with `xReader`) with `scale` and `zp` into row `local` of
  /// `acc`, masked past the end of the row unless `inBounds`.
  Value rowStep(const StoredReader &xReader, Value r, Value local, Value j,
                Value acc, Value scale, Value zp, bool inBounds);

  /// Dequantizes one step's vectors (see dequantize) and writes them into
  /// `acc` at `indices`, masked past the end of the row unless `inBounds`.
  /// f16 results are rounded and written one register of f32 lanes at a
  /// time when the step is in bounds: each register's vcvtps2ph then stores
  /// to memory itself, where rounding the whole step first makes LLVM join
  /// pairs of narrowed registers with a shuffle (vinsertf64x4) before a
  /// wider store. Measured on Zen 4 (A/B of 108 f16-result cases, 64 Ki
  /// and 4 Mi, 2026-11-25 03:36 UTC): geometric means per x type 1.02-1.09x
  /// (bf16 x, bound by its subnormal products, 1.00x), up to 1.13x (i32
  /// per-tensor, 4 Mi). bf16 results of the integer rounding, split the
  /// same way (vpmovdw to memory), ran 0.93-1.03x: they keep the one write.
  /// Not on 128-bit registers: their 8-byte f16 writes could not become
  /// streaming stores (--qdq-nontemporal-stores takes 16 bytes and up), and
  /// would keep the step's other writes from streaming. Not with
  /// `joinF16Stores` either (F16StoreForm::Joined). With
  /// `separateF16Stores` (F16StoreForm::Separate, the host default on Zen
  /// 5, where vcvtps2ph to memory is slow) each register's vcvtps2ph
  /// narrows into a register behind an empty inline asm, so that its store
  /// stays a store of its own; also for steps of one register.
  Value dequantizeInto(Value xStored, Type xType, Value scale, Value zp,
                       Value acc, ValueRange indices, bool inBounds);

  //===--------------------------------------------------------------------===//
  // Loops over rows of x (RowLoops.cpp)
  //===--------------------------------------------------------------------===//

  /// Runs `rowBody(r, local, acc)` for each row r of a [rows, rowLength]
  /// result `init`, returning the row written (row `local` of `acc`). With
  /// several threads and enough elements, the rows are split into one chunk
  /// of whole rows per thread. With a `tileBody`, each chunk's whole tiles
  /// of `tileRows` rows run `tileBody(r, local, acc)` for rows r to
  /// r + tileRows - 1 instead, and only its last rows `rowBody`.
  Value emitRowLoops(Value rows, OpFoldResult rowLength, Value init,
                     function_ref<Value(Value, Value, Value)> rowBody,
                     function_ref<Value(Value, Value, Value)> tileBody = {},
                     int64_t tileRows = 0);

  /// emitRowLoops whose rows also fill and read scratch tensors of
  /// `scratchTypes` (`scratch` in `rowBody`, which replaces them with what
  /// it writes): created once per chunk, before its rows, and carried
  /// through the row loop so that they bufferize to one buffer each.
  Value emitRowLoops(
      Value rows, OpFoldResult rowLength, Value init,
      ArrayRef<RankedTensorType> scratchTypes,
      function_ref<Value(Value, Value, Value, MutableArrayRef<Value>)> rowBody,
      function_ref<Value(Value, Value, Value)> tileBody = {},
      int64_t tileRows = 0);

  /// The steps of one row of `rowLength` elements into `acc`: whole steps
  /// `step(j, acc, /*inBounds=*/true)`, then one masked step for the rest,
  /// if any (tested at run time when the length is dynamic).
  Value emitRowSteps(OpFoldResult rowLength, Value acc,
                     function_ref<Value(Value, Value, bool)> step);

  /// A tensor as rows of the dims from `axis` on: [prod(dims[0..axis)),
  /// prod(dims[axis..])] ([1, n] for axis 0).
  Value rowsFrom(Value tensor, int64_t axis);

  /// The stored entries [first, first + count) of row r of a 2-D parameter
  /// storage tensor: one vector read (masked past the row unless
  /// `inBounds`), or for packed types and count 1 entry by entry (a scalar
  /// for count 1), the indices clamped to `last` unless `inBounds`.
  Value readRowEntries(Value param2d, Value r, Value first, int64_t count,
                       bool inBounds, Value last);

  /// The index of the last entry of a row of a 2-D parameter.
  Value lastEntryOf(Value param2d);

  /// Rows along the axis (Plan::alongRun): x as [M, K] rows; step j of a
  /// row takes the parameter entries j / B to (j + lanes - 1) / B of its
  /// parameter row (per-axis: the one row, its entries read in place and
  /// decoded once per column step of a tile of `period-tile` rows;
  /// blocked: row r of the [M, S] parameters, one scalar broadcast when B
  /// is whole steps, two selected by a prefix mask when B is longer but
  /// not whole steps, else lanes / B entries spread with a shuffle).
  Value buildRowsAlongAxis();

  /// A [R, N] result of rows split after dim `split` back in x's shape.
  Value expandRows(Value result, int64_t split);

  /// Rows scheme: x as [R, N]; per-axis: one scalar per row (row r has
  /// k = r mod K); blocked: scale row (r / K) * S + (r mod K) / B. K and N
  /// may be dynamic (read from x at run time); packed x then has a static N
  /// (choosePlan), the row length its reader needs. With the axis innermost
  /// (Plan::alongRun), rows along the axis instead.
  Value buildRows();

  /// Block rows: blocked along the innermost axis in the forms block-flat
  /// does not take (a partial last block, K % B != 0, or B neither a
  /// multiple nor a divisor of the lanes), and per-axis in the forms the
  /// other schemes do not take (a long innermost axis that is not whole
  /// steps, a long period of rows shorter than a step), and blocked along
  /// an outer axis whose rows are shorter than a step. x is viewed as [M, L]
  /// rows whose columns take parameter entries in runs of B (Plan::run):
  /// blocked, L = K and the parameters are [M, S]; per-axis, L = K * N, B =
  /// N, and every row reads the one parameter row [1, K]; blocked along an
  /// outer axis, L = K * N and each block of B * N columns takes the N
  /// entries of its block periodically (Plan::runWidth). Blocked over a
  /// static x, a loop row may take several rows of x (L = R * K or R * K * N,
  /// parameters [M / R, R * S]; Plan::rowPeriod when x's rows are not whole
  /// runs). Each row runs its own steps (none spans two loop rows), the
  /// last one masked at the row's end.
  ///  - Plan::groupedRuns (B < lanes, entries varying within a run, or B
  ///    not whole steps with a group of at most kMaxGroupSteps steps):
  ///    groups of G = lcm(B, lanes) columns (G / lanes steps). Each row
  ///    first decodes its parameter row into row tables (RowTable; per-axis
  ///    rows share one, filled before the rows). Step s of a group starts
  ///    at column s * lanes of it, so its lanes take a fixed run of the
  ///    group's blocks: the step reads those entries from the tables with
  ///    one vector read and spreads them over its lanes with one static
  ///    shuffle, or, with B of at least a register, register by register:
  ///    one entry as a scalar (a broadcast load, folded into its use), or
  ///    a register's two entries as one vector spread with one shuffle
  ///    (nativeF16 loops take no row tables: they read the entries in
  ///    place, a power of two of them, and always shuffle them before
  ///    widening them, see makeRowTable and spreadEntries). The columns
  ///    after the last whole group take the first steps of the same
  ///    pattern.
  ///  - Else (B whole steps, or a longer group): run by run. A run's scale
  ///    and zero point are decoded once and broadcast; its steps start at
  ///    its first column, and when B is not whole steps its last step runs
  ///    up to lanes - 1 columns into the next run, which rewrites them.
  ///    Runs that do not start on a byte of packed x take straddling steps
  ///    instead (emitRowOfStraddlingSteps).
  Value buildBlockRows();

  /// Block rows of x, `scale` and `zp` (the op's, or slices of them with
  /// whole rows), into a flat result of x's size (written into `into`, a
  /// slice of a larger result, if given). Packed x can not be sliced
  /// (qdq.packed_bytes takes identity layouts): with `packedOffset`, `x` is
  /// the op's whole flat x, read from that element on, for `into`'s size.
  Value buildBlockRowsOf(Value x, Value scale, Value zp, Value into = {},
                         Value packedOffset = {});

  /// The decoded entries of one parameter row of block rows (grouped runs):
  /// a tensor `type` (f32 scales, zero points of the subtracted type) whose
  /// entry `shift + k` is entry k of the row. The row is decoded from the
  /// flat parameter read from its row's first entry rounded down to a byte
  /// (packed entries), so `shift` is that rounding. No table (null `type`)
  /// for a parameter stored as its decoded type.
  struct RowTable {
    RankedTensorType type;
    int64_t length = 0;
    int64_t entriesPerByte = 1;
    std::optional<StoredReader> reader; // of the flat parameter
    bool isScale = false;
    int slot = -1;      // scratch slot (blocked rows)
    Value table, shift; // the current row's
  };

  /// `entries` (a vector) spread over a step's lanes, lane p taking entry
  /// spread[p]. In nativeF16 loops, entries widened from fewer bits (an f16
  /// scale, a zero point of at most 16 bits) are spread before the
  /// widening, which nativeF16Product and zeroPointAsI16 then look
  /// through: one 16-bit shuffle per register (vpermw) instead of a 32-bit
  /// one per half register and a narrowing per step.
  Value spreadEntries(Value entries, ArrayRef<int64_t> spread);

  /// `value` widened to `type` by an op of the kind of `widening`
  /// (arith.extf, arith.extsi or arith.extui).
  Value widenLike(Operation *widening, Type type, Value value);

  RowTable makeRowTable(Value param, bool isScale);

  /// Decodes parameter row r into `dest` (tables.length entries, from the
  /// row's first entry rounded down to a byte) and sets `table.shift`.
  /// Returns the filled table.
  ///
  /// A row of at least `lanes` entries is read without masks: whole vectors
  /// inside the row, then one vector that ends with the byte of the row's
  /// last entry (it rewrites entries already written, with the same
  /// values); past that the table is zero. Masked reads of 8- and 16-bit
  /// elements have no AVX2 instruction (LLVM tests and loads lane by
  /// lane): with them, i8 -> f16 blocked-24 rows of 4096 took 1.9x as long
  /// on Zen 3 (bench/HISTORY.md). Shorter rows are read with masks past
  /// the parameter's end.
  Value fillRowTable(RowTable &table, Value dest, Value r);

  /// What the row emitters of buildBlockRows (and the groups of
  /// buildRowsAlongAxis) read: x, the parameters as [M, S] storage tensors
  /// (no `zp2d` without a zero point or with a one-element one, `zpScalar`),
  /// and `readEntries(param2d, isScale, r, first, count, inBounds)`, the
  /// decoded entries [first, first + count) of row r of a parameter.
  struct BlockRowInputs {
    const StoredReader &x;
    function_ref<Value(Value, bool, Value, Value, int64_t, bool)> readEntries;
    Value scale2d, zp2d, zpScalar;
    /// Every parameter is read from a row table, which has room for a step's
    /// reads past the row's entries (makeRowTable).
    bool roomPastRow = false;
  };

  /// Block rows with B >= lanes (see buildBlockRows): row r of x into row
  /// `local` of `acc`.
  Value emitRowOfLongBlocks(const BlockRowInputs &in, Value r, Value local,
                            Value acc);

  /// Block rows with runs of at least a step that do not start on a byte of
  /// packed x (Plan::straddlingSteps): row r of x into row `local` of `acc`.
  /// The steps start at multiples of the lanes (on a byte), so a step takes
  /// the entries of at most two runs: run j / B for its first lanes, up to
  /// the next run's first column, and the next run for the others (one
  /// prefix mask and a select). The last step is masked at the row's end.
  Value emitRowOfStraddlingSteps(const BlockRowInputs &in, Value r, Value local,
                                 Value acc);

  /// Block tables in a step of rows in groups (blockLookup): the codes of
  /// the `count` blocks whose entries from `first` on the step takes, lane
  /// l block spread[l], computed and looked up (lookUpBlockCodes); the
  /// step's x at row r, `column` (in bounds if `xInBounds`). The step reads
  /// `readCount` >= `count` entries (in bounds of what exists if
  /// `entriesInBounds`).
  Value groupBlockLookupStep(const BlockRowInputs &in, Value r, Value column,
                             bool xInBounds, Value first, int64_t count,
                             int64_t readCount, bool entriesInBounds,
                             ArrayRef<int64_t> spread);

  /// Block tables per group (groupLookup): the results of every code of
  /// the `blocks` blocks of row r from entry `groupEntry` on (one group of
  /// block rows), as two byte planes (low bytes, high bytes) of 64 or 128
  /// entries, entry perBlock * k + c the result of code c in block k
  /// (LookupTable::blockTableCodes). Each block reads its scale and zero
  /// point as a scalar (x86 folds the loads into the subtraction and the
  /// multiply as embedded broadcasts).
  std::pair<Value, Value> groupBlockPlanes(const BlockRowInputs &in, Value r,
                                           Value groupEntry, int64_t blocks);

  /// Rows in groups (Plan::groupedRuns; see buildBlockRows, and
  /// buildRowsAlongAxis for rows of a dynamic length): row r of x into row
  /// `local` of `acc`. Column c takes entry (c / R) * W + c mod W (R the run,
  /// W the run width; with Plan::rowPeriod P, that map within each period
  /// of P columns, each period advancing by its entries), so a step's lanes
  /// take a fixed range of entries, fixed by the step's offset in its group
  /// of lcm(R, lanes) (or lcm(P, lanes)) columns.
  Value emitRowOfGroups(const BlockRowInputs &in, Value r, Value local,
                        Value acc);

  /// emitRowOfGroups for rows of `rowLengthSize` columns, which may be
  /// dynamic (rows along a dynamic innermost axis, Plan::alongRun): the
  /// whole groups run in a loop to the last one, then each step of the
  /// group pattern runs, masked, if the row has columns left for it.
  Value emitRowOfGroups(const BlockRowInputs &in, Value r, Value local,
                        Value acc, OpFoldResult rowLengthSize);

  //===--------------------------------------------------------------------===//
  // The result (KernelBuilder.cpp)
  //===--------------------------------------------------------------------===//

  /// 16-bit results are stored as i16 vectors: LLVM lowers masked stores of
  /// bf16 vectors on AVX2 to __truncsfbf2 calls, which libgcc may lack.
  Value toStoreForm(Value y);
  Value fromStoreForm(Value stored);

  /// The flat result back in x's shape.
  Value unflatten(Value flat);

  //===--------------------------------------------------------------------===//
  // State
  //===--------------------------------------------------------------------===//

  PatternRewriter &b;
  Location loc;
  DequantizeLinearOp op;
  // A copy: block rows with a remainder run its rows with a plan of x's
  // own rows (buildBlockRows).
  Plan plan;
  int64_t lanes;
  // Lanes of one SIMD register (`lanes` is `unroll` of them).
  int64_t registerLanes;
  int64_t numThreads;
  int64_t parallelThreshold;
  bool useLookup;
  /// The number of f32 entries of the lookup table, or 0 for byte planes
  /// (LookupTable::f32Entries).
  int64_t lookupF32Entries;
  /// bf16 results may round with vcvtneps2bf16, in the loops built with
  /// `fastPaths` (see build()).
  bool hardwareBF16 = false;
  /// bf16 results of integer and fp8/fp4 x round without the NaN case
  /// (BF16Rounding::IntegerNoNaN) in the loops built with `fastPaths`, which
  /// run when every scale is finite: a product is then finite, an infinity
  /// or (fp8 x) a NaN whose bits that rounding keeps.
  bool finiteBF16 = false;
  /// How bf16 x steps keep their products off f32 subnormals, which
  /// AVX-512 cores multiply slowly: the benchmark draws every bf16 code, so
  /// with its scales (about 2^-11 to 2^-3) the products of the codes of the
  /// smallest exponents are f32 subnormals (with scale 0x1.c0p-9, exponents
  /// 0 to 9: 4% of the codes, in half of the 16-lane registers), and the
  /// Zen 5 VM took a microcode assist on each multiply that made one
  /// (bench/micro/subnormal_products.c).
  enum class TinyProducts {
    /// The plain product.
    None,
    /// tinyProductsApart: where |product| <= 2^-126, r = fma(d, s,
    /// +-2^-126) gives the f32 subnormal bits exactly; the multiply runs on
    /// the other lanes only (a masked vmulps). Without a zero point the
    /// small lanes come from x against a bound of the scale
    /// (smallProductsOfX), and one fma gives every lane.
    Apart,
    /// f16 results of f16 scales without a zero point: x below 2^-100 in
    /// magnitude becomes +-2^-100 (raiseTinyX) in the loops built with
    /// `fastPaths` (every scale finite), Apart in the others. (With
    /// flush-subnormals, the default, the loops of such scales flush
    /// subnormals instead: flushesSubnormals.)
    Raised,
  };
  /// On a Zen 5 VM (bench/micro/subnormal_guard.c, 2026-12-05 03:20 UTC,
  /// per-tensor bf16 x, GB/s of x + y, on the benchmark's random codes / on
  /// codes with no subnormal product): bf16 results 22 / 70 GB/s with the
  /// integer rounding of the product, 70 / 73 with Apart's at 64 Ki
  /// elements, 23 / 67 against 70 / 69 at 4 Mi; f16 results 41 / 146
  /// plain, 111 / 114 Raised at 64 Ki, 41 / 100 against 93 / 92 at 4 Mi;
  /// f32 results 98 / 206 plain, 131 / 133 Apart at 64 Ki, 69 / 84 against
  /// 80 / 82 at 4 Mi. So bf16 results always take Apart, and f16/f32
  /// results take their forms where the op moves at least
  /// `tinyProductsMinBytes`: on AMD Zen beyond the L2 cache, elsewhere in
  /// every op (getHostTinyProductsMinBytes; on an Intel Xeon the plain f32
  /// loop ran at 6.2 GB/s on random codes, Apart at 26.5).
  TinyProducts tinyProducts = TinyProducts::None;
  /// tinyProductsApart's steps branch, per register (two for bf16
  /// results), on whether x - zero_point holds an f32 subnormal, and
  /// compute those lanes with subnormalDifferenceValues. The host default
  /// off AMD Zen (getHostSubnormalBranch): other cores (an Intel Xeon)
  /// take a microcode assist for a multiply's subnormal input as well as
  /// for a subnormal product; Zen's fma reads subnormals at full speed.
  bool subnormalBranch = false;
  /// tinyProductsApart's steps of bf16 results without a zero point on
  /// 512-bit registers, where they branch on subnormal x (subnormalBranch):
  /// computed in even and odd halves (tinyProductHalves), with the small
  /// lanes known from x (smallProductsOfX). On the Intel Xeon VM
  /// (bench/micro/bf16_dot_products.c, part 2, 2026-12-07 about 08:40 UTC,
  /// per tensor at 64 Ki elements) 36-38 GB/s on the benchmark's random
  /// codes and 40-42 without subnormal x, where the benchmark's kernel of
  /// the element-order steps ran at 27. In the benchmark, with 2 registers
  /// per step (QDQToVector's takesNarrowSteps), the 18 bf16 x -> bf16
  /// kernels at 1.12x the element-order steps of 8 registers (geometric
  /// mean; 1.01-2.18x; A/B of 5 rounds at 08:24 UTC), and at 1.07x those
  /// steps with 2 registers (3 rounds, 08:22 UTC).
  bool tinyHalves = false;

  /// bf16 x -> f16 without a zero point on x86: the loops built with
  /// `fastPaths` run with MXCSR's flush-to-zero and denormals-are-zero bits
  /// set (withSubnormalsFlushed; in each thread's chunk too) and the plain
  /// product (no TinyProducts); `fastPaths` then need every scale 0 or a
  /// normal number below 2^100 in magnitude (flushInexact). The f16
  /// results are the same:
  ///  - a product below 2^-126 in magnitude, flushed to the zero of its
  ///    sign, rounds to that f16 +-0 anyway (the smallest f16 subnormal is
  ///    2^-24);
  ///  - an f32-subnormal x, read as the zero of its sign, has
  ///    |x * s| < 2^-126 * 2^100 = 2^-26, below half the smallest f16
  ///    subnormal, so x * s rounds to the same +-0;
  ///  - f16 scales widen with vcvtph2ps, which denormals-are-zero leaves
  ///    alone; a subnormal f32 scale fails the check.
  /// Not with a zero point: a subnormal x next to a small normal zero point
  /// may move x - zero_point across an f16 rounding boundary.
  /// On the Zen 5 VM (bench/micro/subnormal_guard.c, 2026-12-05 about 09:05
  /// UTC, per-tensor, 64 Ki elements, GB/s of x + y): 150-152 on the
  /// benchmark's random codes and on codes with no subnormal product,
  /// against 42-44 / 152 plain and 117-119 / 119 with TinyProducts::Raised
  /// (rerun at 11:12 UTC: 147-150 / 149, 40 / 149, 115-118 / 116).
  bool flushesSubnormals = false;

  /// The loops being built run with subnormals flushed (flushesSubnormals).
  bool flushing() const { return fastPaths && flushesSubnormals; }

  /// Products may take fusedProduct, in the loops built with `fastPaths`.
  /// On this Zen 4 the i8 per-axis -> f16 inner loop on L1-resident data
  /// took 12.7 core cycles per 64 elements with it against 14.9 (bf16
  /// results: 9.4 against 11.6; a microbenchmark of the two instruction
  /// sequences, 2026-11-24 14:00 UTC); in the benchmark (A/B, 15:28 UTC,
  /// 64 Ki) per-axis C=64 went from 43.1 to 44.8 GB/s (i8 -> f16), 58.0 to
  /// 61.2 (i8 -> bf16), 35.9 to 41.0 (i4 -> f16) and 44.7 to 49.3 (i4 ->
  /// bf16). Where the steps' scales and zero points are loop-invariant,
  /// and in period tiles of at least 2 periods (per-axis C=4096), which
  /// build the addend and shifted zero point once per column step for the
  /// tile's rows: on 2026-11-24, 8-13% slower at 64 Ki in an A/B (i8/i4 ->
  /// f16/bf16, 15:27 UTC), within 5% either way with the loops versioned
  /// (build(); 22:21 UTC); on 2026-12-02 (integer x of at most 16 bits
  /// with a zero point -> f16/bf16, tiles of 4, `scripts/bench.sh --full
  /// --ab-binary` against the product, 5 rounds, three runs from 15:54 to
  /// 16:04 UTC, the last over all 8 such x types, the others over 6)
  /// 1.11x, 1.07x and 1.07x at 4 Mi for f16 results (geometric means;
  /// 1.01-1.26x) and 1.09x, 1.07x and 1.02x for bf16 results
  /// (0.95-1.21x), and 1.02x, 1.02x and 0.95x at 64 Ki for f16 (one
  /// outlier of 0.54x, 1.02x in a rerun of 7 rounds) and 0.98x, 1.00x and
  /// 1.02x for bf16 (0.91-1.08x): at 64 Ki the pass over the 4096 scales
  /// costs about what the fused steps save. Tiles of one period, fused in
  /// the second run, ran at 0.95x at 64 Mi, so they keep the product. (f32
  /// results with f16/bf16 scales take the same steps; not timed: the
  /// benchmark's scales have the result's type.)
  /// Measured and left out:
  ///  - blocked steps with both read from tables (the segment tables of
  ///    block-flat loops and the row tables of groups of block rows, with
  ///    bits(M) - zero_point and a third table of -M * scale): in an A/B of
  ///    the kernels (i8/ui8/i16/ui16 -> f16/bf16, 22:40 UTC) blocks of 32
  ///    ran within 3% either way and blocks of 24 12-18% slower (one more
  ///    broadcast and blend per entry). bench/micro/fused_loops.c agrees
  ///    for the i8 blocked-32 loop with the six broadcast loads LLVM emits
  ///    (22:43 UTC: 16.4-16.9 core cycles per 64 elements either way for
  ///    f16, 12.0-12.4 against 12.5-12.9 for bf16); a first version of it
  ///    whose table reads were folded into the addition and the
  ///    multiply-add ({1to16}), which LLVM does not do for a broadcast used
  ///    twice, had given 15.0 against 17.0 (22:31 UTC).
  ///    On Zen 5 again (segment tables, every x type with blocks of 32 ->
  ///    f16/bf16 at 64 Ki and 4 Mi, --ab-binary, 7 rounds, 2026-11-27
  ///    03:57 UTC): i8/ui8/i16/ui16 ran 0.94-1.00x the plain product at
  ///    4 Mi and 0.94-1.05x at 64 Ki, packed x 0.98-1.05x, against
  ///    0.96-1.04x for the x types whose code did not change.
  ///  - blocks of whole steps (block flat, B a multiple of the step), each
  ///    step building bits(M) - zero_point and -M * scale from its scalar
  ///    scale and zero point: i4/ui4/i8 with blocks of 64, 128 and 256
  ///    ran at 0.90x (f16) and 0.91x (bf16) the plain product at 64 Ki and
  ///    0.95x / 0.96x at 4 Mi (--ab-binary, 5 rounds, 2026-12-05 12:30 UTC,
  ///    Zen 5): LLVM splits x + (bits(M) - zero_point) into two additions
  ///    again, so each step has two more instructions than the product's.
  bool fusedMultiplyAdd = false;
  /// fusedProduct's bits(M) - zero_point per zero point, and its scale
  /// vector and -M * scale per scale.
  llvm::DenseMap<Value, Value> fusedShifts;
  llvm::DenseMap<Value, std::pair<Value, Value>> fusedAddends;
  /// fp4ProductInI32Lanes's tables of magnitudes times a scale
  /// (fp4ScaledMagnitudes), per scalar scale.
  llvm::DenseMap<Value, Value> fp4ScaledTables;
  /// smallProductsOfX's i16 bound per scale (scalar, or a step's vector).
  llvm::DenseMap<Value, Value> tinyProductBounds;
  /// Step scales read from an axis table stored in split halves
  /// (splitsScaleTable): each vector holds its step's even lanes, then its
  /// odd ones.
  llvm::DenseSet<Value> splitScales;
  /// The loops being built take the fast paths (hardwareBF16,
  /// fusedMultiplyAdd): build() builds them twice, under a branch on
  /// scalesAllowFastPaths.
  bool fastPaths = false;
  /// Steps look their codes up in tables of their blocks
  /// (LookupTable::appliesToBlocks, blockLookupStep).
  bool blockLookup;
  /// Block tables of f16/bf16 results: the step's blocks share 64-entry
  /// byte planes, or each has 16-entry planes of its own
  /// (LookupTable::sharesBlockPlanes).
  bool blockPlanesShared;
  /// ... and, for 2-bit x, look them up in one table of 16-bit words
  /// instead of two byte planes (LookupTable::looksUpBlockWords).
  bool blockWordLookup;
  /// ... and the register bytes of the lookups in planes of their own.
  int64_t blockLookupBytes;
  /// The groups of block rows look their codes up in planes of their
  /// blocks, computed once per group (LookupTable::appliesToBlockGroups,
  /// groupBlockPlanes).
  bool groupLookup;
  /// The entries of the period table of a per-axis op that takes one
  /// (LookupTable::periodTableEntries), else 0.
  int64_t periodEntries;
  /// Per-axis steps select their results among those of every code
  /// (LookupTable::selectsCodes, selectStep).
  bool codeSelect;
  /// fp8/fp4 x decoded with `decodeTable` (LookupTable::appliesToDecode).
  bool useDecodeTable;
  std::optional<LookupTable> decodeTable;
  /// MX formats: fp8 x decoded with `decodeTable`, f8E8M0FNU scales (powers
  /// of two), bf16 results, on 512-bit registers with AVX-512BW (masked
  /// 16-bit adds). In the loops built with `fastPaths` (every scale 2^k in
  /// the range of exponentAddInexact) readX gives the looked-up bf16 bits
  /// of x's values (words in element order, no widening to f32) and each
  /// step adds k to their exponents (exponentAddProduct): per 64 codes a
  /// qword permute, two vpermi2b, two interleaves and, per 32 results,
  /// and, test, compare and a masked vpaddw, instead of four f32 multiplies
  /// and two vcvtne2ps2bf16 after widening the words.
  bool exponentAdd = false;
  /// MX formats into f16 (fp8 x decoded with `decodeTable`, f8E8M0FNU
  /// scales, blocks of at least 32, on 512-bit registers with AVX512_VBMI):
  /// the f16 results of the 128 codes without the sign bit for each scale
  /// code the op has, computed before the loops with the element builders
  /// of the arithmetic (one code table per code in the range of the op's
  /// codes, scaleCodeRange, buildCodeTables), and each step looks its codes
  /// up in the tables of its blocks (codeTableProduct): per 64 codes of two
  /// blocks a qword permute, two vpermi2b per block and plane, two
  /// blends, a vpternlogd for the sign and two interleaves, where the
  /// arithmetic widens the decoded bf16 bits to f32, multiplies and
  /// narrows each 16 results with vcvtps2ph. The loops built with
  /// `fastPaths` run them where each table takes at least
  /// codeTableMinBlocks blocks (codeTablesPay).
  bool codeTables = false;
  /// The code tables of the loops built with `fastPaths` (buildCodeTables).
  Value codeTableStore;
  /// The code tables' entries (128 codes, sign-folded), the log2 of a
  /// table's bytes (two planes of them), the codes a register of 512 bits
  /// looks up at a time, and the most tables one register looks up.
  static constexpr int64_t kCodeTableEntries = 128;
  static constexpr int64_t kCodeTableBytesLog2 = 8;
  static constexpr int64_t kCodeTableRegisterCodes = 64;
  static constexpr int64_t kCodeTableMaxSources = 3;
  /// Packed x is read with StoredReader::readAsI32.
  bool unpackToI32 = false;
  /// fp4 x where the decode table would apply, on AVX2 without AVX512F or
  /// on AVX-512 with 512-bit registers: decoded in i32 lanes instead
  /// (fp4ProductInI32Lanes).
  bool fp4InI32Lanes = false;
  /// fp4InI32Lanes on AVX-512: the codes zero-extended, the table of the 16
  /// signed values (no sign to XOR in).
  bool fp4SignedTable = false;
  /// fp4InI32Lanes where a step's scale is one scalar (per-tensor, per-axis
  /// rows of one scale): in the loops built with `fastPaths`, which run
  /// when every scale is finite, the 8-entry table holds the magnitudes
  /// times the scale, and the steps multiply nothing. Exact for finite
  /// scales: |m| * |scale| rounds the same whatever the signs, and the
  /// product's sign is the XOR of theirs. (An infinite or NaN scale gives
  /// NaN entries, whose sign the XOR would flip where the multiply keeps
  /// the scale's, or x86's default NaN for 0 * infinity.)
  /// With fp4SignedTable the table holds every signed value times the
  /// scale, which is exact for any scale (each entry is the product the
  /// steps would compute), so those loops fold it without the branch.
  bool fp4ScaledMagnitudes = false;
  /// fp4ScaledMagnitudes only in the loops built with `fastPaths`.
  bool fp4FoldNeedsFiniteScales() const {
    return fp4ScaledMagnitudes && !fp4SignedTable;
  }
  /// f16 results of integer x of at most 8 bits (packed included, in i8
  /// lanes, but not blocked) with a zero point of at most 8 bits or none,
  /// of fp8 x and of f16 x without a zero point, with f16 scales are
  /// computed in f16 (takesNativeF16, nativeF16Product): with AVX512_FP16
  /// on 256- or 512-bit registers, outside lookup tables (fp8 x then takes
  /// no decode table).
  bool nativeF16 = false;
  /// fp8 codes in 1-D vectors decode with decodeMinifloatToF32ViaF16.
  bool decodeViaF16 = false;
  /// The exponent of the power of two that rebiases those decodes
  /// (getMinifloatViaF16Rebias), where it is not 0 and the steps decode x
  /// in arithmetic: in the loops built with `fastPaths` (every |scale| below
  /// 2^100, scalesAllowFastPaths) the decodes leave that multiply out and
  /// the decoded scales take the power of two instead (decodeScale), once
  /// per scale (entry of a table, or per step where a step reads its
  /// scales) rather than once per register of x. Else 0.
  /// bench/micro/fp8_f16_decode.c measured the f8E4M3FN per-tensor -> f32
  /// loop at 41.0-43.5 GB/s with the power of two folded against 37.0-39.2
  /// without (Zen 3, bench/HISTORY.md, session of 2026-11-27 from 23:38 UTC);
  /// in the benchmark (A/B of the 38 fp8 kernels of the core set, 64 Ki and
  /// 4 Mi, Zen 3, session of 2026-11-29 from 15:40 UTC) 0.93-1.35x,
  /// geometric mean 1.09x.
  unsigned foldedRebias = 0;
  Type xElement, yElement, storeElement, scaleElement;
  /// f16 results of arithmetic steps are written a whole step at a time
  /// (F16StoreForm, dequantizeInto).
  bool joinF16Stores;
  /// ... or one register at a time, each vcvtps2ph to a register and its
  /// own store (F16StoreForm::Separate; only with AVX2 or AVX-512, as the
  /// empty inline asm names an x86 vector register: portable code,
  /// cpu-features=none, keeps the memory form).
  bool separateF16Stores;
  /// Periods per period tile (QDQToVectorOptions::periodTile), of per-axis
  /// tables and of per-axis rows along the axis (a row per period).
  int64_t periodTile, rowTile;
  /// The blocks each code table must take for the loops to use them
  /// (QDQToVectorOptions::codeTableMinBlocks); -1: never.
  int64_t codeTableMinBlocks;
  /// The most choice-table bytes one pass over the periods reads
  /// (QDQToVectorOptions::codeSelectMaxTableBytes, resolved).
  int64_t codeSelectBlockBytes;
  Value zeroPoint;
};

} // namespace mlir::qdq::detail

#endif // QDQ_LIB_CONVERSION_QDQTOVECTOR_KERNELBUILDER_H
