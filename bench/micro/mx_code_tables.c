// MXFP8 (f8E4M3FN x, f8E8M0FNU scales, blocks of 32) -> f16: the kernel
// --qdq-to-llvm makes for it, with code tables (code-table-min-blocks=0) or
// without (-1), on ROWS rows of 4096 elements (16 by default: 64 Ki,
// 2048 blocks) whose blocks draw their scale codes from SPAN codes
// starting at LOW (the kernel built for the same shape), against a
// hand-written loop of the lookups with its tables built once. The
// measurement behind KernelBuilder::codeTables and the default of
// code-table-min-blocks (bench/HISTORY.md, session of 2026-12-06).
//
// The arithmetic widens the decoded bf16 bits to f32 (four interleaves per
// 64 codes), multiplies and narrows each 16 results with vcvtps2ph, which
// on Zen 4 shares its pipes with the shuffles. With a table of the 128
// codes' f16 results per scale code (two byte planes, the sign ORed in),
// a step of 64 codes of two blocks is a qword permute, two vpermi2b per
// block, one blend, one vpternlogd and two interleaves.
//
// Not part of the build or of any test (the kernel renamed so that its
// result goes to a buffer touched once, as in bench_dq):
//
//   k=/tmp/mx16
//   printf '%s\n' 'func.func @k(%x: tensor<16x4096xf8E4M3FN>,' \
//     '%s: tensor<16x128xf8E8M0FNU>) -> tensor<16x4096xf16>' \
//     'attributes {llvm.emit_c_interface} {' \
//     '%y = qdq.dequantize_linear %x, %s axis = 1 block_size = 32' \
//     ': (tensor<16x4096xf8E4M3FN>, tensor<16x128xf8E8M0FNU>)' \
//     '-> tensor<16x4096xf16>' \
//     'return %y : tensor<16x4096xf16>' '}' > $k.mlir
//   for m in 0 -1; do
//     build/bin/qdq-opt $k.mlir --qdq-to-llvm="code-table-min-blocks=$m" |
//       mlir-translate-22 --mlir-to-llvmir | llc-22 -O3 -mcpu=native \
//       -relocation-model=pic -filetype=obj -o $k.tmp.o
//     llvm-objcopy-22 --redefine-sym malloc=qdq_bench_malloc \
//       --redefine-sym free=qdq_bench_free $k.tmp.o $k$m.o
//     clang-22 -O2 -march=native -DLOW=107 -DSPAN=24 \
//       bench/micro/mx_code_tables.c $k$m.o -o /tmp/mx16-$m
//     /tmp/mx16-$m
//   done
//
// x86-64 with AVX-512F/BW, AVX512_VBMI and F16C only.
#include "kernel_result.h"
#include "micro_clock.h"
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef LOW
#define LOW 107
#endif
#ifndef SPAN
#define SPAN 24
#endif
#ifndef ROWS
#define ROWS 16
#endif
#define COLS 4096
#define BLOCK 32
#define N (ROWS * COLS)
#define NB (N / BLOCK)

void _mlir_ciface_k(Memref2D *result, Memref2D *x, Memref2D *scale);

// The kernel's result (kernelResult).
static uint16_t *kernelOut;

static uint8_t *x, *scales;
static uint16_t *y, *reference;
// Code e's table: the f16 results of codes 0-127 times 2^(e - 127), low
// bytes then high bytes.
static uint8_t tables[256][256] __attribute__((aligned(64)));

static float e4m3(unsigned c) {
  unsigned e = (c >> 3) & 15, m = c & 7;
  if (e == 15 && m == 7)
    return NAN;
  return e ? ldexpf(1.0f + m / 8.0f, (int)e - 7) : ldexpf(m / 8.0f, -6);
}

static float e8m0(unsigned code) {
  uint32_t bits = code == 255 ? 0x7FC00000u
                  : code == 0 ? 0x00400000u
                              : code << 23;
  float s;
  memcpy(&s, &bits, 4);
  return s;
}

static int isNaN16(uint16_t h) { return (h & 0x7C00) == 0x7C00 && (h & 0x3FF); }

static void kernel(void) {
  Memref2D xm = {x, x, 0, {ROWS, COLS}, {COLS, 1}};
  Memref2D sm = {scales, scales, 0, {ROWS, COLS / BLOCK}, {COLS / BLOCK, 1}};
  Memref2D r;
  kernelArmed = 1;
  _mlir_ciface_k(&r, &xm, &sm);
}

// The lookups of the code-table loop, per 64 codes (two blocks).
static void lookups(void) {
  const __m512i order = _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0);
  const __m512i signBit = _mm512_set1_epi8((char)0x80);
  const __mmask64 firstBlock = 0x00FF00FF00FF00FFULL;
  for (long i = 0; i < N; i += 64) {
    __m512i c = _mm512_permutexvar_epi64(order, _mm512_loadu_si512(x + i));
    const uint8_t *ta = tables[scales[i / BLOCK]];
    const uint8_t *tb = tables[scales[i / BLOCK + 1]];
    __m512i loA = _mm512_permutex2var_epi8(_mm512_load_si512(ta), c,
                                           _mm512_load_si512(ta + 64));
    __m512i hiA = _mm512_permutex2var_epi8(_mm512_load_si512(ta + 128), c,
                                           _mm512_load_si512(ta + 192));
    __m512i loB = _mm512_permutex2var_epi8(_mm512_load_si512(tb), c,
                                           _mm512_load_si512(tb + 64));
    __m512i hiB = _mm512_permutex2var_epi8(_mm512_load_si512(tb + 128), c,
                                           _mm512_load_si512(tb + 192));
    __m512i lo = _mm512_mask_blend_epi8(firstBlock, loB, loA);
    __m512i hi = _mm512_mask_blend_epi8(firstBlock, hiB, hiA);
    hi = _mm512_ternarylogic_epi32(hi, c, signBit, 0xF8); // hi | (c & 0x80)
    _mm512_storeu_si512(y + i, _mm512_unpacklo_epi8(lo, hi));
    _mm512_storeu_si512(y + i + 32, _mm512_unpackhi_epi8(lo, hi));
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
  for (long b = 0; b < NB; b++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    scales[b] = (uint8_t)(LOW + s % SPAN);
  }
  // The reference: the code's value times the scale in f32, rounded to f16
  // once (F16C).
  for (long i = 0; i < N; i++) {
    float v = e4m3(x[i] & 127);
    if (x[i] & 128)
      v = -v;
    reference[i] = (uint16_t)_cvtss_sh(v * e8m0(scales[i / BLOCK]), 0);
  }
  for (int code = 0; code < 256; code++)
    for (int c = 0; c < 128; c++) {
      uint16_t h = (uint16_t)_cvtss_sh(e4m3(c) * e8m0(code), 0);
      tables[code][c] = (uint8_t)h;
      tables[code][128 + c] = (uint8_t)(h >> 8);
    }
  // NaNs compare as NaNs (the tables give a negative code's NaN the sign).
  void (*const forms[])(void) = {kernel, lookups};
  const char *const names[] = {"kernel", "lookups"};
  uint16_t *const outs[] = {kernelOut, y};
  for (int f = 0; f < 2; f++) {
    forms[f]();
    for (long i = 0; i < N; i++)
      if (outs[f][i] != reference[i] &&
          !(isNaN16(outs[f][i]) && isNaN16(reference[i]))) {
        printf("%s: element %ld is %04x, not %04x\n", names[f], i, outs[f][i],
               reference[i]);
        return 1;
      }
  }
  printf("scale codes %d .. %d (%d blocks per code)\n", LOW, LOW + SPAN - 1,
         NB / SPAN);
  for (int r = 0; r < 3; r++)
    for (int f = 0; f < 2; f++) {
      double t0 = now();
      for (int k = 0; k < 200000; k++) {
        forms[f]();
        __asm__ volatile("" ::: "memory");
      }
      printf("%-8s %5.1f GB/s\n", names[f],
             200000.0 * N * 3 / (now() - t0) / 1e9);
    }
  return 0;
}
