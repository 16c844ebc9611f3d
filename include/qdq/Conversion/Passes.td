//===- Passes.td - qdq conversion passes -------------------*- tablegen -*-===//

#ifndef QDQ_CONVERSION_PASSES_TD
#define QDQ_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// QDQToLinalg
//===----------------------------------------------------------------------===//

def ConvertQDQToLinalg : Pass<"convert-qdq-to-linalg"> {
  let summary = "Lower qdq.dequantize_linear on tensors to linalg.generic";
  let description = [{
    Rewrites every `qdq.dequantize_linear` into one `linalg.generic` over the
    shape of `x` whose indexing maps broadcast the scale and zero point:
    a per-axis scale is read at `(d_axis)`, a blocked scale at
    `(d_0, ..., d_axis floordiv block_size, ..., d_n)`. Per-tensor scales and
    zero points are read and decoded once, outside the generic.

    Operands whose element type is not a signless integer or a float the
    arithmetic can use directly (unsigned and `si` integers, fp8, fp4,
    f8E8M0FNU) are reinterpreted with `tensor.bitcast` as signless integers
    of the same width; the body decodes them with integer operations only
    (no fp8 `arith.extf`, which LLVM cannot lower). Integer zero points are
    subtracted exactly in i32 (or i64 for 32-bit operands), the difference is
    converted to f32 once, multiplied by the f32 scale and rounded once to the
    result type.

    The pass fails, with a diagnostic, on any op it cannot convert.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// QDQToVector
//===----------------------------------------------------------------------===//

def ConvertQDQToVector : Pass<"convert-qdq-to-vector"> {
  let summary = "Lower qdq.dequantize_linear on tensors to SIMD loops";
  let description = [{
    Rewrites `qdq.dequantize_linear` into `scf.for` loops over vectors of
    f32 lanes (`vector-bits` / 32 of them) that stream x as contiguous
    memory, for the forms it has a scheme for:

    * per-tensor: x flattened, one decoded scale;
    * per-axis with a period `K * N` of at most 16384 elements (K the axis
      dim, N the elements after it): a decoded table of the scales and zero
      points over one period, read at `i mod P'`;
    * per-axis with longer rows (N >= lanes): one scalar per row;
    * blocked along the innermost axis with whole blocks per row and
      `B % lanes == 0` or `lanes % B == 0`: one scale per vector, or
      `lanes / B` scales spread with a shuffle;
    * blocked along another axis with N >= lanes: one scale row per row.

    Each loop ends with one masked tail. With `num-threads` > 1 the flat
    loops become an `scf.forall` over one chunk per thread (a multiple of the
    lanes each) when x has at least `parallel-threshold` elements; the
    `--qdq-to-llvm` pipeline maps it to OpenMP. Packed sub-byte operands are read as
    bytes (`qdq.packed_bytes`) and unpacked in i8 lanes with shifts, masks
    and interleaves; every element is computed with the same numerics as
    `--convert-qdq-to-linalg` (shared builders). Other forms (dynamic axis or
    inner dims, statically empty tensors, blocks that straddle rows, ...) are
    left unchanged for `--convert-qdq-to-linalg`.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"0",
           "SIMD width in bits: 128, 256 or 512; 0 picks the host's "
           "(512 with AVX-512F, 256 with AVX/AVX2, else 128)">,
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"1",
           "Split the per-tensor, axis-table and block-flat loops into this "
           "many chunks under an scf.forall (1: no scf.forall)">,
    Option<"parallelThreshold", "parallel-threshold", "int64_t",
           /*default=*/"262144",
           "Tensors with fewer elements run as one chunk">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// PackedSubByteToLLVM
//===----------------------------------------------------------------------===//

def ConvertPackedSubByteToLLVM
    : Pass<"qdq-convert-packed-sub-byte-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower loads and globals of packed i2/i4 memrefs to LLVM";
  let description = [{
    qdq passes sub-byte tensors (`i4 ui4 i2 ui2 f4E2M1FN`, after bufferization
    signless `i4`/`i2` memrefs) packed, as ONNX stores them: 8/bits values per
    byte, the first element in the lowest bits, row-major. The memref
    descriptor still counts elements. The upstream memref-to-LLVM lowering
    would address one byte per element, so this pass, run before it, lowers

    * `memref.load` from an `i2`/`i4` memref to a byte load at
      `linear_index * bits / 8` plus a shift and a truncation;
    * `memref.global` of an `i2`/`i4` type to an LLVM global holding the
      packed bytes, and `memref.get_global` of it to a descriptor of them;
    * `qdq.packed_bytes` on a memref to a 1-D byte descriptor of the same
      buffer.

    Stores into, and allocations and copies of, packed memrefs are not
    produced by the qdq lowering; the pass reports them as errors rather than
    miscompiling them.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // QDQ_CONVERSION_PASSES_TD
