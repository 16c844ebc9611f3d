#!/usr/bin/env bash
# A differential testing campaign against ONNX Runtime 1.30:
#
#   scripts/differential.sh SEED COUNT [BATCH]
#
# Generates COUNT random DequantizeLinear cases from SEED (BATCH per model,
# default 40), runs them through ORT and through qdq-onnx-run from the
# build ($QDQ_BUILD_DIR, default ./build), compares bit-exactly and checks
# differences against the Python reference (test/Differential/README.md).
# Runs niced; keeps the failing test directories and prints where they are.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${QDQ_BUILD_DIR:-$root/build}"
if [ $# -lt 2 ]; then
  echo "usage: $0 SEED COUNT [BATCH]" >&2
  exit 2
fi
seed="$1" count="$2" batch="${3:-40}"

"$root/scripts/install-differential-deps.sh"
[ -x "$build/bin/qdq-onnx-run" ] || "$root/scripts/build.sh" >/dev/null
exec nice -n 10 node "$root/test/Differential/differential.js" \
  --runner "$build/bin/qdq-onnx-run" --seed "$seed" --count "$count" \
  --batch "$batch"
