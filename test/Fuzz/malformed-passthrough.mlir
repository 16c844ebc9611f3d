// RUN: qdq-opt %s --qdq-to-llvm="cpu-features=avx512f,avx512bw" | not mlir-translate --mlir-to-llvmir 2>&1 | FileCheck %s

// Regression (found by the fuzz smoke run of scripts/test-sanitizers.sh,
// 2026-12-05, from a mutated test input): a function whose `passthrough`
// is not one LLVM IR translation takes (an entry that is neither a string
// nor a [name, value] pair of strings). The qdq-to-llvm pipeline carries
// it over, as --convert-func-to-llvm does, and mlir-translate reports it.
// The fuzz target used to abort ("the qdq-to-llvm pipeline succeeded but
// its output does not translate"); it now leaves such functions out, as
// it does ops outside the pipeline's input language. As a file of the lit
// tests, this input is also a seed of the fuzz corpus (test/Fuzz/
// seed-corpus.test runs every seed through the fuzz target).

// CHECK: error: expected 'passthrough' to contain string or array attributes
func.func @marked(%t: vector<16xi8>, %i: vector<64xi8>) -> vector<64xi8> attributes {passthrough = [["min-legal-vector-wxf8E8M0FNU>"]]} {
  %0 = qdq.table_lookup %t[%i] : vector<16xi8>, vector<64xi8>
  return %0 : vector<64xi8>
}
