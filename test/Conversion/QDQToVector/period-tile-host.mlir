// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefix=%if host-cpu-znver5 %{ZEN5%} %else %{OTHER%}
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2 period-tile=4" --split-input-file | FileCheck %s --check-prefix=FOUR
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2 period-tile=1" --split-input-file | FileCheck %s --check-prefix=ONE
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver5 --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefix=ZEN5
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver3 --convert-qdq-to-vector="vector-bits=256 cpu-features=ssse3,avx2" --split-input-file | FileCheck %s --check-prefix=OTHER

// The default period tile of per-axis tables whose period (C = 4096) is
// several steps (getHostPeriodTile): one period at a time where the host's
// streaming rule (StreamingRule::host, --qdq-nontemporal-stores) will
// stream the nest's stores; where it will not, tiles of 4 periods (4 rows
// per column step), but on AMD Zen 5 one period for i8 x -> f32 (tiles of
// 4 only for f16/bf16 results of packed integer x). The column loop steps over the tile: 4096 elements for one period,
// 16384 for four. An explicit period-tile wins over the host's;
// --qdq-tune-cpu names the CPU whose defaults apply, whatever the host.

// 16 Mi elements, 80 MiB of x and results: every host's rule streams.
// OTHER-LABEL: func.func @streams
// OTHER: scf.for %{{.*}} = %c0 to %c16777216 step %c4096
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
