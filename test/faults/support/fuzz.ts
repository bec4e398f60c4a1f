/**
 * A schema-driven HTTP fuzzer: values are drawn from the OpenAPI document's JSON schemas, then
 * bent (wrong types, limits, huge or hostile text) often enough to find what validation lets
 * through. Seeded, so a failing run can be repeated with FUZZ_SEED.
 */

type Schema = Record<string, unknown>;

export type Random = () => number;

/** mulberry32: small, fast and good enough to spread requests over the schema space. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Text that has broken servers: NUL, lone surrogates, markup, SQL, very long, right-to-left. */
const HOSTILE_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '%00',
  '../../etc/passwd',
  '\u202egnp.exe',
  '9999-12-31',
  '0000-00-00',
  '1e309',
  'NaN',
  '-1',
  'null',
  '{}',
  '😀'.repeat(50),
];

const HOSTILE_NUMBERS = [0, -1, 1, 0.5, -0.0001, 2147483647, 2147483648, 3000000000, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308];

export function hostileValue(random: Random): unknown {
  switch (Math.floor(random() * 8)) {
    case 0:
      return pick(random, HOSTILE_TEXT);
    case 1:
      return pick(random, HOSTILE_NUMBERS);
    case 2:
      return 'x'.repeat(pick(random, [256, 5_000, 200_000]));
    case 3:
      return pick(random, [null, true, false]);
    case 4:
      return [pick(random, HOSTILE_TEXT), pick(random, HOSTILE_NUMBERS)];
    case 5:
      return { nested: { deeper: pick(random, HOSTILE_TEXT) } };
    case 6:
      return Array.from({ length: 1000 }, (_, i) => i);
    default:
      return pick(random, ['2026-02-30', '2026-13-01', '1900-01-01', '3000-01-01', '2026-06-01T25:00:00Z']);
  }
}

export class SchemaValues {
  constructor(
    private readonly components: Record<string, Schema>,
    private readonly random: Random,
    /** How often a value is bent instead of drawn from its schema. */
    private readonly bendRate = 0.15,
  ) {}

  value(schema: Schema | undefined, depth = 0): unknown {
    if (!schema || depth > 6) return hostileValue(this.random);
    if (this.random() < this.bendRate) return hostileValue(this.random);
    const ref = schema.$ref as string | undefined;
    if (ref) return this.value(this.components[ref.split('/').pop() as string], depth + 1);
    const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (choices?.length) return this.value(pick(this.random, choices), depth + 1);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return pick(this.random, schema.enum);
    const type = Array.isArray(schema.type) ? pick(this.random, schema.type as string[]) : (schema.type as string | undefined);
    switch (type) {
      case 'object':
        return this.object(schema, depth);
      case 'array':
        return Array.from({ length: Math.floor(this.random() * 4) }, () => this.value(schema.items as Schema, depth + 1));
      case 'integer':
        return Math.floor(this.number(schema));
      case 'number':
        return this.number(schema);
      case 'boolean':
        return this.random() < 0.5;
      case 'null':
        return null;
      case 'string':
        return this.string(schema);
      default:
        return hostileValue(this.random);
    }
  }

  object(schema: Schema, depth = 0): Record<string, unknown> {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required ?? []) as string[]);
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (required.has(name) ? this.random() < 0.95 : this.random() < 0.6) result[name] = this.value(property, depth + 1);
    }
    if (this.random() < 0.1) result[`unexpected_${Math.floor(this.random() * 100)}`] = hostileValue(this.random);
    return result;
  }

  private number(schema: Schema): number {
    const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
    const max = typeof schema.maximum === 'number' ? schema.maximum : 100_000;
    return min + this.random() * (max - min);
  }

  private string(schema: Schema): string {
    if (schema.format === 'date') return new Date(Date.now() + (this.random() - 0.3) * 4e10).toISOString().slice(0, 10);
    if (schema.format === 'date-time') return new Date(Date.now() + (this.random() - 0.5) * 4e10).toISOString();
    if (schema.format === 'email') return `fuzz${Math.floor(this.random() * 1e6)}@example.test`;
    if (schema.format === 'uuid') return crypto.randomUUID();
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const length = min + Math.floor(this.random() * Math.max(1, Math.min(max, 60) - min + 1));
    return Array.from({ length }, () => pick(this.random, 'abcdefghijklmnopqrstuvwxyz0123456789 -_.@'.split(''))).join('');
  }
}

export interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: Schema; required?: boolean }[];
  body?: { type: string; schema?: Schema };
}

export function operationsOf(document: { paths: Record<string, Record<string, Schema>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = ((operation.requestBody as Schema | undefined)?.content ?? {}) as Record<string, { schema?: Schema }>;
      const [type] = Object.keys(content);
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []) as Operation['parameters'],
        body: type ? { type, schema: content[type].schema } : undefined,
      });
    }
  }
  return operations;
}

/** What a response must never be: a 5xx, an error without the contract's shape, a stack trace. */
export function contractBreach(status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (/\bat [\w.<>]+ \(?[^)]*\.(ts|js):\d+/.test(text) || /node_modules\//.test(text)) return 'stack trace in the answer';
  if (status < 400) return null;
  if (!contentType.includes('json')) return `error without JSON (${contentType || 'no type'})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'error body is not JSON';
  }
  const detail = (body as { detail?: unknown })?.detail;
  if (typeof detail === 'string' && detail.length > 0) return null;
  const issues =
    Array.isArray(detail) && detail.every((i) => Array.isArray(i?.loc) && typeof i?.msg === 'string' && typeof i?.type === 'string');
  return issues && status === 422 ? null : `error body without the contract's detail: ${text.slice(0, 200)}`;
}
