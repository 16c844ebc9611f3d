// What the conversion to bf16 and the per-tensor table's byte permutes cost
// on the core: the measurement behind getHostPerTensorBF16Table
// (lib/Conversion/QDQToVector/HostDefaults.cpp) and the notes on bf16
// results in bench/STATUS.md and bench/HISTORY.md (2026-12-07, Intel Xeon
// VM). Not part of the build or of any test:
//
//   clang-22 -O2 -march=native bench/micro/bf16_conversion.c \
//     -o /tmp/bf16_conversion
//   /tmp/bf16_conversion
//
// In core cycles per iteration (calibrated with a chain of dependent
// vpaddd, 1 cycle each), loops of 4 independent instructions:
//   - each conversion to bf16 (vcvtne2ps2bf16 and vcvtneps2bf16, 512- and
//     256-bit), vcvtps2ph for comparison, and the permutes the table
//     lookups use (vpermt2b, vpermt2w, vpermb, vpermw);
//   - 4 vcvtne2ps2bf16 zmm together with 4 instructions of a known pipe:
//     vpaddd (either vector pipe), vpermb (the shuffle pipe) and vpsrld
//     (the other): what they add to the conversions' time says which
//     pipes a conversion occupies, and for how long.
//
// x86-64 with AVX-512F/BW/VBMI and AVX512_BF16 only.
#include "micro_clock.h"
#include <stdio.h>

#define ITERS 20000000L

// zmm1 and zmm2 (the inputs) set to zero, so that no leftover value (a
// subnormal, say) changes the timing.
#define ZERO                                                                   \
  "vpxord %%zmm1,%%zmm1,%%zmm1\n\tvpxord %%zmm2,%%zmm2,%%zmm2\n\t" ::          \
      : "xmm1",                                                                \
        "xmm2"

#define FOUR(op) op(3) op(4) op(5) op(6)
#define FOUR_MORE(op) op(7) op(8) op(9) op(10)

#define VCVTNE2_ZMM(r) "vcvtne2ps2bf16 %%zmm1,%%zmm2,%%zmm" #r "\n\t"
#define VCVTNE_ZMM(r) "vcvtneps2bf16 %%zmm1,%%ymm" #r "\n\t"
#define VCVTNE2_YMM(r) "vcvtne2ps2bf16 %%ymm1,%%ymm2,%%ymm" #r "\n\t"
#define VCVTNE_YMM(r) "vcvtneps2bf16 %%ymm1,%%xmm" #r "\n\t"
#define VCVTPS2PH(r) "vcvtps2ph $4,%%zmm1,%%ymm" #r "\n\t"
// (The two-source permutes overwrite their first table: a copy of zmm2
// first keeps the iterations independent.)
#define VPERMT2B(r)                                                            \
  "vmovdqa64 %%zmm2,%%zmm" #r "\n\tvpermt2b %%zmm1,%%zmm2,%%zmm" #r "\n\t"
#define VPERMT2W(r)                                                            \
  "vmovdqa64 %%zmm2,%%zmm" #r "\n\tvpermt2w %%zmm1,%%zmm2,%%zmm" #r "\n\t"
#define VPERMB(r) "vpermb %%zmm1,%%zmm2,%%zmm" #r "\n\t"
#define VPERMW(r) "vpermw %%zmm1,%%zmm2,%%zmm" #r "\n\t"
#define VPADDD(r) "vpaddd %%zmm1,%%zmm2,%%zmm" #r "\n\t"
#define VPSRLD(r) "vpsrld $16,%%zmm1,%%zmm" #r "\n\t"

#define CLOBBERS "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10"

// Runs `body` ITERS times; returns core cycles per iteration.
#define CYCLES(body)                                                           \
  ({                                                                           \
    double t0 = now();                                                         \
    __asm__ volatile(ZERO);                                                    \
    for (long i = 0; i < ITERS; i++)                                           \
      __asm__ volatile(body ::: CLOBBERS);                                     \
    (now() - t0) / ITERS / cycle;                                              \
  })

int main(void) {
  double cycle = cycleTime(ITERS);
  printf("core clock %.2f GHz (a chain of dependent vpaddd)\n\n", 1e-9 / cycle);
  printf("4 x X, cycles per iteration\n");
#define ALONE(name, op) printf("  %-26s %6.2f\n", name, CYCLES(FOUR(op)));
  ALONE("vcvtne2ps2bf16 zmm", VCVTNE2_ZMM)
  ALONE("vcvtneps2bf16 zmm -> ymm", VCVTNE_ZMM)
  ALONE("vcvtne2ps2bf16 ymm", VCVTNE2_YMM)
  ALONE("vcvtneps2bf16 ymm -> xmm", VCVTNE_YMM)
  ALONE("vcvtps2ph zmm -> ymm", VCVTPS2PH)
  ALONE("vpermt2b zmm", VPERMT2B)
  ALONE("vpermt2w zmm", VPERMT2W)
  ALONE("vpermb zmm", VPERMB)
  ALONE("vpermw zmm", VPERMW)
  ALONE("vpaddd zmm", VPADDD)
  ALONE("vpsrld zmm", VPSRLD)
  double conversions = CYCLES(FOUR(VCVTNE2_ZMM));
  printf("\n4 x vcvtne2ps2bf16 zmm with 4 x X: cycles, added\n");
#define PAIR(name, op)                                                         \
  {                                                                            \
    double both = CYCLES(FOUR(VCVTNE2_ZMM) FOUR_MORE(op));                     \
    printf("  %-26s %6.2f %6.2f\n", name, both, both - conversions);           \
  }
  PAIR("vpaddd", VPADDD)
  PAIR("vpermb", VPERMB)
  PAIR("vpsrld", VPSRLD)
  return 0;
}
