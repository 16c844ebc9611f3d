#!/usr/bin/env bash
# Style checks of the project's own C and C++ sources (not part of the test
# command):
#
#   scripts/lint.sh           clang-format (the repository's .clang-format,
#                             LLVM style) over every tracked .c/.cpp/.h file:
#                             lists the files it would change, exit 1 if any
#   scripts/lint.sh FILE...   the same check of the named files only
#   scripts/lint.sh --tidy    also clang-tidy-22 with .clang-tidy over the
#                             translation units of lib/ and tools/ (needs a
#                             configured build; installs clang-tidy-22 if
#                             missing), reporting only warnings in this
#                             repository's files: exit 1 if any
#
# clang-format is clang-format-22 (the LLVM the project builds against;
# scripts/install-deps.sh installs it) when present, else clang-format, whose
# version may format some lines differently. test/Lint runs the check in the
# test command. QDQ_BUILD_DIR names the build directory (default build/),
# whose compile_commands.json clang-tidy reads (the build exports it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${QDQ_BUILD_DIR:-$root/build}"
tidy=0
files=()
for arg in "$@"; do
  case "$arg" in
  --tidy) tidy=1 ;;
  -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
  -*) echo "lint.sh: unknown argument $arg" >&2; exit 2 ;;
  *)
    if [ ! -f "$arg" ]; then
      echo "lint.sh: no such file: $arg" >&2
      exit 2
    fi
    files+=("$(realpath "$arg")") ;;
  esac
done
cd "$root"
status=0

format="$(command -v clang-format-22 || command -v clang-format || true)"
if [ -z "$format" ]; then
  echo "lint.sh: clang-format not found (Debian: apt-get install clang-format-22)" >&2
  exit 2
fi
what="every named file"
if [ "${#files[@]}" -eq 0 ]; then
  what="every tracked C/C++ file"
  mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h' | grep -v '/node_modules/')
  if [ "${#files[@]}" -eq 0 ]; then
    echo "lint.sh: no tracked C/C++ files (not a git checkout?)" >&2
    exit 2
  fi
fi
unformatted=()
for file in "${files[@]}"; do
  # Files outside the tree (tests) take the repository's style explicitly.
  "$format" --style="file:$root/.clang-format" --dry-run -Werror "$file" \
    >/dev/null 2>&1 || unformatted+=("$file")
done
if [ "${#unformatted[@]}" -gt 0 ]; then
  echo "lint.sh: $("$format" --version | head -1) would reformat:"
  printf '  %s\n' "${unformatted[@]}"
  status=1
else
  echo "lint.sh: $what is clang-format clean (${#files[@]} checked)"
fi

if [ "$tidy" = 1 ]; then
  if ! command -v run-clang-tidy-22 >/dev/null; then
    apt-get install -y clang-tidy-22 >/dev/null
  fi
  if [ ! -f "$build/compile_commands.json" ]; then
    echo "lint.sh: no $build/compile_commands.json (run scripts/build.sh first)" >&2
    exit 2
  fi
  log="$(mktemp)"
  trap 'rm -f "$log"' EXIT
  run-clang-tidy-22 -p "$build" -quiet -j "$(nproc)" "$root/(lib|tools)/" \
    >"$log" 2>&1 || true
  # Warnings in this repository's sources and headers, once each (a header's
  # warning repeats in every translation unit that includes it).
  own="$(grep -E "^$root/(lib|tools|include)/[^ ]*: (warning|error):" "$log" |
    sort -u || true)"
  if [ -n "$own" ]; then
    echo "$own" | sed "s#^$root/##"
    echo "lint.sh: clang-tidy: $(echo "$own" | wc -l) warnings in the project's files"
    status=1
  elif grep -q -E "^(Error|error):" "$log"; then
    grep -E "^(Error|error):" "$log" | head -5 >&2
    echo "lint.sh: clang-tidy did not run cleanly" >&2
    status=1
  else
    echo "lint.sh: clang-tidy: no warnings in the project's files"
  fi
fi
exit "$status"
