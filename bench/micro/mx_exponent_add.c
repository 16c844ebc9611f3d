// MXFP8 (f8E4M3FN x, f8E8M0FNU scales, blocks of 32) -> bf16 without
// arithmetic, against the kernel --qdq-to-llvm makes for it: with a scale
// 2^k, x * 2^k is exact in bf16 for every code while k keeps the results
// normal (E4M3FN: k in [-117, 119]), so a step can look its codes up in
// byte planes of their bf16 bits (scale 1) and add k << 7 to the 16-bit
// results whose exponent is neither 0 (+-0) nor 255 (NaN). Per 64 codes:
// one qword permute, a vpermi2b per byte plane (128 entries: the 7 low
// bits; the sign is ORed into the high plane with one vpternlogd), two
// interleaves, and per 32 results an and, a test, a compare and a masked
// vpaddw with the block's broadcast k << 7.
//
// Not part of the build or of any test (the kernel renamed so that its
// result goes to a buffer touched once, as in bench_dq):
//
//   k=/tmp/mxk
//   printf '%s\n' 'func.func @k(%x: tensor<16x4096xf8E4M3FN>,' \
//     '%s: tensor<16x128xf8E8M0FNU>) -> tensor<16x4096xbf16>' \
//     'attributes {llvm.emit_c_interface} {' \
//     '%y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32' \
//     ': (tensor<16x4096xf8E4M3FN>, tensor<16x128xf8E8M0FNU>)' \
//     '-> tensor<16x4096xbf16>' \
//     'return %y : tensor<16x4096xbf16>' '}' > $k.mlir
//   build/bin/qdq-opt $k.mlir --qdq-to-llvm | mlir-translate-22 \
//     --mlir-to-llvmir | llc-22 -O3 -mcpu=native -relocation-model=pic \
//     -filetype=obj -o $k.tmp.o
//   llvm-objcopy-22 --redefine-sym malloc=qdq_bench_malloc \
//     --redefine-sym free=qdq_bench_free $k.tmp.o $k.o
//   clang-22 -O2 -march=native bench/micro/mx_exponent_add.c $k.o \
//     -o /tmp/mx-add
//   /tmp/mx-add
//
// x86-64 with AVX-512F/BW and AVX512_VBMI only.
#include "kernel_result.h"
#include "micro_clock.h"
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 16
#define COLS 4096
#define BLOCK 32
#define N (ROWS * COLS)
#define NB (N / BLOCK)

void _mlir_ciface_k(Memref2D *result, Memref2D *x, Memref2D *scale);

// The kernel's result (kernelResult).
static uint16_t *kernelOut;

static uint8_t *x, *scales;
static uint16_t *y, *reference;
static int16_t deltas[NB];
static uint8_t lowPlane[128], highPlane[128];

// bf16 bits of E4M3FN code c (c < 128; exact), NaN 0x7FC0.
static uint16_t e4m3ToBF16(unsigned c) {
  unsigned e = (c >> 3) & 15, m = c & 7;
  if (e == 15 && m == 7)
    return 0x7FC0;
  float v = e ? ldexpf(1.0f + m / 8.0f, (int)e - 7) : ldexpf(m / 8.0f, -6);
  uint32_t b;
  memcpy(&b, &v, 4);
  return (uint16_t)(b >> 16);
}

static void kernel(void) {
  Memref2D xm = {x, x, 0, {ROWS, COLS}, {COLS, 1}};
  Memref2D sm = {scales, scales, 0, {ROWS, COLS / BLOCK}, {COLS / BLOCK, 1}};
  Memref2D r;
  kernelArmed = 1;
  _mlir_ciface_k(&r, &xm, &sm);
}

static void exponentAdd(void) {
  const __m512i lo0 = _mm512_loadu_si512(lowPlane),
                lo1 = _mm512_loadu_si512(lowPlane + 64),
                hi0 = _mm512_loadu_si512(highPlane),
                hi1 = _mm512_loadu_si512(highPlane + 64);
  const __m512i order = _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0);
  const __m512i signBit = _mm512_set1_epi8((char)0x80);
  const __m512i expMask = _mm512_set1_epi16(0x7F80);
  for (long i = 0; i < N; i += 64) {
    __m512i c = _mm512_permutexvar_epi64(order, _mm512_loadu_si512(x + i));
    __m512i lo = _mm512_permutex2var_epi8(lo0, c, lo1);
    __m512i hi = _mm512_permutex2var_epi8(hi0, c, hi1);
    hi = _mm512_ternarylogic_epi32(hi, c, signBit, 0xF8); // hi | (c & 0x80)
    __m512i w[2] = {_mm512_unpacklo_epi8(lo, hi), _mm512_unpackhi_epi8(lo, hi)};
    for (int h = 0; h < 2; h++) {
      __m512i e = _mm512_and_si512(w[h], expMask);
      __mmask32 shift = _mm512_mask_cmpneq_epi16_mask(
          _mm512_test_epi16_mask(e, e), e, expMask);
      __m512i d = _mm512_set1_epi16(deltas[(i + 32 * h) / BLOCK]);
      _mm512_storeu_si512(y + i + 32 * h,
                          _mm512_mask_add_epi16(w[h], shift, w[h], d));
    }
  }
}

int main(void) {
  x = aligned_alloc(4096, N);
  scales = aligned_alloc(4096, NB);
  y = aligned_alloc(4096, N * 2);
  reference = aligned_alloc(4096, N * 2);
  kernelOut = allocateKernelResult((size_t)N * 2);
  uint64_t s = 88172645463325252ULL;
  for (long i = 0; i < N; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    x[i] = (uint8_t)s;
  }
  // E8M0 codes 127 + k, k in [-20, 3]: the scales of weights.
  for (long b = 0; b < NB; b++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    scales[b] = (uint8_t)(107 + s % 24);
    deltas[b] = (int16_t)((scales[b] - 127) * 128);
  }
  for (int c = 0; c < 128; c++) {
    lowPlane[c] = (uint8_t)e4m3ToBF16(c);
    highPlane[c] = (uint8_t)(e4m3ToBF16(c) >> 8);
  }
  // The reference: each code's value times 2^k in float, exact in bf16.
  for (long i = 0; i < N; i++) {
    uint16_t v = e4m3ToBF16(x[i] & 127) | (x[i] & 128) << 8;
    uint32_t b = (uint32_t)v << 16;
    float f;
    memcpy(&f, &b, 4);
    f = ldexpf(f, scales[i / BLOCK] - 127);
    memcpy(&b, &f, 4);
    reference[i] = (uint16_t)(b >> 16);
  }
  kernel();
  for (long i = 0; i < N; i++)
    if (kernelOut[i] != reference[i]) {
      printf("kernel: element %ld differs\n", i);
      return 1;
    }
  void (*const forms[])(void) = {exponentAdd};
  const char *const names[] = {"exponent add"};
  if (checkAndTimeElements(forms, names, 1, y, reference, N, 2, 200000, 3.0))
    return 1;
  for (int r = 0; r < 3; r++) {
    double t0 = now();
    for (int k = 0; k < 200000; k++)
      kernel();
    printf("%-16s %5.1f GB/s\n", "kernel",
           200000.0 * N * 3.0 / (now() - t0) / 1e9);
  }
  return 0;
}
