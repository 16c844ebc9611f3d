#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs the whole suite.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
cmake --build "${QDQ_BUILD_DIR:-$root/build}" --target check-qdq
# The IR tests once more with the host defaults of each measured CPU.
cmake --build "${QDQ_BUILD_DIR:-$root/build}" --target check-qdq-tune-cpus
