#!/usr/bin/env python3
"""Describes the machine and the run for bench/results (scripts/bench.sh).

    machine_info.py OUT.json [key=value ...]
    machine_info.py --git-state OUT.json

Reads /proc/cpuinfo, /proc/meminfo, lscpu, uname and the tool versions;
the extra key=value pairs (load averages, options) are stored as given.
`--git-state` only prints the checkout's commit, with " + uncommitted
changes" when the code differs from it (the results directory of OUT.json
aside): scripts/bench.sh asks right after building the kernels and passes
the answer back as git=..., so that edits made while the run times them
are not taken for the code they were built from.
"""

import json
import os
import platform
import re
import subprocess
import sys
import time


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return ''


def git_state(out):
    """The commit of the checkout, and whether its code differs from it."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    head = run(['git', '-C', root, 'rev-parse', '--short', 'HEAD']).strip()
    # The results directory this run writes into (tracked for the committed
    # tables) does not count as a change to the code.
    results = os.path.relpath(os.path.dirname(os.path.abspath(out)),
                              os.path.abspath(root))
    status = ['git', '-C', root, 'status', '--porcelain', '--untracked-files=no']
    if not results.startswith('..'):
        status += ['--', '.', f':(exclude){results}']
    dirty = run(status).strip()
    return (head or '?') + (' + uncommitted changes' if dirty else '')


def main():
    if sys.argv[1] == '--git-state':
        print(git_state(sys.argv[2]))
        return
    out = sys.argv[1]
    info = {}
    cpuinfo = open('/proc/cpuinfo').read()
    m = re.search(r'^model name\s*:\s*(.*)$', cpuinfo, re.M)
    info['cpu_model'] = m.group(1).strip() if m else '?'
    fam = re.search(r'^cpu family\s*:\s*(\d+)$', cpuinfo, re.M)
    mod = re.search(r'^model\s*:\s*(\d+)$', cpuinfo, re.M)
    if fam and mod:
        f, mo = int(fam.group(1)), int(mod.group(1))
        zen = {23: 'Zen/Zen 2', 25: 'Zen 3/Zen 4', 26: 'Zen 5'}.get(f, '')
        if f == 25:
            zen = 'Zen 4' if mo >= 0x10 else 'Zen 3'
        info['cpu_family_model'] = f'family {f}, model {mo}' + (f', {zen}' if zen else '')
    flags = set(re.search(r'^flags\s*:\s*(.*)$', cpuinfo, re.M).group(1).split())
    for fl in ('avx2', 'avx512f', 'avx512bw', 'f16c', 'avx512_bf16', 'avx512_fp16'):
        info[fl] = 'yes' if fl in flags else 'no'
    info['cores'] = os.cpu_count()
    mhz = re.search(r'^cpu MHz\s*:\s*([\d.]+)$', cpuinfo, re.M)
    if mhz:
        info['cpu_mhz'] = float(mhz.group(1))
    if 'hypervisor' in flags:
        hv = re.search(r'Hypervisor vendor:\s*(.*)', run(['lscpu']))
        info['hypervisor'] = f'virtual machine ({hv.group(1).strip()})' if hv else 'virtual machine'
    lscpu = run(['lscpu'])
    caches = []
    for name in ('L1d', 'L2', 'L3'):
        mm = re.search(rf'^{name} cache:\s*(.*)$', lscpu, re.M)
        if mm:
            caches.append(f'{name} {mm.group(1).strip()}')
    if not caches:
        # Some VMs show no cache in lscpu (no /sys/.../cache): glibc's
        # reading of CPUID, as the guest sees it (the L3 of a VM may count
        # the whole host's).
        for name, key in (('L1d', 'LEVEL1_DCACHE_SIZE'),
                          ('L2', 'LEVEL2_CACHE_SIZE'),
                          ('L3', 'LEVEL3_CACHE_SIZE')):
            size = run(['getconf', key]).strip()
            if size.isdigit() and int(size):
                caches.append(f'{name} {int(size) // 1024} KiB')
        if caches:
            caches.append('(CPUID through getconf, per core as the VM reports it)')
    info['caches'] = ', '.join(caches) or '?'
    mem = re.search(r'MemTotal:\s*(\d+) kB', open('/proc/meminfo').read())
    info['memory'] = f'{int(mem.group(1)) / 1024 / 1024:.1f} GiB' if mem else '?'
    info['kernel'] = platform.platform()
    info['clang'] = (run(['clang++-22', '--version']).splitlines() or ['?'])[0]
    llc = run(['/usr/lib/llvm-22/bin/llc', '--version'])
    hc = re.search(r'Host CPU:\s*(\S+)', llc)
    ver = re.search(r'LLVM version\s*(\S+)', llc)
    info['llc_cpu'] = (f'LLVM {ver.group(1)}, ' if ver else '') + \
        (f'-mcpu=native = {hc.group(1)}' if hc else '?')
    bm = run(['dpkg-query', '-W', '-f=${Version}', 'libbenchmark-dev'])
    info['benchmark_version'] = bm or '?'
    info['git'] = git_state(out)
    info['date'] = time.strftime('%Y-%m-%d %H:%M %Z')
    for kv in sys.argv[2:]:
        k, _, v = kv.partition('=')
        info[k] = v
    with open(out, 'w') as f:
        json.dump(info, f, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main()
