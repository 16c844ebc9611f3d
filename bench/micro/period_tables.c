// Where i8 per-axis C=4096 -> f32 loses against per-axis C=64: hand-written
// versions of the period-tile loop of --convert-qdq-to-vector (four rows of
// x [R, 4096] per column step, the step's 64 scales and zero points read
// once for the four rows), on the benchmark's 64 Ki (R = 16, L2-resident)
// and 4 Mi (R = 1024) shapes, buffers 4096-aligned as bench_dq allocates
// them. Not part of the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/period_tables.c -o /tmp/pt
//   /tmp/pt
//
// Variants, all with the same instructions per step (vpmovsxbd, vpsubd,
// vcvtdq2ps, vmulps, 64-byte stores; per step of 4 x 64 elements, 4 scale
// loads and 4 vpmovsxbd of zero points):
//   tiles        the kernel's order: tiles of 4 rows, each over all 4096
//                columns (a table entry is read again after 4 rows, 80 KiB
//                of x and y later: it has left the 32 KiB L1 by then);
//   tables/N     the same loop reading the tables at column mod N (wrong
//                results, the access pattern only): tables that stay in L1;
//   C=64         the same loop over x [R * 64, 64] (tables of one step, as
//                per-axis C=64 runs);
//   bands        bands of 16 rows, each in strips of 512 columns, tiles of
//                4 rows inside a strip (a strip's 2.5 KiB of tables stays in
//                L1 for the band);
//   rows         one row at a time, the tables read for every row.
// Reported in GB/s of x + y bytes (5 per element), best of 7 runs of about
// 0.3 s each.
//
// x86-64 with AVX-512F/BW only.
#include "micro_clock.h"
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C 4096

// One step: rows r..r+rows-1 of x, columns c..c+63, table columns t..t+63.
static inline __attribute__((always_inline)) void
step(const signed char *x, const float *s, const signed char *z, float *y,
     long stride, long r, int rows, long c, long t) {
  __m512i z0 = _mm512_cvtepi8_epi32(_mm_loadu_si128((const void *)(z + t)));
  __m512i z1 =
      _mm512_cvtepi8_epi32(_mm_loadu_si128((const void *)(z + t + 16)));
  __m512i z2 =
      _mm512_cvtepi8_epi32(_mm_loadu_si128((const void *)(z + t + 32)));
  __m512i z3 =
      _mm512_cvtepi8_epi32(_mm_loadu_si128((const void *)(z + t + 48)));
  __m512 s0 = _mm512_loadu_ps(s + t), s1 = _mm512_loadu_ps(s + t + 16);
  __m512 s2 = _mm512_loadu_ps(s + t + 32), s3 = _mm512_loadu_ps(s + t + 48);
  for (int k = 0; k < rows; k++) {
    const signed char *xp = x + (r + k) * stride + c;
    float *yp = y + (r + k) * stride + c;
#define ONE(i, zi, si)                                                         \
  _mm512_store_ps(yp + 16 * i,                                                 \
                  _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_sub_epi32(           \
                                    _mm512_cvtepi8_epi32(_mm_loadu_si128(      \
                                        (const void *)(xp + 16 * i))),         \
                                    zi)),                                      \
                                si))
    ONE(0, z0, s0);
    ONE(1, z1, s1);
    ONE(2, z2, s2);
    ONE(3, z3, s3);
#undef ONE
  }
}

typedef struct {
  const signed char *x, *z;
  const float *s;
  float *y;
  long rows;
} Args;

static long tableMask = C - 1;

static void tiles(const Args *a) {
  for (long r = 0; r < a->rows; r += 4)
    for (long c = 0; c < C; c += 64)
      step(a->x, a->s, a->z, a->y, C, r, 4, c, c & tableMask);
}

static void periodOne(const Args *a) {
  for (long r = 0; r < a->rows * (C / 64); r += 4)
    step(a->x, a->s, a->z, a->y, 64, r, 4, 0, 0);
}

static void bands(const Args *a) {
  for (long b = 0; b < a->rows; b += 16)
    for (long w = 0; w < C; w += 512)
      for (long r = b; r < b + 16 && r < a->rows; r += 4)
        for (long c = w; c < w + 512; c += 64)
          step(a->x, a->s, a->z, a->y, C, r, 4, c, c);
}

static void rows(const Args *a) {
  for (long r = 0; r < a->rows; r++)
    for (long c = 0; c < C; c += 64)
      step(a->x, a->s, a->z, a->y, C, r, 1, c, c);
}

static void run(const char *name, void (*f)(const Args *), const Args *a) {
  double bytes = a->rows * (double)C * 5, best = 1e30;
  long calls = (long)(1.5e9 / bytes) + 1;
  for (int round = 0; round < 7; round++) {
    double t0 = now();
    for (long i = 0; i < calls; i++)
      f(a);
    double t = (now() - t0) / calls;
    if (t < best)
      best = t;
  }
  printf("  %-12s %6.1f GB/s\n", name, bytes / best * 1e-9);
}

int main(void) {
  static const long sizes[] = {16, 1024};
  for (int i = 0; i < 2; i++) {
    long r = sizes[i];
    Args a = {aligned_alloc(4096, r * C), aligned_alloc(4096, C),
              aligned_alloc(4096, C * 4), aligned_alloc(4096, r * C * 4), r};
    memset((void *)a.x, 3, r * C);
    memset(a.y, 0, r * C * 4);
    for (int c = 0; c < C; c++) {
      ((signed char *)a.z)[c] = (signed char)c;
      ((float *)a.s)[c] = 0.5f + c;
    }
    printf("x [%ld, %d] i8 -> f32 (%s)\n", r, C, r == 16 ? "64 Ki" : "4 Mi");
    tableMask = C - 1;
    run("tiles", tiles, &a);
    tableMask = 1023;
    run("tables/1024", tiles, &a);
    tableMask = 255;
    run("tables/256", tiles, &a);
    run("C=64", periodOne, &a);
    run("bands", bands, &a);
    run("rows", rows, &a);
  }
  return 0;
}
