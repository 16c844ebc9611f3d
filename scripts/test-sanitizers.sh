#!/usr/bin/env bash
# The robustness job (run by .ci/run after the normal test suite): builds qdq
# with clang-22, ASan + UBSan, assertions and libFuzzer instrumentation into
# ./build-sanitize (or $QDQ_SANITIZE_BUILD_DIR), runs the whole lit suite
# with those binaries, then a fixed-time fuzz smoke run of
# $QDQ_FUZZ_SECONDS seconds (default 60; 0 skips it).
#
# Leak detection stays on for every qdq tool (ASAN_OPTIONS detect_leaks=1);
# mlir-runner, FileCheck and the other LLVM tools the tests run are
# Debian's, uninstrumented, and unaffected.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${QDQ_SANITIZE_BUILD_DIR:-$root/build-sanitize}"

"$root/scripts/configure-sanitize.sh" "$build"
cmake --build "$build"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"
echo "test-sanitizers: check-qdq with ASan + UBSan ($build)"
cmake --build "$build" --target check-qdq

seconds="${QDQ_FUZZ_SECONDS:-60}"
if [ "$seconds" -gt 0 ]; then
  echo "test-sanitizers: fuzz smoke run, $seconds s"
  QDQ_SANITIZE_BUILD_DIR="$build" "$root/scripts/fuzz.sh" "$seconds"
fi
