// The bf16 rounding of finite f32 values (to nearest even, no NaN case)
// shared by the AVX2 bf16 microbenchmarks of this directory (header only;
// each benchmark is one translation unit, see its header comment).
#ifndef QDQ_BENCH_MICRO_AVX2_BF16_ROUNDING_H
#define QDQ_BENCH_MICRO_AVX2_BF16_ROUNDING_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

// The scalar reference: `v` rounded to bf16 bits.
static uint16_t roundToBF16(float v) {
  uint32_t b;
  memcpy(&b, &v, 4);
  return (uint16_t)((b + 0x7FFF + ((b >> 16) & 1)) >> 16);
}

// The f32 bits rounded at bit 16 (the bf16 in the high half).
static inline __m256i roundedBits(__m256 v) {
  __m256i b = _mm256_castps_si256(v);
  __m256i lsb =
      _mm256_and_si256(_mm256_srli_epi32(b, 16), _mm256_set1_epi32(1));
  return _mm256_add_epi32(_mm256_add_epi32(b, _mm256_set1_epi32(0x7FFF)), lsb);
}

#endif // QDQ_BENCH_MICRO_AVX2_BF16_ROUNDING_H
