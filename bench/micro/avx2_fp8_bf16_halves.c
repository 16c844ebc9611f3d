// f8E4M3FN per tensor -> bf16 on AVX2 with F16C (no AVX512_BF16):
// y = bf16(round to nearest even(f32(decode(x) * scale))), the decode
// through f16 bits against even and odd halves, on 64 Ki L2-resident codes
// (64 KiB in, 128 KiB out). The measurement behind
// KernelBuilder::fp8HalvesBF16 in lib/Conversion/QDQToVector/QDQToVector.cpp
// (form C; bench/HISTORY.md, session of 2026-12-03 from 03:05 UTC). Not
// part of the build or of any test:
//
//   clang-22 -O2 -march=x86-64-v3 bench/micro/avx2_fp8_bf16_halves.c -o /tmp/x
//   /tmp/x
//
// - A, f16 bits (the lowering before fp8HalvesBF16): per 32 codes the f16
//   bits (times 2^-8) made with byte operations as in fp8_f16_decode.c,
//   NaN codes flipped to the quiet f16 NaN, two in-lane unpacks, per 8
//   codes a vcvtph2ps (with a vextracti128 for the high halves) and a
//   vmulps by scale * 2^8, the integer rounding (a NaN stays a NaN through
//   it), and the high halves narrowed with a vpshufb per register, a
//   vpblendd and a vpermq per pair;
// - B, halves of f32 bits: 16 codes sign-extended to i16 (vpmovsxbw), seen
//   as 8 i32 lanes of an even code (low word) and an odd one (high word);
//   the even half (lanes << 20) & 0x87F00000, the odd one (lanes << 4) &
//   0x87F00000 (the sign at bit 31, the 7 other bits at bits 20-26: the f32
//   of decode(x) * 2^-120, an f32 subnormal for a subnormal code), one
//   vmulps per half by scale * 2^120 (finite for |scale| < 2^8; above, two
//   multiplies, by 2^120 and by the scale), the rounding, and the even
//   results shifted down and blended with the odd ones (vpblendw 0xAA): 16
//   bf16 results in element order;
// - C, halves of f16 bits (B without f32 subnormals; the lowering now, which
//   flips NaN codes to the quiet f16 NaN before the vcvtph2ps instead): the
//   16 code bytes as 8 words; the f16 bits (times 2^-8) of the even codes
//   ((words << 8) >>arith 1) & 0xBF80, of the odd ones (words >>arith 1) &
//   0xBF80, a vcvtph2ps and a vmulps by scale * 2^8 per half, then as B.
// NaN codes in B and C: "mask", (w | 0xFF80) == 0xFFFF on the i16 codes
// (C: the bytes compared, then vpmovsxbw) ORed into the results (bf16
// 0xFFFF); "chk N", per 64 codes one vptest for a NaN code, which branches
// to A's steps for those 64 ("chk NS": for a NaN or subnormal code); "no
// NaN", none (wrong for NaN codes, timed on data without them as the cost
// of the others). B2 and C2 round without the lsb term (bits + 0x7FFF):
// run only for the scales where no code's product is an odd tie (low 17
// bits 0x18000), which the 126 magnitudes decide.
//
// Every form is checked bit for bit (NaNs by class) against a scalar
// reference (each code decoded in double, the product of its float and the
// scale in f32, rounded to bf16 to nearest even) on every code and on each
// data set, for each scale, before anything is timed. GB/s of 1 B in and
// 2 B out per element and ns per 64 codes, the median of 7 repetitions of
// 1000 calls (the forms interleaved); then A, B and C without the NaN case
// on normal codes with a share of subnormal ones, spread or in runs.
//
// now() only (cycleTime's zmm loop is AVX-512).
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"
#include "micro_clock.h"
#pragma clang diagnostic pop
#include <immintrin.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N (1 << 16)
#define ROUNDS 1000
#define REPETITIONS 7
#define INLINE static inline __attribute__((always_inline))

static uint8_t xs[N] __attribute__((aligned(64)));
static uint16_t ys[N] __attribute__((aligned(64)));
static uint16_t expected[N];
static float scale;

static uint32_t bitsOf(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

static float floatOf(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}

//===-- Reference --------------------------------------------------------===//

// The value of code `c`, exactly, in double (NaN for 0x7F and 0xFF).
static double decodeE4M3FN(uint8_t c) {
  int magnitude = c & 0x7F, exponent = magnitude >> 3, mantissa = c & 7;
  double value;
  if (magnitude == 0x7F)
    value = NAN;
  else if (exponent == 0)
    value = ldexp(mantissa, -9);
  else
    value = ldexp(8 + mantissa, exponent - 10);
  return (c & 0x80) ? -value : value;
}

// The f32 product of code `c` and scale `s`.
static float product(uint8_t c, float s) { return (float)decodeE4M3FN(c) * s; }

// `v` rounded to bf16 to nearest even, spelled out (not the vector forms'
// addition).
static uint16_t referenceBF16(float v) {
  if (isnan(v))
    return 0x7FC0;
  uint32_t b = bitsOf(v), upper = b >> 16, rest = b & 0xFFFF;
  if (rest > 0x8000 || (rest == 0x8000 && (upper & 1)))
    upper++;
  return (uint16_t)upper;
}

static bool isNaNBF16(uint16_t h) { return (h & 0x7FFF) > 0x7F80; }

// Whether the rounding without its lsb term is exact for scale `s`: no
// product of a code is an odd tie.
static bool lsbTermUnneeded(float s) {
  for (int c = 0; c < 0x7F; c++)
    if ((bitsOf(product((uint8_t)c, s)) & 0x1FFFF) == 0x18000)
      return false;
  return true;
}

//===-- A: through f16 bits ----------------------------------------------===//

// The f32 bits of `v` rounded at bit 16 (the bf16 in the high half).
INLINE __m256i roundBF16(__m256 v, bool lsbTerm) {
  __m256i b =
      _mm256_add_epi32(_mm256_castps_si256(v), _mm256_set1_epi32(0x7FFF));
  if (!lsbTerm)
    return b;
  __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(v), 16),
                                 _mm256_set1_epi32(1));
  return _mm256_add_epi32(b, lsb);
}

// The high halves of a and b (rounded f32 bits of 8 elements each), in
// element order.
INLINE __m256i narrowPair(__m256i a, __m256i b) {
  const __m256i high =
      _mm256_setr_epi8(2, 3, 6, 7, 10, 11, 14, 15, 2, 3, 6, 7, 10, 11, 14, 15,
                       2, 3, 6, 7, 10, 11, 14, 15, 2, 3, 6, 7, 10, 11, 14, 15);
  __m256i pair = _mm256_blend_epi32(_mm256_shuffle_epi8(a, high),
                                    _mm256_shuffle_epi8(b, high), 0xCC);
  return _mm256_permute4x64_epi64(pair, 0xD8);
}

// 32 codes at x to bf16 at y, `s` being scale * 2^8.
INLINE void stepA(const uint8_t *x, uint16_t *y, __m256 s) {
  const __m256i m7F = _mm256_set1_epi8(0x7F), flip = _mm256_set1_epi8(0x41);
  __m256i c = _mm256_loadu_si256((const __m256i *)x);
  __m256i magnitude = _mm256_and_si256(c, m7F);
  __m256i high =
      _mm256_sub_epi8(c, _mm256_avg_epu8(magnitude, _mm256_setzero_si256()));
  __m256i isNaN = _mm256_cmpeq_epi8(magnitude, m7F);
  high = _mm256_xor_si256(high, _mm256_and_si256(isNaN, flip));
  __m256i low =
      _mm256_andnot_si256(_mm256_or_si256(isNaN, m7F), _mm256_slli_epi16(c, 7));
  __m256i words0 = _mm256_unpacklo_epi8(low, high);
  __m256i words1 = _mm256_unpackhi_epi8(low, high);
  // Elements 0-7, 8-15, 16-23 and 24-31.
  __m128i halves[4] = {
      _mm256_castsi256_si128(words0), _mm256_castsi256_si128(words1),
      _mm256_extracti128_si256(words0, 1), _mm256_extracti128_si256(words1, 1)};
  __m256i r[4];
  for (int k = 0; k < 4; k++)
    r[k] = roundBF16(_mm256_mul_ps(_mm256_cvtph_ps(halves[k]), s), true);
  _mm256_storeu_si256((__m256i *)y, narrowPair(r[0], r[1]));
  _mm256_storeu_si256((__m256i *)(y + 16), narrowPair(r[2], r[3]));
}

__attribute__((noinline)) static void formA(void) {
  __m256 s = _mm256_set1_ps(scale * 256.0f);
  for (int i = 0; i < N; i += 64) {
    stepA(xs + i, ys + i, s);
    stepA(xs + i + 32, ys + i + 32, s);
  }
}

//===-- B and C: even and odd halves -------------------------------------===//

// The halves' f32 values: B with one multiply (by scale * 2^120), B with
// two (by 2^120, then the scale), C (vcvtph2ps, then scale * 2^8).
enum Kind { B_ONE, B_TWO, C_F16 };

INLINE __m256 multiplier(enum Kind kind) {
  return _mm256_set1_ps(kind == B_ONE   ? scale * 0x1p120f
                        : kind == B_TWO ? scale
                                        : scale * 256.0f);
}

// 16 codes at x to bf16 at y, `s` being multiplier(kind).
INLINE void stepHalves(enum Kind kind, const uint8_t *x, uint16_t *y, __m256 s,
                       bool nanMask, bool lsbTerm) {
  __m128i codes = _mm_loadu_si128((const __m128i *)x);
  __m256 even, odd;
  __m256i isNaN;
  if (kind == C_F16) {
    const __m128i bits = _mm_set1_epi16((short)0xBF80);
    even = _mm256_cvtph_ps(
        _mm_and_si128(_mm_srai_epi16(_mm_slli_epi16(codes, 8), 1), bits));
    odd = _mm256_cvtph_ps(_mm_and_si128(_mm_srai_epi16(codes, 1), bits));
    if (nanMask)
      isNaN = _mm256_cvtepi8_epi16(_mm_cmpeq_epi8(
          _mm_or_si128(codes, _mm_set1_epi8((char)0x80)), _mm_set1_epi8(-1)));
  } else {
    const __m256i bits = _mm256_set1_epi32((int)0x87F00000u);
    __m256i w = _mm256_cvtepi8_epi16(codes);
    even =
        _mm256_castsi256_ps(_mm256_and_si256(_mm256_slli_epi32(w, 20), bits));
    odd = _mm256_castsi256_ps(_mm256_and_si256(_mm256_slli_epi32(w, 4), bits));
    if (kind == B_TWO) {
      even = _mm256_mul_ps(even, _mm256_set1_ps(0x1p120f));
      odd = _mm256_mul_ps(odd, _mm256_set1_ps(0x1p120f));
    }
    if (nanMask) {
      // Opaque to clang, which would otherwise compare the bytes and widen
      // the result with one more vpmovsxbw.
      __asm__("" : "+x"(w));
      isNaN = _mm256_cmpeq_epi16(
          _mm256_or_si256(w, _mm256_set1_epi16((short)0xFF80)),
          _mm256_set1_epi16(-1));
    }
  }
  __m256i re = roundBF16(_mm256_mul_ps(even, s), lsbTerm);
  __m256i ro = roundBF16(_mm256_mul_ps(odd, s), lsbTerm);
  __m256i r = _mm256_blend_epi16(_mm256_srli_epi32(re, 16), ro, 0xAA);
  if (nanMask)
    r = _mm256_or_si256(r, isNaN);
  _mm256_storeu_si256((__m256i *)y, r);
}

INLINE void halves(enum Kind kind, bool nanMask, bool lsbTerm) {
  __m256 s = multiplier(kind);
  for (int i = 0; i < N; i += 64)
    for (int k = 0; k < 64; k += 16)
      stepHalves(kind, xs + i + k, ys + i + k, s, nanMask, lsbTerm);
}

// The codes of the 32 at x that the fast steps of checked() must not take:
// NaN codes, and subnormal ones too if `subnormals`, as 0xFF bytes.
INLINE __m256i slowCodes(const uint8_t *x, bool subnormals) {
  const __m256i m7F = _mm256_set1_epi8(0x7F);
  __m256i magnitude =
      _mm256_and_si256(_mm256_loadu_si256((const __m256i *)x), m7F);
  __m256i slow = _mm256_cmpeq_epi8(magnitude, m7F);
  if (subnormals) {
    // magnitude - 1 <= 6 (unsigned): magnitude 1 to 7.
    __m256i less = _mm256_sub_epi8(magnitude, _mm256_set1_epi8(1));
    slow = _mm256_or_si256(
        slow,
        _mm256_cmpeq_epi8(_mm256_min_epu8(less, _mm256_set1_epi8(6)), less));
  }
  return slow;
}

// The halves without the NaN mask where 64 codes hold no slow code, else
// A's steps.
INLINE void checked(enum Kind kind, bool subnormals, bool lsbTerm) {
  __m256 s = multiplier(kind), sA = _mm256_set1_ps(scale * 256.0f);
  for (int i = 0; i < N; i += 64) {
    __m256i slow = _mm256_or_si256(slowCodes(xs + i, subnormals),
                                   slowCodes(xs + i + 32, subnormals));
    if (__builtin_expect(_mm256_testz_si256(slow, slow), 1)) {
      // Opaque to clang, which would otherwise take the codes from the
      // registers of slowCodes with two more vextracti128.
      const uint8_t *x = xs + i;
      __asm__("" : "+r"(x));
      for (int k = 0; k < 64; k += 16)
        stepHalves(kind, x + k, ys + i + k, s, false, lsbTerm);
    } else {
      stepA(xs + i, ys + i, sA);
      stepA(xs + i + 32, ys + i + 32, sA);
    }
  }
}

// Whether scale * 2^120 is finite (B with one multiply).
static bool oneMultiply(void) { return fabsf(scale) < 0x1p8f; }

// A form of B or C: `loop`(kind, `subnormals` or `nanMask`, `lsbTerm`).
#define HALVES_FORM(name, isB, loop, flag, lsbTerm)                            \
  __attribute__((noinline)) static void name(void) {                           \
    if (!isB)                                                                  \
      loop(C_F16, flag, lsbTerm);                                              \
    else if (oneMultiply())                                                    \
      loop(B_ONE, flag, lsbTerm);                                              \
    else                                                                       \
      loop(B_TWO, flag, lsbTerm);                                              \
  }
HALVES_FORM(formBMask, true, halves, true, true)
HALVES_FORM(formBCheckNaN, true, checked, false, true)
HALVES_FORM(formBCheckSubnormal, true, checked, true, true)
HALVES_FORM(formBNoNaN, true, halves, false, true)
HALVES_FORM(formB2Mask, true, halves, true, false)
HALVES_FORM(formB2CheckNaN, true, checked, false, false)
HALVES_FORM(formB2CheckSubnormal, true, checked, true, false)
HALVES_FORM(formB2NoNaN, true, halves, false, false)
HALVES_FORM(formCMask, false, halves, true, true)
HALVES_FORM(formCCheckNaN, false, checked, false, true)
HALVES_FORM(formCNoNaN, false, halves, false, true)
HALVES_FORM(formC2Mask, false, halves, true, false)
HALVES_FORM(formC2CheckNaN, false, checked, false, false)
HALVES_FORM(formC2NoNaN, false, halves, false, false)

//===-- Driver -----------------------------------------------------------===//

typedef void (*Form)(void);
static const struct {
  Form run;
  const char *name;
  bool noNaN, noLsbTerm;
} forms[] = {{formA, "A", false, false},
             {formBMask, "B mask", false, false},
             {formBCheckNaN, "B chk N", false, false},
             {formBCheckSubnormal, "B chk NS", false, false},
             {formBNoNaN, "B no NaN", true, false},
             {formB2Mask, "B2 mask", false, true},
             {formB2CheckNaN, "B2 chk N", false, true},
             {formB2CheckSubnormal, "B2 chk NS", false, true},
             {formB2NoNaN, "B2 no NaN", true, true},
             {formCMask, "C mask", false, false},
             {formCCheckNaN, "C chk N", false, false},
             {formCNoNaN, "C no NaN", true, false},
             {formC2Mask, "C2 mask", false, true},
             {formC2CheckNaN, "C2 chk N", false, true},
             {formC2NoNaN, "C2 no NaN", true, true}};
enum { FORMS = sizeof forms / sizeof forms[0] };

static uint64_t state = 88172645463325252ULL;
static uint32_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (uint32_t)(state >> 32);
}

static uint8_t randomCode(void) {
  for (;;) {
    uint8_t c = (uint8_t)next();
    if ((c & 0x7F) != 0x7F)
      return c;
  }
}

static uint8_t subnormalCode(void) {
  return (uint8_t)((next() & 0x80) | (1 + next() % 7));
}

enum { NORMAL, RANDOM, WITH_NAN, SUBNORMAL, ALL_CODES, DATA_SETS };
static const char *const dataNames[] = {"normal", "random", "NaN 1/256",
                                        "1/2 sub", "all codes"};
static const bool hasNaN[] = {false, false, true, false, true};

// Fills xs with data set `set` and expected with its reference results.
static void fill(int set) {
  for (int i = 0; i < N; i++) {
    uint8_t c = randomCode();
    if (set == NORMAL)
      while ((c & 0x78) == 0)
        c = randomCode();
    if (set == WITH_NAN && next() % 256 == 0)
      c = (next() & 1) ? 0xFF : 0x7F;
    if (set == SUBNORMAL && (next() & 1))
      c = subnormalCode();
    if (set == ALL_CODES)
      c = (uint8_t)(i * 7 + (i >> 8));
    xs[i] = c;
  }
  uint16_t table[256];
  for (int c = 0; c < 256; c++)
    table[c] = referenceBF16(product((uint8_t)c, scale));
  for (int i = 0; i < N; i++)
    expected[i] = table[xs[i]];
}

// Whether form `f` computes data set `set` at the current scale exactly.
static bool applies(int f, int set) {
  return !(forms[f].noNaN && hasNaN[set]) &&
         !(forms[f].noLsbTerm && !lsbTermUnneeded(scale));
}

// Runs form `f` once and compares with expected; 0 if it matches.
static int check(int f) {
  memset(ys, 0x55, sizeof ys);
  forms[f].run();
  for (int i = 0; i < N; i++) {
    bool same =
        isNaNBF16(expected[i]) ? isNaNBF16(ys[i]) : ys[i] == expected[i];
    if (!same) {
      printf("MISMATCH %s, scale %a, code 0x%02x: 0x%04x, not 0x%04x\n",
             forms[f].name, scale, xs[i], ys[i], expected[i]);
      return 1;
    }
  }
  return 0;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// The median seconds per call of each of the `count` runs (NULL ones
// skipped), their repetitions interleaved.
static void timeCalls(const Form *runs, int count, double *median) {
  double seconds[FORMS][REPETITIONS];
  for (int r = 0; r < REPETITIONS; r++)
    for (int f = 0; f < count; f++) {
      if (!runs[f])
        continue;
      double t0 = now();
      for (int k = 0; k < ROUNDS; k++) {
        runs[f]();
        __asm__ volatile("" ::"r"(ys) : "memory");
      }
      seconds[f][r] = now() - t0;
    }
  for (int f = 0; f < count; f++) {
    qsort(seconds[f], REPETITIONS, sizeof(double), compareDoubles);
    median[f] = runs[f] ? seconds[f][REPETITIONS / 2] / ROUNDS : 0;
  }
}

static double gbps(double seconds) { return 3.0 * N / seconds / 1e9; }

// A, B and C without the NaN case on normal codes of which a share
// (k / 256) are subnormal, spread at random or in one run at the start of
// every 4096 codes.
static void subnormalSweep(void) {
  const int shares[] = {0, 1, 4, 16, 64, 128, 255, 256};
  const Form runs[] = {formA, formBNoNaN, formCNoNaN};
  printf("\nsubnormal codes   A spread  B spread  C spread  B in runs "
         "(GB/s, scale 0.0123)\n");
  for (int k = 0; k < (int)(sizeof shares / sizeof shares[0]); k++) {
    printf("%3d/256        ", shares[k]);
    for (int inRuns = 0; inRuns < 2; inRuns++) {
      for (int i = 0; i < N; i++) {
        uint8_t c = randomCode();
        while ((c & 0x78) == 0)
          c = randomCode();
        int draw = inRuns ? (i % 4096) / 16 : (int)(next() % 256);
        xs[i] = draw < shares[k] ? subnormalCode() : c;
      }
      double median[3];
      timeCalls(runs, inRuns ? 2 : 3, median);
      for (int f = inRuns; f < (inRuns ? 2 : 3); f++)
        printf(" %9.1f", gbps(median[f]));
    }
    printf("\n");
  }
}

int main(void) {
  const float scales[] = {0.0123f,       1.0f,   floatOf(0x3B7Eu << 16),
                          3e30f,         1e-30f, -0.0123f,
                          0x1.fffffep7f, 256.0f, 0x1p-140f};
  const int scaleCount = sizeof scales / sizeof scales[0];
  int failures = 0;
  for (int k = 0; k < scaleCount; k++) {
    scale = scales[k];
    printf("scale %-14a (%-9.3g): lsb term %s\n", scale, scale,
           lsbTermUnneeded(scale) ? "unneeded" : "needed (odd ties)");
    for (int set = 0; set < DATA_SETS; set++) {
      fill(set);
      for (int f = 0; f < FORMS; f++)
        if (applies(f, set))
          failures += check(f);
    }
  }
  printf("correctness: %s\n", failures ? "FAILED" : "every form exact");
  if (failures)
    return 1;

  // Columns: the data sets at scale 0.0123, then random codes at the other
  // scales of the brief.
  enum { COLUMNS = 8 };
  double median[COLUMNS][FORMS];
  char heads[COLUMNS][16];
  for (int col = 0; col < COLUMNS; col++) {
    int set = col < 4 ? col : RANDOM;
    scale = scales[col < 4 ? 0 : col - 3];
    fill(set);
    snprintf(heads[col], sizeof heads[col], "%s", dataNames[set]);
    if (col >= 4)
      snprintf(heads[col], sizeof heads[col], "r %.3g", scale);
    Form runs[FORMS];
    for (int f = 0; f < FORMS; f++)
      runs[f] = applies(f, set) ? forms[f].run : NULL;
    timeCalls(runs, FORMS, median[col]);
  }
  for (int table = 0; table < 2; table++) {
    printf("\n%-10s", table ? "ns/64" : "GB/s");
    for (int col = 0; col < COLUMNS; col++)
      printf(" %9s", heads[col]);
    printf("\n");
    for (int f = 0; f < FORMS; f++) {
      printf("%-10s", forms[f].name);
      for (int col = 0; col < COLUMNS; col++) {
        double t = median[col][f];
        if (t == 0)
          printf(" %9s", "-");
        else
          printf(" %9.2f", table ? t / (N / 64) * 1e9 : gbps(t));
      }
      printf("\n");
    }
  }
  scale = 0.0123f;
  subnormalSweep();
  return 0;
}
