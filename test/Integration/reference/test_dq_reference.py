#!/usr/bin/env python3
"""Self-check of dq_reference.py against hand-worked examples and, when the
project's ../shared/onnx-node-tests are present, against the ONNX backend
node tests for DequantizeLinear (bit-exact).

Run: python3 test_dq_reference.py   (exit status 0 on success)
"""

import math
import os
import struct
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dq_reference as R  # noqa: E402

FAILURES = []
CHECKS = [0]


def check(cond, what):
    CHECKS[0] += 1
    if not cond:
        FAILURES.append(what)
        print('FAIL:', what)


def eq(got, want, what):
    check(got == want, '%s: got %r, want %r' % (what, got, want))


def hexlist(v):
    return '[' + ', '.join('0x%X' % b for b in v) + ']'


def f32(v):
    """f32 bits of a Python float (must be exact in f32)."""
    return R.encode_float('f32', v)


def same_float(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1, a) == math.copysign(1, b)


# --------------------------------------------------------------------------
# Decode tables
# --------------------------------------------------------------------------

def test_decode_examples():
    # Spec section 4 examples.
    got = [R.float_value('f8E4M3FN', c) for c in [0x00, 0x30, 0x38, 0x7E, 0xED]]
    eq(got, [0.0, 0.5, 1.0, 448.0, -104.0], 'e4m3fn example bytes')
    got = [R.float_value('f8E5M2', c) for c in [0x00, 0x38, 0x3C, 0x7A, 0xD6]]
    eq(got, [0.0, 0.5, 1.0, 49152.0, -96.0], 'e5m2 example bytes')

    # Extremes of each fp8 kind (spec table).
    eq(R.float_value('f8E4M3FN', 0x7E), 448.0, 'e4m3fn max')
    eq(R.float_value('f8E4M3FN', 0x01), 2.0 ** -9, 'e4m3fn min subnormal')
    eq(R.float_value('f8E4M3FN', 0x08), 2.0 ** -6, 'e4m3fn min normal')
    check(math.isnan(R.float_value('f8E4M3FN', 0x7F)), 'e4m3fn 0x7F NaN')
    check(math.isnan(R.float_value('f8E4M3FN', 0xFF)), 'e4m3fn 0xFF NaN')
    check(same_float(R.float_value('f8E4M3FN', 0x80), -0.0), 'e4m3fn -0')
    eq(R.float_value('f8E4M3FN', 0x78), 256.0, 'e4m3fn 0x78 (E=15 is finite)')
    eq(R.float_value('f8E4M3FNUZ', 0x7F), 240.0, 'e4m3fnuz max')
    eq(R.float_value('f8E4M3FNUZ', 0xFF), -240.0, 'e4m3fnuz min')
    eq(R.float_value('f8E4M3FNUZ', 0x01), 2.0 ** -10, 'e4m3fnuz min sub')
    check(math.isnan(R.float_value('f8E4M3FNUZ', 0x80)), 'e4m3fnuz NaN')
    eq(R.float_value('f8E5M2', 0x7B), 57344.0, 'e5m2 max')
    eq(R.float_value('f8E5M2', 0x01), 2.0 ** -16, 'e5m2 min sub')
    eq(R.float_value('f8E5M2', 0x7C), math.inf, 'e5m2 +inf')
    eq(R.float_value('f8E5M2', 0xFC), -math.inf, 'e5m2 -inf')
    for c in [0x7D, 0x7E, 0x7F, 0xFD, 0xFE, 0xFF]:
        check(math.isnan(R.float_value('f8E5M2', c)), 'e5m2 NaN 0x%X' % c)
    eq(R.float_value('f8E5M2FNUZ', 0x7F), 57344.0, 'e5m2fnuz max')
    eq(R.float_value('f8E5M2FNUZ', 0x01), 2.0 ** -17, 'e5m2fnuz min sub')
    eq(R.float_value('f8E5M2FNUZ', 0x7C), 32768.0, 'e5m2fnuz 0x7C finite')
    check(math.isnan(R.float_value('f8E5M2FNUZ', 0x80)), 'e5m2fnuz NaN')
    # Exactly one NaN code in each fnuz kind, 2 in e4m3fn, 6 in e5m2.
    for ty, n in [('f8E4M3FN', 2), ('f8E4M3FNUZ', 1), ('f8E5M2', 6),
                  ('f8E5M2FNUZ', 1), ('f4E2M1FN', 0)]:
        nans = sum(math.isnan(R.float_value(ty, c)) for c in R.all_codes(ty))
        eq(nans, n, 'number of NaN codes of ' + ty)

    # fp4 e2m1 magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6; 0x8 = -0.
    got = [R.float_value('f4E2M1FN', c) for c in range(16)]
    want = [0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6]
    check(all(same_float(a, b) for a, b in zip(got, want)),
          'fp4 table %r' % got)

    # e8m0
    eq(R.float_value('f8E8M0FNU', 127), 1.0, 'e8m0 127')
    eq(R.float_value('f8E8M0FNU', 0), 2.0 ** -127, 'e8m0 0')
    eq(R.float_value('f8E8M0FNU', 254), 2.0 ** 127, 'e8m0 254')
    eq(R.decode_scale('f8E8M0FNU', 0), 0x00400000, 'e8m0 0 is f32 subnormal')
    eq(R.decode_scale('f8E8M0FNU', 1), 0x00800000, 'e8m0 1 = 2^-126')
    eq(R.decode_scale('f8E8M0FNU', 0xFF), 0x7FC00000, 'e8m0 NaN')

    # f16 / bf16 from bits.
    eq(R.float_value('f16', 0x3C00), 1.0, 'f16 1')
    eq(R.float_value('f16', 0x7BFF), 65504.0, 'f16 max')
    eq(R.float_value('f16', 0x0001), 2.0 ** -24, 'f16 min sub')
    eq(R.float_value('bf16', 0x3F80), 1.0, 'bf16 1')
    eq(R.float_value('bf16', 0x0001), 2.0 ** -133, 'bf16 min sub')
    eq(R.float_value('bf16', 0x7F7F), float(Fraction(255, 128) * 2 ** 127),
       'bf16 max')

    # Decoded NaN bits (project convention).
    eq(R.decode_float_to_f32('f8E4M3FN', 0x7F), 0x7FC00000, 'e4m3fn +NaN')
    eq(R.decode_float_to_f32('f8E4M3FN', 0xFF), 0xFFC00000, 'e4m3fn -NaN')
    eq(R.decode_float_to_f32('f8E5M2', 0xFD), 0xFFC00000, 'e5m2 -NaN')
    eq(R.decode_float_to_f32('f8E4M3FNUZ', 0x80), 0x7FC00000, 'fnuz NaN +')
    eq(R.decode_float_to_f32('f8E5M2FNUZ', 0x80), 0x7FC00000, 'fnuz NaN +')
    if R.HALF_NAN_KEEPS_PAYLOAD:
        eq(R.decode_float_to_f32('f16', 0xFC01), 0xFFC02000, 'f16 sNaN')
        eq(R.decode_float_to_f32('bf16', 0x7F81), 0x7FC10000, 'bf16 sNaN')
    else:
        eq(R.decode_float_to_f32('f16', 0xFC01), 0xFFC00000,
           'f16 sNaN canon')
        eq(R.decode_float_to_f32('bf16', 0x7F81), 0x7FC00000,
           'bf16 sNaN canon')
    eq(R.decode_float_to_f32('f16', 0xFE00), 0xFFC00000, 'f16 -qNaN')
    eq(R.decode_float_to_f32('bf16', 0x7FC0), 0x7FC00000, 'bf16 qNaN')

    # Every finite decoded value agrees with struct (binary64 -> f32 is exact
    # for these formats).
    for ty in R.FP8_TYPES + R.FP4_TYPES + ['f16', 'bf16', 'f8E8M0FNU']:
        for c in R.all_codes(ty):
            v = R.float_value(ty, c)
            b = R.decode_float_to_f32(ty, c)
            if math.isnan(v):
                check(R.F32.is_nan(b), '%s 0x%X NaN' % (ty, c))
                continue
            want = struct.unpack('<I', struct.pack('<f', v))[0]
            eq(b, want, '%s 0x%X decode' % (ty, c))

    # Integer ranges.
    eq(R.int_range('i4'), (-8, 7), 'i4 range')
    eq(R.int_range('ui4'), (0, 15), 'ui4 range')
    eq(R.int_range('si2'), (-2, 1), 'si2 range')
    eq(R.int_range('ui2'), (0, 3), 'ui2 range')
    eq(R.int_range('i32'), (-2 ** 31, 2 ** 31 - 1), 'i32 range')


# --------------------------------------------------------------------------
# Rounding
# --------------------------------------------------------------------------

def test_rounding():
    F = R.F32
    # Against the hardware conversion binary64 -> f32 (correct RNE incl.
    # subnormals) for values exact in binary64.
    samples = [0.1, 1 / 3, 2.0 ** -149, 2.0 ** -150, 3 * 2.0 ** -151,
               2.0 ** -126 * (1 - 2.0 ** -30), 16777217.0, 16777219.0,
               3.4028235677973362e38, 1.5 * 2.0 ** -149, 2.5 * 2.0 ** -149]
    for v in samples:
        want = struct.unpack('<I', struct.pack('<f', v))[0]
        eq(F.encode(0, Fraction(v)), want, 'f32 rounding of %r' % v)
    # Overflow to inf (struct raises here, we must not).
    eq(F.encode(0, Fraction(2) ** 128), 0x7F800000, 'f32 overflow')
    # (2 - 2^-24) * 2^127 is the tie between FLT_MAX and 2^128: to inf.
    eq(F.encode(0, (2 - Fraction(1, 2 ** 24)) * Fraction(2) ** 127),
       0x7F800000, 'f32 tie to inf')
    eq(F.encode(1, (2 - Fraction(1, 2 ** 23)) * Fraction(2) ** 127),
       0xFF7FFFFF, 'f32 -max')
    # int -> f32.
    eq(R.f32_from_int(16777217), f32(16777216.0), '2^24+1 -> 2^24')
    eq(R.f32_from_int(16777219), f32(16777220.0), '2^24+3 -> 2^24+4')
    eq(R.f32_from_int(-(2 ** 31)), 0xCF000000, '-2^31')
    eq(R.f32_from_int(2 ** 32 - 1), 0x4F800000, '2^32-1 -> 2^32')
    eq(R.f32_from_int(0), 0, 'int 0 is +0')
    # f16: max, tie-to-inf boundary, subnormals, ties.
    H = R.F16
    eq(H.encode(0, 65504), 0x7BFF, 'f16 max')
    eq(H.encode(0, 65519), 0x7BFF, 'f16 65519 -> max')
    eq(H.encode(0, 65520), 0x7C00, 'f16 65520 -> inf (tie, odd max)')
    eq(H.encode(0, 2049), 0x6800, 'f16 2049 -> 2048 (tie to even)')
    eq(H.encode(0, 2051), 0x6802, 'f16 2051 -> 2052 (tie to even)')
    eq(H.encode(0, Fraction(3, 2 ** 25)), 0x0002, 'f16 1.5 ulp sub -> 2')
    eq(H.encode(0, Fraction(5, 2 ** 25)), 0x0002, 'f16 2.5 ulp sub -> 2')
    eq(H.encode(0, Fraction(1, 2 ** 25)), 0x0000, 'f16 half min sub -> 0')
    eq(H.encode(1, Fraction(3, 2 ** 26)), 0x8001, 'f16 -0.75 ulp -> -min')
    eq(H.encode(0, Fraction(2 ** 10 - 1, 2 ** 24) + Fraction(1, 2 ** 25)),
       0x0400, 'f16 subnormal carries into min normal')
    B = R.BF16
    eq(B.encode(0, 257), 0x4380, 'bf16 257 -> 256')
    eq(B.encode(0, 259), 0x4382, 'bf16 259 -> 260')
    eq(B.encode(0, 1 + Fraction(1, 256)), 0x3F80, 'bf16 1+2^-8 -> 1')
    eq(B.encode(0, 1 + Fraction(3, 256)), 0x3F82, 'bf16 1+3*2^-8 -> up')
    # f32 -> f16 / bf16 of special values.
    eq(R.f32_to_result('f16', 0x7FC00000), 0x7E00, 'f16 NaN')
    eq(R.f32_to_result('f16', 0xFFC00000), 0xFE00, 'f16 -NaN')
    eq(R.f32_to_result('f16', 0x7FD12345), 0x7E89, 'f16 NaN payload')
    eq(R.f32_to_result('bf16', 0xFFC00000), 0xFFC0, 'bf16 -NaN')
    eq(R.f32_to_result('bf16', 0x7FD12345), 0x7FC0, 'bf16 NaN')
    eq(R.f32_to_result('f16', 0xFF800000), 0xFC00, 'f16 -inf')
    eq(R.f32_to_result('bf16', 0x7F800000), 0x7F80, 'bf16 inf')
    eq(R.f32_to_result('bf16', 0x7F7FFFFF), 0x7F80, 'bf16 f32max -> inf')
    eq(R.f32_to_result('f16', 0x80000000), 0x8000, 'f16 -0')
    eq(R.f32_to_result('bf16', 0x00000001), 0x0000, 'bf16 f32 min sub -> 0')
    eq(R.f32_to_result('bf16', 0x00010000), 0x0001, 'bf16 subnormal')


def test_rounding_randomized():
    """Cross-checks the exact-rational rounding against independent
    implementations: the C binary64 -> binary32 conversion behind struct 'f',
    CPython's own binary16 packer behind struct 'e', and the integer
    round-to-nearest-even trick for bf16."""
    seed = [12345]

    def rnd():
        seed[0] = (seed[0] * 6364136223846793005 + 1442695040888963407) % \
            (1 << 64)
        return seed[0] >> 32

    def finite_f32():
        while True:
            b = rnd()
            if not (R.F32.is_nan(b) or R.F32.is_inf(b)):
                return b

    def as_float(b):
        return struct.unpack('<f', struct.pack('<I', b))[0]

    for _ in range(4000):
        a, b = finite_f32(), finite_f32()
        # bias exponents towards the interesting range (incl. subnormals)
        a = (a & 0x807FFFFF) | (((rnd() % 140) + 20) << 23) if rnd() % 2 \
            else a
        prod = as_float(a) * as_float(b)  # exact in binary64
        try:
            want = struct.unpack('<I', struct.pack('<f', prod))[0]
        except OverflowError:
            want = (0xFF800000 if prod < 0 else 0x7F800000)
        eq(R.f32_mul(a, b), want, 'mul 0x%08X * 0x%08X' % (a, b))
    for _ in range(4000):
        b = finite_f32()
        b = (b & 0x807FFFFF) | (((rnd() % 50) + 95) << 23)  # near f16 range
        v = as_float(b)
        try:
            want = struct.unpack('<H', struct.pack('<e', v))[0]
        except OverflowError:
            want = 0xFC00 if v < 0 else 0x7C00
        eq(R.f32_to_result('f16', b), want, 'f16 of 0x%08X' % b)
        bb = finite_f32()
        r = (bb + 0x7FFF + ((bb >> 16) & 1)) >> 16
        eq(R.f32_to_result('bf16', bb), r & 0xFFFF, 'bf16 of 0x%08X' % bb)
    # f32 subtraction of two f16 values (binary64 difference exact).
    for _ in range(2000):
        a, b = rnd() & 0xFFFF, rnd() & 0xFFFF
        if R.F16.is_nan(a) or R.F16.is_nan(b) or R.F16.is_inf(a) or \
                R.F16.is_inf(b):
            continue
        fa = R.decode_float_to_f32('f16', a)
        fb = R.decode_float_to_f32('f16', b)
        d = as_float(fa) - as_float(fb)
        want = struct.unpack('<I', struct.pack('<f', d))[0]
        eq(R.f32_sub(fa, fb), want, 'sub f16 0x%04X - 0x%04X' % (a, b))


# --------------------------------------------------------------------------
# Arithmetic and NaN convention
# --------------------------------------------------------------------------

def test_arith():
    inf, ninf = 0x7F800000, 0xFF800000
    eq(R.f32_mul(inf, 0), 0xFFC00000, 'inf * 0 default NaN')
    eq(R.f32_mul(0x80000000, ninf), 0xFFC00000, '-0 * -inf default NaN')
    eq(R.f32_mul(0xFFC00000, 0x7FC00000), 0xFFC00000, 'first NaN wins')
    eq(R.f32_mul(f32(2.0), 0x7FC00001), 0x7FC00001, 'NaN payload kept')
    eq(R.f32_mul(0x7FA00000, f32(1.0)), 0x7FE00000, 'sNaN quieted')
    eq(R.f32_mul(0, f32(-3.0)), 0x80000000, '0 * -3 = -0')
    eq(R.f32_mul(f32(3.0), 0x3F800001), 0x40400002,
       '3 * (1+2^-23): 3+3*2^-23 rounds to 3+4*2^-23')
    eq(R.f32_mul(f32(2.0 ** 100), f32(2.0 ** 100)), inf, 'product overflow')
    eq(R.f32_mul(f32(-(2.0 ** -100)), f32(2.0 ** -100)), 0x80000000,
       'product underflow keeps sign')
    eq(R.f32_mul(f32(1.5), 0x00000001), 0x00000002,
       '1.5 * min subnormal ties to even (2)')
    eq(R.f32_mul(f32(2.5), 0x00000001), 0x00000002,
       '2.5 * min subnormal ties to even (2)')
    eq(R.f32_sub(inf, inf), 0xFFC00000, 'inf - inf')
    eq(R.f32_sub(inf, ninf), inf, 'inf - -inf')
    eq(R.f32_sub(f32(1.0), ninf), inf, '1 - -inf')
    eq(R.f32_sub(0x80000000, 0), 0x80000000, '-0 - +0 = -0')
    eq(R.f32_sub(0x80000000, 0x80000000), 0, '-0 - -0 = +0')
    eq(R.f32_sub(f32(5.0), f32(5.0)), 0, '5 - 5 = +0')
    eq(R.f32_sub(f32(65504.0), f32(2.0 ** -24)), f32(65504.0),
       '65504 - 2^-24 rounds')
    eq(R.f32_sub(f32(1.0), f32(2.0 ** -25)), f32(1.0),
       '1 - 2^-25: tie, even is 1')
    eq(R.f32_sub(f32(1.0), f32(3 * 2.0 ** -26)), f32(1 - 2.0 ** -24),
       '1 - 1.5*2^-25 rounds to 1-2^-24')


# --------------------------------------------------------------------------
# Whole-op examples
# --------------------------------------------------------------------------

def test_op_examples():
    one = f32(1.0)
    # ONNX test_dequantizelinear: x=[0,3,128,255], s=2, zp=128.
    y = R.dequantize('ui8', [4], [0, 3, 128, 255], 'f32', [], [f32(2.0)],
                     'ui8', [], [128])
    eq(y, [f32(v) for v in [-256.0, -250.0, 0.0, 254.0]], 'onnx basic')

    # int4 bytes 0x10 0xC7 0x08 -> [0, 1, 7, -4, -8] (low nibble first).
    packed = [0x10, 0xC7, 0x08]
    nib = []
    for byte in packed:
        nib += [byte & 0xF, byte >> 4]
    vals = [v - 16 if v >= 8 else v for v in nib[:5]]
    eq(vals, [0, 1, 7, -4, -8], 'int4 unpacking example')
    y = R.dequantize('i4', [5], vals, 'f32', [], [f32(2.0)], 'i4', [1], [1])
    eq(y, [f32(v) for v in [-2.0, 0.0, 12.0, -10.0, -18.0]], 'int4 dq')

    # int2 [0,1,-1,-2] = 0xB4, uint2 [0,1,2,3] = 0xE4.
    unp = [(0xB4 >> (2 * k)) & 3 for k in range(4)]
    eq([v - 4 if v >= 2 else v for v in unp], [0, 1, -1, -2], 'int2 bytes')
    eq([(0xE4 >> (2 * k)) & 3 for k in range(4)], [0, 1, 2, 3], 'uint2 bytes')

    # int32 edge: x = 16777217, zp = 1, scale = 1: exact subtraction first,
    # so 16777216 exactly (the ONNX reference's float32(x) first would give
    # 16777215... no: float32(16777217) = 16777216, minus 1 = 16777215).
    y = R.dequantize('i32', [1], [16777217], 'f32', [], [one], 'i32', [],
                     [1])
    eq(y, [f32(16777216.0)], 'int32 16777217 - 1')
    y = R.dequantize('i32', [1], [16777217], 'f32', [], [one])
    eq(y, [f32(16777216.0)], 'int32 16777217 no zp rounds to 2^24')
    y = R.dequantize('i32', [2], [2 ** 31 - 1, -(2 ** 31)], 'f32', [],
                     [one], 'i32', [], [-(2 ** 31)])
    eq(y, [0x4F800000, 0], 'int32 full-range difference (2^32-1 -> 2^32)')
    y = R.dequantize('ui32', [1], [0], 'f32', [], [one], 'ui32', [],
                     [2 ** 32 - 1])
    eq(y, [0xCF800000], 'uint32 0 - (2^32-1) -> -2^32')

    # fp16 output: int16 32767, zp -32768, scale f16(0.1) -> 6552.0.
    # (The spec writes 0x6666 next to 6552.0, but 0x6666 is 1638.0: 6552.0
    # is exponent 12 -> field 27, mantissa 6552/4096 - 1 = 614/1024, so
    # 0x6C00 | 0x266 = 0x6E66.)
    s = R.encode_float('f16', 0.1, exact=False)
    eq(s, 0x2E66, 'f16(0.1)')
    eq(R.encode_float('f16', 6552.0), 0x6E66, 'f16 6552.0 bits')
    y = R.dequantize('i16', [1], [32767], 'f16', [], [s], 'i16', [],
                     [-32768], y_type='f16')
    eq(y, [0x6E66], 'int16 fp16 output 6552.0')
    # The f32 intermediate: 65535 * 1638/16384 rounded once to f32 (the
    # binary64 product is exact, struct rounds it to nearest even).
    y32 = R.dequantize('i16', [1], [32767], 'f16', [], [s], 'i16', [],
                       [-32768], y_type='f32')
    want = struct.unpack('<I', struct.pack('<f', 65535 * 1638 / 16384))[0]
    eq(y32, [want], 'int16 f32 intermediate')
    eq(R.float_value('f32', y32[0]), 6551.89990234375, 'int16 f32 value')
    # Computing in f16 instead would overflow: 65535 is inf in f16.
    eq(R.F16.encode(0, 65535), 0x7C00, '65535 -> f16 inf')

    # e5m2 max * 2 -> f16 inf (no saturation); in f32 it is 114688.
    y = R.dequantize('f8E5M2', [2], [0x7B, 0xFB], 'f32', [], [f32(2.0)],
                     y_type='f16')
    eq(y, [0x7C00, 0xFC00], 'e5m2 max*2 -> f16 inf')
    y = R.dequantize('f8E5M2', [1], [0x7B], 'f32', [], [f32(2.0)])
    eq(y, [f32(114688.0)], 'e5m2 max*2 in f32')
    y = R.dequantize('f8E5M2', [1], [0x7A], 'f32', [], [f32(2.0)],
                     y_type='f16')
    eq(y, [0x7C00], 'e5m2 49152*2 = 98304 -> f16 inf')

    # fp4 -0 * 2 = -0; fp8 zero point not subtracted (-0 stays -0).
    y = R.dequantize('f4E2M1FN', [2], [0x8, 0x1], 'f32', [], [f32(2.0)],
                     'f4E2M1FN', [], [0x8])
    eq(y, [0x80000000, f32(1.0)], 'fp4 -0 stays -0, zp -0 not subtracted')
    y = R.dequantize('f8E4M3FN', [1], [0x80], 'f32', [], [one], 'f8E4M3FN',
                     [], [0x80])
    eq(y, [0x80000000], 'e4m3fn -0 with zp -0 stays -0')

    # NaN convention through the op.
    y = R.dequantize('f8E4M3FN', [2], [0xFF, 0x7F], 'f32', [], [one],
                     y_type='f16')
    eq(y, [0xFE00, 0x7E00], 'e4m3fn NaNs -> f16 NaN keeps sign')
    y = R.dequantize('f8E4M3FN', [1], [0xFF], 'f8E8M0FNU', [], [0xFF],
                     y_type='bf16')
    eq(y, [0xFFC0], 'x NaN (first operand) wins over scale NaN')
    y = R.dequantize('f8E5M2', [2], [0x7C, 0xFC], 'f32', [], [0],
                     y_type='f32')
    eq(y, [0xFFC00000, 0xFFC00000], 'inf * 0 -> default NaN')
    y = R.dequantize('ui8', [1], [3], 'f8E8M0FNU', [], [0xFF], 'ui8', [],
                     [3], y_type='f32')
    eq(y, [0x7FC00000], '0 * NaN scale -> scale NaN')
    y = R.dequantize('i8', [1], [0], 'f32', [], [f32(-2.0)])
    eq(y, [0x80000000], '0 * negative scale -> -0')

    # f16 x with zero point: subtract in f32.
    x = R.encode_float('f16', 65504.0)
    zp = R.encode_float('f16', 2.0 ** -24)
    y = R.dequantize('f16', [1], [x], 'f32', [], [one], 'f16', [], [zp])
    eq(y, [f32(65504.0)], 'f16 sub in f32 rounds')
    y = R.dequantize('f16', [1], [0x7C00], 'f32', [], [one], 'f16', [],
                     [0x7C00])
    eq(y, [0xFFC00000], 'f16 inf - inf -> default NaN')
    y = R.dequantize('bf16', [1], [0x0001], 'f32', [], [one])
    eq(y, [0x00010000], 'bf16 min subnormal is an f32 subnormal')

    # Granularities.
    # per-axis, axis 0 of [2, 3]; scale [2].
    y = R.dequantize('i8', [2, 3], [1, 2, 3, 4, 5, 6], 'f32', [2],
                     [f32(1.0), f32(10.0)], 'i8', [2], [0, 1], axis=0)
    eq(y, [f32(v) for v in [1, 2, 3, 30, 40, 50]], 'per-axis axis 0')
    # negative axis -1 of [2, 3]; scale [3]; one-element zp.
    y = R.dequantize('i8', [2, 3], [1, 2, 3, 4, 5, 6], 'f32', [3],
                     [f32(1.0), f32(10.0), f32(100.0)], 'i8', [1], [1],
                     axis=-1)
    eq(y, [f32(v) for v in [0, 10, 200, 3, 40, 500]],
       'per-axis axis -1, one-element zp')
    # blocked: [5] along axis 0, B=2 -> scale [3], last block partial.
    y = R.dequantize('ui8', [5], [1, 1, 1, 1, 1], 'f32', [3],
                     [f32(1.0), f32(2.0), f32(4.0)], 'ui8', [3], [0, 0, 0],
                     axis=0, block_size=2)
    eq(y, [f32(v) for v in [1, 1, 2, 2, 4]], 'blocked partial')
    # ORT example: x (4,2,2), axis 0, B=3 -> rows 0-2 scale[0], row 3
    # scale[1].
    sc = [f32(float(v)) for v in range(1, 9)]  # [2,2,2]
    y = R.dequantize('i8', [4, 2, 2], [1] * 16, 'f32', [2, 2, 2], sc, axis=0,
                     block_size=3)
    want = [f32(float(v)) for v in [1, 2, 3, 4] * 3 + [5, 6, 7, 8]]
    eq(y, want, 'blocked ORT example')


# --------------------------------------------------------------------------
# ONNX backend node tests (bit-exact)
# --------------------------------------------------------------------------

ONNX_DTYPES = {
    1: 'f32', 2: 'ui8', 3: 'i8', 4: 'ui16', 5: 'i16', 6: 'i32', 10: 'f16',
    12: 'ui32', 16: 'bf16', 17: 'f8E4M3FN', 18: 'f8E4M3FNUZ', 19: 'f8E5M2',
    20: 'f8E5M2FNUZ', 21: 'ui4', 22: 'i4', 23: 'f4E2M1FN', 24: 'f8E8M0FNU',
    25: 'ui2', 26: 'i2',
}


def pb_fields(buf):
    """Minimal protobuf wire-format reader: yields (field, wiretype, value)
    with value an int (varint / fixed) or bytes (length-delimited)."""
    i = 0

    def varint():
        nonlocal i
        shift = result = 0
        while True:
            b = buf[i]
            i += 1
            result |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return result
    while i < len(buf):
        key = varint()
        field, wt = key >> 3, key & 7
        if wt == 0:
            yield field, wt, varint()
        elif wt == 1:
            yield field, wt, int.from_bytes(buf[i:i + 8], 'little')
            i += 8
        elif wt == 2:
            n = varint()
            yield field, wt, buf[i:i + n]
            i += n
        elif wt == 5:
            yield field, wt, int.from_bytes(buf[i:i + 4], 'little')
            i += 4
        else:
            raise ValueError('wire type %d' % wt)


def pb_varints(data):
    """Decodes a packed run of varints."""
    i = 0
    out = []
    while i < len(data):
        shift = result = 0
        while True:
            b = data[i]
            i += 1
            result |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
        out.append(result)
    return out


def read_tensor(path):
    """(dtype name, dims, flat values): ints for integer types, raw codes for
    float types."""
    buf = open(path, 'rb').read()
    dims, dtype, raw, i32, f32s = [], None, None, [], []
    for field, wt, v in pb_fields(buf):
        if field == 1:
            dims += pb_varints(v) if wt == 2 else [v]
        elif field == 2:
            dtype = ONNX_DTYPES[v]
        elif field == 9:
            raw = v
        elif field == 5:
            i32 += pb_varints(v) if wt == 2 else [v]
        elif field == 4:
            if wt == 2:
                f32s += [int.from_bytes(v[k:k + 4], 'little')
                         for k in range(0, len(v), 4)]
            else:
                f32s.append(v)
    n = 1
    for d in dims:
        n *= d
    width = R.type_width(dtype)
    if raw is not None:
        data = raw
    elif dtype == 'f32':
        data = b''.join(x.to_bytes(4, 'little') for x in f32s)
    else:
        # one entry per element, except sub-byte types (one packed byte per
        # entry); keep the low bits
        if width < 8:
            data = bytes(v & 0xFF for v in i32)
        else:
            nbytes = width // 8
            data = b''.join((v & ((1 << width) - 1)).to_bytes(nbytes, 'little')
                            for v in i32)
    codes = []
    if width < 8:
        per = 8 // width
        for byte in data:
            for k in range(per):
                codes.append((byte >> (k * width)) & ((1 << width) - 1))
        codes = codes[:n]
    else:
        nb = width // 8
        codes = [int.from_bytes(data[k:k + nb], 'little')
                 for k in range(0, n * nb, nb)]
    assert len(codes) == n, (path, len(codes), n)
    if R.is_int_type(dtype):
        signed, w = R.int_type_info(dtype)
        if signed:
            codes = [c - (1 << w) if c >= (1 << (w - 1)) else c
                     for c in codes]
    return dtype, dims, codes


def read_node_attrs(model_path):
    """axis / block_size / output_dtype of the single node of model.onnx."""
    buf = open(model_path, 'rb').read()
    attrs = {}
    for f, _, graph in pb_fields(buf):
        if f != 7:
            continue
        for g, _, node in pb_fields(graph):
            if g != 1:
                continue
            for n, _, attr in pb_fields(node):
                if n != 5:
                    continue
                name, ival = None, None
                for a, _, v in pb_fields(attr):
                    if a == 1:
                        name = v.decode()
                    elif a == 3:
                        ival = v - (1 << 64) if v >= (1 << 63) else v
                attrs[name] = ival
    return attrs


def test_onnx_backend():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, '..', '..', '..'))
    suite = os.path.join(os.path.dirname(root), 'shared', 'onnx-node-tests')
    if not os.path.isdir(suite):
        print('note: %s not found, ONNX backend cross-check skipped' % suite)
        return
    count = 0
    for name in sorted(os.listdir(suite)):
        d = os.path.join(suite, name, 'test_data_set_0')
        if not os.path.isdir(d):
            continue
        attrs = read_node_attrs(os.path.join(suite, name, 'model.onnx'))
        x = read_tensor(os.path.join(d, 'input_0.pb'))
        s = read_tensor(os.path.join(d, 'input_1.pb'))
        zp = None
        if os.path.exists(os.path.join(d, 'input_2.pb')):
            zp = read_tensor(os.path.join(d, 'input_2.pb'))
        y = read_tensor(os.path.join(d, 'output_0.pb'))
        zp_args = (zp[0], zp[1], zp[2]) if zp else (None, None, None)
        if zp and x[0] == 'f4E2M1FN':
            zp_args = (None, None, None)  # the reference ignores fp4 zp
        got = R.dequantize(x[0], x[1], x[2], s[0], s[1], s[2], *zp_args,
                           axis=attrs.get('axis', 1),
                           block_size=attrs.get('block_size', 0),
                           y_type=y[0])
        eq(hexlist(got), hexlist(y[2]), 'onnx backend ' + name)
        count += 1
    check(count >= 14, 'found %d ONNX backend tests' % count)


def main():
    test_decode_examples()
    test_rounding()
    test_rounding_randomized()
    test_arith()
    test_op_examples()
    test_onnx_backend()
    if FAILURES:
        print('%d of %d checks FAILED' % (len(FAILURES), CHECKS[0]))
        return 1
    print('all %d checks passed' % CHECKS[0])
    return 0


if __name__ == '__main__':
    sys.exit(main())
