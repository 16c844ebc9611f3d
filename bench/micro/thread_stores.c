// Where non-temporal stores start to pay with one and with two threads: the
// streaming roof of bench/ (read the input bytes, write the output bytes,
// 64 elements per block) with normal and with non-temporal stores, on one
// thread and split in two halves over two OpenMP threads, for the byte
// patterns of i8 -> f32 (1 B in, 4 B out), i16 -> f32 (2/4), i32 -> f16
// (4/2), i32 -> f32 (4/4), i8 -> f16 (1/2), i16 -> f16 (2/2) and i4 -> f32
// (1/2 B in, 4 out): written shares of 1/3 to 8/9, at element counts
// whose traffic (input plus output bytes, 12-64 MiB) spans the 32 MiB L3
// of the VMs this project runs on. The rule of --qdq-nontemporal-stores
// (a threshold proportional to the written share) comes from the
// crossovers of this run (2026-11-27 11:40 UTC, Zen 5).
// As in bench_dq, the same buffers are processed call after call. Not part
// of the build or of any test:
//
//   clang-22 -O2 -march=native -fopenmp bench/micro/thread_stores.c \
//       -o /tmp/ts && /tmp/ts
//
// Reported in GB/s of input + output bytes, best of 5 runs that each move
// about 4 GB (0.04-0.2 s).
//
// x86-64 with AVX2.
#include "micro_clock.h"
#include <immintrin.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Blocks b0..b1-1: inB bytes read (ORed together), outB bytes written. `nt`
// must be a constant where this is inlined: clang merges a stream store and
// a normal one in the two arms of a run-time branch into one normal store.
static inline __attribute__((always_inline)) void
roofBlocks(const unsigned char *in, unsigned char *out, long b0, long b1,
           int inB, int outB, int nt) {
  for (long b = b0; b < b1; b++) {
    const unsigned char *p = in + b * inB;
    __m256i acc = _mm256_load_si256((const __m256i *)p);
    for (int k = 32; k < inB; k += 32)
      acc = _mm256_or_si256(acc, _mm256_load_si256((const __m256i *)(p + k)));
    unsigned char *q = out + b * outB;
    for (int k = 0; k < outB; k += 32) {
      __m256i v = _mm256_add_epi64(acc, _mm256_set1_epi64x(k));
      if (nt)
        _mm256_stream_si256((__m256i *)(q + k), v);
      else
        _mm256_store_si256((__m256i *)(q + k), v);
    }
  }
  if (nt)
    _mm_sfence();
}

// Input blocks are 32 bytes or more here (packed 4-bit x: 32 bytes per
// block of 64, one 32-byte register).
static void part(const unsigned char *in, unsigned char *out, long b0, long b1,
                 int inB, int outB, int nt) {
  if (nt)
    roofBlocks(in, out, b0, b1, inB, outB, 1);
  else
    roofBlocks(in, out, b0, b1, inB, outB, 0);
}

static void roof(const unsigned char *in, unsigned char *out, long blocks,
                 int inB, int outB, int nt, int threads) {
  if (threads == 1) {
    part(in, out, 0, blocks, inB, outB, nt);
    return;
  }
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    long half = blocks / 2;
    part(in, out, t ? half : 0, t ? blocks : half, inB, outB, nt);
  }
}

// A 4096-aligned buffer of at least n bytes (aligned_alloc wants a multiple
// of the alignment).
static unsigned char *buffer(long n) {
  unsigned char *p = aligned_alloc(4096, (n + 4095) / 4096 * 4096);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  return p;
}

int main(void) {
  static const struct {
    const char *name;
    int inB, outB;
  } pats[] = {{"i8 -> f32", 64, 256},   {"i16 -> f32", 128, 256},
              {"i32 -> f16", 256, 128}, {"i32 -> f32", 256, 256},
              {"i8 -> f16", 64, 128},   {"i16 -> f16", 128, 128},
              {"i4 -> f32", 32, 256}};
  static const long mib[] = {12, 16, 20, 24, 28, 32, 40, 48, 64};
  for (unsigned p = 0; p < sizeof pats / sizeof *pats; p++) {
    int inB = pats[p].inB, outB = pats[p].outB;
    printf("%s (%d B in, %d B out per 64 elements)\n", pats[p].name, inB, outB);
    printf("  traffic   1T normal   1T nt   2T normal   2T nt   (GB/s)\n");
    for (unsigned s = 0; s < sizeof mib / sizeof *mib; s++) {
      long bytes = mib[s] << 20, blocks = bytes / (inB + outB);
      unsigned char *in = buffer(blocks * inB);
      unsigned char *out = buffer(blocks * outB);
      memset(in, 1, blocks * inB);
      memset(out, 0, blocks * outB);
      double gbs[4];
      for (int v = 0; v < 4; v++) {
        int threads = v < 2 ? 1 : 2, nt = v & 1;
        double moved = (double)blocks * (inB + outB), best = 1e30;
        long calls = (long)(4e9 / moved * (threads == 2 ? 2 : 1)) + 1;
        roof(in, out, blocks, inB, outB, nt, threads);
        for (int round = 0; round < 5; round++) {
          double t0 = now();
          for (long i = 0; i < calls; i++)
            roof(in, out, blocks, inB, outB, nt, threads);
          double t = (now() - t0) / calls;
          if (t < best)
            best = t;
        }
        gbs[v] = moved / best * 1e-9;
      }
      printf("  %4ld MiB  %9.1f  %6.1f  %10.1f  %6.1f\n", mib[s], gbs[0],
             gbs[1], gbs[2], gbs[3]);
      free(in);
      free(out);
    }
  }
  return 0;
}
