// f8E4M3FN per-axis C=64 -> bf16 and -> f32 at 64 Ki elements (L2-resident):
// where the byte tables of --convert-qdq-to-vector spend their shuffle port.
// Hand-written versions of the kernel's loop; not part of the build or of
// any test:
//
//   clang-22 -O2 -march=native bench/micro/fp8_dword_tables.c -o /tmp/fd
//   /tmp/fd
//
// Every form looks the code up in two byte tables (the low and high bytes
// of the code's value as bf16, which is exact) and multiplies the f32
// values by the scales of the step. They differ in the bytes' way to f32
// lanes:
//   words+unpack  the kernel's (2026-12-02): the high byte from 256 entries
//                 (two vpermt2b and a blend on the code's sign), the low
//                 byte from 128 (the code's sign does not change it); the
//                 two interleaved into words (two vpermt2b), the words
//                 unpacked under zero words (four vpunpck[lh]wd);
//   dwords        the high byte from 128 entries ORed with the code's sign
//                 bit (one vpternlogd), then each 16 f32 lanes taken from
//                 the low and high bytes by one vpermt2b that zeroes the
//                 two low bytes of each lane (four per 64 codes);
//   words+halves  the 128-entry lookups, words as in the kernel, then the
//                 even elements shifted up and the odd ones masked (no
//                 shuffle), multiplied by the even and odd scales; -> bf16
//                 the two halves' results narrowed into one register
//                 (vcvtne2ps2bf16) and put in element order by one vpermw.
// Reported in GB/s of x + y bytes, each of 3 runs; first the core cycles
// per instruction of the shuffles and conversions these forms take.
//
// On the Intel Xeon VM (LLVM: rocketlake; 2026-12-02 02:47 UTC): vpermt2b
// takes 2 cycles of the shuffle port (a vpaddd beside it is free), vpermb,
// vpunpcklwd and vpshufb 1, vcvtne2ps2bf16 2 and more; so the kernel's
// bf16 loop spends 18 shuffle-port cycles per 64 codes (five vpermt2b,
// four unpacks, two conversions) and ran at 19.3 cycles (33.1-34.5 GB/s;
// L1-resident, N = 4096: 33.9-34.1); dwords at 32.0-32.3 (the four
// vpermt2b cost what the two and four unpacks did), words+halves at
// 35.0-36.9 (1.07x: one vpermt2b less, two vpermw more). f32 results ran
// at 56-58 GB/s either way (0.9 of the 64 Ki roof). Neither is taken.
//
// x86-64 with AVX-512F/BW/VBMI and AVX512_BF16 only.
#include "micro_clock.h"
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 65536
#define C 64
#define ROUNDS 20000

static uint8_t *x;
static uint16_t *yb, *refb;
static float *yf, *reff;
static float scale[C];
static __m512 s[4], sEven[2], sOdd[2];
static __m512i lo0, lo1, hi0, hi1, hiNeg0, hiNeg1;

static float decode(uint8_t code) {
  int sign = code >> 7, e = (code >> 3) & 15, m = code & 7;
  if ((code & 0x7F) == 0x7F)
    return sign ? -__builtin_nanf("") : __builtin_nanf("");
  float v = e ? ldexpf(1.0f + m / 8.0f, e - 7) : ldexpf(m / 8.0f, -6);
  return sign ? -v : v;
}

static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

// bf16 bits of an f32, rounded to nearest even (NaNs quieted).
static uint16_t toBF16(float f) {
  uint32_t u = bits(f);
  if ((u & 0x7FFFFFFF) > 0x7F800000)
    return (u >> 16) | 0x40;
  return (u + 0x7FFF + ((u >> 16) & 1)) >> 16;
}

static void setup(void) {
  x = aligned_alloc(64, N);
  yb = aligned_alloc(64, 2 * N);
  refb = aligned_alloc(64, 2 * N);
  yf = aligned_alloc(64, 4 * N);
  reff = aligned_alloc(64, 4 * N);
  srand(1);
  for (int i = 0; i < N; i++)
    x[i] = rand() & 0xFF;
  for (int c = 0; c < C; c++)
    scale[c] = ldexpf(1.0f + (rand() % 128) / 128.0f, rand() % 20 - 10) *
               (rand() % 5 == 0 ? -1 : 1);
  for (int i = 0; i < N; i++) {
    float p = decode(x[i]) * scale[i % C];
    reff[i] = p;
    refb[i] = toBF16(p);
  }
  uint8_t lo[256], hi[256];
  for (int v = 0; v < 256; v++) {
    uint32_t u = bits(decode(v));
    lo[v] = u >> 16;
    hi[v] = u >> 24;
  }
  lo0 = _mm512_loadu_si512(lo);
  lo1 = _mm512_loadu_si512(lo + 64);
  hi0 = _mm512_loadu_si512(hi);
  hi1 = _mm512_loadu_si512(hi + 64);
  hiNeg0 = _mm512_loadu_si512(hi + 128);
  hiNeg1 = _mm512_loadu_si512(hi + 192);
  for (int k = 0; k < 4; k++)
    s[k] = _mm512_loadu_ps(scale + 16 * k);
  float even[32], odd[32];
  for (int k = 0; k < 32; k++) {
    even[k] = scale[2 * k];
    odd[k] = scale[2 * k + 1];
  }
  for (int k = 0; k < 2; k++) {
    sEven[k] = _mm512_loadu_ps(even + 16 * k);
    sOdd[k] = _mm512_loadu_ps(odd + 16 * k);
  }
}

// The kernel's high-byte lookup: 256 entries.
static inline __m512i hi256(__m512i codes) {
  __m512i pos = _mm512_permutex2var_epi8(hi0, codes, hi1);
  __m512i neg = _mm512_permutex2var_epi8(hiNeg0, codes, hiNeg1);
  return _mm512_mask_mov_epi8(pos, _mm512_movepi8_mask(codes), neg);
}

// 128 entries and the code's sign bit.
static inline __m512i hi128(__m512i codes) {
  __m512i magnitude = _mm512_permutex2var_epi8(hi0, codes, hi1);
  return _mm512_ternarylogic_epi32(magnitude, codes, _mm512_set1_epi8(0x80),
                                   0xF8); // magnitude | (codes & 0x80)
}

// The two words vectors (elements 0-31, 32-63) of low and high bytes.
static inline void words(__m512i lo, __m512i hi, __m512i *w0, __m512i *w1) {
  __m512i i0 = _mm512_set_epi8(
      95, 31, 94, 30, 93, 29, 92, 28, 91, 27, 90, 26, 89, 25, 88, 24, 87, 23,
      86, 22, 85, 21, 84, 20, 83, 19, 82, 18, 81, 17, 80, 16, 79, 15, 78, 14,
      77, 13, 76, 12, 75, 11, 74, 10, 73, 9, 72, 8, 71, 7, 70, 6, 69, 5, 68, 4,
      67, 3, 66, 2, 65, 1, 64, 0);
  __m512i i1 = _mm512_add_epi8(i0, _mm512_set1_epi8(32));
  *w0 = _mm512_permutex2var_epi8(lo, i0, hi);
  *w1 = _mm512_permutex2var_epi8(lo, i1, hi);
}

static inline __m512 unpackLow(__m512i w) {
  return _mm512_castsi512_ps(_mm512_unpacklo_epi16(_mm512_setzero_si512(), w));
}
static inline __m512 unpackHigh(__m512i w) {
  return _mm512_castsi512_ps(_mm512_unpackhi_epi16(_mm512_setzero_si512(), w));
}

// The f32 values of codes 16k..16k+15 of the step from the low and high
// bytes: one zero-masking vpermt2b.
static inline __m512 dword(__m512i lo, __m512i hi, int k) {
  uint8_t index[64];
  for (int j = 0; j < 16; j++) {
    index[4 * j] = index[4 * j + 1] = 0;
    index[4 * j + 2] = 16 * k + j;
    index[4 * j + 3] = 64 + 16 * k + j;
  }
  return _mm512_castsi512_ps(_mm512_maskz_permutex2var_epi8(
      0xCCCCCCCCCCCCCCCCull, lo, _mm512_loadu_si512(index), hi));
}

// The products of codes i..i+63 in four registers of 16: the kernel's
// words, unpacked (vpunpck[lh]wd interleave within 128-bit lanes: elements
// 0-3, 8-11, ... in the low unpack; main permutes the scales to match).
static inline void productsWordsUnpack(long i, __m512 p[4]) {
  __m512i codes = _mm512_load_si512(x + i);
  __m512i lo = _mm512_permutex2var_epi8(lo0, codes, lo1);
  __m512i w0, w1;
  words(lo, hi256(codes), &w0, &w1);
  p[0] = _mm512_mul_ps(unpackLow(w0), s[0]);
  p[1] = _mm512_mul_ps(unpackHigh(w0), s[1]);
  p[2] = _mm512_mul_ps(unpackLow(w1), s[2]);
  p[3] = _mm512_mul_ps(unpackHigh(w1), s[3]);
}

// The same from dwords, in element order.
static inline void productsDwords(long i, __m512 p[4]) {
  __m512i codes = _mm512_load_si512(x + i);
  __m512i lo = _mm512_permutex2var_epi8(lo0, codes, lo1);
  __m512i hi = hi128(codes);
  for (int k = 0; k < 4; k++)
    p[k] = _mm512_mul_ps(dword(lo, hi, k), s[k]);
}

static inline void storeF32(long i, const __m512 p[4]) {
  for (int k = 0; k < 4; k++)
    _mm512_store_ps(yf + i + 16 * k, p[k]);
}

// vcvtne2ps2bf16 puts its second operand's results first.
static inline void storeBF16(long i, const __m512 p[4]) {
  _mm512_store_si512(yb + i, (__m512i)_mm512_cvtne2ps_pbh(p[1], p[0]));
  _mm512_store_si512(yb + i + 32, (__m512i)_mm512_cvtne2ps_pbh(p[3], p[2]));
}

// A form: the products of each step, then its stores.
#define FORM(name, products, store)                                            \
  static void name(void) {                                                     \
    __m512 p[4];                                                               \
    for (long i = 0; i < N; i += 64) {                                         \
      products(i, p);                                                          \
      store(i, p);                                                             \
    }                                                                          \
  }
FORM(f32WordsUnpack, productsWordsUnpack, storeF32)
FORM(f32Dwords, productsDwords, storeF32)
FORM(bf16WordsUnpack, productsWordsUnpack, storeBF16)
FORM(bf16Dwords, productsDwords, storeBF16)

static void bf16WordsHalves(void) {
  const __m512i order = _mm512_set_epi16(31, 15, 30, 14, 29, 13, 28, 12, 27, 11,
                                         26, 10, 25, 9, 24, 8, 23, 7, 22, 6, 21,
                                         5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
  for (long i = 0; i < N; i += 64) {
    __m512i codes = _mm512_load_si512(x + i);
    __m512i lo = _mm512_permutex2var_epi8(lo0, codes, lo1);
    __m512i w[2];
    words(lo, hi128(codes), &w[0], &w[1]);
    for (int k = 0; k < 2; k++) {
      __m512 even = _mm512_castsi512_ps(_mm512_slli_epi32(w[k], 16));
      __m512 odd = _mm512_castsi512_ps(
          _mm512_and_si512(w[k], _mm512_set1_epi32(0xFFFF0000)));
      __m512i halves = (__m512i)_mm512_cvtne2ps_pbh(
          _mm512_mul_ps(odd, sOdd[k]), _mm512_mul_ps(even, sEven[k]));
      _mm512_store_si512(yb + i + 32 * k,
                         _mm512_permutexvar_epi16(order, halves));
    }
  }
}

// Core cycles per instruction of eight independent ones (zmm10 and zmm11
// the sources, zmm0-7 the destinations), alone and with as many vpaddd.
// clang-format off
#define ONE(ins, d) ins " %%zmm10, %%zmm11, %%zmm" #d "\n\t"
#define ADD(d) "vpaddd %%zmm10, %%zmm11, %%zmm" #d "\n\t"
#define EIGHT(ins) \
  ONE(ins, 0) ONE(ins, 1) ONE(ins, 2) ONE(ins, 3) \
  ONE(ins, 4) ONE(ins, 5) ONE(ins, 6) ONE(ins, 7)
#define EIGHT_ADDS(ins) \
  ONE(ins, 0) ADD(8) ONE(ins, 1) ADD(9) ONE(ins, 2) ADD(8) ONE(ins, 3) ADD(9) \
  ONE(ins, 4) ADD(8) ONE(ins, 5) ADD(9) ONE(ins, 6) ADD(8) ONE(ins, 7) ADD(9)
// clang-format on
#define COST(ins)                                                              \
  do {                                                                         \
    double t0 = now();                                                         \
    for (long r = 0; r < 10000000; r++)                                        \
      __asm__ volatile(EIGHT(ins)::                                            \
                           : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",   \
                             "xmm6", "xmm7");                                  \
    double alone = (now() - t0) / 8e7 / cycle;                                 \
    t0 = now();                                                                \
    for (long r = 0; r < 10000000; r++)                                        \
      __asm__ volatile(EIGHT_ADDS(ins)::                                       \
                           : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",   \
                             "xmm6", "xmm7", "xmm8", "xmm9");                  \
    printf("%-16s %.2f cycles, %.2f with a vpaddd each\n", ins, alone,         \
           (now() - t0) / 8e7 / cycle);                                        \
  } while (0)

int main(void) {
  setup();
  double cycle = cycleTime(100000000);
  printf("core clock %.2f GHz\n", 1e-9 / cycle);
  COST("vpermt2b");
  COST("vpermb");
  COST("vpermw");
  COST("vpunpcklwd");
  COST("vpshufb");
  COST("vcvtne2ps2bf16");
  COST("vmulps");
  // The kernel's unpack order: permute each step's scales and expected
  // values the same way for the unpacking forms.
  float saved[4][16];
  int order[64];
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 16; j++) {
      int w = k / 2, high = k % 2, lane = j / 4, within = j % 4;
      order[16 * k + j] = 32 * w + 8 * lane + 4 * high + within;
    }
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 16; j++)
      saved[k][j] = scale[order[16 * k + j]];
  __m512 natural[4];
  for (int k = 0; k < 4; k++) {
    natural[k] = s[k];
    s[k] = _mm512_loadu_ps(saved[k]);
  }
  float *permuted = aligned_alloc(64, 4 * N);
  uint16_t *permutedB = aligned_alloc(64, 2 * N);
  for (int i = 0; i < N; i += 64)
    for (int j = 0; j < 64; j++) {
      permuted[i + j] = reff[i + order[j]];
      permutedB[i + j] = refb[i + order[j]];
    }
  void (*unpackF32[])(void) = {f32WordsUnpack};
  const char *unpackF32Names[] = {"f32 words+unpack"};
  void (*unpackB[])(void) = {bf16WordsUnpack};
  const char *unpackBNames[] = {"bf16 words+unpack"};
  int bad = checkAndTimeForms(unpackF32, unpackF32Names, 1, yf, permuted, N,
                              ROUNDS, 5.0);
  bad |= checkAndTimeElements(unpackB, unpackBNames, 1, yb, permutedB, N, 2,
                              ROUNDS, 3.0);
  for (int k = 0; k < 4; k++)
    s[k] = natural[k];
  void (*f32Forms[])(void) = {f32Dwords};
  const char *f32Names[] = {"f32 dwords"};
  void (*bForms[])(void) = {bf16Dwords, bf16WordsHalves};
  const char *bNames[] = {"bf16 dwords", "bf16 words+halves"};
  bad |= checkAndTimeForms(f32Forms, f32Names, 1, yf, reff, N, ROUNDS, 5.0);
  bad |= checkAndTimeElements(bForms, bNames, 2, yb, refb, N, 2, ROUNDS, 3.0);
  return bad;
}
