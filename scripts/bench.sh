#!/usr/bin/env bash
# Builds and runs the dequantization benchmark and writes
# bench/results/RESULTS.md (+ bench.json, ort.json, machine.json, verify.log;
# see --results).
#
#   scripts/bench.sh [--full | --rows | --blocks | --mx] [--sizes LIST]
#                    [--filter REGEX] [--rounds N] [--time-scale F]
#                    [--no-ort] [--no-threads] [--target T]
#                    [--ab OPTS | --ab-dynamic | --ab-binary Q] [--results D]
#
#   --full        every x type x granularity x result type x size (long:
#                 918 cases, 4.5x the core's); default: the core subset (all
#                 x types per-tensor -> f32, and i8 / i4 / f8E4M3FN across
#                 granularities and result types: 204 cases, about 7 minutes
#                 of bench_dq + 4.5 of ONNX Runtime on the Zen 4 VM in the
#                 run of 2026-11-24 06:30 UTC, plus the build)
#   --rows        per-axis rows of 256, 512, 1024, 2048 and 4096 elements
#                 (i8 / i4 / f8E4M3FN x, every result type and size): the
#                 row length from which rows take a lookup table each
#   --blocks      blocked along rows of 4096 with blocks of 16, 32, 64, 128
#                 and 256 (the group sizes of weight quantization; i4, ui4,
#                 i8, f8E4M3FN and f4E2M1FN x, every result type and size)
#   --mx          the MX formats: the four fp8 kinds and f4E2M1FN x in blocks
#                 of 32 along rows of 4096 with f8E8M0FNU scales, every result
#                 type and size (no ONNX Runtime: it has no such scales)
#   --sizes L     only these sizes (comma-separated: 64Ki,4Mi,64Mi); fewer
#                 kernels to compile
#   --filter R    only the cases whose id (e.g. i4_b32_f16_4Mi) matches the
#                 regular expression R (Python's re.search; and their
#                 roofs); a filter or sizes that select no case stop the
#                 script at once (exit 2); only their kernels
#                 are compiled
#   --rounds N    each case's benchmarks run N times in turn, each for 1/N of
#                 the minimum time; the median is reported (default 3)
#   --time-scale  multiplies the minimum time per benchmark
#                 (0.1 / 0.2 / 0.5 s at 64 Ki / 4 Mi / 64 Mi)
#   --no-ort      skip ONNX Runtime (also skipped when node is missing)
#   --no-threads  skip the two-thread kernels even if qdq-opt has num-threads
#   --results D   write the results into D (default: bench/results for
#                 the core set, bench/results-full, bench/results-rows,
#                 bench/results-blocks and bench/results-mx for the others;
#                 the build directory's results/ for runs with --filter,
#                 --sizes, --no-ort, --no-threads or an A/B option)
#   --ab OPTS     A/B measurement: the second qdq kernel of every case and
#                 size (the "2 threads" columns) is compiled with
#                 --qdq-to-llvm=OPTS (e.g. cpu-features=none) instead of
#                 num-threads=2, and timed in the same run as the default
#                 kernel; the table's "2 threads" columns are then that
#                 variant
#   --ab-dynamic  the same A/B with the second kernel's x, scale and zero
#                 point of every dim dynamic (default options): the cost of
#                 dynamic shapes
#   --ab-binary Q the same A/B with the second kernel compiled by another
#                 qdq-opt binary Q (default options, or --ab's): a change to
#                 the compiler measured against the build before it, in one
#                 run (copy the old build's bin/qdq-opt somewhere first)
#   --target T    native (default): everything compiled for this CPU; avx2:
#                 for x86-64-v3 (llc/opt -mcpu, clang -march) and the qdq
#                 kernels with --qdq-to-llvm="vector-bits=256
#                 cpu-features=ssse3,avx2", so the AVX2 code runs on this
#                 machine (whole sets write bench/results-avx2,
#                 results-full-avx2, results-rows-avx2, results-blocks-avx2)
#
# Builds into $QDQ_BENCH_BUILD_DIR (default ./build-bench) with
# -DQDQ_BUILD_BENCHMARKS=ON. Every kernel is checked bit-exactly against the
# plain C++ loop before it is timed, and the plain loops against the
# project's Python reference (bench/check_samples.py); any mismatch stops
# the script with a non-zero exit.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${QDQ_BENCH_BUILD_DIR:-$root/build-bench}"
cmdline="scripts/bench.sh${*:+ $*}"
set_name=core
filter=""
sizes=""
rounds=3
time_scale=1
ort=1
threads=1
ab=""
ab_dynamic=0
ab_binary=""
target=native
results=""
while [ $# -gt 0 ]; do
  case "$1" in
  --full) set_name=full ;;
  --rows) set_name=rows ;;
  --blocks) set_name=blocks ;;
  --mx) set_name=mx ;;
  --filter) filter="$2"; shift ;;
  --sizes) sizes="$2"; shift ;;
  --rounds) rounds="$2"; shift ;;
  --time-scale) time_scale="$2"; shift ;;
  --no-ort) ort=0 ;;
  --results) results="$2"; shift ;;
  --no-threads) threads=0 ;;
  --ab) ab="$2"; shift ;;
  --ab-dynamic) ab_dynamic=1 ;;
  --ab-binary) ab_binary="$(realpath "$2")"; shift ;;
  --target) target="$2"; shift ;;
  -h|--help) awk 'NR > 1 && /^set -euo pipefail/ { exit } NR > 1' "$0"; exit 0 ;;
  *) echo "bench.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done

# The CPU everything is compiled for, and the qdq kernels' options.
case "$target" in
native) cpu=native pipeline_options="" suffix="" ;;
avx2) cpu=x86-64-v3 pipeline_options="vector-bits=256 cpu-features=ssse3,avx2"
  suffix="-avx2" ;;
*) echo "bench.sh: unknown target $target (native or avx2)" >&2; exit 2 ;;
esac

log() { echo "bench.sh [$(date +%T)]: $*" >&2; }

# A filter or sizes that select no case stop here, before anything is
# installed, configured or built (test/Bench/bench-no-case.test).
ncases="$(python3 "$root/bench/gen_kernels.py" --set "$set_name" \
  --sizes="$sizes" --filter="$filter" --count)" || exit 2
if [ "$ncases" = 0 ]; then
  log "no case of the $set_name set${sizes:+ at sizes $sizes} matches --filter '$filter'" \
    "(case ids look like i4_b32_f16_4Mi: x, granularity, result, size)"
  exit 2
fi

# Whole sets go to the committed results of their set; partial runs (a
# filter, sizes, no ONNX Runtime or no two-thread kernels) and A/B runs to
# the build directory, so that they never overwrite a whole run's table.
if [ -z "$results" ]; then
  if [ -n "$filter" ] || [ -n "$sizes" ] || [ -n "$ab" ] ||
     [ "$ab_dynamic" = 1 ] || [ -n "$ab_binary" ] || [ "$ort" = 0 ] ||
     [ "$threads" = 0 ]; then
    results="$build/results"
  elif [ "$set_name" = core ]; then
    results="$root/bench/results$suffix"
  else
    results="$root/bench/results-$set_name$suffix"
  fi
fi
mkdir -p "$results"
results="$(cd "$results" && pwd)"

"$root/scripts/install-deps.sh"

cmake_args=(-G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
  -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit)
[ -f "$build/build.ninja" ] || cmake "${cmake_args[@]}" >/dev/null
ninja -C "$build" qdq-opt >/dev/null

# The pipeline's threading option, when qdq-opt has one.
mt_options=""
help="$("$build/bin/qdq-opt" --help)"
# (grep -c reads all its input: with pipefail, grep -q's early exit can
# end the first grep with SIGPIPE and make the test fail at random.)
if [ "$threads" = 1 ] &&
   [ "$(grep -A40 -- '--qdq-to-llvm ' <<<"$help" |
        grep -c -- '--num-threads=' || true)" -gt 0 ]; then
  mt_options="num-threads=2"
fi
mt_sizes=4Mi
if [ -n "$ab" ] || [ "$ab_dynamic" = 1 ] || [ -n "$ab_binary" ]; then
  mt_options="$ab"
  mt_sizes="64Ki,4Mi,64Mi"
fi
second="$mt_options"
[ "$ab_dynamic" = 1 ] && second="every dim dynamic${ab:+, $ab}"
[ -n "$ab_binary" ] && second="$ab_binary${ab:+ with $ab}"
log "configuring the benchmark ($set_name set${second:+, second kernels: $second})"
cmake "${cmake_args[@]}" -DQDQ_BUILD_BENCHMARKS=ON -DQDQ_BENCH_SET="$set_name" \
  -DQDQ_BENCH_SIZES="$sizes" -DQDQ_BENCH_FILTER="$filter" \
  -DQDQ_BENCH_MT_SIZES="$mt_sizes" \
  -DQDQ_BENCH_MT_OPTIONS="$mt_options" \
  -DQDQ_BENCH_MT_DYNAMIC="$([ "$ab_dynamic" = 1 ] && echo ON || echo OFF)" \
  -DQDQ_BENCH_MT_QDQ_OPT="$ab_binary" -DQDQ_BENCH_CPU="$cpu" \
  -DQDQ_BENCH_PIPELINE_OPTIONS="$pipeline_options" >/dev/null
gen="$build/bench/gen"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
log "building (kernels: qdq-opt/mlir-opt -> mlir-translate -> llc, in parallel)"
if ! ninja -C "$build" bench_dq >"$tmp/build.log" 2>&1; then
  grep -v -E '(qdq|upstream) kernel ' "$tmp/build.log" | tail -40 >&2
  log "build failed"
  exit 1
fi
bench="$build/bench/bench_dq"
# The code the kernels were built from (edits made while the run times
# them must not be credited to them): machine.json's git.
git_state="$(python3 "$root/bench/machine_info.py" --git-state "$results/machine.json")"

# 1. Correctness: every kernel against the plain loop, the plain loops
#    against dq_reference.py.
verify_args=(--verify-only --dump-samples="$tmp")
[ -n "$filter" ] && verify_args+=(--case-filter="$filter")
log "verifying every kernel bit-exactly against the plain C++ loop"
"$bench" "${verify_args[@]}" 2>&1 | tee "$results/verify.log" >&2
log "checking the plain loops against test/Integration/reference/dq_reference.py"
python3 "$root/bench/check_samples.py" "$gen/cases.json" "$tmp/samples.jsonl"

# 2. Timing.
load_before="$(cut -d' ' -f1 /proc/loadavg)"
log "timing (load average $load_before; $(nproc) cores)"
bench_args=(--benchmark_out="$results/bench.json" --benchmark_out_format=json
  --rounds="$rounds" --time-scale="$time_scale")
[ -n "$filter" ] && bench_args+=(--case-filter="$filter")
"$bench" "${bench_args[@]}"
load_after="$(cut -d' ' -f1 /proc/loadavg)"

# 3. ONNX Runtime (after the timed run, so that the two never overlap).
ort_json=""
if [ "$ort" = 1 ] && command -v node >/dev/null && command -v npm >/dev/null; then
  if [ ! -d "$root/bench/node/node_modules/onnxruntime-node" ] ||
     [ ! -d "$root/bench/node/node_modules/onnx-proto" ]; then
    log "installing onnxruntime-node 1.30.0 and onnx-proto into bench/node (npm --ignore-scripts)"
    (cd "$root/bench/node" && npm install --ignore-scripts --no-package-lock \
      --no-audit --no-fund >/dev/null)
  fi
  log "timing ONNX Runtime"
  ort_args=(--cases "$gen/cases.json" --out "$results/ort.json")
  [ -n "$filter" ] && ort_args+=(--filter "$filter")
  node "$root/bench/node/ort_bench.mjs" "${ort_args[@]}"
  ort_json="$results/ort.json"
else
  log "ONNX Runtime skipped"
  rm -f "$results/ort.json"
fi

# 4. Static view of qdq's loops (llvm-mca), then the table.
QDQ_BENCH_CPU="$cpu" python3 "$root/bench/loop_report.py" "$build/bench/obj" \
  "$results/loops.json" || true
python3 "$root/bench/machine_info.py" "$results/machine.json" \
  load_before="$load_before" load_after="$load_after" rounds="$rounds" \
  time_scale="$time_scale" pipeline_options="$pipeline_options" cpu="$cpu" \
  threads_options="$second" \
  command="$cmdline" git="$git_state"
python3 "$root/bench/make_table.py" --cases "$gen/cases.json" \
  --bench "$results/bench.json" ${ort_json:+--ort "$ort_json"} \
  --verify-log "$results/verify.log" --loops "$results/loops.json" \
  --machine "$results/machine.json" --out "$results/RESULTS.md"
log "wrote $results/RESULTS.md"
