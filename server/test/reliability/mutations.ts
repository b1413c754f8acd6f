import fc from 'fast-check';
import type { JsonSchema, Operation, RequestParts } from './operations.js';

/** What the generators draw on besides randomness: real ids of every kind and company, real cursors. */
export interface Pools {
  ids: string[];
  cursors: string[];
}

/**
 * One change to a valid request, as data (so a failing case prints readably and shrinks). A
 * request gets one to three of them.
 */
export type Mutation =
  | { kind: 'bodyField'; field: string; value: unknown }
  | { kind: 'bodyOmit'; field: string }
  | { kind: 'bodyUnknown'; field: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'rawBody'; text: string }
  | { kind: 'queryField'; name: string; value: string | null }
  | { kind: 'queryOmit'; name: string }
  | { kind: 'queryRepeat'; name: string; values: string[] }
  | { kind: 'pathParam'; name: string; segment: string }
  | { kind: 'header'; name: string; value: string | null };

const sample = '0671b535-f5a3-5709-9b25-f710e90958d2';

const oddText = fc.constantFrom(
  '\uD800',
  'a\uDC00b',
  '\uDBFF',
  'a\u0000b',
  '\u0000',
  '\u202Eevil\u202C',
  'שלום עולם',
  '👩‍👩‍👧‍👦'.repeat(8),
  'e\u0301\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗',
  '\uFEFFbom',
  '\u200B\u200C\u200D',
  '\u2028\u2029',
  '\r\n\t',
  '\\',
  '"',
  "'; drop table contacts; --",
  '%',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  'true',
  '[]',
  '{}',
  ' ',
  '',
  '\u0085',
  '\uFFFF',
  '\uFFFE',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'İı',
  'ß'.repeat(60),
  '٠١٢٣٤٥٦٧٨٩',
);
/** Long enough to find a missing length check, and longer than the body limit. */
const hugeText = fc.constantFrom(100_001, 1_100_000).chain((length) => fc.constantFrom('x', 'é', '😀').map((unit) => unit.repeat(Math.ceil(length / unit.length))));
const anyText = fc.oneof(
  { weight: 4, arbitrary: oddText },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeText },
);

const badUuid = (pools: Pools) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...pools.ids) },
    { weight: 2, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        `{${sample}}`,
        sample.replace(/-/g, ''),
        sample.slice(0, -1),
        `${sample}0`,
        ` ${sample}`,
        `${sample} `,
        `z${sample.slice(1)}`,
        `urn:uuid:${sample}`,
        sample.replace(/-/g, '_'),
        `${sample}\u0000`,
      ),
    },
    { weight: 1, arbitrary: anyText },
  );

const badDate = (schema: JsonSchema) => {
  const patterns = [schema, ...((schema.anyOf ?? []) as JsonSchema[])].map((s) => s.pattern).filter((p): p is string => typeof p === 'string');
  return fc.oneof(
    // Well-formed by the schema, yet at the edges: year 0000, 9999, odd offsets, Feb 29.
    ...patterns.map((pattern) => ({ weight: 3, arbitrary: fc.stringMatching(new RegExp(pattern)) })),
    { weight: 2, arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '2026-02-30',
        '2026-02-29',
        '2024-02-29',
        '2026-13-01',
        '2026-00-10',
        '2026-03-10T25:00:00Z',
        '2026-03-10T09:00:00',
        '2026-03-10T09:00:00+25:00',
        '2026-03-10T09:00:00+05:45',
        '0000-01-01T00:00:00Z',
        '9999-12-31T23:59:59.999Z',
        '0000-01-01',
        '9999-12-31',
        '+275760-09-13T00:00:00Z',
        '2026-03-08T02:30:00-05:00',
        '2026-10-25T01:30:00+01:00',
        '2026-W10-2',
        '1710000000',
        '2026-03-10T09:00:00.123456789012Z',
        'tomorrow',
        '2026-03-10 09:00',
        '10/03/2026',
        '2026-03-10T09:00:00z',
        '2026-03-10t09:00:00Z',
        '2026-03-10T09:00:60Z',
        '1969-12-31T23:59:59Z',
      ),
    },
    { weight: 1, arbitrary: anyText },
  );
};

const badNumberText = fc.oneof(
  fc.constantFrom('-1', '0', '101', '1000000', '1.5', '1e2', ' 5', '5 ', '0x10', '+5', '٥', '9007199254740993', 'Infinity', 'NaN', '', '1,5', '05'),
  fc.integer().map(String),
  fc.double().map(String),
);

const badCursor = (pools: Pools) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pools.cursors) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...pools.cursors), fc.nat(), fc.constantFrom('A', 'b', '_', '-', '.', '='))
        .map(([cursor, at, char]) => cursor.slice(0, at % cursor.length) + char + cursor.slice((at % cursor.length) + 1)),
    },
    {
      weight: 2,
      arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => `${Buffer.from(JSON.stringify(value)).toString('base64url')}.${Buffer.from('forged signature of 32 bytes!!!!').toString('base64url')}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('a.b', '.', 'a.b.c', '..', 'W10.', '.sig', 'x'.repeat(1025)) },
    { weight: 1, arbitrary: anyText },
  );

/** Text for a field that should hold `schema`: the near misses of its own kind first, then anything. */
function textFor(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<string> {
  const kinds = [schema, ...((schema.anyOf ?? []) as JsonSchema[])];
  if (name === 'cursor') return badCursor(pools);
  if (kinds.some((s) => s.format === 'uuid')) return badUuid(pools);
  if (kinds.some((s) => s.format === 'date-time' || s.format === 'date')) return badDate(schema);
  if (kinds.some((s) => s.type === 'integer' || s.type === 'number')) return fc.oneof(badNumberText, anyText);
  if (kinds.some((s) => s.type === 'boolean')) return fc.oneof(fc.constantFrom('true', 'false', '1', '0', 'yes', 'TRUE', ''), anyText);
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as string[];
    return fc.oneof(fc.constantFrom(...values.map((v) => v.toUpperCase()), ...values.map((v) => ` ${v}`), 'other'), anyText);
  }
  return anyText;
}

const odd = fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, [], {}, [1, 2], { $gt: '' }, { nested: { deep: [null] } });
const deep = fc.integer({ min: 20, max: 2000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown);

/** A JSON value for a body field that should hold `schema`. */
function jsonFor(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: textFor(schema, name, pools) },
    { weight: 2, arbitrary: odd },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.double() },
  );
}

/** Bodies that are not objects, and texts that are not JSON (or JSON a parser might mishandle). */
const wholeBody = fc.oneof(fc.constantFrom(null, [], [{}], 'text', 0, true, { '': '' }), fc.jsonValue({ maxDepth: 2 }), deep);
const rawBodies = fc.constantFrom(
  '{',
  '{"first_name": "A",}',
  "{'a': 1}",
  '{"a": NaN}',
  '{"a": 1} trailing',
  '\uFEFF{}',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"a": 1, "a": 2}',
  '/* comment */ {}',
  '"\\ud800"',
  '{"a": "\\u0000"}',
  '[1,2',
  'nul',
  '',
  ' ',
  '\u0000',
  '{"a":' + '1'.repeat(400) + '}',
  '{"a": 1e999999}',
);

const headerMutations: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('header' as const),
    name: fc.constant('content-type'),
    value: fc.constantFrom(
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/JSON',
      'application/json;',
      'application/vnd.api+json',
      'multipart/form-data; boundary=x',
      '',
      'application/json; charset=latin1',
      '*/*',
      'application/json, text/plain',
    ),
  }),
  fc.record({
    kind: fc.constant('header' as const),
    name: fc.constant('idempotency-key'),
    value: fc.oneof(
      fc.constantFrom('', ' ', 'k'.repeat(255), 'k'.repeat(256), 'k'.repeat(4000), 'null', '\t'),
      fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    ),
  }),
  fc.record({
    kind: fc.constant('header' as const),
    name: fc.constantFrom('authorization', 'accept', 'accept-encoding', 'x-forwarded-for', 'content-encoding', 'transfer-encoding', 'expect'),
    value: fc.constantFrom(null, '', 'Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', 'gzip', 'identity', '*/*', 'text/html', '1.2.3.4, 5.6.7.8', 'chunked', '100-continue', 'application/xml'),
  }),
);

/** The mutations a request of `op` may undergo. */
export function mutationsOf(op: Operation, pools: Pools): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [headerMutations];
  const bodyFields = Object.entries(op.body?.properties ?? {});
  if (bodyFields.length) {
    options.push(
      fc.constantFrom(...bodyFields).chain(([field, schema]) => jsonFor(schema, field, pools).map((value): Mutation => ({ kind: 'bodyField', field, value }))),
      fc.constantFrom(...bodyFields).map(([field]): Mutation => ({ kind: 'bodyOmit', field })),
    );
  }
  options.push(
    fc.record({
      kind: fc.constant('bodyUnknown' as const),
      field: fc.oneof(fc.constantFrom('id', 'company_id', 'status', 'toString', 'hasOwnProperty', 'created_at'), fc.string({ maxLength: 12 })),
      value: fc.jsonValue({ maxDepth: 1 }),
    }),
    wholeBody.map((value): Mutation => ({ kind: 'body', value })),
    rawBodies.map((text): Mutation => ({ kind: 'rawBody', text })),
  );
  if (op.queryParams.length) {
    const params = op.queryParams.map((p) => [p.name, p.schema] as const);
    const encoded = (schema: JsonSchema, name: string) => textFor(schema, name, pools).map(encodeSegment);
    options.push(
      fc
        .constantFrom(...params)
        .chain(([name, schema]) =>
          fc
            .oneof(encoded(schema, name), fc.constant(null), fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '+', '%2B'))
            .map((value): Mutation => ({ kind: 'queryField', name, value })),
        ),
      fc.constantFrom(...params).map(([name]): Mutation => ({ kind: 'queryOmit', name })),
      fc.constantFrom(...params).chain(([name, schema]) => fc.array(encoded(schema, name), { minLength: 2, maxLength: 4 }).map((values): Mutation => ({ kind: 'queryRepeat', name, values }))),
      fc
        .constantFrom(...params)
        .chain(([name, schema]) =>
          fc
            .constantFrom('[]', '[0]', '[a]', '.x', '[__proto__]')
            .chain((suffix) => encoded(schema, name).map((value): Mutation => ({ kind: 'queryField', name: encodeURIComponent(name + suffix), value }))),
        ),
    );
  }
  options.push(
    fc.record({
      kind: fc.constant('queryField' as const),
      name: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'sort', 'expand[]', 'LIMIT'), fc.string({ maxLength: 10 }).map(encodeSegment)),
      value: fc.oneof(fc.constant(null), fc.string({ maxLength: 10 }).map(encodeSegment)),
    }),
  );
  for (const { name, schema } of op.pathParams) {
    options.push(
      fc
        .oneof(
          textFor(schema, name, pools).map(encodeSegment),
          // No dot segments (`..`, `%2e%2e`): a client resolves them before sending; fuzz-http sends them raw.
          fc.constantFrom('', '%ZZ', '%2F', '%00', '%ED%A0%80', 'x'.repeat(101), `${sample}%20`, `${sample};x=1`),
        )
        .map((segment): Mutation => ({ kind: 'pathParam', name, segment })),
    );
  }
  return fc.oneof(...options);
}

/** URL-encodes text byte by byte as UTF-8 (a lone surrogate becomes U+FFFD, as any client would send it). */
export function encodeSegment(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** `parts` with the mutations applied (a copy; `parts` is left as it was). */
export function applyMutations(parts: RequestParts, mutations: readonly Mutation[]): RequestParts {
  const next: RequestParts = { ...parts, params: { ...parts.params }, query: parts.query.map(([n, v]) => [n, v]), headers: { ...parts.headers }, body: structuredClone(parts.body) };
  const bodyObject = () => {
    if (next.body === null || typeof next.body !== 'object' || Array.isArray(next.body)) next.body = {};
    next.headers['content-type'] ??= 'application/json';
    return next.body as Record<string, unknown>;
  };
  for (const mutation of mutations) {
    switch (mutation.kind) {
      case 'bodyField':
        bodyObject()[mutation.field] = mutation.value;
        break;
      case 'bodyOmit':
        delete bodyObject()[mutation.field];
        break;
      case 'bodyUnknown':
        Object.defineProperty(bodyObject(), mutation.field, { value: mutation.value, enumerable: true, configurable: true, writable: true });
        break;
      case 'body':
        next.body = mutation.value;
        next.headers['content-type'] ??= 'application/json';
        break;
      case 'rawBody':
        next.rawBody = mutation.text;
        next.headers['content-type'] ??= 'application/json';
        break;
      case 'queryField':
        next.query = [...next.query.filter(([name]) => name !== mutation.name), [mutation.name, mutation.value]];
        break;
      case 'queryOmit':
        next.query = next.query.filter(([name]) => name !== mutation.name);
        break;
      case 'queryRepeat':
        next.query = [...next.query.filter(([name]) => name !== mutation.name), ...mutation.values.map((value): [string, string] => [mutation.name, value])];
        break;
      case 'pathParam':
        next.params[mutation.name] = mutation.segment;
        break;
      case 'header':
        if (mutation.value === null) delete next.headers[mutation.name];
        else next.headers[mutation.name] = mutation.value;
        break;
    }
  }
  return next;
}

/** True when only body fields changed, so the body alone decides whether the request is valid. */
export const onlyBodyFields = (mutations: readonly Mutation[]) => mutations.every((m) => m.kind === 'bodyField' || m.kind === 'bodyOmit' || m.kind === 'bodyUnknown');
