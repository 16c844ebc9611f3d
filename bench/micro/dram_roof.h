// The non-temporal roof of 1-byte x and 2-byte results shared by the 64 Mi
// microbenchmarks in this directory (blocked_dram.c, kernel_dram.c):
// header only, x86-64 with AVX2.
#ifndef QDQ_BENCH_MICRO_DRAM_ROOF_H
#define QDQ_BENCH_MICRO_DRAM_ROOF_H

#include <immintrin.h>
#include <stdint.h>

/// Widens `n` (a multiple of 32) bytes of `x` to 16 bits into `y` with
/// 32-byte non-temporal stores: the bytes a dequantization to f16 or bf16
/// reads and writes, and nothing else.
__attribute__((noinline)) static void
roofWidenNontemporal(const int8_t *x, uint16_t *y, long n) {
  for (long i = 0; i < n; i += 32) {
    __m256i v = _mm256_load_si256((const void *)(x + i));
    __m256i low = _mm256_cvtepi8_epi16(_mm256_castsi256_si128(v));
    __m256i high = _mm256_cvtepi8_epi16(_mm256_extracti128_si256(v, 1));
    _mm256_stream_si256((void *)(y + i), low);
    _mm256_stream_si256((void *)(y + i + 16), high);
  }
}

#endif // QDQ_BENCH_MICRO_DRAM_ROOF_H
