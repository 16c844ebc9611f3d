// Why bf16 x runs slowly in the benchmark: the per-tensor bf16 -> f16 loop
// of --convert-qdq-to-vector (per 32 elements: two vpmovzxwd, vpslld,
// vmulps and vcvtps2ph, one 64-byte store), on 64 Ki L2-resident
// elements, with x drawn three ways:
//   random bits     as bench_dq draws it: every bf16 code, so the
//                   products of the codes of exponent 0 to 9 (4% of them,
//                   in half of the 16-lane vectors) are f32 subnormals;
//   no subnormal x  the same with the codes of exponent 0 moved to 1 (x is
//                   never subnormal, many products still are);
//   x in 2^-63..2^63 exponents clamped to [64, 190]: no product is
//                   subnormal;
// and four loops: the kernel's, its multiply alone, its conversion alone,
// and the kernel's with vrangeps raising |x| to at least 2^-76 first,
// keeping its sign (x * scale then never underflows, and the f16 result of
// those lanes is +-0 either way): the cheapest way around the slow
// subnormal products, and why the lowering does not take it (it costs on
// data without subnormal products about as much as it saves on the random
// bits). As written it is not exact: vrangeps returns 2^-76 for a NaN x,
// which a lowering would have to restore (one more instruction).
// Reported in GB/s of x + y bytes (4 per element), best of 7 runs. Not part
// of the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/subnormal_products.c -o /tmp/sp
//   /tmp/sp
//
// x86-64 with AVX-512F/BW/DQ only.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>

#define N 65536
uint16_t x[N] __attribute__((aligned(64)));
uint16_t y[N] __attribute__((aligned(64)));

static uint64_t state = 88172645463325252ULL;
static uint16_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (uint16_t)state;
}

static inline __m512 widen(const uint16_t *p) {
  return _mm512_castsi512_ps(_mm512_slli_epi32(
      _mm512_cvtepu16_epi32(_mm256_load_si256((const void *)p)), 16));
}

static inline void store(uint16_t *p, __m256i lo, __m256i hi) {
  _mm512_store_si512((void *)p,
                     _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1));
}

__attribute__((noinline)) static void kernel(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  for (int i = 0; i < N; i += 32)
    store(y + i, _mm512_cvtps_ph(_mm512_mul_ps(widen(x + i), s), 4),
          _mm512_cvtps_ph(_mm512_mul_ps(widen(x + i + 16), s), 4));
}

__attribute__((noinline)) static void multiplyOnly(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  for (int i = 0; i < N; i += 32)
    _mm512_store_ps((float *)(y + i),
                    _mm512_or_ps(_mm512_mul_ps(widen(x + i), s),
                                 _mm512_mul_ps(widen(x + i + 16), s)));
}

__attribute__((noinline)) static void convertOnly(float scale) {
  (void)scale;
  for (int i = 0; i < N; i += 32)
    store(y + i, _mm512_cvtps_ph(widen(x + i), 4),
          _mm512_cvtps_ph(widen(x + i + 16), 4));
}

__attribute__((noinline)) static void withRange(float scale) {
  __m512 s = _mm512_set1_ps(scale);
  __m512 low = _mm512_castsi512_ps(_mm512_set1_epi32(0x19800000)); // 2^-76
  for (int i = 0; i < N; i += 32) {
    // imm 3: the larger magnitude (bits 1:0 = 11), with the sign of the
    // first operand (bits 3:2 = 00).
    __m512 a = _mm512_range_ps(widen(x + i), low, 3);
    __m512 b = _mm512_range_ps(widen(x + i + 16), low, 3);
    store(y + i, _mm512_cvtps_ph(_mm512_mul_ps(a, s), 4),
          _mm512_cvtps_ph(_mm512_mul_ps(b, s), 4));
  }
}

static void run(const char *name, void (*f)(float)) {
  void (*volatile call)(float) = f; // not inlined, not hoisted
  float scale = 0x1.c0p-9f;         // (128 + m) * 2^-(11 + e), as bench_dq
  double best = 1e30;
  for (int round = 0; round < 7; round++) {
    double t0 = now();
    for (int k = 0; k < 2000; k++)
      call(scale);
    double t = (now() - t0) / 2000;
    if (t < best)
      best = t;
  }
  printf("  %-28s %6.1f GB/s\n", name, N * 4.0 / best * 1e-9);
}

int main(void) {
  static const char *names[] = {"random bits", "no subnormal x",
                                "x in 2^-63..2^63"};
  for (int mode = 0; mode < 3; mode++) {
    for (int i = 0; i < N; i++) {
      uint16_t v = next();
      int e = (v >> 7) & 255;
      if (mode == 1 && e == 0)
        v |= 1 << 7;
      if (mode == 2 && e < 64)
        v = (uint16_t)((v & 0x807f) | (64 << 7));
      if (mode == 2 && e > 190 && e < 255)
        v = (uint16_t)((v & 0x807f) | (190 << 7));
      x[i] = v;
    }
    printf("%s\n", names[mode]);
    run("kernel", kernel);
    run("multiply only", multiplyOnly);
    run("conversion only", convertOnly);
    run("vrangeps + kernel", withRange);
  }
  return 0;
}
