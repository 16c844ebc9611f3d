//===- ref_loops.cpp - plain C++ dequantization loops and the roof --------===//
//
// Built with clang-22 -O3 -march=native (bench/CMakeLists.txt). Two things:
//
// * The plain loops: y = (x - zero_point) * scale written the obvious way,
//   one template per x type x granularity x result type, with the qdq
//   numerics (README "Numerics"): integer difference exact, converted to f32
//   once, multiplied by the f32 scale, rounded once (to nearest even) to the
//   result type; fp8/fp4 decoded from their bits; sub-byte elements read as
//   `(x[i / 2] >> 4 * (i % 2)) & 15` and sign-extended. They are the "clang
//   loop" baseline and the reference the generated kernels are compared
//   with (they are themselves checked against the project's Python
//   reference, bench/check_samples.py).
//
// * The streaming roof: a loop that reads the input bytes and writes the
//   output bytes of a case and nothing else (32-byte AVX2 accesses, the
//   stored data depending on the loaded data), with normal or non-temporal
//   stores.
//
//===----------------------------------------------------------------------===//

#include "bench_common.h"

#include <algorithm>
#include <cstring>
#include <immintrin.h>

using namespace qdqbench;

namespace {

inline float bitsToFloat(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline uint32_t floatToBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

//===----------------------------------------------------------------------===//
// Reading x and the zero point
//===----------------------------------------------------------------------===//

/// Element i of a packed sub-byte / byte / wider integer array, as an int64
/// (sign- or zero-extended).
template <XType X> inline int64_t loadInt(const uint8_t *p, int64_t i) {
  if constexpr (X == X_i2 || X == X_ui2) {
    int v = (p[i >> 2] >> (2 * (i & 3))) & 3;
    return X == X_i2 ? (v ^ 2) - 2 : v;
  } else if constexpr (X == X_i4 || X == X_ui4) {
    int v = (p[i >> 1] >> (4 * (i & 1))) & 15;
    return X == X_i4 ? (v ^ 8) - 8 : v;
  } else if constexpr (X == X_i8) {
    return ((const int8_t *)p)[i];
  } else if constexpr (X == X_ui8) {
    return p[i];
  } else if constexpr (X == X_i16) {
    return ((const int16_t *)p)[i];
  } else if constexpr (X == X_ui16) {
    return ((const uint16_t *)p)[i];
  } else if constexpr (X == X_i32) {
    return ((const int32_t *)p)[i];
  } else {
    static_assert(X == X_ui32);
    return ((const uint32_t *)p)[i];
  }
}

/// fp8 / fp4 code -> f32, exactly; NaN -> sign | 0x7FC00000 (the fnuz NaN
/// 0x80 -> 0x7FC00000).
template <XType X> inline float decodeSmallFloat(uint32_t c) {
  uint32_t sign, e, m;
  if constexpr (X == X_f8E4M3FN) {
    sign = (c >> 7) << 31, e = (c >> 3) & 15, m = c & 7;
    if ((c & 0x7F) == 0x7F)
      return bitsToFloat(sign | 0x7FC00000u);
    float v = e == 0 ? (float)m * 0x1p-9f
                     : bitsToFloat(((e - 7 + 127) << 23) | (m << 20));
    return bitsToFloat(floatToBits(v) | sign);
  } else if constexpr (X == X_f8E4M3FNUZ) {
    if (c == 0x80)
      return bitsToFloat(0x7FC00000u);
    sign = (c >> 7) << 31, e = (c >> 3) & 15, m = c & 7;
    float v = e == 0 ? (float)m * 0x1p-10f
                     : bitsToFloat(((e - 8 + 127) << 23) | (m << 20));
    return bitsToFloat(floatToBits(v) | sign);
  } else if constexpr (X == X_f8E5M2) {
    sign = (c >> 7) << 31, e = (c >> 2) & 31, m = c & 3;
    if (e == 31)
      return bitsToFloat(m == 0 ? (sign | 0x7F800000u) : (sign | 0x7FC00000u));
    float v = e == 0 ? (float)m * 0x1p-16f
                     : bitsToFloat(((e - 15 + 127) << 23) | (m << 21));
    return bitsToFloat(floatToBits(v) | sign);
  } else if constexpr (X == X_f8E5M2FNUZ) {
    if (c == 0x80)
      return bitsToFloat(0x7FC00000u);
    sign = (c >> 7) << 31, e = (c >> 2) & 31, m = c & 3;
    float v = e == 0 ? (float)m * 0x1p-17f
                     : bitsToFloat(((e - 16 + 127) << 23) | (m << 21));
    return bitsToFloat(floatToBits(v) | sign);
  } else {
    static_assert(X == X_f4E2M1FN);
    sign = ((c >> 3) & 1) << 31, e = (c >> 1) & 3, m = c & 1;
    float v = e == 0 ? (float)m * 0.5f
                     : bitsToFloat(((e - 1 + 127) << 23) | (m << 22));
    return bitsToFloat(floatToBits(v) | sign);
  }
}

inline float halfToFloat(uint16_t h) {
  _Float16 v;
  std::memcpy(&v, &h, 2);
  return (float)v;
}

/// x[i] - zp as f32, the zero point (when the type has one) given already
/// read as an integer.
template <XType X> inline float diff(const uint8_t *x, int64_t i, int64_t zp) {
  if constexpr (X <= X_ui16) {
    return (float)(int32_t)(loadInt<X>(x, i) - zp);
  } else if constexpr (X == X_i32) {
    return (float)((const int32_t *)x)[i]; // no zero point
  } else if constexpr (X == X_ui32) {
    return (float)((const uint32_t *)x)[i]; // no zero point
  } else if constexpr (X == X_f4E2M1FN) {
    return decodeSmallFloat<X>((x[i >> 1] >> (4 * (i & 1))) & 15);
  } else if constexpr (X == X_f16) {
    return halfToFloat(((const uint16_t *)x)[i]);
  } else if constexpr (X == X_bf16) {
    return bitsToFloat((uint32_t)((const uint16_t *)x)[i] << 16);
  } else {
    return decodeSmallFloat<X>(x[i]);
  }
}

/// Sub-byte types: values per byte (1 for the others).
template <XType X>
constexpr int kPerByte = (X == X_i2 || X == X_ui2)                      ? 4
                         : (X == X_i4 || X == X_ui4 || X == X_f4E2M1FN) ? 2
                                                                        : 1;

/// x - zp as f32 for a sub-byte code (the bits of one element).
template <XType X> inline float diffFromCode(uint32_t code, int64_t zp) {
  if constexpr (X == X_f4E2M1FN) {
    return decodeSmallFloat<X>(code);
  } else {
    constexpr int bits = 8 / kPerByte<X>;
    int32_t v = (int32_t)code;
    if constexpr (X == X_i2 || X == X_i4)
      v = (v ^ (1 << (bits - 1))) - (1 << (bits - 1));
    return (float)(int32_t)(v - zp);
  }
}

template <XType X> inline int64_t loadZp(const uint8_t *zp, int64_t j) {
  if constexpr (X <= X_ui16)
    return loadInt<X>(zp, j);
  else
    return 0;
}

//===----------------------------------------------------------------------===//
// Scales and results
//===----------------------------------------------------------------------===//

template <YType Y> inline float loadScale(const void *s, int64_t j) {
  if constexpr (Y == Y_f32)
    return ((const float *)s)[j];
  else if constexpr (Y == Y_f16)
    return halfToFloat(((const uint16_t *)s)[j]);
  else
    return bitsToFloat((uint32_t)((const uint16_t *)s)[j] << 16);
}

template <YType Y> inline void store(void *y, int64_t i, float v) {
  if constexpr (Y == Y_f32) {
    ((float *)y)[i] = v;
  } else if constexpr (Y == Y_f16) {
    ((_Float16 *)y)[i] = (_Float16)v; // round to nearest even (vcvtps2ph)
  } else {
    // Round to nearest even; NaN -> sign | 0x7FC0.
    uint32_t b = floatToBits(v);
    uint16_t r = (b & 0x7FFFFFFFu) > 0x7F800000u
                     ? (uint16_t)(((b >> 16) & 0x8000u) | 0x7FC0u)
                     : (uint16_t)((b + 0x7FFFu + ((b >> 16) & 1u)) >> 16);
    ((uint16_t *)y)[i] = r;
  }
}

//===----------------------------------------------------------------------===//
// The loops
//===----------------------------------------------------------------------===//

// The arguments are copied into locals first: a store through y (a char or
// half store) could otherwise alias the LoopArgs fields and make the loops
// uncountable for the vectorizer.

/// Elements [i0, i0 + len) with one scale and zero point. Sub-byte x is
/// read a byte at a time (its kPerByte values unpacked with shifts and
/// masks) when the range is made of whole bytes, one element at a time
/// otherwise.
template <XType X, YType Y>
inline void span(const uint8_t *x, void *y, int64_t i0, int64_t len, int64_t zp,
                 float s) {
  constexpr int per = kPerByte<X>;
  if constexpr (per > 1) {
    if (i0 % per == 0 && len % per == 0) {
      constexpr int bits = 8 / per;
      const uint8_t *p = x + i0 / per;
      for (int64_t j = 0; j < len / per; ++j) {
        const uint32_t byte = p[j];
        for (int k = 0; k < per; ++k)
          store<Y>(
              y, i0 + j * per + k,
              diffFromCode<X>((byte >> (bits * k)) & ((1u << bits) - 1), zp) *
                  s);
      }
      return;
    }
  }
  for (int64_t i = i0; i < i0 + len; ++i)
    store<Y>(y, i, diff<X>(x, i, zp) * s);
}

template <XType X, YType Y> void perTensor(const LoopArgs &a) {
  const float s = loadScale<Y>(a.scale, 0);
  const int64_t zp = a.zp ? loadZp<X>(a.zp, 0) : 0;
  span<X, Y>(a.x, a.y, 0, a.n, zp, s);
}

template <XType X, YType Y> void perAxis(const LoopArgs &a) {
  const uint8_t *x = a.x, *zps = a.zp;
  const void *scale = a.scale;
  void *y = a.y;
  const int64_t rows = a.rows, cols = a.cols;
  constexpr int per = kPerByte<X>;
  if constexpr (per > 1) {
    if (cols % per == 0) { // whole bytes per row: a byte at a time
      constexpr int bits = 8 / per;
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; c += per) {
          const int64_t i = r * cols + c;
          const uint32_t byte = x[i / per];
          for (int k = 0; k < per; ++k) {
            const int64_t zp = zps ? loadZp<X>(zps, c + k) : 0;
            store<Y>(
                y, i + k,
                diffFromCode<X>((byte >> (bits * k)) & ((1u << bits) - 1), zp) *
                    loadScale<Y>(scale, c + k));
          }
        }
      return;
    }
  }
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      const int64_t i = r * cols + c;
      const int64_t zp = zps ? loadZp<X>(zps, c) : 0;
      store<Y>(y, i, diff<X>(x, i, zp) * loadScale<Y>(scale, c));
    }
}

template <XType X, YType Y> void blocked(const LoopArgs &a) {
  const uint8_t *x = a.x, *zps = a.zp;
  const void *scale = a.scale;
  void *y = a.y;
  const int64_t rows = a.rows, cols = a.cols, block = a.block;
  const int64_t nb = (cols + block - 1) / block; // the last may be partial
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t b = 0; b < nb; ++b) {
      const int64_t j = r * nb + b;
      // f8E8M0FNU code e: 2^(e - 127), built as f32 bits (the set's codes
      // are normal exponents).
      const float s =
          a.e8m0 ? bitsToFloat((uint32_t)((const uint8_t *)scale)[j] << 23)
                 : loadScale<Y>(scale, j);
      const int64_t zp = zps ? loadZp<X>(zps, j) : 0;
      span<X, Y>(x, y, r * cols + b * block,
                 std::min<int64_t>(block, cols - b * block), zp, s);
    }
}

template <XType X, YType Y> LoopFn pick(Gran g) {
  switch (g) {
  case G_PerTensor:
    return perTensor<X, Y>;
  case G_PerAxis:
    return perAxis<X, Y>;
  default: // blocked; per-row as blocks of a whole row (LoopArgs::block)
    return blocked<X, Y>;
  }
}

template <XType X> LoopFn pickY(YType y, Gran g) {
  switch (y) {
  case Y_f32:
    return pick<X, Y_f32>(g);
  case Y_f16:
    return pick<X, Y_f16>(g);
  default:
    return pick<X, Y_bf16>(g);
  }
}

//===----------------------------------------------------------------------===//
// The roof
//===----------------------------------------------------------------------===//

typedef long long v4i __attribute__((vector_size(32)));
typedef long long v2i __attribute__((vector_size(16)));

template <int IN, int OUT, bool NT>
void roofLoop(const uint8_t *in, uint8_t *out, int64_t blocks) {
  for (int64_t b = 0; b < blocks; ++b) {
    const uint8_t *p = in + b * IN;
    v4i acc;
    if constexpr (IN == 16) {
      v2i h;
      std::memcpy(&h, p, 16);
      acc = __builtin_shufflevector(h, h, 0, 1, 0, 1);
    } else {
      std::memcpy(&acc, p, 32);
      for (int k = 1; k < IN / 32; ++k) {
        v4i v;
        std::memcpy(&v, p + 32 * k, 32);
        acc |= v;
      }
    }
    uint8_t *q = out + b * OUT;
    for (int k = 0; k < OUT / 32; ++k) {
      v4i v = acc + (long long)k;
      if constexpr (NT)
        __builtin_nontemporal_store(v, (v4i *)(q + 32 * k));
      else
        std::memcpy(q + 32 * k, &v, 32);
    }
  }
  if constexpr (NT)
    _mm_sfence();
}

template <int IN>
bool roofIn(const uint8_t *in, uint8_t *out, int64_t blocks, int outPer64,
            bool nt) {
  if (outPer64 == 256)
    nt ? roofLoop<IN, 256, true>(in, out, blocks)
       : roofLoop<IN, 256, false>(in, out, blocks);
  else if (outPer64 == 128)
    nt ? roofLoop<IN, 128, true>(in, out, blocks)
       : roofLoop<IN, 128, false>(in, out, blocks);
  else
    return false;
  return true;
}

} // namespace

namespace qdqbench {

LoopFn plainLoop(XType x, Gran g, YType y) {
  switch (x) {
#define QDQ_X(T)                                                               \
  case X_##T:                                                                  \
    return pickY<X_##T>(y, g)
    QDQ_X(i2);
    QDQ_X(ui2);
    QDQ_X(i4);
    QDQ_X(ui4);
    QDQ_X(i8);
    QDQ_X(ui8);
    QDQ_X(i16);
    QDQ_X(ui16);
    QDQ_X(i32);
    QDQ_X(ui32);
    QDQ_X(f8E4M3FN);
    QDQ_X(f8E4M3FNUZ);
    QDQ_X(f8E5M2);
    QDQ_X(f8E5M2FNUZ);
    QDQ_X(f4E2M1FN);
    QDQ_X(f16);
    QDQ_X(bf16);
#undef QDQ_X
  default:
    return nullptr;
  }
}

bool roof(const uint8_t *in, uint8_t *out, int64_t n, int inPer64, int outPer64,
          bool nonTemporal) {
  int64_t blocks = n / 64;
  switch (inPer64) {
  case 16:
    return roofIn<16>(in, out, blocks, outPer64, nonTemporal);
  case 32:
    return roofIn<32>(in, out, blocks, outPer64, nonTemporal);
  case 64:
    return roofIn<64>(in, out, blocks, outPer64, nonTemporal);
  case 128:
    return roofIn<128>(in, out, blocks, outPer64, nonTemporal);
  case 256:
    return roofIn<256>(in, out, blocks, outPer64, nonTemporal);
  default:
    return false;
  }
}

bool roof2(const uint8_t *in, uint8_t *out, int64_t n, int inPer64,
           int outPer64, bool nonTemporal) {
#if QDQ_BENCH_OPENMP
  // Two halves of whole 64-element blocks, one per thread.
  int64_t blocks = n / 64, half = blocks / 2;
  bool ok = true;
#pragma omp parallel for num_threads(2) schedule(static, 1) reduction(&& : ok)
  for (int t = 0; t < 2; ++t) {
    int64_t b0 = t ? half : 0, nb = t ? blocks - half : half;
    ok = ok && roof(in + b0 * inPer64, out + b0 * outPer64, nb * 64, inPer64,
                    outPer64, nonTemporal);
  }
  return ok;
#else
  (void)in, (void)out, (void)n, (void)inPer64, (void)outPer64,
      (void)nonTemporal;
  return false;
#endif
}

} // namespace qdqbench
