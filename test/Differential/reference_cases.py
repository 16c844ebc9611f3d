#!/usr/bin/env python3
"""Runs test/Integration/reference/dq_reference.py on the cases differential.js
sends as JSON on stdin; prints a JSON list with the result bit patterns of
each case."""

import functools
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'Integration', 'reference'))
import dq_reference  # noqa: E402

# The reference computes each element exactly with Fractions (tens of
# microseconds). Elements repeat a lot (a per-tensor scale, 8-bit and smaller
# x), and the function is pure, so its results are remembered per
# (x, scale, zero point, types) for this process; dequantize() looks the name
# up in the module on every element.
dq_reference.dequantize_element = functools.lru_cache(maxsize=1 << 16)(
    dq_reference.dequantize_element)


def main():
    results = []
    for case in json.load(sys.stdin):
        # dq_reference takes a one-element zero point only as [] or [1]; one
        # of shape [1, 1, ...] (a blocked scale with one block) is the same.
        zp_shape = case['zp_shape']
        if zp_shape is not None and dq_reference.num_elements(zp_shape) == 1:
            case['zp_shape'] = [1]
        results.append(dq_reference.dequantize(
            case['x_type'], case['x_shape'], case['x'],
            case['s_type'], case['s_shape'], case['s'],
            zp_type=case['zp_type'], zp_shape=case['zp_shape'],
            zp=case['zp'], axis=case['axis'],
            block_size=case['block_size'], y_type=case['y_type']))
    json.dump(results, sys.stdout)


if __name__ == '__main__':
    main()
