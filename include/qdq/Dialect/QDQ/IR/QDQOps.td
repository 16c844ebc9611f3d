//===- QDQOps.td - qdq dialect operations ------------------*- tablegen -*-===//
//
// qdq.dequantize_linear: y = (x - zero_point) * scale.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_IR_QDQOPS_TD
#define QDQ_DIALECT_QDQ_IR_QDQOPS_TD

include "qdq/Dialect/QDQ/IR/QDQBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def QDQ_DequantizeLinearOp : QDQ_Op<"dequantize_linear", [Pure]> {
  let summary = "linear dequantization: y = (x - zero_point) * scale";
  let description = [{
    Dequantizes `x` elementwise: `y = (x - zero_point) * scale`, with `scale`
    and the optional `zero_point` broadcast over `x` in one of three
    granularities:

    * **per-tensor**: `scale` is 0-D, or 1-D with exactly one element. One
      scale for the whole tensor. `axis` is ignored (and not range-checked).
    * **per-axis**: `block_size` is 0 and `scale` is 1-D with `x.dim(axis)`
      elements: `y[i] = (x[i] - zero_point[i_axis]) * scale[i_axis]`.
    * **blocked**: `block_size` B > 0 and `scale` has the rank of `x`, the same
      dims except along `axis`, where it has `ceil(x.dim(axis) / B)` entries:
      `y[i] = (x[i] - zero_point[j]) * scale[j]` with `j` equal to `i` except
      `j_axis = floor(i_axis / B)`. The last block may be partial; none is
      empty.

    Operands, in this order: `x`, `scale`, optional `zero_point`. Properties:
    `axis` (default 1; negative values count from the back, as in ONNX) and
    `block_size` (default 0, not blocked). The result element type is chosen
    freely among f32, f16 and bf16 (ONNX `output_dtype`).

    Numerics: x and the zero point are decoded exactly; integer zero points
    are subtracted exactly in integer arithmetic; the difference is converted
    to f32 once, multiplied by the scale in f32 and rounded once (to nearest
    even) to the result type. For fp8 and fp4 inputs the zero point must be
    zero and is not subtracted, so -0 stays -0. f16 and bf16 inputs subtract
    their zero point in f32. NaN, infinities, -0 and subnormals propagate as
    the formats define them.

    ### Verification rules

    Each rule has an id; the verifier cites it in a comment next to the check
    and `test/Dialect/QDQ/invalid.mlir` has a case named after it.

    * **DQ-R1** `x` and `zero_point` are ranked tensors of `i2 ui2 i4 ui4 i8
      ui8 i16 ui16 i32 ui32` (signless and `si` integers are signed),
      `f8E4M3FN f8E4M3FNUZ f8E5M2 f8E5M2FNUZ f4E2M1FN f16 bf16`.
    * **DQ-R2** `scale` is a ranked tensor of `f32 f16 bf16 f8E8M0FNU`.
    * **DQ-R3** `y` is a ranked tensor of `f32 f16 bf16`.
    * **DQ-R4** `y` has exactly the shape of `x` (dynamic dims in the same
      places).
    * **DQ-R5** `block_size` is not negative.
    * **DQ-R6** per-tensor `scale` (0-D or one-element 1-D): `block_size`
      is 0. `axis` is not checked in this mode.
    * **DQ-R7** per-axis and blocked: `axis` lies in `[-r, r-1]` for `x` of
      rank `r` (so neither mode exists for a 0-D `x`).
    * **DQ-R8** per-axis (`block_size` 0, `scale` not per-tensor): `scale` is
      1-D.
    * **DQ-R9** per-axis: `scale` has `x.dim(axis)` elements.
    * **DQ-R10** blocked: `scale` has the rank of `x`.
    * **DQ-R11** blocked: `scale` has the dims of `x` except along `axis`.
    * **DQ-R12** blocked: along `axis`, `scale` has exactly
      `ceil(x.dim(axis) / block_size)` entries.
    * **DQ-R13** `zero_point` has the shape of `scale`, where `[]` and `[1]`
      are the same shape; with a per-axis `scale` a one-element
      `zero_point` is also accepted (oneDNN) and applies to every element.
    * **DQ-R14** `zero_point` has the element type of `x` (signless and `si`
      integers are the same type here), or, as oneDNN allows, `x` is a 4- or
      8-bit integer and `zero_point` is one of `i4 ui4 i8 ui8 i32`.
    * **DQ-R15** when `x` is `i32`, `ui32`, fp8 or fp4, a constant
      `zero_point` is all zero (numerically; -0.0 counts as zero). Only
      constants with inline values (`dense<...>`) are inspected, not
      `dense_resource` blobs or run-time values: for those the lowering
      ignores an fp8/fp4 zero point and subtracts a 32-bit one exactly.

    A check that needs a dim which is dynamic (DQ-R9, DQ-R11, DQ-R12,
    DQ-R13) is not made by the verifier; the lowering checks those sizes at
    run time.

    ### Folding and canonicalization

    Every rewrite keeps the result bit for bit what the lowered code
    computes, with the one exception noted below.

    * Constant operands (x, scale and zero point all `DenseElementsAttr`
      constants, e.g. `arith.constant`; `dense_resource` blobs are not
      read) are evaluated at compile time with exactly the numerics above,
      in APInt/APFloat, NaNs included: an fp8 NaN decodes to
      `sign | 0x7FC00000`, an f32 operation on a NaN returns its first NaN
      operand quieted and an invalid one (inf * 0, inf - inf) the x86
      default NaN 0xFFC00000, as the compiled code does on x86-64. The
      canonicalizer folds only ops whose result is a splat (x, scale and
      zero point are splats), so `--canonicalize` never turns a compact
      quantized weight into a larger constant; the `--qdq-fold-constants`
      pass folds results up to its `max-elements` option (65536 by
      default), and `--qdq-to-llvm` runs it unless its `fold` option is
      false.
    * A constant zero point that changes nothing is dropped: all zero for
      integer x, any (zero, by DQ-R15) for fp8/fp4 x, all +0.0 for f16/bf16
      x (a -0.0 zero point would turn x = -0 into +0 and stays).
    * A per-axis or blocked op whose constant scale, and zero point if any,
      each hold one value becomes per-tensor (0-D constants), when the dims
      its granularity ties to the scale are static (no run-time size check
      is lost).
    * Constant `[1]`-shaped per-tensor scales and zero points become 0-D,
      and per-tensor ops take the default `axis` (1), which they ignore.
    * f16 x to an f16 result with a per-tensor scale of exactly 1 and no
      zero point is x. The exception: a signalling NaN in x comes out
      unchanged, where the lowering (fpext) would quiet it, as LLVM's own
      NaN rules allow. bf16 is not simplified this way, since its NaN
      results are always `sign | 0x7FC0`.

    ### Syntax

    `axis` and `block_size` are printed only when they differ from their
    defaults (1 and 0); the types are those of the operands and the result.

    Examples (complete, so that the test suite can run each through
    `qdq-opt`):

    ```mlir
    // Per-tensor uint8 with a zero point (ONNX test_dequantizelinear).
    func.func @per_tensor(%x: tensor<4xui8>, %s: tensor<f32>,
                          %zp: tensor<ui8>) -> tensor<4xf32> {
      %y = qdq.dequantize_linear %x, %s, %zp
          : (tensor<4xui8>, tensor<f32>, tensor<ui8>) -> tensor<4xf32>
      return %y : tensor<4xf32>
    }
    ```

    ```mlir
    // Per-axis int8 along axis 1, f16 result, no zero point.
    func.func @per_axis(%w: tensor<64x128xi8>, %s: tensor<128xf32>)
        -> tensor<64x128xf16> {
      %y = qdq.dequantize_linear %w, %s
          : (tensor<64x128xi8>, tensor<128xf32>) -> tensor<64x128xf16>
      return %y : tensor<64x128xf16>
    }
    ```

    ```mlir
    // Blocked int4 along axis 0, blocks of 32 rows, with a zero point.
    func.func @blocked(%q: tensor<64x128xi4>, %s: tensor<2x128xf32>,
                       %z: tensor<2x128xi4>) -> tensor<64x128xf32> {
      %y = qdq.dequantize_linear %q, %s, %z axis = 0 block_size = 32
          : (tensor<64x128xi4>, tensor<2x128xf32>, tensor<2x128xi4>)
          -> tensor<64x128xf32>
      return %y : tensor<64x128xf32>
    }
    ```

    ```mlir
    // fp8 with a power-of-two (f8E8M0FNU) scale and a bf16 result.
    func.func @fp8(%a: tensor<?x32xf8E4M3FN>, %e: tensor<f8E8M0FNU>)
        -> tensor<?x32xbf16> {
      %y = qdq.dequantize_linear %a, %e
          : (tensor<?x32xf8E4M3FN>, tensor<f8E8M0FNU>) -> tensor<?x32xbf16>
      return %y : tensor<?x32xbf16>
    }
    ```

    The generic form uses the same operand order and property names:

    ```mlir
    func.func @generic(%x: tensor<64x128xi4>, %s: tensor<2x128xf32>,
                       %z: tensor<2x128xi4>) -> tensor<64x128xf32> {
      %y = "qdq.dequantize_linear"(%x, %s, %z)
          <{axis = 0 : i64, block_size = 32 : i64}>
          : (tensor<64x128xi4>, tensor<2x128xf32>, tensor<2x128xi4>)
          -> tensor<64x128xf32>
      return %y : tensor<64x128xf32>
    }
    ```
  }];

  let arguments = (ins
    RankedTensorOf<[QDQ_QuantizedElement]>:$x,
    RankedTensorOf<[QDQ_ScaleElement]>:$scale,
    Optional<RankedTensorOf<[QDQ_QuantizedElement]>>:$zero_point,
    DefaultValuedAttr<I64Attr, "1">:$axis,
    DefaultValuedAttr<I64Attr, "0">:$block_size
  );
  let results = (outs RankedTensorOf<[QDQ_ResultElement]>:$y);

  let assemblyFormat = [{
    $x `,` $scale `` custom<OptionalZeroPoint>($zero_point)
    (`axis` `=` $axis^)? (`block_size` `=` $block_size^)?
    attr-dict `:` functional-type(operands, results)
  }];

  let hasVerifier = 1;
  let hasCanonicalizer = 1;

  let extraClassDeclaration = [{
    /// How the scale (and zero point) are broadcast over x.
    enum class Granularity { PerTensor, PerAxis, Blocked };

    /// The granularity the operand shapes and block_size select (valid after
    /// verification; see the op description).
    Granularity getGranularity();

    /// `axis` normalized to [0, rank(x)) (meaningful for per-axis and
    /// blocked only).
    int64_t getNormalizedAxis();
  }];
}

//===----------------------------------------------------------------------===//
// PackedBytesOp
//===----------------------------------------------------------------------===//

def QDQ_PackedElement : AnyTypeOf<[QDQ_AnyInt<2>, QDQ_AnyInt<4>, F4E2M1FN],
                                  "packed sub-byte element (i2, i4, f4E2M1FN)">;

def QDQ_PackedBytesOp : QDQ_Op<"packed_bytes", [Pure]> {
  let summary = "the packed bytes of a sub-byte tensor or memref";
  let description = [{
    Views a tensor or identity-layout memref of 2- or 4-bit elements as the
    bytes that hold it: `ceil(bits * N / 8)` bytes, 8/bits elements per byte,
    the first element in the lowest bits, row-major (the ONNX packing that
    qdq's calling convention uses). The result aliases the source. The
    vector lowering uses it to load packed data a byte vector at a time.

    ```mlir
    func.func @bytes(%x: tensor<?x32xi4>) -> tensor<?xi8> {
      %b = qdq.packed_bytes %x : tensor<?x32xi4> -> tensor<?xi8>
      return %b : tensor<?xi8>
    }
    ```
  }];
  let arguments = (ins AnyTypeOf<[RankedTensorOf<[QDQ_PackedElement]>,
                                  MemRefOf<[QDQ_PackedElement]>]>:$source);
  let results = (outs AnyTypeOf<[1DTensorOf<[I8]>, MemRefRankOf<[I8], [1]>]>:$bytes);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($bytes)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TableLookupOp
//===----------------------------------------------------------------------===//

def QDQ_TableLookupOp : QDQ_Op<"table_lookup",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "looks up bytes in a 16-, 64-, 128- or 256-entry table, "
                "16-bit words in a 32-entry table, or f32 values in a 4-, 8- "
                "or 16-entry table";
  let description = [{
    `result[i] = table[indices[i] mod T]`, the indices read as unsigned
    integers and T the table size. The result has the indices' shape and the
    table's element type. Rules:

    * TL-R1: a table of i8 (byte) entries has 16, 64, 128 or 256 entries, a
      table of i16 (word) entries 32, a table of f32 entries 4, 8 or 16;
    * TL-R2: a table of i8 entries takes i8 indices, a table of i16
      entries i16 indices, a table of f32 entries i32 indices.

    The vector lowering uses it where x has few distinct codes: for
    per-tensor dequantization of x with at most 8 bits, whose results take
    at most 256 values (byte tables hold one byte plane of the result of
    every code; f32 tables the results of the codes of packed 2- and 4-bit
    x: 16 entries, or 4 for 2-bit x on AVX2 without AVX-512), and to
    decode fp8/fp4 x (on AVX2 without AVX-512, fp4 x takes the magnitudes
    of its codes from an 8-entry f32 table indexed by the sign-extended
    code: the index mod 8 drops the sign bit; where one finite scale
    covers a step, the table holds the magnitudes times the scale; on
    AVX-512 with 512-bit vectors it takes its signed values from a
    16-entry table indexed by the code, times the scale where one scale
    covers a step). Word tables hold the f16/bf16 results of the codes of
    the blocks of a step of blocked packed 2-bit x (block tables), indexed
    by code + 4 * the lane's block in the step.

    `--convert-qdq-vector-ops-to-llvm` lowers it to x86 shuffles when the
    CPU has them (`pshufb`/`vpshufb` for 16 bytes, AVX512_VBMI `vpermb` for
    64, one `vpermi2b` for 128 and two for 256, AVX-512 `vpermps` for 16
    f32 entries,
    AVX2 or AVX-512 `vpermps` for 8 and `vpermilps` for 4, AVX512BW
    `vpermw` for 32 words) and else to one extract per element.

    ```mlir
    func.func @lookup(%t: vector<16xi8>, %i: vector<64xi8>) -> vector<64xi8> {
      %r = qdq.table_lookup %t[%i] : vector<16xi8>, vector<64xi8>
      return %r : vector<64xi8>
    }
    func.func @lookup_f32(%t: vector<16xf32>, %i: vector<32xi32>) -> vector<32xf32> {
      %r = qdq.table_lookup %t[%i] : vector<16xf32>, vector<32xi32>
      return %r : vector<32xf32>
    }
    ```
  }];
  let arguments = (ins FixedVectorOfRankAndType<[1], [I8, I16, F32]>:$table,
                       FixedVectorOfRankAndType<[1], [I8, I16, I32]>:$indices);
  let results = (outs FixedVectorOfRankAndType<[1], [I8, I16, F32]>:$result);
  let assemblyFormat = [{
    $table `[` $indices `]` attr-dict `:` type($table) `,` type($indices)
  }];
  let hasVerifier = 1;
}

def QDQ_UnpackBitsOp : QDQ_Op<"unpack_bits", [Pure]> {
  let summary = "unpacks the 2- or 4-bit fields of a byte vector into i16 "
                "or i32 lanes";
  let description = [{
    `result[i]` is the `bits`-bit field `i` of `bytes`: the field starting
    at bit `(i * bits) mod 8` of byte `i * bits / 8` (the first field of a
    byte in its lowest bits, the order of packed sub-byte tensors),
    sign-extended to the result's element type (i16 or i32) when
    `sign_extend` is present, else zero-extended. Rules:

    * UB-R1: `bits` is 2 or 4;
    * UB-R2: the result has `8 / bits` elements per byte of `bytes`.

    The vector lowering uses it, with AVX512_VBMI or AVX2, for packed 2- and
    4-bit integer x that is dequantized in arithmetic, where the codes
    go straight into the i32 lanes that are subtracted and converted to f32,
    and for the 2-bit codes of block tables looked up in 16-bit words.

    `--convert-qdq-vector-ops-to-llvm` lowers it with AVX512_VBMI to one
    `vpmultishiftqb` per 16 i32 results (the 8 or 4 source bytes broadcast
    to every 64-bit lane, each result's field moved to the top of its lane)
    and one arithmetic or logical right shift; i16 results of 2-bit fields
    take one `vpmultishiftqb` per 32 (sign-extended fields moved to the top
    and shifted down, zero-extended ones moved to the bottom and masked),
    i16 results of 4-bit fields, and of the forms below, are the i32
    results truncated; with AVX2, when `bytes` is
    read in bounds from memory, to one 4-byte broadcast load per 8 or 16
    results and a per-lane shift up; else to byte shuffles (one
    `vpshufb` per register of results with SSSE3 and up, from the 16 source
    bytes that hold them broadcast to every 128-bit lane) and two shifts.

    ```mlir
    func.func @unpack(%b: vector<32xi8>) -> vector<64xi32> {
      %r = qdq.unpack_bits %b, 4 sign_extend : vector<32xi8> -> vector<64xi32>
      return %r : vector<64xi32>
    }
    ```
  }];
  let arguments = (ins FixedVectorOfRankAndType<[1], [I8]>:$bytes,
                       I64Attr:$bits, UnitAttr:$sign_extend);
  let results = (outs FixedVectorOfRankAndType<[1], [I16, I32]>:$result);
  let assemblyFormat = [{
    $bytes `,` $bits (`sign_extend` $sign_extend^)? attr-dict `:`
    type($bytes) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Floating-point control (x86 MXCSR)
//===----------------------------------------------------------------------===//

// The thread's floating-point control and status register: the ops below
// read and write it, so that no transformation reorders them with each
// other or drops them.
def QDQ_FloatControlResource
    : Resource<"::mlir::qdq::FloatControlResource">;

def QDQ_FlushSubnormalsOp : QDQ_Op<"flush_subnormals",
    [MemoryEffects<[MemRead<QDQ_FloatControlResource>,
                    MemWrite<QDQ_FloatControlResource>]>]> {
  let summary = "sets x86 MXCSR's flush-to-zero and denormals-are-zero bits "
                "and returns the MXCSR value before";
  let description = [{
    From here until a `qdq.restore_float_control` of the returned value, this
    thread's SSE/AVX floating-point operations read f32 subnormal operands
    as zeros of their sign (denormals-are-zero) and return zeros of their
    sign for subnormal results (flush-to-zero). x86 only.

    The vector lowering brackets the loops of bf16 x -> f16 without a zero
    point with it where every scale is 0 or a normal number below 2^100 in
    magnitude: the f16 results are the same (such a product below 2^-126,
    and a subnormal x times such a scale, round to f16 zeros of the same
    sign), and no multiply takes the microcode assist of an f32 subnormal.
    A thread of an `scf.forall` sets its own.

    `--convert-qdq-vector-ops-to-llvm` lowers it to `llvm.x86.sse.stmxcsr`
    into a stack slot, the two bits (0x8040) ORed in, and
    `llvm.x86.sse.ldmxcsr`.

    ```mlir
    %saved = qdq.flush_subnormals
    // ... f32 arithmetic whose subnormals may be flushed ...
    qdq.restore_float_control %saved
    ```
  }];
  let results = (outs I32:$saved);
  let assemblyFormat = "attr-dict";
}

def QDQ_RestoreFloatControlOp : QDQ_Op<"restore_float_control",
    [MemoryEffects<[MemWrite<QDQ_FloatControlResource>]>]> {
  let summary = "sets x86 MXCSR to a value qdq.flush_subnormals returned";
  let description = [{
    Writes `saved` back to this thread's MXCSR (`llvm.x86.sse.ldmxcsr` from
    a stack slot), ending the effect of the `qdq.flush_subnormals` that
    returned it.
  }];
  let arguments = (ins I32:$saved);
  let assemblyFormat = "$saved attr-dict";
}

#endif // QDQ_DIALECT_QDQ_IR_QDQOPS_TD
