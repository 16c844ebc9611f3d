// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=W256
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 cpu-features=none" --split-input-file | FileCheck %s --check-prefix=W512
// The host's width, per op (getHostVectorBits): 256 for f32 results of
// integer and f16 x whose stores do not stream on an AVX-512 CPU that is
// not an AMD Zen core, the host's SIMD width otherwise.
// RUN: qdq-opt %s --convert-qdq-to-vector --split-input-file | FileCheck %s --check-prefix=%if host-avx512f && !host-cpu-znver{{.*}} %{NARROW%} %else %{HOST%}
// RUN: not qdq-opt %s --convert-qdq-to-vector="vector-bits=384" 2>&1 | FileCheck %s --check-prefix=BAD

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

// f16 results keep the host's width (the AVX512_FP16 steps are 512-bit
// only); a function with several ops takes the widest.
// NARROW-LABEL: func.func @mixed
// NARROW-SAME: passthrough = {{\[}}["min-legal-vector-width", "512"]], prefer_vector_width = "512"
// HOST-LABEL: func.func @mixed
// HOST-SAME: passthrough = {{\[}}["min-legal-vector-width", "[[$HOST]]"]], prefer_vector_width = "[[$HOST]]"
func.func @mixed(%x: tensor<4096xi8>, %s: tensor<f32>, %h: tensor<f16>) -> (tensor<4096xf32>, tensor<4096xf16>) {
  %y = qdq.dequantize_linear %x, %s : (tensor<4096xi8>, tensor<f32>) -> tensor<4096xf32>
  %z = qdq.dequantize_linear %x, %h : (tensor<4096xi8>, tensor<f16>) -> tensor<4096xf16>
  return %y, %z : tensor<4096xf32>, tensor<4096xf16>
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
