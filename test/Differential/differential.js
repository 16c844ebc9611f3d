#!/usr/bin/env node
// Differential testing of qdq.dequantize_linear against ONNX Runtime.
//
//   node differential.js --runner QDQ_ONNX_RUN [--seed S] [--count N]
//                        [--batch B] [--work DIR] [--keep] [--verbose]
//                        [--reference-only-share P]
//
// Generates N random DequantizeLinear cases (x type, shape, granularity,
// zero point, scale type, values) from seed S, groups them B per ONNX model
// (one node and one output per case), runs each model through ONNX Runtime
// (CPU, graph optimizations off) and writes an ONNX test directory
// (model.onnx, test_data_set_0/input_<i>.pb, ORT's results as
// output_<i>.pb) that `qdq-onnx-run DIR` runs through qdq and compares
// bit-exactly (any NaN matches any NaN). Outputs that differ are checked
// against the independent Python reference
// (test/Integration/reference/dq_reference.py): qdq must equal the
// reference, and ORT may differ from it only in the documented ways
// (README.md, "Known ORT deviations"). About a fifth of the cases use what
// ONNX defines but ORT 1.30 cannot run (bf16 and float8e8m0 scales,
// output_dtype, float4e2m1 x, a -0 fp8 zero point): they are
// "reference-only", left out of ORT's model, and their expected outputs come
// from the reference. Exits 0 when every case passes, 1 on a failure, 2 on a
// usage or setup error; prints one summary line.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ort = require('onnxruntime-node');
const { onnx } = require('onnx-proto');
const M = require('./lib/onnx-model.js');
const { DT } = M;

// --------------------------------------------------------------------------
// Options
// --------------------------------------------------------------------------

function parseArgs(argv) {
  const opts = { seed: 1, count: 300, batch: 40, work: null, keep: false, verbose: false, qdqOnnxRun: null, corrupt: [],
    referenceOnlyShare: 0.2 };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--seed') opts.seed = Number(next());
    else if (a === '--count') opts.count = Number(next());
    else if (a === '--batch') opts.batch = Number(next());
    else if (a === '--work') opts.work = next();
    else if (a === '--runner') opts.qdqOnnxRun = next();
    else if (a === '--keep') opts.keep = true;
    else if (a === '--verbose') opts.verbose = true;
    else if (a === '--corrupt') opts.corrupt = next().split(',').map(Number);
    else if (a === '--reference-only-share') opts.referenceOnlyShare = Number(next());
    else usage(`unknown argument ${a}`);
  }
  if (!opts.qdqOnnxRun) usage('--runner PATH is required');
  if (!Number.isInteger(opts.seed) || !Number.isInteger(opts.count) || opts.count < 0 ||
      !Number.isInteger(opts.batch) || opts.batch < 1 || !opts.corrupt.every(Number.isInteger))
    usage('--seed, --count, --batch and --corrupt take integers');
  if (!(opts.referenceOnlyShare >= 0 && opts.referenceOnlyShare <= 1))
    usage('--reference-only-share takes a number from 0 to 1');
  return opts;
}

function usage(message) {
  console.error(`differential: ${message}`);
  console.error('usage: differential.js --runner PATH [--seed S] [--count N] [--batch B] [--work DIR] [--keep] [--verbose] [--corrupt CASE[,CASE...]] [--reference-only-share P]');
  process.exit(2);
}

// --------------------------------------------------------------------------
// Random numbers (deterministic for a seed: splitmix32)
// --------------------------------------------------------------------------

class Rng {
  constructor(seed) { this.state = seed >>> 0; }
  u32() {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  }
  int(n) { return n <= 1 ? 0 : this.u32() % n; } // [0, n)
  range(lo, hi) { return lo + this.int(hi - lo + 1); } // [lo, hi]
  chance(p) { return this.u32() / 4294967296 < p; }
  pick(list) { return list[this.int(list.length)]; }
}

// --------------------------------------------------------------------------
// What ORT 1.30 CPU runs (probed): x in these types, scale f32 or f16, the
// result in the scale's type, no output_dtype.
// --------------------------------------------------------------------------

const X_TYPES = [DT.INT8, DT.UINT8, DT.INT16, DT.UINT16, DT.INT32, DT.INT4, DT.UINT4,
  DT.INT2, DT.UINT2, DT.FLOAT8E4M3FN, DT.FLOAT8E4M3FNUZ, DT.FLOAT8E5M2, DT.FLOAT8E5M2FNUZ];
const SCALE_TYPES = [DT.FLOAT, DT.FLOAT16];
// Types ORT takes as JS input tensors (others must be initializers).
const JS_TYPES = { [DT.INT8]: 'int8', [DT.UINT8]: 'uint8', [DT.INT16]: 'int16',
  [DT.UINT16]: 'uint16', [DT.INT32]: 'int32', [DT.FLOAT]: 'float32', [DT.FLOAT16]: 'float16' };
const JS_ARRAYS = { int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array,
  int32: Int32Array, float32: Float32Array, float16: Uint16Array };

// The reference's type names.
const REF_TYPE = { [DT.INT8]: 'i8', [DT.UINT8]: 'ui8', [DT.INT16]: 'i16', [DT.UINT16]: 'ui16',
  [DT.INT32]: 'i32', [DT.INT4]: 'i4', [DT.UINT4]: 'ui4', [DT.INT2]: 'i2', [DT.UINT2]: 'ui2',
  [DT.FLOAT8E4M3FN]: 'f8E4M3FN', [DT.FLOAT8E4M3FNUZ]: 'f8E4M3FNUZ', [DT.FLOAT8E5M2]: 'f8E5M2',
  [DT.FLOAT8E5M2FNUZ]: 'f8E5M2FNUZ', [DT.FLOAT4E2M1]: 'f4E2M1FN', [DT.FLOAT]: 'f32',
  [DT.FLOAT16]: 'f16', [DT.BFLOAT16]: 'bf16', [DT.FLOAT8E8M0]: 'f8E8M0FNU' };

const isFp8 = (dt) => [DT.FLOAT8E4M3FN, DT.FLOAT8E4M3FNUZ, DT.FLOAT8E5M2, DT.FLOAT8E5M2FNUZ].includes(dt);

// --------------------------------------------------------------------------
// Case generation
// --------------------------------------------------------------------------

const numElements = (dims) => dims.reduce((a, b) => a * b, 1);

// Mostly small odd shapes; one in ten may be larger (several SIMD
// iterations plus a remainder).
function randomShape(rng) {
  const rank = rng.pick([0, 1, 1, 2, 2, 2, 3, 3, 4]);
  const large = rng.chance(0.1);
  const maxElements = large ? 5000 : 400;
  const sizes = large ? [1, 3, 17, 64, 100, 129, 255] : [1, 1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 32, 33];
  for (;;) {
    const dims = [];
    for (let i = 0; i < rank; ++i)
      dims.push(rng.chance(0.06) ? 0 : rng.pick(sizes));
    if (numElements(dims) <= maxElements) return dims;
  }
}

// What each opset has (ORT 1.30 runs DequantizeLinear 13 to 25): 13 int8,
// uint8, int32 x with f32 scales; 19 adds fp8 x and f16 scales; 21 int16,
// uint16, int4, uint4 x and blocked scales; 25 int2 and uint2 x.
const OPSETS = [13, 19, 21, 23, 24, 25, 25, 25];
function opsetTypes(opset) {
  return X_TYPES.filter((dt) => {
    if ([DT.INT2, DT.UINT2].includes(dt)) return opset >= 25;
    if ([DT.INT4, DT.UINT4, DT.INT16, DT.UINT16].includes(dt)) return opset >= 21;
    if (isFp8(dt)) return opset >= 19;
    return true;
  });
}

// A random bit pattern of `dt` (edge values are favoured for integers).
function randomBits(rng, dt) {
  const width = M.bitWidth(dt);
  const mask = width === 32 ? 0xffffffff : (1 << width) - 1;
  if (M.isInt(dt) && rng.chance(0.25)) {
    const signBit = 2 ** (width - 1);
    const edges = M.isSignedInt(dt)
      ? [0, 1, mask, signBit, signBit - 1, signBit + 1] // 0, 1, -1, min, max, min+1
      : [0, 1, mask, mask - 1, signBit, signBit - 1];
    return edges[rng.int(edges.length)] >>> 0 & mask;
  }
  return (rng.u32() & mask) >>> 0;
}

// A random scale bit pattern: mostly ordinary values, sometimes zero, -0,
// subnormal, huge, inf or NaN.
function randomScaleBits(rng, dt) {
  const special = rng.chance(0.12);
  if (dt === DT.FLOAT) {
    if (special)
      return rng.pick([0x00000000, 0x80000000, 0x00000001, 0x007fffff, 0x80400000, 0x7f7fffff,
        0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7fa00000, 0x47800000, 0x38800000]) >>> 0;
    const sign = rng.chance(0.2) ? 0x80000000 : 0;
    const exponent = 127 + rng.range(-24, 12); // 2^-24 .. 2^12
    return (sign | (exponent << 23) | (rng.u32() & 0x7fffff)) >>> 0;
  }
  if (special)
    return rng.pick([0x0000, 0x8000, 0x0001, 0x03ff, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7d00]);
  const sign = rng.chance(0.2) ? 0x8000 : 0;
  const exponent = 15 + rng.range(-12, 8);
  return sign | (exponent << 10) | (rng.u32() & 0x3ff);
}

function operand(name, dt, dims, bitsFn) {
  const bits = [];
  for (let i = 0, n = numElements(dims); i < n; ++i) bits.push(bitsFn());
  return { name, dt, dims, bits };
}

// One case: {x, scale, zeroPoint|null, axis|undefined, blockSize, yDt, mode}.
function randomCase(rng, id, opset) {
  const xDt = rng.pick(opsetTypes(opset));
  const sDt = opset >= 19 ? rng.pick(SCALE_TYPES) : DT.FLOAT;
  const xDims = randomShape(rng);
  const rank = xDims.length;
  const modes = opset >= 21 ? ['per-tensor', 'per-axis', 'per-axis', 'blocked', 'blocked'] : ['per-tensor', 'per-axis'];
  let mode = rank === 0 ? 'per-tensor' : rng.pick(modes);
  let axis;
  let blockSize = 0;
  let sDims;
  if (mode === 'per-tensor') {
    sDims = rng.chance(0.5) ? [] : [1];
    if (rng.chance(0.5)) axis = rng.range(-5, 5); // ignored: never range-checked
  } else {
    axis = rng.range(-rank, rank - 1);
    const a = axis < 0 ? axis + rank : axis;
    if (rng.chance(0.3) && axis === 1 && rank > 1) axis = undefined; // the default, 1
    const d = xDims[a];
    if (mode === 'per-axis') {
      sDims = [d];
      if (d === 1) mode = 'per-tensor'; // [1] is per-tensor
    } else {
      blockSize = rng.chance(0.3) ? rng.pick([1, 2, 3, 4, 16, 32, 64]) : rng.range(1, Math.max(1, d + 2));
      sDims = xDims.slice();
      sDims[a] = Math.ceil(d / blockSize);
      if (numElements(sDims) === 1 && sDims.length === 1) {
        mode = 'per-tensor'; // a one-element 1-D scale is per-tensor: no block_size
        blockSize = 0;
      }
    }
  }
  const scale = operand(`s${id}`, sDt, sDims, () => randomScaleBits(rng, sDt));
  const x = operand(`x${id}`, xDt, xDims, () => randomBits(rng, xDt));
  let zeroPoint = null;
  if (rng.chance(0.6)) {
    let zDims = sDims;
    if (mode === 'per-tensor') zDims = rng.chance(0.5) ? [] : [1];
    // fp8 and int32 zero points are zero (ONNX); fp8 zero may be -0.
    const zeroOnly = isFp8(xDt) || xDt === DT.INT32;
    zeroPoint = operand(`z${id}`, xDt, zDims, () =>
      zeroOnly ? (isFp8(xDt) && xDt !== DT.FLOAT8E4M3FNUZ && xDt !== DT.FLOAT8E5M2FNUZ && rng.chance(0.3) ? 0x80 : 0)
        : randomBits(rng, xDt));
  }
  // Graph inputs (rather than initializers) where ORT takes a JS tensor.
  const inputs = [];
  if (JS_TYPES[xDt] && rng.chance(0.4)) inputs.push(x.name);
  if (rng.chance(0.3)) inputs.push(scale.name);
  return { id, x, scale, zeroPoint, axis, blockSize, outputDtype: 0, yDt: sDt, yName: `y${id}`, mode, inputs };
}

// --------------------------------------------------------------------------
// Reference-only cases: what ONNX defines but ORT 1.30 cannot run
// --------------------------------------------------------------------------

// extendCase turns this share of the cases of models with opset 19 or more
// into reference-only cases (opset 13 has nothing ORT lacks):
// --reference-only-share, by default 0.2, which with the opsets' weights is
// about 17% of all cases.
const RESULT_TYPES = [DT.FLOAT, DT.FLOAT16, DT.BFLOAT16];

// A random bf16 scale: like randomScaleBits' f32 ones (bf16 is f32's top
// half), with bf16 specials (subnormals, largest finite, infinities, NaNs
// with payloads, a signalling NaN).
function randomBf16ScaleBits(rng) {
  if (rng.chance(0.12))
    return rng.pick([0x0000, 0x8000, 0x0001, 0x007f, 0x8040, 0x7f7f, 0x7f80, 0xff80, 0x7fc0,
      0xffc1, 0x7fa0, 0x4780, 0x3880]);
  const sign = rng.chance(0.2) ? 0x8000 : 0;
  const exponent = 127 + rng.range(-24, 12);
  return sign | (exponent << 7) | (rng.u32() & 0x7f);
}

// A random float8e8m0 scale (2^(e-127), no sign, no zero): mostly 2^-24 ..
// 2^12, sometimes 2^-127, 2^-126, 1, 2^126, 2^127 or the NaN code 0xFF.
function randomE8m0ScaleBits(rng) {
  if (rng.chance(0.12)) return rng.pick([0x00, 0x01, 0x7f, 0xfd, 0xfe, 0xff]);
  return 127 + rng.range(-24, 12);
}

// Turns a generated case (opset `opset`) into a reference-only one with
// probability `share`: a bf16 or float8e8m0 scale, an output_dtype
// other than the scale type and/or float4e2m1 x, each only where the opset
// has it (bf16 scales 19, output_dtype and float4e2m1 23, float8e8m0 24).
// Draws only from its own generator `rng`, so the main generator's sequence,
// and with it every case left to ORT, is the same as without it.
function extendCase(rng, c, opset, share) {
  if (opset < 19 || !rng.chance(share)) return;
  const features = ['bf16 scale'];
  if (opset >= 23) features.push('output_dtype', 'float4e2m1 x');
  if (opset >= 24) features.push('f8E8M0 scale');
  const first = rng.pick(features); // at least this one
  if (first === 'float4e2m1 x' || (opset >= 23 && rng.chance(0.2))) {
    c.x = operand(c.x.name, DT.FLOAT4E2M1, c.x.dims, () => rng.int(16));
    c.inputs = c.inputs.filter((n) => n !== c.x.name);
    if (rng.chance(0.4)) c.inputs.push(c.x.name);
    // ONNX: the zero point of float4e2m1 x is zero (+0 or -0).
    if (c.zeroPoint)
      c.zeroPoint = operand(c.zeroPoint.name, DT.FLOAT4E2M1, c.zeroPoint.dims, () => (rng.chance(0.3) ? 0x8 : 0));
  }
  let sDt = c.scale.dt;
  if (first === 'bf16 scale') sDt = DT.BFLOAT16;
  else if (first === 'f8E8M0 scale') sDt = DT.FLOAT8E8M0;
  else if (rng.chance(0.3)) sDt = DT.BFLOAT16;
  else if (opset >= 24 && rng.chance(0.15)) sDt = DT.FLOAT8E8M0;
  if (sDt !== c.scale.dt) {
    const bitsFn = sDt === DT.BFLOAT16 ? () => randomBf16ScaleBits(rng) : () => randomE8m0ScaleBits(rng);
    c.scale = operand(c.scale.name, sDt, c.scale.dims, bitsFn);
  }
  // A float8e8m0 scale needs an output_dtype (ONNX rules 2c); otherwise it
  // is sometimes given, sometimes equal to the scale type.
  if (first === 'output_dtype') c.outputDtype = rng.pick(RESULT_TYPES.filter((t) => t !== sDt));
  else if (sDt === DT.FLOAT8E8M0 || (opset >= 23 && rng.chance(0.4))) c.outputDtype = rng.pick(RESULT_TYPES);
  c.yDt = c.outputDtype || sDt;
  // Now and then the zero point is a graph input too (qdq takes any type).
  if (c.zeroPoint && rng.chance(0.2)) c.inputs.push(c.zeroPoint.name);
}

// Why ORT 1.30 cannot check case `c` (README.md, "What a case is" and
// "Known ORT deviations"): a list of reasons, empty for a case ORT runs.
const REFERENCE_ONLY_REASONS = ['bf16 scale', 'f8E8M0 scale', 'output_dtype other than the scale type',
  'float4e2m1 x', '-0 fp8 zero point'];
function referenceOnlyReasons(c) {
  const reasons = [];
  if (c.scale.dt === DT.BFLOAT16) reasons.push('bf16 scale');
  if (c.scale.dt === DT.FLOAT8E8M0) reasons.push('f8E8M0 scale');
  if (c.outputDtype && c.outputDtype !== c.scale.dt) reasons.push('output_dtype other than the scale type');
  if (c.x.dt === DT.FLOAT4E2M1) reasons.push('float4e2m1 x');
  // README.md, "Known ORT deviations".
  if (isFp8(c.x.dt) && c.zeroPoint && c.zeroPoint.bits.some((b) => b === 0x80)) reasons.push('-0 fp8 zero point');
  return reasons;
}

function describeCase(c) {
  const t = (o) => `${M.DT_NAME[o.dt]}[${o.dims.join(',')}]`;
  return `case ${c.id}: ${c.mode} x=${t(c.x)} scale=${t(c.scale)}` +
    (c.zeroPoint ? ` zero_point=${t(c.zeroPoint)}` : '') +
    (c.axis !== undefined ? ` axis=${c.axis}` : '') +
    (c.blockSize ? ` block_size=${c.blockSize}` : '') +
    (c.outputDtype ? ` output_dtype=${M.DT_NAME[c.outputDtype]}` : '') +
    ` inputs=[${c.inputs.join(',')}]` + (c.referenceOnly ? ` (reference only: ${c.referenceOnly.join(', ')})` : '');
}

// --------------------------------------------------------------------------
// ORT
// --------------------------------------------------------------------------

function toJsTensor(t) {
  const type = JS_TYPES[t.dt];
  const Array_ = JS_ARRAYS[type];
  const bytes = M.packRaw(t.dt, t.bits);
  const copy = new Uint8Array(bytes); // aligned copy
  return new ort.Tensor(type, new Array_(copy.buffer, 0, t.bits.length), t.dims);
}

function inputOperands(cases) {
  const list = [];
  for (const c of cases)
    for (const o of [c.x, c.scale, c.zeroPoint])
      if (o && c.inputs.includes(o.name)) list.push(o);
  return list;
}

async function runOrt(cases, modelBytes) {
  const session = await ort.InferenceSession.create(modelBytes, {
    graphOptimizationLevel: 'disabled', logSeverityLevel: 3,
  });
  const feeds = {};
  for (const o of inputOperands(cases)) feeds[o.name] = toJsTensor(o);
  const results = await session.run(feeds);
  const outputs = cases.map((c) => {
    const data = results[c.yName].data;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    return M.unpackRaw(c.yDt, bytes, numElements(c.x.dims));
  });
  if (session.release) await session.release();
  return outputs;
}

// --------------------------------------------------------------------------
// Test directories and qdq-onnx-run
// --------------------------------------------------------------------------

function writeTestDir(dir, cases, modelBytes, ortOutputs) {
  fs.mkdirSync(path.join(dir, 'test_data_set_0'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'model.onnx'), modelBytes);
  inputOperands(cases).forEach((o, i) => {
    fs.writeFileSync(path.join(dir, 'test_data_set_0', `input_${i}.pb`),
      M.encodeTensor(M.tensorProto(o.name, o.dt, o.dims, o.bits)));
  });
  cases.forEach((c, i) => {
    fs.writeFileSync(path.join(dir, 'test_data_set_0', `output_${i}.pb`),
      M.encodeTensor(M.tensorProto(c.yName, c.yDt, c.x.dims, ortOutputs[i])));
  });
}

// Runs qdq-onnx-run on `dir`, writing qdq's outputs to dir/qdq. Returns
// {status, text, outputs: [bits]|null}.
function runQdq(opts, dir, cases, flags) {
  const outDir = path.join(dir, 'qdq');
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = spawnSync(opts.qdqOnnxRun, [dir, '--output-dir', outDir, '--max-mismatches', '4', ...flags],
    { encoding: 'utf8', maxBuffer: 64 << 20 });
  const text = `${result.stdout || ''}${result.stderr || ''}${result.error ? String(result.error) : ''}`;
  let outputs = null;
  const files = cases.map((_, i) => path.join(outDir, 'test_data_set_0', `output_${i}.pb`));
  if (files.every((f) => fs.existsSync(f))) {
    outputs = files.map((f, i) => {
      const t = onnx.TensorProto.decode(fs.readFileSync(f));
      return M.unpackRaw(cases[i].yDt, Buffer.from(t.rawData), numElements(cases[i].x.dims));
    });
  }
  return { status: result.status, signal: result.signal, text, outputs };
}

// --------------------------------------------------------------------------
// Comparison and the reference
// --------------------------------------------------------------------------

function isNaNBits(dt, b) {
  if (dt === DT.FLOAT) return (b & 0x7f800000) === 0x7f800000 && (b & 0x7fffff) !== 0;
  if (dt === DT.BFLOAT16) return (b & 0x7f80) === 0x7f80 && (b & 0x7f) !== 0;
  return (b & 0x7c00) === 0x7c00 && (b & 0x3ff) !== 0; // f16
}

// Indices where a and b differ (NaN matches NaN).
function differences(dt, a, b) {
  const diff = [];
  for (let i = 0; i < a.length; ++i)
    if (a[i] !== b[i] && !(isNaNBits(dt, a[i]) && isNaNBits(dt, b[i]))) diff.push(i);
  return diff;
}

function signedValue(dt, bits) {
  const width = M.bitWidth(dt);
  return M.isSignedInt(dt) && bits >= 2 ** (width - 1) ? bits - 2 ** width : bits;
}

const REFERENCE_SCRIPT = path.join(__dirname, 'reference_cases.py');

// The reference's results for `cases` (one python3 process).
function runReference(cases) {
  const payload = cases.map((c) => ({
    x_type: REF_TYPE[c.x.dt], x_shape: c.x.dims,
    x: c.x.bits.map((b) => (M.isInt(c.x.dt) ? signedValue(c.x.dt, b) : b)),
    s_type: REF_TYPE[c.scale.dt], s_shape: c.scale.dims, s: c.scale.bits,
    zp_type: c.zeroPoint ? REF_TYPE[c.zeroPoint.dt] : null,
    zp_shape: c.zeroPoint ? c.zeroPoint.dims : null,
    zp: c.zeroPoint ? c.zeroPoint.bits.map((b) => (M.isInt(c.zeroPoint.dt) ? signedValue(c.zeroPoint.dt, b) : b)) : null,
    axis: c.axis === undefined ? 1 : c.axis, block_size: c.blockSize, y_type: REF_TYPE[c.yDt],
  }));
  const result = spawnSync('python3', [REFERENCE_SCRIPT], { input: JSON.stringify(payload), encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`reference failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

// Known ways ORT 1.30 differs from the ONNX reference semantics (README.md,
// "Known ORT deviations"). Returns the name of the deviation that explains
// ORT's element `i` of case `c`, or null.
function knownOrtDeviation(c, i, ortBits, refBits) {
  for (const deviation of KNOWN_DEVIATIONS)
    if (deviation.explains(c, i, ortBits, refBits)) return deviation.name;
  return null;
}

const KNOWN_DEVIATIONS = [];

// --------------------------------------------------------------------------
// Main
// --------------------------------------------------------------------------

function formatBits(dt, b) {
  return '0x' + b.toString(16).padStart(Math.ceil(M.bitWidth(dt) / 4), '0');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const rng = new Rng(opts.seed);
  // Reference-only extensions draw from their own generator (extendCase).
  const extensionRng = new Rng((opts.seed ^ 0x5851f42d) >>> 0);
  // Each batch (one model) has one opset; its cases use what it has.
  const cases = [];
  const batchOpsets = [];
  for (let i = 0; i < opts.count; ++i) {
    if (i % opts.batch === 0) batchOpsets.push(rng.pick(OPSETS));
    const opset = batchOpsets[batchOpsets.length - 1];
    const c = randomCase(rng, i, opset);
    extendCase(extensionRng, c, opset, opts.referenceOnlyShare);
    const reasons = referenceOnlyReasons(c);
    c.referenceOnly = reasons.length ? reasons : null;
    cases.push(c);
  }
  const work = opts.work || fs.mkdtempSync(path.join(os.tmpdir(), 'qdq-differential-'));
  fs.mkdirSync(work, { recursive: true });

  const stats = { cases: 0, elements: 0, batches: 0, deviations: {}, referenceOnly: 0, referenceOnlyElements: 0, reasons: {},
    failures: 0 };
  const fail = (message) => {
    ++stats.failures;
    console.log(`FAIL ${message}`);
  };

  for (let start = 0, b = 0; start < cases.length; start += opts.batch, ++b) {
    const batch = cases.slice(start, start + opts.batch);
    // Every third batch gives qdq every dim as `?` (the run-time checks and
    // dynamic shapes), every third passes initializers as arguments.
    const flags = [[], ['--dynamic-dims'], ['--initializers-as-args']][b % 3];
    const dir = path.join(work, `batch_${String(b).padStart(4, '0')}`);
    const opset = batchOpsets[b];
    const modelBytes = M.buildModel(batch, { opset, inputs: new Set(batch.flatMap((c) => c.inputs)) });
    // ORT computes the expected values, except for the cases it rejects,
    // which the reference computes.
    const ortCases = batch.filter((c) => !c.referenceOnly);
    const refCases = batch.filter((c) => c.referenceOnly);
    let ortOutputs;
    try {
      const ortModel = M.buildModel(ortCases, { opset, inputs: new Set(ortCases.flatMap((c) => c.inputs)) });
      const fromOrt = ortCases.length ? await runOrt(ortCases, ortModel) : [];
      const fromRef = refCases.length ? runReference(refCases) : [];
      ortOutputs = batch.map((c) => (c.referenceOnly ? fromRef : fromOrt)[(c.referenceOnly ? refCases : ortCases).indexOf(c)]);
    } catch (e) {
      fail(`batch ${b}: ONNX Runtime failed: ${e.message.split('\n')[0]}`);
      for (const c of batch) console.log(`  ${describeCase(c)}`);
      continue;
    }
    // --corrupt CASE,... (a test of this harness): flip the low bit of the
    // first expected element of each case CASE, which must then be reported.
    batch.forEach((c, i) => {
      if (opts.corrupt.includes(c.id) && ortOutputs[i].length) ortOutputs[i][0] = (ortOutputs[i][0] ^ 1) >>> 0;
    });
    for (const c of refCases) {
      ++stats.referenceOnly;
      stats.referenceOnlyElements += numElements(c.x.dims);
      for (const r of c.referenceOnly) stats.reasons[r] = (stats.reasons[r] || 0) + 1;
    }
    writeTestDir(dir, batch, modelBytes, ortOutputs);
    const qdq = runQdq(opts, dir, batch, flags);
    ++stats.batches;
    if (opts.verbose) console.log(`batch ${b} (opset ${opset}, ${flags.join(' ') || 'no flags'}): ${batch.length} cases, qdq-onnx-run exit ${qdq.status}`);
    if (!qdq.outputs) {
      fail(`batch ${b}: qdq-onnx-run ${flags.join(' ')} ${dir} produced no outputs (exit ${qdq.status}${qdq.signal ? ', signal ' + qdq.signal : ''}):\n${qdq.text.split('\n').slice(0, 30).join('\n')}`);
      continue;
    }
    // Compare here (the same rule as qdq-onnx-run's), then explain each
    // difference with the reference.
    const differing = [];
    let referenceOnlyFailed = false;
    batch.forEach((c, i) => {
      stats.cases += 1;
      stats.elements += ortOutputs[i].length;
      const diff = differences(c.yDt, ortOutputs[i], qdq.outputs[i]);
      if (diff.length && c.referenceOnly) {
        referenceOnlyFailed = true;
        fail(`qdq differs from the reference in ${diff.length} elements (${dir}, output_${i}, ${flags.join(' ') || 'no flags'})\n  ${describeCase(c)}\n` +
          `  first at ${diff[0]}: x ${formatBits(c.x.dt, c.x.bits[diff[0]] ?? 0)} reference ${formatBits(c.yDt, ortOutputs[i][diff[0]])} qdq ${formatBits(c.yDt, qdq.outputs[i][diff[0]])}`);
        return;
      }
      if (diff.length) differing.push({ c, i, diff });
    });
    if (qdq.status !== 0 && !differing.length && !referenceOnlyFailed)
      fail(`batch ${b}: qdq-onnx-run exited ${qdq.status} although its outputs equal the expected ones:\n${qdq.text}`);
    if (!differing.length) {
      // Only failing batches are kept (all of them with --keep).
      if (!opts.keep && qdq.status === 0 && !referenceOnlyFailed) fs.rmSync(dir, { recursive: true, force: true });
      continue;
    }
    const reference = runReference(differing.map((d) => d.c));
    differing.forEach(({ c, i, diff }, k) => {
      const ref = reference[k];
      const qdqVsRef = differences(c.yDt, ref, qdq.outputs[i]);
      if (qdqVsRef.length) {
        const j = qdqVsRef[0];
        fail(`qdq differs from the reference in ${qdqVsRef.length} elements (${dir}, output_${i}, ${flags.join(' ') || 'no flags'})\n  ${describeCase(c)}\n` +
          `  first at ${j}: x ${formatBits(c.x.dt, c.x.bits[j] ?? 0)} reference ${formatBits(c.yDt, ref[j])} qdq ${formatBits(c.yDt, qdq.outputs[i][j])} ORT ${formatBits(c.yDt, ortOutputs[i][j])}`);
        return;
      }
      for (const j of diff) {
        const name = knownOrtDeviation(c, j, ortOutputs[i][j], ref[j]);
        if (!name) {
          fail(`ORT differs from the reference (and qdq) in an undocumented way (${dir}, output_${i})\n  ${describeCase(c)}\n` +
            `  at ${j}: reference = qdq ${formatBits(c.yDt, ref[j])}, ORT ${formatBits(c.yDt, ortOutputs[i][j])}`);
          return;
        }
        stats.deviations[name] = (stats.deviations[name] || 0) + 1;
      }
    });
  }

  const list = (o) => Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(', ');
  const deviations = list(stats.deviations);
  // Reasons in a fixed order; a case may have several.
  const reasons = list(Object.fromEntries(REFERENCE_ONLY_REASONS.filter((r) => stats.reasons[r]).map((r) => [r, stats.reasons[r]])));
  console.log(`differential: seed ${opts.seed}: ${stats.cases} cases (${stats.elements} elements) in ${stats.batches} models, ` +
    `${stats.failures} failures` +
    (stats.referenceOnly ? `; reference-only cases (ORT cannot run them; the reference computes them): ${stats.referenceOnly} ` +
      `(${stats.referenceOnlyElements} elements; ${reasons})` : '') +
    (deviations ? `; elements where ORT deviates as documented (qdq checked against the reference): ${deviations}` : ''));
  if (!opts.keep && !opts.work && stats.failures === 0) fs.rmSync(work, { recursive: true, force: true });
  else if (stats.failures || opts.keep) console.log(`differential: test directories in ${work}`);
  process.exit(stats.failures ? 1 : 0);
}

main().catch((e) => {
  console.error(`differential: ${e.stack || e}`);
  process.exit(2);
});
