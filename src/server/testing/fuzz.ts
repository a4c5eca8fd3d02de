import { z } from 'zod';

// Contract-driven fuzzing (issue 22): a valid body is generated from a route's zod schema (through
// its JSON Schema), then broken one place at a time. Values that JSON.stringify cannot write
// (1e309, -0, a `__proto__` key, deep nesting) travel as raw JSON text.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** A value for a field by its name (or a function making one, for e-mails that must be new). */
export type Samples = Record<string, unknown | (() => unknown)>;

const RAW = '\u0001RAW:';
/** A value written into the JSON text as is. */
export const raw = (json: string) => `${RAW}${json}\u0001`;

/** JSON text of a value that may hold raw() parts. */
export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001RAW:(.*?)\\u0001"/g, (_, text: string) =>
    JSON.parse(`"${text}"`),
  );
}

/** A valid value for `schema`, using `samples` by property name; optional fields without one are left out. */
export function generate(schema: JsonSchema, samples: Samples, name?: string): unknown {
  const sample = name !== undefined && name in samples ? samples[name] : undefined;
  if (sample !== undefined)
    return typeof sample === 'function' ? (sample as () => unknown)() : sample;
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) {
    const first = variant.find((s) => s.type !== 'null') ?? variant[0]!;
    return generate(first, samples, name);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (!required.has(key) && !(key in samples)) continue;
        out[key] = generate(prop, samples, key);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        generate(schema.items ?? {}, samples, name),
      );
    case 'string':
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.pattern?.includes('\\d{1,9}')) return '12.50';
      return 'Fuzz';
    case 'number':
    case 'integer':
      return Math.min(schema.maximum ?? 1, Math.max(schema.minimum ?? 1, 1));
    case 'boolean':
      return true;
    default:
      return schema.default ?? 'Fuzz';
  }
}

/** A valid body for a zod schema. */
export function validBody(schema: z.ZodType, samples: Samples): unknown {
  return generate(
    z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
    samples,
  );
}

type Path = (string | number)[];

/** Every place in a value that can be broken: each property and the first element of each array. */
export function pathsOf(value: unknown, at: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    if (value.length) out.push([...at, 0], ...pathsOf(value[0], [...at, 0]));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push([...at, k], ...pathsOf(v, [...at, k]));
  }
  return out;
}

const DELETE = Symbol('delete');

function setAt(value: unknown, path: Path, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (next === DELETE) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = next;
  return copy;
}

const deep = (n: number) => raw(`${'['.repeat(n)}${']'.repeat(n)}`);

/** Wrong, hostile and extreme values for one place. */
function breakages(current: unknown): [string, unknown][] {
  const out: [string, unknown][] = [
    ['missing', DELETE],
    ['null', null],
    ['a number', 7],
    ['a negative number', -1],
    ['-0', raw('-0')],
    ['1e309', raw('1e309')],
    ['-1e309', raw('-1e309')],
    ['1e21', raw('1e21')],
    ['a fraction', 0.5],
    ['true', true],
    ['an empty string', ''],
    ['a string', 'x'],
    ['a NUL', '\u0000'],
    ['a bidi override', '\u202e'],
    ['a lone surrogate', '\ud800'],
    ['a huge string', 'x'.repeat(100_000)],
    ['an empty array', []],
    ['an empty object', {}],
    ['__proto__', raw('{"__proto__":{"polluted":true}}')],
    ['constructor.prototype', raw('{"constructor":{"prototype":{"polluted":true}}}')],
    ['deep nesting', deep(5000)],
  ];
  if (typeof current === 'string')
    out.push(
      ['with a NUL inside', `${current}\u0000x`],
      ['with a control character', `${current}\u0007`],
      ['with a newline', `${current}\nx`],
      ['long', current.padEnd(5000, 'x')],
    );
  if (Array.isArray(current) && current.length)
    out.push(
      ['10,000 elements', Array.from({ length: 10_000 }, () => current[0])],
      ['a repeated element', [current[0], current[0]]],
    );
  return out;
}

/** Bodies broken in one place each, as JSON text, with what was done. */
export function brokenBodies(base: unknown): [string, string][] {
  const out: [string, string][] = [];
  for (const path of pathsOf(base)) {
    const current = path.reduce<unknown>(
      (v, k) => (v as Record<string | number, unknown>)[k],
      base,
    );
    for (const [what, value] of breakages(current))
      out.push([`${path.join('.')}: ${what}`, toJson(setAt(base, path, value))]);
  }
  const extra =
    base !== null && typeof base === 'object' && !Array.isArray(base)
      ? [['an extra field', toJson({ ...base, extra: 1 })] as [string, string]]
      : [];
  return [
    ...extra,
    ['a __proto__ key at the top', `{"__proto__":{"polluted":true},${toJson(base).slice(1)}`],
    ['nothing', ''],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"x"'],
    ['a number', '123'],
    ['broken JSON', '{"a":'],
    ['deep nesting', toJson(deep(100_000))],
    ['2 MB', JSON.stringify({ x: 'x'.repeat(2 * 1024 * 1024) })],
    ...out,
  ];
}
