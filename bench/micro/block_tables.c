// Block tables against the arithmetic, on hand-written versions of the two
// inner loops of i4 blocked-32 (64 elements, two blocks, per iteration), on
// L1-resident data: the measurement behind block tables in
// --convert-qdq-to-vector (bench/HISTORY.md). Not part of the build or
// of any test:
//
//   clang-22 -O2 -march=native bench/micro/block_tables.c -o /tmp/block_tables
//   /tmp/block_tables
//
// Arithmetic (what the lowering emitted before): per 16 lanes vpmultishiftqb,
// vpsrad, vpsubd, vcvtdq2ps, vmulps, then the rounding (vcvtps2ph, or
// vcvtne2ps2bf16 per 32) and the stores. Block tables: per block, the 16
// codes minus its zero point, converted, multiplied and rounded; then per
// 64 codes the index bytes (vpermq, vpmultishiftqb, vpternlogd), two vpermb
// lookups in the byte planes and two in-lane unpacks (f16/bf16), or four
// vpermps (f32). Reported in core cycles per 64 elements, calibrated with a
// chain of dependent vpaddd (1 cycle each). Only the instruction mix is
// modelled: the constants are zeros, so the results are not meaningful.
//
// x86-64 with AVX-512F/BW/VBMI and AVX512_BF16 only.
#include "micro_clock.h"
#include <stdint.h>
#include <stdio.h>

#define ITERS 20000000L
static char x[4096] __attribute__((aligned(64)));
static char y[4096] __attribute__((aligned(64)));
static float params[64] __attribute__((aligned(64)));
static char constants[1024] __attribute__((aligned(64)));

// %0: packed x, %1: y, %2: the two blocks' zero points (i32) and scales
// (f32), %3: constants (codes, index controls). zmm10-15 stay constant.
#define RUN(name, body)                                                        \
  do {                                                                         \
    double t0 = now();                                                         \
    for (long i = 0; i < ITERS; i++)                                           \
      __asm__ volatile(body::"r"(x), "r"(y), "r"(params), "r"(constants)       \
                       : "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",     \
                         "xmm5", "xmm6", "xmm7", "xmm8", "xmm9");              \
    printf("  %-36s %5.2f\n", name, (now() - t0) / ITERS / cycle);             \
  } while (0)

// Arithmetic: 64 codes into zmm5-8 as f32 products.
#define ARITH                                                                  \
  "vpmultishiftqb (%0)%{1to8%}, %%zmm15, %%zmm5\n\t"                           \
  "vpmultishiftqb 8(%0)%{1to8%}, %%zmm15, %%zmm6\n\t"                          \
  "vpmultishiftqb 16(%0)%{1to8%}, %%zmm15, %%zmm7\n\t"                         \
  "vpmultishiftqb 24(%0)%{1to8%}, %%zmm15, %%zmm8\n\t"                         \
  "vpsrad $28, %%zmm5, %%zmm5\n\t"                                             \
  "vpsrad $28, %%zmm6, %%zmm6\n\t"                                             \
  "vpsrad $28, %%zmm7, %%zmm7\n\t"                                             \
  "vpsrad $28, %%zmm8, %%zmm8\n\t"                                             \
  "vpsubd (%2)%{1to16%}, %%zmm5, %%zmm5\n\t"                                   \
  "vpsubd (%2)%{1to16%}, %%zmm6, %%zmm6\n\t"                                   \
  "vpsubd 4(%2)%{1to16%}, %%zmm7, %%zmm7\n\t"                                  \
  "vpsubd 4(%2)%{1to16%}, %%zmm8, %%zmm8\n\t"                                  \
  "vcvtdq2ps %%zmm5, %%zmm5\n\t"                                               \
  "vcvtdq2ps %%zmm6, %%zmm6\n\t"                                               \
  "vcvtdq2ps %%zmm7, %%zmm7\n\t"                                               \
  "vcvtdq2ps %%zmm8, %%zmm8\n\t"                                               \
  "vmulps 8(%2)%{1to16%}, %%zmm5, %%zmm5\n\t"                                  \
  "vmulps 8(%2)%{1to16%}, %%zmm6, %%zmm6\n\t"                                  \
  "vmulps 12(%2)%{1to16%}, %%zmm7, %%zmm7\n\t"                                 \
  "vmulps 12(%2)%{1to16%}, %%zmm8, %%zmm8\n\t"
#define STORE_F32                                                              \
  "vmovups %%zmm5, (%1)\n\t"                                                   \
  "vmovups %%zmm6, 64(%1)\n\t"                                                 \
  "vmovups %%zmm7, 128(%1)\n\t"                                                \
  "vmovups %%zmm8, 192(%1)\n\t"
#define STORE_F16                                                              \
  "vcvtps2ph $4, %%zmm5, %%ymm5\n\t"                                           \
  "vcvtps2ph $4, %%zmm6, %%ymm6\n\t"                                           \
  "vcvtps2ph $4, %%zmm7, %%ymm7\n\t"                                           \
  "vcvtps2ph $4, %%zmm8, %%ymm8\n\t"                                           \
  "vinserti64x4 $1, %%ymm6, %%zmm5, %%zmm5\n\t"                                \
  "vinserti64x4 $1, %%ymm8, %%zmm7, %%zmm7\n\t"                                \
  "vmovdqu64 %%zmm5, (%1)\n\t"                                                 \
  "vmovdqu64 %%zmm7, 64(%1)\n\t"
#define STORE_BF16                                                             \
  "vcvtne2ps2bf16 %%zmm6, %%zmm5, %%zmm5\n\t"                                  \
  "vcvtne2ps2bf16 %%zmm8, %%zmm7, %%zmm7\n\t"                                  \
  "vmovdqu64 %%zmm5, (%1)\n\t"                                                 \
  "vmovdqu64 %%zmm7, 64(%1)\n\t"

// Block tables: the two blocks' 16 entries each, as f32 in zmm1 and zmm2.
#define ENTRIES                                                                \
  "vmovdqa64 (%3), %%zmm0\n\t"                                                 \
  "vpsubd (%2)%{1to16%}, %%zmm0, %%zmm1\n\t"                                   \
  "vpsubd 4(%2)%{1to16%}, %%zmm0, %%zmm2\n\t"                                  \
  "vcvtdq2ps %%zmm1, %%zmm1\n\t"                                               \
  "vcvtdq2ps %%zmm2, %%zmm2\n\t"                                               \
  "vmulps 8(%2)%{1to16%}, %%zmm1, %%zmm1\n\t"                                  \
  "vmulps 12(%2)%{1to16%}, %%zmm2, %%zmm2\n\t"
// ... rounded to f16 or bf16 and split into the byte planes zmm3, zmm4.
#define PLANES_F16                                                             \
  "vcvtps2ph $4, %%zmm1, %%ymm1\n\t"                                           \
  "vcvtps2ph $4, %%zmm2, %%ymm2\n\t"                                           \
  "vinserti64x4 $1, %%ymm2, %%zmm1, %%zmm1\n\t"                                \
  "vpermb %%zmm1, %%zmm12, %%zmm3\n\t"                                         \
  "vpermb %%zmm1, %%zmm13, %%zmm4\n\t"
#define PLANES_BF16                                                            \
  "vcvtne2ps2bf16 %%zmm2, %%zmm1, %%zmm1\n\t"                                  \
  "vpermb %%zmm1, %%zmm12, %%zmm3\n\t"                                         \
  "vpermb %%zmm1, %%zmm13, %%zmm4\n\t"
#define LOOKUP_16                                                              \
  "vpermq (%0), %%zmm14, %%zmm5\n\t"                                           \
  "vpmultishiftqb %%zmm5, %%zmm15, %%zmm5\n\t"                                 \
  "vpternlogd $0xEA, %%zmm11, %%zmm10, %%zmm5\n\t"                             \
  "vpermb %%zmm3, %%zmm5, %%zmm6\n\t"                                          \
  "vpermb %%zmm4, %%zmm5, %%zmm7\n\t"                                          \
  "vpunpcklbw %%zmm7, %%zmm6, %%zmm8\n\t"                                      \
  "vpunpckhbw %%zmm7, %%zmm6, %%zmm9\n\t"                                      \
  "vmovdqu64 %%zmm8, (%1)\n\t"                                                 \
  "vmovdqu64 %%zmm9, 64(%1)\n\t"
#define LOOKUP_F32                                                             \
  "vpmultishiftqb (%0)%{1to8%}, %%zmm15, %%zmm5\n\t"                           \
  "vpmultishiftqb 8(%0)%{1to8%}, %%zmm15, %%zmm6\n\t"                          \
  "vpmultishiftqb 16(%0)%{1to8%}, %%zmm15, %%zmm7\n\t"                         \
  "vpmultishiftqb 24(%0)%{1to8%}, %%zmm15, %%zmm8\n\t"                         \
  "vpermps %%zmm1, %%zmm5, %%zmm5\n\t"                                         \
  "vpermps %%zmm1, %%zmm6, %%zmm6\n\t"                                         \
  "vpermps %%zmm2, %%zmm7, %%zmm7\n\t"                                         \
  "vpermps %%zmm2, %%zmm8, %%zmm8\n\t" STORE_F32

int main(void) {
  double cycle = cycleTime(ITERS * 4);
  printf("i4 blocked-32 inner loops, core cycles per 64 elements "
         "(%.2f GHz):\n",
         1e-9 / cycle);
  RUN("arithmetic -> f32", ARITH STORE_F32);
  RUN("block tables -> f32", ENTRIES LOOKUP_F32);
  RUN("arithmetic -> f16", ARITH STORE_F16);
  RUN("block tables -> f16", ENTRIES PLANES_F16 LOOKUP_16);
  RUN("arithmetic -> bf16", ARITH STORE_BF16);
  RUN("block tables -> bf16", ENTRIES PLANES_BF16 LOOKUP_16);
  return 0;
}
