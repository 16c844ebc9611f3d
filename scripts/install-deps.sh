#!/usr/bin/env bash
# Installs the Debian packages qdq-mlir needs, when some are missing.
# Runs as root (or through sudo). Safe to run again: it does nothing when all
# packages are present.
set -euo pipefail

packages=(cmake ninja-build g++ python3 python3-psutil clang-format-22
          llvm-22-dev libmlir-22-dev mlir-22-tools clang-22 libclang-rt-22-dev libomp-22-dev
          libonnx-dev libprotobuf-dev protobuf-compiler
          libbenchmark-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
