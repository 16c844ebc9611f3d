#!/usr/bin/env python3
"""Static view of qdq's generated loops, free of timing noise.

    loop_report.py OBJ_DIR OUT.json [--size 64Ki]

For every qdq kernel of the given size in OBJ_DIR (the LLVM IR that
compile_kernel.sh leaves next to each object), compiles the IR to assembly
with the same llc flags (QDQ_BENCH_CPU), finds the innermost loops (llc's "Inner Loop
Header" comments) and runs llvm-mca (-mcpu=native) on each loop body:
instructions and estimated cycles per iteration. Each loop's stores give
the bytes it writes per iteration (vector register width; half of it for
vcvtps2ph, the narrowed width for vpmov truncations; stores to the stack
are register spills, counted apart with the reloads), so make_table.py can
turn cycles per iteration into cycles per result element whatever the
vector width and unrolling. The kernel's main loop is the innermost loop
that writes the most bytes per iteration; the others (table set-up, short
remainders) are reported too.

The core clock is measured here (a chain of dependent register-register
adds, one cycle each), because /proc/cpuinfo's figure is the nominal one on
many VMs. Not adds of an immediate: the Intel Xeon VM of 2026-12-01 (an
AVX512_FP16 core) runs chains of those several per cycle (18.3 "GHz"; the
register form and a chain of zmm vpaddd both gave 3.4 GHz there).
"""

import glob
import json
import os
import re
import subprocess
import sys
import tempfile

LLVM_BIN = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
# The CPU the kernels were compiled for (compile_kernel.sh); llvm-mca models
# this machine's core either way.
CPU = os.environ.get('QDQ_BENCH_CPU', 'native')
LLC = [f'{LLVM_BIN}/llc', '-O3', f'-mcpu={CPU}',
       '-mtriple=x86_64-unknown-linux-gnu', '-relocation-model=pic']
REG_BYTES = {'xmm': 16, 'ymm': 32, 'zmm': 64}


def inner_loops(asm):
    """The bodies (instruction lists, in layout order) of the innermost loops
    of `asm`, from llc's loop comments: a block is in the innermost loop
    whose header it is ("This Inner Loop Header") or names ("in Loop:
    Header=...") when that header is an innermost one."""
    blocks = []  # (name, comments, instructions)
    for line in asm.splitlines():
        m = re.match(r'^(\.LBB\d+_\d+|# %bb\.\d+):(.*)$', line)
        if m:
            blocks.append([m.group(1).replace('.L', '', 1), m.group(2), []])
            continue
        if not blocks:
            continue
        code, _, comment = line.partition('#')
        code = code.strip()
        if not code:
            blocks[-1][1] += ' ' + comment
        elif re.match(r'^\.(globl|type|size|section|text|file)\b', code) or \
                code.endswith(':'):
            blocks.append(['', '', []])  # left the function
        elif not code.startswith('.'):
            blocks[-1][2].append(code)
    inner = {name for name, comments, _ in blocks
             if 'Inner Loop Header' in comments}
    bodies, members = {}, {}
    for name, comments, body in blocks:
        m = re.search(r'in Loop: Header=(BB\d+_\d+)', comments)
        header = name if name in inner else (m.group(1) if m else None)
        if header in inner:
            bodies.setdefault(header, []).extend(body)
            members.setdefault(header, set()).add(name)
    loops = []
    for header, body in bodies.items():
        # The exit jump that ends the latch block is not part of the loop.
        m = re.match(r'^jmp\s+\.L(\S+)$', body[-1]) if body else None
        if m and m.group(1) not in members[header]:
            body = body[:-1]
        if body:
            loops.append(body)
    return loops


def stored_bytes(ins):
    """Bytes one instruction writes to memory (AT&T: the destination is the
    last operand), 0 for instructions that do not store."""
    parts = ins.split(None, 1)
    if len(parts) < 2:
        return 0
    mnemonic, ops = parts
    # Split the operands at commas outside parentheses.
    operands, depth, cur = [], 0, ''
    for ch in ops:
        if ch == ',' and depth == 0:
            operands.append(cur.strip())
            cur = ''
            continue
        depth += ch == '('
        depth -= ch == ')'
        cur += ch
    operands.append(cur.strip())
    dest = operands[-1]
    if '(' not in dest or mnemonic.startswith(('cmp', 'test', 'prefetch')):
        return 0
    if '(%rsp' in dest:  # a register spill, not a result
        return 0
    regs = [re.match(r'%([xyz]mm)\d+', o) for o in operands[:-1]]
    regs = [REG_BYTES[r.group(1)] for r in regs if r]
    if not regs:  # scalar store (a table entry, a counter)
        if mnemonic.startswith(('push', 'call')):
            return 0
        suffix = mnemonic[-1]
        return {'b': 1, 'w': 2, 'l': 4, 'q': 8}.get(suffix, 8)
    width = regs[-1]
    if mnemonic.startswith('vcvtps2ph') or mnemonic.startswith('vcvtneps2bf16'):
        return width // 2
    m = re.match(r'vpmovu?s?([qdw])([bwd])$', mnemonic)
    if m:
        size = {'b': 1, 'w': 2, 'd': 4, 'q': 8}
        return width * size[m.group(2)] // size[m.group(1)]
    scalar = {'vpextrb': 1, 'vpextrw': 2, 'vmovd': 4, 'vmovss': 4,
              'vpextrd': 4, 'vextractps': 4, 'vmovq': 8, 'vmovsd': 8,
              'vpextrq': 8, 'vmovlps': 8, 'vmovhps': 8, 'vmovlpd': 8,
              'vmovhpd': 8}
    if mnemonic in scalar:
        return scalar[mnemonic]
    if mnemonic.startswith('vextract'):  # vextracti32x4, vextractf64x4, ...
        m = re.search(r'(32|64)x(\d)$', mnemonic)
        return int(m.group(1)) * int(m.group(2)) // 8 if m else 16
    return width


def stack_accesses(body):
    """Instructions of a loop body that read or write the stack: register
    spills and reloads (llc keeps no other data on the stack in these
    kernels)."""
    return sum(1 for ins in body if '(%rsp' in ins)


def mca_cycles(body):
    r = subprocess.run([f'{LLVM_BIN}/llvm-mca', '-mcpu=native',
                        '-mtriple=x86_64-unknown-linux-gnu', '-iterations=400'],
                       input='\n'.join(body) + '\n', capture_output=True,
                       text=True)
    m = re.search(r'Total Cycles:\s+(\d+)', r.stdout)
    return int(m.group(1)) / 400 if m else None


CLOCK_C = r'''
#include <stdio.h>
#include <time.h>
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
int main(void) {
  double best = 1e9;
  for (int round = 0; round < 5; round++) {
    long n = 100000000, v = 0, one = 1;
    double t0 = now();
    for (long i = 0; i < n; i++)
      __asm__ volatile("add %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\t"
                       "add %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\tadd %1,%0"
                       : "+r"(v) : "r"(one));
    double t = (now() - t0) / (n * 8.0);
    if (t < best)
      best = t;
  }
  printf("%.3f\n", 1e-9 / best);
  return 0;
}
'''


def measure_ghz():
    """Core clock in GHz, or None without a C compiler."""
    cc = os.environ.get('CC_FOR_CLOCK', 'clang-22')
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, 'clock.c'), os.path.join(d, 'clock')
        with open(src, 'w') as f:
            f.write(CLOCK_C)
        try:
            subprocess.run([cc, '-O2', src, '-o', exe], check=True,
                           capture_output=True)
            out = subprocess.run([exe], check=True, capture_output=True,
                                 text=True).stdout
            return float(out)
        except (OSError, subprocess.CalledProcessError, ValueError):
            return None


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
                          'stored_bytes': sum(stored_bytes(b) for b in body),
                          'stack_accesses': stack_accesses(body),
                          'calls': sum(1 for b in body if b.startswith('call')),
                          # Jumps besides the back edge: paths that
                          # llvm-mca runs one after the other.
                          'branches': sum(1 for b in body
                                          if b.startswith('j')) - 1,
                          'widest': max([REG_BYTES[w] * 8 for w in REG_BYTES
                                         if any(f'%{w}' in b for b in body)],
                                        default=0)})
        report[case] = loops
    with open(out, 'w') as f:
        json.dump({'size': size, 'mcpu': CPU, 'core_ghz': measure_ghz(),
                   'loops': report}, f, indent=1)
        f.write('\n')
    print(f'loop_report: {len(report)} kernels -> {out}', file=sys.stderr)


if __name__ == '__main__':
    main()
