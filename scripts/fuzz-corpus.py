#!/usr/bin/env python3
"""Writes the seed corpus of qdq-fuzz: every .mlir input of the lit tests
(test/**/*.mlir, split at `// -----`) and the ```mlir examples of QDQOps.td
that mention qdq, without comment lines, one file per distinct input; plus
64 structured recipes (a 0x01 byte, then 256 bytes from a fixed-seed
generator; see tools/qdq-fuzz/qdq-fuzz.cpp).

    scripts/fuzz-corpus.py OUTDIR
"""

import hashlib
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def chunks():
    for base, dirs, files in os.walk(os.path.join(ROOT, 'test')):
        dirs[:] = [d for d in dirs if d not in ('node_modules', 'Inputs')]
        for name in sorted(files):
            if name.endswith('.mlir'):
                with open(os.path.join(base, name)) as f:
                    yield from re.split(r'^// -----.*$', f.read(), flags=re.M)
    with open(os.path.join(ROOT, 'include/qdq/Dialect/QDQ/IR/QDQOps.td')) as f:
        yield from re.findall(r'```mlir\n(.*?)```', f.read(), re.S)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    written = 0
    for chunk in chunks():
        lines = [l for l in chunk.splitlines() if not l.lstrip().startswith('//')]
        text = '\n'.join(l.rstrip() for l in lines).strip() + '\n'
        if 'qdq.' not in text:
            continue
        digest = hashlib.sha1(text.encode()).hexdigest()
        path = os.path.join(out, 'seed-' + digest)
        if not os.path.exists(path):
            with open(path, 'w') as f:
                f.write(text)
            written += 1
    rng = random.Random(20260601)
    for i in range(64):
        path = os.path.join(out, 'recipe-%02d' % i)
        if not os.path.exists(path):
            with open(path, 'wb') as f:
                f.write(b'\x01' + bytes(rng.randrange(256) for _ in range(256)))
            written += 1
    print(f'fuzz-corpus: {written} new seeds in {out}')


if __name__ == '__main__':
    main()
