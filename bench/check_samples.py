#!/usr/bin/env python3
"""Checks the plain loops of the benchmark against the project's Python
reference (test/Integration/reference/dq_reference.py).

`bench_dq --dump-samples=DIR` writes, per case, the first 64 elements and
random others (1024 in all at 64 Ki elements, 256 at larger sizes) of the
plain loop's result with their x codes. This script recomputes each one
independently: the scale and zero-point index from the shapes
(dq_reference.scale_index_fn), their values from the generator's formulas
(gen_kernels.scale_value / zero_point), the result with
dq_reference.dequantize_element, and compares bit for bit (NaN == NaN).
Every kernel the benchmark times was compared, on every element, with the
plain loop, so this ties all of them to the reference.

    check_samples.py CASES.json SAMPLES.jsonl
"""

import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', 'test', 'Integration', 'reference'))

import dq_reference as ref  # noqa: E402
import gen_kernels as gen  # noqa: E402

NAN_TEST = {
    'f32': lambda b: (b & 0x7FFFFFFF) > 0x7F800000,
    'f16': lambda b: (b & 0x7FFF) > 0x7C00,
    'bf16': lambda b: (b & 0x7FFF) > 0x7F80,
}


def main():
    cases_path, samples_path = sys.argv[1], sys.argv[2]
    with open(cases_path) as f:
        cases = {c['id']: c for c in json.load(f)['cases']}
    checked = 0
    nan_payload = 0
    failures = 0
    ncases = 0
    with open(samples_path) as f:
        for line in f:
            rec = json.loads(line)
            c = cases[rec['id']]
            x_type, y_type = c['x'], c['y']
            # The benchmark's scale type is the result type, or
            # f8E8M0FNU (the mx set).
            s_type = c.get('s_type', y_type)
            x_shape, s_shape = c['x_shape'], c['s_shape']
            sidx = ref.scale_index_fn(x_shape, s_shape, c.get('axis', 1),
                                      c['block'])
            ncases += 1
            for i, xv, yb in rec['samples']:
                j = sidx(ref.unflatten(i, x_shape))
                v = gen.scale_value_of(s_type, j)
                # An f8E8M0FNU code is its exponent + 127 (v = 2^-(4 + e)).
                s = (127 + round(math.log2(v)) if s_type == 'f8E8M0FNU'
                     else ref.encode_float(s_type, v, exact=True))
                zp = gen.zero_point(x_type, j) if c['zero_point'] else None
                want = ref.dequantize_element(
                    x_type, xv, s_type, s, x_type if zp is not None else None,
                    zp, y_type)
                checked += 1
                if want == yb:
                    continue
                if NAN_TEST[y_type](want) and NAN_TEST[y_type](yb):
                    nan_payload += 1
                    continue
                failures += 1
                if failures <= 10:
                    print(f'check_samples: MISMATCH {c["id"]} element {i}: '
                          f'x = {xv}, scale index {j}, zp {zp}: plain loop '
                          f'0x{yb:x}, reference 0x{want:x}', file=sys.stderr)
    if failures:
        print(f'check_samples: FAILED: {failures} of {checked} samples differ '
              f'from dq_reference.py', file=sys.stderr)
        return 1
    print(f'check_samples: {checked} samples of {ncases} cases: the plain '
          f'loops agree with dq_reference.py bit for bit'
          + (f' ({nan_payload} NaNs differ in payload only)'
             if nan_payload else ''), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
