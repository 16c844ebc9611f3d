// Timing helpers shared by the microbenchmarks in this directory (header
// only; each benchmark is one translation unit, see its header comment).
#ifndef QDQ_BENCH_MICRO_MICRO_CLOCK_H
#define QDQ_BENCH_MICRO_MICRO_CLOCK_H

#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

// Seconds per core cycle: `iterations` times 8 dependent 1-cycle vpaddd.
static double cycleTime(long iterations) {
  double t0 = now();
  for (long i = 0; i < iterations; i++)
    __asm__ volatile("vpaddd %%zmm0,%%zmm1,%%zmm1\n\t"
                     "vpaddd %%zmm0,%%zmm1,%%zmm1\n\t"
                     "vpaddd %%zmm0,%%zmm1,%%zmm1\n\t"
                     "vpaddd %%zmm0,%%zmm1,%%zmm1\n\t"
                     "vpaddd %%zmm0,%%zmm1,%%zmm1\n\t"
                     "vpaddd %%zmm0,%%zmm1,%%zmm1\n\t"
                     "vpaddd %%zmm0,%%zmm1,%%zmm1\n\t"
                     "vpaddd %%zmm0,%%zmm1,%%zmm1\n\t" ::
                         : "xmm0", "xmm1");
  return (now() - t0) / (iterations * 8.0);
}

// Runs each of `count` forms once and compares the `elements` results of
// `elementSize` bytes it wrote to `ys` bit for bit with `reference`; then
// times the forms in turn, three times, `rounds` calls each, and prints GB/s
// of `bytesPerElement` per element. Returns 1 (after printing the first
// difference) if a form differs, else 0.
static int checkAndTimeElements(void (*const forms[])(void),
                                const char *const names[], int count,
                                const void *ys, const void *reference,
                                int elements, size_t elementSize, long rounds,
                                double bytesPerElement) {
  for (int f = 0; f < count; f++) {
    memset((void *)ys, 0, elements * elementSize);
    forms[f]();
    for (int i = 0; i < elements; i++)
      if (memcmp((const char *)ys + i * elementSize,
                 (const char *)reference + i * elementSize, elementSize) != 0) {
        printf("%s: element %d differs\n", names[f], i);
        return 1;
      }
  }
  for (int repetition = 0; repetition < 3; repetition++)
    for (int f = 0; f < count; f++) {
      double t0 = now();
      for (long r = 0; r < rounds; r++) {
        forms[f]();
        __asm__ volatile("" ::"r"(ys) : "memory");
      }
      printf("%-16s %5.1f GB/s\n", names[f],
             (double)rounds * elements * bytesPerElement / (now() - t0) / 1e9);
    }
  return 0;
}

// checkAndTimeElements of f32 results.
static int checkAndTimeForms(void (*const forms[])(void),
                             const char *const names[], int count,
                             const float *ys, const float *reference,
                             int elements, long rounds,
                             double bytesPerElement) {
  return checkAndTimeElements(forms, names, count, ys, reference, elements,
                              sizeof(float), rounds, bytesPerElement);
}

#endif // QDQ_BENCH_MICRO_MICRO_CLOCK_H
