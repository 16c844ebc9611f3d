// How far ahead a heavy streaming loop must prefetch x at 64 Mi elements:
// the measurement behind the second, far prefetch of
// --qdq-nontemporal-stores (prefetch-far-bytes; StreamingRule::host) and
// its notes in bench/HISTORY.md (2026-12-07, Intel Xeon VM). Not part of
// the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/prefetch_depth.c \
//     -o /tmp/prefetch_depth
//   /tmp/prefetch_depth
//
// 64 Mi f16 codes (128 MiB) in, 64 Mi 16-bit results out through 64-byte
// non-temporal stores; GB/s of the bytes read and written, the best and
// the mean of 7 rounds, the loops taking turns in each round:
//   - copy: x stored as it is (the light loop);
//   - the f16 x -> bf16 step of the benchmark's per-tensor kernel (two
//     vcvtph2ps, two multiplies, vcvtne2ps2bf16 and the two minimums of
//     the NaN case per 32 results), prefetching every line of x 4 KiB
//     ahead into L1 (the prefetch before prefetch-far-bytes), not at all,
//     and with a second prefetch of every line 8, 16 or 32 KiB ahead into
//     L2 (`prefetcht1`) or 16 KiB ahead into L1.
//
// x86-64 with AVX-512F/BW and AVX512_BF16 only.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N (64L << 20)
#define ROUNDS 7

static uint16_t *xs, *ys;

/// A 64-byte non-temporal store the compiler keeps as it is.
static inline void storeNontemporal(void *p, __m512i v) {
  __asm__ volatile("vmovntdq %1, %0" : "=m"(*(__m512i *)p) : "v"(v));
}

/// 32 f16 codes at `p` times `scale`, rounded to bf16 (NaNs made quiet).
static inline __m512i toBF16(const uint16_t *p, __m512 scale) {
  __m512 low = _mm512_cvtph_ps(_mm256_load_si256((const void *)p));
  __m512 high = _mm512_cvtph_ps(_mm256_load_si256((const void *)(p + 16)));
  __m512i r = (__m512i)_mm512_cvtne2ps_pbh(_mm512_mul_ps(high, scale),
                                           _mm512_mul_ps(low, scale));
  r = _mm512_min_epi16(r, _mm512_set1_epi16(0x7FC0));
  return _mm512_min_epu16(r, _mm512_set1_epi16((short)0xFFC0));
}

/// The 4 lines of x 128 elements from `i` on, `elements` ahead, with `hint`.
#define PREFETCH_LINES(elements, hint)                                         \
  for (int k = 0; k < 4; k++)                                                  \
  _mm_prefetch((const char *)(xs + i + (elements) + 32 * k), hint)

#define CONVERSION_LOOP(name, prefetches)                                      \
  __attribute__((noinline)) static void name(void) {                           \
    __m512 scale = _mm512_set1_ps(0.37f);                                      \
    for (long i = 0; i < N; i += 128) {                                        \
      prefetches;                                                              \
      for (int k = 0; k < 4; k++)                                              \
        storeNontemporal(ys + i + 32 * k, toBF16(xs + i + 32 * k, scale));     \
    }                                                                          \
    _mm_sfence();                                                              \
  }

// Distances in f16 elements: 2048 are 4 KiB.
CONVERSION_LOOP(nearOnly, PREFETCH_LINES(2048, _MM_HINT_T0))
CONVERSION_LOOP(noPrefetch, (void)0)
CONVERSION_LOOP(far8K, PREFETCH_LINES(2048, _MM_HINT_T0);
                PREFETCH_LINES(4096, _MM_HINT_T1))
CONVERSION_LOOP(far16K, PREFETCH_LINES(2048, _MM_HINT_T0);
                PREFETCH_LINES(8192, _MM_HINT_T1))
CONVERSION_LOOP(far32K, PREFETCH_LINES(2048, _MM_HINT_T0);
                PREFETCH_LINES(16384, _MM_HINT_T1))
CONVERSION_LOOP(far16KIntoL1, PREFETCH_LINES(2048, _MM_HINT_T0);
                PREFETCH_LINES(8192, _MM_HINT_T0))

__attribute__((noinline)) static void copy(void) {
  for (long i = 0; i < N; i += 32)
    storeNontemporal(ys + i, _mm512_load_si512(xs + i));
  _mm_sfence();
}

int main(void) {
  // x with room for the prefetches past its end (they do not fault, but
  // stay inside the allocation all the same).
  xs = aligned_alloc(64, N * 2 + 65536);
  ys = aligned_alloc(64, N * 2);
  if (!xs || !ys)
    return 1;
  for (long i = 0; i < N; i++)
    xs[i] = (uint16_t)(0x3000 + (i * 7919) % 0x1000); // normal f16 values
  memset(ys, 0, N * 2);
  void (*loops[])(void) = {copy,   nearOnly, noPrefetch,  far8K,
                           far16K, far32K,   far16KIntoL1};
  const char *names[] = {"copy",
                         "bf16, L1 4 KiB ahead",
                         "bf16, no prefetch",
                         "bf16, + L2 8 KiB ahead",
                         "bf16, + L2 16 KiB ahead",
                         "bf16, + L2 32 KiB ahead",
                         "bf16, + L1 16 KiB ahead"};
  enum { LOOPS = sizeof loops / sizeof *loops };
  double best[LOOPS] = {0}, sum[LOOPS] = {0};
  for (int round = 0; round < ROUNDS; round++)
    for (int l = 0; l < LOOPS; l++) {
      double t0 = now();
      loops[l]();
      double gbs = N * 4.0 / (now() - t0) / 1e9;
      best[l] = gbs > best[l] ? gbs : best[l];
      sum[l] += gbs;
    }
  for (int l = 0; l < LOOPS; l++)
    printf("%-26s best %5.1f  mean %5.1f GB/s\n", names[l], best[l],
           sum[l] / ROUNDS);
  return 0;
}
