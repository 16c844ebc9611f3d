// ONNX Runtime baseline of the qdq benchmark (bench/README.md).
//
//   node ort_bench.mjs --cases CASES.json --out ORT.json [--filter REGEX]
//                      [--runs N] [--min-seconds S]
//
// For every case of CASES.json (written by bench/gen_kernels.py) whose types
// ONNX DequantizeLinear has, builds a one-node ONNX model (x, scale and zero
// point as initializers, so fp8/int4/int2/fp4 need no JS tensor type; scale
// type = result type, as ONNX ties them), runs it with onnxruntime-node
// (CPU, graphOptimizationLevel 'disabled', one intra-op thread), checks the
// output bit for bit against a JS implementation of the same numerics
// (NaN == NaN: ORT's NaN sign/payload is not compared), and takes the
// kernel time from ORT's profiler (the DequantizeLinear node's
// "*_kernel_time" events; the median of the timed runs). Unsupported
// combinations (session creation or run fails) are recorded with ORT's
// message. A case whose output is wrong is recorded as "mismatch" and not
// timed.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import onnxProtoPkg from 'onnx-proto';

const { onnx } = onnxProtoPkg;

// --------------------------------------------------------------------------
// Arguments
// --------------------------------------------------------------------------
const args = { runs: 0, minSeconds: 0.2, filter: null };
for (let i = 2; i < process.argv.length; ++i) {
  const a = process.argv[i];
  const next = () => process.argv[++i];
  if (a === '--cases') args.cases = next();
  else if (a === '--out') args.out = next();
  else if (a === '--filter') args.filter = new RegExp(next());
  else if (a === '--runs') args.runs = Number(next());
  else if (a === '--min-seconds') args.minSeconds = Number(next());
  else {
    console.error(`ort_bench: unknown argument ${a}`);
    process.exit(2);
  }
}
if (!args.cases || !args.out) {
  console.error('usage: node ort_bench.mjs --cases CASES.json --out ORT.json');
  process.exit(2);
}

// --------------------------------------------------------------------------
// ONNX element types (TensorProto.DataType numbers; onnx-proto 8 predates
// the fp8/int4/fp4/int2 enumerators, the numbers are what matters)
// --------------------------------------------------------------------------
const ONNX_TYPE = {
  f32: 1, ui8: 2, i8: 3, ui16: 4, i16: 5, i32: 6, f16: 10, bf16: 16,
  f8E4M3FN: 17, f8E4M3FNUZ: 18, f8E5M2: 19, f8E5M2FNUZ: 20, ui4: 21, i4: 22,
  f4E2M1FN: 23, ui2: 25, i2: 26,
};
const BITS = {
  i2: 2, ui2: 2, i4: 4, ui4: 4, i8: 8, ui8: 8, i16: 16, ui16: 16, i32: 32,
  f8E4M3FN: 8, f8E4M3FNUZ: 8, f8E5M2: 8, f8E5M2FNUZ: 8, f4E2M1FN: 4,
};
// The opset that introduced each x type in DequantizeLinear.
const OPSET = {
  i8: 19, ui8: 19, i32: 19, i16: 21, ui16: 21, i4: 21, ui4: 21,
  f8E4M3FN: 19, f8E4M3FNUZ: 19, f8E5M2: 19, f8E5M2FNUZ: 19, f4E2M1FN: 23,
  i2: 25, ui2: 25,
};
const IR_VERSION = { 19: 9, 21: 10, 23: 11, 25: 12 };

function unsupportedReason(c) {
  if (c.x === 'ui32') return 'ONNX DequantizeLinear has no uint32 x';
  if (c.x === 'f16' || c.x === 'bf16')
    return 'ONNX DequantizeLinear has no f16/bf16 x';
  if (c.s_type === 'f8E8M0FNU')
    return 'ONNX Runtime 1.30 has no f8E8M0FNU scales';
  return null;
}

// --------------------------------------------------------------------------
// Data
// --------------------------------------------------------------------------
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

function randomBytes(n, seed) {
  const b = Buffer.alloc(n);
  const rnd = mulberry32(seed);
  const u32 = new Uint32Array(b.buffer, b.byteOffset, n >> 2);
  for (let i = 0; i < u32.length; ++i) u32[i] = rnd();
  for (let i = u32.length * 4; i < n; ++i) b[i] = rnd() & 255;
  return b;
}

function isSigned(t) { return t[0] === 'i'; }
function intRange(t) {
  const b = BITS[t];
  return isSigned(t) ? [-(2 ** (b - 1)), 2 ** (b - 1) - 1] : [0, 2 ** b - 1];
}

// Element i of x (ints: value; floats: code).
function reader(t, buf) {
  const b = BITS[t];
  const signed = isSigned(t) && !t.startsWith('f');
  if (b < 8) {
    const per = 8 / b, mask = (1 << b) - 1;
    return (i) => {
      let v = (buf[Math.floor(i / per)] >> ((i % per) * b)) & mask;
      if (signed && (v >> (b - 1))) v -= 1 << b;
      return v;
    };
  }
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.length);
  if (b === 8) return signed ? (i) => dv.getInt8(i) : (i) => dv.getUint8(i);
  if (b === 16)
    return signed ? (i) => dv.getInt16(2 * i, true) : (i) => dv.getUint16(2 * i, true);
  return (i) => dv.getInt32(4 * i, true);
}

function packInts(t, values) {
  const b = BITS[t];
  const n = values.length;
  const out = Buffer.alloc(Math.ceil((n * b) / 8));
  if (b < 8) {
    const per = 8 / b, mask = (1 << b) - 1;
    values.forEach((v, j) => {
      out[Math.floor(j / per)] |= (v & mask) << ((j % per) * b);
    });
  } else {
    const dv = new DataView(out.buffer, out.byteOffset, out.length);
    values.forEach((v, j) => {
      if (b === 8) dv.setUint8(j, v & 255);
      else if (b === 16) dv.setUint16(2 * j, v & 0xFFFF, true);
      else dv.setInt32(4 * j, v, true);
    });
  }
  return out;
}

// --------------------------------------------------------------------------
// Reference numerics (README "Numerics"; NaN compared as NaN)
// --------------------------------------------------------------------------
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function f32Bits(v) { f32[0] = v; return u32[0]; }
function bitsF32(b) { u32[0] = b >>> 0; return f32[0]; }

function f32ToF16Bits(v) {
  // Round to nearest even from an f32 value.
  const b = f32Bits(v);
  const sign = (b >>> 16) & 0x8000;
  const exp = (b >>> 23) & 0xFF;
  let man = b & 0x7FFFFF;
  if (exp === 0xFF) return sign | (man ? 0x7E00 : 0x7C00);
  let e = exp - 127 + 15;
  if (e >= 31) return sign | 0x7C00;
  if (e <= 0) {
    if (e < -10) return sign;
    man |= 0x800000;
    const shift = 14 - e;
    const half = 1 << (shift - 1);
    let r = man >>> shift;
    const rem = man & ((1 << shift) - 1);
    if (rem > half || (rem === half && (r & 1))) r += 1;
    return sign | r;
  }
  let r = (e << 10) | (man >>> 13);
  const rem = man & 0x1FFF;
  if (rem > 0x1000 || (rem === 0x1000 && (r & 1))) r += 1;
  return sign | r;
}
function f32ToBf16Bits(v) {
  const b = f32Bits(v);
  if ((b & 0x7FFFFFFF) > 0x7F800000) return ((b >>> 16) & 0x8000) | 0x7FC0;
  return ((b + 0x7FFF + ((b >>> 16) & 1)) >>> 16) & 0xFFFF;
}
function halfBitsToF32(h) {
  const s = h & 0x8000 ? -1 : 1, e = (h >> 10) & 31, m = h & 1023;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

function smallFloatTable(t) {
  const table = new Float64Array(t === 'f4E2M1FN' ? 16 : 256);
  for (let c = 0; c < table.length; ++c) {
    let v;
    if (t === 'f4E2M1FN') {
      const s = c & 8 ? -1 : 1, e = (c >> 1) & 3, m = c & 1;
      v = s * (e === 0 ? m * 0.5 : (1 + m / 2) * 2 ** (e - 1));
    } else if (t === 'f8E4M3FN' || t === 'f8E4M3FNUZ') {
      const fnuz = t === 'f8E4M3FNUZ';
      const bias = fnuz ? 8 : 7;
      const s = c & 0x80 ? -1 : 1, e = (c >> 3) & 15, m = c & 7;
      if (fnuz ? c === 0x80 : (c & 0x7F) === 0x7F) v = NaN;
      else v = s * (e === 0 ? (m / 8) * 2 ** (1 - bias) : (1 + m / 8) * 2 ** (e - bias));
    } else {
      const fnuz = t === 'f8E5M2FNUZ';
      const bias = fnuz ? 16 : 15;
      const s = c & 0x80 ? -1 : 1, e = (c >> 2) & 31, m = c & 3;
      if (fnuz && c === 0x80) v = NaN;
      else if (!fnuz && e === 31) v = m ? NaN : s * Infinity;
      else v = s * (e === 0 ? (m / 4) * 2 ** (1 - bias) : (1 + m / 4) * 2 ** (e - bias));
    }
    table[c] = v;
  }
  return table;
}

// --------------------------------------------------------------------------
// Model
// --------------------------------------------------------------------------
function tensorProto(name, type, dims, raw) {
  return onnx.TensorProto.create({ name, dataType: type, dims, rawData: raw });
}

function buildModel(c, xRaw, sRaw, zRaw) {
  // block_size exists from opset 21.
  const opset = Math.max(OPSET[c.x], c.block ? 21 : 19);
  const attrs = [];
  if (c.kind !== 'per-tensor')
    attrs.push(onnx.AttributeProto.create({ name: 'axis', type: 2, i: c.kind === 'per-row' ? 0 : 1 }));
  if (c.block)
    attrs.push(onnx.AttributeProto.create({ name: 'block_size', type: 2, i: c.block }));
  const inits = [
    tensorProto('x', ONNX_TYPE[c.x], c.x_shape, xRaw),
    tensorProto('scale', ONNX_TYPE[c.y], c.s_shape, sRaw),
  ];
  const inputs = ['x', 'scale'];
  if (zRaw) {
    inits.push(tensorProto('zero_point', ONNX_TYPE[c.x], c.s_shape, zRaw));
    inputs.push('zero_point');
  }
  const node = onnx.NodeProto.create({
    name: 'dq', opType: 'DequantizeLinear', input: inputs, output: ['y'],
    attribute: attrs,
  });
  const yInfo = onnx.ValueInfoProto.create({
    name: 'y',
    type: onnx.TypeProto.create({
      tensorType: onnx.TypeProto.Tensor.create({
        elemType: ONNX_TYPE[c.y],
        shape: onnx.TensorShapeProto.create({
          dim: c.x_shape.map((d) => onnx.TensorShapeProto.Dimension.create({ dimValue: d })),
        }),
      }),
    }),
  });
  const graph = onnx.GraphProto.create({
    name: 'dq', node: [node], initializer: inits, output: [yInfo],
  });
  const model = onnx.ModelProto.create({
    irVersion: IR_VERSION[opset] ?? 10,
    opsetImport: [onnx.OperatorSetIdProto.create({ domain: '', version: opset })],
    producerName: 'qdq-bench',
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

// --------------------------------------------------------------------------
// One case
// --------------------------------------------------------------------------
function scaleValue(rnd) {
  const h = rnd();
  return (128 + (h & 127)) * 2 ** -(11 + ((h >>> 7) & 7));
}

function makeData(c, seed) {
  const n = c.n;
  const xRaw = randomBytes(Math.ceil((n * BITS[c.x]) / 8), seed);
  const ns = c.s_shape.reduce((a, b) => a * b, 1);
  const rnd = mulberry32(seed ^ 0x5CA1E);
  const scales = new Float64Array(ns);
  for (let j = 0; j < ns; ++j) scales[j] = scaleValue(rnd);
  let sRaw;
  if (c.y === 'f32') {
    sRaw = Buffer.from(new Float32Array(scales).buffer);
  } else {
    const h = new Uint16Array(ns);
    for (let j = 0; j < ns; ++j)
      h[j] = c.y === 'f16' ? f32ToF16Bits(scales[j]) : f32ToBf16Bits(scales[j]);
    sRaw = Buffer.from(h.buffer);
  }
  let zRaw = null, zps = null;
  if (c.zero_point) {
    const [lo, hi] = intRange(c.x);
    zps = new Array(ns);
    const zr = mulberry32(seed ^ 0x2E8);
    for (let j = 0; j < ns; ++j) zps[j] = lo + (zr() % (hi - lo + 1));
    zRaw = packInts(c.x, zps);
  }
  return { xRaw, sRaw, zRaw, scales, zps };
}

function scaleIndexFn(c) {
  if (c.kind === 'per-tensor') return () => 0;
  if (c.kind === 'per-axis') return (i) => i % c.C;
  if (c.kind === 'per-row') return (i) => Math.floor(i / c.C);
  const nb = Math.ceil(c.C / c.block);
  return (i) => Math.floor(i / c.C) * nb + Math.floor((i % c.C) / c.block);
}

function check(c, data, y) {
  const xr = reader(c.x, data.xRaw);
  const sidx = scaleIndexFn(c);
  const table = BITS[c.x] && c.x.startsWith('f') ? smallFloatTable(c.x) : null;
  const isNaN16 = c.y === 'f16' ? (b) => (b & 0x7FFF) > 0x7C00 : (b) => (b & 0x7FFF) > 0x7F80;
  let bad = 0, first = null;
  for (let i = 0; i < c.n; ++i) {
    const j = sidx(i);
    const s = c.y === 'f32' ? Math.fround(data.scales[j])
      : c.y === 'f16' ? halfBitsToF32(f32ToF16Bits(data.scales[j]))
        : bitsF32(f32ToBf16Bits(data.scales[j]) << 16);
    let d;
    if (table) d = table[xr(i)];
    else d = Math.fround(xr(i) - (data.zps ? data.zps[j] : 0));
    const v = Math.fround(d * s);
    let ok;
    let got, want;
    if (c.y === 'f32') {
      got = y[i];
      ok = Number.isNaN(v) ? Number.isNaN(got) : f32Bits(got) === f32Bits(v);
      want = v;
    } else {
      got = y[i];
      want = c.y === 'f16' ? f32ToF16Bits(v) : f32ToBf16Bits(v);
      ok = got === want || (isNaN16(got) && isNaN16(want));
    }
    if (!ok) {
      if (!first) first = { element: i, x: xr(i), got, want };
      ++bad;
    }
  }
  return { bad, first };
}

function kernelTimesUs(profileFile) {
  const events = JSON.parse(fs.readFileSync(profileFile, 'utf8'));
  return events
    .filter((e) => e.cat === 'Node' && typeof e.name === 'string' &&
      e.name.endsWith('_kernel_time') && e.args && e.args.op_name === 'DequantizeLinear')
    .map((e) => e.dur);
}

function median(a) {
  const s = [...a].sort((p, q) => p - q);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function runCase(c, tmp) {
  const reason = unsupportedReason(c);
  if (reason) return { status: 'n/a', reason };
  const seed = [...c.id].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7);
  const data = makeData(c, seed);
  const model = buildModel(c, data.xRaw, data.sRaw, data.zRaw);
  const prefix = path.join(tmp, c.id);
  let session;
  try {
    session = await ort.InferenceSession.create(model, {
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'disabled',
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      enableProfiling: true,
      profileFilePrefix: prefix,
    });
  } catch (e) {
    return { status: 'unsupported', reason: String(e.message).split('\n')[0].slice(0, 300) };
  }
  let out;
  try {
    out = (await session.run({})).y;
  } catch (e) {
    await session.release();
    return { status: 'unsupported', reason: String(e.message).split('\n')[0].slice(0, 300) };
  }
  const { bad, first } = check(c, data, out.data);
  if (bad) {
    await session.release();
    return { status: 'mismatch', mismatches: bad, first };
  }
  // Timed runs: at least 3 and at least min-seconds of wall time.
  const wantRuns = args.runs || 0;
  let runs = 0;
  const t0 = process.hrtime.bigint();
  for (;;) {
    await session.run({});
    ++runs;
    const el = Number(process.hrtime.bigint() - t0) / 1e9;
    if (wantRuns ? runs >= wantRuns : runs >= 3 && el >= args.minSeconds) break;
    if (runs >= 2000) break;
  }
  session.endProfiling();
  await session.release();
  const files = fs.readdirSync(tmp).filter((f) => f.startsWith(c.id + '_') && f.endsWith('.json'));
  if (files.length !== 1)
    return { status: 'error', reason: `expected one profile file, found ${files.length}` };
  const pf = path.join(tmp, files[0]);
  const times = kernelTimesUs(pf);
  fs.unlinkSync(pf);
  // The first event is the checked run (cold); time the others.
  const timed = times.slice(1);
  if (!timed.length) return { status: 'error', reason: 'no DequantizeLinear kernel events in the profile' };
  const us = median(timed);
  const bytes = Math.ceil((c.n * BITS[c.x]) / 8) + c.n * (c.y === 'f32' ? 4 : 2);
  return { status: 'ok', kernel_us_median: us, kernel_us_min: Math.min(...timed), runs: timed.length, gbps: bytes / (us * 1e3) };
}

async function main() {
  const cases = JSON.parse(fs.readFileSync(args.cases, 'utf8')).cases
    .filter((c) => !args.filter || args.filter.test(c.id));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qdq-ort-'));
  const results = {};
  for (const c of cases) {
    const r = await runCase(c, tmp);
    results[c.id] = r;
    const msg = r.status === 'ok' ? `${r.gbps.toFixed(2)} GB/s (${r.kernel_us_median} us, ${r.runs} runs)`
      : `${r.status}${r.reason ? ': ' + r.reason : ''}${r.first ? ' ' + JSON.stringify(r.first) + ` (${r.mismatches} elements)` : ''}`;
    console.error(`ort_bench: ${c.id}: ${msg}`);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.writeFileSync(args.out, JSON.stringify({
    onnxruntime: JSON.parse(fs.readFileSync(new URL('./node_modules/onnxruntime-node/package.json', import.meta.url))).version,
    node: process.version,
    settings: 'CPU EP, graphOptimizationLevel disabled, intraOpNumThreads 1, x/scale/zero point as initializers, kernel time = median of the DequantizeLinear kernel_time profiler events',
    results,
  }, null, 1) + '\n');
}

main().catch((e) => { console.error(e); process.exit(1); });
