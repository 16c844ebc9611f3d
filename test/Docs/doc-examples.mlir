// Every MLIR example in the generated dialect documentation parses,
// verifies and round-trips through qdq-opt.
// RUN: %python %S/run-doc-examples.py %qdq_opt_path %qdq_obj_root/docs/Dialects/QDQDialect.md | FileCheck %s
// CHECK: 9 examples parsed, verified and printed
