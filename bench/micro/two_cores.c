// Whether the VM's two vCPUs give two cores' worth of arithmetic: eight
// independent 256-bit FMA chains in registers (no memory traffic), on one
// thread, then the same work on each of two OpenMP threads at once. A ratio
// near 2 says the second thread of a two-thread kernel has a whole core; a
// kernel that gains less from it loses in the memory system (the two cores'
// misses to the shared L3 and DRAM), not in the core. Not part of the build
// or of any test:
//
//   clang-22 -O2 -march=native -fopenmp bench/micro/two_cores.c \
//       -o /tmp/two_cores && /tmp/two_cores
//
// Needs AVX2 and FMA.

#include <immintrin.h>
#include <omp.h>
#include <stdio.h>

static float fmaChains(long iterations) {
  __m256 chain[8];
  for (int i = 0; i < 8; ++i)
    chain[i] = _mm256_set1_ps(1.0f + i);
  const __m256 factor = _mm256_set1_ps(0.999999f);
  const __m256 addend = _mm256_set1_ps(1e-7f);
  for (long n = 0; n < iterations; ++n)
    for (int i = 0; i < 8; ++i)
      chain[i] = _mm256_fmadd_ps(chain[i], factor, addend);
  __m256 sum = chain[0];
  for (int i = 1; i < 8; ++i)
    sum = _mm256_add_ps(sum, chain[i]);
  float lanes[8];
  _mm256_storeu_ps(lanes, sum);
  return lanes[0];
}

int main(void) {
  const long iterations = 400000000;
  volatile float sink;
  for (int run = 0; run < 3; ++run) {
    double start = omp_get_wtime();
    sink = fmaChains(iterations);
    double one = omp_get_wtime() - start;
    start = omp_get_wtime();
#pragma omp parallel num_threads(2)
    {
      float result = fmaChains(iterations);
#pragma omp critical
      sink = result;
    }
    double two = omp_get_wtime() - start;
    printf("one thread %.3f s, two threads (the same work each) %.3f s: "
           "%.2fx the throughput\n",
           one, two, 2 * one / two);
  }
  (void)sink;
  return 0;
}
