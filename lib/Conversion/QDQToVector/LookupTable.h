//===- LookupTable.h - table lookups of the vector lowering -----*- C++ -*-===//
//
// LookupTable: the results (or decoded values) of every code of x of at
// most 8 bits, computed once and looked up per step with
// qdq.table_lookup, and the rules for when each kind of table pays.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_LIB_CONVERSION_QDQTOVECTOR_LOOKUPTABLE_H
#define QDQ_LIB_CONVERSION_QDQTOVECTOR_LOOKUPTABLE_H

#include "Plan.h"

#include "qdq/Dialect/QDQ/IR/QDQ.h"
#include "qdq/Dialect/QDQ/Utils/X86Features.h"

#include "mlir/IR/Builders.h"

#include <utility>

namespace mlir::qdq::detail {

/// How the planes of a decode table (LookupTable::decodeTable) or a code
/// table (LookupTable::codeTable) hold the codes with the sign bit set: in
/// full (256 entries), or folded into the 128 codes without it, the code's
/// sign ORed into the high byte, for fp8 kinds whose negative codes decode
/// to their positive twins with the sign bit (f8E4M3FN and f8E5M2, NaNs
/// included; the FNUZ kinds but for code 0x80, their NaN, which takes the
/// NaN's bits by a compare and two selects).
enum class SignFold { None, Sign, SignWithNaNAt80 };

/// A per-tensor dequantization of x with at most 8 bits (or one row of a
/// per-axis one, LookupTable::appliesToRows) as a table lookup:
/// entry c is the result of x code c, kept for f16/bf16 results as two
/// planes, one per result byte (16 entries for 2- and 4-bit codes, 256 for
/// 8-bit ones), or for f32 results of packed 2-/4-bit x as one vector of
/// f32 entries (f32Entries()). Also the decode table of fp8/fp4 x (the bf16
/// bits of each code's value: the high half of its f32 result with scale 1 and
/// no zero point).
class LookupTable {
public:
  /// Whether a lookup table pays for a per-tensor `op` with `lanes` lanes
  /// per step: the form fits (entries()) and the op has one table.
  static bool applies(DequantizeLinearOp op, int64_t lanes,
                      const X86Features &features) {
    return op.getGranularity() == DequantizeLinearOp::Granularity::PerTensor &&
           entries(op, lanes, features) != 0;
  }

  /// Whether a per-axis `op` under `plan` takes one table per row of x (the
  /// rows scheme, one scale and zero point per row of N elements): when N,
  /// static, is at least rowTableMinLength(). A dynamic N is tested at run
  /// time (DequantizeLinearToVector builds both forms).
  static bool appliesToRows(DequantizeLinearOp op, const Plan &plan,
                            int64_t lanes, const X86Features &features);

  /// The row length N from which the rows of a per-axis `op` under `plan`
  /// take a table each (rowTableLength), or 0 when they take none.
  static int64_t rowTableMinLength(DequantizeLinearOp op, const Plan &plan,
                                   int64_t lanes, const X86Features &features);

  /// The row length from which rows of one scale and zero point of `op`'s
  /// form take a table each (kRowTableElementsPerEntry and its exceptions
  /// times the table's entries), or 0 when the form fits no table.
  static int64_t rowTableLength(DequantizeLinearOp op, int64_t lanes,
                                const X86Features &features);

  /// The entries of `op`'s table when the form fits a table and the x86
  /// features look up `lanes` codes with shuffles, else 0.
  static int64_t entries(DequantizeLinearOp op, int64_t lanes,
                         const X86Features &features);

  /// The number of f32 results the table of `op` holds, or 0 when it holds
  /// byte planes (or is no table): f32 results of packed 2/4-bit x take 16
  /// entries with AVX512F (one vpermps per register); 2-bit x takes 4 with
  /// AVX2 and no AVX512F (one vpermilps per 8 results, which looks up
  /// within each 128-bit lane). On AVX2 a lookup of 4-bit codes would take
  /// two vpermps and a blend per 8 results: in bench/micro/avx2_f32_tables.c
  /// on Zen 3 (2026-11-28 05:42 UTC) that ran at 0.70-0.75x the arithmetic,
  /// and 2-bit codes with vpermilps at 1.61-1.64x (vpermps 1.34-1.48x), so
  /// 4-bit x stays in arithmetic there.
  static int64_t f32Entries(DequantizeLinearOp op, int64_t lanes,
                            const X86Features &features);

  /// Whether fp8/fp4 x that no whole-formula table covers (per-axis,
  /// blocked) is decoded with a table: entry c is the bf16 bits of code c
  /// (every fp8/fp4 value, NaN and infinities included, is exact in bf16:
  /// at most 3 mantissa bits, exponents within bf16's normal range), the
  /// high halves of the f32 values (lookupHighHalves). Two lookups and two
  /// shuffles per step replace a dozen integer operations per vector. (f16
  /// bits, also exact, were widened with vcvtph2ps, which was slower: on
  /// Zen 4, f8E4M3FN per-axis C=64 -> f16 ran at 30.0 GB/s with them
  /// against 39.1 with bf16 bits, and per-tensor -> f32 at 71.6 against
  /// 103; 64 Ki elements, one A/B run, 2026-11-24 14:39 UTC.)
  static bool appliesToDecode(DequantizeLinearOp op, int64_t lanes,
                              const X86Features &features);

  /// Whether a blocked `op` under `plan`, with steps of `lanes` lanes,
  /// looks its codes up in tables of their blocks (block tables): packed
  /// 2/4-bit x (integer or fp4) in block-flat steps (the blocks along the
  /// innermost axis, each step within one block or over whole blocks) of
  /// blocks of at least kBlockTableMinBlock elements, a multiple of 16 (so
  /// that each 16 lanes lie in one block). Each step computes the results
  /// of the codes of each of its blocks with the arithmetic path, then
  /// looks its codes up in them: in an f32 table of 16 codes per 16 lanes
  /// (vpermps), or for f16/bf16 results in a byte-plane table of 64 entries
  /// (vpermb) that holds up to 64 / 2^bits blocks, indexed by code + 2^bits
  /// * the lane's block in the step (blockTableCodes). Without 64-entry
  /// byte lookups (AVX2, or AVX-512 without VBMI, which was not measured)
  /// each block has byte planes of 16 entries of its own instead, looked up
  /// (vpshufb) by the lanes of the step that lie in that block
  /// (sharesBlockPlanes, ownBlockPlaneBytes). Per 32
  /// codes of 4-bit x that is 16 conversions, multiplies and roundings
  /// instead of 32, and 4 for 2-bit x with f16/bf16 results, whose tables
  /// are one table of 16-bit words where the CPU allows
  /// (looksUpBlockWords). In block rows (blocks that do not divide the
  /// steps) see appliesToBlockRows.
  static bool appliesToBlocks(DequantizeLinearOp op, const Plan &plan,
                              int64_t lanes, const X86Features &features);

  /// Block tables in block rows in groups (appliesToBlocks for
  /// Scheme::BlockRows): blocked packed x with f16/bf16 results whose
  /// blocks do not divide the steps (blocks of 24, or a partial last block
  /// per row). A step of a group takes up to 64 / 2^bits blocks in a
  /// static pattern of lanes; it computes the results of every code of
  /// each (its blocks padded to a power of two) and looks its codes up in
  /// shared 64-entry planes, indexed by code + 2^bits * the lane's block
  /// in the step, where that costs at most half the arithmetic of its
  /// codes: 2-bit x with blocks of at least about 8 codes per lane step
  /// (blocks of 24 on 64 lanes: 16 results per 64 codes).
  static bool appliesToBlockRows(DequantizeLinearOp op, const Plan &plan,
                                 int64_t lanes, const X86Features &features);

  /// Block tables per group in block rows (where appliesToBlockRows does
  /// not apply; KernelBuilder::groupBlockPlanes): each group of
  /// lcm(B, lanes) columns computes the results of every code of its
  /// blocks once, into two byte planes of at most 128 entries (entry
  /// 2^bits * k + c: code c in the group's block k), and each step of the
  /// group looks its codes up in them (one vpermi2b per plane and 64
  /// codes), indexed by code + 2^bits * the lane's block in the group.
  /// Where the group's results are at most two thirds of its codes: 4-bit
  /// x (fp4 included) with blocks of 24 (128 results per 192 codes) or 40
  /// (128 per 320), whose steps would compute as many results as they have
  /// codes with tables of their own (blocks of 24 on 64 lanes: 3 or 4
  /// blocks per step, 64 results padded). Not 2-bit x (see the
  /// definition).
  static bool appliesToBlockGroups(DequantizeLinearOp op, const Plan &plan,
                                   int64_t lanes, const X86Features &features);

  /// Block tables of f16/bf16 results of packed 2-bit x with shared planes
  /// (appliesToBlocks, sharesBlockPlanes): whether the steps look their
  /// codes up in one 32-entry table of the results' 16-bit words (AVX512BW
  /// vpermw, the codes unpacked into i16 lanes with one vpmultishiftqb per
  /// 32) instead of two 64-entry byte planes (two vpermb per 64 codes to
  /// form the planes, two to look up, two unpacks to interleave). A step's
  /// blocks then hold at most 32 results (8 blocks).
  static bool looksUpBlockWords(DequantizeLinearOp op, int64_t lanes,
                                const X86Features &features);

  /// Block tables of f16/bf16 results (appliesToBlocks): whether the
  /// blocks of a step share one pair of 64-entry byte planes (true), or
  /// each block in the step has 16-entry planes of its own (false).
  static bool sharesBlockPlanes(int64_t lanes, const X86Features &features);

  /// Block tables with planes of their own (!sharesBlockPlanes): the
  /// register bytes of the lookups of the step's lanes in one block, or 0
  /// when the CPU has no byte lookup of that width.
  static int64_t ownBlockPlaneBytes(int64_t block, int64_t lanes,
                                    const X86Features &features);

  /// The entries per block of a block table (appliesToBlocks): every code
  /// of packed x in the byte planes of f16/bf16 results (4 for 2-bit x, 16
  /// for 4-bit x); 16 in the f32 table of each 16 lanes, which vpermps
  /// indexes with 4 bits. 4 instead of 16 entries for 2-bit x, in an A/B
  /// of i2/ui2 blocked-32 (scripts/bench.sh --full --ab-binary, 5 rounds,
  /// Zen 4, 2026-11-25 12:38 UTC): f16 results 1.18-1.21x at 64 Ki and
  /// 4 Mi, bf16 results (two registers per vcvtne2ps2bf16) 1.00-1.02x,
  /// 64 Mi (DRAM) 1.00-1.02x.
  static int64_t blockTableCodes(Type xElement, Type yElement);

  /// The entries of the one table of a per-axis `op` under `plan` whose
  /// parameters repeat with every step (a period table), or 0 when it takes
  /// none. The axis-table scheme with a period of K * N elements that
  /// divides the step (so every step starts on a period, and lane p always
  /// takes axis entry k(p) = (p / N) mod K), x of at most 8 bits whose K *
  /// 2^bits (entry, code) pairs fit a byte lookup of 16, 64 or 256 entries
  /// (packed 2/4-bit x, or 8-bit x with K = 1 and N dividing the step) and
  /// f16/bf16 results: entry (k << bits) + c is the result of code c with
  /// axis entry k, and each step ORs its codes with the
  /// constant k(p) << bits and looks them up like per-tensor codes (4-bit x
  /// with C = 16 along the innermost axis: 256 entries). Not where code
  /// selection applies (selectsCodes: packed 2-bit x on 512-bit vectors
  /// with AVX-512BW), so 2-bit x takes it only with 16 entries on hosts
  /// without AVX-512BW. The arithmetic would convert, multiply and round
  /// every element. In an A/B of i2 and
  /// ui2 per-axis C=64 (`scripts/bench.sh --full --ab-binary`, 5 rounds,
  /// Zen 4, 2026-11-25 08:58-09:00 UTC), f16 results went from 37.2-38.9
  /// to 47.0-48.7 GB/s at 64 Ki and 4 Mi (1.24-1.26x), bf16 results, whose
  /// arithmetic rounds with vcvtne2ps2bf16, 1.04-1.09x; 64 Mi is
  /// DRAM-bound (1.00-1.02x). The loop then runs 9 byte shuffles per 64
  /// codes (unpacking, two 128-entry halves per plane, interleave). 8
  /// registers per iteration ran at 0.88-0.93x at 64 Ki and 1.05-1.07x at
  /// 4 Mi (09:01 UTC), so on 512-bit registers it keeps 4.
  /// `maxChoiceTableBytes` is selectsCodes'.
  static int64_t periodTableEntries(DequantizeLinearOp op, const Plan &plan,
                                    int64_t lanes, const X86Features &features,
                                    int64_t maxChoiceTableBytes);

  /// Whether a per-axis `op` under `plan`, with steps of `lanes` lanes,
  /// selects each result among the results of every code (code selection):
  /// the axis-table scheme with a period P' of whole steps (read by tables,
  /// not in place), packed 2-bit integer x, f16/bf16 results, and
  /// AVX-512BW (byte tests into mask registers, masked word blends; 512-bit
  /// vectors, which X86Features::limitedTo requires of it). The 4 step
  /// vectors of the results of codes 0-3 with each lane's parameters are
  /// computed with the arithmetic path (KernelBuilder::codeChoices): once,
  /// before the loop, when P' is one step; else for every step offset of
  /// the period into a choice table (at most kCodeSelectMaxTableBytes, for
  /// static x of at least kCodeSelectMinTableRows periods), before the
  /// loops, which each step reads (the loops then take one period at a
  /// time: no period tiles). `maxChoiceTableBytes` (the option
  /// code-select-max-table-bytes or the host's) bounds the bytes of the
  /// table one pass over the rows reads: a larger table is read in column
  /// blocks (KernelBuilder::columnBlockColumns; 32 KiB for per-axis
  /// C=4096 with f16/bf16 results fit Zen 5's 48 KiB L1 but not Zen 4's
  /// 32 KiB, where it ran at 0.63-0.72x the arithmetic read whole); a
  /// bound below one step's choices leaves the arithmetic. Each step
  /// spreads its 16 bytes
  /// over the 64 lanes (one vpermb), tests each code bit into a mask
  /// (vptestmb) and selects (selectByCodes: 3 word blends per register), 17
  /// instructions per 64 codes where the period table (periodTableEntries)
  /// took 28 (9 byte shuffles) and the arithmetic converts, multiplies and
  /// rounds every element. Measured on Zen 5 (scripts/bench.sh --full
  /// --ab-binary, 5 rounds, bench/HISTORY.md, 2026-12-04):
  ///  - P' one step (i2/ui2 per-axis C=64, against the period table, 19:28
  ///    UTC): f16 results 1.23-1.54x at 64 Ki and 1.22-1.27x at 4 Mi, bf16
  ///    results 1.62-1.63x and 1.32-1.39x, 64 Mi (DRAM) 0.98-1.04x. f32
  ///    results (16 registers of choices, 12 blends per 64 codes) ran at
  ///    0.70-0.75x the arithmetic at 64 Ki and keep it.
  ///  - A choice table (i2/ui2 per-axis C=4096 -> f16/bf16, 20:48-20:52
  ///    UTC): against the arithmetic with the host's tiles of 4 periods
  ///    0.93-1.01x at 64 Ki (the table costs a quarter of the arithmetic of
  ///    16 rows), 0.95-1.28x at 4 Mi, 1.12-1.22x at 64 Mi; against the
  ///    arithmetic one period at a time 1.02-1.11x, 1.27-1.51x and
  ///    1.00-1.01x. The same table read in tiles of 4 periods ran at
  ///    0.76-0.99x the arithmetic.
  static bool selectsCodes(DequantizeLinearOp op, const Plan &plan,
                           int64_t lanes, const X86Features &features,
                           int64_t maxChoiceTableBytes);

  /// The choices of code selection: one per code of `xElement` (2^bits).
  static int64_t choicesPerStep(Type xElement) {
    return int64_t(1) << xElement.getIntOrFloatBitWidth();
  }

  /// The bytes of one step's choices in a choice table: the results of
  /// every code for `lanes` lanes. The unit of both the table's size and
  /// its column blocks (KernelBuilder::columnBlockColumns).
  static int64_t choiceStepBytes(Type xElement, Type yElement, int64_t lanes) {
    return choicesPerStep(xElement) * lanes *
           (yElement.getIntOrFloatBitWidth() / 8);
  }

  /// Code selection (selectsCodes): the results of the `bits`-bit codes
  /// packed in `bytes` (vector<m x i8>, 8 / bits codes per byte, the first in
  /// the low bits), chosen from `choices` (vector<2^bits * n x T>, n = m * 8
  /// / bits: choice c's results of the n lanes at c * n): each byte spread
  /// to the lanes of its codes, code bit k of each lane tested into a mask,
  /// and a tree of selects, one level per bit. Returns vector<n x T>.
  static Value selectByCodes(OpBuilder &b, Location loc, Value bytes,
                             unsigned bits, Value choices);

  /// Computes the table (before the loop) for per-tensor `scale` (decoded
  /// f32 scalar) and `zeroPoint` (prepared scalar, or null) with the same
  /// element builders as the arithmetic path. `f32Entries` (0, 4 or 16):
  /// the number of f32 results to keep instead of byte planes. f32
  /// `yElement` without them keeps the high halves of the f32 results as
  /// the planes (the decode table: its values are exact in bf16, so the
  /// low halves are zero; with constant operands the planes fold to
  /// constants).
  LookupTable(OpBuilder &b, Location loc, Type xElement, Value scale,
              Value zeroPoint, Type yElement, int64_t f32Entries = 0);

  /// The decode table of fp8/fp4 `xElement` (appliesToDecode): the bf16
  /// bits of every code's value, the high halves of its f32 results with
  /// scale 1 and no zero point (sign-folded for fp8 x, SignFold).
  static LookupTable decodeTable(OpBuilder &b, Location loc, Type xElement);

  /// A code table (KernelBuilder::codeTables): the results of the 128
  /// codes of fp8 `xElement` without the sign bit times the f32 scalar
  /// `scale` (an f8E8M0FNU scale 2^k), rounded to `yElement` by the
  /// element builders of the arithmetic path, as two byte planes, looked
  /// up sign-folded as the decode table's (SignFold; fold()).
  static LookupTable codeTable(OpBuilder &b, Location loc, Type xElement,
                               Value scale, Type yElement);

  /// The byte planes (low bytes, high bytes) of a table of f16/bf16 (or
  /// decode) entries.
  std::pair<Value, Value> bytePlanes() const { return {planes[0], planes[1]}; }

  /// How the planes hold the codes with the sign bit set.
  SignFold fold() const { return signFold; }

  /// Looks `codes` (vector<n x i8>) up in one of several tables per
  /// element: element e in the byte planes `planes[sourceOf[e]]` (each of
  /// 128 entries when `fold` is not None), read in the in-lane order of
  /// lookupWordsInLaneOrder when n is a multiple of 64. Each table looks up
  /// every code (one vpermi2b per plane and table), and constant selects
  /// keep each element's own. `nanWord`: the entry of the FNUZ NaN code
  /// 0x80 (SignWithNaNAt80). Returns the 16-bit entries as vector<n x i16>.
  static Value lookupWordsBySource(OpBuilder &b, Location loc,
                                   ArrayRef<std::pair<Value, Value>> planes,
                                   ArrayRef<int64_t> sourceOf, Value codes,
                                   SignFold fold, uint16_t nanWord);

  /// The period table (periodTableEntries(), `entries` entries) of a
  /// per-axis op under `plan` for steps of `lanes` lanes, from the step's
  /// parameters: `scale` (decoded f32) and `zeroPoint` (prepared, or null)
  /// hold lane p's, whose axis entry is k(p) = (p / N) mod K, so entry
  /// (k << bits) + c takes lane k * N's. Lookups OR each code with its
  /// lane's k(p) << bits.
  static LookupTable forPeriod(OpBuilder &b, Location loc, Type xElement,
                               Value scale, Value zeroPoint, Type yElement,
                               const Plan &plan, int64_t entries,
                               int64_t lanes);

private:
  LookupTable() = default;

  /// The table of the results of `codes` (the stored codes of its entries)
  /// with per-entry `scale` and `zeroPoint` (or null); see the constructor.
  void fill(OpBuilder &b, Location loc, Type xElement, Value x, Value scale,
            Value zeroPoint, Type yElement, bool keepF32);

public:
  /// The stored form of `count` codes of x of `xElement` (at most 8 bits),
  /// code c mod 2^bits in lane c: the byte itself, or for packed x the code
  /// in an i8 lane, sign-extended for signed types (so 2-bit codes repeat
  /// every 4 entries: the tables of 16 entries read only the first 4, block
  /// tables of 2-bit x take one repeat per block).
  static Value storedCodes(OpBuilder &b, Location loc, Type xElement,
                           int64_t count);

  /// The low and high bytes of 16-bit values (f16, bf16 or i16 vectors),
  /// as two i8 vectors of their length.
  static std::pair<Value, Value> bytePlanes(OpBuilder &b, Location loc,
                                            Value values);

  /// Byte planes of `count` entries from `valueBytes`, the bytes of 16-bit
  /// values (vector<2n x i8>): entry e the low and high byte of value
  /// first + e mod `period`, one byte shuffle each (block tables).
  static std::pair<Value, Value>
  repeatedBytePlanes(OpBuilder &b, Location loc, Value valueBytes,
                     int64_t count, int64_t first, int64_t period);

  /// Whether lookupPacked applies (the table holds f32 entries).
  bool takesPackedBytes() const { return bool(f32Table); }

  /// f32 entries: looks up the `bits`-bit codes packed in `bytes`
  /// (vector<m x i8>, 8 / bits codes per byte, the first in the low bits).
  /// 16 entries: the bytes shifted right by 0, bits, 2 * bits, ... are
  /// concatenated, and one byte shuffle gives each i32 index its code's
  /// byte from the copy where that code is in the low bits (repeated in all
  /// four bytes); the lookup reads the low 4 bits (2-bit codes: the table
  /// repeats its 4 entries). On AVX-512 VBMI that is one vpermb and one
  /// vpermps per register. 4 entries (AVX2): qdq.unpack_bits makes the
  /// indices (one vpshufb and two shifts per register, where the generic
  /// shuffle above took a vpshufb, a vpermd and a blend), then one
  /// vpermilps per register.
  Value lookupPacked(OpBuilder &b, Location loc, Value bytes,
                     unsigned bits) const {
    auto tableType = cast<VectorType>(f32Table.getType());
    Value indices;
    if (tableType.getNumElements() == 4) {
      int64_t n = cast<VectorType>(bytes.getType()).getNumElements() * 8 /
                  int64_t(bits);
      indices =
          UnpackBitsOp::create(b, loc, VectorType::get({n}, b.getI32Type()),
                               bytes, bits, /*sign_extend=*/false);
    } else {
      indices = packedIndices(b, loc, bytes, bits);
    }
    return TableLookupOp::create(b, loc, f32Table, indices);
  }

  /// The i32 indices of f32 lookups of the `bits`-bit codes packed in
  /// `bytes` (see lookupPacked): each holds its code in its low bits.
  static Value packedIndices(OpBuilder &b, Location loc, Value bytes,
                             unsigned bits);

  /// Byte planes: looks up raw `codes` (vector<n x i8>), giving the results'
  /// bits as vector<n x i16>.
  Value lookup(OpBuilder &b, Location loc, Value codes,
               bool inLaneOrder = false) const;

  /// Looks `codes` (vector<n x i8>) up in the byte-plane tables `low` and
  /// `high`, giving the 16-bit entries as vector<n x i16> (`fold`: planes
  /// of the 128 codes without the sign bit, see SignFold).
  static Value lookupWords(OpBuilder &b, Location loc, Value low, Value high,
                           Value codes, SignFold fold = SignFold::None);

  /// lookupWords for n codes, n a multiple of 64, on 512-bit registers: the
  /// codes are first put in the order that makes the final interleave of
  /// the two planes' bytes in-lane (vpunpcklbw/vpunpckhbw, where the
  /// interleave of codes in element order crosses 128-bit lanes; see
  /// laneOrder). Codes that come from a shuffle (unpacked packed x) take
  /// the reorder into it; loaded codes take one qword permute (runs of 8
  /// move). `offsets`, when given, holds a constant per element that is
  /// ORed into its index (block tables: LookupTable::blockTableCodes times
  /// its block in the step).
  static Value lookupWordsInLaneOrder(OpBuilder &b, Location loc, Value low,
                                      Value high, Value codes,
                                      ArrayRef<int64_t> offsets = {},
                                      SignFold fold = SignFold::None);

  /// The in-lane order of n codes on registers of R bytes (R a multiple of
  /// 16 that divides n): in each R codes, position 16 * L + j holds element
  /// 8 * L + j and position 16 * L + 8 + j element R / 2 + 8 * L + j (L the
  /// 128-bit lane, j < 8). Interleaving the bytes looked up for codes in
  /// this order within 128-bit lanes gives the results in element order.
  static SmallVector<int64_t> laneOrder(int64_t n, int64_t registerBytes);

  /// Looks `indices` (vector<n x i8>, codes in the order `elementAt`, which
  /// laneOrder gives) up in the byte planes `low` and `high`, giving the
  /// 16-bit entries in element order as vector<n x i16>.
  static Value lookupWordsOrdered(OpBuilder &b, Location loc, Value low,
                                  Value high, Value indices,
                                  ArrayRef<int64_t> elementAt,
                                  SignFold fold = SignFold::None);

  /// Byte planes of bf16 entries: looks up raw `codes` (vector<n x i8>),
  /// giving the entries as the high halves of f32 values (vector<n x f32>,
  /// low halves zero), for registers of `registerLanes` f32 lanes. One
  /// shuffle of the two planes' bytes makes the bf16 words, a second one
  /// interleaves them with zero words. When n is a whole number of register
  /// pairs, the words are put in the order the second shuffle then reads
  /// as in-lane interleaves of each word register's low and high 64 bits
  /// of every 128-bit lane with zeros (vpunpcklwd/vpunpckhwd, no cross-lane
  /// permute).
  Value lookupHighHalves(OpBuilder &b, Location loc, Value codes,
                         int64_t registerLanes) const;

  /// Block tables in words (KernelBuilder::lookUpBlockCodes): `results`
  /// (at most 32 f16/bf16 results, the codes of a step's blocks) as a
  /// 32-entry table of i16, looked up (vpermw) by `codes` (vector<n x i16>)
  /// ORed with `offsets` (perBlock * each lane's block; none if empty).
  static Value lookupBlockWords(OpBuilder &b, Location loc, Value results,
                                Value codes, ArrayRef<int64_t> offsets);

private:
  /// `codes` (vector<n x i8>, or of wider integers) ORed with the constant
  /// `bytes` (n of them).
  static Value orConstant(OpBuilder &b, Location loc, Value codes,
                          ArrayRef<int64_t> bytes);

  /// The low and high byte of each code's entry, looked up in the byte
  /// planes `low` and `high` (the table's own, by default). Folded
  /// (`fold`): planes of 128 entries, which the lookups read mod 128, and
  /// the code's sign bit ORed into the high byte (SignFold).
  static std::pair<Value, Value> lookupPlanes(OpBuilder &b, Location loc,
                                              Value low, Value high,
                                              Value codes,
                                              SignFold fold = SignFold::None);
  /// How the tables of fp8 `xElement` fold the sign (None for other x).
  static SignFold signFoldOf(Type xElement);

  /// The sign of `codes` ORed into the looked-up `highBytes` (`fold`
  /// Sign), and code 0x80 taking the bytes of `nanWord` (SignWithNaNAt80).
  static std::pair<Value, Value> foldSign(OpBuilder &b, Location loc,
                                          Value lowBytes, Value highBytes,
                                          Value codes, SignFold fold,
                                          uint16_t nanWord = 0x7FC0);

  /// The bytes `lowBytes` and `highBytes` looked up for codes in the order
  /// `elementAt` interleaved into words in element order (vector<n x i16>).
  static Value interleaveOrdered(OpBuilder &b, Location loc, Value lowBytes,
                                 Value highBytes, ArrayRef<int64_t> elementAt);

  std::pair<Value, Value> lookupPlanes(OpBuilder &b, Location loc,
                                       Value codes) const {
    return lookupPlanes(b, loc, planes[0], planes[1], codes, signFold);
  }

  SmallVector<Value, 2> planes;
  /// Decode tables (decodeTable) of fp8 x: planes of codes 0-127 only
  /// (SignFold). Where the CPU looks up 256 entries with two vpermi2b and a
  /// select on the code's top bit per plane, 128 take one vpermi2b, and the
  /// sign is one vpternlogd on the high plane's bytes.
  SignFold signFold = SignFold::None;
  /// The 16 f32 results, when the table holds f32 entries.
  Value f32Table;
  /// Period tables (forPeriod): each lane's constant offset, ORed into its
  /// code before the lookup; empty when every offset is 0.
  SmallVector<int64_t> laneOffsets;
};

} // namespace mlir::qdq::detail

#endif // QDQ_LIB_CONVERSION_QDQTOVECTOR_LOOKUPTABLE_H
