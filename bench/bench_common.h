//===- bench_common.h - shared by the benchmark harness and its loops -----===//
//
// Element types, granularities, the deterministic scale / zero-point
// formulas (identical to bench/gen_kernels.py, which bakes them into the
// upstream kernels) and the interface of the clang-compiled loops
// (ref_loops.cpp: the plain C++ dequantization loops, which are also the
// reference every kernel is checked against, and the streaming roof).
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_BENCH_COMMON_H
#define QDQ_BENCH_COMMON_H

#include <cstdint>

namespace qdqbench {

enum XType : int {
  X_i2,
  X_ui2,
  X_i4,
  X_ui4,
  X_i8,
  X_ui8,
  X_i16,
  X_ui16,
  X_i32,
  X_ui32,
  X_f8E4M3FN,
  X_f8E4M3FNUZ,
  X_f8E5M2,
  X_f8E5M2FNUZ,
  X_f4E2M1FN,
  X_f16,
  X_bf16,
  X_count
};
enum YType : int { Y_f32, Y_f16, Y_bf16, Y_count };
enum Gran : int { G_PerTensor, G_PerAxis, G_Blocked, G_PerRow, G_count };

inline int xBits(XType x) {
  static const int bits[X_count] = {2,  2, 4, 4, 8, 8, 16, 16, 32,
                                    32, 8, 8, 8, 8, 4, 16, 16};
  return bits[x];
}
inline bool xIsInt(XType x) { return x <= X_ui32; }
inline bool xIsSigned(XType x) { return xIsInt(x) && (x % 2 == 0); }
inline int yBytes(YType y) { return y == Y_f32 ? 4 : 2; }

/// splitmix64 finalizer of v + golden ratio (gen_kernels.mix64).
inline uint64_t mix64(uint64_t v) {
  uint64_t z = v + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// Scale j as f32 bits: (128 + m) * 2^-(11 + e), exactly representable in
/// f32, f16 and bf16 (gen_kernels.scale_value).
inline uint32_t scaleF32Bits(uint64_t j) {
  uint64_t h = mix64(0x5CA1E0000000ULL + j);
  uint32_t m = 128 + (uint32_t)(h & 127);
  uint32_t e = (uint32_t)((h >> 7) & 7);
  // m * 2^-(11+e) = 1.f * 2^(7 - 11 - e): biased exponent 127 + 7 - 11 - e.
  return ((127u + 7u - 11u - e) << 23) | ((m - 128u) << 16);
}

/// f8E8M0FNU scale j (the mx set): scaleF32Bits(j) without its mantissa,
/// 2^-(4 + e), as its code 127 - 4 - e (gen_kernels.e8m0_scale_value).
inline uint8_t scaleE8M0Code(uint64_t j) {
  uint64_t h = mix64(0x5CA1E0000000ULL + j);
  return (uint8_t)(123u - (uint32_t)((h >> 7) & 7));
}

/// Zero point j of integer type x (gen_kernels.zero_point).
inline int64_t zeroPoint(XType x, uint64_t j) {
  uint64_t h = mix64(0x2E80000000ULL + j);
  int b = xBits(x);
  int64_t lo = xIsSigned(x) ? -(int64_t(1) << (b - 1)) : 0;
  int64_t hi =
      xIsSigned(x) ? (int64_t(1) << (b - 1)) - 1 : (int64_t(1) << b) - 1;
  return lo + (int64_t)((h >> 20) % (uint64_t)(hi - lo + 1));
}

/// Integer x of at most 16 bits has a zero point in the benchmark
/// (gen_kernels.has_zero_point).
inline bool hasZeroPoint(XType x) { return xIsInt(x) && xBits(x) <= 16; }

/// Arguments of a plain loop. x and the zero point are stored as the kernels
/// receive them (sub-byte packed, first element in the low bits; fp8 raw
/// bytes; f16/bf16 bits); the scale is f32 for f32 results, f16/bf16 bits
/// otherwise (scale type = result type), or f8E8M0FNU codes where `e8m0`
/// (blocked only); y is f32 or f16/bf16 bits.
/// per-tensor: n elements; per-axis: rows x cols with cols scales;
/// blocked: rows x cols with rows x (cols / block) scales.
struct LoopArgs {
  const uint8_t *x;
  const void *scale;
  const uint8_t *zp; // null when the case has no zero point
  void *y;
  int64_t n, rows, cols, block;
  bool e8m0;
};
using LoopFn = void (*)(const LoopArgs &);

/// The plain clang -O3 -march=native loop for (x, granularity, y).
LoopFn plainLoop(XType x, Gran g, YType y);

/// The streaming roof: reads inBytes and writes outBytes (each a multiple of
/// 16 per 64 elements: inPer64 in {16, 32, 64, 128, 256}, outPer64 in
/// {128, 256}), with 32-byte AVX2 loads/stores, normal or non-temporal.
/// Returns false when the byte pattern is not supported.
bool roof(const uint8_t *in, uint8_t *out, int64_t n, int inPer64, int outPer64,
          bool nonTemporal);

/// The roof on two threads (OpenMP, static halves), when built with
/// QDQ_BENCH_OPENMP; returns false otherwise.
bool roof2(const uint8_t *in, uint8_t *out, int64_t n, int inPer64,
           int outPer64, bool nonTemporal);

} // namespace qdqbench

#endif // QDQ_BENCH_COMMON_H
