//===- HostDefaults.cpp - the vector lowering's host defaults -------------===//
//
// The defaults of --convert-qdq-to-vector that depend on the host CPU (its
// SIMD width, and the store form and tile sizes measured fastest on it),
// declared in QDQToVector.h.
//
//===----------------------------------------------------------------------===//

#include "qdq/Conversion/QDQToVector/QDQToVector.h"

#include "Plan.h"
#include "qdq/Dialect/QDQ/Utils/HostCPU.h"

#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using namespace mlir::qdq;

unsigned mlir::qdq::getHostVectorBits() {
  // Asked per op (getHostVectorBits(x, y, streams)): the CPU is read once.
  static const unsigned bits = [] {
    llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
    if (features.lookup("avx512f"))
      return 512u;
    if (features.lookup("avx2") || features.lookup("avx"))
      return 256u;
    return 128u;
  }();
  return bits;
}

unsigned mlir::qdq::getHostVectorBits(DequantizeLinearOp op,
                                      const X86Features &features,
                                      bool streams) {
  unsigned bits = getHostVectorBits();
  if (bits != 512 || isHostZen() || streams)
    return bits;
  Type xElement = op.getX().getType().getElementType();
  Type yElement = op.getY().getType().getElementType();
  // An Intel Xeon VM (LLVM: rocketlake; AVX-512 F/BW/VBMI/BF16/FP16; 2 MiB
  // L2 per core), A/B of `--ab vector-bits=256` against 512 over the core
  // set at 64 Ki and 4 Mi elements (2026-12-01 21:56-22:05 UTC, 5 rounds,
  // with the functions marked so that LLVM kept 256-bit code in ymm): f32
  // results of integer x of every width and granularity and of f16 x ran
  // at 1.04-1.21x at 64 Ki (i32 per tensor 1.09x: the same loop as the
  // clang-built one in zmm instead of ymm registers) and 0.99-1.04x at
  // 4 Mi; f32 results of fp8 x lost at 64 Ki (0.71-0.90x: their byte tables
  // need AVX512_VBMI's 512-bit vpermb), and f16/bf16 results lost
  // everywhere (geometric means 0.51-0.90x: the AVX512_BF16 steps, and
  // then the AVX512_FP16 ones, were 512-bit only). At 64 Mi elements, where
  // those kernels stream, ymm registers lost instead: 0.93-1.00x (geometric
  // mean 0.96x; 21 f32-result kernels of integer and f16 x, --ab-binary, 5
  // rounds, 22:36-22:40 UTC). LLVM tunes every Intel AVX-512 core for 256-bit
  // vectors (its prefer-256-bit tuning); AMD Zen 4 and 5 run 512-bit vectors at
  // full width and keep them.
  if (yElement.isF32() && (isa<IntegerType>(xElement) || xElement.isF16()))
    return 256;
  // f16 results in f16 arithmetic (AVX512_FP16 steps, which 256-bit
  // registers have too) on the same Xeon VM: A/B of `--ab vector-bits=256`
  // against 512 over every f16-result case of the forms that take them
  // (the full set's 8-bit and packed integer, fp8 and f16 x at 64 Ki and
  // 4 Mi, 3 rounds, 2026-12-06 20:11-20:18 UTC; the blocks set's i8 x,
  // 20:18 UTC). At 64 Ki, f16 x ran at 1.11-1.16x at every granularity
  // (the same vmulph loop as the clang-built one, in ymm instead of zmm
  // registers); i8 and ui8 x at 1.05-1.14x per tensor, per row, per-axis
  // C=64 and blocked in blocks of 32 to 256 (0.99-1.00x per-axis C=4096),
  // but 0.59-0.60x in blocks of 24 and 0.91x in blocks of 16; f8E5M2 x
  // (its f16 bits are the code shifted) at 1.02-1.10x but 0.69-0.82x
  // blocked. The other fp8 kinds and packed x lost at 64 Ki (0.41-1.02x,
  // geometric mean 0.74x: their decodes and unpacks cost as much per
  // register at half the width). At 4 Mi, 0.99-1.03x for the forms taken.
  // Where the stores stream, 512 bits won again at 64 Mi (`--ab
  // vector-bits=256` with the harness that alternates A and B, 5 rounds,
  // 2026-12-06 21:14 UTC: 18 kernels of i8, i16, i32 and f16 x with f32
  // results and of i8 and f16 x with f16 results, 256 bits at
  // 0.81-1.06x). Not taken either: bf16 results on 256 bits with
  // AVX512_BF16's 256-bit vcvtne2ps2bf16 (0.20-0.97x at 64 Ki over every
  // x type), f16 results of 16/32-bit integer and bf16 x in the f32 steps
  // (0.61-0.97x at 64 Ki).
  if (!yElement.isF16() || !detail::hasF16ArithmeticForm(op, features))
    return bits;
  bool blocked =
      op.getGranularity() == DequantizeLinearOp::Granularity::Blocked;
  if (xElement.isF16())
    return 256;
  if (xElement.isInteger(8) && (!blocked || op.getBlockSize() % 32 == 0))
    return 256;
  if (isa<Float8E5M2Type>(xElement) && !blocked)
    return 256;
  return bits;
}

F16StoreForm mlir::qdq::getHostF16StoreForm() {
  // Zen 5 (znver5): vcvtps2ph to memory is slow there. In an L1-resident
  // loop (bench/micro/loop_limits.c, i8 per-axis -> f16 as the lowering
  // emits it, 2026-11-26 14:58 UTC) it took 4.0 core cycles per 64
  // elements, against 2.85 with vcvtps2ph to a register and 3.15 with
  // joined pairs. In the benchmark, joined stores gained over the memory
  // form for 32-bit x only (A/B of 56 f16-result cases, 15:04 UTC), and
  // separate stores (the register form, which LLVM's store folding hid
  // until the empty inline asm between conversion and store) gained over
  // both: two A/Bs of every f16-result case at 64 Ki and 4 Mi against
  // the then default joined-for-32-bit-x (2026-11-27 03:34 UTC, 5 rounds,
  // and 03:48 UTC, 7 rounds, integer and f16 x) gave geometric means per
  // granularity and size of 0.99-1.11x and per x type and size of
  // 0.97-1.11x, and no case below 0.95x in both (bench/HISTORY.md).
  // Zen 3 (znver3, AVX2): vcvtps2ph to memory took 0.70 ns against 0.34
  // to a register in a scratch loop (bench/HISTORY.md, 2026-11-28). A/B of
  // `--ab f16-stores=separate` against the memory form over the 36
  // f16-result cases of the core set (i8, i4 and f8E4M3FN x, six
  // granularities, 64 Ki and 4 Mi, 5 rounds, 2026-11-28 04:24 UTC): the
  // memory form ran at 0.90x separate stores (geometric mean of time
  // ratios; 0.68-1.08x, 28 of 36 below 0.95x), and an A/A run of the same
  // cases right after it at 0.99x (0.88-1.18x). Zen 4 ran the memory form
  // faster for every x type (see KernelBuilder::dequantizeInto).
  if (isHostZen5() || isHostZen3())
    return F16StoreForm::Separate;
  return F16StoreForm::PerRegister;
}

int64_t mlir::qdq::getHostPeriodTile(Type xElement, Type yElement,
                                     bool streams) {
  // Zen 4: in A/Bs of the benchmark's per-axis C=4096 cases (i8, i4,
  // f8E4M3FN x; 64 Ki and 4 Mi; 2026-11-24), tiles of 2 periods ran at
  // 0.82-0.87x tiles of 4 with f32 results and 0.92-1.04x with f16/bf16
  // results (23:51 UTC), tiles of 8 at 0.70-1.08x and 0.97-1.03x (22:52
  // UTC). Zen 5 (48 KiB L1; every x type, 64 Ki and 4 Mi, 5 rounds,
  // 2026-11-26 17:53 UTC): one period at a time ran at 1.34x tiles of 4
  // with f32 results at 64 Ki (geometric mean; 0.97-1.89x) and 1.09x at
  // 4 Mi, 1.03-1.07x with f16/bf16 results, except for packed 2/4-bit
  // integer x with f16/bf16 results (0.89-0.91x at 64 Ki), whose
  // zero-point unpacking the tiles share; tiles of 2 ran slower than
  // either (0.81x and 0.95x with f32 results, 17:49 UTC). Measured with
  // the host's 512-bit vectors only. Zen 3 (AVX2; i8, i4 and f8E4M3FN x,
  // every result type, 64 Ki, 4 Mi and 64 Mi, 5 rounds, 2026-11-27 20:28
  // UTC): where the nest streams (one period at a time writes one row
  // instead of four at once), tiles of 4 ran at 0.70-1.01x one period
  // (geometric mean 0.85x; 0.70-0.83x for i4 and i8 x with f32 results);
  // elsewhere tiles of 4 stay (0.86-1.34x, e.g. 1.34x for i8 x with f32
  // results at 64 Ki). The Zen 4 measurements above were of nests that did
  // not stream. Zen 5 again, where the nest streams (i4/ui4 per-axis
  // C=4096 -> f16/bf16 at 64 Mi, `--ab period-tile=1`, 5 rounds,
  // 2026-12-04 23:15 UTC, the 32 MiB-L3 VM): one period at a time ran
  // 1.12-1.28x faster than tiles of 4, at 0.96-1.00 of the roof against
  // 0.77-0.86. Zen 4, where the nest streams (every per-axis C=4096 case
  // at 64 Mi, `--ab period-tile=4`, 3 rounds, 2026-12-06 08:50-08:59 UTC,
  // and 33 of them again, 5 rounds, 09:01-09:06 UTC): tiles of 4 ran at
  // 0.99-1.41x one period with f32 results (16-bit integer x 1.32-1.41x,
  // f16/bf16 x 1.09-1.18x, 32-bit x 1.10-1.12x, the others 0.99-1.03x), at
  // 1.01-1.37x for 8/16/32-bit integer x into f16/bf16 (i16/ui16
  // 1.19-1.37x), but at 0.70-0.94x for f16/bf16 x into f16/bf16, 0.91-0.97x
  // for fp8 and fp4 x into f16, and 0.93-1.12x for packed integer x into
  // f16/bf16 and fp8/fp4 x into bf16. The only such nests at 4 Mi, i32/ui32 x,
  // ran at 1.00-1.18x (5 rounds, 09:08-09:09 UTC), and at 0.90-1.06x the build
  // before in an `--ab-binary` (5 rounds, 11:00-11:01 UTC): the noise of
  // this VM's L3 either way.
  if (streams) {
    bool wideInteger =
        xElement.isInteger() && xElement.getIntOrFloatBitWidth() >= 8;
    return isHostZen4() && (yElement.isF32() || wideInteger) ? 4 : 1;
  }
  // An Intel Xeon VM (LLVM: rocketlake; AVX-512 with FP16), where the nest
  // does not stream (`--ab period-tile=1` against tiles of 4, 3 rounds,
  // 2026-12-06 18:59-19:03 UTC; per-axis C=64 and C=4096): one period at a
  // time ran i32/ui32 x at 1.11-1.34x with f32 results at 64 Ki (C=4096:
  // 106 GB/s against 80, the roof's speed) and 1.01-1.04x at 4 Mi, at
  // 0.97-1.08x with f16/bf16 results; f16 x at 1.00-1.16x at 64 Ki and
  // 0.99-1.01x at 4 Mi. 16-bit integer x keeps tiles of 4 (0.85-1.02x with
  // one period), 8-bit integer x and bf16 x too (0.91-1.13x, 0.92-1.07x).
  // But f16 results of 8-bit integer x, since their f16 steps run on
  // 256-bit registers there (getHostVectorBits): one period at a time ran
  // i8/ui8 per-axis C=4096 -> f16 at 1.23x at 64 Ki (80 GB/s against
  // 65, 0.97 of the roof) and 0.97-0.98x at 4 Mi (`--ab period-tile=1`,
  // 5 rounds, 2026-12-06 22:06 UTC; f32 and bf16 results of 8/16-bit x
  // and f16 results of 16-bit x ran at 0.84-1.07x at 64 Ki and 0.88-1.03x
  // at 4 Mi with one period, and keep tiles of 4).
  if (!isHostZen()) {
    bool wide = xElement.isF16() || (xElement.isInteger() &&
                                     xElement.getIntOrFloatBitWidth() == 32);
    bool byteToF16 = xElement.isInteger(8) && yElement.isF16();
    return wide || byteToF16 ? 1 : 4;
  }
  if (!isHostZen5())
    return 4;
  bool packedInteger =
      xElement.isInteger() && xElement.getIntOrFloatBitWidth() < 8;
  return packedInteger && !yElement.isF32() ? 4 : 1;
}

int64_t mlir::qdq::getHostRowTile(Type yElement) {
  // Zen 4 took 4 rows per tile, the constant before the option applied to
  // rows. Zen 5 (per-axis C=64 and C=4096 with every dim dynamic, i8, i4,
  // f8E4M3FN and f16 x, 64 Ki and 4 Mi, 3 rounds, 2026-11-26 22:20 UTC;
  // geometric means of tiles of 1 against 4): f32 results 1.41x at 64 Ki
  // and 1.10x at 4 Mi with rows of 4096, 0.89x and 1.05x with rows of 64;
  // f16 results 0.73-0.91x.
  if (!isHostZen5())
    return 4;
  return yElement.isF32() ? 1 : 4;
}

bool mlir::qdq::getHostRowTablesForHardwareBF16() {
  // Zen 4: i8 -> bf16 rows of 1024 / 2048 / 4096 ran at 46 / 57 / 68 GB/s
  // with a table each, 56 without (LookupTable.cpp,
  // kRowTableElementsPerEntryHardwareBF16). An Intel Xeon VM (LLVM:
  // rocketlake; AVX-512 F/BW/VBMI/BF16/FP16), rows of 4096 of i8 and ui8 x
  // (the benchmark's per-row cases; `--ab` with cpu-features without
  // AVX512_VBMI, which leaves no 256-entry tables, 3 rounds, 2026-12-02
  // 00:37 UTC): without tables 1.24-1.26x at 64 Ki, 1.06-1.08x at 4 Mi and
  // 1.09-1.29x at 64 Mi; this rule against the build before
  // (`--ab-binary`, 5 rounds, 01:18 UTC): 1.24x at 64 Ki, 0.98-1.03x at
  // 4 Mi and 0.98-1.01x at 64 Mi. Its 256-entry lookups (four vpermt2b per
  // 64 codes) also lost to the f16 steps (LookupTable::entries).
  return isHostZen();
}

bool mlir::qdq::getHostPerTensorBF16Table() {
  // On the Intel Xeon VM (bench/micro/bf16_conversion.c, five runs,
  // 2026-12-07 02:25-02:35 UTC), 4 independent 512-bit vcvtne2ps2bf16 took
  // 8.1-8.7 cycles (one run 9.8), and 4 vpaddd, vpermb or vpsrld more
  // added 2.0-2.3, 4.1-4.5 and 1.9-2.3 (four of the runs printed the
  // pairs): about 2 cycles per conversion, the shuffle pipe's whole time
  // and half the other's. A two-source byte
  // permute (vpermt2b) takes about 2 cycles too (4 independent ones in
  // 7.4-8.0), so the table's 4 permutes per 64 codes cost about what the
  // fused product's 2 conversions and 12 other operations do.
  // `--ab-binary` against the table (i8 and ui8 per tensor -> bf16, bf16
  // scales, 3 and 5 rounds, 02:11 and 02:17 UTC): the product ran at
  // 1.07-1.10x at 64 Ki elements, 0.99-1.01x at 4 Mi and 0.96-1.05x at
  // 64 Mi. (Rows of 8-bit integer x -> bf16 take no tables on such hosts
  // already: getHostRowTablesForHardwareBF16.) On the Zen 4 VM the table
  // won (`--ab per-tensor-bf16-table=-1`, i8 and ui8 per tensor -> bf16,
  // 5 rounds, 2026-12-07 23:04 UTC): it ran at 1.17-1.39x the product's
  // speed at 64 Ki, 1.31-1.33x at 4 Mi and 0.97-1.00x at 64 Mi. AMD Zen
  // keeps it.
  return isHostZen();
}

bool mlir::qdq::getHostBlockGroupTables() {
  // Zen 4 (i4, ui4 and fp4 in blocks of 24 -> f16/bf16, `--ab-binary`
  // against the arithmetic, 3 rounds, 2026-12-06 14:45-14:49 UTC): 1.10-1.37x
  // at 64 Ki and 4 Mi, 1.03-1.13x at 64 Mi. An Intel Xeon VM (LLVM:
  // rocketlake; AVX-512 with FP16, whose f16 steps of 4-bit integer x
  // compute in f16; the same 18 kernels, 3 rounds, 19:12-19:13 UTC, and
  // the f16 results at 64 Ki again, 7 rounds, 19:14 UTC): 0.91x for fp4
  // -> f16 at 64 Ki, 0.97-0.98x for i4/ui4 -> f16, 0.98-1.02x elsewhere.
  return isHostZen();
}

int64_t mlir::qdq::getHostCodeSelectMaxTableBytes(bool streams) {
  // The choice table of per-axis C=4096 -> f16/bf16 holds 32 KiB, read
  // once per row. Zen 5 (48 KiB L1) ran it at 0.93-1.01x the arithmetic at
  // 64 Ki elements (2026-12-04). On a Zen 4 VM (32 KiB L1; i2/ui2 per-axis
  // C=4096 -> f16/bf16, `--ab-binary` against the arithmetic, 3 rounds,
  // 2026-12-06 04:48 UTC) the whole table ran at 0.63-0.72x the arithmetic
  // at 64 Ki and 4 Mi (20-24 GB/s against 30-38), but at 64 Mi, where the
  // loops stream to DRAM, the arithmetic ran at 0.83x with f16 results
  // (24-26 GB/s against the table's 30-31, the roof's 31) and 0.97-1.02x
  // with bf16 results. Read in two column blocks of 16 KiB
  // (KernelBuilder::columnBlockColumns; `--ab-binary` against the
  // arithmetic of the bound before, 3 rounds, 2026-12-06 07:00 UTC): f16
  // results 1.40-1.42x and bf16 results 1.22-1.24x at 4 Mi, 1.05-1.07x at
  // 64 Ki, where building the table costs a quarter of the 16 rows; at
  // 64 Mi the loops stream and read the whole table, as before.
  return isHostZen4() && !streams ? 16 * 1024 : 64 * 1024;
}

int64_t mlir::qdq::getHostTinyProductsMinBytes() {
  // On the Zen 5 VM (bench/micro/subnormal_guard.c, per-tensor bf16 x,
  // 64 Ki elements, 2026-12-05) f32 results ran at 98 GB/s plain and 131
  // apart on the benchmark's random codes, but at 206 and 133 on codes
  // whose products stay normal: the assists cost less there than the extra
  // operations on ordinary data, so only ops beyond the L2 cache take the
  // forms. On an Intel Xeon VM (LLVM: rocketlake; AVX-512 with FP16; the
  // same microbenchmark, 2026-12-06 17:31 UTC) they ran at 6.2 plain and
  // 26.5 apart on random codes, and 80.7 and 76.9 on the others; in the
  // benchmark (`--ab tiny-products-min-bytes=0` over the 54 bf16 x cases,
  // 3 rounds, 17:33-17:38 UTC) every op taking them ran the f32 results at
  // 64 Ki elements at 3.8-4.6x (from 0.07-0.09 of the roof to 0.31-0.34)
  // and the f16 results, which flush subnormals where the scales allow it,
  // at 0.96-1.00x. On the Zen 4 VM (2026-12-07) the forms ran at 1.065x
  // with f32 results at 64 Ki in the benchmark, but the microbenchmark ran
  // them at 0.81-0.94x the plain loop on random codes and 0.56-0.59x on
  // codes without subnormal products: the rule stays.
  return isHostZen() ? kZenTinyProductsMinBytes : 1;
}

bool mlir::qdq::getHostSubnormalBranch() {
  // bench/micro/denormal_inputs.c on the Intel Xeon VM (2026-12-06): a
  // 512-bit vmulps or vfmadd with subnormal inputs took 35 ns against 1.3
  // with normal ones; vaddps and the conversions to f16 and bf16 take no
  // assist (vcvtdq2ps reads integers). On the Zen 5 VM the fma form ran
  // as fast on the benchmark's random codes (subnormal x included) as on
  // codes without them. On the Zen 4 VM the branch lost (`--ab
  // subnormal-branch=1`, the 54 bf16 x cases, 3 rounds, 2026-12-07 23:05
  // UTC; geometric means, the fma form's speed over the branch's): f32
  // results 1.00x at 64 Ki, 1.48x at 4 Mi and 1.34x at 64 Mi; bf16 results
  // 1.62x, 1.75x and 1.76x; f16 results (which flush) 1.00-1.04x.
  return !isHostZen();
}
