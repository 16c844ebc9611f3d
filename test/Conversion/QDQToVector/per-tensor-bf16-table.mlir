// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16 per-tensor-bf16-table=1" --split-input-file | FileCheck %s --check-prefixes=CHECK,TABLE
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16 per-tensor-bf16-table=-1" --split-input-file | FileCheck %s --check-prefixes=CHECK,COMPUTE
// RUN: %qdq_opt_path %s --qdq-tune-cpu=rocketlake --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" --split-input-file | FileCheck %s --check-prefixes=CHECK,COMPUTE
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver4 --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" --split-input-file | FileCheck %s --check-prefixes=CHECK,TABLE
// RUN: %qdq_opt_path %s --qdq-tune-cpu=znver5 --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi,avx512bf16" --split-input-file | FileCheck %s --check-prefixes=CHECK,TABLE
// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=512 unroll=4 cpu-features=avx512f,avx512bw,avx512vbmi per-tensor-bf16-table=-1" --split-input-file | FileCheck %s --check-prefixes=CHECK,TABLE

// Per-tensor 8-bit integer x -> bf16 with f16/bf16 scales and a zero point
// (per-tensor-bf16-table; docs/Lowering.md "Tables of results"): with
// AVX512_BF16, 1 looks the results up in the table of the 256 codes, -1
// computes them (the scale check, then in the fast loop the fused product
// fma(F, s, -M * s) and arith.truncf, which becomes vcvtne2ps2bf16), and
// by default AMD Zen keeps the table and other hosts (--qdq-tune-cpu
// rocketlake) compute. Without AVX512_BF16 (last line) the table stays;
// so do f32 scales, x without a zero point and fp8 x (ALL).

// CHECK-LABEL: func.func @i8_bf16_scale
// TABLE: qdq.table_lookup
// TABLE-NOT: vector.fma
// COMPUTE-NOT: qdq.table_lookup
// COMPUTE: vector.reduction <or>
// COMPUTE: scf.if
// COMPUTE: } else {
// COMPUTE: scf.for
// COMPUTE: arith.extsi {{.*}} : vector<64xi8> to vector<64xi32>
// COMPUTE: arith.addi
// COMPUTE: vector.fma
// COMPUTE: arith.truncf {{.*}} : vector<64xf32> to vector<64xbf16>
// CHECK: return
func.func @i8_bf16_scale(%x: tensor<256xi8>, %s: tensor<bf16>, %z: tensor<i8>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<256xi8>, tensor<bf16>, tensor<i8>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}

// -----

// CHECK-LABEL: func.func @u8_f16_scale
// TABLE: qdq.table_lookup
// TABLE-NOT: vector.fma
// COMPUTE-NOT: qdq.table_lookup
// COMPUTE: } else {
// COMPUTE: arith.extui {{.*}} : vector<64xi8> to vector<64xi32>
// COMPUTE: vector.fma
// COMPUTE: arith.truncf {{.*}} : vector<64xf32> to vector<64xbf16>
// CHECK: return
func.func @u8_f16_scale(%x: tensor<256xui8>, %s: tensor<f16>, %z: tensor<ui8>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<256xui8>, tensor<f16>, tensor<ui8>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}

// -----

// CHECK-LABEL: func.func @i8_f32_scale
// CHECK: qdq.table_lookup
// CHECK-NOT: vector.fma
// CHECK: return
func.func @i8_f32_scale(%x: tensor<256xi8>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s, %z : (tensor<256xi8>, tensor<f32>, tensor<i8>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}

// -----

// CHECK-LABEL: func.func @i8_no_zero_point
// CHECK: qdq.table_lookup
// CHECK: return
func.func @i8_no_zero_point(%x: tensor<256xi8>, %s: tensor<bf16>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xi8>, tensor<bf16>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}

// -----

// CHECK-LABEL: func.func @fp8
// CHECK: qdq.table_lookup
// CHECK: return
func.func @fp8(%x: tensor<256xf8E4M3FN>, %s: tensor<bf16>) -> tensor<256xbf16> {
  %y = qdq.dequantize_linear %x, %s : (tensor<256xf8E4M3FN>, tensor<bf16>) -> tensor<256xbf16>
  return %y : tensor<256xbf16>
}
