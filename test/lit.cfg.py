# -*- Python -*-
import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "QDQ"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.qdq_obj_root, "test")
config.excludes = ["CMakeLists.txt", "README.md", "Inputs", "run-doc-examples.py", "dq_reference.py", "gen_exec_tests.py", "test_dq_reference.py", "__pycache__", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
config.substitutions.append(("%qdq_src_root", config.qdq_src_root))
config.substitutions.append(("%qdq_obj_root", config.qdq_obj_root))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

# Captured SSA names never leak between CHECK-LABEL blocks.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"

tool_dirs = [config.qdq_tools_dir, config.llvm_tools_dir]
# `lit --param tune_cpu=znver3` (an LLVM CPU name): qdq-opt takes that CPU's
# host defaults (--qdq-tune-cpu), and the host-cpu-<name> feature below
# names it, so the tests of every measured CPU's defaults run on any host.
qdq_tune_cpu = lit_config.params.get("tune_cpu")
qdq_opt_args = ["--qdq-tune-cpu=" + qdq_tune_cpu] if qdq_tune_cpu else []
tools = [ToolSubst("qdq-opt", extra_args=qdq_opt_args, unresolved="fatal"),
         "qdq-onnx-run", "mlir-runner", "mlir-translate", "opt", "llc", "not", "count", "split-file"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Executed tests: mlir-runner with the upstream runner utilities.
config.substitutions.append(
    ("%mlir_runner_utils",
     os.path.join(config.mlir_lib_dir, "libmlir_runner_utils" + config.llvm_shlib_ext)))
config.substitutions.append(
    ("%mlir_c_runner_utils",
     os.path.join(config.mlir_lib_dir, "libmlir_c_runner_utils" + config.llvm_shlib_ext)))

# OpenMP runtime for code lowered with --qdq-to-llvm="num-threads=N".
config.substitutions.append(
    ("%libomp", os.path.join(config.mlir_lib_dir, "libomp" + config.llvm_shlib_ext)))

# The ONNX backend node tests live in ../shared beside the project root.
config.substitutions.append(
    ("%onnx_node_tests",
     os.path.join(os.path.dirname(config.qdq_src_root), "shared", "onnx-node-tests")))
config.substitutions.append(
    ("%qdq_opt_path", os.path.join(config.qdq_tools_dir, "qdq-opt")))

# test/Lint: clang-format-22 (scripts/install-deps.sh installs it) over the
# tracked sources, which only a git checkout that git will read can list.
if shutil.which("clang-format-22"):
    config.available_features.add("clang-format-22")
try:
    qdq_tracked = subprocess.run(
        ["git", "-C", config.qdq_src_root, "ls-files", "*.cpp"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if qdq_tracked.returncode == 0 and qdq_tracked.stdout.strip():
        config.available_features.add("git-checkout")
except OSError:
    pass

# Embedding (test/CAPI, test/Embedding): the C API test program, the plugin
# for a stock mlir-opt, and the CMake and compilers that configured this build
# (to build examples/downstream against the installed package).
import shlex

llvm_config.add_tool_substitutions(["qdq-capi-test"], [config.qdq_tools_dir])
qdq_plugin = os.path.join(config.qdq_obj_root, "lib", "QDQPlugin" + config.llvm_shlib_ext)
config.substitutions.append(("%qdq_plugin", qdq_plugin))
if os.path.exists(qdq_plugin):
    config.available_features.add("qdq-plugin")
config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))

# The host CPU as LLVM names it (llc --version: "Host CPU: znver3"), for the
# tests of host defaults: feature host-cpu-<name>.
import re
try:
    qdq_llc_version = subprocess.run(
        [os.path.join(config.llvm_tools_dir, "llc"), "--version"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
except OSError:
    qdq_llc_version = ""
qdq_host_cpu = re.search(r"Host CPU: (\S+)", qdq_llc_version)
if qdq_tune_cpu:
    config.available_features.add("host-cpu-" + qdq_tune_cpu)
elif qdq_host_cpu:
    config.available_features.add("host-cpu-" + qdq_host_cpu.group(1))
# Executed tests of x86 forms beyond the host's default: feature
# host-<flag> for the AVX2 and AVX-512 flags of /proc/cpuinfo this host has.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        qdq_cpu_flags = set(re.search(r"^flags\s*:(.*)$", cpuinfo.read(),
                                      re.M).group(1).split())
except (OSError, AttributeError):
    qdq_cpu_flags = set()
for flag in ["avx2", "avx512f", "avx512bw", "avx512vbmi"]:
    if flag in qdq_cpu_flags:
        config.available_features.add("host-" + flag)


def qdq_cmake_cache_entries():
    entries = {}
    cache = os.path.join(config.qdq_obj_root, "CMakeCache.txt")
    if os.path.exists(cache):
        with open(cache) as f:
            for line in f:
                name, sep, value = line.rstrip("\n").partition("=")
                if sep and not line.startswith(("#", "//")):
                    entries[name.split(":")[0]] = value
    return entries


qdq_cache = qdq_cmake_cache_entries()
config.substitutions.append(
    ("%qdq_cmake", shlex.quote(qdq_cache.get("CMAKE_COMMAND") or shutil.which("cmake") or "cmake")))
qdq_downstream_flags = ["-DCMAKE_BUILD_TYPE=Release"]
if qdq_cache.get("CMAKE_GENERATOR"):
    qdq_downstream_flags.append("-G" + qdq_cache["CMAKE_GENERATOR"])
for var in ["CMAKE_MAKE_PROGRAM", "CMAKE_C_COMPILER", "CMAKE_CXX_COMPILER"]:
    if qdq_cache.get(var):
        qdq_downstream_flags.append("-D%s=%s" % (var, qdq_cache[var]))
config.substitutions.append(
    ("%qdq_downstream_cmake_flags", " ".join(shlex.quote(f) for f in qdq_downstream_flags)))

# Differential testing against ONNX Runtime (test/Differential): needs node
# and the npm packages scripts/install-differential-deps.sh installs into
# test/Differential/node_modules; without them the test is UNSUPPORTED.
config.excludes.append("node_modules")
qdq_differential_dir = os.path.join(config.qdq_src_root, "test", "Differential")
qdq_node = shutil.which("node")
if not qdq_node:
    lit_config.note("differential tests skipped: no `node` on PATH "
                    "(run scripts/install-differential-deps.sh)")
elif subprocess.run([qdq_node, "-e", "require('onnxruntime-node'); require('onnx-proto')"],
                    cwd=qdq_differential_dir, stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL).returncode != 0:
    lit_config.note("differential tests skipped: onnxruntime-node/onnx-proto are not "
                    "installed in test/Differential/node_modules "
                    "(run scripts/install-differential-deps.sh)")
else:
    config.available_features.add("differential")
    config.substitutions.append(("%node", qdq_node))

# Sanitizer builds (QDQ_ENABLE_SANITIZERS, scripts/test-sanitizers.sh): an
# instrumented QDQPlugin cannot load into Debian's uninstrumented mlir-opt,
# so the plugin tests are unsupported there; the downstream example links
# the instrumented libraries, so it links the sanitizer runtimes too.
if qdq_cache.get("QDQ_ENABLE_SANITIZERS", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("qdq-sanitizers")
    config.available_features.discard("qdq-plugin")
    config.substitutions = [
        (key, value + " " + shlex.quote("-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined")
         if key == "%qdq_downstream_cmake_flags" else value)
        for key, value in config.substitutions]

# The libFuzzer target (QDQ_ENABLE_FUZZER): test/Fuzz runs it once over the
# lit tests' inputs.
if os.path.exists(os.path.join(config.qdq_tools_dir, "qdq-fuzz")):
    config.available_features.add("qdq-fuzz")
    llvm_config.add_tool_substitutions(["qdq-fuzz"], [config.qdq_tools_dir])

# A time limit per test, so that a hang (a miscompiled loop under OpenMP can
# spin forever) fails its test instead of stalling the whole run. lit needs
# psutil to enforce it (python3-psutil, scripts/install-deps.sh).
# QDQ_LIT_TIMEOUT overrides it (seconds; 0: none).
try:
    import psutil  # noqa: F401

    lit_config.maxIndividualTestTime = int(os.environ.get("QDQ_LIT_TIMEOUT", "1800"))
except ImportError:
    lit_config.warning("python3-psutil is missing: no time limit per test")
