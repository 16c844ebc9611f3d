#!/usr/bin/env python3
"""Independent pure-Python reference for qdq.dequantize_linear.

    y = (x - zero_point) * scale

Written from the format definitions (IEEE 754 binary formats, the OCP/ONNX
float8 and float4 tables, the E8M0 scale format) and from the numeric rules of
the op (include/qdq/Dialect/QDQ/IR/QDQOps.td and
../shared/specs/onnx-dequantizelinear-numerics.md). It does not use numpy and
shares no code with the lowering.

Value representation
--------------------
* Integer elements (`iN`, `siN`, `uiN`) are plain Python ints in the type's
  range (i4: [-8, 7], ui4: [0, 15], ...).
* Every floating-point element (fp8, fp4, f16, bf16, f8E8M0FNU, f32) is its raw
  bit pattern as a non-negative Python int (f8E4M3FN 0x38 is 1.0, f32
  0x3F800000 is 1.0).
* All arithmetic is exact (Python ints and fractions.Fraction) followed by an
  explicit round-to-nearest-even into the destination format, so there is no
  double rounding through Python's binary64 anywhere.

Numerics (the project's rules)
------------------------------
* Integer x: exact integer difference x - zp, rounded once to f32.
* fp8 / fp4 x: decoded exactly to f32; the zero point (which must be zero) is
  not subtracted, so -0 stays -0.
* f16 / bf16 x: x and zp decoded exactly to f32 and subtracted in f32 (one f32
  rounding). Without a zero point nothing is subtracted.
* The difference is multiplied by the scale (decoded exactly to f32) in f32,
  rounded once, and then rounded once more to the result type (f32: as is;
  f16, bf16: round to nearest even from the f32 value, overflow to inf).

NaN convention (what x86 SSE plus the lowering's decoders produce)
------------------------------------------------------------------
* A decoded fp8 NaN keeps the sign of its input where the format has a sign
  and becomes the canonical quiet NaN: f32 bits = sign | 0x7FC00000. f16 /
  bf16 NaNs (x, zero point and scale) extend as IEEE fpext does: sign and
  payload kept, quiet bit set (see HALF_NAN_KEEPS_PAYLOAD). The fnuz NaN
  (0x80) decodes to 0x7FC00000; the f8E8M0FNU NaN (0xFF) to 0x7FC00000.
* f32 operations: a NaN operand is returned unchanged (quieted), the first
  operand winning when both are NaN (x86 `mulss`/`subss` return the first
  source's NaN); an invalid operation (inf * 0, inf - inf) gives the x86
  default NaN 0xFFC00000.
* f32 NaN -> f16: sign | 0x7E00 | top 9 payload bits (fptrunc keeps the top 10
  mantissa bits and sets the quiet bit). f32 NaN -> bf16: sign | 0x7FC0.
"""

from fractions import Fraction
import math
import re

# --------------------------------------------------------------------------
# Type names
# --------------------------------------------------------------------------

INT_RE = re.compile(r'^(s|u)?i(\d+)$')

#: The x / zero point element types of the op, by family.
INT_TYPES = ['i2', 'ui2', 'i4', 'ui4', 'i8', 'ui8', 'i16', 'ui16', 'i32',
             'ui32']
FP8_TYPES = ['f8E4M3FN', 'f8E4M3FNUZ', 'f8E5M2', 'f8E5M2FNUZ']
FP4_TYPES = ['f4E2M1FN']
HALF_TYPES = ['f16', 'bf16']
SCALE_TYPES = ['f32', 'f16', 'bf16', 'f8E8M0FNU']
RESULT_TYPES = ['f32', 'f16', 'bf16']


def int_type_info(ty):
    """(signed, width) of an integer type name, or None for a float type."""
    m = INT_RE.match(ty)
    if not m:
        return None
    return (m.group(1) != 'u', int(m.group(2)))


def is_int_type(ty):
    return int_type_info(ty) is not None


def int_range(ty):
    signed, width = int_type_info(ty)
    if signed:
        return (-(1 << (width - 1)), (1 << (width - 1)) - 1)
    return (0, (1 << width) - 1)


#: Bit width of every float type.
FLOAT_WIDTH = {
    'f8E4M3FN': 8, 'f8E4M3FNUZ': 8, 'f8E5M2': 8, 'f8E5M2FNUZ': 8,
    'f4E2M1FN': 4, 'f16': 16, 'bf16': 16, 'f32': 32, 'f8E8M0FNU': 8,
}


def type_width(ty):
    info = int_type_info(ty)
    return info[1] if info else FLOAT_WIDTH[ty]


# --------------------------------------------------------------------------
# IEEE-754 binary formats with infinities (f32, f16, bf16): exact encoding
# --------------------------------------------------------------------------

class IEEEFormat:
    """A binary interchange-style format: 1 sign bit, `ebits` exponent bits
    with bias 2^(ebits-1)-1, `mbits` stored mantissa bits, all-ones exponent
    reserved for inf (mantissa 0) and NaN."""

    def __init__(self, name, ebits, mbits):
        self.name = name
        self.ebits = ebits
        self.mbits = mbits
        self.bias = (1 << (ebits - 1)) - 1
        self.emin = 1 - self.bias
        self.emax = self.bias
        self.width = 1 + ebits + mbits
        self.sign_bit = 1 << (ebits + mbits)
        self.exp_mask = ((1 << ebits) - 1) << mbits
        self.mant_mask = (1 << mbits) - 1
        self.quiet_bit = 1 << (mbits - 1)
        self.inf = self.exp_mask
        self.max_finite = Fraction((1 << (mbits + 1)) - 1,
                                   1 << mbits) * Fraction(2) ** self.emax

    # classification of raw bits
    def is_nan(self, b):
        return (b & self.exp_mask) == self.exp_mask and (b & self.mant_mask) != 0

    def is_inf(self, b):
        return (b & ~self.sign_bit) == self.inf

    def is_zero(self, b):
        return (b & ~self.sign_bit) == 0

    def sign(self, b):
        return 1 if b & self.sign_bit else 0

    def value(self, b):
        """Exact value of a finite pattern as a Fraction (zero loses its sign:
        use sign())."""
        assert not self.is_nan(b) and not self.is_inf(b), hex(b)
        e = (b & self.exp_mask) >> self.mbits
        m = b & self.mant_mask
        if e == 0:
            mag = Fraction(m) * Fraction(2) ** (self.emin - self.mbits)
        else:
            mag = Fraction((1 << self.mbits) + m) * \
                Fraction(2) ** (e - self.bias - self.mbits)
        return -mag if self.sign(b) else mag

    def encode(self, sign, mag):
        """Round sign * mag (mag a non-negative Fraction or int) to nearest,
        ties to even; overflow gives inf; subnormals are exact. Returns the
        bits."""
        mag = Fraction(mag)
        assert mag >= 0
        s = self.sign_bit if sign else 0
        if mag == 0:
            return s
        # Exponent E with 2^E <= mag < 2^(E+1).
        e = mag.numerator.bit_length() - mag.denominator.bit_length()
        if Fraction(2) ** e > mag:
            e -= 1
        assert Fraction(2) ** e <= mag < Fraction(2) ** (e + 1)
        if e < self.emin:
            e = self.emin  # subnormal range: fixed quantum
        quantum = Fraction(2) ** (e - self.mbits)
        scaled = mag / quantum
        n = scaled.numerator // scaled.denominator
        rem = scaled - n
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1):
            n += 1
        if n == (1 << (self.mbits + 1)):
            n >>= 1
            e += 1
        if e > self.emax:
            return s | self.inf
        if n < (1 << self.mbits):
            assert e == self.emin
            return s | n  # subnormal (or zero after rounding)
        return s | ((e + self.bias) << self.mbits) | (n - (1 << self.mbits))

    def encode_exact(self, sign, mag):
        """Encode a value that must be representable exactly."""
        b = self.encode(sign, mag)
        assert not self.is_inf(b) and abs(self.value(b)) == mag, \
            '%s is not exact in %s' % (mag, self.name)
        return b


F32 = IEEEFormat('f32', 8, 23)
F16 = IEEEFormat('f16', 5, 10)
BF16 = IEEEFormat('bf16', 8, 7)
IEEE = {'f32': F32, 'f16': F16, 'bf16': BF16}

F32_QNAN = 0x7FC00000          # canonical quiet NaN, positive
F32_DEFAULT_NAN = 0xFFC00000   # x86 "real indefinite" (invalid operation)


def f32_canonical_nan(sign):
    return (0x80000000 if sign else 0) | F32_QNAN


#: How an f16 / bf16 NaN (x, zero point or scale) decodes to f32. The
#: project convention (True) is a plain IEEE fpext: quiet bit set, sign and
#: payload kept (f16 0x7C01 -> 0x7FC02000, bf16 0x7F81 -> 0x7FC10000). False
#: would drop the payload (sign | 0x7FC00000). Only NaN codes with a non-zero
#: payload (other than the quiet bit) tell the two apart.
HALF_NAN_KEEPS_PAYLOAD = True


# --------------------------------------------------------------------------
# Small float formats (fp8, fp4) and E8M0: decoding to exact values
# --------------------------------------------------------------------------

class SmallFloat:
    """S.E.M small float with the special-value convention of one of the
    OCP/ONNX variants: 'fn' (finite, NaN = all ones, signed), 'fnuz' (finite,
    unsigned zero, the negative-zero code 0x80 is the only NaN), 'ieee' (inf
    and NaN like IEEE), 'none' (no special values: fp4)."""

    def __init__(self, name, ebits, mbits, bias, special):
        self.name = name
        self.ebits = ebits
        self.mbits = mbits
        self.bias = bias
        self.special = special
        self.width = 1 + ebits + mbits

    def fields(self, code):
        assert 0 <= code < (1 << self.width), (self.name, code)
        s = (code >> (self.ebits + self.mbits)) & 1
        e = (code >> self.mbits) & ((1 << self.ebits) - 1)
        m = code & ((1 << self.mbits) - 1)
        return s, e, m

    def classify(self, code):
        """'nan', 'inf' or 'finite'."""
        s, e, m = self.fields(code)
        emax_field = (1 << self.ebits) - 1
        mmax = (1 << self.mbits) - 1
        if self.special == 'fn':
            if e == emax_field and m == mmax:
                return 'nan'
        elif self.special == 'fnuz':
            if code == 1 << (self.width - 1):
                return 'nan'
        elif self.special == 'ieee':
            if e == emax_field:
                return 'inf' if m == 0 else 'nan'
        return 'finite'

    def sign(self, code):
        return self.fields(code)[0]

    def magnitude(self, code):
        """Exact |value| of a finite code."""
        s, e, m = self.fields(code)
        if e == 0:
            return Fraction(m) * Fraction(2) ** (1 - self.bias - self.mbits)
        return Fraction((1 << self.mbits) + m) * \
            Fraction(2) ** (e - self.bias - self.mbits)

    def value(self, code):
        """Exact value as a Fraction (finite codes only; -0 gives 0)."""
        assert self.classify(code) == 'finite'
        mag = self.magnitude(code)
        return -mag if self.sign(code) else mag


SMALL = {
    'f8E4M3FN': SmallFloat('f8E4M3FN', 4, 3, 7, 'fn'),
    'f8E4M3FNUZ': SmallFloat('f8E4M3FNUZ', 4, 3, 8, 'fnuz'),
    'f8E5M2': SmallFloat('f8E5M2', 5, 2, 15, 'ieee'),
    'f8E5M2FNUZ': SmallFloat('f8E5M2FNUZ', 5, 2, 16, 'fnuz'),
    'f4E2M1FN': SmallFloat('f4E2M1FN', 2, 1, 1, 'none'),
}


def e8m0_value(code):
    """Exact value of an f8E8M0FNU code (None for the NaN code 0xFF)."""
    assert 0 <= code <= 0xFF
    if code == 0xFF:
        return None
    return Fraction(2) ** (code - 127)


# --------------------------------------------------------------------------
# Decoding any float element to f32 bits (exact)
# --------------------------------------------------------------------------

def decode_float_to_f32(ty, code):
    """Decode one float element (raw code) of type `ty` exactly to f32 bits,
    with the project's NaN convention."""
    if ty == 'f32':
        assert 0 <= code <= 0xFFFFFFFF
        return code
    if ty == 'f8E8M0FNU':
        v = e8m0_value(code)
        if v is None:
            return F32_QNAN
        return F32.encode_exact(0, v)
    if ty in IEEE:
        fmt = IEEE[ty]
        assert 0 <= code < (1 << fmt.width)
        sign = fmt.sign(code)
        if fmt.is_nan(code):
            if HALF_NAN_KEEPS_PAYLOAD:
                payload = (code & fmt.mant_mask) << (F32.mbits - fmt.mbits)
                return (0x80000000 if sign else 0) | F32.exp_mask | \
                    F32.quiet_bit | payload
            return f32_canonical_nan(sign)
        if fmt.is_inf(code):
            return (0x80000000 if sign else 0) | F32.inf
        return F32.encode_exact(sign, abs(fmt.value(code)))
    sf = SMALL[ty]
    kind = sf.classify(code)
    sign = sf.sign(code)
    if kind == 'nan':
        # fnuz NaN is the "negative zero" code but has no sign: +NaN.
        return F32_QNAN if sf.special == 'fnuz' else f32_canonical_nan(sign)
    if kind == 'inf':
        return (0x80000000 if sign else 0) | F32.inf
    return F32.encode_exact(sign, sf.magnitude(code))


# --------------------------------------------------------------------------
# f32 arithmetic on bit patterns
# --------------------------------------------------------------------------

def f32_quiet(b):
    return b | 0x00400000


def f32_from_int(n):
    """Round an exact integer once to f32 (nearest even)."""
    return F32.encode(1 if n < 0 else 0, abs(n))


def f32_mul(a, b):
    """a * b in f32, x86 SSE semantics for NaN (first NaN operand wins,
    quieted; invalid gives 0xFFC00000)."""
    if F32.is_nan(a):
        return f32_quiet(a)
    if F32.is_nan(b):
        return f32_quiet(b)
    sign = F32.sign(a) ^ F32.sign(b)
    a_inf, b_inf = F32.is_inf(a), F32.is_inf(b)
    if (a_inf and F32.is_zero(b)) or (b_inf and F32.is_zero(a)):
        return F32_DEFAULT_NAN
    if a_inf or b_inf:
        return (0x80000000 if sign else 0) | F32.inf
    return F32.encode(sign, abs(F32.value(a) * F32.value(b)))


def f32_sub(a, b):
    """a - b in f32 (round to nearest even), x86 SSE NaN semantics."""
    if F32.is_nan(a):
        return f32_quiet(a)
    if F32.is_nan(b):
        return f32_quiet(b)
    a_inf, b_inf = F32.is_inf(a), F32.is_inf(b)
    if a_inf and b_inf:
        if F32.sign(a) == F32.sign(b):
            return F32_DEFAULT_NAN
        return a
    if a_inf:
        return a
    if b_inf:
        return b ^ 0x80000000
    diff = F32.value(a) - F32.value(b)
    if diff == 0:
        # Exact zero: -0 only for (-0) - (+0); otherwise +0 (round to
        # nearest).
        neg = (F32.is_zero(a) and F32.is_zero(b) and F32.sign(a) == 1
               and F32.sign(b) == 0)
        return 0x80000000 if neg else 0
    return F32.encode(1 if diff < 0 else 0, abs(diff))


def f32_to_result(y_type, b):
    """Round f32 bits once to the result type (bits of the result type)."""
    if y_type == 'f32':
        return b
    fmt = IEEE[y_type]
    sign = F32.sign(b)
    if F32.is_nan(b):
        mant = b & F32.mant_mask
        if y_type == 'f16':
            # fptrunc: quiet bit set, top 10 payload bits kept.
            return (fmt.sign_bit if sign else 0) | fmt.exp_mask | \
                fmt.quiet_bit | (mant >> (F32.mbits - fmt.mbits))
        # bf16: sign | 0x7FC0.
        return (fmt.sign_bit if sign else 0) | fmt.exp_mask | fmt.quiet_bit
    if F32.is_inf(b):
        return (fmt.sign_bit if sign else 0) | fmt.inf
    return fmt.encode(sign, abs(F32.value(b)))


# --------------------------------------------------------------------------
# Element decoding (public helpers)
# --------------------------------------------------------------------------

def check_element(ty, v):
    if is_int_type(ty):
        lo, hi = int_range(ty)
        assert isinstance(v, int) and lo <= v <= hi, (ty, v)
    else:
        assert isinstance(v, int) and 0 <= v < (1 << FLOAT_WIDTH[ty]), (ty, v)


def decode_scale(s_type, code):
    assert s_type in SCALE_TYPES, s_type
    check_element(s_type, code)
    return decode_float_to_f32(s_type, code)


def dequantize_element(x_type, x, s_type, s, zp_type=None, zp=None,
                       y_type='f32'):
    """One element: returns the result bits (of y_type)."""
    check_element(x_type, x)
    scale = decode_scale(s_type, s)
    if zp is not None:
        check_element(zp_type, zp)
    if is_int_type(x_type):
        if zp is not None:
            assert is_int_type(zp_type), (x_type, zp_type)
        diff = x - (zp if zp is not None else 0)
        dx = f32_from_int(diff)
    elif x_type in SMALL:
        if zp is not None:
            assert zp_type == x_type
            zb = decode_float_to_f32(zp_type, zp)
            assert F32.is_zero(zb), 'fp8/fp4 zero point must be zero'
        dx = decode_float_to_f32(x_type, x)
    else:
        assert x_type in HALF_TYPES, x_type
        dx = decode_float_to_f32(x_type, x)
        if zp is not None:
            assert zp_type == x_type
            dx = f32_sub(dx, decode_float_to_f32(zp_type, zp))
    y32 = f32_mul(dx, scale)
    return f32_to_result(y_type, y32)


# --------------------------------------------------------------------------
# Tensors: granularity and broadcasting
# --------------------------------------------------------------------------

def num_elements(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def unflatten(i, shape):
    idx = []
    for d in reversed(shape):
        idx.append(i % d)
        i //= d
    return list(reversed(idx))


def flatten(idx, shape):
    i = 0
    for k, d in zip(idx, shape):
        assert 0 <= k < d
        i = i * d + k
    return i


def is_per_tensor_shape(shape):
    return len(shape) == 0 or (len(shape) == 1 and shape[0] == 1)


def granularity(x_shape, s_shape, block_size):
    if is_per_tensor_shape(s_shape):
        return 'per-tensor'
    return 'blocked' if block_size > 0 else 'per-axis'


def scale_index_fn(x_shape, s_shape, axis, block_size):
    """Returns f(x multi-index) -> flat index into a scale-shaped tensor, and
    validates the shapes against the op's rules."""
    rank = len(x_shape)
    mode = granularity(x_shape, s_shape, block_size)
    if mode == 'per-tensor':
        assert block_size == 0
        return lambda idx: 0
    assert -rank <= axis < rank, (axis, rank)
    a = axis + rank if axis < 0 else axis
    if mode == 'per-axis':
        assert len(s_shape) == 1 and s_shape[0] == x_shape[a], \
            (x_shape, s_shape, axis)
        return lambda idx: idx[a]
    assert len(s_shape) == rank
    for d in range(rank):
        if d == a:
            assert s_shape[d] == -(-x_shape[d] // block_size), \
                (x_shape, s_shape, block_size)
        else:
            assert s_shape[d] == x_shape[d], (x_shape, s_shape)

    def blocked(idx):
        j = list(idx)
        j[a] //= block_size
        return flatten(j, s_shape)
    return blocked


def dequantize(x_type, x_shape, x, s_type, s_shape, s, zp_type=None,
               zp_shape=None, zp=None, axis=1, block_size=0, y_type='f32'):
    """Dequantizes a whole tensor. x, s, zp are flat row-major lists (ints for
    integer types, raw bit patterns for float types). Returns the flat list
    of result bit patterns (f32, f16 or bf16 bits)."""
    assert y_type in RESULT_TYPES, y_type
    assert len(x) == num_elements(x_shape)
    assert len(s) == num_elements(s_shape)
    sidx = scale_index_fn(x_shape, s_shape, axis, block_size)
    if zp is not None:
        assert len(zp) == num_elements(zp_shape)
        if num_elements(zp_shape) == 1:
            # One-element zero point: per-tensor scale, or oneDNN's single
            # zero point with a per-axis scale.
            assert is_per_tensor_shape(zp_shape)
            assert granularity(x_shape, s_shape, block_size) != 'blocked' or \
                num_elements(s_shape) == 1
            zidx = lambda idx: 0
        else:
            assert list(zp_shape) == list(s_shape), (zp_shape, s_shape)
            zidx = sidx
    out = []
    for i, xv in enumerate(x):
        idx = unflatten(i, x_shape)
        k = sidx(idx)
        zv = zp[zidx(idx)] if zp is not None else None
        out.append(dequantize_element(x_type, xv, s_type, s[k], zp_type, zv,
                                      y_type))
    return out


# --------------------------------------------------------------------------
# Conveniences for tests and generators
# --------------------------------------------------------------------------

def float_value(ty, bits):
    """Python float of a bit pattern (NaN/inf included), for display and
    hand-worked checks. Exact for every format here (binary64 holds them)."""
    if ty == 'f8E8M0FNU':
        v = e8m0_value(bits)
        return float('nan') if v is None else float(v)
    if ty in IEEE:
        fmt = IEEE[ty]
        if fmt.is_nan(bits):
            return float('nan')
        if fmt.is_inf(bits):
            return float('-inf') if fmt.sign(bits) else float('inf')
        v = float(fmt.value(bits))
        return -0.0 if (v == 0 and fmt.sign(bits)) else v
    sf = SMALL[ty]
    kind = sf.classify(bits)
    if kind == 'nan':
        return float('nan')
    if kind == 'inf':
        return float('-inf') if sf.sign(bits) else float('inf')
    v = float(sf.magnitude(bits))
    return -v if sf.sign(bits) else v


def encode_float(ty, value, exact=True):
    """Bit pattern of a (finite) Python number / Fraction in an IEEE type
    (f32, f16, bf16). With exact=True the value must be representable."""
    fmt = IEEE[ty]
    if isinstance(value, float) and value != value:
        return fmt.exp_mask | fmt.quiet_bit
    if isinstance(value, float) and value in (float('inf'), float('-inf')):
        return (fmt.sign_bit if value < 0 else 0) | fmt.inf
    fr = Fraction(value)
    sign = 1 if (fr < 0 or (fr == 0 and isinstance(value, float) and
                            math.copysign(1.0, value) < 0)) else 0
    if exact:
        return fmt.encode_exact(sign, abs(fr))
    return fmt.encode(sign, abs(fr))


def all_codes(ty):
    """Every value of an element type, in code order (ints for integer types,
    raw patterns for float types)."""
    if is_int_type(ty):
        lo, hi = int_range(ty)
        if lo < 0:
            # code order: 0 .. max, min .. -1
            return list(range(0, hi + 1)) + list(range(lo, 0))
        return list(range(lo, hi + 1))
    return list(range(1 << FLOAT_WIDTH[ty]))
