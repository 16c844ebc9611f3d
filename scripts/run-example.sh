#!/usr/bin/env bash
# The main job: installs what is missing, builds, then compiles the shipped
# example (or the .mlir file given) with `qdq-opt --qdq-to-llvm` and runs it
# with mlir-runner, printing what it computes, then shows the SIMD code of its
# kernels: the same module through mlir-translate, opt -O3 and llc -O3 for
# this host's CPU (what mlir-runner -O3 does in memory), summarized per
# function by simd_summary.py.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${QDQ_BUILD_DIR:-$root/build}"
example="${1:-$root/examples/int4-blocked-weights.mlir}"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" >/dev/null

llvm=/usr/lib/llvm-22
echo "== $example: qdq-opt --qdq-to-llvm | mlir-runner"
"$build/bin/qdq-opt" "$example" --qdq-to-llvm |
  "$llvm/bin/mlir-runner" -e main -entry-point-result=void -O3 \
    -shared-libs="$llvm/lib/libmlir_runner_utils.so,$llvm/lib/libmlir_c_runner_utils.so"
cpu="$("$llvm/bin/llc" --version | sed -n 's/^ *Host CPU: *//p')"
echo "== its kernels as machine code: mlir-translate | opt -O3 | llc -O3, -mcpu=native (${cpu:-unknown})"
"$build/bin/qdq-opt" "$example" --qdq-to-llvm |
  "$llvm/bin/mlir-translate" --mlir-to-llvmir |
  "$llvm/bin/opt" -O3 -mcpu=native |
  "$llvm/bin/llc" -O3 -mcpu=native |
  python3 "$root/scripts/simd_summary.py"
