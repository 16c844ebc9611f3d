#!/usr/bin/env python3
"""Random executed tests: random qdq.dequantize_linear cases, lowered with
qdq-opt --qdq-to-llvm in several variants, run with mlir-runner and compared
bit-exactly (NaN as NaN) with dq_reference.py, like the generated files in
../Execution (the same emitter, gen_exec_tests.emit_file).

The generated files cover fixed shapes; these cases draw the shapes too,
sized so that the vector lowering's schemes and their boundaries come up:
innermost dims that are or are not whole steps (33 to 2048), a few rows
(whole and partial segments and period tiles, leftover rows), the axis
innermost or outer, blocks of 1 to 128 with partial last blocks, every x
type (f16/bf16 x included, which ONNX Runtime cannot run), scale type and
result type, zero points present or absent, and in about a third of the
cases some dims dynamic (with the parameters' matching dims).

    random_exec.py --seed S --count N --work DIR --qdq-opt PATH \\
        --mlir-runner PATH --filecheck PATH --shared-libs LIB,LIB,...

prints one line per failing run and a summary, and exits 1 on a failure.
--max-elements caps each case (default 12288); --short-rows draws
innermost dims of 2 to 31 with more rows instead; --x-types,
--granularities, --block-sizes, --scale-types and --result-types
(comma-separated) draw from those only,
for a campaign
aimed at one part of the lowering (the default draws are unchanged, so
earlier seeds give the same cases); --corrupt K flips the
lowest bit of one finite expected value of case K (the harness must then
report that file as failing).
"""

import argparse
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_exec_tests as G  # noqa: E402

R = G.R

X_TYPES = ['i2', 'ui2', 'i4', 'ui4', 'i8', 'ui8', 'i16', 'ui16', 'i32',
           'ui32', 'f8E4M3FN', 'f8E4M3FNUZ', 'f8E5M2', 'f8E5M2FNUZ',
           'f4E2M1FN', 'f16', 'bf16']
SCALE_TYPES = ['f32', 'f16', 'bf16', 'f8E8M0FNU']
RESULT_TYPES = ['f32', 'f16', 'bf16']
INNER_DIMS = [33, 64, 96, 100, 128, 192, 256, 512, 1024, 2048]
BLOCK_SIZES = [1, 2, 3, 4, 5, 8, 16, 24, 32, 48, 64, 100, 128]
# --short-rows: innermost dims shorter than a step, many rows (the loop rows
# of block rows, which take several rows of a static x per loop row).
SHORT_INNER_DIMS = [2, 3, 5, 6, 7, 9, 10, 11, 13, 15, 17, 20, 25, 31]
SHORT_OUTER_DIMS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 24, 32, 64]
# The pipeline variants of RUN_OPTIONS (host width, 128 bits with one
# register, 512 bits with non-temporal stores, two threads, the linalg
# path), 256 bits (the AVX2 forms and their registers per iteration), the
# vector path without the x86 shuffles, and per-axis without tables
# (max-table-period=0: in-place reads and block rows, which the default
# takes only for periods above 16384), and (bf16 x on AVX-512 hosts) the
# steps of products below 2^-126 at every size (tiny-products-min-bytes=1),
# and (MX formats into f16 on AVX512_VBMI hosts) the code tables at every
# size (code-table-min-blocks=0).
VARIANTS = G.RUN_OPTIONS + [
    '="vector-bits=256"',
    '="cpu-features=none"',
    ' --convert-qdq-to-vector="max-table-period=0" --qdq-to-llvm',
    '="tiny-products-min-bytes=1"',
    '="code-table-min-blocks=0"']


def random_case(seed, max_elements, short_rows=False, x_types=None,
                granularities=None, block_sizes=None, scale_types=None,
                result_types=None):
    """One case, fully determined by `seed` (and `short_rows`): the first
    draw that is a well-formed op (blocks over a dim that leave a single
    scale element would be a per-tensor scale, which the reference rejects
    as blocked)."""
    for attempt in range(100):
        case = _draw(seed, attempt, max_elements, short_rows, x_types,
                     granularities, block_sizes, scale_types, result_types)
        if case:
            return case
    raise SystemExit('no well-formed case for seed %d' % seed)


def _draw(seed, attempt, max_elements, short_rows, x_types, granularities,
          block_sizes, scale_types, result_types):
    r = random.Random(seed * 101 + attempt)
    rng = G.Rng('random%d.%d' % (seed, attempt))
    x_type = r.choice(x_types or X_TYPES)
    s_type = r.choice(scale_types or SCALE_TYPES)
    y_type = r.choice(result_types or RESULT_TYPES)
    rank = r.choice([1, 2, 2, 3])
    outer = SHORT_OUTER_DIMS if short_rows else [1, 2, 3, 5, 7, 9]
    inner = SHORT_INNER_DIMS if short_rows else INNER_DIMS
    shape = [r.choice(outer) for _ in range(rank)]
    shape[-1] = r.choice([d for d in inner if d <= max_elements])
    while rank > 1 and shape[0] > 1 and R.num_elements(shape) > max_elements:
        shape[0] -= 1
    if R.num_elements(shape) > max_elements:
        shape = [1] * (rank - 1) + [shape[-1]]
    axis = r.choice([rank - 1, rank - 1, 0])
    granularity = r.choice(granularities or
                           ['per-tensor', 'per-axis', 'per-axis', 'blocked',
                            'blocked'])
    block = 0
    if granularity == 'per-tensor':
        s_shape = []
    elif granularity == 'per-axis':
        s_shape = [shape[axis]]
    else:
        block = r.choice(block_sizes or BLOCK_SIZES)
        s_shape = list(shape)
        s_shape[axis] = (shape[axis] + block - 1) // block
        if R.num_elements(s_shape) == 1:
            return None
    center = G.CENTER[x_type]
    scale = [G.rand_scale(rng, s_type, center) for _ in range(R.num_elements(s_shape))]
    # Zero points: integer x (int32 zero points are zero in ONNX, left out)
    # and f16/bf16 x; fp8/fp4 zero points are zero (DQ-R15).
    zp_allowed = (R.is_int_type(x_type) and x_type not in ('i32', 'ui32')
                  or x_type in ('f16', 'bf16'))
    has_zp = zp_allowed and r.random() < 0.7
    zp = G.rand_x(rng, x_type, R.num_elements(s_shape)) if has_zp else None
    x = G.rand_x(rng, x_type, R.num_elements(shape))
    case = G.Case('r%d' % seed, x_type, shape, x, s_type, s_shape, scale,
                  zp_type=x_type if has_zp else None,
                  zp_shape=s_shape if has_zp else None, zp=zp, axis=axis,
                  block_size=block, y_type=y_type,
                  note='random case, seed %d.' % seed)
    # Drawn last, so the fields above are those of earlier versions.
    if r.random() < 0.3:
        case.dynamic = tuple(d for d in range(rank) if r.random() < 0.5)
    return case


def corrupt(case):
    """Flips the lowest bit of the first finite expected value."""
    fmt = R.IEEE[case.y_type]
    for i, bits in enumerate(case.y):
        if not fmt.is_nan(bits) and not fmt.is_inf(bits):
            case.y[i] = bits ^ 1
            return
    raise SystemExit('case %s has no finite result to corrupt' % case.name)


def run(args, path, variant):
    # As in gen_exec_tests.run_lines: a variant starting with a space is the
    # whole pass list, else the options of --qdq-to-llvm.
    passes = variant if variant.startswith(' ') else ' --qdq-to-llvm' + variant
    cmd = ('%s %s%s | %s -O3 -e main -entry-point-result=void '
           '-shared-libs=%s | %s %s' % (args.qdq_opt, path, passes,
                                        args.mlir_runner, args.shared_libs,
                                        args.filecheck, path))
    done = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    if done.returncode == 0:
        return None
    first = (done.stderr.strip().splitlines() or ['(no output)'])[0]
    return 'FAIL %s%s: %s' % (path, passes, first[:240])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--seed', type=int, required=True)
    parser.add_argument('--count', type=int, required=True)
    parser.add_argument('--per-file', type=int, default=6)
    parser.add_argument('--work', required=True)
    parser.add_argument('--qdq-opt', required=True)
    parser.add_argument('--mlir-runner', required=True)
    parser.add_argument('--filecheck', required=True)
    parser.add_argument('--shared-libs', required=True)
    parser.add_argument('--max-elements', type=int, default=12288)
    parser.add_argument('--corrupt', type=int, default=-1)
    parser.add_argument('--short-rows', action='store_true',
                        help='innermost dims of 2 to 31 and more rows')
    parser.add_argument('--x-types', default='',
                        help='draw x from these types only (e.g. i4,ui4)')
    parser.add_argument('--granularities', default='',
                        help='draw from these granularities only '
                        '(per-tensor, per-axis, blocked)')
    parser.add_argument('--block-sizes', default='',
                        help='draw block sizes from these only (e.g. 32,64)')
    parser.add_argument('--scale-types', default='',
                        help='draw scale types from these only (e.g. '
                        'f8E8M0FNU)')
    parser.add_argument('--result-types', default='',
                        help='draw result types from these only (e.g. bf16)')
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    x_types = [t for t in args.x_types.split(',') if t]
    granularities = [g for g in args.granularities.split(',') if g]
    block_sizes = [int(b) for b in args.block_sizes.split(',') if b]
    scale_types = [t for t in args.scale_types.split(',') if t]
    result_types = [t for t in args.result_types.split(',') if t]
    for types, known, what in ((x_types, X_TYPES, 'x'),
                               (scale_types, SCALE_TYPES, 'scale'),
                               (result_types, RESULT_TYPES, 'result')):
        for t in types:
            if t not in known:
                parser.error('unknown %s type %r (expected one of %s)' %
                             (what, t, ', '.join(known)))
    for g in granularities:
        if g not in ('per-tensor', 'per-axis', 'blocked'):
            parser.error('unknown granularity %r' % g)

    os.makedirs(args.work, exist_ok=True)
    cases = [random_case(args.seed * 100003 + i, args.max_elements,
                         args.short_rows, x_types, granularities,
                         block_sizes, scale_types, result_types)
             for i in range(args.count)]
    if 0 <= args.corrupt < len(cases):
        corrupt(cases[args.corrupt])
    paths = []
    for start in range(0, len(cases), args.per_file):
        path = os.path.join(args.work, 'random-%d.mlir' % (start // args.per_file))
        chunk = cases[start:start + args.per_file]
        with open(path, 'w') as f:
            f.write(G.emit_file('Random cases (random_exec.py, seed %d).'
                                % args.seed, chunk, VARIANTS))
        paths.append(path)
    jobs = [(p, v) for p in paths for v in VARIANTS]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        failures = [f for f in pool.map(lambda j: run(args, *j), jobs) if f]
    for failure in failures:
        print(failure)
    elements = sum(R.num_elements(c.x_shape) for c in cases)
    print('random-exec: seed %d: %d cases (%d elements) in %d files, %d runs, '
          '%d failures' % (args.seed, len(cases), elements, len(paths),
                           len(jobs), len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
