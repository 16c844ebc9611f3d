#!/usr/bin/env bash
# Fuzzes qdq with libFuzzer (tools/qdq-fuzz: parse -> verify -> the
# qdq-to-llvm pipeline -> LLVM IR) for SECONDS seconds:
#
#   scripts/fuzz.sh SECONDS [LIBFUZZER-ARGS...]
#
# Builds the ASan + UBSan + libFuzzer configuration with clang-22 into
# ./build-sanitize (or $QDQ_SANITIZE_BUILD_DIR) when needed, seeds from the
# lit tests (scripts/fuzz-corpus.py), keeps the growing corpus in
# <build>/fuzz/corpus and writes crashing inputs to <build>/fuzz/artifacts/.
# Runs niced, on one core. Prints the number of executions; exits non-zero
# when libFuzzer found a crash, a leak, a timeout or a sanitizer report.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${QDQ_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
if [ $# -lt 1 ]; then
  echo "usage: $0 SECONDS [LIBFUZZER-ARGS...]" >&2
  exit 2
fi
seconds="$1"
shift

"$root/scripts/configure-sanitize.sh" "$build"
cmake --build "$build" --target qdq-fuzz

fuzz="$build/fuzz"
mkdir -p "$fuzz/corpus" "$fuzz/artifacts"
rm -rf "$fuzz/seeds"
python3 "$root/scripts/fuzz-corpus.py" "$fuzz/seeds" >/dev/null

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"
log="$fuzz/last-run.log"
status=0
start=$SECONDS
nice -n 10 "$build/bin/qdq-fuzz" -max_total_time="$seconds" \
  -dict="$root/tools/qdq-fuzz/qdq-fuzz.dict" -timeout=60 -rss_limit_mb=4096 \
  -artifact_prefix="$fuzz/artifacts/" -print_final_stats=1 "$@" \
  "$fuzz/corpus" "$fuzz/seeds" >"$log" 2>&1 || status=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
grep -E "^(INFO: seed|#[0-9]+ +(INITED|DONE))" "$log" | tail -3 || true
echo "fuzz: ${execs:-?} executions in $((SECONDS - start)) s, corpus $(ls "$fuzz/corpus" | wc -l) inputs, exit $status (log: $log)"
if [ "$status" -ne 0 ]; then
  grep -E "ERROR|SUMMARY|qdq-fuzz:|Assertion|artifact" "$log" | head -20 >&2
fi
exit "$status"
