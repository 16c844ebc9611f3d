// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=W256
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=W512
// The host's width, per op (getHostVectorBits): 256 for f32 results of
// integer and f16 x whose stores do not stream on an AVX-512 CPU that is
// not an AMD Zen core, the host's SIMD width otherwise.
// RUN: qdq-opt %s --convert-qdq-to-vector --split-input-file | FileCheck %s --check-prefix=%if host-avx512f && !host-cpu-znver{{.*}} %{NARROW%} %else %{HOST%}
// RUN: not qdq-opt %s --convert-qdq-to-vector="vector-bits=384" 2>&1 | FileCheck %s --check-prefix=BAD
// On an Intel AVX-512 CPU, f16 results computed in f16 arithmetic take 256
// bits too for f16 x, 8-bit integer x (blocked only in blocks of a
// multiple of 32) and f8E5M2 x not blocked: with AVX512_FP16 (FP16), not
// without (NOFP16). --qdq-tune-cpu names the CPU whose rules apply; the
// width itself is the host's (an AVX2 host has 256 bits for every op).
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --convert-qdq-to-vector="cpu-features=avx512f,avx512bw,avx512fp16" --split-input-file | FileCheck %s --check-prefix=%if host-avx512f %{FP16%} %else %{AVX2%}
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --convert-qdq-to-vector="cpu-features=avx512f,avx512bw" --split-input-file | FileCheck %s --check-prefix=%if host-avx512f %{NOFP16%} %else %{AVX2%}
// On AMD Zen cores every op takes the host's width.
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver4 --convert-qdq-to-vector="cpu-features=avx512f,avx512bw,avx512fp16" --split-input-file | FileCheck %s --check-prefix=%if host-avx512f %{ZEN%} %else %{AVX2%}

// Each function the pass vectorizes is marked with the widest SIMD width of
// its ops, for LLVM (prefer-vector-width, min-legal-vector-width), which
// would otherwise keep the vectors in the widest registers of the target
// CPU (zmm on an AVX-512 CPU, whatever the width the loops were written
// for).

// BAD: error: vector-bits must be 128, 256 or 512, got 384

// W256-LABEL: func.func @int_to_f32
// W256-SAME: passthrough = {{\[}}["min-legal-vector-width", "256"]], prefer_vector_width = "256"
// W512-LABEL: func.func @int_to_f32
// W512-SAME: passthrough = {{\[}}["min-legal-vector-width", "512"]], prefer_vector_width = "512"
// NARROW-LABEL: func.func @int_to_f32
// NARROW-SAME: passthrough = {{\[}}["min-legal-vector-width", "256"]], prefer_vector_width = "256"
// HOST-LABEL: func.func @int_to_f32
// HOST-SAME: passthrough = {{\[}}["min-legal-vector-width", "[[$HOST:[0-9]+]]"]], prefer_vector_width = "[[$HOST]]"
func.func @int_to_f32(%x: tensor<4096xi8>, %s: tensor<f32>) -> tensor<4096xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi8>, tensor<f32>) -> tensor<4096xf32>
  return %y : tensor<4096xf32>
}

// -----

// bf16 results keep the host's width (the AVX512_BF16 steps are 512-bit
// only); a function with several ops takes the widest.
// NARROW-LABEL: func.func @mixed
// NARROW-SAME: passthrough = {{\[}}["min-legal-vector-width", "512"]], prefer_vector_width = "512"
// HOST-LABEL: func.func @mixed
// HOST-SAME: passthrough = {{\[}}["min-legal-vector-width", "[[$HOST]]"]], prefer_vector_width = "[[$HOST]]"
func.func @mixed(%x: tensor<4096xi8>, %s: tensor<f32>, %h: tensor<bf16>) -> (tensor<4096xf32>, tensor<4096xbf16>) {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi8>, tensor<f32>) -> tensor<4096xf32>
  %z = qdq.dequantize_linear %x, %h : (tensor<4096xi8>, tensor<bf16>) -> tensor<4096xbf16>
  return %y, %z : tensor<4096xf32>, tensor<4096xbf16>
}

// -----

// fp8 x keeps the host's width too (its byte tables want AVX512_VBMI).
// NARROW-LABEL: func.func @fp8_to_f32
// NARROW-SAME: prefer_vector_width = "512"
func.func @fp8_to_f32(%x: tensor<4096xf8E4M3FN>, %s: tensor<f32>) -> tensor<4096xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xf8E4M3FN>, tensor<f32>) -> tensor<4096xf32>
  return %y : tensor<4096xf32>
}

// -----

// Stores that stream (80 MiB moved) keep the host's width.
// NARROW-LABEL: func.func @streams
// NARROW-SAME: prefer_vector_width = "512"
// HOST-LABEL: func.func @streams
// HOST-SAME: prefer_vector_width = "[[$HOST]]"
func.func @streams(%x: tensor<16777216xi8>, %s: tensor<f32>) -> tensor<16777216xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<16777216xi8>, tensor<f32>) -> tensor<16777216xf32>
  return %y : tensor<16777216xf32>
}

// -----

// A function's own preferred width stays; its other passthrough entries
// too, and the missing minimum is added after them.
// W256-LABEL: func.func @own_width
// W256-SAME: passthrough = ["nounwind", ["min-legal-vector-width", "256"]], prefer_vector_width = "512"
func.func @own_width(%x: tensor<4096xi8>, %s: tensor<f32>) -> tensor<4096xf32> attributes {passthrough = ["nounwind"], prefer_vector_width = "512"} {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi8>, tensor<f32>) -> tensor<4096xf32>
  return %y : tensor<4096xf32>
}

// -----

// A larger minimum stays, a smaller one is raised.
// W256-LABEL: func.func @own_min_legal
// W256-SAME: passthrough = {{\[}}["min-legal-vector-width", "512"]], prefer_vector_width = "256"
// W512-LABEL: func.func @own_min_legal
// W512-SAME: passthrough = {{\[}}["min-legal-vector-width", "512"]], prefer_vector_width = "512"
func.func @own_min_legal(%x: tensor<4096xi8>, %s: tensor<f32>) -> tensor<4096xf32> attributes {passthrough = [["min-legal-vector-width", "512"]]} {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi8>, tensor<f32>) -> tensor<4096xf32>
  return %y : tensor<4096xf32>
}

// -----

// W512-LABEL: func.func @own_smaller_min_legal
// W512-SAME: passthrough = {{\[}}["min-legal-vector-width", "512"]]
func.func @own_smaller_min_legal(%x: tensor<4096xi8>, %s: tensor<f32>) -> tensor<4096xf32> attributes {passthrough = [["min-legal-vector-width", "128"]]} {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi8>, tensor<f32>) -> tensor<4096xf32>
  return %y : tensor<4096xf32>
}

// -----

// A function without a qdq op is not marked.
// W256-LABEL: func.func @no_vectors
// W256-NOT: vector_width
// W256: return
func.func @no_vectors(%a: f32) -> f32 {
  %b = arith.addf %a, %a : f32
  return %b : f32
}

// -----

// The f16-arithmetic rule (FP16 / NOFP16 / ZEN RUN lines above): f16 x,
// 8-bit integer x per-axis and in blocks of 32, f8E5M2 x per tensor take
// 256 bits with AVX512_FP16; f16 x with an f32 scale (no f16 arithmetic),
// i8 x in blocks of 24, f8E5M2 x blocked, the other fp8 kinds, packed x and
// ops whose stores stream (64 MiB moved) keep 512.
// FP16-LABEL: func.func @f16_to_f16
// FP16-SAME: prefer_vector_width = "256"
// NOFP16-LABEL: func.func @f16_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @f16_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @f16_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @f16_to_f16(%x: tensor<4096xf16>, %s: tensor<f16>) -> tensor<4096xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xf16>, tensor<f16>) -> tensor<4096xf16>
  return %y : tensor<4096xf16>
}

// -----

// FP16-LABEL: func.func @f16_f32_scale_to_f16
// FP16-SAME: prefer_vector_width = "512"
// NOFP16-LABEL: func.func @f16_f32_scale_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @f16_f32_scale_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @f16_f32_scale_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @f16_f32_scale_to_f16(%x: tensor<4096xf16>, %s: tensor<f32>) -> tensor<4096xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xf16>, tensor<f32>) -> tensor<4096xf16>
  return %y : tensor<4096xf16>
}

// -----

// FP16-LABEL: func.func @i8_rows_to_f16
// FP16-SAME: prefer_vector_width = "256"
// NOFP16-LABEL: func.func @i8_rows_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @i8_rows_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @i8_rows_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @i8_rows_to_f16(%x: tensor<64x64xi8>, %s: tensor<64xf16>) -> tensor<64x64xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 0 : i64} : (tensor<64x64xi8>, tensor<64xf16>) -> tensor<64x64xf16>
  return %y : tensor<64x64xf16>
}

// -----

// FP16-LABEL: func.func @i8_blocks_of_32_to_f16
// FP16-SAME: prefer_vector_width = "256"
// NOFP16-LABEL: func.func @i8_blocks_of_32_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @i8_blocks_of_32_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @i8_blocks_of_32_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @i8_blocks_of_32_to_f16(%x: tensor<64x64xi8>, %s: tensor<64x2xf16>) -> tensor<64x64xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64, block_size = 32 : i64} : (tensor<64x64xi8>, tensor<64x2xf16>) -> tensor<64x64xf16>
  return %y : tensor<64x64xf16>
}

// -----

// FP16-LABEL: func.func @i8_blocks_of_24_to_f16
// FP16-SAME: prefer_vector_width = "512"
// NOFP16-LABEL: func.func @i8_blocks_of_24_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @i8_blocks_of_24_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @i8_blocks_of_24_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @i8_blocks_of_24_to_f16(%x: tensor<64x48xi8>, %s: tensor<64x2xf16>) -> tensor<64x48xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64, block_size = 24 : i64} : (tensor<64x48xi8>, tensor<64x2xf16>) -> tensor<64x48xf16>
  return %y : tensor<64x48xf16>
}

// -----

// FP16-LABEL: func.func @f8E5M2_to_f16
// FP16-SAME: prefer_vector_width = "256"
// NOFP16-LABEL: func.func @f8E5M2_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @f8E5M2_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @f8E5M2_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @f8E5M2_to_f16(%x: tensor<4096xf8E5M2>, %s: tensor<f16>) -> tensor<4096xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xf8E5M2>, tensor<f16>) -> tensor<4096xf16>
  return %y : tensor<4096xf16>
}

// -----

// FP16-LABEL: func.func @f8E5M2_blocks_to_f16
// FP16-SAME: prefer_vector_width = "512"
// NOFP16-LABEL: func.func @f8E5M2_blocks_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @f8E5M2_blocks_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @f8E5M2_blocks_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @f8E5M2_blocks_to_f16(%x: tensor<64x64xf8E5M2>, %s: tensor<64x2xf16>) -> tensor<64x64xf16> {
  %y = qdq.dequantize_linear %x, %s {axis = 1 : i64, block_size = 32 : i64} : (tensor<64x64xf8E5M2>, tensor<64x2xf16>) -> tensor<64x64xf16>
  return %y : tensor<64x64xf16>
}

// -----

// FP16-LABEL: func.func @f8E4M3FN_to_f16
// FP16-SAME: prefer_vector_width = "512"
// NOFP16-LABEL: func.func @f8E4M3FN_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @f8E4M3FN_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @f8E4M3FN_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @f8E4M3FN_to_f16(%x: tensor<4096xf8E4M3FN>, %s: tensor<f16>) -> tensor<4096xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xf8E4M3FN>, tensor<f16>) -> tensor<4096xf16>
  return %y : tensor<4096xf16>
}

// -----

// FP16-LABEL: func.func @i4_to_f16
// FP16-SAME: prefer_vector_width = "512"
// NOFP16-LABEL: func.func @i4_to_f16
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @i4_to_f16
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @i4_to_f16
// AVX2-SAME: prefer_vector_width = "256"
func.func @i4_to_f16(%x: tensor<4096xi4>, %s: tensor<f16>) -> tensor<4096xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi4>, tensor<f16>) -> tensor<4096xf16>
  return %y : tensor<4096xf16>
}

// -----

// FP16-LABEL: func.func @f16_to_f16_streams
// FP16-SAME: prefer_vector_width = "512"
// NOFP16-LABEL: func.func @f16_to_f16_streams
// NOFP16-SAME: prefer_vector_width = "512"
// ZEN-LABEL: func.func @f16_to_f16_streams
// ZEN-SAME: prefer_vector_width = "512"
// AVX2-LABEL: func.func @f16_to_f16_streams
// AVX2-SAME: prefer_vector_width = "256"
func.func @f16_to_f16_streams(%x: tensor<16777216xf16>, %s: tensor<f16>) -> tensor<16777216xf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<16777216xf16>, tensor<f16>) -> tensor<16777216xf16>
  return %y : tensor<16777216xf16>
}
