// A constant sub-byte x held in a dense_resource blob has no packing the
// lowering knows (dense elements are packed at compile time). Whether the
// folding is on or off, the pipeline stops with a diagnostic instead of
// emitting a global without its bytes (a result of zeros).
// RUN: not qdq-opt %s --qdq-to-llvm 2>&1 | FileCheck %s
// RUN: not qdq-opt %s --qdq-to-llvm="fold=0" 2>&1 | FileCheck %s
// RUN: not qdq-opt %s --qdq-to-llvm="vectorize=0" 2>&1 | FileCheck %s

// CHECK: error: 'memref.global' op packed sub-byte global @{{.*}} has initial value dense_resource<blob_i4> : tensor<4xi4>; the qdq lowering packs only dense elements
func.func @resource_i4(%s: tensor<f32>) -> tensor<4xf32> {
  %x = arith.constant dense_resource<blob_i4> : tensor<4xi4>
  %y = qdq.dequantize_linear %x, %s : (tensor<4xi4>, tensor<f32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
{-#
  dialect_resources: {
    builtin: {
      blob_i4: "0x040000000102030F"
    }
  }
#-}
