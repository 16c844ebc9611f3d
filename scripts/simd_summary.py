#!/usr/bin/env python3
"""Summarizes the SIMD code of x86-64 assembly (llc output) per function.

    qdq-opt K.mlir --qdq-to-llvm | mlir-translate --mlir-to-llvmir \\
        | llc -O3 -mcpu=native | simd_summary.py [--skip REGEX]

prints, for each function of the assembly (except those --skip matches;
by default the C-interface wrappers `_mlir_ciface_*`, `main` and the
bufferization's `dealloc_helper`), one line:

    NAME: I instructions, V of them on vector registers (xmm/ymm/zmm:
    a/b/c), widest W bits; vector operations: MNEMONIC(COUNT) ...

An instruction counts for the widest vector register it names (`vcvtps2ph
$4, %ymm2, %xmm2` is a ymm instruction), and the mnemonics listed are those
of the instructions on ymm or zmm registers, in alphabetical order, each with
how often it occurs. run-example.sh shows it for the main example, so that
the main job shows the machine code that ran, not only its results.
"""

import argparse
import re
import sys
from collections import Counter

LABEL = re.compile(r'^([A-Za-z_][\w.$]*):')
WIDTH = (('zmm', 512), ('ymm', 256), ('xmm', 128))


def summarize(lines, skip):
    functions = []  # (name, instruction lines)
    current = None
    for line in lines:
        match = LABEL.match(line)
        if match:  # a function or data label (local .L labels do not match)
            current = (match.group(1), [])
            functions.append(current)
            continue
        if line.startswith('.Lfunc_end'):
            current = None
            continue
        text = line.split('#', 1)[0].strip()
        if current is None or not text or text.startswith('.') or \
                text.endswith(':'):
            continue
        current[1].append(text)

    out = []
    for name, body in functions:
        if skip.search(name) or not body:  # data labels have no body
            continue
        per_width = Counter()
        wide_ops = Counter()
        for text in body:
            width = next((bits for reg, bits in WIDTH if '%' + reg in text),
                         0)
            if width:
                per_width[width] += 1
            if width >= 256:
                wide_ops[text.split()[0]] += 1
        vector = sum(per_width.values())
        widest = max(per_width) if per_width else 0
        ops = ' '.join(f'{op}({n})' for op, n in sorted(wide_ops.items()))
        out.append(f'{name}: {len(body)} instructions, {vector} of them on '
                   f'vector registers (xmm/ymm/zmm: {per_width[128]}/'
                   f'{per_width[256]}/{per_width[512]}), widest {widest} bits;'
                   f' vector operations: {ops or "none"}')
    return out


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument('--skip',
                        default=r'^(_mlir_ciface_|main$|dealloc_helper$)',
                        help='regex of function names to leave out')
    parser.add_argument('file', nargs='?',
                        help='assembly file (default stdin)')
    args = parser.parse_args()
    with (open(args.file) if args.file else sys.stdin) as f:
        lines = f.read().splitlines()
    out = summarize(lines, re.compile(args.skip))
    if not out:
        print('simd_summary: no function found', file=sys.stderr)
        return 1
    print('\n'.join(out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
