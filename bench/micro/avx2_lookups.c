// Whether 256-entry table lookups would pay on AVX2 (no AVX512_VBMI byte
// permutes): per-tensor 8-bit x -> f16 results as one lookup per element,
// the form the AVX-512 lowering takes with vpermi2b. Not part of the build
// or of any test; bench/HISTORY.md has the result:
//
//   clang-22 -O2 -march=x86-64-v3 bench/micro/avx2_lookups.c -o /tmp/l
//   /tmp/l
//
// Two forms on 64 Ki L1/L2-resident codes, GB/s of 1 B in and 2 B out:
//  - vpgatherdd: 8 codes widened to i32 indices, one gather of the 256
//    results (kept as i32 entries), packed to 16 bits;
//  - scalar: one table load per element (what a loop without a SIMD lookup
//    does).
// The arithmetic kernels the lowering emits for AVX2 are timed by
// scripts/bench.sh --target avx2.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>

#define N (1 << 16)
#define ROUNDS 5000
uint8_t xs[N] __attribute__((aligned(64)));
uint16_t ys[N] __attribute__((aligned(64)));
int32_t table[256] __attribute__((aligned(64)));

__attribute__((noinline)) static void gatherLoop(void) {
  for (int i = 0; i < N; i += 16) {
    __m256i low = _mm256_cvtepu8_epi32(_mm_loadl_epi64((void *)(xs + i)));
    __m256i high = _mm256_cvtepu8_epi32(_mm_loadl_epi64((void *)(xs + i + 8)));
    __m256i a = _mm256_i32gather_epi32(table, low, 4);
    __m256i b = _mm256_i32gather_epi32(table, high, 4);
    __m256i words = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8);
    _mm256_store_si256((void *)(ys + i), words);
  }
}

__attribute__((noinline)) static void scalarLoop(void) {
  for (int i = 0; i < N; i++)
    ys[i] = (uint16_t)table[xs[i]];
}

static double speed(void (*loop)(void)) {
  double t0 = now();
  for (int r = 0; r < ROUNDS; r++) {
    loop();
    __asm__ volatile("" ::: "memory");
  }
  return (double)ROUNDS * N * 3 / (now() - t0) / 1e9;
}

int main(void) {
  for (int i = 0; i < N; i++)
    xs[i] = (uint8_t)((i * 2654435761u) >> 13);
  for (int i = 0; i < 256; i++)
    table[i] = (i * 37) & 0xFFFF;
  printf("per-tensor 8-bit x -> 16-bit results, 64 Ki elements, GB/s:\n");
  for (int round = 0; round < 3; round++)
    printf("  round %d: vpgatherdd %6.1f   scalar %6.1f\n", round,
           speed(gatherLoop), speed(scalarLoop));
  return 0;
}
