// The forms of --convert-qdq-to-vector that keep bf16 x products off f32
// subnormals (KernelBuilder::TinyProducts), against the plain loops, on
// per-tensor bf16 x (GB/s of x + y bytes, best of 5 runs), with x drawn two
// ways: every bf16 code, as bench_dq draws it (the products of the codes of
// small exponents are f32 subnormals, on which this core takes a microcode
// assist), and codes of exponent 64-190 (no product is subnormal):
//   f16 plain     x * s, vcvtps2ph;
//   f16 flush     the same with MXCSR's flush-to-zero and
//                 denormals-are-zero set around the loop (saved and
//                 restored; KernelBuilder::flushesSubnormals);
//   f16 guard     x below 2^-100 in magnitude raised to +-2^-100 in i16
//                 lanes first (vpmaxuw, vpmaxsw; TinyProducts::Raised does
//                 it on the widened f32 bits, vpmaxud and vpmaxsd, which
//                 keeps the loads folded into vpmovzxwd);
//   bf16 int      x * s rounded to bf16 in integer arithmetic (the loops
//                 before TinyProducts);
//   bf16 fast     x * s, vcvtne2ps2bf16 (not exact: it flushes subnormal
//                 products to zero; for comparison);
//   bf16 exact    r = fma(|x|, |s|, 2^-126) gives the subnormal lanes, the
//                 multiply masked to the others, both rounded with
//                 vcvtne2ps2bf16 and 2^-126 taken off the small lanes
//                 (TinyProducts::Apart; the lowering puts the sign into
//                 the fma's addend instead of taking magnitudes);
//   f32 plain / f32 exact  the same for f32 results.
// Each exact form is checked against a scalar reference (double product,
// rounded to f32, then to the result type); NaNs compare as NaNs.
// Not part of the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/subnormal_guard.c -o /tmp/sg -lm
//   /tmp/sg [elements, default 65536]
//
// x86-64 with AVX-512F/BW/DQ/VL and AVX512_BF16 only.
#include "micro_clock.h"
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long n;
static uint16_t *x, *y16;
static float *y32;
static uint64_t state = 88172645463325252ULL;
static uint16_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (uint16_t)state;
}

static float fromBF16(uint16_t v) {
  uint32_t b = (uint32_t)v << 16;
  float f;
  memcpy(&f, &b, 4);
  return f;
}

static inline __m512i widenHalf(__m256i v) {
  return _mm512_slli_epi32(_mm512_cvtepu16_epi32(v), 16);
}
static inline __m512 widen(const uint16_t *p) {
  return _mm512_castsi512_ps(widenHalf(_mm256_loadu_si256((const __m256i *)p)));
}
static inline void store2(uint16_t *p, __m256i lo, __m256i hi) {
  _mm512_storeu_si512(p, _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1));
}

__attribute__((noinline)) static void f16Plain(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  for (long i = 0; i < n; i += 32)
    store2(y16 + i, _mm512_cvtps_ph(_mm512_mul_ps(widen(x + i), s), 4),
           _mm512_cvtps_ph(_mm512_mul_ps(widen(x + i + 16), s), 4));
}

// The plain f16 loop with MXCSR's flush-to-zero and denormals-are-zero set
// around it (saved and restored by the function).
__attribute__((noinline)) static void f16Flush(float scale) {
  unsigned saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040);
  f16Plain(scale);
  _mm_setcsr(saved);
}

__attribute__((noinline)) static void f16Guard(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  __m512i positive = _mm512_set1_epi16(0x0D80);        // 2^-100
  __m512i negative = _mm512_set1_epi16((short)0x8D80); // -2^-100
  for (long i = 0; i < n; i += 32) {
    __m512i v = _mm512_loadu_si512(x + i);
    v = _mm512_max_epi16(_mm512_max_epu16(v, positive), negative);
    __m512 lo = _mm512_castsi512_ps(widenHalf(_mm512_castsi512_si256(v)));
    __m512 hi = _mm512_castsi512_ps(widenHalf(_mm512_extracti64x4_epi64(v, 1)));
    store2(y16 + i, _mm512_cvtps_ph(_mm512_mul_ps(lo, s), 4),
           _mm512_cvtps_ph(_mm512_mul_ps(hi, s), 4));
  }
}

static inline __m256i roundBF16(__m512 p) {
  __m512i b = _mm512_castps_si512(p);
  __m512i r = _mm512_add_epi32(
      b, _mm512_add_epi32(
             _mm512_set1_epi32(0x7FFF),
             _mm512_and_si512(_mm512_srli_epi32(b, 16), _mm512_set1_epi32(1))));
  __mmask16 nan = _mm512_cmp_ps_mask(p, p, _CMP_UNORD_Q);
  r = _mm512_mask_mov_epi32(r, nan,
                            _mm512_or_si512(b, _mm512_set1_epi32(0x400000)));
  return _mm512_cvtepi32_epi16(_mm512_srli_epi32(r, 16));
}

__attribute__((noinline)) static void bf16Int(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  for (long i = 0; i < n; i += 32)
    store2(y16 + i, roundBF16(_mm512_mul_ps(widen(x + i), s)),
           roundBF16(_mm512_mul_ps(widen(x + i + 16), s)));
}

__attribute__((noinline)) static void bf16Fast(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  for (long i = 0; i < n; i += 32)
    _mm512_storeu_si512(y16 + i, (__m512i)_mm512_cvtne2ps_pbh(
                                     _mm512_mul_ps(widen(x + i + 16), s),
                                     _mm512_mul_ps(widen(x + i), s)));
}

// r = fma(|x|, |s|, 2^-126) and whether |x * s| > 2^-126 (r > 2^-125).
static inline __m512 small(__m512i bits, __m512 magnitudeOfS,
                           __mmask16 *large) {
  __m512 r = _mm512_fmadd_ps(
      _mm512_castsi512_ps(
          _mm512_and_si512(bits, _mm512_set1_epi32(0x7FFFFFFF))),
      magnitudeOfS, _mm512_castsi512_ps(_mm512_set1_epi32(0x00800000)));
  *large = _mm512_cmpgt_epu32_mask(_mm512_castps_si512(r),
                                   _mm512_set1_epi32(0x01000000));
  return r;
}

__attribute__((noinline)) static void bf16Exact(float scale) {
  __m512 s = _mm512_set1_ps(scale), as = _mm512_set1_ps(fabsf(scale));
  __m512i scaleSign = _mm512_set1_epi16(scale < 0 ? (short)0x8000 : 0);
  for (long i = 0; i < n; i += 32) {
    __m512i v = _mm512_loadu_si512(x + i);
    __m512i lo = widenHalf(_mm512_castsi512_si256(v));
    __m512i hi = widenHalf(_mm512_extracti64x4_epi64(v, 1));
    __mmask16 kl, kh;
    __m512 rl = small(lo, as, &kl), rh = small(hi, as, &kh);
    __m512 pl = _mm512_maskz_mul_ps(kl, _mm512_castsi512_ps(lo), s);
    __m512 ph = _mm512_maskz_mul_ps(kh, _mm512_castsi512_ps(hi), s);
    __m512i p = (__m512i)_mm512_cvtne2ps_pbh(ph, pl);
    __m512i q = (__m512i)_mm512_cvtne2ps_pbh(rh, rl);
    q = _mm512_sub_epi16(q, _mm512_set1_epi16(0x0080));
    // q | ((x ^ sign(s)) & 0x8000)
    q = _mm512_ternarylogic_epi32(q, _mm512_xor_si512(v, scaleSign),
                                  _mm512_set1_epi16((short)0x8000), 0xF8);
    _mm512_storeu_si512(y16 + i,
                        _mm512_mask_blend_epi16(_mm512_kunpackw(kh, kl), q, p));
  }
}

// The small lanes known from x (smallProductsOfX): |x| below a bound of the
// scale, the bf16 bits of 2^-126 / |s| truncated, plus one where that bf16
// times |s| rounds below 2^-126. Small lanes add c = +-2^-126 (the sign of
// x * s) in one fma with every lane, the others +0.
static uint16_t boundOf(float scale) {
  float q = 0x1p-126f / fabsf(scale);
  uint32_t b;
  memcpy(&b, &q, 4);
  uint16_t t = (uint16_t)(b >> 16);
  return (uint16_t)(t + (fromBF16(t) * fabsf(scale) < 0x1p-126f));
}

static inline __m512 fromX(__m512i bits, __mmask16 small, __m512 s,
                           __m512i scaleSign) {
  __m512i c = _mm512_maskz_xor_epi32(
      small, _mm512_and_si512(bits, _mm512_set1_epi32((int)0x80000000)),
      scaleSign);
  return _mm512_fmadd_ps(_mm512_castsi512_ps(bits), s, _mm512_castsi512_ps(c));
}

static inline __mmask32 smallOf(__m512i v, __m512i bound) {
  return _mm512_cmplt_epu16_mask(_mm512_and_si512(v, _mm512_set1_epi16(0x7FFF)),
                                 bound);
}

static inline __m512i scaleSignOf(float scale) {
  return _mm512_set1_epi32((scale < 0 ? (int)0x80000000 : 0) | 0x00800000);
}

__attribute__((noinline)) static void f16FromX(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  __m512i bound = _mm512_set1_epi16((short)boundOf(scale));
  __m512i scaleSign = scaleSignOf(scale);
  __m512i sign = _mm512_set1_epi32((int)0x80000000);
  for (long i = 0; i < n; i += 32) {
    __m512i v = _mm512_loadu_si512(x + i);
    __mmask32 k = smallOf(v, bound);
    __m512i lo = widenHalf(_mm512_castsi512_si256(v));
    __m512i hi = widenHalf(_mm512_extracti64x4_epi64(v, 1));
    __m512i rl = _mm512_castps_si512(fromX(lo, (__mmask16)k, s, scaleSign));
    __m512i rh =
        _mm512_castps_si512(fromX(hi, (__mmask16)(k >> 16), s, scaleSign));
    rl = _mm512_mask_and_epi32(rl, (__mmask16)k, rl, sign);
    rh = _mm512_mask_and_epi32(rh, (__mmask16)(k >> 16), rh, sign);
    store2(y16 + i, _mm512_cvtps_ph(_mm512_castsi512_ps(rl), 4),
           _mm512_cvtps_ph(_mm512_castsi512_ps(rh), 4));
  }
}

__attribute__((noinline)) static void bf16FromX(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  __m512i bound = _mm512_set1_epi16((short)boundOf(scale));
  __m512i scaleSign = scaleSignOf(scale);
  for (long i = 0; i < n; i += 32) {
    __m512i v = _mm512_loadu_si512(x + i);
    __mmask32 k = smallOf(v, bound);
    __m512 rl =
        fromX(widenHalf(_mm512_castsi512_si256(v)), (__mmask16)k, s, scaleSign);
    __m512 rh = fromX(widenHalf(_mm512_extracti64x4_epi64(v, 1)),
                      (__mmask16)(k >> 16), s, scaleSign);
    __m512i q = (__m512i)_mm512_cvtne2ps_pbh(rh, rl);
    q = _mm512_mask_sub_epi16(q, k, q, _mm512_set1_epi16(0x0080));
    q = _mm512_min_epi16(q, _mm512_set1_epi16(0x7FC0));
    q = _mm512_min_epu16(q, _mm512_set1_epi16((short)0xFFC0));
    _mm512_storeu_si512(y16 + i, q);
  }
}

__attribute__((noinline)) static void f32FromX(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  __m512i bound = _mm512_set1_epi16((short)boundOf(scale));
  __m512i scaleSign = scaleSignOf(scale);
  __m512i minNormal = _mm512_set1_epi32(0x00800000);
  for (long i = 0; i < n; i += 32) {
    __m512i v = _mm512_loadu_si512(x + i);
    __mmask32 k = smallOf(v, bound);
    __m512i rl = _mm512_castps_si512(fromX(widenHalf(_mm512_castsi512_si256(v)),
                                           (__mmask16)k, s, scaleSign));
    __m512i rh =
        _mm512_castps_si512(fromX(widenHalf(_mm512_extracti64x4_epi64(v, 1)),
                                  (__mmask16)(k >> 16), s, scaleSign));
    rl = _mm512_mask_sub_epi32(rl, (__mmask16)k, rl, minNormal);
    rh = _mm512_mask_sub_epi32(rh, (__mmask16)(k >> 16), rh, minNormal);
    _mm512_storeu_si512(y32 + i, rl);
    _mm512_storeu_si512(y32 + i + 16, rh);
  }
}

__attribute__((noinline)) static void f32Plain(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  for (long i = 0; i < n; i += 16)
    _mm512_storeu_ps(y32 + i, _mm512_mul_ps(widen(x + i), s));
}

__attribute__((noinline)) static void f32Exact(float scale) {
  __m512 s = _mm512_set1_ps(scale), as = _mm512_set1_ps(fabsf(scale));
  __m512i sign = _mm512_set1_epi32((int)0x80000000);
  __m512i scaleSign = _mm512_set1_epi32(scale < 0 ? (int)0x80000000 : 0);
  for (long i = 0; i < n; i += 16) {
    __m512i b = widenHalf(_mm256_loadu_si256((const __m256i *)(x + i)));
    __mmask16 k;
    __m512 r = small(b, as, &k);
    __m512i m =
        _mm512_sub_epi32(_mm512_castps_si512(r), _mm512_set1_epi32(0x00800000));
    m = _mm512_ternarylogic_epi32(m, _mm512_xor_si512(b, scaleSign), sign,
                                  0xF8);
    _mm512_storeu_ps(y32 + i, _mm512_mask_mul_ps(_mm512_castsi512_ps(m), k,
                                                 _mm512_castsi512_ps(b), s));
  }
}

static uint16_t toBF16(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  if (isnan(f))
    return (uint16_t)((b | 0x400000) >> 16);
  b += 0x7FFF + ((b >> 16) & 1);
  return (uint16_t)(b >> 16);
}

// Mismatches of y against the reference; kind 0 f32, 1 f16, 2 bf16.
static long check(int kind, float scale) {
  long bad = 0;
  for (long i = 0; i < n; i++) {
    float p = (float)((double)fromBF16(x[i]) * (double)scale);
    if (kind == 0) {
      float g = y32[i];
      bad += !((isnan(p) && isnan(g)) || memcmp(&p, &g, 4) == 0);
      continue;
    }
    uint16_t r = kind == 1 ? _cvtss_sh(p, 0) : toBF16(p), g = y16[i];
    unsigned expMask = kind == 1 ? 0x7C00 : 0x7F80;
    int rNaN = (r & expMask) == expMask && (r & ~expMask & 0x7FFF);
    int gNaN = (g & expMask) == expMask && (g & ~expMask & 0x7FFF);
    bad += !(rNaN && gNaN) && r != g;
  }
  return bad;
}

static void run(const char *name, void (*f)(float), int bytesOut, float scale,
                int kind) {
  void (*volatile call)(float) = f; // not inlined, not hoisted
  double best = 1e30;
  int reps = (int)(200000000 / n) + 1;
  for (int round = 0; round < 5; round++) {
    double t0 = now();
    for (int k = 0; k < reps; k++)
      call(scale);
    double t = (now() - t0) / reps;
    if (t < best)
      best = t;
  }
  long bad = kind < 0 ? 0 : check(kind, scale);
  printf("  %-12s %7.1f GB/s%s\n", name, n * (2.0 + bytesOut) / best * 1e-9,
         kind < 0 ? " (not exact)"
         : bad    ? " MISMATCH"
                  : " exact");
}

int main(int argc, char **argv) {
  n = argc > 1 ? atol(argv[1]) : 65536;
  n &= ~31L;
  x = aligned_alloc(64, n * 2);
  y16 = aligned_alloc(64, n * 2);
  y32 = aligned_alloc(64, n * 4);
  static const char *names[] = {"random bits", "x in 2^-63..2^63"};
  for (int mode = 0; mode < 2; mode++) {
    for (long i = 0; i < n; i++) {
      uint16_t v = next();
      int e = (v >> 7) & 255;
      if (mode == 1 && e < 64)
        v = (uint16_t)((v & 0x807F) | (64 << 7));
      if (mode == 1 && e > 190 && e < 255)
        v = (uint16_t)((v & 0x807F) | (190 << 7));
      x[i] = v;
    }
    for (int negative = 0; negative < 2 - mode; negative++) {
      float scale = negative ? -0x1.c0p-9f : 0x1.c0p-9f; // as bench_dq's
      printf("%s, %ld elements, scale %a\n", names[mode], n, scale);
      run("f16 plain", f16Plain, 2, scale, 1);
      run("f16 guard", f16Guard, 2, scale, 1);
      run("f16 flush", f16Flush, 2, scale, 1);
      run("bf16 int", bf16Int, 2, scale, 2);
      run("bf16 fast", bf16Fast, 2, scale, -1);
      run("bf16 exact", bf16Exact, 2, scale, 2);
      run("f32 plain", f32Plain, 4, scale, 0);
      run("f32 exact", f32Exact, 4, scale, 0);
      run("f16 from x", f16FromX, 2, scale, 1);
      run("bf16 from x", bf16FromX, 2, scale, 2);
      run("f32 from x", f32FromX, 4, scale, 0);
    }
  }
  return 0;
}
