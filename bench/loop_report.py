#!/usr/bin/env python3
"""Static view of qdq's generated loops, free of timing noise.

    loop_report.py OBJ_DIR OUT.json [--size 64Ki]

For every qdq kernel of the given size in OBJ_DIR (the LLVM IR that
compile_kernel.sh leaves next to each object), compiles the IR to assembly
with the same llc flags, finds the innermost loops (llc's "Inner Loop
Header" comments) and runs llvm-mca (-mcpu=native) on each loop body:
instructions and estimated cycles per iteration. A SIMD loop over f32 lanes
handles 8 elements per iteration with AVX2 (4 with SSE, 16 with AVX-512);
loops that handle one element per iteration (scalar table set-up) show up
with few instructions and are reported too. make_table.py prints the result.
"""

import glob
import json
import os
import re
import subprocess
import sys

LLVM_BIN = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
LLC = [f'{LLVM_BIN}/llc', '-O3', '-mcpu=native',
       '-mtriple=x86_64-unknown-linux-gnu', '-relocation-model=pic']


def inner_loops(asm):
    lines = asm.splitlines()
    loops = []
    for i, line in enumerate(lines):
        m = re.match(r'^(\.LBB\S+):\s+#.*Inner Loop Header: Depth=(\d+)', line)
        if not m:
            continue
        label = m.group(1)
        body = []
        for l2 in lines[i + 1:]:
            s = l2.split('#')[0].strip()
            if not s or s.startswith('.p2align') or s.startswith('.cfi') or \
                    re.match(r'^\.LBB\S+:$', s):
                continue
            if re.match(r'^\.', s) or s.endswith(':'):
                body = None  # left the function: not a simple loop
                break
            body.append(s)
            if re.match(r'^j\w+\s+' + re.escape(label) + r'$', s):
                break
        if body:
            loops.append(body)
    return loops


def mca_cycles(body):
    r = subprocess.run([f'{LLVM_BIN}/llvm-mca', '-mcpu=native',
                        '-mtriple=x86_64-unknown-linux-gnu', '-iterations=400'],
                       input='\n'.join(body) + '\n', capture_output=True,
                       text=True)
    m = re.search(r'Total Cycles:\s+(\d+)', r.stdout)
    return int(m.group(1)) / 400 if m else None


def main():
    obj_dir, out = sys.argv[1], sys.argv[2]
    size = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == '--size' else '64Ki'
    report = {}
    for ll in sorted(glob.glob(os.path.join(obj_dir, f'qdq_*_{size}.ll'))):
        case = os.path.basename(ll)[len('qdq_'):-len('.ll')]
        r = subprocess.run(LLC + [ll, '-o', '-'], capture_output=True, text=True)
        if r.returncode:
            continue
        loops = []
        for body in inner_loops(r.stdout):
            loops.append({'instructions': len(body),
                          'cycles': mca_cycles(body),
                          'calls': sum(1 for b in body if b.startswith('call')),
                          'ymm': any('ymm' in b for b in body),
                          'xmm_only': not any('ymm' in b or 'zmm' in b for b in body)})
        report[case] = loops
    with open(out, 'w') as f:
        json.dump({'size': size, 'mcpu': 'native', 'loops': report}, f,
                  indent=1)
        f.write('\n')
    print(f'loop_report: {len(report)} kernels -> {out}', file=sys.stderr)


if __name__ == '__main__':
    main()
