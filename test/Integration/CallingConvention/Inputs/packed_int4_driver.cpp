// Calls qdq-generated functions through the C calling convention with packed
// int4 operands and checks every result against the formula
// y = (x - zero_point) * scale, computed here in plain C++.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// A ranked memref descriptor (MLIR's StridedMemRefType layout).
template <typename T, int Rank> struct MemRef {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

template <typename T>
MemRef<T, 2> rowMajor(T *data, int64_t rows, int64_t cols) {
  return {data, data, 0, {rows, cols}, {cols, 1}};
}
template <typename T> MemRef<T, 1> vector1d(T *data, int64_t n) {
  return {data, data, 0, {n}, {1}};
}

extern "C" {
void _mlir_ciface_dequantize_blocked(MemRef<float, 2> *result,
                                     MemRef<uint8_t, 2> *x,
                                     MemRef<float, 2> *scale,
                                     MemRef<uint8_t, 2> *zeroPoint);
void _mlir_ciface_dequantize_per_axis(MemRef<float, 2> *result,
                                      MemRef<uint8_t, 2> *x,
                                      MemRef<float, 1> *scale,
                                      MemRef<uint8_t, 1> *zeroPoint);
}

// Packs 4-bit codes as ONNX does: first element in the low nibble.
static std::vector<uint8_t> pack4(const std::vector<int> &values) {
  std::vector<uint8_t> bytes((values.size() + 1) / 2, 0);
  for (size_t i = 0; i < values.size(); ++i)
    bytes[i / 2] |= (values[i] & 0xF) << (4 * (i % 2));
  return bytes;
}

static int failures = 0;

static void compare(const char *name, const MemRef<float, 2> &result,
                    const std::vector<float> &expected, int64_t rows,
                    int64_t cols) {
  if (result.sizes[0] != rows || result.sizes[1] != cols ||
      result.strides[0] != cols || result.strides[1] != 1) {
    std::printf("%s: MISMATCH in the result descriptor\n", name);
    ++failures;
    return;
  }
  int bad = 0;
  for (int64_t i = 0; i < rows * cols; ++i) {
    uint32_t got, want;
    std::memcpy(&got, &result.aligned[result.offset + i], 4);
    std::memcpy(&want, &expected[i], 4);
    if (got != want && bad++ < 5)
      std::printf("%s: MISMATCH at %ld: got 0x%08x want 0x%08x\n", name,
                  (long)i, got, want);
  }
  failures += bad;
  if (!bad)
    std::printf("%s: %ldx%ld elements bit-exact\n", name, (long)rows,
                (long)cols);
  std::free(result.allocated);
}

int main() {
  const int64_t rows = 3, cols = 7, block = 3, blocks = 3;

  // Signed int4 codes covering [-8, 7].
  std::vector<int> x(rows * cols);
  for (int64_t i = 0; i < rows * cols; ++i)
    x[i] = int((i * 5 + 3) % 16) - 8;
  std::vector<uint8_t> xPacked = pack4(x);

  {
    std::vector<float> scale(rows * blocks);
    std::vector<int> zp(rows * blocks);
    for (int64_t i = 0; i < rows * blocks; ++i) {
      scale[i] = 0.25f * float(i + 1) * (i % 2 ? -1.0f : 1.0f);
      zp[i] = int(i % 16) - 8;
    }
    std::vector<uint8_t> zpPacked = pack4(zp);
    std::vector<float> expected(rows * cols);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        int64_t p = r * blocks + c / block;
        expected[r * cols + c] = float(x[r * cols + c] - zp[p]) * scale[p];
      }
    auto xDesc = rowMajor(xPacked.data(), rows, cols);
    auto sDesc = rowMajor(scale.data(), rows, blocks);
    auto zDesc = rowMajor(zpPacked.data(), rows, blocks);
    MemRef<float, 2> result;
    _mlir_ciface_dequantize_blocked(&result, &xDesc, &sDesc, &zDesc);
    compare("dequantize_blocked", result, expected, rows, cols);
  }

  {
    // The same bytes read as unsigned codes [0, 15].
    std::vector<int> ux(rows * cols);
    for (int64_t i = 0; i < rows * cols; ++i)
      ux[i] = x[i] & 0xF;
    std::vector<float> scale = {0.5f, -3.0f, 1.0e-3f};
    std::vector<int> zp = {0, 15, 8};
    std::vector<uint8_t> zpPacked = pack4(zp);
    std::vector<float> expected(rows * cols);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        expected[r * cols + c] = float(ux[r * cols + c] - zp[r]) * scale[r];
    auto xDesc = rowMajor(xPacked.data(), rows, cols);
    auto sDesc = vector1d(scale.data(), rows);
    auto zDesc = vector1d(zpPacked.data(), rows);
    MemRef<float, 2> result;
    _mlir_ciface_dequantize_per_axis(&result, &xDesc, &sDesc, &zDesc);
    compare("dequantize_per_axis", result, expected, rows, cols);
  }
  return failures ? 1 : 0;
}
