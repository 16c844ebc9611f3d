// f8E4M3FN x -> f32 per tensor on AVX2 with F16C: the integer decode
// against the decode through f16 bits, on 64 Ki L2-resident codes. The
// measurement behind decodeMinifloatToF32ViaF16 in --convert-qdq-to-vector
// (bench/HISTORY.md, session of 2026-11-27 from 23:38 UTC). Not part of the
// build or of any test:
//
//   clang-22 -O2 -march=x86-64-v3 bench/micro/fp8_f16_decode.c -o /tmp/d
//   /tmp/d
//
// - integer (the lowering before): every code widened to i32 (vpmovzxbd),
//   the normal value made with a shift and an add, the subnormal one with a
//   conversion and a multiply, two blends (subnormal, NaN) and the sign;
// - f16 (the lowering now): the high byte of each f16 is sign | magnitude
//   >> 1 (a vpavgb and a subtraction), the low byte the magnitude's last
//   bit, NaN codes flipped to the quiet NaN, the bytes interleaved with
//   in-lane unpacks, vcvtph2ps, then times 2^8 and the scale;
// - f16, scale folded: the same with the 2^8 folded into the scale (not
//   what the lowering does: scale * 2^8 overflows for |scale| >= 2^120).
// Each form is checked bit for bit against a scalar loop over every code
// before it is timed; GB/s of 1 B in and 4 B out per element, three
// repetitions.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N (1 << 16)
#define ROUNDS 20000
static uint8_t xs[N] __attribute__((aligned(64)));
static float ys[N] __attribute__((aligned(64)));
static float reference[N];
static const float scale = 0.0123f;

static float decodeScalar(uint8_t c) {
  uint32_t magnitude = c & 0x7F, bits;
  if (magnitude == 0x7F) {
    bits = 0x7FC00000;
  } else if ((magnitude >> 3) == 0) {
    float f = (float)(magnitude & 7) * (1.0f / 512);
    memcpy(&bits, &f, 4);
  } else {
    bits = (magnitude << 20) + (120u << 23);
  }
  bits |= (uint32_t)(c >> 7) << 31;
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

static void integerDecode(void) {
  const __m256i m7F = _mm256_set1_epi32(0x7F), m7 = _mm256_set1_epi32(7);
  const __m256i rebias = _mm256_set1_epi32(120 << 23);
  const __m256i nan = _mm256_set1_epi32(0x7FC00000);
  const __m256i signBit = _mm256_set1_epi32((int)0x80000000u);
  const __m256 subnormalScale = _mm256_set1_ps(1.0f / 512);
  const __m256 s = _mm256_set1_ps(scale);
  for (int i = 0; i < N; i += 8) {
    __m256i c =
        _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(xs + i)));
    __m256i magnitude = _mm256_and_si256(c, m7F);
    __m256i isSubnormal = _mm256_cmpeq_epi32(_mm256_srli_epi32(magnitude, 3),
                                             _mm256_setzero_si256());
    __m256 subnormal = _mm256_mul_ps(
        _mm256_cvtepi32_ps(_mm256_and_si256(magnitude, m7)), subnormalScale);
    __m256 value = _mm256_castsi256_ps(
        _mm256_add_epi32(_mm256_slli_epi32(magnitude, 20), rebias));
    value =
        _mm256_blendv_ps(value, subnormal, _mm256_castsi256_ps(isSubnormal));
    value = _mm256_blendv_ps(
        value, _mm256_castsi256_ps(nan),
        _mm256_castsi256_ps(_mm256_cmpeq_epi32(magnitude, m7F)));
    value = _mm256_or_ps(value, _mm256_castsi256_ps(_mm256_and_si256(
                                    _mm256_slli_epi32(c, 24), signBit)));
    _mm256_storeu_ps(ys + i, _mm256_mul_ps(value, s));
  }
}

static void f16Decode(float multiplier, float scaleTimes) {
  const __m256i m7F = _mm256_set1_epi8(0x7F), flip = _mm256_set1_epi8(0x41);
  const __m256 rebias = _mm256_set1_ps(multiplier);
  const __m256 s = _mm256_set1_ps(scaleTimes);
  for (int i = 0; i < N; i += 32) {
    __m256i c = _mm256_loadu_si256((const __m256i *)(xs + i));
    __m256i magnitude = _mm256_and_si256(c, m7F);
    __m256i high =
        _mm256_sub_epi8(c, _mm256_avg_epu8(magnitude, _mm256_setzero_si256()));
    __m256i isNaN = _mm256_cmpeq_epi8(magnitude, m7F);
    high = _mm256_xor_si256(high, _mm256_and_si256(isNaN, flip));
    __m256i low = _mm256_andnot_si256(_mm256_or_si256(isNaN, m7F),
                                      _mm256_slli_epi16(c, 7));
    __m256i words0 = _mm256_unpacklo_epi8(low, high);
    __m256i words1 = _mm256_unpackhi_epi8(low, high);
    // In-lane unpacks: elements 0-7 and 16-23, then 8-15 and 24-31.
    __m128i halves[4] = {_mm256_castsi256_si128(words0),
                         _mm256_castsi256_si128(words1),
                         _mm256_extracti128_si256(words0, 1),
                         _mm256_extracti128_si256(words1, 1)};
    for (int k = 0; k < 4; k++) {
      __m256 value = _mm256_cvtph_ps(halves[k]);
      if (multiplier != 1.0f)
        value = _mm256_mul_ps(value, rebias);
      _mm256_storeu_ps(ys + i + 8 * k, _mm256_mul_ps(value, s));
    }
  }
}

static void viaF16(void) { f16Decode(256.0f, scale); }
static void viaF16Folded(void) { f16Decode(1.0f, scale * 256.0f); }

int main(void) {
  for (int i = 0; i < N; i++) {
    xs[i] = (uint8_t)(i * 7 + (i >> 8));
    reference[i] = decodeScalar(xs[i]) * scale;
  }
  void (*const forms[])(void) = {integerDecode, viaF16, viaF16Folded};
  const char *const names[] = {"integer", "f16", "f16, folded"};
  return checkAndTimeForms(forms, names, 3, ys, reference, N, ROUNDS, 5.0);
}
