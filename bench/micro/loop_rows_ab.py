#!/usr/bin/env python3
"""A/B of two qdq-opt binaries on blocked ops with short or packed rows.

Behind the numbers in bench/HISTORY.md for the loop rows of block rows
(several rows of x per loop row). Not part of the build or of any test:

    python3 bench/micro/loop_rows_ab.py OLD_QDQ_OPT NEW_QDQ_OPT [--rounds N]
                                        [--set rows|blocks16|groups]

`--set blocks16` times blocked packed 2-bit x in blocks of 16 and 32 instead
(x [256, 4096] ui2: the block tables of 2-bit x with f16/bf16 results).
`--set groups` times the block tables per group (block rows in groups of
lcm(B, 64) columns): ui2 in blocks of 6, i4 in blocks of 40 and 24, and
int4 rows of 48 in blocks of 24 (groups of 4 rows).

Each case is a function that dequantizes an x of about 1 Mi elements
(static, or with a dynamic row count: the kernel casts its operands), called 400 times from `main` under `mlir-runner -O3` after one
warm-up call; `rtclock` times the 400 calls. The result buffer is
allocated and freed by every call (as `--qdq-to-llvm` bufferizes a
returned tensor), so the time includes that allocation for both binaries:
compare the two columns, not the bytes per second. x is a splat constant
(the scale is filled at run time, so nothing folds); each call's y[0, 1]
is checked against 1.5. Rounds alternate
between the binaries; the median of the rounds is printed.
"""

import argparse
import os
import statistics
import subprocess
import tempfile

LIB = '/usr/lib/llvm-22/lib'
RUNNER = '/usr/lib/llvm-22/bin/mlir-runner'
CALLS = 400

# name, x type, rows M, row length K, block B, scale type, result type,
# M dynamic in the kernel
CASES = [('i8_k5_b2_f32', 'i8', 209715, 5, 2, 'f32', 'f32', False),
         ('i8_k5_b2_f16', 'i8', 209715, 5, 2, 'f16', 'f16', False),
         ('i4_k7_b2_f32', 'i4', 149796, 7, 2, 'f32', 'f32', False),
         ('i8_k10_b4_bf16', 'i8', 104857, 10, 4, 'bf16', 'bf16', False),
         ('i8_k48_b24_f32', 'i8', 21845, 48, 24, 'f32', 'f32', False),
         ('i8_dyn_k5_b2_f16', 'i8', 209715, 5, 2, 'f16', 'f16', True),
         ('i8_dyn_k10_b4_f32', 'i8', 104857, 10, 4, 'f32', 'f32', True),
         ('u4_dyn_k6_b4_f32', 'ui4', 174762, 6, 4, 'f32', 'f32', True)]
BLOCK16_CASES = [('u2_b16_f16', 'ui2', 256, 4096, 16, 'f16', 'f16', False),
                 ('u2_b16_bf16', 'ui2', 256, 4096, 16, 'bf16', 'bf16', False),
                 ('u2_b32_f16', 'ui2', 256, 4096, 32, 'f16', 'f16', False)]
GROUP_CASES = [('u2_b6_f16', 'ui2', 341, 3072, 6, 'f16', 'f16', False),
               ('u2_b6_bf16', 'ui2', 341, 3072, 6, 'bf16', 'bf16', False),
               ('i4_b40_f16', 'i4', 327, 3200, 40, 'f16', 'f16', False),
               ('i4_b40_bf16', 'i4', 327, 3200, 40, 'bf16', 'bf16', False),
               ('i4_k48_b24_f16', 'i4', 21845, 48, 24, 'f16', 'f16', False),
               ('i4_b24_f16', 'i4', 256, 4032, 24, 'f16', 'f16', False)]


def kernel(x_type, rows, length, block, s_type, y_type, dynamic):
    blocks = -(-length // block)
    xty = 'tensor<%dx%dx%s>' % (rows, length, x_type)
    sty = 'tensor<%dx%dx%s>' % (rows, blocks, s_type)
    yty = 'tensor<%dx%dx%s>' % (rows, length, y_type)
    # The kernel's types: M dynamic, or as in main.
    m = '?' if dynamic else str(rows)
    kx = 'tensor<%sx%dx%s>' % (m, length, x_type)
    ks = 'tensor<%sx%dx%s>' % (m, blocks, s_type)
    ky = 'tensor<%sx%dx%s>' % (m, length, y_type)
    return f'''func.func private @rtclock() -> f64
func.func private @printF64(f64)
func.func private @printNewline()
func.func @dq(%xs: {xty}, %ss: {sty}) -> {yty} {{
  %x = tensor.cast %xs : {xty} to {kx}
  %s = tensor.cast %ss : {sty} to {ks}
  %yk = qdq.dequantize_linear %x, %s block_size = {block} : ({kx}, {ks}) -> {ky}
  %y = tensor.cast %yk : {ky} to {yty}
  return %y : {yty}
}}
func.func @main() {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %calls = arith.constant {CALLS} : index
  %want = arith.constant 1.5 : f64
  %x = arith.constant dense<3> : {xty}
  %sv = arith.constant 0.5 : {s_type}
  %se = tensor.empty() : {sty}
  %s = linalg.fill ins(%sv : {s_type}) outs(%se : {sty}) -> {sty}
  %warm = func.call @dq(%x, %s) : ({xty}, {sty}) -> {yty}
  %t0 = func.call @rtclock() : () -> f64
  scf.for %i = %c0 to %calls step %c1 {{
    %y = func.call @dq(%x, %s) : ({xty}, {sty}) -> {yty}
    %e = tensor.extract %y[%c0, %c1] : {yty}
    %f = arith.extf %e : {y_type} to f64
    %wrong = arith.cmpf une, %f, %want : f64
    scf.if %wrong {{
      func.call @printF64(%f) : (f64) -> ()
    }}
  }}
  %t1 = func.call @rtclock() : () -> f64
  %dt = arith.subf %t1, %t0 : f64
  func.call @printF64(%dt) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}}
'''


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('old')
    parser.add_argument('new')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--set', choices=('rows', 'blocks16', 'groups'),
                        default='rows')
    args = parser.parse_args()
    cases = {'rows': CASES, 'blocks16': BLOCK16_CASES,
             'groups': GROUP_CASES}[args.set]
    libs = ','.join(os.path.join(LIB, name) for name in
                    ('libmlir_runner_utils.so', 'libmlir_c_runner_utils.so',
                     'libomp.so'))
    with tempfile.TemporaryDirectory() as tmp:
        lowered = {}
        for name, *shape in cases:
            source = os.path.join(tmp, name + '.mlir')
            with open(source, 'w') as f:
                f.write(kernel(*shape))
            for tag, binary in (('old', args.old), ('new', args.new)):
                lowered[name, tag] = subprocess.run(
                    [binary, source, '--qdq-to-llvm'], check=True,
                    capture_output=True, text=True).stdout
        times = {key: [] for key in lowered}
        for _ in range(args.rounds):
            for name, *_ in cases:
                for tag in ('old', 'new'):
                    out = subprocess.run(
                        [RUNNER, '-O3', '-e', 'main',
                         '-entry-point-result=void', '-shared-libs=' + libs],
                        input=lowered[name, tag], check=True,
                        capture_output=True, text=True).stdout.split()
                    # y[0, 1] = (3 - 0) * 0.5; a wrong one is printed.
                    assert len(out) == 1, 'wrong result in ' + name
                    times[name, tag].append(float(out[0]))
        print('%-16s %10s %10s %8s' % ('case', 'old (ms)', 'new (ms)',
                                        'old/new'))
        for name, *_ in cases:
            old = statistics.median(times[name, 'old']) * 1e3
            new = statistics.median(times[name, 'new']) * 1e3
            print('%-16s %10.1f %10.1f %8.2f' % (name, old, new, old / new))


if __name__ == '__main__':
    main()
