// Builds ONNX models and TensorProtos of DequantizeLinear nodes with
// onnx-proto, and encodes/decodes element values as ONNX stores them.
'use strict';
const { onnx } = require('onnx-proto');

// TensorProto.DataType values.
const DT = {
  FLOAT: 1, UINT8: 2, INT8: 3, UINT16: 4, INT16: 5, INT32: 6, FLOAT16: 10,
  UINT32: 12, BFLOAT16: 16, FLOAT8E4M3FN: 17, FLOAT8E4M3FNUZ: 18,
  FLOAT8E5M2: 19, FLOAT8E5M2FNUZ: 20, UINT4: 21, INT4: 22, FLOAT4E2M1: 23,
  FLOAT8E8M0: 24, UINT2: 25, INT2: 26,
};
const DT_NAME = Object.fromEntries(Object.entries(DT).map(([k, v]) => [v, k]));

// Bits per element.
function bitWidth(dt) {
  switch (dt) {
    case DT.UINT2: case DT.INT2: return 2;
    case DT.UINT4: case DT.INT4: case DT.FLOAT4E2M1: return 4;
    case DT.UINT8: case DT.INT8: case DT.FLOAT8E4M3FN: case DT.FLOAT8E4M3FNUZ:
    case DT.FLOAT8E5M2: case DT.FLOAT8E5M2FNUZ: case DT.FLOAT8E8M0: return 8;
    case DT.UINT16: case DT.INT16: case DT.FLOAT16: case DT.BFLOAT16: return 16;
    case DT.INT32: case DT.UINT32: case DT.FLOAT: return 32;
  }
  throw new Error('unknown data type ' + dt);
}

const isSignedInt = (dt) => [DT.INT2, DT.INT4, DT.INT8, DT.INT16, DT.INT32].includes(dt);
const isUnsignedInt = (dt) => [DT.UINT2, DT.UINT4, DT.UINT8, DT.UINT16, DT.UINT32].includes(dt);
const isInt = (dt) => isSignedInt(dt) || isUnsignedInt(dt);

// Packs raw element bit patterns (unsigned numbers) into ONNX raw_data:
// sub-byte values LSB-first, wider values little-endian.
function packRaw(dt, bits) {
  const width = bitWidth(dt);
  if (width < 8) {
    const perByte = 8 / width;
    const out = Buffer.alloc(Math.ceil(bits.length / perByte));
    bits.forEach((b, i) => {
      out[Math.floor(i / perByte)] |= (b & ((1 << width) - 1)) << (width * (i % perByte));
    });
    return out;
  }
  const bytes = width / 8;
  const out = Buffer.alloc(bits.length * bytes);
  bits.forEach((b, i) => out.writeUIntLE(b >>> 0, i * bytes, bytes));
  return out;
}

// Unpacks raw_data into element bit patterns.
function unpackRaw(dt, buffer, count) {
  const width = bitWidth(dt);
  const out = new Array(count);
  if (width < 8) {
    const perByte = 8 / width;
    for (let i = 0; i < count; ++i)
      out[i] = (buffer[Math.floor(i / perByte)] >> (width * (i % perByte))) & ((1 << width) - 1);
    return out;
  }
  const bytes = width / 8;
  for (let i = 0; i < count; ++i) out[i] = buffer.readUIntLE(i * bytes, bytes);
  return out;
}

function tensorProto(name, dt, dims, bits) {
  return onnx.TensorProto.create({ name, dataType: dt, dims, rawData: packRaw(dt, bits) });
}

function valueInfo(name, dt, dims) {
  return onnx.ValueInfoProto.create({
    name,
    type: onnx.TypeProto.create({
      tensorType: onnx.TypeProto.Tensor.create({
        elemType: dt,
        shape: onnx.TensorShapeProto.create({
          dim: dims.map((d) => onnx.TensorShapeProto.Dimension.create({ dimValue: d })),
        }),
      }),
    }),
  });
}

function intAttr(name, i) {
  return onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INT, i });
}

// nodes: [{x: {name, dt, dims, bits}, scale: {...}, zeroPoint: {...}|null,
//          axis, blockSize, outputDtype, yName, yDt}]
// Every operand is an initializer unless `inputs` lists its name.
function buildModel(nodes, { opset = 25, inputs = new Set() } = {}) {
  const initializer = [];
  const input = [];
  const nodeProtos = [];
  const output = [];
  const addOperand = (t) => {
    if (inputs.has(t.name)) input.push(valueInfo(t.name, t.dt, t.dims));
    else initializer.push(tensorProto(t.name, t.dt, t.dims, t.bits));
  };
  for (const n of nodes) {
    addOperand(n.x);
    addOperand(n.scale);
    if (n.zeroPoint) addOperand(n.zeroPoint);
    const attribute = [];
    if (n.axis !== undefined) attribute.push(intAttr('axis', n.axis));
    if (n.blockSize) attribute.push(intAttr('block_size', n.blockSize));
    if (n.outputDtype) attribute.push(intAttr('output_dtype', n.outputDtype));
    nodeProtos.push(onnx.NodeProto.create({
      opType: 'DequantizeLinear',
      name: 'dq_' + n.yName,
      input: [n.x.name, n.scale.name].concat(n.zeroPoint ? [n.zeroPoint.name] : []),
      output: [n.yName],
      attribute,
    }));
    output.push(valueInfo(n.yName, n.yDt, n.x.dims));
  }
  const model = onnx.ModelProto.create({
    irVersion: 11,
    producerName: 'qdq-differential',
    opsetImport: [onnx.OperatorSetIdProto.create({ domain: '', version: opset })],
    graph: onnx.GraphProto.create({ name: 'dq', node: nodeProtos, initializer, input, output }),
  });
  return Buffer.from(onnx.ModelProto.encode(model).finish());
}

function encodeTensor(proto) {
  return Buffer.from(onnx.TensorProto.encode(proto).finish());
}

module.exports = {
  DT, DT_NAME, bitWidth, isInt, isSignedInt, isUnsignedInt, packRaw, unpackRaw,
  tensorProto, buildModel, encodeTensor,
};
