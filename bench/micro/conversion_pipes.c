// Which vector instructions compete with vcvtps2ph (f32 -> f16) for the
// core's pipes: the measurement behind the notes on f16 results in
// bench/STATUS.md and bench/HISTORY.md (2026-12-06, Zen 4). Not part of the
// build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/conversion_pipes.c \
//     -o /tmp/conversion_pipes
//   /tmp/conversion_pipes
//
// For each instruction X of the steps' arithmetic (512-bit forms), three
// loops of independent instructions, in core cycles per iteration
// (calibrated with a chain of dependent vpaddd, 1 cycle each):
//   - 4 x X;
//   - 4 x vcvtps2ph zmm -> ymm (register results);
//   - both, interleaved.
// The last column is how much of X's own time the pair adds to the
// conversions': about 0 when X runs on pipes the conversion does not use,
// about 1 when the two share them. Then four independent products
// (vmulps), each narrowed and stored: what 64 f16 results cost once their
// f32 values exist. Then the i8 blocked-32 -> f16 step (two
// blocks of 32 per 64 elements, each block's zero point and scale read with
// broadcast loads) in four forms, in core cycles per 64 elements: the plain
// product (vpsubd, vcvtdq2ps, vmulps), the fused product with a third table
// of -M * scale (vpaddd, vfmadd), the fused product with -M * scale
// computed by a multiply of the broadcast scale, and the plain product with
// both parameters as embedded broadcasts of their instructions ({1to16},
// one table entry per register).
//
// x86-64 with AVX-512F/BW only.
#include "micro_clock.h"
#include <stdio.h>

#define ITERS 20000000L
// x at 1024, tables at 0 (i32 zero points or shifts), 64 (f32 scales) and
// 128 (f32 addends), results at 4096.
static char block[1 << 14] __attribute__((aligned(64)));

#define CLOBBERS                                                               \
  "memory", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",       \
      "xmm15", "xmm16", "xmm17", "xmm18"

// The registers the loops read (zmm1-zmm7) set to zero: no value of
// another statement (a subnormal, say) changes the timing.
#define ZERO                                                                   \
  "vpxord %%zmm1,%%zmm1,%%zmm1\n\tvpxord %%zmm2,%%zmm2,%%zmm2\n\t"             \
  "vpxord %%zmm3,%%zmm3,%%zmm3\n\tvpxord %%zmm4,%%zmm4,%%zmm4\n\t"             \
  "vpxord %%zmm5,%%zmm5,%%zmm5\n\tvpxord %%zmm6,%%zmm6,%%zmm6\n\t"             \
  "vpxord %%zmm7,%%zmm7,%%zmm7\n\t" :: : "xmm1",                               \
                                         "xmm2",                               \
                                         "xmm3",                               \
                                         "xmm4",                               \
                                         "xmm5",                               \
                                         "xmm6",                               \
                                         "xmm7"

// Runs `body` ITERS times; returns core cycles per iteration.
#define CYCLES(body)                                                           \
  ({                                                                           \
    double t0 = now();                                                         \
    __asm__ volatile(ZERO);                                                    \
    for (long i = 0; i < ITERS; i++)                                           \
      __asm__ volatile(body ::"r"(block) : CLOBBERS);                          \
    (now() - t0) / ITERS / cycle;                                              \
  })

#define CVT4                                                                   \
  "vcvtps2ph $4,%%zmm3,%%ymm12\n\tvcvtps2ph $4,%%zmm4,%%ymm13\n\t"             \
  "vcvtps2ph $4,%%zmm5,%%ymm14\n\tvcvtps2ph $4,%%zmm6,%%ymm15\n\t"
#define FOUR(op) op(8, 1) op(9, 1) op(10, 1) op(11, 1)
#define VPMOVSXBD(d, s) "vpmovsxbd 1024+" #d "*16(%0),%%zmm" #d "\n\t"
#define VPSRAD(d, s) "vpsrad $24,%%zmm" #s ",%%zmm" #d "\n\t"
#define VPADDD(d, s) "vpaddd %%zmm" #s ",%%zmm2,%%zmm" #d "\n\t"
#define VPSUBD(d, s) "vpsubd %%zmm" #s ",%%zmm2,%%zmm" #d "\n\t"
#define VCVTDQ2PS(d, s) "vcvtdq2ps %%zmm" #s ",%%zmm" #d "\n\t"
#define VSUBPS(d, s) "vsubps %%zmm" #s ",%%zmm2,%%zmm" #d "\n\t"
#define VMULPS(d, s) "vmulps %%zmm" #s ",%%zmm2,%%zmm" #d "\n\t"
#define VFMADD(d, s) "vfmadd213ps %%zmm" #s ",%%zmm2,%%zmm" #d "\n\t"
#define VBROADCASTSS(d, s) "vbroadcastss " #d "*4(%0),%%zmm" #d "\n\t"
#define VPERMB(d, s) "vpermb %%zmm" #s ",%%zmm2,%%zmm" #d "\n\t"
#define VPUNPCKLBW(d, s) "vpunpcklbw %%zmm" #s ",%%zmm2,%%zmm" #d "\n\t"
#define VPTERNLOGD(d, s) "vpternlogd $236,%%zmm" #s ",%%zmm2,%%zmm" #d "\n\t"

// A product narrowed and stored: 16 f16 results into register r, stored
// at 4096 + 32 * k.
#define MUL_CVT_STORE(r, k)                                                    \
  "vmulps %%zmm1,%%zmm2,%%zmm" #r "\n\t"                                       \
  "vcvtps2ph $4,%%zmm" #r ",%%ymm" #r "\n\t"                                   \
  "vmovdqu %%ymm" #r ",4096+" #k "*32(%0)\n\t"

// One block k of 32 elements (two registers) of the blocked step.
#define LOAD2(k)                                                               \
  "vpmovsxbd 1024+" #k "*32(%0),%%zmm8\n\t"                                    \
  "vpmovsxbd 1040+" #k "*32(%0),%%zmm9\n\t"
#define PLAIN(k)                                                               \
  "vpbroadcastd " #k "*4(%0),%%zmm16\n\t"                                      \
  "vbroadcastss 64+" #k "*4(%0),%%zmm17\n\t" LOAD2(                            \
      k) "vpsubd %%zmm16,%%zmm8,%%zmm8\n\tvpsubd %%zmm16,%%zmm9,%%zmm9\n\t"    \
         "vcvtdq2ps %%zmm8,%%zmm8\n\tvcvtdq2ps %%zmm9,%%zmm9\n\t"              \
         "vmulps %%zmm17,%%zmm8,%%zmm8\n\tvmulps %%zmm17,%%zmm9,%%zmm9\n\t"
#define FUSED_TABLE(k)                                                         \
  "vpbroadcastd " #k "*4(%0),%%zmm16\n\t"                                      \
  "vbroadcastss 64+" #k "*4(%0),%%zmm17\n\t"                                   \
  "vbroadcastss 128+" #k "*4(%0),%%zmm18\n\t" LOAD2(                           \
      k) "vpaddd %%zmm16,%%zmm8,%%zmm8\n\tvpaddd %%zmm16,%%zmm9,%%zmm9\n\t"    \
         "vfmadd213ps %%zmm18,%%zmm17,%%zmm8\n\t"                              \
         "vfmadd213ps %%zmm18,%%zmm17,%%zmm9\n\t"
#define FUSED_MULTIPLY(k)                                                      \
  "vpbroadcastd " #k "*4(%0),%%zmm16\n\t"                                      \
  "vbroadcastss 64+" #k "*4(%0),%%zmm17\n\t"                                   \
  "vmulps %%zmm7,%%zmm17,%%zmm18\n\t" LOAD2(                                   \
      k) "vpaddd %%zmm16,%%zmm8,%%zmm8\n\tvpaddd %%zmm16,%%zmm9,%%zmm9\n\t"    \
         "vfmadd213ps %%zmm18,%%zmm17,%%zmm8\n\t"                              \
         "vfmadd213ps %%zmm18,%%zmm17,%%zmm9\n\t"
#define PLAIN_EMBEDDED(k)                                                      \
  LOAD2(k)                                                                     \
  "vpsubd " #k "*8(%0)%{1to16%},%%zmm8,%%zmm8\n\t"                             \
  "vpsubd " #k "*8+4(%0)%{1to16%},%%zmm9,%%zmm9\n\t"                           \
  "vcvtdq2ps %%zmm8,%%zmm8\n\tvcvtdq2ps %%zmm9,%%zmm9\n\t"                     \
  "vmulps 64+" #k "*8(%0)%{1to16%},%%zmm8,%%zmm8\n\t"                          \
  "vmulps 64+" #k "*8+4(%0)%{1to16%},%%zmm9,%%zmm9\n\t"

#define STEP_CYCLES(form)                                                      \
  ({                                                                           \
    double t0 = now();                                                         \
    __asm__ volatile(ZERO);                                                    \
    for (long i = 0; i < ITERS; i++)                                           \
      __asm__ volatile(form(0) STORE_K(0) form(1) STORE_K(1)::"r"(block)       \
                       : CLOBBERS);                                            \
    (now() - t0) / ITERS / cycle;                                              \
  })
#define STORE_K(k)                                                             \
  "vcvtps2ph $4,%%zmm8,%%ymm8\n\tvmovdqu %%ymm8,4096+" #k "*64(%0)\n\t"        \
  "vcvtps2ph $4,%%zmm9,%%ymm9\n\tvmovdqu %%ymm9,4128+" #k "*64(%0)\n\t"

int main(void) {
  double cycle = cycleTime(ITERS);
  printf("core clock %.2f GHz (a chain of dependent vpaddd)\n", 1e-9 / cycle);
  double cvt = CYCLES(CVT4);
  printf("4 x vcvtps2ph zmm alone: %.2f cycles\n\n", cvt);
  printf("%-14s %8s %12s %8s\n", "4 x X", "alone", "with 4 cvt", "added");
#define PAIR(name, op)                                                         \
  {                                                                            \
    double alone = CYCLES(FOUR(op));                                           \
    double both = CYCLES(CVT4 FOUR(op));                                       \
    printf("%-14s %8.2f %12.2f %8.2f\n", name, alone, both,                    \
           (both - cvt) / alone);                                              \
  }
  PAIR("vpmovsxbd mem", VPMOVSXBD)
  PAIR("vpsrad", VPSRAD)
  PAIR("vpaddd", VPADDD)
  PAIR("vpsubd", VPSUBD)
  PAIR("vpternlogd", VPTERNLOGD)
  PAIR("vcvtdq2ps", VCVTDQ2PS)
  PAIR("vsubps", VSUBPS)
  PAIR("vmulps", VMULPS)
  PAIR("vfmadd213ps", VFMADD)
  PAIR("vbroadcastss", VBROADCASTSS)
  PAIR("vpermb", VPERMB)
  PAIR("vpunpcklbw", VPUNPCKLBW)
  printf("\n4 x (vmulps, vcvtps2ph, 32-byte store) %6.2f cycles\n",
         CYCLES(MUL_CVT_STORE(8, 0) MUL_CVT_STORE(9, 1) MUL_CVT_STORE(10, 2)
                    MUL_CVT_STORE(11, 3)));
  printf("\ni8 blocked-32 -> f16, cycles per 64 elements:\n");
  printf("  plain product          %6.2f\n", STEP_CYCLES(PLAIN));
  printf("  fused, addend table    %6.2f\n", STEP_CYCLES(FUSED_TABLE));
  printf("  fused, addend multiply %6.2f\n", STEP_CYCLES(FUSED_MULTIPLY));
  printf("  plain, embedded        %6.2f\n", STEP_CYCLES(PLAIN_EMBEDDED));
  return 0;
}
