// Calling a kernel that --qdq-to-llvm compiled, from the microbenchmarks in
// this directory (header only): the 2-D memref descriptor of its C
// interface, and its calls to malloc/free, which the object's build renames
// qdq_bench_malloc/qdq_bench_free (llvm-objcopy --redefine-sym, as
// bench/compile_kernel.sh does), served so that its result goes to a
// buffer the micro allocated and touched once, as in bench_dq.
#ifndef QDQ_BENCH_MICRO_KERNEL_RESULT_H
#define QDQ_BENCH_MICRO_KERNEL_RESULT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// A 2-D memref descriptor as the kernel's C interface takes it.
typedef struct {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Memref2D;

/// The buffer the next armed call's result goes to, and the result's bytes.
static void *kernelResult;
static size_t kernelResultBytes;
/// Set before each call: its one allocation of the result's size (and up
/// to 4 KiB of alignment padding) takes kernelResult; others (a kernel's
/// temporaries, such as the code tables) go to malloc.
static int kernelArmed;

/// Allocates the result buffer for results of `bytes` bytes (4096-aligned,
/// touched once) and returns it.
static void *allocateKernelResult(size_t bytes) {
  kernelResult = aligned_alloc(4096, bytes + 4096);
  kernelResultBytes = bytes;
  memset(kernelResult, 0, bytes + 4096);
  return kernelResult;
}

void *qdq_bench_malloc(size_t n) {
  if (kernelArmed && n >= kernelResultBytes && n <= kernelResultBytes + 4096) {
    kernelArmed = 0;
    return kernelResult;
  }
  return malloc(n);
}

void qdq_bench_free(void *p) {
  if (p != kernelResult)
    free(p);
}

#endif // QDQ_BENCH_MICRO_KERNEL_RESULT_H
