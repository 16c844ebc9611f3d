// RUN: qdq-opt %s --qdq-insert-runtime-checks --split-input-file --verify-diagnostics

// The messages are printed with the C library's dprintf: a symbol of that
// name with another type stops the pass.
func.func private @dprintf(i32) -> i32
func.func @dprintf_taken(%x: tensor<?x3xi8>, %s: tensor<?xf32>) -> tensor<?x3xf32> {
  // expected-error @below {{'qdq.dequantize_linear' op cannot declare dprintf for its run-time check messages: the symbol exists with another type}}
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<?x3xi8>, tensor<?xf32>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

// An op without checks needs no dprintf: the clash does not matter.
func.func private @dprintf(i32) -> i32
func.func @static_sizes(%x: tensor<4x3xi8>, %s: tensor<4xf32>) -> tensor<4x3xf32> {
  %y = qdq.dequantize_linear %x, %s axis = 0 : (tensor<4x3xi8>, tensor<4xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}
