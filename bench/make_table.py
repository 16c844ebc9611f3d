#!/usr/bin/env python3
"""Writes bench/results/RESULTS.md from one benchmark run.

    make_table.py --cases CASES.json --bench BENCH.json [--ort ORT.json]
                  --machine MACHINE.json --out RESULTS.md

BENCH.json is Google Benchmark's --benchmark_out of bench_dq (median of the
repetitions when there are several), ORT.json the output of
bench/node/ort_bench.mjs, MACHINE.json what scripts/bench.sh recorded about
the machine and the run. Every GB/s figure uses the case's bytes: x (packed
for sub-byte types) + y; ratios are therefore ratios of times.
"""

import argparse
import json
import math
import os
import re
import sys

SUB_BYTE_OR_SMALL_FLOAT = {'i2', 'ui2', 'i4', 'ui4', 'f4E2M1FN', 'f8E4M3FN',
                           'f8E4M3FNUZ', 'f8E5M2', 'f8E5M2FNUZ'}
FP8 = {'f8E4M3FN', 'f8E4M3FNUZ', 'f8E5M2', 'f8E5M2FNUZ', 'f4E2M1FN'}
GRAN_NAME = {'pt': 'per-tensor', 'pa64': 'per-axis C=64',
             'pa4096': 'per-axis C=4096', 'b16': 'blocked-16',
             'b32': 'blocked-32', 'b64': 'blocked-64', 'b128': 'blocked-128',
             'b256': 'blocked-256', 'b24': 'blocked-24',
             'pr': 'per-axis rows', 'pr256': 'per-axis rows of 256',
             'pr512': 'per-axis rows of 512',
             'pr1024': 'per-axis rows of 1024',
             'pr2048': 'per-axis rows of 2048',
             'mx32': 'blocked-32 E8M0'}
XBITS = {'i2': 2, 'ui2': 2, 'i4': 4, 'ui4': 4, 'i8': 8, 'ui8': 8, 'i16': 16,
         'ui16': 16, 'i32': 32, 'ui32': 32, 'f8E4M3FN': 8, 'f8E4M3FNUZ': 8,
         'f8E5M2': 8, 'f8E5M2FNUZ': 8, 'f4E2M1FN': 4, 'f16': 16, 'bf16': 16}
YBYTES = {'f32': 4, 'f16': 2, 'bf16': 2}


def load_bench(path):
    """name -> GB/s: the median over the rounds (bench_dq --rounds; every
    round is a separate entry with the same name) and repetitions."""
    with open(path) as f:
        data = json.load(f)
    runs = {}
    for b in data['benchmarks']:
        if b.get('run_type') == 'aggregate':
            continue
        name = re.sub(r'/min_(warmup_)?time:[^/]*', '', b.get('run_name', b['name']))
        name = re.sub(r'/real_time$', '', name)
        runs.setdefault(name, []).append(b.get('bytes_per_second', 0) / 1e9)
    out = {}
    for name, v in runs.items():
        v = sorted(v)
        k = len(v)
        if name.startswith('roof/'):
            # The roof of older runs, timed next to the first case of each
            # byte pattern and size only: the best round (what the machine
            # can do). A case's own roof (<case>/roof...) takes the median
            # of its rounds, as its kernels do.
            out[name] = v[-1]
        else:
            out[name] = v[k // 2] if k % 2 else (v[k // 2 - 1] + v[k // 2]) / 2
    return out, data.get('context', {})


def roof_keys(gb, cid, x, y, size):
    """(own, pattern key): whether case `cid` timed its own roof in its
    rounds, and the key of the roof of its byte pattern and size, which
    runs before 2026-11-26 timed once per pattern and size instead."""
    rk = f'roof/in{XBITS[x] * 8}_out{YBYTES[y] * 64}/{size}'
    return f'{cid}/roof' in gb, rk


def case_roofs(gb, cid, x, y, size):
    """(normal, non-temporal, roof) GB/s of case `cid` (x type, result
    type, size) in `gb` (load_bench); the roof is the faster of the two."""
    own, rk = roof_keys(gb, cid, x, y, size)
    roof_n = gb.get(f'{cid}/roof') if own else gb.get(rk)
    roof_nt = gb.get(f'{cid}/roof_nt') if own else gb.get(rk + '/nt')
    roof = max([v for v in (roof_n, roof_nt) if v is not None], default=None)
    return roof_n, roof_nt, roof


def fmt(v, digits=1):
    if v is None:
        return '-'
    if v >= 100:
        return f'{v:.0f}'
    return f'{v:.{digits}f}'


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def fr(v):
    return '-' if v is None else f'{v:.2f}'


def main_loop(loops):
    """The main loop of a kernel's innermost loops (loop_report.py): the one
    that stores the most bytes per iteration; of two that store as many
    (e.g. a fast path and the exact path for special scales), the faster.
    None when no loop stores."""
    stores = [l for l in loops if l.get('stored_bytes')]
    # Loops llvm-mca could not model (cycles None) lose the ties.
    return max(stores, key=lambda l: (
        l['stored_bytes'], -l['cycles'] if l.get('cycles') else -math.inf)
    ) if stores else None


def loop_ceiling(cid, main, ghz):
    """(elements per iteration, cycles per 64 elements, ceiling GB/s) of
    case `cid`'s main loop: 64 elements x (x + y bytes per element) per the
    llvm-mca cycles of 64 elements at `ghz` (ceiling None without a clock
    or a main loop with cycles)."""
    if not main or not main['cycles']:
        return None, None, None
    x, y = cid.split('_')[0], cid.split('_')[-2]
    ybytes = YBYTES.get(y, 4)
    bpe = XBITS.get(x, 8) / 8 + ybytes
    elems = main['stored_bytes'] / ybytes
    per64 = main['cycles'] * 64 / elems
    return elems, per64, 64 * bpe / per64 * ghz if ghz else None


def load_ceilings(lp):
    """Ceiling GB/s per case id without its size (e.g. i8_pt_bf16) from
    the static view of one size's kernels: the loop runs the same
    instructions at every size (the larger ones may stream their stores
    or prefetch), so its ceiling bounds each size's kernel."""
    ceilings = {}
    for cid, loops in (lp or {}).get('loops', {}).items():
        _, _, ceil = loop_ceiling(cid, main_loop(loops), lp.get('core_ghz'))
        if ceil:
            ceilings[cid.rsplit('_', 1)[0]] = ceil
    return ceilings


def loops_section(lp, by_id):
    """The static loop table (loop_report.py's loops.json): per kernel, the
    main loop's llvm-mca cycles per 64 elements and the GB/s they allow at
    the measured core clock, next to the measured GB/s and the roof."""
    ghz = lp.get('core_ghz')
    L = [f'## qdq\'s loops, statically ({lp["size"]} kernels)', '']
    L.append(f'The innermost loops of each qdq kernel (`llc -O3 -mcpu={lp.get("mcpu", "native")}` '
             'assembly) and llvm-mca\'s estimate of their cycles per iteration '
             '(`-mcpu=native`: a model of the core with every access an L1 hit, '
             'not a measurement). The *main loop* is the one that stores the '
             'most bytes per iteration (of two that store as many, e.g. a fast '
             'path and the exact one for special scales, the faster); its '
             'elements per iteration are those '
             'bytes over the result\'s bytes per element. *Ceiling* = 64 '
             'elements x (x + y bytes per element) / (cycles per 64 elements) '
             'at the core clock measured by loop_report.py ' +
             (f'({ghz:.2f} GHz): ' if ghz else '(not measured here, so no '
              'ceiling): ') +
             'what the loop alone allows, to compare with the measured GB/s '
             'and the roof of the same size. A main loop with *(branches)* '
             'has more than one path (e.g. a fast path and an exact one for '
             'rare values); llvm-mca runs all of them in every iteration, so '
             'its estimate is pessimistic; one with *spills and reloads* '
             'keeps values on the stack (its stores there are not counted as '
             'results). *Other loops*: the kernel\'s '
             'other inner loops (table set-up before the main loop, '
             'remainders), instructions and cycles per iteration.')
    L.append('')
    L.append('| case | main loop: instructions | elements / iteration | '
             'cycles / 64 elements | ceiling GB/s | measured GB/s | roof GB/s | '
             'other loops (instructions, cycles / iteration) |')
    L.append('|---|---|---|---|---|---|---|---|')
    for cid, loops in lp['loops'].items():
        if cid not in by_id:
            continue  # a kernel left in the object directory by another run
        main = main_loop(loops)
        others = [l for l in loops if l is not main]
        r = by_id.get(cid, {})
        cells = [cid]
        elems, per64, ceil = loop_ceiling(cid, main, ghz)
        if elems:
            notes = (['branches'] if main.get('branches', 0) > 0 else []) + \
                ([f'{main["stack_accesses"]} spills and reloads']
                 if main.get('stack_accesses') else [])
            mark = f' ({"; ".join(notes)})' if notes else ''
            cells += [f'{main["instructions"]}{mark}', f'{elems:g}',
                      f'{per64:.1f}',
                      fmt(ceil)]
        else:
            cells += ['-', '-', '-', '-']
        cells += [fmt(r.get('q')), fmt(r.get('roof'))]
        cells.append(', '.join(f'{l["instructions"]} ins, {l["cycles"]:.1f}'
                               for l in others if l['cycles']) or '-')
        L.append('| ' + ' | '.join(cells) + ' |')
    L.append('')
    return L


def glance_section(rows):
    """One table per result type, a line per x type and a column per
    granularity: the lower qdq / roof of the two sizes where every case has
    the roof goal (4 Mi and 64 Mi), marked when below 0.9. Empty for runs
    that cover too few cases for a matrix."""
    cell = {}
    for r in rows:
        c = r['c']
        if c['size'] not in ('4Mi', '64Mi'):
            continue
        q = ratio(r['q'], r['roof'])
        if q is None:
            continue
        key = (c['x'], c['gran'], c['y'])
        cell[key] = min(q, cell.get(key, q))
    xs = [x for x in XBITS if any(k[0] == x for k in cell)]
    grans = [g for g in GRAN_NAME if any(k[1] == g for k in cell)]
    if len(xs) < 2 or len(grans) < 2:
        return []
    L = ['## At a glance: qdq / roof at 4 Mi and 64 Mi', '',
         'The lower of the two sizes\' qdq / roof for each x type, '
         'granularity and result type (**bold**: below 0.9 before '
         'rounding; "-": not in '
         'this run). The reasons for the misses are in bench/STATUS.md '
         '(summarized in the README\'s Status section).']
    for y in YBYTES:
        if not any(k[2] == y for k in cell):
            continue
        L += ['', f'{y} results:', '']
        L.append('| x | ' + ' | '.join(GRAN_NAME[g] for g in grans) + ' |')
        L.append('|---|' + '---|' * len(grans))
        for x in xs:
            cells = []
            for g in grans:
                v = cell.get((x, g, y))
                cells.append('-' if v is None else
                             (f'**{fr(v)}**' if v < 0.9 else fr(v)))
            L.append(f'| {x} | ' + ' | '.join(cells) + ' |')
    L.append('')
    return L


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cases', required=True)
    ap.add_argument('--bench', required=True)
    ap.add_argument('--ort')
    ap.add_argument('--machine', required=True)
    ap.add_argument('--verify-log')
    ap.add_argument('--loops')
    ap.add_argument('--out', required=True)
    a = ap.parse_args()

    with open(a.cases) as f:
        cases = json.load(f)
    gb, ctx = load_bench(a.bench)
    own_roofs = any(k.endswith('/roof') for k in gb)
    ort = {}
    ort_meta = {}
    if a.ort:
        try:
            with open(a.ort) as f:
                ort_meta = json.load(f)
            ort = ort_meta.get('results', {})
        except OSError:
            pass
    with open(a.machine) as f:
        m = json.load(f)
    lp = None
    if a.loops:
        try:
            with open(a.loops) as f:
                lp = json.load(f)
        except (OSError, ValueError):
            lp = None
    ceilings = load_ceilings(lp)

    rows = []
    goals = {k: {'met': 0, 'missed': [], 'na': 0} for k in
             ('roof', 'small', 'clang', 'ort', 'threads')}

    def missed(goal, r, label, value, note, out_of_reach, bound_note):
        """Records a case that misses `goal`. `out_of_reach`: the case's
        roof itself misses the goal's threshold (no code could meet it
        here); the goal line counts these and the row names the bound."""
        goals[goal]['missed'].append((label, value))
        if out_of_reach:
            goals[goal]['unreachable'] = goals[goal].get('unreachable', 0) + 1
            note += f' ({bound_note})'
        r['notes'].append(note)
    for c in cases['cases']:
        cid = c['id']
        own, rk = roof_keys(gb, cid, c['x'], c['y'], c['size'])
        roof_n, roof_nt, roof = case_roofs(gb, cid, c['x'], c['y'], c['size'])
        q = gb.get(f'{cid}/qdq')
        cl = gb.get(f'{cid}/clang')
        up = gb.get(f'{cid}/upstream')
        up3 = gb.get(f'{cid}/upstream_O3')
        mt = gb.get(f'{cid}/qdq_mt')
        roof2_keys = ((f'{cid}/roof_2t', f'{cid}/roof_2t_nt') if own
                      else (rk + '/2t', rk + '/2t/nt'))
        roof2 = max([v for v in (gb.get(k) for k in roof2_keys)
                     if v is not None], default=None)
        o = ort.get(cid, {})
        og = o.get('gbps') if o.get('status') == 'ok' else None
        if q is None:
            continue  # filtered out of this run
        r = {'c': c, 'roof_n': roof_n, 'roof_nt': roof_nt, 'roof': roof,
             'q': q, 'cl': cl, 'up': up, 'up3': up3, 'mt': mt, 'roof2': roof2,
             'ort': og,
             'ort_status': o.get('status'), 'ort_reason': o.get('reason'),
             'notes': []}
        label = f'{cid}'
        # Goal 1: roof at 4Mi/64Mi (all) and 64Ki (8/16/32-bit inputs).
        small = c['x'] in SUB_BYTE_OR_SMALL_FLOAT
        if c['size'] != '64Ki' or not small:
            qr = ratio(q, roof)
            if qr is not None and qr >= 0.9:
                goals['roof']['met'] += 1
            else:
                goals['roof']['missed'].append((label, qr))
                note = f'roof {fr(qr)} < 0.9'
                # Where even llvm-mca's model of the main loop, every
                # access an L1 hit, stays below 0.9 of the roof, the loop's
                # instructions bound it, not the memory; unless the kernel
                # ran faster than the model allows (by more than the noise
                # here), where the model is too pessimistic to tell.
                ceil = ceilings.get(cid.rsplit('_', 1)[0])
                if ceil is not None and roof and ceil < 0.9 * roof and \
                        q <= 1.1 * ceil:
                    goals['roof']['core'] = goals['roof'].get('core', 0) + 1
                    note += f' (loop ceiling {fr(ceil / roof)} of the roof)'
                r['notes'].append(note)
        else:
            qc = ratio(q, cl)
            if qc is not None and qc >= 1.2:
                goals['small']['met'] += 1
            else:
                # Where the roof itself is less than 1.2x the clang loop,
                # the goal asks for more than moving the bytes costs.
                bound = ratio(roof, cl)
                missed('small', r, label, qc, f'clang x{fr(qc)} < 1.2',
                       bound is not None and bound < 1.2,
                       f'roof/clang {fr(bound)}')
        # Goal 2: never slower than the clang loop.
        qc = ratio(q, cl)
        if qc is not None and qc >= 1.0:
            goals['clang']['met'] += 1
        else:
            goals['clang']['missed'].append((label, qc))
            if not (small and c['size'] == '64Ki'):
                r['notes'].append(f'slower than clang ({fr(qc)})')
        # Goal 3: ORT.
        need = 5 if (c['kind'] == 'per-tensor' and c['x'] not in FP8) else 20
        r['ort_need'] = need
        qo = ratio(q, og)
        if og is None:
            goals['ort']['na'] += 1
        elif qo >= need:
            goals['ort']['met'] += 1
        else:
            bound = ratio(roof, og)
            missed('ort', r, label, qo, f'ORT x{fr(qo)} < {need}',
                   bound is not None and bound < need,
                   f'roof/ORT {fr(bound)}')
        # Goal 4: threads.
        if mt is not None:
            t = ratio(mt, q)
            if t >= 1.7:
                goals['threads']['met'] += 1
            else:
                rs = ratio(roof2, roof)
                missed('threads', r, label, t, f'2 threads x{fr(t)} < 1.7',
                       rs is not None and rs < 1.7, f'roof x{fr(rs)}')
        rows.append(r)

    cpu = m.get('cpu') or 'native'
    L = []
    L.append('# qdq dequantization benchmark results')
    L.append('')
    L.append(f'Generated by `{m.get("command", "scripts/bench.sh")}` '
             f'on {m.get("date", "?")} ({cases["set"]} case set, {len(rows)} cases). '
             'Regenerate with the same command; raw data next to this file '
             '(`bench.json`: Google Benchmark, `ort.json`: ONNX Runtime, '
             '`machine.json`).')
    L.append('')
    L.append('## Machine and run')
    L.append('')
    L.append(f'* CPU: {m.get("cpu_model", "?")} ({m.get("cpu_family_model", "")}), '
             f'{m.get("cores", "?")} cores, {m.get("hypervisor", "bare metal?")}; '
             f'AVX2: {m.get("avx2")}, AVX-512F: {m.get("avx512f")}, '
             f'F16C: {m.get("f16c")}, AVX512_BF16: {m.get("avx512_bf16", "?")}, '
             f'AVX512_FP16: {m.get("avx512_fp16", "?")}; caches: {m.get("caches", "?")}')
    L.append(f'* Memory: {m.get("memory", "?")}')
    L.append(f'* Kernel: {m.get("kernel", "?")}')
    L.append(f'* Compilers: {m.get("clang", "?")}; kernels: qdq-opt '
             f'`--qdq-to-llvm{("=" + m["pipeline_options"]) if m.get("pipeline_options") else ""}` '
             f'(qdq-mlir {m.get("git", "?")}) -> mlir-translate-22 -> '
             f'`llc -O3 -mcpu={cpu}`' +
             (f' ({m.get("llc_cpu", "?")})' if cpu == 'native' else ''))
    if cpu != 'native':
        L.append(f'* **Target {cpu}**: every kernel, plain loop and roof is '
                 f'compiled for {cpu} (llc/opt `-mcpu`, clang `-march`), '
                 'not for this machine\'s own CPU, and run here: the code '
                 'that target gets' +
                 (' (AVX2, 256-bit vectors, no AVX-512)'
                  if cpu == 'x86-64-v3' else '') + ', timed on this core.')
    L.append(f'* Google Benchmark {m.get("benchmark_version", "?")}: real time; '
             f'each case\'s benchmarks (roof, clang, upstream, qdq) run '
             f'{m.get("rounds", 1)} times in turn, each time for a minimum of '
             f'(0.1 / 0.2 / 0.5 s at 64 Ki / 4 Mi / 64 Mi) x {m.get("time_scale", 1)} '
             f'/ {m.get("rounds", 1)}; the median of the rounds is reported. '
             + ('Every case times its own roof in its rounds. '
                if own_roofs else
                'The roof was timed next to the first case of each byte '
                'pattern and size only (best round). ') +
             'One thread unless stated (nothing is pinned).')
    if ort_meta:
        L.append(f'* ONNX Runtime {ort_meta.get("onnxruntime")} (onnxruntime-node, '
                 f'node {ort_meta.get("node")}): {ort_meta.get("settings")}.')
    else:
        L.append('* ONNX Runtime: not run (node or bench/node/node_modules missing).')
    L.append(f'* Load average (1 min) before / after the timed run: '
             f'{m.get("load_before", "?")} / {m.get("load_after", "?")}. '
             'The machine is shared: other jobs running at the same time make '
             'individual numbers noisy (mostly the 64 Ki cases and the DRAM '
             'cases).')
    L.append('')
    L.append('## What is measured')
    L.append('')
    L.append('* **GB/s** = (x bytes, sub-byte types packed, + y bytes) / time, for '
             'every implementation (scale and zero-point bytes, at most 1/32 of '
             'the x elements, are not counted), so every ratio is a ratio of times.')
    L.append('* **roof**: `ref_loops.cpp` `roof()`, a loop that only reads the '
             'case\'s x bytes and writes its y bytes (32-byte AVX2 loads and '
             'stores, the stored data depending on the loaded data), with normal '
             'stores and with non-temporal stores; *roof* in the ratios is the '
             'faster of the two.')
    L.append('* **clang**: the plain C++ loop (`ref_loops.cpp`, clang-22 -O3 '
             f'-march={cpu}), written the obvious way (sub-byte values read with '
             'shifts and masks per element, fp8/fp4 decoded from their bits, '
             'bf16 rounded with integer ops). It is also the reference: every '
             'kernel below was compared with it on every element before being '
             'timed (bit-exact, NaN == NaN), and the loop itself was checked '
             'against `test/Integration/reference/dq_reference.py` on random '
             'samples of every case (`bench/check_samples.py`).')
    L.append('* **upstream**: `quant.scast`+`quant.dcast` of a `!quant.uniform` '
             'type (scales and zero points baked in as constants, as quant '
             'requires) -> `--lower-quant-ops`, elementwise -> linalg, '
             '`--linalg-fuse-elementwise-ops`, one-shot bufferization, loops, '
             f'LLVM -> `llc -O3 -mcpu={cpu}`; **upstream O3** adds `opt -O3 '
             f'-mcpu={cpu}`. Only integer storage (upstream quant has no '
             'fp8/fp4/f16 storage), only where it is bit-exact with qdq '
             '(f32 results; f16/bf16 results with storage <= 8 bits), and not '
             'for blocked 64 Mi (2 Mi inlined scales). Upstream reads i2/i4 as '
             'one byte per element (its memref layout): its GB/s still counts '
             'packed bytes.')
    L.append('* **ORT**: ONNX Runtime DequantizeLinear kernel time from its '
             'profiler (see above); its output was checked bit-exactly (NaN == '
             'NaN) against a JS implementation of the same numerics. "n/a": '
             'ONNX has no such x type; "unsup.": ORT 1.30\'s CPU provider has '
             'no kernel for it.')
    L.append('* **qdq**: `qdq-opt --qdq-to-llvm` (`--convert-qdq-to-vector`), '
             'x / scale / zero point as run-time arguments (scale type = result '
             'type, but f8E8M0FNU in blocked-32 E8M0; integer x of <= 16 bits '
             'has a zero point), result in a '
             'buffer the harness hands to the kernel\'s `malloc` (renamed at '
             'link time, so no allocation or page fault is timed).')
    L.append('* Shapes: per-tensor x [N]; per-axis x [N/C, C], axis 1; '
             'blocked-32: x [N/4096, 4096], blocks of 32 along axis 1 '
             '(blocked-16, -64, -128, -256: the same with blocks of 16, 64, '
             '128, 256; blocked-32 E8M0: blocks of 32 with f8E8M0FNU scales, '
             'the MX formats); '
             'blocked-24: the same with blocks of 24 (170 whole blocks and '
             'a partial one of 16 per row); per-axis rows: x [N/4096, '
             '4096], axis 0 (one scale and zero point per row, as per-token '
             'scales). '
             'Sizes: 64 Ki, 4 Mi, 64 Mi elements.')
    L.append('')

    # Headline: i8 per-tensor f32 (the table), when the run has it.
    hl = {r['c']['size']: r for r in rows if r['c']['x'] == 'i8' and
          r['c']['gran'] == 'pt' and r['c']['y'] == 'f32'}
    sizes = [s for s in ('64Ki', '4Mi', '64Mi') if s in hl]
    if sizes:
        L.append('## Headline: int8 -> f32 per-tensor, one thread, GB/s')
        L.append('')
        L.append('| | ' + ' | '.join(sizes) + ' |')
        L.append('|---|' + '---|' * len(sizes))
        L.append('| roof, normal / non-temporal stores | ' + ' | '.join(
            f'{fmt(hl[s]["roof_n"])} / {fmt(hl[s]["roof_nt"])}' for s in sizes) + ' |')
        L.append('| clang plain loop | ' + ' | '.join(fmt(hl[s]['cl']) for s in sizes) + ' |')
        L.append('| upstream (llc -O3) / with opt -O3 | ' + ' | '.join(
            f'{fmt(hl[s]["up"])} / {fmt(hl[s]["up3"])}' for s in sizes) + ' |')
        L.append('| ONNX Runtime kernel | ' + ' | '.join(fmt(hl[s]['ort']) for s in sizes) + ' |')
        L.append('| **qdq** | ' + ' | '.join(f'**{fmt(hl[s]["q"])}**' for s in sizes) + ' |')
        L.append('| qdq / roof | ' + ' | '.join(fr(ratio(hl[s]['q'], hl[s]['roof'])) for s in sizes) + ' |')
        L.append('')

    # Goals.
    L.append('## Goals (issue 4)')
    L.append('')

    def goal_line(name, g, unit, key=None, unreachable_text=''):
        """unreachable_text: why the roof puts a miss out of reach (the
        clause after 'in N of the misses')."""
        total = g['met'] + len(g['missed'])
        state = 'MET' if total and not g['missed'] else ('MISSED' if g['missed'] else 'not measured')
        line = f'* **{state}**: {name}: met in {g["met"]} of {total} cases'
        if g.get('na'):
            line += f' ({g["na"]} cases without an ORT number)'
        if g.get('unreachable'):
            line += f'; in {g["unreachable"]} of the misses {unreachable_text}'
        if g.get('core'):
            line += (f'; in {g["core"]} of the misses the main loop\'s '
                     'llvm-mca ceiling (the static view below) is below 0.9 '
                     'of the roof: its instructions, not the memory, bound it')
        near = [v for _, v in g['missed'] if v is not None and
                v >= 0.95 * {'roof': 0.9, 'clang': 1.0}.get(key, 1e9)]
        if near:
            line += (f'; {len(near)} of the misses are within 5% of the '
                     'threshold (within the noise here)')
        L.append(line + '.')
        if g['missed']:
            worst = sorted(g['missed'], key=lambda t: (t[1] is None, t[1] if t[1] is not None else 0))
            shown = ', '.join(f'{lab} {fr(v)}{unit}' for lab, v in worst[:40])
            more = f' and {len(worst) - 40} more' if len(worst) > 40 else ''
            L.append(f'  Missed (worst first): {shown}{more}.')

    goal_line('>= 0.9 of the roof at 4 Mi and 64 Mi (every case) and at 64 Ki '
              '(8/16/32-bit x)', goals['roof'], '', 'roof')
    goal_line('>= 1.2x the clang loop at 64 Ki for sub-byte and fp8/fp4 x',
              goals['small'], 'x',
              unreachable_text='even the roof is less than 1.2x the clang '
              'loop (roof/clang '
              '< 1.2: the clang loop already runs near the memory roof there)')
    goal_line('never slower than the clang loop (qdq/clang >= 1.0, every case '
              'and size)', goals['clang'], 'x', 'clang')
    goal_line('>= 5x ONNX Runtime per-tensor (integer x), >= 20x per-axis, '
              'blocked and fp8/fp4', goals['ort'], 'x',
              unreachable_text='even the roof is less than the required '
              'multiple of ORT '
              '(roof/ORT < 5 or 20: ORT is already close to this machine\'s '
              'memory bandwidth there)')
    if goals['threads']['met'] or goals['threads']['missed']:
        goal_line('two threads >= 1.7x one thread at 4 Mi', goals['threads'],
                  'x', unreachable_text='the roof itself gains '
                  'less than 1.7x from a second thread')
    else:
        L.append('* **not measured**: two threads >= 1.7x one thread at 4 Mi: '
                 'the pipeline had no threading option when this was run '
                 '(`qdq-opt --help` shows none); scripts/bench.sh compiles '
                 'qdqmt_* kernels when it finds a `num-threads` option.')
    L.append('')
    L.append('Ratios within a few percent of a threshold are within the noise of '
             'this shared machine.')
    L.append('')
    L += glance_section(rows)

    # Full table.
    L.append('## All cases')
    L.append('')
    L.append('GB/s; ratios are qdq / other. roof n/nt: normal / non-temporal '
             'stores.')
    L.append('')
    hdr = ('| x | granularity | y | size | roof n / nt | qdq | qdq/roof | clang | '
           'qdq/clang | upstream | upstream O3 | qdq/up | qdq/up O3 | ORT | '
           'qdq/ORT | goals missed |')
    if any(r['mt'] is not None for r in rows):
        hdr = hdr.replace('| goals missed |', '| roof 2 threads | qdq 2 threads | 2T/1T | 2T/roof 2T | goals missed |')
    L.append(hdr)
    L.append('|' + '---|' * (hdr.count('|') - 1))
    for r in rows:
        c = r['c']
        og = r['ort']
        if og is None:
            ort_cell = {'n/a': 'n/a', 'unsupported': 'unsup.', 'mismatch': 'WRONG',
                        None: '-'}.get(r['ort_status'], r['ort_status'] or '-')
        else:
            ort_cell = fmt(og, 2)
        cells = [c['x'], GRAN_NAME[c['gran']], c['y'], c['size'],
                 f'{fmt(r["roof_n"])} / {fmt(r["roof_nt"])}',
                 f'**{fmt(r["q"])}**', fr(ratio(r['q'], r['roof'])),
                 fmt(r['cl']), fr(ratio(r['q'], r['cl'])),
                 fmt(r['up']), fmt(r['up3']), fr(ratio(r['q'], r['up'])),
                 fr(ratio(r['q'], r['up3'])), ort_cell,
                 fr(ratio(r['q'], og)) if og else '-']
        if any(x['mt'] is not None for x in rows):
            cells += [fmt(r['roof2']), fmt(r['mt']), fr(ratio(r['mt'], r['q'])),
                      fr(ratio(r['mt'], r['roof2']))]
        cells.append('; '.join(r['notes']) if r['notes'] else '')
        L.append('| ' + ' | '.join(cells) + ' |')
    L.append('')
    unsup = sorted({(r['c']['x'], r['c']['gran'], r['c']['y'], r['ort_reason'])
                    for r in rows if r['ort_status'] in ('unsupported', 'n/a')})
    if unsup:
        L.append('ONNX Runtime cases without a number:')
        L.append('')
        seen = set()
        for x, g, y, reason in unsup:
            key = (x, y, reason)
            if key in seen:
                continue
            seen.add(key)
            L.append(f'* {x} -> {y} ({GRAN_NAME[g]}, ...): {reason}')
        L.append('')
    if lp and lp.get('loops'):
        L += loops_section(lp, {r['c']['id']: r for r in rows})
    if a.verify_log:
        try:
            with open(a.verify_log) as f:
                vlog = f.read().splitlines()
        except OSError:
            vlog = []
        leaks = [l for l in vlog if 'unfreed per call' in l]
        nans = [l for l in vlog if 'NaN results differ' in l]
        ok = [l for l in vlog if 'bit-exact with the plain loop' in l]
        L.append('## Verification notes')
        L.append('')
        if ok:
            L.append('* ' + ok[-1].replace('bench_dq: ', '') + '.')
        else:
            # bench_dq ends every verification with that line; without it
            # the log is missing, empty or cut short, and nothing here
            # shows that the kernels were checked.
            L.append('* **The verification log holds no summary line** '
                     f'({os.path.basename(a.verify_log)}: {len(vlog)} '
                     'lines): this table does not show that its kernels '
                     'were checked.')
            print(f'make_table: warning: {a.verify_log} has no bit-exact '
                  'summary line', file=sys.stderr)
        if nans:
            L.append(f'* {len(nans)} kernels differ from the plain loop only in '
                     'NaN sign/payload bits (accepted): ' +
                     ', '.join(l.split()[2].rstrip(':') for l in nans) + '.')
        if leaks:
            by = {}
            for l in leaks:
                m2 = re.search(r'note: (\S+)/(\S+) leaves (\d+) allocation\(s\) '
                               r'\((\d+) bytes\)', l)
                if m2:
                    by.setdefault(m2.group(2), []).append(
                        (m2.group(1), int(m2.group(3)), int(m2.group(4))))
            for impl, lst in sorted(by.items()):
                ex = ', '.join(f'{cid} ({n} x, {b} bytes)' for cid, n, b in lst[:6])
                L.append(f'* **{impl} kernels leak memory**: {len(lst)} kernels '
                         'malloc temporaries they never free, on every call '
                         f'(e.g. {ex}{", ..." if len(lst) > 6 else ""}). '
                         'The harness frees them after each call (inside the '
                         'timed loop), so memory stays bounded; the time of '
                         'the allocations is counted.')
        L.append('')
    with open(a.out, 'w') as f:
        f.write('\n'.join(L) + '\n')
    print(f'make_table: wrote {a.out} ({len(rows)} cases)', file=sys.stderr)


if __name__ == '__main__':
    main()
