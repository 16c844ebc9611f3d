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
    * per-axis with a period `K * N` of at most `max-table-period` elements
      (K the axis dim, N the elements after it): a decoded table of the scales and zero
      points (integers of the zero point's width rounded up to whole bytes,
      widened with its signedness after the read) over one period, read at
      `i mod P'`, or once before the loop when the period is one step; a
      parameter that is its own table (f32 scales, 8/16/32-bit zero points
      with the axis innermost and whole steps) is read in place. When the
      period is several whole steps, the loop runs over tiles of
      `period-tile` periods (with the axis innermost, that many rows), one
      column step at a time: each column step reads (and widens) its table
      entries once for the steps at that offset of the tile's periods; the
      periods after the last whole tile read the tables per step;
    * per-axis along a longer innermost axis that is whole steps: the same
      loops, with the scales and zero points read and decoded in place
      where the tables would be read;
    * per-axis with longer rows (N >= lanes): one scalar per row; rows at
      least four times a lookup table's entries long (below) take a table
      each, whatever the period;
    * per-axis in the other static forms (a long innermost axis that is not
      whole steps, a long period of rows shorter than a step): as blocked
      below, with x as rows of K * N whose columns take the entries of the
      one scale row in runs of N, its row tables decoded once, before the
      rows;
    * blocked along the innermost axis with whole blocks per row and
      `B % lanes == 0` or `lanes % B == 0`: one scale per vector, or
      `lanes / B` scales spread with a shuffle. With `B <= 4 * lanes`, the
      loop runs over segments of T blocks (T a multiple of the lanes, for
      segments of about 4096 elements): each segment first decodes its
      scales (f32) and zero points (the subtracted type) into two small
      tables, whose entries its steps read and broadcast (on x86 a
      broadcast load that the multiply or subtraction folds in); the steps
      after the last whole segment read the parameters directly;
    * blocked along the innermost axis in the other forms (a partial last
      block, or B neither a multiple nor a divisor of the lanes): x as rows
      of K, each with its own steps, the last one masked at the row's end.
      Blocks shorter than a step, and longer ones that are not whole steps
      when a group is at most 16 steps, run groups of `lcm(B, lanes)`
      columns (shorter blocks whose group is longer: the op is retried
      with one register). Each row first decodes its scales (f32) and zero
      points (the subtracted type) into two row tables (without masked
      reads when the row has at least a step of entries: whole vectors,
      then one vector ending with the row's last entry; 8- and 16-bit
      masked reads have no AVX2 instruction); each step reads the
      run of entries its lanes cover from them and spreads it with one
      static shuffle, or, with blocks of at least a register, register by
      register: a register in one block broadcasts its entry (a broadcast
      load), a register over two blocks reads their two entries as one
      vector and spreads them with one shuffle. Other blocks run block by
      block, with the block's scale and zero point decoded once and
      broadcast; a block that is not whole steps ends with a step into the
      next block, which rewrites those columns (blocks of packed x that do
      not start on a byte: steps on multiples of the lanes instead, each
      taking the scales of at most two blocks with a prefix mask);
    * blocked along another axis with N >= lanes: one scale row per row;
      with N < lanes: block rows over rows of K * N, each block of B * N
      columns taking its N scales periodically (a group of `lcm(B * N,
      lanes)` columns of at most 16 steps);
    * block rows of a static x take several rows of x per loop row when
      x's rows use less than 80% of their steps' lanes (rows shorter than
      a step would each run one masked step) or, packed, do not start on a
      byte: the fewest rows (dividing x's) whose steps use 95% of their
      lanes and whose loop rows start on a byte, else the best-used count,
      else one loop row of all of x. When x's rows are not whole blocks,
      the entries repeat with x's rows: groups of `lcm(row, lanes)`
      columns (at most 16 steps) whose steps read the entries of the
      blocks they cover, partial last blocks included. With a dynamic
      number of rows (and no packed zero point), loop rows of the fewest
      rows that fill 95% of their steps run over the whole ones, and the
      rows left run as rows of their own (packed x read in place from
      each part's first element); block rows that stay shorter than the
      unrolled step take one register per step;
    * per-axis and blocked with a dynamic axis dim or dynamic dims after the
      axis: the rows of N above, with K (and S = ceil(K / B)) read from x at
      run time for each row's parameters, and a dynamic N bounding each
      row's steps, whose masked rest runs only when N leaves one. Per-token
      scales of x [?, N] (oneDNN's DynamicDequantize) take this form. A
      static N shorter than a step: rows of K * N from the axis on, in the
      groups of block rows (per-axis: column c takes entry c / N of the
      one parameter row; blocked: runs of B * N with period N). Packed x,
      or a packed zero point
      read by rows, with a dynamic row length: the rows start on a byte only
      for some lengths, so an `scf.if` tests that at run time and runs the
      loops then, the linalg form of `--convert-qdq-to-linalg` otherwise;
    * a dynamic innermost axis: rows of K along the axis, each step taking
      the entries its lanes cover: per-axis, its scales and zero points read
      in place at its column, once for the steps at that column of a tile
      of `period-tile` rows (the last rows one by one; by default 4, and on
      Zen 5 1 for f32 results); blocked with `B % lanes == 0`,
      one scale broadcast; with `lanes % B == 0`, `lanes / B` scales spread
      with a shuffle; other blocks in the groups of block rows above (read
      from the parameters, not row tables), up to the row's last whole
      group, then each step of the group pattern, masked, if the row has
      columns left for it; blocks whose group would be more than 16 steps
      (and longer than a step), the scales of the two blocks a step may
      cover, selected by a prefix mask (packed x tested at run time as
      above; a blocked packed zero point read entry by entry).

    Per-tensor x of at most 8 bits with f16/bf16 results becomes a table
    lookup when `cpu-features` has the byte shuffles for it (but 8-bit x
    whose steps compute in f16 arithmetic, below, which cost less than
    256-entry lookups; so too its per-axis rows): the result of
    every code (16 or 256) is computed once before the loop, split into one
    byte plane per result byte, and each step looks its codes up
    (`qdq.table_lookup`) and interleaves the planes (on 512-bit registers
    the codes are first reordered, in the shuffle that unpacks packed codes
    or with one qword permute of loaded ones, so that the interleave stays
    within 128-bit lanes). f32 results of packed
    2/4-bit x (fp4 included) look up one table of 16 f32 results with
    AVX512F; with AVX2 and no AVX512F, 2-bit x looks up a table of its 4
    f32 results (`vpermilps`, indices from `qdq.unpack_bits`). Per-axis
    x of those forms whose rows (one scale and zero point each) are at
    least four times the table's entries long (1024 elements for 8-bit x,
    64 for packed x; 2048 for bf16 results of 8-bit integer and fp8 x
    with AVX512_BF16, integer x on AMD Zen hosts only, slower elsewhere;
    512 for f16 results of fp8 x; for 4 f32 entries at least one step)
    does the same row by row:
    each row builds its table inside the row loop, then looks its codes up
    (a dynamic row length is tested at run time, with the arithmetic rows
    below it). Blocked packed 2/4-bit x (fp4 included) along the innermost
    axis, in the block-flat steps above, with blocks of at least 32 (16 for
    2-bit x with f16/bf16 results) and a multiple of 16 (block tables): each
    step computes the results of the codes of each block it covers with the
    arithmetic path, then looks its codes up in them: f32 results in one 16-entry f32 table per 16 lanes;
    f16/bf16 results (512-bit steps, AVX512_VBMI) in two 64-entry byte
    planes that hold the step's blocks (the 16 codes of each of at most 4
    blocks of 4-bit x; the 4 codes of each block of 2-bit x, at most 8 per
    step), each index its code plus 2^bits times its block in the step,
    the codes ordered so that the planes' bytes interleave within 128-bit
    lanes; without 64-entry byte lookups (AVX2), in two 16-entry byte
    planes per block, looked up (vpshufb) by the lanes of the step that
    lie in that block. In the groups of block rows (blocks that do not
    divide the steps), 2-bit x with f16/bf16 results computes each step's
    blocks and looks its codes up in one table of 32 16-bit words
    (`vpermw`); 4-bit x and fp4 (blocks of 24 or 40) compute the results
    of every code of a group's blocks once per group, into two 128-entry
    byte planes that each step of the group looks its codes up in
    (`vpermi2b`), each index its code plus 16 times its block in the
    group. Per-axis x of at most
    8 bits with f16/bf16 results whose period (K * N elements) divides the
    step and whose K * 2^bits (axis entry, code) pairs fit a byte lookup of
    16, 64 or 256 entries (2-bit x with C = 64, 4-bit x with C = 16) takes
    one period table: entry (k << bits) + c is the result of code c with
    axis entry k, computed before the loop, and each step ORs its codes
    with their lanes' k << bits and looks them up. fp8/fp4 x
    that no such table covers (f32 results of fp8, per-axis, blocked) is
    decoded with one: the bf16 bits of every code's value (all exact in
    bf16), two planes, whose bytes are shuffled into the high halves of f32
    lanes (zero low halves) before the scales are applied; fp4 x with AVX2
    and no AVX512F instead goes into i32 lanes sign-extended
    (`qdq.unpack_bits`), takes its magnitudes from an 8-entry f32 table
    (`vpermps`, which reads the index mod 8) and ORs the sign bit in. Without the
    byte permutes but with F16C, fp8 x in
    arithmetic decodes through f16 instead: a few byte operations per
    register of codes make each code's f16 bits, `arith.extf` widens them
    (vcvtph2ps) and a multiply by a power of two rebiases them.

    bf16 results of integer, fp8/fp4 or f16 x with AVX512_BF16 (and 512-bit
    vectors): a vector pass over the scales checks that none is NaN or a
    nonzero value below 2^-126 / m (m the smallest nonzero |x - zero_point|),
    so that no product is an f32 subnormal or (but for NaN f16 x) a NaN
    with a payload; where that holds, each step rounds with `arith.truncf`
    (vcvtneps2bf16), else with the exact integer rounding. f16 x can be a
    NaN with a payload, which the instruction keeps: those steps clear it
    (sign | 0x7FC0). The results are the same either way.

    Integer x of at most 16 bits with a zero point and f16/bf16 scales,
    where a step's scales and zero points are loop-invariant (per-tensor
    without a table, per-axis with a period of one step, per-axis rows
    without tables): a pass over the scales checks that all are positive,
    finite and below 2^100; where that holds, each step computes the
    product with one `vector.fma`, fma(F, scale, -M * scale), F the f32 of
    the bits x + (bits(M) - zero_point) and M = 1.5 * 2^23, which is exactly
    (x - zero_point) * scale rounded once, as the multiply rounds it.
    With 8-bit x and bf16 results rounded without the NaN case, on 256-bit
    registers, a step computes its products in even and odd halves: the
    codes widened to i16 plus 2^15 - zero_point, the even elements under
    the exponent bits 0x4B000000 (one word shuffle), the odd ones shifted
    down under them, one `vector.fma` per half with -(2^23 + 2^15) *
    scale; the even results shifted down ORed with the odd results' high
    halves are the bf16 results in element order, with no narrowing
    shuffle. Packed 4-bit x with a per-axis period of one step takes the
    same halves from its bytes: each byte zero-extended to an i32 lane
    (signed codes flipped to x + 8 with one XOR), its low nibble masked
    and its high nibble shifted down, each plus the bits of 2^23 + 2^15
    minus its half's zero point. fp8 x decoded through f16 bits (F16C)
    takes halves of f16 bits the same way. Where those steps read a
    per-axis table of decoded scales over a period of several steps, the
    table stores each step's scales as its even lanes, then its odd ones,
    and the steps take the two halves as subvectors.

    f16 results of integer x of at most 8 bits (packed x in i8 lanes, but
    not blocked: slower there) with a zero point of at most 8 bits or none,
    of fp8 x and of f16 x without a zero point (x as it is), with f16
    scales, with AVX512_FP16 on 512-bit registers, outside the lookup
    tables of packed x (8-bit x takes none): each step computes in f16.
    x - zero_point in i16 lanes converted to f16 (exact), or the fp8
    codes' f16 values (the byte operations of the decode through f16
    above, times 2^8 or 2^7 in f16 for f8E4M3FN and f8E4M3FNUZ, exact; no
    decode table), multiplied by the f16 scale (vcvtw2ph, vmulph: 32
    results a register), round once, as the f32 product rounded to f16
    does (that product is exact), for every scale: no pass over the
    scales.

    f8E4M3FN and f8E4M3FNUZ x decoded through f16: a pass over the scales
    checks that every |scale| is below 2^100; where that holds, the power
    of two that rebiases the f16 values (2^8, 2^7) multiplies the decoded
    scales instead (per-tensor once, tables per entry; f32 scales read in
    place as their own axis table once per read, for the rows of a period
    tile; segment and row tables then hold f32 scales too) and the steps
    leave it out. The codes' values times 2^-8 (2^-7) and the scales times
    2^8 (2^7) are exact, so each product is the same, rounded once.

    These checks are one pass over the scales (whole vectors, then the
    vector that ends with the last scale, all without masks: AVX2 has no
    masked load of 8- or 16-bit elements; fewer scales than lanes are one
    vector of their own, a masked read only for a dynamic count below the
    lanes), and the loops are built
    twice, with these fast paths and without, under one `scf.if` on its
    result: the steps themselves do not branch.

    Each loop ends with one masked tail. With `num-threads` > 1 the loops
    become an `scf.forall` over one chunk per thread (flat loops: a multiple
    of the lanes each, or of the segment or tile with segment tables or
    period tiles; rows: whole rows) when x has at least
    `parallel-threshold` elements; the `--qdq-to-llvm` pipeline maps it to
    OpenMP. Packed sub-byte operands are read as
    bytes (`qdq.packed_bytes`) and unpacked in i8 lanes with shifts, masks
    and interleaves, or, for integer x in arithmetic with AVX512_VBMI (and
    512-bit vectors) or AVX2, straight into i32 lanes with
    `qdq.unpack_bits` (vpmultishiftqb, or vpshufb and two shifts; on a Zen 3
    VM, the AVX2 form ran the 34 changed packed-integer cases of the
    benchmark at 1.12x the i8 lanes, geometric mean); every element is
    computed with the same numerics as
    `--convert-qdq-to-linalg` (shared builders). Other forms (statically
    empty tensors, packed x whose rows do not start on a byte when no loop
    row of several rows takes them, groups of more than 16 steps even at
    one register, ...) are left unchanged for
    `--convert-qdq-to-linalg`.

    The SIMD width is `vector-bits`, or by default the host's per op: 512
    bits with AVX-512F, except 256 on an AVX-512 CPU that is not an AMD Zen
    core for ops whose stores the host's rule does not stream: f32 results
    of integer and f16 x, and f16 results computed in f16 arithmetic
    (AVX512_FP16, which 256-bit registers keep) of f16 x, of 8-bit integer
    x (blocked only in blocks of a multiple of 32) and of f8E5M2 x not
    blocked (on an Intel Xeon, at 64 Ki elements, the f32 results ran at
    1.04-1.21x in ymm registers and those f16 results at 1.02-1.16x, and
    streaming ones lost at 64 Mi; fp8 x -> f32 ran at 0.71-0.90x, bf16
    results at 0.20-0.97x even with the 256-bit AVX512_BF16 form, and f16
    results of other x types at 0.41-1.02x); 256 with AVX or AVX2, else
    128. Each function the pass vectorizes is marked with the widest width
    of its ops as LLVM's `prefer-vector-width` and `min-legal-vector-width`
    (a `passthrough` entry): without them LLVM keeps vectors in the widest
    registers of the target CPU, so code written for 256 bits ran in zmm
    registers on an AVX-512 CPU. A function's own `prefer_vector_width` and
    a larger minimum are kept; `--convert-qdq-vector-ops-to-llvm` then
    emits no instruction wider than the minimum.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"0",
           "SIMD width in bits: 128, 256 or 512; 0 picks the host's per op "
           "(512 with AVX-512F, except 256 for ops that do not stream on "
           "AVX-512 CPUs other than AMD Zen with f32 results of integer and "
           "f16 x, or f16 results in f16 arithmetic of f16, 8-bit integer "
           "and f8E5M2 x; 256 with AVX/AVX2, else 128)">,
    Option<"unroll", "unroll", "int64_t", /*default=*/"0",
           "SIMD registers per loop iteration: the loops step over "
           "unroll * vector-bits / 32 lanes (forms without a scheme at that "
           "width, and block rows shorter than it, are retried with one "
           "register); 0 picks per form: 2 on 512-bit registers for bf16 x "
           "-> bf16 without a zero point where its steps branch on "
           "subnormal x (subnormal-branch), 8 on 512-bit registers for "
           "f16/bf16 results of f16/bf16 x and of packed 2-bit x in table "
           "lookups "
           "(per-tensor, rows of a static length, blocks), 8 on 256-bit "
           "registers for bf16 results, packed 2/4-bit x and f16 results "
           "of f16/bf16 x outside block rows and period tiles, when the "
           "scheme stays the same with 8, else 4">,
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"1",
           "Split the loops into this many chunks under an scf.forall "
           "(1: no scf.forall)">,
    Option<"parallelThreshold", "parallel-threshold", "int64_t",
           /*default=*/"262144",
           "Tensors with fewer elements run as one chunk">,
    Option<"maxTablePeriod", "max-table-period", "int64_t",
           /*default=*/"16384",
           "Per-axis periods (K * N elements) of at most this many elements "
           "are decoded into tables; a longer innermost axis of whole steps "
           "is read in place">,
    Option<"f16Stores", "f16-stores", "std::string", /*default=*/"\"host\"",
           "How the arithmetic steps write f16 results: per-register (each "
           "register's vcvtps2ph stores to memory), separate (each "
           "register's vcvtps2ph to a register, then its own store; with "
           "AVX2 or AVX-512 cpu-features, else per-register), "
           "joined (pairs of narrowed registers joined into one 512-bit "
           "store), joined-for-32-bit-x (joined on 512-bit registers for "
           "32-bit x, per-register otherwise), or host (separate on AMD "
           "Zen 3 and Zen 5, where vcvtps2ph to memory is slow; per-register "
           "otherwise)">,
    Option<"periodTile", "period-tile", "int64_t", /*default=*/"0",
           "Periods per period tile (per-axis tables whose period is "
           "several steps, and per-axis rows along a dynamic innermost "
           "axis, whose period is a row): each column step reads its "
           "scales and zero points once for the steps at its offset in "
           "this many periods, at most 16; 0 picks the host's per form (1 "
           "for tables of static ops whose stores the host's rule of "
           "--qdq-nontemporal-stores streams, but on AMD Zen 4 4 for f32 "
           "results and 8/16/32-bit integer x; otherwise on AMD Zen 5 1, but "
           "4 for f16/bf16 results of packed integer x, on AMD Zen 3 4, "
           "elsewhere 1 for 32-bit integer x, f16 x and f16 results of "
           "8-bit integer x and 4 for the others; rows along a dynamic "
           "axis: 4, on AMD Zen 5 1 for f32 results)">,
    Option<"tinyProductsMinBytes", "tiny-products-min-bytes", "int64_t",
           /*default=*/"0",
           "bf16 x -> f16/f32 on AVX-512: ops that move at least this many "
           "bytes of x and y (and ops of dynamic shapes) compute products "
           "below 2^-126 apart, never as f32 subnormals, which AVX-512 "
           "cores multiply slowly; -1: none; 0: the host's (2097152 on AMD "
           "Zen, 1 elsewhere). bf16 results always do (with AVX512_BF16)">,
    Option<"subnormalBranch", "subnormal-branch", "int64_t",
           /*default=*/"0",
           "bf16 x steps that compute their products below 2^-126 apart "
           "(tiny-products-min-bytes; bf16 results always): each register "
           "of a step (two for bf16 results) branches on whether x - zero "
           "point holds an f32 subnormal, and computes those lanes from its "
           "bits, with no multiply reading a subnormal, which Intel cores "
           "do slowly; 1: always, -1: never, 0: the host's (never on AMD "
           "Zen, always elsewhere)">,
    Option<"perTensorBF16Table", "per-tensor-bf16-table", "int64_t",
           /*default=*/"0",
           "8-bit integer x per tensor -> bf16 with f16/bf16 scales and a "
           "zero point, where AVX512_BF16 computes the results with the "
           "fused product and vcvtne2ps2bf16: 1: looked up in the table of "
           "the 256 codes' results, -1: computed, 0: the host's (the table "
           "on AMD Zen, computed elsewhere)">,
    Option<"flushSubnormals", "flush-subnormals", "bool", /*default=*/"true",
           "bf16 x -> f16 without a zero point on x86 (cpu-features with "
           "avx2, avx512f or f16c): where every "
           "scale is 0 or a normal number below 2^100 in magnitude (checked "
           "at run time), the loops run with MXCSR's flush-to-zero and "
           "denormals-are-zero bits set (saved before, restored after), "
           "which give the same f16 results and keep the multiplies off f32 "
           "subnormals">,
    Option<"codeTableMinBlocks", "code-table-min-blocks", "int64_t",
           /*default=*/"32",
           "MX formats into f16 (fp8 x, f8E8M0FNU scales, blocks of at "
           "least 32, AVX512_VBMI): where the op has at least this many "
           "blocks per scale code in the range of its codes (checked at "
           "run time), each code's f16 results are tabulated before the "
           "loops and the steps look their codes up; -1: never">,
    Option<"codeSelectMaxTableBytes", "code-select-max-table-bytes",
           "int64_t", /*default=*/"0",
           "per-axis packed 2-bit x -> f16/bf16 on AVX-512BW whose period "
           "is several steps: code selection's choice table (the results "
           "of the 4 codes at every position of the period, up to 64 KiB) "
           "is read at most this many bytes per pass over the rows: a "
           "larger table in column blocks, each over every row; below one "
           "step's choices (512 bytes), the arithmetic; 0: the host's (16 "
           "KiB on AMD Zen 4, whose L1 data cache is 32 KiB, unless the "
           "loops stream to memory; 64 KiB elsewhere)">,
    Option<"cpuFeatures", "cpu-features", "std::string", /*default=*/"\"host\"",
           "x86 extensions the lowering may count on (table-lookup "
           "shuffles, bit unpacking, bf16 rounding, fp8 decoding through "
           "f16): host (this CPU's), none, or a "
           "comma-separated list of ssse3, avx2, avx512f, avx512bw, "
           "avx512vbmi, avx512bf16, f16c, avx512fp16 (see "
           "--convert-qdq-vector-ops-to-llvm)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::LLVM::LLVMDialect",
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

    The pass reports as errors, rather than miscompiling, what the qdq
    lowering never produces and these patterns cannot lower faithfully:

    * stores into, allocations, copies, atomic updates and prefetches of
      packed memrefs, and vector loads, stores and transfers on them (their
      upstream lowering would address one element per byte);
    * packed memrefs in a memory space that is not an integer (the LLVM
      address space);
    * packed globals whose initial value is not dense elements, e.g.
      `dense_resource` blobs, whose bytes it does not pack (uninitialized
      globals lower to byte arrays without an initializer).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// QDQVectorOpsToLLVM
//===----------------------------------------------------------------------===//

def ConvertQDQVectorOpsToLLVM : Pass<"convert-qdq-vector-ops-to-llvm"> {
  let summary = "Lower qdq's vector-level ops (qdq.table_lookup, "
                "qdq.unpack_bits) to x86 instructions";
  let description = [{
    Rewrites `qdq.table_lookup` into `llvm.call_intrinsic` of the
    shuffles the CPU has, one register at a time:

    * 16 entries: the table repeated in every 16-byte lane and `pshufb`
      (SSSE3, 128 bits), `vpshufb` (AVX2, 256 bits) or `vpshufb` (AVX512BW,
      512 bits), the indices masked to their low 4 bits;
    * 64 entries (AVX512_VBMI): the table in one register and `vpermb` on
      the low 6 bits of each index;
    * 256 entries (AVX512_VBMI): the table in four 64-byte registers, two
      `vpermi2b` on the low 7 bits of the index and a select on bit 7;
    * 16 f32 entries (AVX512F): the table in one register and `vpermps` on
      the low 4 bits of each i32 index, 16 lookups per register;
    * 8 f32 entries (AVX2 or AVX512F): `vpermps` on the low 3 bits of each
      i32 index, 8 lookups per register (AVX2), or the table repeated in
      both halves of a 512-bit register and 16 lookups per register
      (AVX512F);
    * 4 f32 entries (AVX2 or AVX512F): the table repeated in every 128-bit
      lane and `vpermilps` on the low 2 bits of each i32 index, 8 or 16
      lookups per register.

    The widest register the features allow and the vector length divides is
    used. `qdq.unpack_bits` becomes, with AVX512_VBMI and a multiple of 16
    results, one `vpmultishiftqb` per 16 results on the source bytes
    broadcast to every 64-bit lane, and one shift; with AVX2 (and not
    AVX512BW), a multiple of 8 results and source bytes read in bounds from
    an i8 memref, one 4-byte read per 8 or 16 results broadcast to every
    i32 lane (`vpbroadcastd` from memory, no lane-crossing moves) and two
    shifts; else byte shuffles and
    two shifts. With byte shuffles in 128-bit lanes (SSSE3 and up), the
    shuffles go one register at a time, each from the 16 source bytes that
    hold the register's fields, broadcast to every 128-bit lane once per
    16 bytes: one `vpshufb` per register. With AVX512_BF16, `arith.truncf`
    of f32 vectors to bf16 (a
    multiple of 32 results, rounding to nearest even), which
    `--convert-qdq-to-vector` emits only where the instruction rounds
    exactly, becomes one two-source `vcvtne2ps2bf16` per 32 results (LLVM
    would select the one-source form per 16 and insert the halves). Also
    with AVX512_BF16 (AVX512_FP16), a non-temporal `vector.store` of bf16
    (f16) bits (an `arith.bitcast` of a bf16 or f16 vector) gets an empty
    `llvm.inline_asm` per register between the bitcast and the store: LLVM
    22's x86 backend has no streaming store for the vectors those features
    make legal and would otherwise fold the bitcast into the store and emit
    a normal one. The index of each 256-bit `vpermilps` lookup (4 f32
    entries) goes through such an inline asm too: for a CPU with AVX-512,
    LLVM 22 otherwise joins two lookups' indices into a 512-bit f32 `and`
    it cannot select. Functions that get such
    calls, or that round f32 vectors to bf16
    with `arith.truncf` (vcvtneps2bf16), are marked with the LLVM
    `target_features` the instructions need, so the code compiles for any
    target machine (and runs on CPUs that have them); so are functions
    holding such an empty inline asm (a register barrier, also made by
    `--convert-qdq-to-vector`) on a ymm or zmm value: AVX or AVX512F, since
    LLVM cannot split an inline asm operand across narrower registers.
    Without the features (`cpu-features=none`) every element is extracted
    and inserted. In a function marked with a `min-legal-vector-width`
    (as `--convert-qdq-to-vector` marks the functions it vectorizes), the
    features of wider registers are not used.
    Run it after bufferization: `llvm.call_intrinsic` has unknown memory
    effects, which the buffer deallocation passes reject.
  }];
  let options = [
    Option<"cpuFeatures", "cpu-features", "std::string", /*default=*/"\"host\"",
           "x86 extensions the lowering may use: host (this CPU's), none, "
           "or a comma-separated list of ssse3, avx2, avx512f, avx512bw, "
           "avx512vbmi, avx512bf16, f16c, avx512fp16">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// QuantToQDQ
//===----------------------------------------------------------------------===//

def ConvertQuantToQDQ : Pass<"convert-quant-to-qdq"> {
  let summary = "Import quant.dcast of !quant.uniform tensors as "
                "qdq.dequantize_linear";
  let description = [{
    Rewrites every `quant.dcast` whose operand is a ranked tensor of
    `!quant.uniform` into a `qdq.dequantize_linear`, so that code already in
    the upstream `quant` dialect gets qdq's exact lowering:

    * the operand becomes its storage values the way `--lower-quant-ops`
      reads them, a `quant.scast` to the signless storage type (which folds
      away when the operand is itself a `quant.scast` of that type), then a
      `tensor.bitcast` to `uiN` for unsigned storage (`u8` -> `ui8`); `i2`,
      `i4`, `i8`, `i16`, `i32` and their `u` forms are supported. Storage
      bounds (`i8<-127:127>`) do not affect dequantization and are dropped.
      A function argument of a quantized type keeps its `quant.scast`,
      which `--qdq-to-llvm` does not lower: run upstream
      `--strip-func-quant-types` first, which gives the function
      storage-typed arguments and results;
    * the scales become an `arith.constant` tensor of the expressed type
      (f32, f16 or bf16), which is also the result type. quant holds
      per-layer and per-axis scales as f64; each is converted to the
      expressed type the way `--lower-quant-ops` converts it (IEEE
      conversion, round to nearest, ties to even; sub-channel scales are
      already held in the expressed type);
    * the zero points become an `arith.constant` tensor of x's type, or no
      operand when they are all zero;
    * per-layer types give a per-tensor op (0-D scale), per-axis types a
      per-axis op along the quantized dimension. A sub-channel type (a dim
      without a block size is one block of the dim's length) gives a
      per-tensor op when the scales have one entry, a per-axis op (1-D
      scales) when they vary along one dim only, with block size 1 there,
      and otherwise a blocked op along the one dim whose blocks have more
      than one element (`block_size` its block size; the dim must then be
      static if it is one block), or along the first dim the scales vary
      along, with `block_size` 1, when no dim has larger blocks. Blocks of
      more than one element along two or more dims (say `{0:2, 1:2}`, or
      `{1:32}` on a `4x64` tensor, whose dim 0 is one block of 4 rows) have
      no qdq form.

    Numerics: qdq subtracts the zero point exactly in integer arithmetic,
    converts the difference to f32, multiplies by the scale in f32 and rounds
    to the result type. `--lower-quant-ops` converts the stored value and
    the zero point to the expressed type and subtracts and multiplies there.
    The two agree bit for bit whenever the upstream conversions and the
    subtraction are exact and the f32 product is exact: f32 with storage of
    at most 16 bits, f16 and bf16 with storage of at most 8 bits, and 32-bit
    storage (whose zero point is zero). With 16-bit storage and an f16 or
    bf16 expressed type upstream rounds the stored value (and the
    difference) to the expressed type first, and the results can differ.

    The pass fails with a diagnostic naming the offending value on a
    `quant.dcast` it cannot express: an operand that is not a ranked tensor
    (scalars, unranked tensors), a type that is not `!quant.uniform`, storage
    widths other than 2, 4, 8, 16 and 32, an expressed type other than f32,
    f16 and bf16, a zero point outside the range of the storage type, a
    non-zero zero point with 32-bit storage (rule DQ-R15), and the
    sub-channel layouts above that have no qdq form. Other `quant` ops are
    left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::qdq::QDQDialect",
    "::mlir::quant::QuantDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // QDQ_CONVERSION_PASSES_TD
