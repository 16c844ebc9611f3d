#!/usr/bin/env python3
"""Compares benchmark runs of scripts/bench.sh, case by case.

  compare_runs.py --ab RUN          an A/B run (bench.sh --ab, --ab-dynamic,
                                    --ab-binary): the default qdq kernel (A)
                                    against the second one (B, the "qdq_mt"
                                    benchmarks), both timed in RUN
  compare_runs.py OLD NEW           two runs: NEW's qdq against OLD's, and
                                    each run's qdq / roof and qdq / clang

RUN, OLD and NEW are results directories or their bench.json. Prints, per
result type and size, the number of cases and the geometric mean, minimum
and maximum of each ratio; `--cases` adds one line per case, sorted by the
first ratio; `--filter REGEX` keeps the cases whose id it matches. Two runs
are not an A/B: their roofs say how much the machine moved between them
("roof NEW/OLD"), and only ratios within one run (qdq / roof, qdq / clang)
compare across machines' states.
"""

import argparse
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_table import (XBITS, YBYTES, case_roofs, load_bench,  # noqa: E402
                        ratio)

SIZES = ('64Ki', '4Mi', '64Mi')
RESULTS = ('f32', 'f16', 'bf16')


def bench_path(p):
    return os.path.join(p, 'bench.json') if os.path.isdir(p) else p


def parse_case(cid):
    """(x, granularity, result, size) of a case id such as i8_pa64_f16_4Mi,
    or None for other benchmark names."""
    parts = cid.split('_')
    if (len(parts) != 4 or parts[0] not in XBITS or parts[2] not in YBYTES
            or parts[3] not in SIZES):
        return None
    return tuple(parts)


def load_cases(path, pattern):
    """case id -> {name: GB/s} with its roof ('roof') filled in."""
    gb, _ = load_bench(bench_path(path))
    cases = {}
    for name, v in gb.items():
        cid, _, what = name.partition('/')
        if parse_case(cid) and (not pattern or re.search(pattern, cid)):
            cases.setdefault(cid, {})[what] = v
    for cid, c in cases.items():
        x, _, y, size = parse_case(cid)
        c['roof'] = case_roofs(gb, cid, x, y, size)[2]
    return cases


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def summary(rows, columns):
    """rows: (case id, {column: ratio}); one line per result type and size
    with each column's geometric mean [min, max] over the cases that have
    it, then one over every case."""
    groups = {}
    for cid, ratios in rows:
        _, _, y, size = parse_case(cid)
        groups.setdefault((y, size), []).append(ratios)
        groups.setdefault(('all', ''), []).append(ratios)
    order = [(y, s) for y in RESULTS for s in SIZES] + [('all', '')]
    lines = []
    for key in order:
        if key not in groups:
            continue
        cells = []
        for col in columns:
            v = [r[col] for r in groups[key] if r.get(col)]
            cells.append(f'{col} {geomean(v):.3f} [{min(v):.2f}, {max(v):.2f}]'
                         if v else f'{col} -')
        lines.append(f'{key[0]:4} {key[1]:4} n={len(groups[key]):3}  ' +
                     '  '.join(cells))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('runs', nargs='+', help='RUN (with --ab) or OLD NEW')
    ap.add_argument('--ab', action='store_true')
    ap.add_argument('--cases', action='store_true')
    ap.add_argument('--filter', default='')
    args = ap.parse_args()
    if len(args.runs) != (1 if args.ab else 2):
        ap.error('give one run with --ab, two runs (OLD NEW) without')

    rows, details = [], []
    if args.ab:
        columns = ['A/B', 'A/roof', 'B/roof']
        for cid, c in sorted(load_cases(args.runs[0], args.filter).items()):
            a, b = c.get('qdq'), c.get('qdq_mt')
            if not a or not b:
                continue
            rows.append((cid, {'A/B': a / b, 'A/roof': ratio(a, c['roof']),
                               'B/roof': ratio(b, c['roof'])}))
            details.append((a / b, f'{cid:28} A {a:7.1f}  B {b:7.1f}  '
                            f'A/B {a / b:5.2f}  roof {c["roof"] or 0:7.1f}'))
    else:
        columns = ['qdq NEW/OLD', 'roof NEW/OLD', 'qdq/roof OLD',
                   'qdq/roof NEW', 'qdq/clang OLD', 'qdq/clang NEW']
        old = load_cases(args.runs[0], args.filter)
        new = load_cases(args.runs[1], args.filter)
        for cid in sorted(set(old) & set(new)):
            o, n = old[cid], new[cid]
            if not o.get('qdq') or not n.get('qdq'):
                continue
            r = {'qdq NEW/OLD': n['qdq'] / o['qdq'],
                 'roof NEW/OLD': ratio(n['roof'], o['roof']),
                 'qdq/roof OLD': ratio(o['qdq'], o['roof']),
                 'qdq/roof NEW': ratio(n['qdq'], n['roof']),
                 'qdq/clang OLD': ratio(o['qdq'], o.get('clang')),
                 'qdq/clang NEW': ratio(n['qdq'], n.get('clang'))}
            rows.append((cid, r))
            details.append((r['qdq NEW/OLD'],
                            f'{cid:28} qdq {o["qdq"]:7.1f} -> {n["qdq"]:7.1f}'
                            f'  {r["qdq NEW/OLD"]:5.2f}x  roof '
                            f'{o["roof"] or 0:7.1f} -> {n["roof"] or 0:7.1f}'))
    if not rows:
        sys.exit('compare_runs: no case has both kernels timed')
    print('\n'.join(summary(rows, columns)))
    if args.cases:
        print()
        print('\n'.join(line for _, line in sorted(details)))


if __name__ == '__main__':
    main()
