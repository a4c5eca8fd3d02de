/**
 * The PaddleOCR models as onnxruntime runs them fastest. Paddle2ONNX exported PP-OCRv4 at opset 9,
 * with each of its PP-LCNetV3 blocks as a convolution, a learnable affine (a scalar multiply, then
 * add), a hard-swish spelled out as four operators (add 3, clip to [0, 6], multiply, divide by 6),
 * and another affine. onnxruntime fuses none of them: each is a pass over the block's output, and
 * together they took 40% of a line's reading (a per-operator profile, 2026-11-28). Rewritten here,
 * in memory, each to the same function in fewer passes:
 * - an affine after a convolution is folded into the convolution's weights and bias;
 * - the hard-swish becomes `x * HardSigmoid(x)` (HardSwish itself needs opset 14), in PP-OCRv4's
 *   models (opset 9) and in the English PP-OCRv3 recogniser's (opset 12, its Clip's bounds inputs);
 * - an affine before a 1x1 convolution without padding is folded into that convolution;
 * - weights too small for a normal float32 (denormals, below 1.2e-38) become zero. A CPU multiplies
 *   a denormal a hundred times slower than a normal number, and a third of the English PP-OCRv3
 *   recogniser's weights are denormal (431,419 of one 512 x 512 convolution's 589,824): that one
 *   convolution took 32 of its 44 ms a line. What they add to any sum is below float32's
 *   resolution at that sum's size.
 * Exact algebra (the denormals aside, which change nothing a float32 sum of normal numbers
 * holds); the readings differ from the original model's by float rounding (the tests compare
 * them). Only the ONNX protobuf fields these rewrites touch are decoded; every other field
 * is copied through byte for byte.
 */

/** A protobuf field: its number, wire type, value (varint or bytes) and its encoding, key included. */
interface Field {
  no: number;
  wire: number;
  value: bigint | Uint8Array;
  raw: Uint8Array;
}

function decode(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let i = 0;
  const varint = () => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = buf[i++]!;
      result |= BigInt(b & 0x7f) << shift;
      shift += 7n;
      if (!(b & 0x80)) return result;
    }
  };
  while (i < buf.length) {
    const start = i;
    const key = Number(varint());
    const wire = key & 7;
    let value: bigint | Uint8Array;
    if (wire === 0) value = varint();
    else if (wire === 2) {
      const n = Number(varint());
      value = buf.subarray(i, i + n);
      i += n;
    } else if (wire === 5 || wire === 1) {
      const n = wire === 5 ? 4 : 8;
      value = buf.subarray(i, i + n);
      i += n;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
    fields.push({ no: key >>> 3, wire, value, raw: buf.subarray(start, i) });
  }
  return fields;
}

function varintBytes(n: bigint | number): number[] {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return out;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const bytesField = (no: number, payload: Uint8Array) =>
  concat([
    Uint8Array.from([...varintBytes((no << 3) | 2), ...varintBytes(payload.length)]),
    payload,
  ]);
const varintField = (no: number, n: number) =>
  Uint8Array.from([...varintBytes(no << 3), ...varintBytes(n)]);
const floatField = (no: number, f: number) => {
  const out = new Uint8Array(5);
  out[0] = (no << 3) | 5;
  new DataView(out.buffer).setFloat32(1, f, true);
  return out;
};
const float32 = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, 4).getFloat32(0, true);
const text = (s: string) => new TextEncoder().encode(s);
const string = (b: Uint8Array) => new TextDecoder().decode(b);

/** The smallest normal float32: below it (and above zero) a value is denormal. */
const MIN_NORMAL = 1.1754943508222875e-38;
const isDenormal = (v: number) => v !== 0 && Math.abs(v) < MIN_NORMAL;

/** The values with every denormal made zero, and how many were; the same array when none was. */
function flushed(data: Float32Array): { data: Float32Array; count: number } {
  let count = 0;
  for (const v of data) if (isDenormal(v)) count++;
  return { data: count === 0 ? data : data.map((v) => (isDenormal(v) ? 0 : v)), count };
}

/** ONNX's NodeProto, as far as the rewrites need it. */
interface Node {
  op: string;
  inputs: string[];
  outputs: string[];
  /** its attributes and other fields, encoded, except inputs, outputs and op_type */
  rest: Uint8Array[];
  /** attributes by name, decoded */
  attributes: Map<string, Field[]>;
}

function decodeNode(buf: Uint8Array): Node {
  const node: Node = { op: '', inputs: [], outputs: [], rest: [], attributes: new Map() };
  for (const f of decode(buf)) {
    if (f.no === 1) node.inputs.push(string(f.value as Uint8Array));
    else if (f.no === 2) node.outputs.push(string(f.value as Uint8Array));
    else if (f.no === 4) node.op = string(f.value as Uint8Array);
    else {
      node.rest.push(f.raw);
      if (f.no === 5) {
        const attribute = decode(f.value as Uint8Array);
        const name = attribute.find((a) => a.no === 1);
        if (name) node.attributes.set(string(name.value as Uint8Array), attribute);
      }
    }
  }
  return node;
}

function encodeNode(node: Node): Uint8Array {
  return concat([
    ...node.inputs.map((s) => bytesField(1, text(s))),
    ...node.outputs.map((s) => bytesField(2, text(s))),
    bytesField(4, text(node.op)),
    ...node.rest,
  ]);
}

/** A float tensor held by a Constant node. */
interface Tensor {
  dims: number[];
  data: Float32Array;
}

const FLOAT = 1;
const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_TENSOR = 4;

function constantOf(node: Node): Tensor | null {
  const value = node.attributes.get('value')?.find((a) => a.no === 5);
  if (node.op !== 'Constant' || !value) return null;
  const dims: number[] = [];
  let type = 0;
  let raw: Uint8Array | null = null;
  const floats: number[] = [];
  for (const f of decode(value.value as Uint8Array)) {
    if (f.no === 1 && f.wire === 0) dims.push(Number(f.value));
    else if (f.no === 1 && f.wire === 2) {
      for (const d of decode(packedAsFields(f.value as Uint8Array))) dims.push(Number(d.value));
    } else if (f.no === 2) type = Number(f.value);
    else if (f.no === 9) raw = f.value as Uint8Array;
    else if (f.no === 4 && f.wire === 5) floats.push(float32(f.value as Uint8Array));
    else if (f.no === 4 && f.wire === 2) {
      const b = f.value as Uint8Array;
      const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      for (let k = 0; k < b.byteLength; k += 4) floats.push(view.getFloat32(k, true));
    }
  }
  if (type !== FLOAT) return null;
  const data = raw ? new Float32Array(raw.slice().buffer) : Float32Array.from(floats);
  return { dims, data };
}

/** Packed varints re-read as a run of field-1 varints. */
function packedAsFields(b: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < b.length;) {
    out.push(1 << 3);
    do out.push(b[i]!);
    while (b[i++]! & 0x80);
  }
  return Uint8Array.from(out);
}

/**
 * An initializer (ONNX's TensorProto) with its denormal floats made zero, re-encoded; null when it
 * holds none (or is no float tensor), to be kept byte for byte.
 */
function flushedInitializer(buf: Uint8Array): { tensor: Uint8Array; count: number } | null {
  const fields = decode(buf);
  if (Number(fields.find((f) => f.no === 2)?.value ?? 0n) !== FLOAT) return null;
  let count = 0;
  const parts = fields.map((f) => {
    const packed = f.no === 4 && f.wire === 2;
    if (f.no !== 9 && !packed) return f.raw;
    const b = (f.value as Uint8Array).slice();
    const values = flushed(new Float32Array(b.buffer, 0, b.byteLength >> 2));
    if (values.count === 0) return f.raw;
    count += values.count;
    return bytesField(f.no, new Uint8Array(values.data.buffer));
  });
  return count === 0 ? null : { tensor: concat(parts), count };
}

function constantNode(output: string, tensor: Tensor): Node {
  const payload = concat([
    ...tensor.dims.map((d) => varintField(1, d)),
    varintField(2, FLOAT),
    bytesField(
      9,
      new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength),
    ),
  ]);
  const attribute = concat([
    bytesField(1, text('value')),
    bytesField(5, payload),
    varintField(20, ATTRIBUTE_TENSOR),
  ]);
  return {
    op: 'Constant',
    inputs: [],
    outputs: [output],
    rest: [bytesField(5, attribute)],
    attributes: new Map([['value', decode(attribute)]]),
  };
}

function hardSigmoidNode(input: string, output: string): Node {
  const float = (name: string, f: number) =>
    bytesField(
      5,
      concat([bytesField(1, text(name)), floatField(2, f), varintField(20, ATTRIBUTE_FLOAT)]),
    );
  return {
    op: 'HardSigmoid',
    inputs: [input],
    outputs: [output],
    rest: [float('alpha', 1 / 6), float('beta', 0.5)],
    attributes: new Map(),
  };
}

function floatAttribute(node: Node, name: string): number | null {
  const f = node.attributes.get(name)?.find((a) => a.no === 2);
  return f ? float32(f.value as Uint8Array) : null;
}

function intsAttribute(node: Node, name: string): number[] {
  const attribute = node.attributes.get(name) ?? [];
  const ints: number[] = [];
  for (const a of attribute) {
    if (a.no === 8 && a.wire === 0) ints.push(Number(BigInt.asIntN(64, a.value as bigint)));
    if (a.no === 8 && a.wire === 2)
      for (const d of decode(packedAsFields(a.value as Uint8Array)))
        ints.push(Number(BigInt.asIntN(64, d.value as bigint)));
  }
  return ints;
}

/** The rewrites over one graph's nodes; returns how many of each were made. */
function rewrite(nodes: Node[], graphOutputs: Set<string>) {
  const made = { convAffine: 0, hardSwish: 0, affineConv: 0, denormals: 0 };
  const constants = new Map<string, { node: Node; tensor: Tensor }>();
  for (const [k, node] of nodes.entries()) {
    const tensor = constantOf(node);
    if (!tensor) continue;
    const { data, count } = flushed(tensor.data);
    if (count === 0) constants.set(node.outputs[0]!, { node, tensor });
    else {
      const flushedTensor = { dims: tensor.dims, data };
      nodes[k] = constantNode(node.outputs[0]!, flushedTensor);
      constants.set(node.outputs[0]!, { node: nodes[k], tensor: flushedTensor });
      made.denormals += count;
    }
  }
  const consumers = () => {
    const by = new Map<string, Node[]>();
    for (const node of nodes)
      for (const input of node.inputs) by.set(input, [...(by.get(input) ?? []), node]);
    return by;
  };
  let uses = consumers();
  /** The one node that reads `name`, when only one does and it is no graph output. */
  const onlyReader = (name: string) => {
    const readers = uses.get(name) ?? [];
    return readers.length === 1 && !graphOutputs.has(name) ? readers[0]! : null;
  };
  /** The scalar a node's other input holds, when it is a one-value constant. */
  const scalarBeside = (node: Node, input: string) => {
    const other = node.inputs.find((i) => i !== input);
    const c = other === undefined ? undefined : constants.get(other);
    return node.inputs.length === 2 && c && c.tensor.data.length === 1 ? c.tensor.data[0]! : null;
  };
  /** A Clip to [min, max]: by attributes before opset 11, by constant inputs since. */
  const clipsTo = (clip: Node, min: number, max: number) => {
    const bound = (k: number, name: string) => {
      const input = clip.inputs[k];
      if (input === undefined || input === '') return floatAttribute(clip, name);
      const c = constants.get(input);
      return c && c.tensor.data.length === 1 ? c.tensor.data[0]! : null;
    };
    return bound(1, 'min') === min && bound(2, 'max') === max;
  };
  /** A constant only `node` reads, to be changed in place. */
  const ownConstant = (node: Node, name: string | undefined) =>
    name !== undefined && onlyReader(name) === node ? (constants.get(name) ?? null) : null;
  const removed = new Set<Node>();
  const replace = (name: string, tensor: Tensor) => {
    const entry = constants.get(name)!;
    const node = constantNode(name, tensor);
    nodes[nodes.indexOf(entry.node)] = node;
    constants.set(name, { node, tensor });
  };
  /** An affine (a multiply by a scalar, then an add of one) from `mul`, which reads `input`. */
  const affineOf = (mul: Node | null, input: string) => {
    if (mul?.op !== 'Mul') return null;
    const scale = scalarBeside(mul, input);
    const add = onlyReader(mul.outputs[0]!);
    if (scale === null || add?.op !== 'Add') return null;
    const shift = scalarBeside(add, mul.outputs[0]!);
    return shift === null ? null : { mul, add, scale, shift };
  };
  /** The nodes removed out of the list, and who reads what counted again. */
  const sweep = () => {
    nodes.splice(0, nodes.length, ...nodes.filter((n) => !removed.has(n)));
    uses = consumers();
  };

  for (const conv of [...nodes]) {
    if (conv.op !== 'Conv' || removed.has(conv)) continue;
    const affine = affineOf(onlyReader(conv.outputs[0]!), conv.outputs[0]!);
    const weights = ownConstant(conv, conv.inputs[1]);
    const bias = conv.inputs[2] === undefined ? null : ownConstant(conv, conv.inputs[2]);
    if (!affine || !weights || (conv.inputs[2] !== undefined && !bias)) continue;
    const outChannels = weights.tensor.dims[0]!;
    replace(conv.inputs[1]!, {
      dims: weights.tensor.dims,
      data: weights.tensor.data.map((w) => w * affine.scale),
    });
    const b = bias?.tensor.data ?? new Float32Array(outChannels);
    const biasName = conv.inputs[2] ?? `${conv.outputs[0]}.folded_bias`;
    const folded = { dims: [outChannels], data: b.map((v) => v * affine.scale + affine.shift) };
    if (bias) replace(biasName, folded);
    else {
      const node = constantNode(biasName, folded);
      nodes.splice(nodes.indexOf(conv), 0, node);
      constants.set(biasName, { node, tensor: folded });
      conv.inputs[2] = biasName;
    }
    conv.outputs[0] = affine.add.outputs[0]!;
    removed.add(affine.mul).add(affine.add);
    made.convAffine++;
  }
  sweep();

  for (const add of [...nodes]) {
    if (add.op !== 'Add' || removed.has(add)) continue;
    const x = add.inputs.find((i) => !constants.has(i));
    if (x === undefined || scalarBeside(add, x) !== 3) continue;
    const clip = onlyReader(add.outputs[0]!);
    if (clip?.op !== 'Clip' || !clipsTo(clip, 0, 6)) continue;
    const mul = onlyReader(clip.outputs[0]!);
    if (mul?.op !== 'Mul' || !mul.inputs.includes(x)) continue;
    const div = onlyReader(mul.outputs[0]!);
    if (
      div?.op !== 'Div' ||
      div.inputs[0] !== mul.outputs[0] ||
      scalarBeside(div, mul.outputs[0]!) !== 6
    )
      continue;
    const gate = `${div.outputs[0]}.hard_sigmoid`;
    nodes[nodes.indexOf(add)] = hardSigmoidNode(x, gate);
    mul.inputs = [x, gate];
    mul.outputs = [...div.outputs];
    removed.add(clip).add(div);
    made.hardSwish++;
  }
  sweep();

  for (const mul of [...nodes]) {
    if (mul.op !== 'Mul' || removed.has(mul)) continue;
    const x = mul.inputs.find((i) => !constants.has(i));
    const affine = x === undefined ? null : affineOf(mul, x);
    if (!affine) continue;
    const { add, scale, shift } = affine;
    const conv = onlyReader(add.outputs[0]!);
    if (conv?.op !== 'Conv' || conv.inputs[0] !== add.outputs[0]) continue;
    const weights = ownConstant(conv, conv.inputs[1]);
    const bias = ownConstant(conv, conv.inputs[2]);
    const [outChannels, perGroup, kh, kw] = weights?.tensor.dims ?? [];
    const padded =
      intsAttribute(conv, 'pads').some((p) => p !== 0) || conv.attributes.has('auto_pad');
    if (!weights || !bias || kh !== 1 || kw !== 1 || padded) continue;
    const w = weights.tensor.data;
    const b = bias.tensor.data.map((v, o) => {
      let sum = 0;
      for (let c = 0; c < perGroup!; c++) sum += w[o * perGroup! + c]!;
      return v + shift * sum;
    });
    replace(conv.inputs[1]!, { dims: weights.tensor.dims, data: w.map((v) => v * scale) });
    replace(conv.inputs[2]!, { dims: [outChannels!], data: b });
    conv.inputs[0] = x!;
    removed.add(mul).add(add);
    made.affineConv++;
  }
  sweep();
  // Constants no node reads any more (the scalars of what was folded).
  for (const n of nodes)
    if (n.op === 'Constant' && !n.outputs.some((o) => uses.has(o) || graphOutputs.has(o)))
      removed.add(n);
  sweep();
  return made;
}

export interface Fused {
  model: Uint8Array;
  made: { convAffine: number; hardSwish: number; affineConv: number; denormals: number };
}

/** An ONNX model (its file's bytes) with the rewrites above made; unchanged when none applies. */
export function fuseModel(file: Uint8Array): Fused {
  const model = decode(file);
  const made = { convAffine: 0, hardSwish: 0, affineConv: 0, denormals: 0 };
  const parts = model.map((field) => {
    if (field.no !== 7 || field.wire !== 2) return field.raw;
    const graph = decode(field.value as Uint8Array);
    const outputs = new Set<string>();
    for (const g of graph)
      if (g.no === 12) {
        const name = decode(g.value as Uint8Array).find((f) => f.no === 1);
        if (name) outputs.add(string(name.value as Uint8Array));
      }
    const nodes = graph.filter((g) => g.no === 1).map((g) => decodeNode(g.value as Uint8Array));
    Object.assign(made, rewrite(nodes, outputs));
    // The initializers, with their denormals made zero as the constants' are.
    const others = graph
      .filter((g) => g.no !== 1)
      .map((g) => {
        if (g.no !== 5) return g.raw;
        const initializer = flushedInitializer(g.value as Uint8Array);
        if (!initializer) return g.raw;
        made.denormals += initializer.count;
        return bytesField(5, initializer.tensor);
      });
    // The nodes first, in their (topological) order, then the graph's other fields as they were.
    return bytesField(7, concat([...nodes.map((n) => bytesField(1, encodeNode(n))), ...others]));
  });
  const none = made.convAffine + made.hardSwish + made.affineConv + made.denormals === 0;
  return { model: none ? file : concat(parts), made };
}
