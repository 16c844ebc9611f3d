// i8 per tensor -> bf16 on AVX2 (no AVX512_BF16): three forms of the fused
// product and the integer rounding without its NaN case, on 64 Ki
// L2-resident codes. The measurement behind KernelBuilder::evenOddBF16 in
// lib/Conversion/QDQToVector/QDQToVector.cpp (bench/HISTORY.md, session of
// 2026-11-30 from 00:46 UTC). Not part of the build or of any test:
//
//   clang-22 -O2 -march=x86-64-v3 bench/micro/avx2_bf16_halves.c -o /tmp/h
//   /tmp/h
//
// - in order (the lowering before): 8 codes per register widened with
//   vpmovsxbd from memory, x + (bits(1.5 * 2^23) - zero point) as f32, one
//   FMA, the rounding, and the high halves narrowed with a vpshufb per
//   register, a vpblendd and a vpermq per pair;
// - even/odd halves (the lowering now): 16 codes widened to i16 with
//   vpmovsxbw and rebiased by 2^15 - zero point; the even elements blended
//   under the exponent bits of 2^23 (vpblendw), the odd ones shifted down
//   and ORed with them; one FMA per half with -(2^23 + 2^15) * scale; the
//   even results shifted down and blended with the odd ones (vpblendw):
//   bf16 results in element order;
// - in-lane unpacks: 32 codes qword-permuted once, widened against zero and
//   then against the exponent's words with in-lane unpacks, narrowed back
//   in-lane with vpackusdw after a shift.
// Each form is checked against a scalar reference before it is timed; GB/s
// of 1 B in and 2 B out per element, three repetitions.
#include "avx2_bf16_rounding.h"
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>

#define N (1 << 16)
#define ROUNDS 20000
static int8_t xs[N] __attribute__((aligned(64)));
static uint16_t ys[N] __attribute__((aligned(64)));
static uint16_t reference[N];
static float scale; // bf16 0x3B7E
static const int zeroPoint = 13;

__attribute__((noinline)) static void inOrderForm(void) {
  __m256i shift = _mm256_set1_epi32(0x4B400000 - zeroPoint);
  __m256 s = _mm256_set1_ps(scale),
         addend = _mm256_set1_ps(-12582912.0f * scale);
  __m256i high =
      _mm256_setr_epi8(2, 3, 6, 7, 10, 11, 14, 15, 2, 3, 6, 7, 10, 11, 14, 15,
                       2, 3, 6, 7, 10, 11, 14, 15, 2, 3, 6, 7, 10, 11, 14, 15);
  for (int i = 0; i < N; i += 16) {
    __m256i a = _mm256_cvtepi8_epi32(_mm_loadl_epi64((const void *)(xs + i)));
    __m256i b =
        _mm256_cvtepi8_epi32(_mm_loadl_epi64((const void *)(xs + i + 8)));
    __m256 fa = _mm256_fmadd_ps(_mm256_castsi256_ps(_mm256_add_epi32(a, shift)),
                                s, addend);
    __m256 fb = _mm256_fmadd_ps(_mm256_castsi256_ps(_mm256_add_epi32(b, shift)),
                                s, addend);
    __m256i ra = _mm256_shuffle_epi8(roundedBits(fa), high);
    __m256i rb = _mm256_shuffle_epi8(roundedBits(fb), high);
    _mm256_storeu_si256(
        (void *)(ys + i),
        _mm256_permute4x64_epi64(_mm256_blend_epi32(ra, rb, 0xCC), 0xD8));
  }
}

__attribute__((noinline)) static void evenOddForm(void) {
  __m256i rebias = _mm256_set1_epi16((short)(0x8000 - zeroPoint));
  __m256i exponent = _mm256_set1_epi32(0x4B000000);
  __m256 s = _mm256_set1_ps(scale);
  __m256 addend = _mm256_set1_ps(-(8388608.0f + 32768.0f) * scale);
  for (int i = 0; i < N; i += 16) {
    __m256i w = _mm256_add_epi16(
        _mm256_cvtepi8_epi16(_mm_loadu_si128((const void *)(xs + i))), rebias);
    __m256i even = _mm256_blend_epi16(w, exponent, 0xAA);
    __m256i odd = _mm256_or_si256(_mm256_srli_epi32(w, 16), exponent);
    __m256i re =
        roundedBits(_mm256_fmadd_ps(_mm256_castsi256_ps(even), s, addend));
    __m256i ro =
        roundedBits(_mm256_fmadd_ps(_mm256_castsi256_ps(odd), s, addend));
    _mm256_storeu_si256(
        (void *)(ys + i),
        _mm256_blend_epi16(_mm256_srli_epi32(re, 16), ro, 0xAA));
  }
}

__attribute__((noinline)) static void unpackForm(void) {
  __m256i rebias = _mm256_set1_epi16((short)(0x8000 - 128 - zeroPoint));
  __m256i flip = _mm256_set1_epi8((char)0x80), zero = _mm256_setzero_si256();
  __m256i exponent = _mm256_set1_epi16(0x4B00);
  __m256 s = _mm256_set1_ps(scale);
  __m256 addend = _mm256_set1_ps(-(8388608.0f + 32768.0f) * scale);
  for (int i = 0; i < N; i += 32) {
    __m256i v =
        _mm256_xor_si256(_mm256_permute4x64_epi64(
                             _mm256_loadu_si256((const void *)(xs + i)), 0xD8),
                         flip);
    __m256i w[2] = {_mm256_add_epi16(_mm256_unpacklo_epi8(v, zero), rebias),
                    _mm256_add_epi16(_mm256_unpackhi_epi8(v, zero), rebias)};
    for (int h = 0; h < 2; h++) {
      __m256i l = roundedBits(_mm256_fmadd_ps(
          _mm256_castsi256_ps(_mm256_unpacklo_epi16(w[h], exponent)), s,
          addend));
      __m256i u = roundedBits(_mm256_fmadd_ps(
          _mm256_castsi256_ps(_mm256_unpackhi_epi16(w[h], exponent)), s,
          addend));
      _mm256_storeu_si256((void *)(ys + i + 16 * h),
                          _mm256_packus_epi32(_mm256_srli_epi32(l, 16),
                                              _mm256_srli_epi32(u, 16)));
    }
  }
}

int main(void) {
  uint32_t scaleBits = 0x3B7Eu << 16;
  memcpy(&scale, &scaleBits, 4);
  for (int i = 0; i < N; i++)
    xs[i] = (int8_t)(i * 37 + 11);
  for (int i = 0; i < N; i++)
    reference[i] = roundToBF16((float)(xs[i] - zeroPoint) * scale);
  void (*const forms[])(void) = {inOrderForm, evenOddForm, unpackForm};
  const char *const names[] = {"in order", "even/odd halves",
                               "in-lane unpacks"};
  for (int f = 0; f < 3; f++) {
    memset(ys, 0, sizeof ys);
    forms[f]();
    for (int i = 0; i < N; i++)
      if (ys[i] != reference[i]) {
        printf("%s: element %d is 0x%04x, not 0x%04x\n", names[f], i, ys[i],
               reference[i]);
        return 1;
      }
  }
  for (int r = 0; r < 3; r++)
    for (int f = 0; f < 3; f++) {
      double t0 = now();
      for (int k = 0; k < ROUNDS; k++) {
        forms[f]();
        __asm__ volatile("" ::: "memory");
      }
      double t = now() - t0;
      printf("%-16s %5.1f GB/s  %.2f ns per 32 results\n", names[f],
             3.0 * N * ROUNDS / t / 1e9, t / ROUNDS / (N / 32) * 1e9);
    }
  return 0;
}
