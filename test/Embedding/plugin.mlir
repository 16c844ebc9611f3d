// qdq as a plugin of the stock mlir-opt (Debian's mlir-opt-22): the dialect
// plugin registers the dialect and its interface models, the pass plugin the
// passes and the qdq-to-llvm pipeline.
// REQUIRES: qdq-plugin

// RUN: %mlir_opt --load-dialect-plugin=%qdq_plugin %s \
// RUN:   | %mlir_opt --load-dialect-plugin=%qdq_plugin \
// RUN:   | FileCheck %s --check-prefix=ROUNDTRIP
// A stock mlir-opt creates its pass flags before it loads plugins, so the
// plugin's passes are named in --pass-pipeline (not as --qdq-to-llvm).
// RUN: %mlir_opt --load-dialect-plugin=%qdq_plugin --load-pass-plugin=%qdq_plugin %s \
// RUN:   --pass-pipeline="builtin.module(convert-qdq-to-linalg)" | FileCheck %s --check-prefix=LINALG
// RUN: %mlir_opt --load-dialect-plugin=%qdq_plugin --load-pass-plugin=%qdq_plugin %s \
// RUN:   --pass-pipeline="builtin.module(qdq-to-llvm)" | FileCheck %s --check-prefix=LLVM
// The dialect plugin alone also registers the passes.
// RUN: %mlir_opt --load-dialect-plugin=%qdq_plugin %s \
// RUN:   --pass-pipeline="builtin.module(qdq-to-llvm)" | FileCheck %s --check-prefix=LLVM
// RUN: not %mlir_opt --load-dialect-plugin=%qdq_plugin %s --qdq-to-llvm 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FLAG
// The verifier runs inside mlir-opt.
// RUN: not %mlir_opt --load-dialect-plugin=%qdq_plugin %S/Inputs/invalid.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INVALID

// ROUNDTRIP-LABEL: func.func @per_axis(
// ROUNDTRIP: qdq.dequantize_linear %{{.*}}, %{{.*}}, %{{.*}} axis = 0 : (tensor<4x8xi8>, tensor<4xf32>, tensor<4xi8>) -> tensor<4x8xf32>

// LINALG-LABEL: func.func @per_axis(
// LINALG-NOT: qdq.dequantize_linear
// LINALG: linalg.generic

// LLVM-NOT: qdq.
// LLVM-NOT: linalg.
// LLVM: llvm.func @per_axis(
// LLVM: llvm.func @_mlir_ciface_per_axis(

// FLAG: Unknown command line argument '--qdq-to-llvm'

// INVALID: error: 'qdq.dequantize_linear' op
func.func @per_axis(%x: tensor<4x8xi8>, %s: tensor<4xf32>, %z: tensor<4xi8>)
    -> tensor<4x8xf32> attributes {llvm.emit_c_interface} {
  %y = qdq.dequantize_linear %x, %s, %z axis = 0
      : (tensor<4x8xi8>, tensor<4xf32>, tensor<4xi8>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
