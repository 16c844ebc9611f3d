// Which 512-bit floating-point instructions take a microcode assist when an
// input is an f32 subnormal (denormal), with MXCSR's default (no
// denormals-are-zero): the measurement behind the note on bf16 x in
// bench/STATUS.md (2026-12-06, Intel Xeon VM). bf16 x has f32's exponent
// range: its nonzero codes of exponent field 0 (254 of the 65536) are f32
// subnormals, so about 12% of the steps of 32 random codes hold one, and
// KernelBuilder::TinyProducts' fma takes it as an input. The second part
// (2026-12-07) times normal inputs whose results are subnormal: whether
// those steps could drop their branch by rescaling x (`vgetmantps` and
// `vgetexpps` take no assist, and `vscalefps` could scale back).
// Not part of the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/denormal_inputs.c \
//     -o /tmp/denormal_inputs
//   /tmp/denormal_inputs
//
// Each loop reads 16 Ki f32 (L1/L2-resident), applies one instruction to
// each 16-lane vector with a normal second operand (2^40, or 2^-100 as the
// addend, or 40 as vscalefps' exponent) and stores the result; every
// result is a normal number (or f16/bf16 bits). Reported in ns per vector,
// best of 5 runs, with every input a subnormal and with every input
// normal: where the two agree, the instruction takes no assist.
//
// x86-64 with AVX-512F/DQ and AVX512_BF16 only.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>

#define N 16384
float a[N] __attribute__((aligned(64)));
float o[N] __attribute__((aligned(64)));

/// One timed loop: `expr` of each 16-lane vector v of a, with s and c
/// broadcast from `sValue` and `cValue`, stored to o.
#define LOOP_WITH(name, sValue, cValue, expr)                                  \
  __attribute__((noinline)) static void name(void) {                           \
    __m512 s = _mm512_set1_ps(sValue), c = _mm512_set1_ps(cValue);             \
    for (int i = 0; i < N; i += 16) {                                          \
      __m512 v = _mm512_load_ps(a + i);                                        \
      _mm512_store_ps(o + i, expr);                                            \
    }                                                                          \
  }
#define LOOP(name, expr) LOOP_WITH(name, 0x1p40f, 0x1p-100f, expr)

LOOP(mul, _mm512_mul_ps(v, s))
LOOP(fma, _mm512_fmadd_ps(v, s, c))
LOOP(add, _mm512_add_ps(v, c))
LOOP(scalef, _mm512_scalef_ps(v, _mm512_set1_ps(40.f)))
LOOP(getexp, _mm512_getexp_ps(v))
LOOP(getmant, _mm512_getmant_ps(v, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_src))
LOOP(range, _mm512_range_ps(v, c, 2))
LOOP(cvtph, _mm512_castsi512_ps(_mm512_castsi256_si512(_mm512_cvtps_ph(v, 4))))
LOOP(cvtbf, _mm512_castsi512_ps(
                _mm512_castsi256_si512((__m256i)_mm512_cvtneps_pbh(v))))

// Normal inputs (1 <= v < 2), subnormal results: times 2^-140, by a
// multiply, an fma and `vscalefps`; and `vscalefps` to a normal result
// (times 2^-100) for comparison.
#define TINY(name, expr) LOOP_WITH(name, 0x1p-140f, 0.f, expr)

TINY(mulTiny, _mm512_mul_ps(v, s))
TINY(fmaTiny, _mm512_fmadd_ps(v, s, c))
TINY(scalefTiny, _mm512_scalef_ps(v, _mm512_set1_ps(-140.f)))
TINY(scalefNormal, _mm512_scalef_ps(v, _mm512_set1_ps(-100.f)))

static void run(const char *name, void (*f)(void)) {
  void (*volatile call)(void) = f; // not inlined, not hoisted
  double best = 1e30;
  for (int round = 0; round < 5; round++) {
    double t0 = now();
    for (int k = 0; k < 2000; k++)
      call();
    double t = (now() - t0) / 2000;
    if (t < best)
      best = t;
  }
  printf("  %-13s %6.2f ns per vector\n", name, best / (N / 16) * 1e9);
}

int main(void) {
  for (int normal = 0; normal < 2; normal++) {
    for (int i = 0; i < N; i++) {
      uint32_t bits = normal ? 0x3F800000u + (uint32_t)i
                             : (uint32_t)(i * 977 % 0x7FFFFF) + 1;
      memcpy(a + i, &bits, 4);
    }
    printf("%s inputs\n", normal ? "normal" : "subnormal");
    run("vmulps", mul);
    run("vfmadd", fma);
    run("vaddps", add);
    run("vscalefps", scalef);
    run("vgetexpps", getexp);
    run("vgetmantps", getmant);
    run("vrangeps", range);
    run("vcvtps2ph", cvtph);
    run("vcvtneps2bf16", cvtbf);
  }
  for (int i = 0; i < N; i++) {
    uint32_t bits = 0x3F800000u + (uint32_t)i * 511;
    memcpy(a + i, &bits, 4);
  }
  printf("normal inputs, subnormal results (times 2^-140)\n");
  run("vmulps", mulTiny);
  run("vfmadd", fmaTiny);
  run("vscalefps", scalefTiny);
  printf("normal inputs, normal results (times 2^-100)\n");
  run("vscalefps", scalefNormal);
  return 0;
}
