// The independent reference checks itself against hand-worked examples and
// the ONNX node tests' expected outputs, and the executed tests in
// test/Integration/Execution are exactly what it generates (regenerate with
// `python3 test/Integration/reference/gen_exec_tests.py`).
//
// RUN: %python %S/test_dq_reference.py | FileCheck %s
// RUN: %python %S/gen_exec_tests.py --check | FileCheck %s --check-prefix=FRESH
//
// CHECK: all {{[0-9]+}} checks passed
// FRESH: 41 files up to date
