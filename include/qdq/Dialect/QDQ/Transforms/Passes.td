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

    * it writes into a `memref.alloc` (through `memref.subview`,
      `memref.collapse_shape`, `memref.expand_shape` and memref-to-memref
      casts), and the loop nest moves enough bytes for the share of them it
      writes (below); for an allocation of a dynamic size, at run time
      (below);
    * the loop nest does not read the allocation (a table it fills and then
      looks up, like the segment tables of blocked scales, stays in the
      caches);
    * no write of the nest that keeps a normal store (masked, or not
      provably aligned) writes the allocation inside an `scf.for` (a masked
      tail per row, a step per block that runs into the next block):
      streaming and normal stores would then share cache lines over and
      over, which ran two orders of magnitude slower than normal stores on
      a Zen 4 VM. One such write outside the loops (a tail per call or per
      chunk) does not count, nor, under the row guard (below), a row tail;
    * the byte address is provably a multiple of 16: the allocation's
      `alignment` and the known power-of-two factors of the indices and
      offsets (constants, `scf.for`/`scf.forall` induction variables,
      `arith` add, sub, mul, min, max and select of those) times those of
      the strides (a dynamic stride: 1, or 64 bytes under the row guard).

    A streaming store bypasses the caches: it saves the read-for-ownership
    of every output line and leaves the caches to what the loop reads, but
    every byte it writes goes to memory, at the memory's write bandwidth,
    while normal stores run at the speed of the caches for as long as the
    loop's buffers stay in them. What pays depends on the bytes the loop
    nest moves, `M` (the allocation plus the statically shaped buffers the
    nest reads: x, tables; each counted once, whatever views it is read
    through; dynamically shaped ones count 0 for a static allocation), and,
    on some CPUs, on the
    share of them it writes, `W / M` (`W`: the allocation). Its writes
    become streaming stores when

        M >= min-bytes * 2 * W / M     (share-rule=scaled)
        M >= min-bytes                 (share-rule=flat)

    The scaled rule streams from `min-bytes` on for a nest that writes as
    many bytes as it reads (i32 -> f32), from half of that when it writes
    a third of them (i32 -> f16) and from 1.6 times when it writes 80% (i8
    -> f32). The defaults, `min-bytes=0` and `share-rule=host`, take the
    host CPU's measured rule: `flat` from 16 MiB on AMD Zen 3 (`znver3`),
    `scaled` from 24 MiB on the other AMD Zen cores (fitted on Zen 5),
    `flat` from 48 MiB on every other CPU (measured on an Intel Xeon).

    On the 2-core Zen 5 VM (`bench/micro/thread_stores.c`, 2026-11-27
    11:40 UTC, one thread), streaming stores wrote 35-38 GB/s of results
    while the reads stayed in the caches (28-32 for i32 -> f16, up to 20
    MiB of traffic), so 45-47 GB/s of traffic for i8 -> f32 and 85-95 for
    i32 -> f16, while normal stores fell from 75-91 GB/s at 12 MiB to
    36-49 at 64 MiB. The two crossed below 12 MiB for i32 -> f16 (a
    written share of 1/3), at 16-20 MiB for i32 -> f32 and about 20 for
    i16 -> f16 (1/2), at 32-40 for i16 -> f32 and 40-48 for i8 -> f16
    (2/3), at 40-48 for i8 -> f32 (0.8) and at 48-64 for i4 -> f32 (0.89);
    the scaled rule with 24 MiB puts them at 16, 24, 32, 38 and 43 MiB. A
    second run (12:47 UTC) found every crossover earlier or the same
    (below 12 MiB for 1/2, 20-32 for 2/3, 40-48 for 0.89), in the same
    order by written share; the rule lies between the two. At 4 Mi
    elements (24 MiB), the benchmark's i32 -> f16/bf16 kernels ran
    1.15-1.39x faster with streaming stores and its 16-bit x -> f32
    kernels 0.75-1.16x (median 0.93x) as fast (`bench/HISTORY.md`).

    On a 2-core Zen 3 VM (same micro, 2026-11-27 15:57 UTC, one thread,
    32 MiB of L3), normal stores lost a quarter to a half of their speed
    between 16 and 20 MiB of traffic, whatever the written share, and
    every pattern from 1/3 to 0.89 crossed over at 16-20 MiB: hence the
    flat rule there. In two A/Bs against the scaled rule (17:50 and 17:57
    UTC), the 28 kernels of the benchmark it changes (4 Mi elements, f32
    results of 4- to 16-bit x) ran at 1.29x and 1.13x (geometric means);
    per-axis C=4096, which then wrote four rows at once, at 0.66-0.97x;
    where the host's rule streams a nest, `--convert-qdq-to-vector` now
    takes such tables one period (one row) at a time (`period-tile`,
    `bench/HISTORY.md`).

    On a 2-core Intel Xeon VM (LLVM: `rocketlake`; AVX-512 with FP16 and
    BF16; same micro, 2026-12-02 02:23 and 02:30 UTC, one thread), normal
    stores ran at 26-28 GB/s up to 40 MiB of traffic and streaming stores
    at 24-28 whatever the size; every pattern from 1/3 to 0.89 crossed
    over at 40-64 MiB in both runs (at 48 MiB the two were within 4% of
    each other), with no order by written share: hence the flat rule from
    48 MiB there. The benchmark's 32-bit x kernels at 4 Mi elements (24
    and 32 MiB), which the scaled rule streamed, ran at 1.04-1.08x with
    normal stores for f32 results and 1.00-1.02x for f16/bf16 results (36
    kernels, every granularity, 5 rounds, 02:26 UTC).

    Writes inside an `scf.forall` (the chunks the SIMD lowering splits over
    threads) need `threads` times as many bytes: normal stores into a
    shared L3 gain from every core that writes, streaming stores are
    bounded by the memory's write bandwidth, so the break-even point moves
    up with the threads. With two threads on the same Zen 5 VM (same run),
    the crossovers were at 32-40 MiB for i32 -> f16, 48-64 for i32 -> f32,
    40-48 for i16 -> f16 and above 64 MiB for i16 -> f32, i8 -> f16, i8 ->
    f32 and i4 -> f32 (the rule: 32, 48, 48, 64, 64, 77 and 85 MiB; at 64
    MiB, i16 -> f32 and i8 -> f16 streamed at 0.94x and 0.86x the speed of
    normal stores). Only two threads were measured; more scale the
    threshold the same way. `threads` below 2
    counts as 1. Non-temporal stores are
    weakly ordered, so a sequentially consistent `llvm.fence` follows each
    top-level loop nest that holds one (once per call, not per store).
    Inside an `scf.forall`, the stores of each worker are ordered by the
    join (on x86 a locked instruction, which every OpenMP barrier executes,
    drains the write-combining buffers). Masked tail writes and everything
    the pass cannot prove aligned keep normal stores.

    The loop that holds a streaming store also prefetches (`memref.prefetch`,
    `prefetcht0` on x86) each statically shaped buffer of at least 1 MiB
    it reads (x; not the tables of scales and zero points, which stay in
    the caches) and, in the streaming copy of a nest that writes a
    dynamically shaped allocation (which runs only when the nest moves
    enough bytes, see below), each dynamically shaped row-major buffer it
    reads at the store's indices (x, read element by element with the
    result; tables are read by row or column, and packed x at other
    indices), `prefetch-bytes` ahead of the read in memory order,
    clamped to the buffer's last element: a row-major buffer of rank > 1
    through a 1-D view of it (`memref.collapse_shape`), so that the
    prefetch runs on into the next rows; a buffer of another layout
    along its innermost dim, clamped to that dim's last element. Reads of
    the same buffer at the same indices share one prefetch. A read that
    covers several cache lines (64 16-bit elements: two) gets one prefetch
    per line where the loop's vector work per line of the reads it
    prefetches is at least `prefetch-every-line-min-work`, and one
    otherwise. The work counts each operation of the loop body with vector
    results by the 512-bit registers they fill (at least 1), but for the
    reads and writes, constants, bitcasts, shape casts and strided slices:
    a proxy for the instructions an iteration issues. On the Intel Xeon VM
    a prefetch per line first ran at 0.74-1.21x by kernel (2026-12-02):
    slower for light loops, faster for heavy ones. Over the 16-bit and
    32-bit x kernels of the benchmark at 64 Mi elements (2026-12-07
    04:54-05:03 UTC, 66 kernels, 3 rounds, every line against one per
    read), f16 x -> f16 per tensor, per row and per-axis (1 operation per
    line: one `vmulph` per 32 f16) and i32/ui32 -> f32 per tensor, per row
    and C=64 (2: a conversion and a multiply per 16) ran at 0.84-0.88x,
    the other 58 (16-bit x, more work per line) at 1.01-1.25x. With the
    rule at 3 (the host default on CPUs other than AMD Zen), the 112
    kernels of the full set it changes ran at 1.115x (geometric mean;
    0.97-1.27x by kernel; 2026-12-07 05:09-05:23 UTC, 3 rounds, against
    the build before), and 76 of them reached 0.9 of the roof against 36.
    AMD Zen keeps one prefetch per read. On Zen 4, which prefetches x of
    at most 8 bits (a read of it covers one line), 16-bit x prefetched
    line by line (`prefetch-every-line-min-work=1` with
    `prefetch-max-element-bits=-1`) ran at 0.925x no prefetch (geometric
    mean; per-axis C=4096 and blocked-24 -> f16/bf16 at 64 Mi, 16
    kernels, 3 rounds, 2026-12-07 21:19 UTC). With a
    positive `prefetch-far-bytes`, each of these prefetches (`locality<3>`,
    into L1) gets a twin that many bytes ahead with `locality<2>`
    (`prefetcht1` on x86: into L2), clamped the same way. Distances are
    clamped to 1 TiB. On the Intel Xeon VM a heavy streaming loop fell
    behind a light one at 64 Mi although its work per line took far less
    time than the line's memory traffic (fewer lines in flight is the
    likely reason; this VM has no performance counters to show it): a
    loop that converted f16 to bf16 (`bench/micro/prefetch_depth.c`,
    three runs, 2026-12-07 11:47 UTC) moved 0.87-0.89x the bytes of a
    plain copy with a prefetch 4 KiB ahead into L1, and 1.01-1.03x with a
    second one 16 KiB ahead into L2 (a second one into L1: 0.89-0.91x).
    Over the benchmark's 126 kernels of 8-, 16- and 32-bit x at 64 Mi
    (2026-12-07 11:27-11:44 UTC, 3 rounds, `prefetch-far-bytes=16384`
    against none), the twin ran at 1.072x (geometric mean; 16-bit x ->
    f16/bf16 1.15-1.24x, 8-bit x 1.02-1.05x, 32-bit x and f32 results
    1.00-1.02x), and 117 of them reached 0.9 of the roof against 96 (an
    earlier A/B over 96 kernels, 11:06-11:21 UTC: 1.017x, 16-bit x ->
    f16/bf16 1.05-1.19x, the rest within the noise). The host default
    takes 16 KiB on CPUs other than AMD Zen, none on AMD Zen: on a Zen 4 VM
    (2026-12-07 14:20-14:40 UTC, 126 kernels of 8-bit, packed and fp8 x at
    64 Mi, 3 rounds, `prefetch-far-bytes=16384` against none) the twin ran
    at 0.966x (geometric mean; blocked kernels 0.68-1.01x, 8-bit and fp8 x
    per-axis C=4096 1.02-1.14x). Reads of one buffer at constant offsets
    from each other (the rows of a period tile: x at rows r .. r + 3 of one
    column) that spread over at least a distance each prefetch that distance
    beyond the farthest of them: at the plain distance they would prefetch
    among the group's own reads (with 8-bit x, rows of 4096 and a distance
    of 4096 bytes, each one the line the next one reads). On the Zen 4 VM
    (15:01-15:07 UTC, 5 rounds, against the build before) the 10 kernels of
    the full set this changes (per-axis C=4096 at 64 Mi: i8 and ui8 x ->
    f32/f16/bf16, fp8 x -> f32) ran at 1.060x (geometric mean; 1.01-1.23x,
    i8 -> f16 1.23x), 8 unchanged kernels of the same run at 0.978x
    (0.92-1.04x); not measured on the Xeon, whose twin (16 KiB) spans more
    than the 8-bit tiles and keeps its distance there. On the Intel Xeon VM
    the hardware prefetchers did not keep x's reads ahead of loops with
    streaming stores: over the benchmark's 68 core-set kernels at 64 Mi
    elements (2026-12-02 03:56-04:09 UTC, 3 rounds, against
    `prefetch-bytes=-1`), prefetching 4 KiB ahead ran at 1.048x (geometric
    mean; f32 results 1.00x, f16 1.05x, bf16 1.13x, single kernels
    0.93-1.46x), and 54 of them reached 0.9 of the roof against 41. On
    Zen 5 the same idea (LLVM's `loop-data-prefetch`) had run at 1.00x in
    a repeat over those kernels, so the host default prefetches on CPUs
    other than AMD Zen, and on Zen 4 buffers of elements of at most 8 bits
    (`prefetch-max-element-bits`): on a Zen 4 VM (2026-12-02 13:46-14:12
    UTC, against `prefetch-bytes=-1`, the core set at 64 Mi, two runs of 3
    and 5 rounds) the kernels of 8-bit and packed x ran at 1.036x and
    1.055x with f16 results, 1.048x and 1.080x with bf16 results and 1.007x
    and 1.029x with f32 results (geometric means; single kernels
    0.90-1.27x), 16-bit x -> f32 at 0.92-1.00x and 32-bit x -> f32 at
    0.70-0.91x. Over every kernel of 16-bit x at 64 Mi (72, on a Zen 4 VM,
    2026-12-07 14:47-14:59 UTC, 3 rounds, `prefetch-max-element-bits=-1`
    against the default) the prefetch of 16-bit x ran at 0.883x
    (geometric mean; f32 results 0.913x, f16 0.837x, bf16 0.899x; single
    kernels 0.58-1.06x). The prefetch first stayed in x's row, which
    in the blocked-24 and per-row kernels (rows of 4096 elements, no
    longer than 4 KiB for 8-bit x) put it at the row's end; through the
    1-D view, the 72 kernels of the full set this changed (2026-12-02
    05:11-05:21 UTC, 3 rounds, against the build before) ran at 1.072x
    (geometric mean; f16 results 1.075x, bf16 1.124x, f32 1.021x; single
    kernels 0.95-1.31x), and 43 of them reached 0.9 of the roof against
    31. The prefetch of dynamically shaped x, measured as the ratio of the
    dynamic kernel to the static one in the same run (`scripts/bench.sh
    --ab-dynamic`, i8 / f8E4M3FN / i4 x of the core set at 64 Mi, 3
    rounds, 2026-12-02 06:25-06:42 UTC, with and without it): i8 x 1.061x
    and f8E4M3FN x 1.088x (geometric means; single kernels 0.89-1.40x),
    i4 x, whose packed reads it leaves alone, 1.000x (0.90-1.11x: the
    noise of the two runs); 36 of the 54 dynamic kernels at 0.9 of the
    roof against 31.

    An allocation of a dynamic size has its bytes at run time only: the
    loop nest that writes it (the nest's operation in the allocation's
    block) becomes `scf.if (M >= the threshold) {a copy of the nest with
    the streaming stores, then the fence} else {the nest}`, with `W` and
    `M` computed from the sizes (`memref.dim`) of the allocation and of
    the buffers the nest reads (dynamically shaped ones count here), and
    the same rule, in f64. Nests that return values, write several
    dynamically sized allocations, or start before the allocation stay as
    they are. Rows of a dynamic length (the dynamic strides of the
    allocation) stream under the row guard: the copy runs only when the
    allocation's innermost dim is a whole number of 64-byte cache lines
    (tested at run time next to the size rule), so that every row starts
    on a line; a write that starts on a line under the guard and is in
    none of the streaming writes' innermost loops (the masked tail of a
    row, which ends on a line too) keeps its normal store there without
    sharing a line with them. A tail that starts mid-line (steps of less
    than a line, e.g. 4 x f32 at 128 bits) keeps the whole nest normal.
    An `scf.forall` of chunks (the SIMD lowering's `num-threads`)
    is versioned as a whole, with the rule for `threads`: its chunks start
    at multiples of the lanes (an empty chunk at 0, never clamped to the
    size), so their writes are provably aligned. In the
    benchmark on the Zen 3 VM (2026-11-29 19:49-19:57 UTC, `scripts/bench.sh
    --ab-dynamic`, per-tensor x with every dim dynamic, 4 Mi and 64 Mi
    elements, 3 rounds), the 12 dynamic kernels whose static twins stream
    ran at 0.94-1.10x their speed, against 0.47-0.79x before; with
    `num-threads=2` at 64 Mi (21:46-21:55 UTC), 9 dynamic kernels ran at
    1.06-1.76x one thread's speed, against 0.48-1.20x while their chunks
    kept normal stores (`bench/HISTORY.md`).

    The `--qdq-to-llvm` pipeline runs this pass after bufferization; its
    options `nontemporal-min-bytes`, `nontemporal-share-rule`,
    `nontemporal-prefetch-bytes`, `nontemporal-prefetch-max-element-bits`,
    `nontemporal-prefetch-every-line-min-work` and
    `nontemporal-prefetch-far-bytes` set `min-bytes` (negative disables
    the pass), `share-rule`, `prefetch-bytes`, `prefetch-max-element-bits`,
    `prefetch-every-line-min-work` and `prefetch-far-bytes`, and
    `num-threads`
    sets `threads`.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"0",
           "Smallest number of bytes a loop nest must move (its result "
           "allocation plus the static buffers it reads) for its writes to "
           "become non-temporal stores, times 2 * written / moved with "
           "share-rule=scaled; 0: the host's (16 MiB on AMD Zen 3, 24 MiB "
           "on the other Zen cores, 48 MiB otherwise); negative: none">,
    Option<"shareRule", "share-rule", "std::string", /*default=*/"\"host\"",
           "Whether the threshold scales with the share of the moved bytes "
           "a loop nest writes: scaled, flat, or host (scaled on the AMD Zen "
           "cores but Zen 3, flat otherwise)">,
    Option<"threads", "threads", "int64_t", /*default=*/"1",
           "Threads an scf.forall runs on: a loop nest written inside one "
           "needs this many times min-bytes (below 2: min-bytes)">,
    Option<"prefetchBytes", "prefetch-bytes", "int64_t", /*default=*/"0",
           "How many bytes ahead the loops that stream prefetch x (static "
           "buffers of at least 1 MiB, dynamic ones read at the store's "
           "indices); 0: the host's (none on AMD Zen but Zen 4, 4096 "
           "otherwise); negative: none">,
    Option<"prefetchMaxElementBits", "prefetch-max-element-bits", "int64_t",
           /*default=*/"0",
           "Only buffers whose elements have at most this many bits are "
           "prefetched; 0: the host's (8 on AMD Zen 4, any otherwise); "
           "negative: any">,
    Option<"prefetchEveryLineMinWork", "prefetch-every-line-min-work",
           "int64_t", /*default=*/"0",
           "Loops whose vector work (512-bit register operations) per "
           "64-byte line of x is at least this prefetch every line their "
           "reads of x cover, lighter ones one line per read; 0: the host's "
           "(3 on CPUs other than AMD Zen, one per read on AMD Zen); "
           "negative: one per read">,
    Option<"prefetchFarBytes", "prefetch-far-bytes", "int64_t",
           /*default=*/"0",
           "How many bytes ahead the loops that prefetch x prefetch the same "
           "lines again, into L2 (locality hint 2); 0: the host's (16384 on "
           "CPUs other than AMD Zen, none on AMD Zen); negative: none">,
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def QDQOrderConstantGlobals : Pass<"qdq-order-constant-globals",
                                   "::mlir::ModuleOp"> {
  let summary = "Create the globals of tensor constants in the module's order";
  let description = [{
    Creates the `memref.global` of every ranked tensor `arith.constant` of
    the module, walking it in order, as One-Shot Bufferize would (the same
    names, alignment and deduplication: `bufferization::getGlobalFor`). The
    constants stay; One-Shot Bufferize then finds their globals and reuses
    them.

    Why: with `bufferize-function-boundaries`, MLIR 22's One-Shot Bufferize
    visits the functions of a module in an order that varies from run to
    run, and creates each constant's global when it reaches it. A module of
    several functions with constants then gets its globals in a different
    order and with different names (`__constant_4xi8_0`, `_1`, ...) on each
    run, so the compiler's output is not reproducible. After this pass the
    globals are named in the order of the constants in the module (the
    first `__constant_4xi8`, then `__constant_4xi8_0`, ...), each created at
    the top of the module like One-Shot Bufferize's, so the last one comes
    first.

    The `--qdq-to-llvm` pipeline runs this pass right before One-Shot
    Bufferize, with its buffer alignment.
  }];
  let options = [
    Option<"alignment", "alignment", "uint64_t", /*default=*/"64",
           "Alignment of the globals (One-Shot Bufferize's "
           "buffer-alignment, 64 by default: a global it would create with "
           "another alignment is not reused)">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // QDQ_DIALECT_QDQ_TRANSFORMS_PASSES_TD
