// Packed 4-bit x -> f32 per tensor on AVX2: three forms of the unpacking,
// on 64 Ki L2-resident codes. The measurement behind qdq.unpack_bits on
// AVX2 in --convert-qdq-to-vector (bench/HISTORY.md, session of
// 2026-11-27 from 20:12 UTC). Not part of the build or of any test:
//
//   clang-22 -O2 -march=x86-64-v3 bench/micro/avx2_unpack.c -o /tmp/u
//   /tmp/u
//
// - i8 lanes (the lowering before): nibbles split with a mask and a shift,
//   interleaved, the zero point subtracted in bytes, each 8 bytes widened
//   with vpmovsxbd, converted and multiplied;
// - clang's loop form: 8 bytes widened to i32 (vpmovzxbd), both nibbles
//   converted and multiplied, the products interleaved in f32;
// - windows (the lowering now): 16 bytes broadcast to both 128-bit lanes,
//   one in-lane vpshufb per 8 results copying each result's byte, a
//   per-lane shift and a mask, then the i32 subtraction.
// Each form is checked against a scalar loop before it is timed; GB/s of
// 0.5 B in and 4 B out per element, three repetitions.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>

#define N (1 << 16)
#define ROUNDS 20000
static uint8_t xs[N / 2] __attribute__((aligned(64)));
static float ys[N] __attribute__((aligned(64)));
static float reference[N];
static const float scale = 0.0038757f;
static const int zeroPoint = 13;

__attribute__((noinline)) static void bytesForm(void) {
  __m256i low4 = _mm256_set1_epi8(15), zp = _mm256_set1_epi8(zeroPoint);
  __m256 s = _mm256_set1_ps(scale);
  for (int i = 0; i < N; i += 64) {
    __m256i v = _mm256_loadu_si256((const void *)(xs + i / 2));
    __m256i lo = _mm256_and_si256(v, low4);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), low4);
    __m256i a = _mm256_unpacklo_epi8(lo, hi), b = _mm256_unpackhi_epi8(lo, hi);
    __m256i halves[2] = {_mm256_permute2x128_si256(a, b, 0x20),
                         _mm256_permute2x128_si256(a, b, 0x31)};
    for (int h = 0; h < 2; h++) {
      __m256i d = _mm256_sub_epi8(halves[h], zp);
      __m128i l = _mm256_castsi256_si128(d), u = _mm256_extracti128_si256(d, 1);
      __m128i q[4] = {l, _mm_shuffle_epi32(l, 0xEE), u,
                      _mm_shuffle_epi32(u, 0xEE)};
      for (int j = 0; j < 4; j++)
        _mm256_storeu_ps(
            ys + i + 32 * h + 8 * j,
            _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(q[j])), s));
    }
  }
}

__attribute__((noinline)) static void clangForm(void) {
  __m256i low4 = _mm256_set1_epi32(15), zp = _mm256_set1_epi32(zeroPoint);
  __m256 s = _mm256_set1_ps(scale);
  for (int i = 0; i < N; i += 16) {
    __m256i v =
        _mm256_cvtepu8_epi32(_mm_loadl_epi64((const void *)(xs + i / 2)));
    __m256 a = _mm256_mul_ps(
        _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_and_si256(v, low4), zp)), s);
    __m256 b = _mm256_mul_ps(
        _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_srli_epi32(v, 4), zp)), s);
    __m256 l = _mm256_unpacklo_ps(a, b), h = _mm256_unpackhi_ps(a, b);
    _mm256_storeu_ps(ys + i, _mm256_permute2f128_ps(l, h, 0x20));
    _mm256_storeu_ps(ys + i + 8, _mm256_permute2f128_ps(l, h, 0x31));
  }
}

__attribute__((noinline)) static void windowForm(void) {
  __m256i copy[4];
  for (int k = 0; k < 4; k++) {
    char c[32];
    for (int j = 0; j < 32; j++) // lane j / 16, result j / 4 of the lane
      c[j] = j % 4 ? -1 : (char)(4 * k + 2 * (j / 16) + (j % 16) / 8);
    copy[k] = _mm256_loadu_si256((const void *)c);
  }
  __m256i shift = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
  __m256i low4 = _mm256_set1_epi32(15), zp = _mm256_set1_epi32(zeroPoint);
  __m256 s = _mm256_set1_ps(scale);
  for (int i = 0; i < N; i += 32) {
    __m256i v = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const void *)(xs + i / 2)));
    for (int k = 0; k < 4; k++) {
      __m256i d = _mm256_and_si256(
          _mm256_srlv_epi32(_mm256_shuffle_epi8(v, copy[k]), shift), low4);
      _mm256_storeu_ps(
          ys + i + 8 * k,
          _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(d, zp)), s));
    }
  }
}

int main(void) {
  for (int i = 0; i < N / 2; i++)
    xs[i] = (uint8_t)(i * 37 + 11);
  for (int i = 0; i < N; i++)
    reference[i] =
        (float)(((xs[i / 2] >> (4 * (i & 1))) & 15) - zeroPoint) * scale;
  void (*const forms[])(void) = {bytesForm, clangForm, windowForm};
  const char *const names[] = {"i8 lanes", "clang's loop", "windows"};
  return checkAndTimeForms(forms, names, 3, ys, reference, N, ROUNDS, 4.5);
}
