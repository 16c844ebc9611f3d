// Whether the blocked-32 i8 -> f16 loop itself holds its 64 Mi results
// below the roof (bench/HISTORY.md, 2026-11-27 from 09:19 UTC). Not part
// of the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/blocked_dram.c -o /tmp/b
//   /tmp/b
//
// 64 Mi i8 codes in rows of 4096, blocks of 32 with f16 scales and i8 zero
// points, f16 results; GB/s of 1 B in and 2 B out, the median (and range)
// of 11 rounds, the loops taking turns in each round:
//  - roof: x widened to 16 bits, 32-byte non-temporal stores (the
//    benchmark's roof kernel does the same with its own loads and stores);
//  - the loop --qdq-to-llvm emits for this case (each row decodes its
//    block scales and zero points into small tables first; per 16 lanes
//    vpmovsxbd, vpsubd, vcvtdq2ps, vmulps, vcvtps2ph and a 32-byte
//    non-temporal store), and the same loop with normal stores, with
//    pairs of steps joined into 64-byte non-temporal stores, with
//    software prefetches of x 2 KiB and 8 KiB ahead, and with normal
//    stores in every other (or every fourth) row.
#include "dram_roof.h"
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N (64L << 20)
#define ROW 4096
#define BLOCKS (ROW / 32)
#define ROUNDS 11
static int8_t *xs, *zeroPoints;
static uint16_t *ys, *scales;
static float scaleTable[BLOCKS] __attribute__((aligned(64)));
static int32_t zeroPointTable[BLOCKS] __attribute__((aligned(64)));

static void roof(void) { roofWidenNontemporal(xs, ys, N); }

// One row: its tables, then its steps of 64 elements (two blocks). STORE
// writes the 16 results h of step `offset` (h0: the previous step's);
// PREFETCH(offset) may prefetch x.
#define STEP(offset, scale, zeroPoint)                                         \
  {                                                                            \
    PREFETCH(offset);                                                          \
    __m512i a =                                                                \
        _mm512_cvtepi8_epi32(_mm_load_si128((void *)(xRow + c + (offset))));   \
    __m512 f = _mm512_cvtepi32_ps(_mm512_sub_epi32(a, zeroPoint));             \
    __m256i h = _mm512_cvtps_ph(_mm512_mul_ps(f, scale), 4);                   \
    STORE(yRow + c + (offset), h);                                             \
    h0 = h;                                                                    \
  }
#define BLOCKED_LOOP                                                           \
  __m256i h0 = _mm256_setzero_si256();                                         \
  (void)h0;                                                                    \
  for (long r = 0; r < N / ROW; r++) {                                         \
    const int8_t *xRow = xs + r * ROW;                                         \
    uint16_t *yRow = ys + r * ROW;                                             \
    for (int k = 0; k < BLOCKS; k += 16) {                                     \
      _mm512_store_ps(scaleTable + k, _mm512_cvtph_ps(_mm256_loadu_si256((     \
                                          void *)(scales + r * BLOCKS + k)))); \
      _mm512_store_si512(zeroPointTable + k,                                   \
                         _mm512_cvtepi8_epi32(_mm_loadu_si128(                 \
                             (void *)(zeroPoints + r * BLOCKS + k))));         \
    }                                                                          \
    for (int c = 0; c < ROW; c += 64) {                                        \
      int b = c / 32;                                                          \
      __m512 s0 = _mm512_set1_ps(scaleTable[b]);                               \
      __m512 s1 = _mm512_set1_ps(scaleTable[b + 1]);                           \
      __m512i z0 = _mm512_set1_epi32(zeroPointTable[b]);                       \
      __m512i z1 = _mm512_set1_epi32(zeroPointTable[b + 1]);                   \
      STEP(0, s0, z0) STEP(16, s0, z0) STEP(32, s1, z1) STEP(48, s1, z1)       \
    }                                                                          \
  }

#define PREFETCH(offset)
#define STORE(p, h) _mm256_stream_si256((void *)(p), h)
__attribute__((noinline)) static void blockedNontemporal(void) { BLOCKED_LOOP; }
#undef STORE
#define STORE(p, h) _mm256_storeu_si256((void *)(p), h)
__attribute__((noinline)) static void blockedNormal(void) { BLOCKED_LOOP; }
#undef STORE
// Pairs of steps joined into one 64-byte store (f16-stores=joined).
#define STORE(p, h)                                                            \
  if ((p - yRow - c) % 32 == 16)                                               \
    _mm512_stream_si512((void *)&(p)[-16],                                     \
                        _mm512_inserti64x4(_mm512_castsi256_si512(h0), h, 1));
__attribute__((noinline)) static void blockedJoined(void) { BLOCKED_LOOP; }
#undef STORE
#define STORE(p, h) _mm256_stream_si256((void *)(p), h)
#undef PREFETCH
// x prefetched DISTANCE bytes ahead, once per 64 elements.
#define PREFETCH(offset)                                                       \
  if ((offset) == 0)                                                           \
  _mm_prefetch((const char *)(xRow + c + DISTANCE), _MM_HINT_T0)
#define DISTANCE 2048
__attribute__((noinline)) static void blockedPrefetch2K(void) { BLOCKED_LOOP; }
#undef DISTANCE
#define DISTANCE 8192
__attribute__((noinline)) static void blockedPrefetch8K(void) { BLOCKED_LOOP; }

#undef PREFETCH
#define PREFETCH(offset)
#undef STORE
// Normal stores in the rows r with (r & MIXED) == MIXED, non-temporal
// stores in the others.
#define STORE(p, h)                                                            \
  if ((r & MIXED) == MIXED)                                                    \
    _mm256_storeu_si256((void *)(p), h);                                       \
  else                                                                         \
    _mm256_stream_si256((void *)(p), h)
#define MIXED 1
__attribute__((noinline)) static void blockedMixed2(void) { BLOCKED_LOOP; }
#undef MIXED
#define MIXED 3
__attribute__((noinline)) static void blockedMixed4(void) { BLOCKED_LOOP; }

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(void) {
  xs = aligned_alloc(64, N);
  ys = aligned_alloc(64, 2 * N);
  scales = aligned_alloc(64, N / 32 * 2);
  zeroPoints = aligned_alloc(64, N / 32);
  for (long i = 0; i < N; i++)
    xs[i] = (int8_t)((i * 2654435761u) >> 13);
  for (long i = 0; i < N / 32; i++) {
    scales[i] = (uint16_t)(0x3C00 + (i & 255));
    zeroPoints[i] = (int8_t)i;
  }
  memset(ys, 0, 2 * N);
  void (*loops[])(void) = {roof,          blockedNontemporal, blockedNormal,
                           blockedJoined, blockedPrefetch2K,  blockedPrefetch8K,
                           blockedMixed2, blockedMixed4};
  const char *names[] = {"roof, non-temporal stores",
                         "blocked loop, non-temporal stores",
                         "blocked loop, normal stores",
                         "blocked loop, joined non-temporal stores",
                         "blocked loop, x prefetched 2 KiB ahead",
                         "blocked loop, x prefetched 8 KiB ahead",
                         "blocked loop, every other row normal stores",
                         "blocked loop, every fourth row normal stores"};
  enum { LOOPS = 8 };
  double speeds[LOOPS][ROUNDS];
  for (int r = 0; r < ROUNDS; r++)
    for (int k = 0; k < LOOPS; k++) {
      double t0 = now();
      loops[k]();
      speeds[k][r] = 3.0 * N / (now() - t0) / 1e9;
    }
  for (int k = 0; k < LOOPS; k++) {
    qsort(speeds[k], ROUNDS, sizeof(double), compare);
    printf("  %-46s %5.1f GB/s (%.1f-%.1f)\n", names[k], speeds[k][ROUNDS / 2],
           speeds[k][0], speeds[k][ROUNDS - 1]);
  }
  return 0;
}
