// bf16 x -> bf16 results with a bf16 scale (no zero point) on `vdpbf16ps`
// (AVX512_BF16) and `vcvtuw2ph` (AVX512_FP16): a form measured and not
// built (bench/HISTORY.md, 2026-12-07). On the Intel Xeon VM a multiply or
// fma with a subnormal input or result takes a microcode assist
// (denormal_inputs.c), which the fma form of KernelBuilder::
// tinyProductsApart avoids with a branch per register. `vdpbf16ps` reads
// subnormal inputs as zero and flushes subnormal results without
// consulting MXCSR, and takes no assist. Its two bf16 products per f32
// lane are exact and each is added with one rounding, so with pairs
// (c, x) times (1.0, s) the lane is c + x * s rounded once:
//  - c = +-2^-126 (the sign of x * s) where |x * s| < 2^-126 (a bound of
//    the scale, as smallProductsOfX's): the sum is normal and on the f32
//    subnormal grid, and its bf16 rounding less 0x0080 is the
//    double-rounded subnormal, as in tinyProductsApart; else c = -0, which
//    keeps the sign of a -0 product;
//  - a subnormal x (m * 2^-133, read as 0) enters as m * 2^-112
//    (`vcvtuw2ph` of m, its bits shifted right by 3) against s * 2^-21
//    (+-0 below |s| = 2^-105, where x * s rounds to +-0 anyway; s itself
//    for an infinite or NaN s); x = +-0 takes that path too.
// A subnormal scale has no such form (the instruction reads it as 0).
// Part 2 also times the form built instead (KernelBuilder::
// tinyProductHalves): the fma form on even and odd f32 lanes.
//
// Part 1 checks every x code against a scalar reference for every bf16
// scale that is not subnormal (or every k-th, with an argument k). Part 2
// times the form on 64 Ki random codes (L2-resident, the benchmark's 64 Ki
// case), and a form that branches to it only for steps with a subnormal x,
// next to a copy of the same bytes. Part 3 times the instructions that
// bound it.
//
// Measured on the Intel Xeon VM (2026-12-07, about 08:00-08:30 UTC): part 1
// found no difference over the 65282 scales; part 2 ran the form at 27.7-
// 28.4 GB/s and the branching one at 25.4-30.2 (32.1 without subnormal
// x), against 98-101 for the copy, while the benchmark's kernel of the
// fma form ran at 27.0 (bf16 per tensor -> bf16 at 64 Ki, A/B of the form
// built into --convert-qdq-to-vector, 3 rounds: 0.92x over the 18 bf16 x
// -> bf16 kernels, 0.79-1.06x). Part 3: `vdpbf16ps`, `vcvtne2ps2bf16` and
// `vpermt2w` each take about 2 cycles per instruction on this core, and a
// step of 32 results needs two `vdpbf16ps`, one `vcvtne2ps2bf16` and two
// `vpermt2w` (in-place pairing with shifts and `vpternlogd` plus one
// `vpermw` instead: the same speed), about 7.5 cycles for those alone,
// where the 64 Ki roof allows 5.3. The even/odd fma form (08:40 and 08:45
// UTC) ran at 36-38 GB/s on the random codes and 40-42 without subnormal
// x.
//
// Not part of the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/bf16_dot_products.c -lm \
//     -o /tmp/bf16_dot_products
//   /tmp/bf16_dot_products [k]
//
// x86-64 with AVX512_BF16 and AVX512_FP16 only.
#include "avx2_bf16_rounding.h"
#include "micro_clock.h"
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static float fromBits(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}
static uint32_t bitsOf(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}
static float bf16(uint16_t v) { return fromBits((uint32_t)v << 16); }

/// f32 -> bf16, round to nearest even; NaN -> sign | 0x7fc0.
static uint16_t toBF16(float f) {
  if (isnan(f))
    return (uint16_t)(((bitsOf(f) >> 16) & 0x8000) | 0x7fc0);
  return roundToBF16(f);
}

/// The reference: bf16(f32(x * s)); the product of two bf16 values is
/// exact in double, and the cast rounds it once to f32.
static uint16_t reference(uint16_t x, uint16_t s) {
  float xf = bf16(x), sf = bf16(s);
  if (isnan(xf) || isnan(sf))
    return toBF16(xf * sf);
  return toBF16((float)((double)xf * (double)sf));
}

/// Per-scale constants of the form.
typedef struct {
  __m512i pairs;          // per dword: (hi: 1.0, lo: s)
  __m512i subnormalPairs; // (hi: 1.0, lo: s * 2^-21, +-0 or s)
  __m512i bound;          // words: |x| below it makes |x * s| < 2^-126
  __m512i tinySign;       // words: (sign of s) | 0x0080
  __m512i lowIndex;       // vpermt2w: (lo: x word i, hi: c word i)
  __m512i highIndex;      // the same for words 16 + i
} Form;

static Form formOf(uint16_t s) {
  Form f;
  float sf = bf16(s);
  uint32_t lo = 0, hi = 0x7f80; // smallest |x| code with |x * s| >= 2^-126
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (fabs((double)bf16((uint16_t)mid) * sf) < 0x1p-126)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (isnan(sf) || isinf(sf))
    lo = 0; // 0 * s is NaN: no lane is small
  int exponent = (s >> 7) & 0xff;
  uint32_t pairs = 0x3f800000u | s;
  uint32_t subnormalPairs = exponent == 0xff ? pairs
                            : exponent > 21  ? pairs - (21 << 7)
                                             : (pairs & 0xffff8000u);
  f.pairs = _mm512_set1_epi32((int)pairs);
  f.subnormalPairs = _mm512_set1_epi32((int)subnormalPairs);
  f.bound = _mm512_set1_epi16((short)lo);
  f.tinySign = _mm512_set1_epi16((short)((s & 0x8000) | 0x0080));
  short low[32], high[32];
  for (int i = 0; i < 16; i++) {
    low[2 * i] = (short)i, low[2 * i + 1] = (short)(32 + i);
    high[2 * i] = (short)(16 + i), high[2 * i + 1] = (short)(48 + i);
  }
  f.lowIndex = _mm512_loadu_si512(low);
  f.highIndex = _mm512_loadu_si512(high);
  return f;
}

/// 32 results from 32 x codes: the form KernelBuilder::dotProductsBF16
/// builds.
static inline __m512i step(const Form *f, __m512i x) {
  const __m512i sign = _mm512_set1_epi16((short)0x8000);
  __m512i magnitude = _mm512_andnot_si512(sign, x);
  __mmask32 small = _mm512_cmplt_epu16_mask(magnitude, f->bound);
  // Exponent field 0: subnormal x and +-0.
  __mmask32 subnormal = _mm512_testn_epi16_mask(x, _mm512_set1_epi16(0x7f80));
  // c: sign(x) ^ sign(s) | 2^-126 in the small lanes, else -0.
  __m512i c = _mm512_mask_blend_epi16(
      small, sign, _mm512_ternarylogic_epi32(x, sign, f->tinySign, 0x6a));
  // m * 2^-112 with x's sign: f16(m) bits >> 3.
  __m512i rebased =
      _mm512_srli_epi16(_mm512_castph_si512(_mm512_cvtepu16_ph(magnitude)), 3);
  __m512i operand = _mm512_mask_blend_epi16(
      subnormal, x, _mm512_ternarylogic_epi32(x, sign, rebased, 0xea));
  __m512 negativeZero = _mm512_set1_ps(-0.0f);
  __m512 low = _mm512_dpbf16_ps(
      negativeZero,
      (__m512bh)_mm512_permutex2var_epi16(operand, f->lowIndex, c),
      (__m512bh)_mm512_mask_blend_epi32((__mmask16)subnormal, f->pairs,
                                        f->subnormalPairs));
  __m512 high = _mm512_dpbf16_ps(
      negativeZero,
      (__m512bh)_mm512_permutex2var_epi16(operand, f->highIndex, c),
      (__m512bh)_mm512_mask_blend_epi32((__mmask16)(subnormal >> 16), f->pairs,
                                        f->subnormalPairs));
  __m512i y = (__m512i)_mm512_cvtne2ps_pbh(high, low);
  y = _mm512_mask_sub_epi16(y, small, y, _mm512_set1_epi16(0x0080));
  y = _mm512_min_epi16(y, _mm512_set1_epi16(0x7fc0));
  return _mm512_min_epu16(y, _mm512_set1_epi16((short)0xffc0));
}

/// Whether 32 codes hold a subnormal x: exponent field 0, not +-0.
static inline int holdsSubnormal(__m512i x) {
  __mmask32 nonZero = _mm512_test_epi16_mask(x, _mm512_set1_epi16(0x7fff));
  return _mm512_mask_testn_epi16_mask(nonZero, x, _mm512_set1_epi16(0x7f80)) !=
         0;
}

/// Without the subnormal x: their steps (kortest) take step().
static inline __m512i step3(const Form *f, __m512i x) {
  if (__builtin_expect(holdsSubnormal(x), 0))
    return step(f, x);
  const __m512i sign = _mm512_set1_epi16((short)0x8000);
  __m512i magnitude = _mm512_andnot_si512(sign, x);
  __mmask32 small = _mm512_cmplt_epu16_mask(magnitude, f->bound);
  __m512i c = _mm512_mask_blend_epi16(
      small, sign, _mm512_ternarylogic_epi32(x, sign, f->tinySign, 0x6a));
  __m512 negativeZero = _mm512_set1_ps(-0.0f);
  __m512 low = _mm512_dpbf16_ps(
      negativeZero, (__m512bh)_mm512_permutex2var_epi16(x, f->lowIndex, c),
      (__m512bh)f->pairs);
  __m512 high = _mm512_dpbf16_ps(
      negativeZero, (__m512bh)_mm512_permutex2var_epi16(x, f->highIndex, c),
      (__m512bh)f->pairs);
  __m512i y = (__m512i)_mm512_cvtne2ps_pbh(high, low);
  y = _mm512_mask_sub_epi16(y, small, y, _mm512_set1_epi16(0x0080));
  y = _mm512_min_epi16(y, _mm512_set1_epi16(0x7fc0));
  return _mm512_min_epu16(y, _mm512_set1_epi16((short)0xffc0));
}

/// The form built instead (KernelBuilder::tinyProductHalves): the fma form
/// of tinyProductsApart on even and odd f32 lanes (x << 16 and
/// x & 0xffff0000: no widening shuffle), one vcvtne2ps2bf16 for both and a
/// vpermw into element order; steps of a subnormal x take step() here
/// (the element-order fma steps in the lowering).
static inline __m512i evenOddStep(const Form *f, __m512i x, __m512 s,
                                  __m512i bound32, __m512i addend32,
                                  __m512i interleave) {
  if (__builtin_expect(holdsSubnormal(x), 0))
    return step(f, x);
  const __m512i sign = _mm512_set1_epi16((short)0x8000);
  __m512i magnitude = _mm512_andnot_si512(sign, x);
  const __m512i sign32 = _mm512_set1_epi32((int)0x80000000u);
  __m512i even = _mm512_slli_epi32(x, 16);
  __m512i odd = _mm512_and_si512(x, _mm512_set1_epi32((int)0xffff0000u));
  __mmask16 smallEven =
      _mm512_cmplt_epu32_mask(_mm512_andnot_si512(sign32, even), bound32);
  __mmask16 smallOdd =
      _mm512_cmplt_epu32_mask(_mm512_andnot_si512(sign32, odd), bound32);
  // c = sign(x) ^ sign(s) | 2^-126 in the small lanes, else +0.
  __m512i cEven =
      _mm512_maskz_ternarylogic_epi32(smallEven, even, sign32, addend32, 0x6a);
  __m512i cOdd =
      _mm512_maskz_ternarylogic_epi32(smallOdd, odd, sign32, addend32, 0x6a);
  __m512 rEven = _mm512_fmadd_ps((__m512)even, s, (__m512)cEven);
  __m512 rOdd = _mm512_fmadd_ps((__m512)odd, s, (__m512)cOdd);
  __m512i y = (__m512i)_mm512_cvtne2ps_pbh(rOdd, rEven);
  y = _mm512_mask_sub_epi16(y, _mm512_kunpackw(smallOdd, smallEven), y,
                            _mm512_set1_epi16(0x0080));
  y = _mm512_permutexvar_epi16(interleave, y);
  y = _mm512_min_epi16(y, _mm512_set1_epi16(0x7fc0));
  return _mm512_min_epu16(y, _mm512_set1_epi16((short)0xffc0));
}
#define N 65536
static uint16_t xs[N] __attribute__((aligned(64)));
static uint16_t ys[N] __attribute__((aligned(64)));
static uint16_t expected[N] __attribute__((aligned(64)));
static Form timed;

__attribute__((noinline)) static void dotForm(void) {
  for (int i = 0; i < N; i += 32)
    _mm512_store_si512(ys + i, step(&timed, _mm512_load_si512(xs + i)));
}
__attribute__((noinline)) static void branchForm(void) {
  for (int i = 0; i < N; i += 32)
    _mm512_store_si512(ys + i, step3(&timed, _mm512_load_si512(xs + i)));
}
static uint16_t timedScale;
__attribute__((noinline)) static void evenOddForm(void) {
  short order[32];
  for (int i = 0; i < 16; i++)
    order[2 * i] = (short)i, order[2 * i + 1] = (short)(16 + i);
  __m512i interleave = _mm512_loadu_si512(order);
  __m512 s = _mm512_set1_ps(bf16(timedScale));
  uint16_t bound =
      (uint16_t)_mm_extract_epi16(_mm512_castsi512_si128(timed.bound), 0);
  __m512i bound32 = _mm512_set1_epi32((int)((uint32_t)bound << 16));
  __m512i addend32 = _mm512_set1_epi32(
      (int)(((uint32_t)(timedScale & 0x8000) << 16) | 0x00800000u));
  for (int i = 0; i < N; i += 32)
    _mm512_store_si512(ys + i, evenOddStep(&timed, _mm512_load_si512(xs + i), s,
                                           bound32, addend32, interleave));
}
__attribute__((noinline)) static void copy(void) {
  for (int i = 0; i < N; i += 32)
    _mm512_store_si512(ys + i, _mm512_load_si512(xs + i));
}

// Part 3: 32 instructions per iteration on 16 registers (the accumulators
// of vdpbf16ps and the tables of vpermt2w are both operands and results:
// 16 chains), in core cycles per instruction.
#define ON16(ins)                                                              \
  ins "%%zmm2\n\t" ins "%%zmm3\n\t" ins "%%zmm4\n\t" ins "%%zmm5\n\t" ins      \
      "%%zmm6\n\t" ins "%%zmm7\n\t" ins "%%zmm8\n\t" ins "%%zmm9\n\t" ins      \
      "%%zmm10\n\t" ins "%%zmm11\n\t" ins "%%zmm12\n\t" ins "%%zmm13\n\t" ins  \
      "%%zmm14\n\t" ins "%%zmm15\n\t" ins "%%zmm16\n\t" ins "%%zmm17\n\t"
#define TIMED(name, ins)                                                       \
  __attribute__((noinline)) static void name(long n) {                         \
    __asm__ volatile(                                                          \
        "vpxord %%zmm0, %%zmm0, %%zmm0\n\t"                                    \
        "vpxord %%zmm1, %%zmm1, %%zmm1\n\t" ON16("vpxord %%zmm0, %%zmm0, ")::  \
            : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",  \
              "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",     \
              "xmm15", "xmm16", "xmm17");                                      \
    for (long i = 0; i < n; i++)                                               \
      __asm__ volatile(ON16(ins) ON16(ins)::                                   \
                           : "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",   \
                             "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",        \
                             "xmm13", "xmm14", "xmm15", "xmm16", "xmm17");     \
  }
TIMED(dotProducts, "vdpbf16ps %%zmm0, %%zmm1, ")
TIMED(conversions, "vcvtne2ps2bf16 %%zmm0, %%zmm1, ")
TIMED(permutes, "vpermt2w %%zmm0, %%zmm1, ")
TIMED(additions, "vpaddd %%zmm0, %%zmm1, ")

static void part3(void) {
  double cycle = cycleTime(20000000);
  struct {
    const char *name;
    void (*run)(long);
  } loops[] = {{"vdpbf16ps", dotProducts},
               {"vcvtne2ps2bf16", conversions},
               {"vpermt2w", permutes},
               {"vpaddd", additions}};
  for (int k = 0; k < 4; k++) {
    long n = 2000000;
    double t0 = now();
    loops[k].run(n);
    printf("part 3: %-16s %.2f cycles per instruction\n", loops[k].name,
           (now() - t0) / cycle / (n * 32.0));
  }
}

int main(int argc, char **argv) {
  int every = argc > 1 ? atoi(argv[1]) : 1;
  long scales = 0, wrong = 0;
  for (int i = 0; i < N; i++)
    xs[i] = (uint16_t)i;
  for (uint32_t s = 0; s < 65536; s++) {
    int exponent = (s >> 7) & 0xff;
    if ((exponent == 0 && (s & 0x7f)) || s % every)
      continue;
    Form f = formOf((uint16_t)s);
    for (int i = 0; i < N; i += 32)
      _mm512_store_si512(ys + i, step(&f, _mm512_load_si512(xs + i)));
    scales++;
    for (int i = 0; i < N; i++) {
      uint16_t r = reference((uint16_t)i, (uint16_t)s);
      // NaNs as NaNs: with x and s both NaN the sign is either's.
      int bothNaN = isnan(bf16(r)) && isnan(bf16(ys[i]));
      if (ys[i] != r && !bothNaN && wrong++ < 10)
        printf("s %04x x %04x: %04x, reference %04x\n", s, i, ys[i], r);
    }
  }
  printf("part 1: %ld scales x 65536 codes, %ld results differ\n", scales,
         wrong);

  uint64_t state = 88172645463325252ULL;
  for (int i = 0; i < N; i++) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    xs[i] = (uint16_t)state;
  }
  uint16_t s = 0x3b05; // 0.00203, in the benchmark's range of scales
  timed = formOf(s);
  timedScale = s;
  for (int i = 0; i < N; i++)
    expected[i] = reference(xs[i], s);
  void (*forms[])(void) = {dotForm, branchForm, evenOddForm};
  const char *names[] = {"dot products", "branch", "even/odd fma"};
  printf("part 2, random codes (s = 0x%04x):\n", s);
  if (checkAndTimeElements(forms, names, 3, ys, expected, N, 2, 20000, 4.0))
    return 1;
  // The same codes with exponent field 0 raised to 1: no subnormal x, so
  // the branch form never leaves its fast path.
  for (int i = 0; i < N; i++) {
    if (!(xs[i] & 0x7f80))
      xs[i] |= 0x0080;
    expected[i] = reference(xs[i], s);
  }
  printf("part 2, no subnormal x:\n");
  if (checkAndTimeElements(forms, names, 3, ys, expected, N, 2, 20000, 4.0))
    return 1;
  void (*copies[])(void) = {copy};
  const char *copyNames[] = {"copy"};
  memcpy(expected, xs, sizeof xs);
  if (checkAndTimeElements(copies, copyNames, 1, ys, expected, N, 2, 20000,
                           4.0))
    return 1;
  part3();
  return 0;
}
