// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefixes=%if host-cpu-znver5 %{ZEN5%} %else %{%if host-cpu-znver4 %{ZEN4%} %else %{%if host-cpu-znver3 %{OTHER,ZEN3%} %else %{OTHER,INTEL%}%}%}
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2 period-tile=4" --split-input-file | FileCheck %s --check-prefix=FOUR
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2 period-tile=1" --split-input-file | FileCheck %s --check-prefix=ONE
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver5 --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefix=ZEN5
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver4 --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefix=ZEN4
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver3 --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefixes=OTHER,ZEN3
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefixes=OTHER,INTEL

// The default period tile of per-axis tables whose period (C = 4096) is
// several steps (getHostPeriodTile): one period at a time where the host's
// streaming rule (StreamingRule::host, --qdq-nontemporal-stores) will
// stream the nest's stores, but on AMD Zen 4 tiles of 4 periods there for
// f32 results and for 8/16/32-bit integer x; where it will not,
// tiles of 4 periods (4 rows per column step), but on AMD Zen 5 one period
// for i8 x -> f32 (tiles of 4 only for f16/bf16 results of packed integer
// x), and on CPUs other than AMD Zen one period for 32-bit integer and f16
// x and for f16 results of 8-bit integer x. The column loop steps over the tile: 4096 elements for one period,
// 16384 for four. An explicit period-tile wins over the host's;
// --qdq-tune-cpu names the CPU whose defaults apply, whatever the host.

// 16 Mi elements, 80 MiB of x and results: every host's rule streams.
// OTHER-LABEL: func.func @streams
// OTHER: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// ZEN4-LABEL: func.func @streams
// ZEN4: scf.for %{{.*}} = %c0 to %c16777216 step %c16384
// ZEN5-LABEL: func.func @streams
// ZEN5: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// FOUR-LABEL: func.func @streams
// FOUR: scf.for %{{.*}} = %c0 to %c16777216 step %c16384
// ONE-LABEL: func.func @streams
// ONE: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
func.func @streams(%x: tensor<4096x4096xi8>, %s: tensor<4096xf32>, %z: tensor<4096xi8>) -> tensor<4096x4096xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<4096x4096xi8>, tensor<4096xf32>, tensor<4096xi8>) -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

// -----

// 256 Ki elements (1.25 MiB): no host's rule streams.
// OTHER-LABEL: func.func @stays_in_cache
// OTHER: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ZEN4-LABEL: func.func @stays_in_cache
// ZEN4: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ZEN5-LABEL: func.func @stays_in_cache
// ZEN5: scf.for %{{.*}} = %c0 to %c262144 step %c4096
// FOUR-LABEL: func.func @stays_in_cache
// FOUR: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ONE-LABEL: func.func @stays_in_cache
// ONE: scf.for %{{.*}} = %c0 to %c262144 step %c4096
func.func @stays_in_cache(%x: tensor<64x4096xi8>, %s: tensor<4096xf32>, %z: tensor<4096xi8>) -> tensor<64x4096xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<64x4096xi8>, tensor<4096xf32>, tensor<4096xi8>) -> tensor<64x4096xf32>
  return %y : tensor<64x4096xf32>
}

// -----

// Packed int4 x -> f16, 32 Mi elements (80 MiB of x and results): every
// host's rule streams, and Zen 5 too takes one period at a time (it took
// tiles of 4 before 2026-12-04).
// OTHER-LABEL: func.func @packed_streams
// OTHER: scf.for %{{.*}} = %c0 to %c33554432 step %c4096
// ZEN4-LABEL: func.func @packed_streams
// ZEN4: scf.for %{{.*}} = %c0 to %c33554432 step %c4096
// ZEN5-LABEL: func.func @packed_streams
// ZEN5: scf.for %{{.*}} = %c0 to %c33554432 step %c4096
// FOUR-LABEL: func.func @packed_streams
// FOUR: scf.for %{{.*}} = %c0 to %c33554432 step %c16384
// ONE-LABEL: func.func @packed_streams
// ONE: scf.for %{{.*}} = %c0 to %c33554432 step %c4096
func.func @packed_streams(%x: tensor<8192x4096xi4>, %s: tensor<4096xf16>, %z: tensor<4096xi4>) -> tensor<8192x4096xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<8192x4096xi4>, tensor<4096xf16>, tensor<4096xi4>) -> tensor<8192x4096xf16>
  return %y : tensor<8192x4096xf16>
}

// -----

// The same at 256 Ki elements (640 KiB): tiles of 4 periods on every host.
// OTHER-LABEL: func.func @packed_stays_in_cache
// OTHER: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ZEN4-LABEL: func.func @packed_stays_in_cache
// ZEN4: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ZEN5-LABEL: func.func @packed_stays_in_cache
// ZEN5: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// FOUR-LABEL: func.func @packed_stays_in_cache
// FOUR: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ONE-LABEL: func.func @packed_stays_in_cache
// ONE: scf.for %{{.*}} = %c0 to %c262144 step %c4096
func.func @packed_stays_in_cache(%x: tensor<64x4096xi4>, %s: tensor<4096xf16>, %z: tensor<4096xi4>) -> tensor<64x4096xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<64x4096xi4>, tensor<4096xf16>, tensor<4096xi4>) -> tensor<64x4096xf16>
  return %y : tensor<64x4096xf16>
}

// -----

// i16 x -> bf16, 16 Mi elements (64 MiB of x and results): every
// host's rule streams; Zen 4 takes tiles of 4 periods for 8/16/32-bit
// integer x whatever the result type (1.19-1.37x one period for i16/ui16
// into f16/bf16 at 64 Mi).
// OTHER-LABEL: func.func @wide_integer_streams
// OTHER: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// ZEN4-LABEL: func.func @wide_integer_streams
// ZEN4: scf.for %{{.*}} = %c0 to %c16777216 step %c16384
// ZEN5-LABEL: func.func @wide_integer_streams
// ZEN5: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// FOUR-LABEL: func.func @wide_integer_streams
// FOUR: scf.for %{{.*}} = %c0 to %c16777216 step %c16384
// ONE-LABEL: func.func @wide_integer_streams
// ONE: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
func.func @wide_integer_streams(%x: tensor<4096x4096xi16>, %s: tensor<4096xbf16>, %z: tensor<4096xi16>) -> tensor<4096x4096xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<4096x4096xi16>, tensor<4096xbf16>, tensor<4096xi16>) -> tensor<4096x4096xbf16>
  return %y : tensor<4096x4096xbf16>
}

// -----

// f16 x -> f16, 16 Mi elements: one period at a time on Zen 4 too
// (tiles of 4 ran at 0.70-0.94x for f16/bf16 x into f16/bf16 at 64 Mi),
// but f16 x -> f32 takes tiles of 4 there (@float_to_f32_streams).
// OTHER-LABEL: func.func @float_streams
// OTHER: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// ZEN4-LABEL: func.func @float_streams
// ZEN4: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// ZEN5-LABEL: func.func @float_streams
// ZEN5: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// FOUR-LABEL: func.func @float_streams
// FOUR: scf.for %{{.*}} = %c0 to %c16777216 step %c16384
// ONE-LABEL: func.func @float_streams
// ONE: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
func.func @float_streams(%x: tensor<4096x4096xf16>, %s: tensor<4096xf16>) -> tensor<4096x4096xf16> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<4096x4096xf16>, tensor<4096xf16>) -> tensor<4096x4096xf16>
  return %y : tensor<4096x4096xf16>
}

// -----

// OTHER-LABEL: func.func @float_to_f32_streams
// OTHER: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// ZEN4-LABEL: func.func @float_to_f32_streams
// ZEN4: scf.for %{{.*}} = %c0 to %c16777216 step %c16384
// ZEN5-LABEL: func.func @float_to_f32_streams
// ZEN5: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
// FOUR-LABEL: func.func @float_to_f32_streams
// FOUR: scf.for %{{.*}} = %c0 to %c16777216 step %c16384
// ONE-LABEL: func.func @float_to_f32_streams
// ONE: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
func.func @float_to_f32_streams(%x: tensor<4096x4096xf16>, %s: tensor<4096xf16>) -> tensor<4096x4096xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 1 : (tensor<4096x4096xf16>, tensor<4096xf16>) -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

// -----

// i32 x, 256 Ki elements: tiles of 4 on Zen 3 and Zen 4; one period on
// Zen 5 (f32 results) and on CPUs other than AMD Zen (32-bit integer x).
// ZEN3-LABEL: func.func @wide_in_cache
// ZEN3: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// INTEL-LABEL: func.func @wide_in_cache
// INTEL: scf.for %{{.*}} = %c0 to %c262144 step %c4096
// ZEN4-LABEL: func.func @wide_in_cache
// ZEN4: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ZEN5-LABEL: func.func @wide_in_cache
// ZEN5: scf.for %{{.*}} = %c0 to %c262144 step %c4096
// FOUR-LABEL: func.func @wide_in_cache
// FOUR: scf.for %{{.*}} = %c0 to %c262144 step %c16384
func.func @wide_in_cache(%x: tensor<64x4096xi32>, %s: tensor<4096xf32>, %z: tensor<4096xi32>) -> tensor<64x4096xf32> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<64x4096xi32>, tensor<4096xf32>, tensor<4096xi32>) -> tensor<64x4096xf32>
  return %y : tensor<64x4096xf32>
}

// -----

// i8 x -> f16, 256 Ki elements: one period on CPUs other than AMD Zen (f16
// results of 8-bit integer x) and on Zen 5; tiles of 4 on Zen 3 and Zen 4.
// ZEN3-LABEL: func.func @byte_to_f16_in_cache
// ZEN3: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// INTEL-LABEL: func.func @byte_to_f16_in_cache
// INTEL: scf.for %{{.*}} = %c0 to %c262144 step %c4096
// ZEN4-LABEL: func.func @byte_to_f16_in_cache
// ZEN4: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ZEN5-LABEL: func.func @byte_to_f16_in_cache
// ZEN5: scf.for %{{.*}} = %c0 to %c262144 step %c4096
// FOUR-LABEL: func.func @byte_to_f16_in_cache
// FOUR: scf.for %{{.*}} = %c0 to %c262144 step %c16384
// ONE-LABEL: func.func @byte_to_f16_in_cache
// ONE: scf.for %{{.*}} = %c0 to %c262144 step %c4096
func.func @byte_to_f16_in_cache(%x: tensor<64x4096xi8>, %s: tensor<4096xf16>, %z: tensor<4096xi8>) -> tensor<64x4096xf16> {
  %y = qdq.dequantize_linear %x, %s, %z axis = 1 : (tensor<64x4096xi8>, tensor<4096xf16>, tensor<4096xi8>) -> tensor<64x4096xf16>
  return %y : tensor<64x4096xf16>
}
