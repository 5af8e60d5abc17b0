import fc from 'fast-check';
import type { JsonSchema } from '../../src/shared/model';
import { encodeEnvelope, ENVELOPE_MARKER } from '../../src/shared/envelope';

/**
 * Hostile input for the API batteries: values an attacker sends to break parsers and handlers
 * (OWASP WSTG-INPV, ASVS V5), generated with fast-check from a fixed seed so every run repeats.
 */

const ONE_MB = 'x'.repeat(1024 * 1024);

/** Text that has broken handlers before: NUL, blank, huge, markup, SQL, broken data URLs. */
export const hostileText = fc.constantFrom(
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'a\u0000b',
  ONE_MB,
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\uFEFF',
  '🙂'.repeat(60),
  '%00',
  '%zz',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'data:text/csv;name=%zz.csv;base64,QQ==',
  'data:image/png;base64,!!!!',
  'data:;base64,',
  'data:text/csv;base64,PWNtZHwnL2MgY2FsYychQTA=',
  "=cmd|'/c calc'!A0",
  'javascript:alert(1)',
  'https://',
  'a@b',
  'x'.repeat(5000),
  '9'.repeat(400),
  '#',
  '\r\n\r\n',
  '{{constructor.constructor}}',
);

/** Numbers outside every id, page and money range, and numbers JSON turns into something else. */
export const hostileNumber = fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, -1, 0, 0.5, 1e20, 1e308, -1e308, 99999999999, -2147483649);

/** Any JSON value of a wrong type, a few levels deep. */
const wrongType = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 4 }),
);

/** A value nested `depth` levels deep in arrays or objects. */
export function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
  return value;
}

/** A plausible value for a schema: the starting point that one mutation then breaks. */
export function sample(schema: JsonSchema): unknown {
  const s = schema as {
    type?: string;
    enum?: unknown[];
    format?: string;
    properties?: Record<string, JsonSchema>;
    items?: JsonSchema;
    minimum?: number;
  };
  if (s.enum) return s.enum[0];
  if (s.type === 'object') return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
  if (s.type === 'array') return s.items ? [sample(s.items)] : [];
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.type === 'boolean') return true;
  if (s.format === 'email') return 'fuzz@example.com';
  return 'fuzz';
}

/** JSON text with a key that JSON.parse keeps as an own property (`__proto__` included). */
function withRawKey(payload: Record<string, unknown>, key: string, value: unknown): string {
  const inner = JSON.stringify(payload).slice(1, -1);
  return `{${JSON.stringify(key)}:${JSON.stringify(value)}${inner ? `,${inner}` : ''}}`;
}

const envelopeOfJson = (json: string) => `AAAAAAAAAA${ENVELOPE_MARKER}BBBBBBBBBB${Buffer.from(json, 'utf8').toString('base64')}`;
const body = (requestData: unknown) => JSON.stringify({ request_data: requestData });

/** A described request body: text, or raw bytes (invalid UTF-8). */
export interface HostileBody {
  readonly kind: string;
  readonly body: string | Uint8Array;
}

/**
 * At least one broken thing per body, aimed at a call's own schema: a field of the wrong type or
 * with hostile text, a required field missing, an unknown or prototype field, deep nesting, huge
 * numbers; and broken outer shapes: envelopes, base64, invalid UTF-8 bytes, not JSON at all.
 */
export function hostileBodies(schema: JsonSchema, valid: Record<string, unknown> = {}): fc.Arbitrary<HostileBody> {
  const base = { ...(sample(schema) as Record<string, unknown>), ...valid };
  const keys = Object.keys(base);
  const required = (schema as { required?: string[] }).required ?? [];
  const field = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('field');
  const payload = (kind: string, value: unknown): HostileBody => ({ kind, body: body(encodeEnvelope(value)) });
  return fc.oneof(
    fc.tuple(field, wrongType).map(([k, v]) => payload(`wrong type ${k}`, { ...base, [k]: v })),
    fc.tuple(field, hostileText).map(([k, v]) => payload(`hostile text ${k}=${JSON.stringify(v.slice(0, 40))}`, { ...base, [k]: v })),
    fc.tuple(field, hostileNumber).map(([k, v]) => payload(`huge number ${k}=${v}`, { ...base, [k]: v })),
    fc.constantFrom(...(required.length > 0 ? required : ['none'])).map((k) => {
      const copy = { ...base };
      delete copy[k];
      return payload(`missing ${k}`, copy);
    }),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 20 }), wrongType)
      .map(([k, v]) => payload(`extra field ${JSON.stringify(k)}`, { ...base, [k]: v })),
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.constantFrom<unknown>({ isAdmin: true }, 'x', { polluted: 1 }))
      .map(([k, v]) => ({ kind: `prototype key ${k}`, body: body(envelopeOfJson(withRawKey(base, k, v))) })),
    fc
      .tuple(field, fc.integer({ min: 20, max: 3000 }), fc.boolean())
      .map(([k, depth, asObject]) => payload(`nested ${depth} in ${k}`, { ...base, [k]: nested(depth, asObject) })),
    fc
      .oneof(fc.json(), fc.constantFrom('null', '[]', '"text"', '12', 'true'))
      .map((json) => ({ kind: 'payload not an object', body: body(envelopeOfJson(json)) })),
    fc.string({ maxLength: 200 }).map((text) => ({ kind: 'request_data not an envelope', body: body(text) })),
    fc.string({ maxLength: 60 }).map((text) => ({ kind: 'broken base64', body: body(`AAAAAAAAAA${ENVELOPE_MARKER}BBBBBBBBBB${text}`) })),
    fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => ({
      kind: 'base64 of raw bytes',
      body: body(`AAAAAAAAAA${ENVELOPE_MARKER}BBBBBBBBBB${Buffer.from([0xff, 0xc0, ...bytes]).toString('base64')}`),
    })),
    fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => ({
      kind: 'invalid UTF-8 in the raw body',
      body: new Uint8Array([...Buffer.from('{"request_data":"'), 0xc3, 0x28, 0xff, ...bytes, ...Buffer.from('"}')]),
    })),
    fc
      .oneof(
        fc.string({ maxLength: 200 }),
        fc.json(),
        fc.constantFrom('{"request_data":"x","extra":1}', '{}', '[]', 'null', `{"request_data":${'['.repeat(5000)}`),
      )
      .map((text) => ({ kind: 'broken outer body', body: text })),
    fc.constantFrom(2, 5).map((n) => ({
      kind: `${n} request_data keys`,
      body: `{${Array.from({ length: n }, () => `"request_data":${JSON.stringify(encodeEnvelope(base))}`).join(',')}}`,
    })),
  );
}

/** Path parameter values that must never reach a handler as anything but a clean 400 or 404. */
export const hostileSegment = fc.oneof(
  fc.constantFrom(
    '2147483648',
    '99999999999',
    '-1',
    '0',
    '1e20',
    '1.5',
    '0x10',
    '%00',
    'a%00b',
    '%zz',
    '%E0%A4%A',
    '__proto__',
    'constructor',
    '..',
    '%2e%2e',
    '%2F',
    'x'.repeat(90),
    '%F0%9F%99%82',
    'NaN',
    'Infinity',
    '1%20OR%201=1',
    "'",
    '%27%3B--',
    ' 1',
    '１',
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map((text) => encodeURIComponent(text)),
  fc.integer().map(String),
);

/** Query strings: repeated names, prototype names, NUL, huge numbers, impossible dates, unknown sorts. */
export const hostileQuery = fc.oneof(
  fc.constantFrom(
    'q=a&q=b',
    'sort=__proto__',
    'sort=constructor',
    'sort=toString',
    'start=1e20',
    'start=-1',
    'start=99999999999',
    'size=0',
    'size=1e9',
    'to=275760-09-13',
    'from=0000-01-01',
    'from=2026-02-30',
    'client_id=2147483648',
    'client_id=-1',
    'client_id=1&client_id=2',
    '__proto__=1',
    '__proto__[x]=1',
    'constructor=1',
    'q=%00',
    '%00=1',
    'q=%zz',
    'dir=sideways',
    'status=%00',
    'category=a&category=b',
    `q=${'x'.repeat(3000)}`,
    'code=%00&state=x',
    'state=' + 'y'.repeat(500),
    'action=login.failure&action=x',
    'q[]=1',
    'q[a]=1',
  ),
  fc
    .tuple(
      fc.constantFrom(
        'q',
        'start',
        'size',
        'sort',
        'dir',
        'client_id',
        'status',
        'from',
        'to',
        'code',
        'state',
        'category',
        'group',
        'source',
      ),
      fc.string({ maxLength: 40 }),
    )
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`),
);

/** Text in an answer that would show a stack trace or SQL (ASVS V7.4.1: errors never leak internals). */
export const LEAK =
  /\n\s+at |\bat \S+ \(.*:\d+:\d+\)|node_modules|Error:|SELECT |INSERT INTO|UPDATE \S+ SET|syntax error|violates .* constraint|duplicate key|invalid input syntax/;

/**
 * The threats found before, each tried on every field of a call (not left to chance): NUL, text
 * blank after trimming, and 2^31 (one past the largest id).
 */
export function everyFieldBodies(schema: JsonSchema, valid: Record<string, unknown> = {}): HostileBody[] {
  const base = { ...(sample(schema) as Record<string, unknown>), ...valid };
  return Object.keys(base).flatMap((key) =>
    (['a\u0000b', ' ', 2 ** 31] as const).map((value) => ({
      kind: `every field ${key}=${String(value).slice(0, 12)}`,
      body: body(encodeEnvelope({ ...base, [key]: value })),
    })),
  );
}
