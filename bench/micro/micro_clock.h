// Timing helpers shared by the microbenchmarks in this directory (header
// only; each benchmark is one translation unit, see its header comment).
#ifndef QDQ_BENCH_MICRO_MICRO_CLOCK_H
#define QDQ_BENCH_MICRO_MICRO_CLOCK_H

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

#endif // QDQ_BENCH_MICRO_MICRO_CLOCK_H
