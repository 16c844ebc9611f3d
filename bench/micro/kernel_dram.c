// The benchmark's qdq kernel for i8 blocked-32 -> f16 at 64 Mi, timed in
// turns with a non-temporal roof outside the benchmark harness (the
// companion of blocked_dram.c; bench/HISTORY.md, 2026-11-27 from 09:19
// UTC). Not part of the build or of any test:
//
//   scripts/bench.sh --full --filter '^i8_b32_f16_64Mi$' --no-ort \
//       --no-threads                 # compiles the kernel object
//   clang-22 -O2 -march=native bench/micro/kernel_dram.c \
//       build-bench/bench/obj/qdq_i8_b32_f16_64Mi.o -o /tmp/k
//   /tmp/k          # scales near 1, as blocked_dram.c has them
//   /tmp/k random   # random scale and zero-point bits, as the benchmark
//
// Prints the GB/s (1 B in, 2 B out) of each of 15 rounds and their median.
#include "dram_roof.h"
#include "kernel_result.h"
#include "micro_clock.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N (64L << 20)
#define ROUNDS 15

void _mlir_ciface_qdq_i8_b32_f16_64Mi(Memref2D *result, Memref2D *x,
                                      Memref2D *scale, Memref2D *zeroPoint);

static int8_t *xs, *zeroPoints;
static uint16_t *ys, *scales;
static Memref2D xRef, scaleRef, zeroPointRef;

static void roof(void) { roofWidenNontemporal(xs, ys, N); }

__attribute__((noinline)) static void kernel(void) {
  Memref2D result;
  kernelArmed = 1;
  _mlir_ciface_qdq_i8_b32_f16_64Mi(&result, &xRef, &scaleRef, &zeroPointRef);
  if (result.allocated != kernelResult) {
    fprintf(stderr, "the kernel did not take the result buffer\n");
    exit(1);
  }
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  int randomParameters = argc > 1 && strcmp(argv[1], "random") == 0;
  xs = aligned_alloc(4096, N);
  ys = aligned_alloc(4096, 2 * N);
  allocateKernelResult(2 * N);
  scales = aligned_alloc(4096, N / 32 * 2);
  zeroPoints = aligned_alloc(4096, N / 32);
  memset(ys, 0, 2 * N);
  for (long i = 0; i < N; i++)
    xs[i] = (int8_t)((i * 2654435761u) >> 13);
  for (long i = 0; i < N / 32; i++) {
    uint32_t h = (uint32_t)(i * 2654435761u);
    scales[i] =
        randomParameters ? (uint16_t)(h >> 7) : (uint16_t)(0x3C00 + (i & 255));
    zeroPoints[i] = (int8_t)(h >> 20);
  }
  xRef = (Memref2D){xs, xs, 0, {N / 4096, 4096}, {4096, 1}};
  scaleRef = (Memref2D){scales, scales, 0, {N / 4096, 128}, {128, 1}};
  zeroPointRef =
      (Memref2D){zeroPoints, zeroPoints, 0, {N / 4096, 128}, {128, 1}};
  void (*loops[])(void) = {roof, kernel};
  const char *names[] = {"roof, non-temporal stores", "qdq kernel"};
  double speeds[2][ROUNDS];
  for (int r = 0; r < ROUNDS; r++)
    for (int k = 0; k < 2; k++) {
      double t0 = now();
      loops[k]();
      speeds[k][r] = 3.0 * N / (now() - t0) / 1e9;
    }
  for (int k = 0; k < 2; k++) {
    printf("  %-26s", names[k]);
    for (int r = 0; r < ROUNDS; r++)
      printf(" %5.1f", speeds[k][r]);
    qsort(speeds[k], ROUNDS, sizeof(double), compare);
    printf("  median %.1f GB/s\n", speeds[k][ROUNDS / 2]);
  }
  return 0;
}
