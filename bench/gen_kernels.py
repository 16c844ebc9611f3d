#!/usr/bin/env python3
"""Writes the benchmark's kernels and case table (bench/README.md).

For every case of the chosen set it writes

  * kernels/qdq_<case>.mlir: one public function holding one
    qdq.dequantize_linear with static shapes; x, scale and zero point are
    run-time arguments (scale type = result type, but f8E8M0FNU for the
    mx set's blocks);
  * kernels/up_<case>.mlir (integer x types whose upstream lowering is exact
    for the case, see `upstream_exact`): the same dequantization written with
    the upstream quant dialect (quant.scast + quant.dcast of a
    !quant.uniform type whose scales and zero points are the ones the harness
    generates, baked in as constants, as quant requires);

and, next to them,

  * manifest.txt: "<kind> <symbol> <mlir file>" per kernel (kind qdq, up),
    read by bench/CMakeLists.txt to create one compile command per kernel;
  * cases.inc: the C++ case table of the harness (bench_dq.cpp);
  * cases.json: the same table for the ONNX Runtime script and the report.

The scales and zero points are a function of their flat index only
(`scale_bits`, `zero_point`), computed identically in C++ (bench_common.h).
"""

import argparse
import json
import os
import re
import struct
import sys

# name, bits, family
XTYPES = [
    ('i2', 2, 'int'), ('ui2', 2, 'uint'), ('i4', 4, 'int'), ('ui4', 4, 'uint'),
    ('i8', 8, 'int'), ('ui8', 8, 'uint'), ('i16', 16, 'int'),
    ('ui16', 16, 'uint'), ('i32', 32, 'int'), ('ui32', 32, 'uint'),
    ('f8E4M3FN', 8, 'fp8'), ('f8E4M3FNUZ', 8, 'fp8'), ('f8E5M2', 8, 'fp8'),
    ('f8E5M2FNUZ', 8, 'fp8'), ('f4E2M1FN', 4, 'fp4'), ('f16', 16, 'half'),
    ('bf16', 16, 'half'),
]
XBITS = {n: b for n, b, _ in XTYPES}
XFAM = {n: f for n, _, f in XTYPES}
YTYPES = ['f32', 'f16', 'bf16']
YBYTES = {'f32': 4, 'f16': 2, 'bf16': 2}
SIZES = [('64Ki', 64 * 1024), ('4Mi', 4 * 1024 * 1024), ('64Mi', 64 * 1024 * 1024)]
# granularity tag -> (kind, C or K, block size)
GRANS = {
    'pt': ('per-tensor', 0, 0),
    'pa64': ('per-axis', 64, 0),
    'pa4096': ('per-axis', 4096, 0),
    'b32': ('blocked', 4096, 32),   # x [N/4096, 4096], blocks of 32 along axis 1
    # Blocks of 24: a partial last block (4096 = 170 * 24 + 16), and a size
    # that is neither a multiple nor a divisor of any vector's lanes.
    'b24': ('blocked', 4096, 24),
    # Per-axis along the outer axis: x [N/4096, 4096], axis 0, one scale
    # (and zero point) per row, as per-token activation scales have.
    'pr': ('per-row', 4096, 0),
    # Shorter rows (the `rows` set only): around the row length from which
    # per-axis rows take a lookup table each (1024 for 8-bit x, 64 for
    # packed x), to measure that threshold.
    'pr256': ('per-row', 256, 0),
    'pr512': ('per-row', 512, 0),
    'pr1024': ('per-row', 1024, 0),
    'pr2048': ('per-row', 2048, 0),
    # Other block sizes (the `blocks` set only): the group sizes weight
    # quantization uses (16: NVFP4; 32: the MX formats; 64, 128: GPTQ/AWQ
    # groups; 256), along rows of 4096.
    'b16': ('blocked', 4096, 16),
    'b64': ('blocked', 4096, 64),
    'b128': ('blocked', 4096, 128),
    'b256': ('blocked', 4096, 256),
    # The MX formats (the `mx` set only): blocks of 32 along rows of 4096
    # with f8E8M0FNU scales (powers of two), not scales of the result type.
    'mx32': ('blocked', 4096, 32),
}
# The scale type of a granularity whose scales are not of the result type.
GRAN_SCALE_TYPE = {'mx32': 'f8E8M0FNU'}
CORE_GRANS = ['pt', 'pa64', 'pa4096', 'b32', 'b24', 'pr']
ROW_GRANS = ['pr256', 'pr512', 'pr1024', 'pr2048', 'pr']
CORE_EXTRA_X = ['i8', 'i4', 'f8E4M3FN']
BLOCK_GRANS = ['b16', 'b32', 'b64', 'b128', 'b256']
BLOCK_X = ['i4', 'ui4', 'i8', 'f8E4M3FN', 'f4E2M1FN']
MX_X = ['f8E4M3FN', 'f8E4M3FNUZ', 'f8E5M2', 'f8E5M2FNUZ', 'f4E2M1FN']


def has_zero_point(x):
    """Integer x of at most 16 bits gets a (non-zero) zero point; 32-bit,
    fp8/fp4 and f16/bf16 x get none."""
    return XFAM[x] in ('int', 'uint') and XBITS[x] <= 16


# ---------------------------------------------------------------------------
# Deterministic scales and zero points (same formulas in bench_common.h)
# ---------------------------------------------------------------------------
M64 = (1 << 64) - 1


def mix64(v):
    """splitmix64 finalizer of v + golden ratio."""
    z = (v + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def scale_value(j):
    """Scale j: 8 significant bits, exactly representable in f32, f16 and
    bf16: (128 + m) * 2^-(11 + e), m in [0, 127], e in [0, 7]."""
    h = mix64(0x5CA1E0000000 + j)
    m = 128 + (h & 127)
    e = (h >> 7) & 7
    return m * 2.0 ** -(11 + e)


def e8m0_scale_value(j):
    """f8E8M0FNU scale j: scale_value(j) without its mantissa, 2^-(4 + e),
    e in [0, 7] (code 123 - e)."""
    h = mix64(0x5CA1E0000000 + j)
    e = (h >> 7) & 7
    return 2.0 ** -(4 + e)


def scale_value_of(s_type, j):
    """Scale j of a case whose scales are of type s_type."""
    return e8m0_scale_value(j) if s_type == 'f8E8M0FNU' else scale_value(j)


def int_range(x):
    b = XBITS[x]
    if XFAM[x] == 'int':
        return -(1 << (b - 1)), (1 << (b - 1)) - 1
    return 0, (1 << b) - 1


def zero_point(x, j):
    h = mix64(0x2E80000000 + j)
    lo, hi = int_range(x)
    return lo + (h >> 20) % (hi - lo + 1)


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------
class Case:
    def __init__(self, x, g, y, size_tag, n):
        self.x, self.g, self.y, self.size_tag, self.n = x, g, y, size_tag, n
        self.id = f'{x}_{g}_{y}_{size_tag}'
        kind, c, b = GRANS[g]
        self.kind, self.c, self.block = kind, c, b
        self.s_type = GRAN_SCALE_TYPE.get(g, y)

    @property
    def x_shape(self):
        if self.kind == 'per-tensor':
            return [self.n]
        return [self.n // self.c, self.c]

    @property
    def s_shape(self):
        if self.kind == 'per-tensor':
            return []
        if self.kind == 'per-axis':
            return [self.c]
        if self.kind == 'per-row':
            return [self.n // self.c]
        return [self.n // self.c, -(-self.c // self.block)]

    @property
    def n_scales(self):
        r = 1
        for d in self.s_shape:
            r *= d
        return r


def upstream_exact(c):
    """Upstream quant supports integer storage only. Its lowering
    (--lower-quant-ops) converts x and the zero point to the expressed type
    and subtracts and multiplies there; that is bit-exact with the qdq
    numerics for f32 results with storage of at most 16 bits or 32-bit
    storage without zero point, and for f16/bf16 results with storage of at
    most 8 bits (see --convert-quant-to-qdq's documentation)."""
    if XFAM[c.x] not in ('int', 'uint'):
        return False
    if c.y == 'f32':
        return True
    return XBITS[c.x] <= 8


def make_cases(set_name, sizes=None):
    cases = []
    seen = set()

    def add(x, g, y):
        for tag, n in SIZES:
            if sizes and tag not in sizes:
                continue
            c = Case(x, g, y, tag, n)
            if c.id not in seen:
                seen.add(c.id)
                cases.append(c)

    if set_name == 'rows':
        for x in CORE_EXTRA_X:
            for g in ROW_GRANS:
                for y in YTYPES:
                    add(x, g, y)
    elif set_name == 'blocks':
        for x in BLOCK_X:
            for g in BLOCK_GRANS:
                for y in YTYPES:
                    add(x, g, y)
    elif set_name == 'mx':
        for x in MX_X:
            for y in YTYPES:
                add(x, 'mx32', y)
    elif set_name == 'full':
        for x, _, _ in XTYPES:
            for g in CORE_GRANS:
                for y in YTYPES:
                    add(x, g, y)
    else:
        for x, _, _ in XTYPES:
            add(x, 'pt', 'f32')
        for x in CORE_EXTRA_X:
            for g in CORE_GRANS:
                for y in YTYPES:
                    add(x, g, y)
    return cases


# ---------------------------------------------------------------------------
# MLIR
# ---------------------------------------------------------------------------
def tensor(shape, elt, dynamic=False):
    return ('tensor<' + ''.join(('?' if dynamic else str(d)) + 'x'
                                for d in shape) + elt + '>')


def qdq_module(c, dynamic=False):
    """The qdq kernel of case c; `dynamic`: every dim of x, the scale and
    the zero point dynamic (the harness passes the sizes at run time)."""
    xt = tensor(c.x_shape, c.x, dynamic)
    st = tensor(c.s_shape, c.s_type, dynamic)
    yt = tensor(c.x_shape, c.y, dynamic)
    args = [f'%x: {xt}', f'%s: {st}']
    ops = ['%x', '%s']
    tys = [xt, st]
    if has_zero_point(c.x):
        zt = tensor(c.s_shape, c.x, dynamic)
        args.append(f'%z: {zt}')
        ops.append('%z')
        tys.append(zt)
    attrs = ''
    if c.kind == 'per-row':
        attrs = ' axis = 0'
    elif c.kind != 'per-tensor':
        attrs = ' axis = 1'
        if c.block:
            attrs += f' block_size = {c.block}'
    return (f'// {c.id}: x {c.x_shape} {c.x}, scale {c.s_shape} {c.s_type} '
            f'({c.kind}), result {c.y}\n'
            f'func.func @qdq_{c.id}({", ".join(args)}) -> {yt}\n'
            f'    attributes {{llvm.emit_c_interface}} {{\n'
            f'  %y = qdq.dequantize_linear {", ".join(ops)}{attrs}\n'
            f'      : ({", ".join(tys)}) -> {yt}\n'
            f'  return %y : {yt}\n'
            f'}}\n')


def fmt_scale(v):
    return repr(v)


def up_module(c):
    b = XBITS[c.x]
    storage = ('i' if XFAM[c.x] == 'int' else 'u') + str(b)
    elt = f'i{b}'
    zp = has_zero_point(c.x)

    def param(j):
        s = fmt_scale(scale_value(j))
        return f'{s}:{zero_point(c.x, j)}' if zp else s

    if c.kind == 'per-tensor':
        qt = f'!quant.uniform<{storage}:{c.y}, {param(0)}>'
    elif c.kind in ('per-axis', 'per-row'):
        dim = 0 if c.kind == 'per-row' else 1
        qt = (f'!quant.uniform<{storage}:{c.y}:{dim}, {{' +
              ', '.join(param(j) for j in range(c.n_scales)) + '}>')
    else:
        rows, nb = c.s_shape
        body = ', '.join('{' + ', '.join(param(r * nb + k) for k in range(nb))
                         + '}' for r in range(rows))
        qt = (f'!quant.uniform<{storage}:{c.y}:{{0:1, 1:{c.block}}}, '
              f'{{{body}}}>')
    xt = tensor(c.x_shape, elt)
    qxt = tensor(c.x_shape, '!qt')
    yt = tensor(c.x_shape, c.y)
    return (f'// {c.id} through upstream quant ({storage} storage, one byte '
            f'per element for sub-byte storage)\n'
            f'!qt = {qt}\n'
            f'func.func @up_{c.id}(%x: {xt}) -> {yt}\n'
            f'    attributes {{llvm.emit_c_interface}} {{\n'
            f'  %q = quant.scast %x : {xt} to {qxt}\n'
            f'  %y = quant.dcast %q : {qxt} to {yt}\n'
            f'  return %y : {yt}\n'
            f'}}\n')


def write_if_changed(path, text):
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, 'w') as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument('--set', choices=['core', 'full', 'rows', 'blocks', 'mx'],
                    default='core')
    ap.add_argument('--out',
                    help='the directory to write into (required unless '
                         '--count)')
    ap.add_argument('--count', action='store_true',
                    help='print how many cases the set, sizes and filter '
                         'select, and write nothing (bench.sh stops early '
                         'when it is 0)')
    ap.add_argument('--sizes', default='',
                    help='comma-separated size tags to keep (64Ki,4Mi,64Mi); '
                         'default all')
    ap.add_argument('--filter', default='',
                    help='keep only the cases whose id (e.g. i4_b32_f16_4Mi) '
                         'matches this regular expression (re.search); '
                         'default all')
    ap.add_argument('--mt-sizes', default='',
                    help='comma-separated size tags (e.g. 4Mi) for which a '
                         'second qdq kernel, qdqmt_<case>, is compiled with '
                         'the threading pipeline options (QDQ_BENCH_MT_OPTIONS)')
    ap.add_argument('--mt-dynamic', action='store_true',
                    help='the qdqmt_<case> kernels have every dim dynamic '
                         '(an A/B of dynamic against static shapes)')
    ap.add_argument('--max-upstream-scales', type=int, default=1 << 17,
                    help='skip upstream kernels whose quant type would hold '
                         'more scales than this (they are inlined as MLIR '
                         'text; default %(default)s)')
    args = ap.parse_args()
    if not args.count and not args.out:
        ap.error('--out is required unless --count')

    cases = make_cases(args.set,
                       [t for t in args.sizes.split(',') if t])
    if args.filter:
        try:
            pattern = re.compile(args.filter)
        except re.error as e:
            sys.exit(f"gen_kernels: --filter '{args.filter}' is not a "
                     f"regular expression: {e}")
        cases = [c for c in cases if pattern.search(c.id)]
    if args.count:
        print(len(cases))
        return
    kdir = os.path.join(args.out, 'kernels')
    os.makedirs(kdir, exist_ok=True)
    manifest = []
    inc = []
    js = []
    for c in cases:
        qpath = os.path.join(kdir, f'qdq_{c.id}.mlir')
        write_if_changed(qpath, qdq_module(c))
        manifest.append(f'qdq qdq_{c.id} {qpath}')
        mt = c.size_tag in [t for t in args.mt_sizes.split(',') if t]
        if mt:
            mpath = os.path.join(kdir, f'qdqmt_{c.id}.mlir')
            write_if_changed(mpath, qdq_module(c, args.mt_dynamic)
                             .replace('@qdq_', '@qdqmt_'))
            manifest.append(f'qdqmt qdqmt_{c.id} {mpath}')
        up = (upstream_exact(c) and c.n_scales <= args.max_upstream_scales
              and not (c.block and c.c % c.block))
        if up:
            upath = os.path.join(kdir, f'up_{c.id}.mlir')
            write_if_changed(upath, up_module(c))
            manifest.append(f'up up_{c.id} {upath}')
        xenum = 'X_' + c.x
        genum = {'per-tensor': 'G_PerTensor', 'per-axis': 'G_PerAxis',
                 'blocked': 'G_Blocked', 'per-row': 'G_PerRow'}[c.kind]
        sym = lambda p: f'_mlir_ciface_{p}_{c.id}'
        inc.append(
            f'{{"{c.id}", {xenum}, {genum}, {c.c}, {c.block}, Y_{c.y}, '
            f'{c.n}LL, {str(has_zero_point(c.x)).lower()}, '
            f'{str(c.s_type == "f8E8M0FNU").lower()}, {sym("qdq")}, '
            + (f'{sym("up")}, {sym("upO3")}, ' if up else 'nullptr, nullptr, ')
            + (sym('qdqmt') if mt else 'nullptr') + '},')
        js.append({'id': c.id, 'x': c.x, 'gran': c.g, 'kind': c.kind,
                   'axis': 0 if c.kind == 'per-row' else 1,
                   'C': c.c, 'block': c.block, 'y': c.y, 'n': c.n,
                   'size': c.size_tag, 'x_shape': c.x_shape,
                   's_shape': c.s_shape, 's_type': c.s_type,
                   'zero_point': has_zero_point(c.x),
                   'upstream': up, 'mt': mt,
                   'upstream_skip_reason': (
                       None if up else
                       'upstream quant has no fp8/fp4/f16/bf16 storage'
                       if XFAM[c.x] not in ('int', 'uint') else
                       'upstream rounds x - zp to the f16/bf16 expressed '
                       'type first: not bit-exact'
                       if not upstream_exact(c) else
                       'upstream quant needs whole blocks (K % B == 0)'
                       if c.block and c.c % c.block else
                       f'{c.n_scales} scales inlined in the quant type: '
                       'above --max-upstream-scales')})

    decls = []
    for line in manifest:
        kind, name, _ = line.split()
        decls.append(f'extern "C" void _mlir_ciface_{name}(void *, void *, '
                     f'void *, void *);')
        if kind == 'up':
            decls.append(f'extern "C" void _mlir_ciface_upO3_{name[3:]}'
                         f'(void *, void *, void *, void *);')
    write_if_changed(os.path.join(args.out, 'manifest.txt'),
                     '\n'.join(manifest) + '\n')
    write_if_changed(
        os.path.join(args.out, 'cases.inc'),
        '// Generated by bench/gen_kernels.py --set ' + args.set +
        '. Do not edit.\n'
        '// The kernels are called with four pointer arguments whatever\n'
        '// their arity (result, x, scale, zero point): extra arguments are\n'
        '// ignored under the SysV x86-64 calling convention.\n'
        '#ifdef QDQ_BENCH_DECLS\n' + '\n'.join(decls) + '\n#else\n' +
        '\n'.join(inc) + '\n#endif\n')
    write_if_changed(os.path.join(args.out, 'cases.json'),
                     json.dumps({'set': args.set, 'cases': js}, indent=1) + '\n')
    print(f'gen_kernels: {len(cases)} cases, {len(manifest)} MLIR kernels '
          f'({args.set}) in {args.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
