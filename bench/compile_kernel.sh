#!/usr/bin/env bash
# Compiles one benchmark kernel module ahead of time (bench/README.md).
#
#   compile_kernel.sh qdq IN.mlir OUT.o QDQ_OPT "PIPELINE_OPTIONS"
#       qdq-opt --qdq-to-llvm[=OPTIONS] | mlir-translate --mlir-to-llvmir
#       | llc -O3 -mcpu=native                                   -> OUT.o
#   compile_kernel.sh up IN.mlir OUT.o OUT_O3.o
#       mlir-opt (upstream: --lower-quant-ops, elementwise -> linalg, fusion,
#       bufferization, loops, LLVM) | mlir-translate
#       | llc -O3 -mcpu=native                                   -> OUT.o
#       | opt -O3 -mcpu=native | llc -O3 -mcpu=native            -> OUT_O3.o
#         (functions renamed up_* -> upO3_*)
#
# The objects' calls to malloc/free are renamed qdq_bench_malloc/free, so
# that the harness can hand the kernel its (preallocated, already touched)
# output buffer instead of paying for a fresh allocation and its page faults
# on every call (bench_dq.cpp). Intermediate files stay next to OUT.o
# (*.ll, and *.s when QDQ_BENCH_ASM=1) for inspection. QDQ_BENCH_CPU (default
# native) is the -mcpu of llc and opt: e.g. x86-64-v3 for AVX2 code.
set -euo pipefail

LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
TRIPLE=x86_64-unknown-linux-gnu
CPU="${QDQ_BENCH_CPU:-native}"
LLC=("$LLVM_BIN/llc" -O3 -mcpu="$CPU" -mtriple=$TRIPLE -relocation-model=pic)
OPT=("$LLVM_BIN/opt" -O3 -mcpu="$CPU" -mtriple=$TRIPLE)
TRANSLATE=("$LLVM_BIN/mlir-translate" --mlir-to-llvmir)
REDEFINE=(--redefine-sym malloc=qdq_bench_malloc --redefine-sym free=qdq_bench_free)

kind=$1 in=$2 out=$3
base="${out%.o}"

to_obj() { # ll obj
  "${LLC[@]}" -filetype=obj "$1" -o "$2.tmp"
  if [ "${QDQ_BENCH_ASM:-0}" = 1 ]; then "${LLC[@]}" -filetype=asm "$1" -o "${2%.o}.s"; fi
  "$LLVM_BIN/llvm-objcopy" "${REDEFINE[@]}" "$2.tmp" "$2"
  rm -f "$2.tmp"
}

case "$kind" in
qdq)
  qdq_opt=$4 options=${5:-}
  pipeline="--qdq-to-llvm"
  [ -n "$options" ] && pipeline="--qdq-to-llvm=$options"
  "$qdq_opt" "$in" "$pipeline" -o "$base.llvm.mlir"
  "${TRANSLATE[@]}" "$base.llvm.mlir" -o "$base.ll"
  rm -f "$base.llvm.mlir"
  to_obj "$base.ll" "$out"
  ;;
up)
  out_o3=$4
  "$LLVM_BIN/mlir-opt" "$in" \
    --lower-quant-ops --canonicalize --convert-elementwise-to-linalg \
    --linalg-fuse-elementwise-ops --canonicalize --cse \
    --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
    --convert-linalg-to-loops --lower-affine --convert-scf-to-cf --canonicalize \
    --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
    --convert-arith-to-llvm --convert-index-to-llvm --convert-cf-to-llvm \
    --convert-func-to-llvm --convert-ub-to-llvm --reconcile-unrealized-casts \
    --canonicalize -o "$base.llvm.mlir"
  "${TRANSLATE[@]}" "$base.llvm.mlir" -o "$base.ll"
  rm -f "$base.llvm.mlir"
  to_obj "$base.ll" "$out"
  o3="${out_o3%.o}"
  sed -e 's/@up_/@upO3_/g' -e 's/@_mlir_ciface_up_/@_mlir_ciface_upO3_/g' \
    "$base.ll" > "$o3.noopt.ll"
  "${OPT[@]}" -S "$o3.noopt.ll" -o "$o3.ll"
  rm -f "$o3.noopt.ll"
  to_obj "$o3.ll" "$out_o3"
  ;;
*)
  echo "compile_kernel.sh: unknown kind '$kind'" >&2
  exit 2
  ;;
esac
