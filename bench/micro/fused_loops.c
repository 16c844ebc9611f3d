// Two inner loops of --qdq-to-llvm in the instruction sequences LLVM makes
// of them, on one L1-resident block, in core cycles per 64 elements (the
// numbers behind KernelBuilder::build() and
// KernelBuilder::fusedMultiplyAdd in
// lib/Conversion/QDQToVector/QDQToVector.cpp). Not part of the build or of
// any test:
//
//   clang-22 -O2 -march=native bench/micro/fused_loops.c -o /tmp/fused_loops
//   /tmp/fused_loops
//
// 1. i8 per-axis C=64 -> f16/bf16 with the fused multiply-add (x + (bits(M)
//    - zero point) as f32, one FMA with the scale and -M * scale), x read
//    as LLVM reads it when the load feeds both arms of a branch (one 64-byte
//    load, three extracts, four vpmovsxbd of registers) and when it does
//    not (four vpmovsxbd from memory).
// 2. i8 blocked-32 -> f16/bf16, two blocks per 64 elements, each block's
//    parameters read from tables with broadcast loads: the plain product
//    (zero point and scale tables: vpsubd, vcvtdq2ps, vmulps) and the fused
//    one (bits(M) - zero point, scale and -M * scale tables: vpaddd, FMA),
//    with one broadcast load per table entry as LLVM emits them. The fused
//    form is not built for blocks (see fusedMultiplyAdd).
//
// x86-64 with AVX-512F/BW/BF16 only.
#include "micro_clock.h"
#include <stdio.h>

#define ITERS 20000000L
// x at 0, results at 1024, tables at 2048 (i32: zero points or shifts),
// 2304 (f32 scales) and 2560 (f32 addends).
static char block[4096] __attribute__((aligned(64)));

#define WIDEN_REGS                                                             \
  "vmovdqu64 (%0),%%zmm0\n\t"                                                  \
  "vextracti64x4 $1,%%zmm0,%%ymm2\n\t"                                         \
  "vextracti128 $1,%%ymm0,%%xmm1\n\t"                                          \
  "vextracti128 $1,%%ymm2,%%xmm3\n\t"                                          \
  "vpmovsxbd %%xmm0,%%zmm0\n\t"                                                \
  "vpmovsxbd %%xmm1,%%zmm1\n\t"                                                \
  "vpmovsxbd %%xmm2,%%zmm2\n\t"                                                \
  "vpmovsxbd %%xmm3,%%zmm3\n\t"
#define WIDEN_MEM                                                              \
  "vpmovsxbd (%0),%%zmm0\n\t"                                                  \
  "vpmovsxbd 16(%0),%%zmm1\n\t"                                                \
  "vpmovsxbd 32(%0),%%zmm2\n\t"                                                \
  "vpmovsxbd 48(%0),%%zmm3\n\t"
// Per-axis C=64: the shifts in zmm4-7, the scales in zmm8-11, the addends
// in zmm12-15 (loop-invariant).
#define FUSED_AXIS                                                             \
  "vpaddd %%zmm4,%%zmm0,%%zmm0\n\t"                                            \
  "vpaddd %%zmm5,%%zmm1,%%zmm1\n\t"                                            \
  "vpaddd %%zmm6,%%zmm2,%%zmm2\n\t"                                            \
  "vpaddd %%zmm7,%%zmm3,%%zmm3\n\t"                                            \
  "vfmadd213ps %%zmm12,%%zmm8,%%zmm0\n\t"                                      \
  "vfmadd213ps %%zmm13,%%zmm9,%%zmm1\n\t"                                      \
  "vfmadd213ps %%zmm14,%%zmm10,%%zmm2\n\t"                                     \
  "vfmadd213ps %%zmm15,%%zmm11,%%zmm3\n\t"
// Blocked-32: block 0 in zmm0-1, block 1 in zmm2-3.
#define PLAIN_BLOCKS                                                           \
  "vpbroadcastd 2048(%0),%%zmm4\n\t"                                           \
  "vpbroadcastd 2052(%0),%%zmm5\n\t"                                           \
  "vbroadcastss 2304(%0),%%zmm6\n\t"                                           \
  "vbroadcastss 2308(%0),%%zmm7\n\t"                                           \
  "vpsubd %%zmm4,%%zmm0,%%zmm0\n\t"                                            \
  "vpsubd %%zmm4,%%zmm1,%%zmm1\n\t"                                            \
  "vpsubd %%zmm5,%%zmm2,%%zmm2\n\t"                                            \
  "vpsubd %%zmm5,%%zmm3,%%zmm3\n\t"                                            \
  "vcvtdq2ps %%zmm0,%%zmm0\n\t"                                                \
  "vcvtdq2ps %%zmm1,%%zmm1\n\t"                                                \
  "vcvtdq2ps %%zmm2,%%zmm2\n\t"                                                \
  "vcvtdq2ps %%zmm3,%%zmm3\n\t"                                                \
  "vmulps %%zmm6,%%zmm0,%%zmm0\n\t"                                            \
  "vmulps %%zmm6,%%zmm1,%%zmm1\n\t"                                            \
  "vmulps %%zmm7,%%zmm2,%%zmm2\n\t"                                            \
  "vmulps %%zmm7,%%zmm3,%%zmm3\n\t"
#define FUSED_BLOCKS                                                           \
  "vpbroadcastd 2048(%0),%%zmm4\n\t"                                           \
  "vpbroadcastd 2052(%0),%%zmm5\n\t"                                           \
  "vbroadcastss 2304(%0),%%zmm6\n\t"                                           \
  "vbroadcastss 2308(%0),%%zmm7\n\t"                                           \
  "vbroadcastss 2560(%0),%%zmm16\n\t"                                          \
  "vbroadcastss 2564(%0),%%zmm17\n\t"                                          \
  "vpaddd %%zmm4,%%zmm0,%%zmm0\n\t"                                            \
  "vpaddd %%zmm4,%%zmm1,%%zmm1\n\t"                                            \
  "vpaddd %%zmm5,%%zmm2,%%zmm2\n\t"                                            \
  "vpaddd %%zmm5,%%zmm3,%%zmm3\n\t"                                            \
  "vfmadd213ps %%zmm16,%%zmm6,%%zmm0\n\t"                                      \
  "vfmadd213ps %%zmm16,%%zmm6,%%zmm1\n\t"                                      \
  "vfmadd213ps %%zmm17,%%zmm7,%%zmm2\n\t"                                      \
  "vfmadd213ps %%zmm17,%%zmm7,%%zmm3\n\t"
#define TO_F16                                                                 \
  "vcvtps2ph $4,%%zmm0,%%ymm0\n\t"                                             \
  "vcvtps2ph $4,%%zmm1,%%ymm1\n\t"                                             \
  "vcvtps2ph $4,%%zmm2,%%ymm2\n\t"                                             \
  "vcvtps2ph $4,%%zmm3,%%ymm3\n\t"                                             \
  "vinserti64x4 $1,%%ymm1,%%zmm0,%%zmm0\n\t"                                   \
  "vinserti64x4 $1,%%ymm3,%%zmm2,%%zmm2\n\t"                                   \
  "vmovdqu64 %%zmm0,1024(%0)\n\t"                                              \
  "vmovdqu64 %%zmm2,1088(%0)\n\t"
#define TO_BF16                                                                \
  "vcvtne2ps2bf16 %%zmm1,%%zmm0,%%zmm0\n\t"                                    \
  "vcvtne2ps2bf16 %%zmm3,%%zmm2,%%zmm2\n\t"                                    \
  "vmovdqu64 %%zmm0,1024(%0)\n\t"                                              \
  "vmovdqu64 %%zmm2,1088(%0)\n\t"

// The best of three runs of ITERS iterations.
#define RUN(name, body)                                                        \
  do {                                                                         \
    double best = 1e9;                                                         \
    for (int rep = 0; rep < 3; rep++) {                                        \
      double t0 = now();                                                       \
      for (long i = 0; i < ITERS; i++)                                         \
        __asm__ volatile(body::"r"(block)                                      \
                         : "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",   \
                           "xmm5", "xmm6", "xmm7", "xmm16", "xmm17");          \
      double cycles = (now() - t0) / ITERS / cycle;                            \
      if (cycles < best)                                                       \
        best = cycles;                                                         \
    }                                                                          \
    printf("  %-52s %5.2f\n", name, best);                                     \
  } while (0)

int main(void) {
  double cycle = cycleTime(ITERS * 4);
  // Loop-invariant registers of the per-axis loop: shifts 0, scales
  // 2^-126 (a normal f32), addends 0.
  __asm__ volatile("vpxord %%zmm8,%%zmm8,%%zmm8\n\t"
                   "vpternlogd $0xff,%%zmm8,%%zmm8,%%zmm8\n\t"
                   "vpsrld $9,%%zmm8,%%zmm8\n\t"
                   "vpaddd %%zmm8,%%zmm8,%%zmm8\n\t"
                   "vmovaps %%zmm8,%%zmm9\n\t"
                   "vmovaps %%zmm8,%%zmm10\n\t"
                   "vmovaps %%zmm8,%%zmm11\n\t"
                   "vpxord %%zmm12,%%zmm12,%%zmm12\n\t"
                   "vmovaps %%zmm12,%%zmm13\n\t"
                   "vmovaps %%zmm12,%%zmm14\n\t"
                   "vmovaps %%zmm12,%%zmm15\n\t" ::
                       : "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
                         "xmm14", "xmm15");
  printf("core cycles per 64 elements (%.2f GHz)\n", 1e-9 / cycle);
  printf("i8 per-axis C=64, fused multiply-add:\n");
  RUN("x by one load and extracts -> f16", WIDEN_REGS FUSED_AXIS TO_F16);
  RUN("x by vpmovsxbd from memory -> f16", WIDEN_MEM FUSED_AXIS TO_F16);
  RUN("x by one load and extracts -> bf16", WIDEN_REGS FUSED_AXIS TO_BF16);
  RUN("x by vpmovsxbd from memory -> bf16", WIDEN_MEM FUSED_AXIS TO_BF16);
  printf("i8 blocked-32, parameters from tables:\n");
  RUN("plain product -> f16", WIDEN_MEM PLAIN_BLOCKS TO_F16);
  RUN("fused product -> f16", WIDEN_MEM FUSED_BLOCKS TO_F16);
  RUN("plain product -> bf16", WIDEN_MEM PLAIN_BLOCKS TO_BF16);
  RUN("fused product -> bf16", WIDEN_MEM FUSED_BLOCKS TO_BF16);
  return 0;
}
