#!/usr/bin/env bash
# Configures (once) the robustness build: clang-22, ASan + UBSan
# (QDQ_ENABLE_SANITIZERS) and the libFuzzer target (QDQ_ENABLE_FUZZER), with
# assertions, into the directory given (default ./build-sanitize).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build-sanitize}"
"$root/scripts/install-deps.sh"
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DQDQ_ENABLE_SANITIZERS=ON -DQDQ_ENABLE_FUZZER=ON \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
