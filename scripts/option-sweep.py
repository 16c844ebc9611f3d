#!/usr/bin/env python3
"""Random combinations of the --qdq-to-llvm options over the executed tests.

Each executed lit test (test/Integration: a RUN line that pipes
`qdq-opt %s --qdq-to-llvm...` into mlir-runner and FileCheck) checks its
results bit for bit against values computed independently of the lowering
(dq_reference.py, or scalar code in the test). The lit RUN lines fix a few
option sets per test; this script runs such a test's first executed RUN line
again with a random combination of the pipeline's options, drawn from every
option of QDQToLLVMPipelineOptions (include/qdq/Pipelines/Pipelines.h; the
script fails when an option there has no values here, so the two stay in
step): a list of values per option, and for integer options their whole
valid range too (RANGES). Extensions come from those this CPU has, so that
the code runs (AVX512_FP16 on any CPU, see FEATURE_SETS).

  scripts/option-sweep.py [--seconds S | --count N] [--seed N] [--jobs J]
                          [--build DIR] [--tests DIR ...]
                          [--compile-cpus CPU,...]

With --compile-cpus (e.g. znver4,sapphirerapids), each run also compiles its
lowered module with llc for those CPUs, whatever this host is.

With --tests, the tests come from those folders instead: e.g. the files that
test/Integration/reference/random_exec.py writes (random shapes, types and
granularities, checked against the Python reference) then meet random
options too.

Prints one line per run (the test and its options) and, for a failure, the
whole command and its output (run it with /usr/lib/llvm-22/bin first in
PATH to reproduce it). Exits 1 when a run failed, 2 on a usage or setup
error, 0 otherwise.
"""
import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM_BIN = "/usr/lib/llvm-22/bin"
LLVM_LIB = "/usr/lib/llvm-22/lib"

# Values per option: the default first, then settings that force each form,
# and the edges of each range. `runtime-checks` stays on: the tests of the
# run-time checks expect their diagnostics.
VALUES = {
    "runtime-checks": ["true"],
    "vectorize": ["true", "false"],
    "vector-bits": [0, 128, 256, 512],
    "vector-unroll": [0, 1, 2, 3, 4, 7],
    "f16-stores": ["host", "per-register", "separate", "joined",
                   "joined-for-32-bit-x"],
    "period-tile": [0, 1, 2, 3, 5, 8, 16],
    "tiny-products-min-bytes": [0, -1, 1],
    "subnormal-branch": [0, -1, 1],
    "per-tensor-bf16-table": [0, -1, 1],
    "flush-subnormals": ["true", "false"],
    "code-table-min-blocks": [32, -1, 0, 1],
    "code-select-max-table-bytes": [0, 1, 64, 512, 4096],
    "nontemporal-min-bytes": [0, -1, 1, 4096],
    "nontemporal-share-rule": ["host", "scaled", "flat"],
    "nontemporal-prefetch-bytes": [0, -1, 1, 63, 4096],
    "nontemporal-prefetch-max-element-bits": [0, -1, 1, 8, 64],
    "nontemporal-prefetch-every-line-min-work": [0, -1, 1, 1000],
    "nontemporal-prefetch-far-bytes": [0, -1, 1, 16384],
    "fold": ["true", "false"],
    "fold-max-elements": [65536, -1, 0, 16],
    "num-threads": [1, 2, 3],
    "parallel-threshold": [262144, 0, 1],
    "cpu-features": None,  # from the host's flags, below
}

# Integer options also draw from their whole valid range, a third of the
# times they are picked: (lowest, highest, log), where log draws the
# magnitude's power of two uniformly (byte and element counts), so that
# values between the listed ones (thresholds just above or below an op's
# bytes, odd tiles, unrolls and distances) come up too.
RANGES = {
    "vector-unroll": (0, 16, False),
    "period-tile": (0, 16, False),
    "tiny-products-min-bytes": (-1, 1 << 24, True),
    "code-table-min-blocks": (-1, 4096, True),
    "code-select-max-table-bytes": (0, 1 << 17, True),
    "nontemporal-min-bytes": (-1, 1 << 26, True),
    "nontemporal-prefetch-bytes": (-1, 1 << 16, True),
    "nontemporal-prefetch-max-element-bits": (-1, 64, False),
    "nontemporal-prefetch-every-line-min-work": (-1, 64, False),
    "nontemporal-prefetch-far-bytes": (-1, 1 << 16, True),
    "fold-max-elements": (-1, 1 << 17, True),
    "num-threads": (1, 4, False),
    "parallel-threshold": (0, 1 << 20, True),
}


def draw_in_range(rng, lowest, highest, log):
    """A value of [lowest, highest]; with log, a power of two drawn first
    (values below 1 as often as any one power)."""
    if not log:
        return rng.randint(lowest, highest)
    powers = highest.bit_length() - 1
    k = rng.randint(-1, powers)
    if k < 0:
        return rng.randint(lowest, 0)
    return rng.randint(1 << k, min(highest, (2 << k) - 1))


# Extension sets, each a valid `cpu-features` value; those needing an
# extension this CPU lacks are left out. AVX512_FP16 needs none: its steps
# are plain f16 vector arithmetic, which LLVM compiles for the CPU at hand
# (test/Integration/Execution/dq-native-f16.mlir runs them everywhere).
FEATURE_SETS = [
    "none", "ssse3", "f16c", "avx2", "avx2,f16c", "avx2,f16c,avx512fp16",
    "avx512f", "avx512f,avx512bw", "avx512f,avx512bw,avx512vbmi",
    "avx512f,avx512bw,avx512vbmi,avx512bf16", "avx512f,avx512bf16",
    "avx512f,avx512bw,avx512fp16",
    "avx512f,avx512bw,avx512vbmi,avx512bf16,f16c,avx512fp16",
]
CPUINFO_FLAG = {"ssse3": "ssse3", "f16c": "f16c", "avx2": "avx2",
                "avx512f": "avx512f", "avx512bw": "avx512bw",
                "avx512vbmi": "avx512vbmi", "avx512bf16": "avx512_bf16",
                "avx512fp16": None}


def host_feature_sets():
    flags = set()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    flags = set(line.split(":", 1)[1].split())
                    break
    except OSError:
        pass
    sets = ["host"]
    for s in FEATURE_SETS:
        wanted = [w for w in s.split(",") if w != "none"]
        if all(CPUINFO_FLAG[w] is None or CPUINFO_FLAG[w] in flags
               for w in wanted):
            sets.append(s)
    return sets


def pipeline_options():
    """The option names QDQToLLVMPipelineOptions declares."""
    path = os.path.join(ROOT, "include/qdq/Pipelines/Pipelines.h")
    with open(path) as f:
        return re.findall(r'\*this,\s*"([a-z0-9-]+)"', f.read())


def executed_tests(dirs):
    """(test path, its first RUN line that executes --qdq-to-llvm code)."""
    tests = []
    for dirpath, _, names in (w for d in dirs for w in os.walk(d)):
        for name in sorted(names):
            if not name.endswith(".mlir"):
                continue
            path = os.path.join(dirpath, name)
            with open(path) as f:
                for line in f:
                    if not line.startswith("// RUN:"):
                        continue
                    run = line[len("// RUN:"):].strip()
                    if (run.startswith("qdq-opt %s --qdq-to-llvm")
                            and "mlir-runner" in run and "FileCheck" in run):
                        tests.append((path, run))
                        break
    return sorted(tests)


def command(path, run, options, qdq_opt, compile_cpus=()):
    """The RUN line with `options` and the substitutions lit would make;
    then, for each of `compile_cpus`, the same qdq-opt output compiled by
    llc for that CPU (LLVM's backend differs by CPU: an AVX512_BF16 target
    aborted on code that others compiled, bench/HISTORY.md 2026-12-07)."""
    run = re.sub(r'--qdq-to-llvm(="[^"]*")?', f'--qdq-to-llvm="{options}"',
                 run, count=1)
    libs = [f"{LLVM_LIB}/libmlir_runner_utils.so",
            f"{LLVM_LIB}/libmlir_c_runner_utils.so", f"{LLVM_LIB}/libomp.so"]
    # Every run may call the OpenMP runtime (num-threads).
    run = re.sub(r"-shared-libs=\S+", "-shared-libs=" + ",".join(libs), run)
    run = run.replace("%s", path)
    run = re.sub(r"^qdq-opt ", qdq_opt + " ", run)
    if re.search(r"%[A-Za-z_]", run):
        return None  # a substitution this script does not make
    lowering = run.split(" | ")[0]
    for cpu in compile_cpus:
        run += (f" && {lowering} | mlir-translate --mlir-to-llvmir | llc -O3"
                f" -mtriple=x86_64-unknown-linux-gnu -mcpu={cpu} -o /dev/null")
    return run


def run_one(cmd):
    """Runs `cmd` with LLVM's tools (mlir-runner, FileCheck, not) first in
    PATH, as lit finds them."""
    env = dict(os.environ, PATH=LLVM_BIN + os.pathsep + os.environ["PATH"])
    start = time.monotonic()
    try:
        r = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], env=env,
                           capture_output=True, text=True, timeout=900)
        return r.returncode, r.stdout + r.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return -1, "timed out after 900 s", time.monotonic() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=0,
                    help="start runs until this much time has passed")
    ap.add_argument("--count", type=int, default=0,
                    help="this many runs (default 20 without --seconds)")
    ap.add_argument("--seed", type=int, default=None,
                    help="random seed (default: from the clock, printed)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--build", default=os.environ.get(
        "QDQ_BUILD_DIR", os.path.join(ROOT, "build")))
    ap.add_argument("--tests", action="append", default=[],
                    help="take the executed tests below this folder "
                    "(repeatable; default: test/Integration), e.g. the "
                    "files of test/Integration/reference/random_exec.py")
    ap.add_argument("--compile-cpus", default="",
                    help="comma-separated llc -mcpu values: each run also "
                    "compiles its lowered module for these CPUs")
    args = ap.parse_args()
    compile_cpus = [c for c in args.compile_cpus.split(",") if c]
    if args.seconds <= 0 and args.count <= 0:
        args.count = 20

    missing = [o for o in pipeline_options() if o not in VALUES]
    unknown = [o for o in RANGES if o not in VALUES]
    if unknown:
        print("option-sweep: ranges of unknown options " + ", ".join(unknown),
              file=sys.stderr)
        return 2
    if missing:
        print("option-sweep: no values for " + ", ".join(missing) +
              " (add them to VALUES)", file=sys.stderr)
        return 2
    qdq_opt = os.path.join(args.build, "bin", "qdq-opt")
    if not os.access(qdq_opt, os.X_OK):
        print(f"option-sweep: {qdq_opt} not found (build first)",
              file=sys.stderr)
        return 2
    tests = [(path, run) for path, run in executed_tests(
        args.tests or [os.path.join(ROOT, "test/Integration")])
             if command(path, run, "", qdq_opt) is not None]
    if not tests:
        print("option-sweep: no executed tests found", file=sys.stderr)
        return 2

    seed = args.seed if args.seed is not None else int(time.time())
    print(f"option-sweep: seed {seed}, {len(tests)} executed tests")
    rng = random.Random(seed)
    values = dict(VALUES, **{"cpu-features": host_feature_sets()})

    def value(name):
        if name in RANGES and rng.random() < 1 / 3:
            return draw_in_range(rng, *RANGES[name])
        return rng.choice(values[name])

    def draw():
        path, run = rng.choice(tests)
        picked = [f"{k}={value(k)}" for k, v in values.items()
                  if len(v) > 1 and rng.random() < 0.4]
        return path, " ".join(picked), run

    deadline = time.monotonic() + args.seconds
    started = failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        pending = {}
        while True:
            more = (started < args.count if args.count > 0
                    else time.monotonic() < deadline)
            while more and len(pending) < args.jobs:
                path, options, run = draw()
                cmd = command(path, run, options, qdq_opt, compile_cpus)
                pending[pool.submit(run_one, cmd)] = (path, options, cmd)
                started += 1
                more = (started < args.count if args.count > 0
                        else time.monotonic() < deadline)
            if not pending:
                break
            done, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                path, options, cmd = pending.pop(fut)
                rc, output, took = fut.result()
                name = (os.path.relpath(path, ROOT)
                        if path.startswith(ROOT + os.sep) else path)
                if rc == 0:
                    print(f"ok   {name} ({took:.1f} s) {options}")
                else:
                    failed += 1
                    print(f"FAIL {name} (exit {rc}) {options}\n  {cmd}\n"
                          + output[-3000:])
                sys.stdout.flush()
    print(f"option-sweep: {started} runs, {failed} failed (seed {seed})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
