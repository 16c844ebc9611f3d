// Packed 2- and 4-bit x -> f32 per tensor on AVX2 (no AVX-512): the
// arithmetic against f32 table lookups, on 64 Ki L2-resident codes. The
// measurement behind LookupTable::f32Entries (4-entry tables of 2-bit x
// with vpermilps; 4-bit x in arithmetic) in --convert-qdq-to-vector
// (bench/HISTORY.md, session of 2026-11-28 from 04:08 UTC). Not part of the
// build or of any test:
//
//   clang-22 -O2 -march=x86-64-v3 bench/micro/avx2_f32_tables.c -o /tmp/t
//   /tmp/t
//
// Every form copies each result's byte into its i32 lane with one vpshufb
// of the 16 bytes broadcast to both 128-bit lanes and a per-lane shift
// (the lowering's qdq.unpack_bits), then:
// - arith: masks (or sign-extends) the code, subtracts the zero point,
//   converts and multiplies;
// - 4-bit vpermps: two vpermps of the 16 results (low 3 bits) and a blend
//   on bit 3 shifted to the sign;
// - 2-bit vpermps / vpermilps: one lookup of the results (8 entries, each
//   of the 4 twice, or the 4 repeated in both 128-bit lanes).
// Each form is checked against a scalar loop before it is timed; GB/s of
// 0.5 or 0.25 B in and 4 B out per element, three repetitions.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#define N (1 << 16)
#define ROUNDS 20000
static uint8_t xs[N / 2] __attribute__((aligned(64)));
static float ys[N] __attribute__((aligned(64)));
static float ref4[N], ref2[N];
static const float scale = 0.0038757f;
static const int zp4 = 13, zp2 = 1;
static float tab4[16] __attribute__((aligned(32))),
    tab2[8] __attribute__((aligned(32)));

static __m256i copyMask(int k, int bits) {
  char c[32];
  for (int j = 0; j < 32; j++) {
    int lane = j / 4, code = 8 * k + lane;
    c[j] = j % 4 ? -1 : (char)(code * bits / 8);
  }
  return _mm256_loadu_si256((const void *)c);
}
static __m256i shifts(int bits) {
  int s[8];
  for (int l = 0; l < 8; l++)
    s[l] = (l * bits) % 8;
  return _mm256_loadu_si256((const void *)s);
}

// Runs BODY for each register of 8 results: per 16-byte window of codes
// (broadcast to both 128-bit lanes), each register's `fields` (one vpshufb
// copying each result's byte into its i32 lane) and `out`, where its
// results go.
#define FOR_EACH_REGISTER(bits, BODY)                                          \
  __m256i copy[16 / (bits)];                                                   \
  for (int k = 0; k < 16 / (bits); k++)                                        \
    copy[k] = copyMask(k, bits);                                               \
  for (int i = 0; i < N; i += 128 / (bits)) {                                  \
    __m256i v = _mm256_broadcastsi128_si256(                                   \
        _mm_loadu_si128((const void *)(xs + i * (bits) / 8)));                 \
    for (int k = 0; k < 16 / (bits); k++) {                                    \
      __m256i fields = _mm256_shuffle_epi8(v, copy[k]);                        \
      float *out = ys + i + 8 * k;                                             \
      BODY                                                                     \
    }                                                                          \
  }

static inline __m256 scaled(__m256i codes, __m256i zp) {
  return _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(codes, zp)),
                       _mm256_set1_ps(scale));
}

__attribute__((noinline)) static void arith4(void) {
  __m256i shift = shifts(4), low4 = _mm256_set1_epi32(15),
          zp = _mm256_set1_epi32(zp4);
  FOR_EACH_REGISTER(4, {
    __m256i d = _mm256_and_si256(_mm256_srlv_epi32(fields, shift), low4);
    _mm256_storeu_ps(out, scaled(d, zp));
  })
}
__attribute__((noinline)) static void table4(void) {
  __m256i shift = shifts(4);
  __m256 lo = _mm256_load_ps(tab4), hi = _mm256_load_ps(tab4 + 8);
  FOR_EACH_REGISTER(4, {
    __m256i d = _mm256_srlv_epi32(fields, shift);
    __m256 a = _mm256_permutevar8x32_ps(lo, d);
    __m256 b = _mm256_permutevar8x32_ps(hi, d);
    __m256 m = _mm256_castsi256_ps(_mm256_slli_epi32(d, 28));
    _mm256_storeu_ps(out, _mm256_blendv_ps(a, b, m));
  })
}
__attribute__((noinline)) static void arith2(void) {
  int sh[8];
  for (int l = 0; l < 8; l++)
    sh[l] = 30 - (l * 2) % 8;
  __m256i shift = _mm256_loadu_si256((const void *)sh),
          zp = _mm256_set1_epi32(zp2);
  FOR_EACH_REGISTER(2, {
    __m256i d = _mm256_srai_epi32(_mm256_sllv_epi32(fields, shift), 30);
    _mm256_storeu_ps(out, scaled(d, zp));
  })
}
__attribute__((noinline)) static void table2(void) {
  __m256i shift = shifts(2);
  __m256 t = _mm256_load_ps(tab2);
  FOR_EACH_REGISTER(2, {
    __m256i d = _mm256_srlv_epi32(fields, shift);
    _mm256_storeu_ps(out, _mm256_permutevar8x32_ps(t, d));
  })
}
// One vpermilps per register: the 4 entries repeated in both 128-bit
// lanes, read with the low 2 bits of each index.
__attribute__((noinline)) static void table2il(void) {
  __m256i shift = shifts(2);
  __m256 t = _mm256_setr_ps(tab2[0], tab2[1], tab2[2], tab2[3], tab2[0],
                            tab2[1], tab2[2], tab2[3]);
  FOR_EACH_REGISTER(2, {
    __m256i d = _mm256_srlv_epi32(fields, shift);
    _mm256_storeu_ps(out, _mm256_permutevar_ps(t, d));
  })
}

int main(void) {
  for (int i = 0; i < N / 2; i++)
    xs[i] = (uint8_t)(i * 37 + 11);
  for (int c = 0; c < 16; c++)
    tab4[c] = (float)(c - zp4) * scale;
  for (int c = 0; c < 8; c++)
    tab2[c] = (float)(((c & 3) ^ 2) - 2 - zp2) * scale;
  for (int i = 0; i < N; i++) {
    ref4[i] = (float)(((xs[i / 2] >> (4 * (i & 1))) & 15) - zp4) * scale;
    int c = (xs[i / 4] >> (2 * (i & 3))) & 3;
    ref2[i] = (float)(((c ^ 2) - 2) - zp2) * scale;
  }
  void (*const f4[])(void) = {arith4, table4};
  const char *const n4[] = {"4-bit arith", "4-bit vpermps"};
  if (checkAndTimeForms(f4, n4, 2, ys, ref4, N, ROUNDS, 4.5))
    return 1;
  void (*const f2[])(void) = {arith2, table2, table2il};
  const char *const n2[] = {"2-bit arith", "2-bit vpermps", "2-bit vpermilps"};
  return checkAndTimeForms(f2, n2, 3, ys, ref2, N, ROUNDS, 4.25);
}
