// i4 per-axis (C = 64, the axis innermost) -> bf16 on AVX2 (no
// AVX512_BF16): two forms of the fused product and the integer rounding
// without its NaN case, on 64 Ki L2-resident elements. The measurement
// behind the packed 4-bit halves of KernelBuilder::evenOddBF16 in
// lib/Conversion/QDQToVector/QDQToVector.cpp (bench/HISTORY.md, session of
// 2026-11-30 from 03:20 UTC). Not part of the build or of any test:
//
//   clang-22 -O2 -march=x86-64-v3 bench/micro/avx2_nibble_halves.c -o /tmp/n
//   /tmp/n
//
// - in order (the lowering before): 8 elements per register from 4 bytes
//   broadcast, shifted into place with vpsllvd and sign-extended with
//   vpsrad, plus bits(1.5 * 2^23) - zero point, one FMA, the rounding, and
//   the high halves narrowed with a vpshufb per register, a vpblendd and a
//   vpermq per pair;
// - even/odd halves (the lowering now): 8 bytes zero-extended to i32 lanes
//   (vpmovzxbd) and flipped to x + 8 (XOR 0x88); the low nibbles masked,
//   the high ones shifted down, each plus bits(2^23 + 2^15) - 8 minus the
//   zero points of its half; one FMA per half with -(2^23 + 2^15) * scale;
//   the even results shifted down and blended with the odd ones (vpblendw):
//   bf16 results in element order.
// The scales and zero points of the even and odd lanes are split before
// the loop, as the lowering does. Each form is checked against a scalar
// reference before it is timed; GB/s of 0.5 B in and 2 B out per element,
// three repetitions.
#include "avx2_bf16_rounding.h"
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>

#define N (1 << 16)
#define C 64
#define ROUNDS 20000
static uint8_t xs[N / 2] __attribute__((aligned(64)));
static uint16_t ys[N] __attribute__((aligned(64)));
static uint16_t reference[N];
static float scales[C];
static int zps[C];
static int nib(int i) {
  int v = (xs[i / 2] >> (4 * (i & 1))) & 15;
  return v >= 8 ? v - 16 : v;
}

__attribute__((noinline)) static void inOrderForm(void) {
  __m256i shift[8];
  __m256 s[8], add[8];
  for (int k = 0; k < 8; k++) {
    shift[k] =
        _mm256_sub_epi32(_mm256_set1_epi32(0x4B400000),
                         _mm256_loadu_si256((const void *)(zps + 8 * k)));
    s[k] = _mm256_loadu_ps(scales + 8 * k);
    add[k] = _mm256_mul_ps(s[k], _mm256_set1_ps(-12582912.0f));
  }
  __m256i counts = _mm256_setr_epi32(28, 24, 20, 16, 12, 8, 4, 0);
  __m256i high =
      _mm256_setr_epi8(2, 3, 6, 7, 10, 11, 14, 15, 2, 3, 6, 7, 10, 11, 14, 15,
                       2, 3, 6, 7, 10, 11, 14, 15, 2, 3, 6, 7, 10, 11, 14, 15);
  for (int i = 0; i < N; i += 64) {
    __m256i r[8];
    for (int k = 0; k < 8; k++) {
      uint32_t w;
      memcpy(&w, xs + i / 2 + 4 * k, 4);
      __m256i v = _mm256_srai_epi32(
          _mm256_sllv_epi32(_mm256_set1_epi32(w), counts), 28);
      __m256 f = _mm256_fmadd_ps(
          _mm256_castsi256_ps(_mm256_add_epi32(v, shift[k])), s[k], add[k]);
      r[k] = _mm256_shuffle_epi8(roundedBits(f), high);
    }
    for (int k = 0; k < 4; k++)
      _mm256_storeu_si256(
          (void *)(ys + i + 16 * k),
          _mm256_permute4x64_epi64(
              _mm256_blend_epi32(r[2 * k], r[2 * k + 1], 0xCC), 0xD8));
  }
}

__attribute__((noinline)) static void evenOddForm(void) {
  __m256i shift[2][4];
  __m256 s[2][4], add[2][4];
  for (int h = 0; h < 2; h++)
    for (int k = 0; k < 4; k++) {
      int zz[8];
      float ss[8];
      for (int j = 0; j < 8; j++) {
        zz[j] = zps[16 * k + 2 * j + h];
        ss[j] = scales[16 * k + 2 * j + h];
      }
      shift[h][k] = _mm256_sub_epi32(_mm256_set1_epi32(0x4B008000 - 8),
                                     _mm256_loadu_si256((const void *)zz));
      s[h][k] = _mm256_loadu_ps(ss);
      add[h][k] =
          _mm256_mul_ps(s[h][k], _mm256_set1_ps(-(8388608.0f + 32768.0f)));
    }
  __m256i flip = _mm256_set1_epi32(0x88), low = _mm256_set1_epi32(15);
  for (int i = 0; i < N; i += 64) {
    for (int k = 0; k < 4; k++) {
      __m256i b = _mm256_xor_si256(_mm256_cvtepu8_epi32(_mm_loadl_epi64(
                                       (const void *)(xs + i / 2 + 8 * k))),
                                   flip);
      __m256i e = _mm256_add_epi32(_mm256_and_si256(b, low), shift[0][k]);
      __m256i o = _mm256_add_epi32(_mm256_srli_epi32(b, 4), shift[1][k]);
      __m256i re = roundedBits(
          _mm256_fmadd_ps(_mm256_castsi256_ps(e), s[0][k], add[0][k]));
      __m256i ro = roundedBits(
          _mm256_fmadd_ps(_mm256_castsi256_ps(o), s[1][k], add[1][k]));
      _mm256_storeu_si256(
          (void *)(ys + i + 16 * k),
          _mm256_blend_epi16(_mm256_srli_epi32(re, 16), ro, 0xAA));
    }
  }
}
int main(void) {
  for (int j = 0; j < C; j++) {
    uint32_t bits = (0x3B7Eu + 3 * j) << 16;
    memcpy(&scales[j], &bits, 4);
    zps[j] = (j * 5) % 16 - 8;
  }
  for (int i = 0; i < N / 2; i++)
    xs[i] = (uint8_t)(i * 37 + 11);
  for (int i = 0; i < N; i++)
    reference[i] = roundToBF16((float)(nib(i) - zps[i % C]) * scales[i % C]);
  void (*const forms[])(void) = {inOrderForm, evenOddForm};
  const char *const names[] = {"in order", "even/odd halves"};
  return checkAndTimeElements(forms, names, 2, ys, reference, N,
                              sizeof(uint16_t), ROUNDS, 2.5);
}
