//===- Passes.td - qdq dialect transform passes ------------*- tablegen -*-===//

#ifndef QDQ_DIALECT_QDQ_TRANSFORMS_PASSES_TD
#define QDQ_DIALECT_QDQ_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def QDQInsertRuntimeChecks
    : Pass<"qdq-insert-runtime-checks", "::mlir::ModuleOp"> {
  let summary = "Check at run time the sizes the verifier could not check";
  let description = [{
    The verifier of `qdq.dequantize_linear` skips every size rule that needs
    a dynamic dim. This pass, run on tensors before
    `--convert-qdq-to-linalg`, inserts before each op a check of each such
    size, so that a mismatch stops the program with a message instead of
    reading out of bounds:

    * **DQ-R9** per-axis: `scale.dim(0) == x.dim(axis)`.
    * **DQ-R11** blocked: `scale.dim(d) == x.dim(d)` for `d != axis`.
    * **DQ-R12** blocked: `scale.dim(axis) == ceil(x.dim(axis) / block_size)`.
    * **DQ-R13** `zero_point.dim(d) == scale.dim(d)`; a `[?]` zero point of a
      per-tensor op holds exactly 1 element. The lowering reads a `[?]`
      zero point of a per-axis op per channel, so it must have the scale's
      length even when it holds one element (a one-element zero point that
      applies to every channel must have the static shape `[]` or `[1]`).

    A check whose sizes are both static is not emitted (the verifier made
    it). Each check is

    ```mlir
    %a = tensor.dim %scale, %c0 : tensor<?xf32>
    %b = tensor.dim %x, %c1 : tensor<4x?xi8>
    %ok = arith.cmpi eq, %a, %b : index
    %bad = arith.cmpi ne, %a, %b : index
    scf.if %bad {
      // dprintf(2, "qdq.dequantize_linear at f.mlir:3:8: scale has %lld
      //   elements along axis 1 but x has %lld (DQ-R9)\n", a, b)
    }
    cf.assert %ok, "qdq.dequantize_linear at f.mlir:3:8: scale must have
      x.dim(1) elements (DQ-R9)"
    ```

    The `scf.if` writes the message with the actual sizes to file
    descriptor 2 (stderr, unbuffered) through the C library's `dprintf`,
    declared and called with the LLVM dialect (a format string global per
    check); `cf.assert` then stops the program (`--convert-cf-to-llvm`
    lowers it to a `puts` of its static message and `abort`). Checks whose
    sizes become static fold away under canonicalization.

    The `--qdq-to-llvm` pipeline runs this pass first unless its option
    `runtime-checks` is false.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def QDQFoldConstants : Pass<"qdq-fold-constants"> {
  let summary = "Evaluate qdq.dequantize_linear of constants at compile time";
  let description = [{
    Replaces every `qdq.dequantize_linear` whose x, scale and zero point are
    all `DenseElementsAttr` constants (`arith.constant`; `dense_resource`
    blobs are not read) by an `arith.constant` of its result, computed in
    APInt/APFloat with exactly the numerics of the lowering: the folded
    constant holds bit for bit what the compiled code computes on x86-64,
    NaN signs and payloads included (see the op's "Folding and
    canonicalization").

    Folding trades a compact quantized constant for a wider float one (an
    int4 weight becomes 8 times larger as f32), so results are folded only
    up to `max-elements` elements (65536 by default, a few hundred KiB); a
    negative value sets no limit, 0 folds splats only. A result that is a
    splat (x, scale and zero point are splats) is one value and is always
    folded. `--canonicalize` folds splats only.

    The `--qdq-to-llvm` pipeline runs this pass, then `--canonicalize`,
    before lowering, unless its option `fold` is false; its option
    `fold-max-elements` sets `max-elements`.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"65536",
           "Fold results of at most this many elements (negative: any size; "
           "splat results are always folded)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def QDQNontemporalStores : Pass<"qdq-nontemporal-stores"> {
  let summary = "Write large results with non-temporal (streaming) stores";
  let description = [{
    Runs on buffers (after bufferization). Rewrites each unmasked, in-bounds
    1-D `vector.transfer_write` into a `vector.store` with `nontemporal =
    true` and the alignment it provably has, when

    * it writes into a `memref.alloc` of a static size (through
      `memref.subview`, `memref.collapse_shape`, `memref.expand_shape` and
      memref-to-memref casts), with static strides, and the loop nest
      streams at least `min-bytes` bytes (`threads` times that inside an
      `scf.forall`, below): the allocation plus the statically
      shaped buffers the nest reads (x, tables; each counted once, whatever
      views it is read through);
    * the loop nest does not read the allocation (a table it fills and then
      looks up, like the segment tables of blocked scales, stays in the
      caches);
    * no write of the nest that keeps a normal store (masked, or not
      provably aligned) writes the allocation inside an `scf.for` (a masked
      tail per row, a step per block that runs into the next block):
      streaming and normal stores would then share cache lines over and
      over, which ran two orders of magnitude slower than normal stores on
      a Zen 4 VM. One such write outside the loops (a tail per call or per
      chunk) does not count;
    * the byte address is provably a multiple of 16: the allocation's
      `alignment` and the known power-of-two factors of the indices and
      offsets (constants, `scf.for`/`scf.forall` induction variables,
      `arith` add, sub, mul, min and max of those).

    A streaming store bypasses the caches: it saves the read-for-ownership
    of every output line when the output is much larger than the last-level
    cache, and costs several times the time of a normal store when the
    output would have stayed in cache (see `bench/`); hence the size
    threshold, which counts what the loop moves through the caches, inputs
    included: on a 2-core Zen 5 VM with a 32 MiB L3, the streaming roof of
    `bench/` for 4 Mi i32 -> f32 (32 MiB in all) ran faster with streaming
    stores, that for 4 Mi i8 -> f32 (20 MiB) slower.

    Writes inside an `scf.forall` (the chunks the SIMD lowering splits over
    threads) need `threads` times `min-bytes`: normal stores into a shared
    L3 gain from every core that writes, streaming stores are bounded by the
    memory's write bandwidth, so the break-even point moves up with the
    threads. On a 2-core Zen 4 VM with a 32 MiB L3
    (`bench/micro/thread_stores.c`, two runs of 2026-11-25), two threads
    ran the streaming roof faster with normal stores below a crossover at
    32-48 MiB of traffic (i32 -> f32 at 32 MiB: 82.5 GB/s against 51.9
    with streaming stores in the first run, 91.6 against 99.2, just past
    the crossover, in the second; i16 -> f32
    at 48 MiB: 51.2 against 40.4 and 55.8 against 40.2) and at about the
    same speed or slower from 64 MiB on, while one thread gained from
    streaming stores from 24-32 MiB on. Only two threads were
    measured; more scale the threshold the same way. `threads` below 2
    counts as 1. Non-temporal stores are
    weakly ordered, so a sequentially consistent `llvm.fence` follows each
    top-level loop nest that holds one (once per call, not per store).
    Inside an `scf.forall`, the stores of each worker are ordered by the
    join (on x86 a locked instruction, which every OpenMP barrier executes,
    drains the write-combining buffers). Masked tail writes and everything
    the pass cannot prove aligned keep normal stores.

    The `--qdq-to-llvm` pipeline runs this pass after bufferization; its
    option `nontemporal-min-bytes` sets `min-bytes` (negative disables it)
    and `num-threads` sets `threads`.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"33554432",
           "Smallest number of bytes a loop nest streams (its result "
           "allocation plus the static buffers it reads) for its writes to "
           "become non-temporal stores (negative: none)">,
    Option<"threads", "threads", "int64_t", /*default=*/"1",
           "Threads an scf.forall runs on: a loop nest written inside one "
           "needs this many times min-bytes (below 2: min-bytes)">,
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // QDQ_DIALECT_QDQ_TRANSFORMS_PASSES_TD
