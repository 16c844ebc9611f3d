#!/usr/bin/env bash
# Installs what the differential tests (test/Differential) need: Node.js and
# npm (Debian's packages, when `node`/`npm` are missing; run as root or
# through sudo), then ONNX Runtime 1.30 and onnx-proto into
# test/Differential/node_modules (gitignored) from package-lock.json.
# Without them the test suite skips the differential test with a note.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "install-differential-deps: installing nodejs npm"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends nodejs npm
fi

cd "$root/test/Differential"
if node -e "require('onnxruntime-node'); require('onnx-proto')" 2>/dev/null &&
   [ "$(node -p "require('onnxruntime-node/package.json').version")" = 1.30.0 ]; then
  exit 0
fi
# --ignore-scripts: the binaries ship in the package; its install script
# would only fetch optional GPU libraries.
npm ci --ignore-scripts --no-audit --no-fund
node -e "require('onnxruntime-node'); require('onnx-proto')"
echo "install-differential-deps: onnxruntime-node $(node -p "require('onnxruntime-node/package.json').version") installed in test/Differential/node_modules"
