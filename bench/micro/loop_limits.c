// Where the per-axis and blocked f16 loops and the bf16-x loop spend their
// time: three microbenchmarks behind the notes in bench/STATUS.md,
// bench/HISTORY.md and bench/README.md. Not part of the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/loop_limits.c -o /tmp/loop_limits
//   /tmp/loop_limits
//
// 1. The inner loop that --qdq-to-llvm emits for i8 per-axis -> f16 (per 16
//    lanes: vpmovsxbd, vpsubd, vcvtdq2ps, vmulps, vcvtps2ph, store), on one
//    L1-resident block, and the same loop with one instruction removed or
//    replaced at a time, with vcvtps2ph storing to memory itself (the
//    form LLVM selects for a conversion followed by a store), with pairs
//    of narrowed registers joined into one 64-byte store (the form of one
//    write of a whole step), and the same three store forms of the fused
//    product the lowering emits for per-axis x with a zero point (vpaddd,
//    vfmadd213ps: the --convert-qdq-to-vector option f16-stores). Reported
//    in core cycles per 64 elements, calibrated
//    with a chain of dependent vpaddd (1 cycle each). If every variant is
//    faster than the full loop by about the removed instruction's cost,
//    the loop is bound by the vector pipes those instructions share.
// 2. The step of the i8 blocked-32 -> f16 loop (64 elements, two blocks:
//    per 16 lanes vpmovsxbd, vpsubd, vcvtdq2ps, vmulps, vcvtps2ph, store;
//    each block's zero point and scale broadcast once) and three other
//    forms of it: the fused product (x + 0x4B400000 - zero point read as
//    f32, one vfmadd213ps with the scale and -1.5 * 2^23 * scale: a third
//    broadcast per block), the same with the block values as embedded
//    broadcasts of the instructions, and the exact magic-number
//    conversion (vpaddd, then vsubps of 1.5 * 2^23 + zero point, then
//    vmulps) with embedded broadcasts. In core cycles per 64 elements.
// 3. bf16 x -> f32 per-tensor (vpmovzxwd, vpslld, vmulps, store) on 64 Ki
//    elements of random bits (1/256 of them f32 subnormals once widened),
//    of the same bits with no subnormal, and with a scale that makes
//    normal inputs' products subnormal: what subnormal operands cost.
//
// x86-64 with AVX-512F/BW only.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERS 20000000L
static char block[1 << 16] __attribute__((aligned(64)));

// One step of 16 lanes into register r from byte offset o; the pieces can
// be left out. Operand %1 holds the scales (1.0), %2 the zero points (0):
// operands, so that the compiler keeps them there between statements.
#define LOAD(o, r) "vpmovsxbd " #o "(%0),%%zmm" #r "\n\t"
#define PLAIN(o, r) "vmovdqu64 " #o "*4(%0),%%zmm" #r "\n\t"
#define SUB(r) "vpsubd %2,%%zmm" #r ",%%zmm" #r "\n\t"
#define CVT(r) "vcvtdq2ps %%zmm" #r ",%%zmm" #r "\n\t"
#define MUL(r) "vmulps %1,%%zmm" #r ",%%zmm" #r "\n\t"
#define HALF(r) "vcvtps2ph $4,%%zmm" #r ",%%ymm" #r "\n\t"
#define STORE(r) "vmovdqu %%ymm" #r ",1024+" #r "*32(%0)\n\t"
#define HALFSTORE(r) "vcvtps2ph $4,%%zmm" #r ",1024+" #r "*32(%0)\n\t"
// Two narrowed registers joined into one 512-bit store (the form of a
// vector<64xf16> write: vinserti64x4, then one store).
#define JOIN(r, q)                                                             \
  "vinserti64x4 $1,%%ymm" #q ",%%zmm" #r ",%%zmm" #r "\n\t"                    \
  "vmovdqu64 %%zmm" #r ",1024+" #r "*32(%0)\n\t"
// The fused product the lowering emits for per-axis x with a zero point
// (x + 0x4B000000 read as f32, times the scale plus an offset).
#define ADD(r) "vpaddd %2,%%zmm" #r ",%%zmm" #r "\n\t"
#define FMA(r) "vfmadd213ps %1,%1,%%zmm" #r "\n\t"
#define FOUR(STEP) STEP(0, 10) STEP(16, 11) STEP(32, 12) STEP(48, 13)
#define RUN(name, body)                                                        \
  do {                                                                         \
    double t0 = now();                                                         \
    for (long i = 0; i < ITERS; i++)                                           \
      __asm__ volatile(body::"r"(block), "v"(scales), "v"(zeroPoints)          \
                       : "memory", "xmm10", "xmm11", "xmm12", "xmm13");        \
    printf("  %-44s %5.2f\n", name, (now() - t0) / ITERS / cycle);             \
  } while (0)

#define S_FULL(o, r) LOAD(o, r) SUB(r) CVT(r) MUL(r) HALF(r) STORE(r)
#define S_MEMHALF(o, r) LOAD(o, r) SUB(r) CVT(r) MUL(r) HALFSTORE(r)
#define S_NOSTORE(o, r) LOAD(o, r) SUB(r) CVT(r) MUL(r) HALF(r)
#define S_NOHALF(o, r) LOAD(o, r) SUB(r) CVT(r) MUL(r)
#define S_NOMUL(o, r) LOAD(o, r) SUB(r) CVT(r) HALF(r)
#define S_NOCVT(o, r) LOAD(o, r) SUB(r) MUL(r) HALF(r)
#define S_FUSED(o, r) LOAD(o, r) ADD(r) FMA(r) HALF(r) STORE(r)
#define S_FUSEDMEM(o, r) LOAD(o, r) ADD(r) FMA(r) HALFSTORE(r)
#define S_FUSEDNOSTORE(o, r) LOAD(o, r) ADD(r) FMA(r) HALF(r)
#define S_PLAIN(o, r) PLAIN(o, r) SUB(r) CVT(r) MUL(r) HALF(r)

static void pipes(void) {
  double cycle = cycleTime(ITERS * 4);
  __m512 scales = _mm512_set1_ps(1.0f);
  __m512i zeroPoints = _mm512_setzero_si512();
  printf("i8 per-axis -> f16 loop, core cycles per 64 elements "
         "(%.2f GHz):\n",
         1e-9 / cycle);
  RUN("full loop", FOUR(S_FULL));
  RUN("vcvtps2ph to memory (LLVM's form)", FOUR(S_MEMHALF));
  RUN("pairs joined, one 512-bit store per pair",
      FOUR(S_NOSTORE) JOIN(10, 11) JOIN(12, 13));
  RUN("fused product, vcvtps2ph to a register", FOUR(S_FUSED));
  RUN("fused product, vcvtps2ph to memory", FOUR(S_FUSEDMEM));
  RUN("fused product, pairs joined",
      FOUR(S_FUSEDNOSTORE) JOIN(10, 11) JOIN(12, 13));
  RUN("without the stores", FOUR(S_NOSTORE));
  RUN("without the stores and vcvtps2ph", FOUR(S_NOHALF));
  RUN("without the stores and vmulps", FOUR(S_NOMUL));
  RUN("without the stores and vcvtdq2ps", FOUR(S_NOCVT));
  RUN("without the stores, vmovdqu64 for vpmovsxbd", FOUR(S_PLAIN));
}

// Blocked-32 steps: x at offset 0 of `block`, y from 1024, two blocks'
// values at 4096 (zero points or integer offsets), 4160 (scales) and 4224
// (addends); operand %1 holds 0x4B400000 in every lane.
#define BLOAD(o, r) "vpmovsxbd " #o "(%0),%%zmm" #r "\n\t"
#define BSTORE(r)                                                              \
  "vcvtps2ph $4,%%zmm" #r ",%%ymm" #r "\n\t"                                   \
  "vmovdqu %%ymm" #r ",1024+" #r "*32(%0)\n\t"
#define BCAST(op, o, r) #op " " #o "(%0),%%zmm" #r "\n\t"
#define B_PLAIN(o, r, z, s)                                                    \
  BLOAD(o, r)                                                                  \
  "vpsubd %%zmm" #z ",%%zmm" #r ",%%zmm" #r "\n\t"                             \
  "vcvtdq2ps %%zmm" #r ",%%zmm" #r "\n\t"                                      \
  "vmulps %%zmm" #s ",%%zmm" #r ",%%zmm" #r "\n\t" BSTORE(r)
#define B_FUSED(o, r, k, s, a)                                                 \
  BLOAD(o, r)                                                                  \
  "vpaddd %%zmm" #k ",%%zmm" #r ",%%zmm" #r "\n\t"                             \
  "vfmadd213ps %%zmm" #a ",%%zmm" #s ",%%zmm" #r "\n\t" BSTORE(r)
#define B_FUSEDEMB(o, r, ko, s, ao)                                            \
  BLOAD(o, r)                                                                  \
  "vpaddd " #ko "(%0)%{1to16%},%%zmm" #r ",%%zmm" #r "\n\t"                    \
  "vfmadd213ps " #ao "(%0)%{1to16%},%%zmm" #s ",%%zmm" #r "\n\t" BSTORE(r)
#define B_MAGIC(o, r, co, so)                                                  \
  BLOAD(o, r)                                                                  \
  "vpaddd %1,%%zmm" #r ",%%zmm" #r "\n\t"                                      \
  "vsubps " #co "(%0)%{1to16%},%%zmm" #r ",%%zmm" #r "\n\t"                    \
  "vmulps " #so "(%0)%{1to16%},%%zmm" #r ",%%zmm" #r "\n\t" BSTORE(r)
#define BRUN(name, body)                                                       \
  do {                                                                         \
    double t0 = now();                                                         \
    for (long i = 0; i < ITERS; i++)                                           \
      __asm__ volatile(body::"r"(block), "v"(magic)                            \
                       : "memory", "xmm10", "xmm11", "xmm12", "xmm13",         \
                         "xmm20", "xmm21", "xmm22", "xmm23", "xmm24",          \
                         "xmm25");                                             \
    printf("  %-44s %5.2f\n", name, (now() - t0) / ITERS / cycle);             \
  } while (0)

static void blocked(void) {
  double cycle = cycleTime(ITERS * 4);
  __m512i magic = _mm512_set1_epi32(0x4B400000);
  float *values = (float *)(block + 4096);
  for (int i = 0; i < 64; i++)
    values[i] = 1.0f;
  printf("i8 blocked-32 -> f16 step, core cycles per 64 elements "
         "(%.2f GHz):\n",
         1e-9 / cycle);
  BRUN("as emitted: vpsubd, vcvtdq2ps, vmulps",
       BCAST(vpbroadcastd, 4096, 20) BCAST(vpbroadcastd, 4100, 21)
           BCAST(vbroadcastss, 4160, 22) BCAST(vbroadcastss, 4164, 23)
               B_PLAIN(0, 10, 20, 22) B_PLAIN(16, 11, 20, 22)
                   B_PLAIN(32, 12, 21, 23) B_PLAIN(48, 13, 21, 23));
  BRUN("fused product, three broadcasts per block",
       BCAST(vpbroadcastd, 4096, 20) BCAST(vpbroadcastd, 4100, 21)
           BCAST(vbroadcastss, 4160, 22) BCAST(vbroadcastss, 4164, 23)
               BCAST(vbroadcastss, 4224, 24) BCAST(vbroadcastss, 4228, 25)
                   B_FUSED(0, 10, 20, 22, 24) B_FUSED(16, 11, 20, 22, 24)
                       B_FUSED(32, 12, 21, 23, 25) B_FUSED(48, 13, 21, 23, 25));
  BRUN("fused product, embedded broadcasts",
       BCAST(vbroadcastss, 4160, 22) BCAST(vbroadcastss, 4164, 23)
           B_FUSEDEMB(0, 10, 4096, 22, 4224) B_FUSEDEMB(16, 11, 4096, 22, 4224)
               B_FUSEDEMB(32, 12, 4100, 23, 4228)
                   B_FUSEDEMB(48, 13, 4100, 23, 4228));
  BRUN("magic-number conversion, embedded broadcasts",
       B_MAGIC(0, 10, 4096, 4160) B_MAGIC(16, 11, 4096, 4160)
           B_MAGIC(32, 12, 4100, 4164) B_MAGIC(48, 13, 4100, 4164));
}

#define NE (1 << 16)
// Not static: the compiler must keep the loop's stores.
uint16_t xs[NE] __attribute__((aligned(64)));
float ys[NE] __attribute__((aligned(64)));

__attribute__((noinline)) static void bf16Loop(float s) {
  __m512 scale = _mm512_set1_ps(s);
  for (int i = 0; i < NE; i += 16) {
    __m512i v = _mm512_cvtepu16_epi32(_mm256_load_si256((void *)(xs + i)));
    v = _mm512_slli_epi32(v, 16);
    _mm512_store_ps(ys + i, _mm512_mul_ps(_mm512_castsi512_ps(v), scale));
  }
}

static void subnormals(void) {
  static const char *names[] = {"random bits (1/256 subnormal)",
                                "random bits, subnormals made 1.0",
                                "normal values in [1, 2)"};
  static const float scales[] = {1.5f, 0x1p-100f};
  printf("bf16 x -> f32 per-tensor, 64 Ki elements, GB/s (2 B in, 4 B out):\n");
  for (int scaleIndex = 0; scaleIndex < 2; scaleIndex++)
    for (int mode = 0; mode < 3; mode++) {
      srand(1);
      for (int i = 0; i < NE; i++) {
        uint16_t r = (uint16_t)rand();
        if (mode == 1 && (r & 0x7F80) == 0)
          r = 0x3F80;
        if (mode == 2)
          r = 0x3F80 | (r & 0x7F);
        xs[i] = r;
      }
      float s = scales[scaleIndex];
      for (int w = 0; w < 200; w++) {
        bf16Loop(s);
        __asm__ volatile("" ::: "memory");
      }
      double t0 = now();
      for (int it = 0; it < 5000; it++) {
        bf16Loop(s);
        __asm__ volatile("" ::: "memory");
      }
      printf("  scale %-8a %-34s %6.1f\n", s, names[mode],
             5000.0 * NE * 6 / (now() - t0) / 1e9);
    }
}

int main(void) {
  pipes();
  blocked();
  subnormals();
  return 0;
}
