import fc from 'fast-check';

/**
 * fast-check arbitraries of hostile HTTP requests, built from an operation of the OpenAPI
 * document: each parameter and body field is either a plausible value of its schema (so
 * requests get past validation into the handlers) or a hostile one (wrong type, huge, odd
 * unicode, SQL or HTML payload, prototype-pollution keys, deep nesting...), and bodies may be
 * malformed JSON or malformed multipart.
 */

/** The subset of JSON Schema the document uses (zod's output via fastify-type-provider-zod). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

export interface Operation {
  summary?: string;
  description?: string;
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** A value to put in a URL as it is, unencoded: bad percent-escapes, invalid UTF-8. */
class Raw {
  constructor(readonly text: string) {}
  toJSON() {
    return this.text;
  }
}

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was sent, short enough to read in a failure report. */
  summary: string;
}

const HUGE = 100_000;

/** Deeply nested JSON, past any depth a real input has. */
function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Objects whose own keys try to reach Object.prototype or a model's privileged fields. */
const pollution = [
  JSON.parse('{"__proto__":{"polluted":true,"role":"admin","isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  JSON.parse('{"__proto__":null,"toString":"x","valueOf":1,"hasOwnProperty":"x"}'),
];

const sqlPayloads = [
  "' OR 1=1 --",
  "'; drop table users; --",
  "1' union select null, version() --",
  '1; select pg_sleep(10)',
  "1' and (select count(*) from pg_sleep(10)) > 0 --",
  '" OR ""="',
  "admin'--",
  '1)) or ((1=1',
  '$1',
  '\\',
  "''''''''",
];

const htmlPayloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '{{7*7}}${7*7}<%= 7*7 %>',
  '<!--',
  '<iframe src="//evil.example">',
];

const unicodePayloads = [
  '👩‍👩‍👧‍👦',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'Z\u0351\u0360\u0361a\u0315\u0361l\u0360g\u0361o\u0489\u0489\u0489',
  '\uD800',
  '\uDFFF',
  'a\uD83Db',
  '\uFEFF',
  '\u200B\u200D',
  '𝕳𝖊𝖑𝖑𝖔',
  'İıß',
  '\u0000',
  'a\u0000b',
  '\r\nX-Injected: 1',
  '\u007f\u0008\u001b[31m',
];

const numberPayloads = [
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
];

const numericStrings = [
  '-1',
  '0',
  '1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '9223372036854775808',
  '99999999999999999999999999',
  '0x1F',
  '1.5',
  '١٢٣',
  '１２３',
  '+1',
  ' 1',
  '00001',
  '1e3',
];

const otherPayloads: unknown[] = [
  null,
  true,
  false,
  '',
  ' ',
  'null',
  'undefined',
  'true',
  [],
  [null],
  [1, 2, 3],
  {},
  { a: 1 },
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  'prototype',
  ...pollution,
];

const hugePayloads = [
  'x'.repeat(HUGE),
  '😀'.repeat(HUGE / 2),
  '9'.repeat(HUGE),
  '<a>'.repeat(HUGE / 3),
  Array.from({ length: 10_000 }, (_, i) => i),
  nested(40, 'x', false),
  nested(40, 1, true),
];

/** Any hostile value, of any type. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...sqlPayloads, ...htmlPayloads) },
  { weight: 3, arbitrary: fc.constantFrom(...unicodePayloads) },
  { weight: 3, arbitrary: fc.constantFrom(...numberPayloads, ...numericStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...otherPayloads) },
  { weight: 1, arbitrary: fc.constantFrom(...hugePayloads) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Raw URL text: percent-escapes that do not decode, or decode to invalid UTF-8. */
const rawUrlPayloads = ['%', '%zz', '%FF%FE', '%C0%AF', '%ED%A0%80', '%00', '..%2f..%2f', '%2e%2e%5c', '%25', '%u0041'];
const hostileUrlValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.constantFrom(...rawUrlPayloads).map((text) => new Raw(text)) },
);

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function regexOf(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** A value the schema accepts (most of the time; fast-check's regex strings may run long). */
/**
 * How hostile a request is: the weight of a hostile value against 10 for a plausible one, per
 * field. A valid request (plausible values only: odd unicode, edge numbers, ids that may or may
 * not exist) and a gentle one (now and then an odd field) reach the handlers; a rough one tests
 * the validation.
 */
type Mix = { hostile: number };
const valid: Mix = { hostile: 0 };
const gentle: Mix = { hostile: 1 };
const rough: Mix = { hostile: 7 };

function plausible(schema: Schema, mix: Mix = gentle, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => plausible(choice, mix, depth, name)));
  if (schema.allOf?.length) return plausible(schema.allOf[0] ?? {}, mix, depth, name);
  const type = types(schema).find((t) => t !== 'null');
  const plain = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer': {
        const min = schema.minimum ?? -1_000_000;
        const max = schema.maximum ?? 1_000_000;
        // Small numbers too: ids that name rows of the demo data.
        const small = fc.integer({ min: Math.max(min, Math.min(max, 1)), max: Math.min(max, Math.max(min, 40)) });
        return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min, max }) });
      }
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(depth > 4 ? fc.constant(null) : plausible(schema.items ?? {}, mix, depth + 1, name), {
          minLength: Math.min(schema.minItems ?? 0, 3),
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case 'object':
        return depth > 4 ? fc.constant({}) : objectOf(schema, mix, depth + 1);
      case 'string':
        return plausibleString(schema, name);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable || types(schema).includes('null') ? fc.option(plain, { freq: 8 }) : plain;
}

/**
 * Strings the document cannot describe (a refine in zod has no JSON Schema), by field name: an
 * e-mail that looks like one, a UK postcode, a picture path... so that valid requests get past
 * the checks a schema does not show.
 */
const stringHints: [RegExp, fc.Arbitrary<string>][] = [
  [/email/, fc.oneof(fc.emailAddress(), fc.constantFrom('customer@parade.test', 'admin@parade.test'))],
  [/phone/, fc.constantFrom('07700 900123', '020 7946 0100', '+44 7700 900456')],
  [/postcode/, fc.constantFrom('E1 6AN', 'E1 2HQ', 'E2 7DG', 'e16an', 'SW1A 1AA', 'ZZ9 9ZZ')],
  [/password/, fc.constantFrom('a long enough passphrase', 'parade-customer-2026', 'Password123!')],
  [
    /image|logo|avatar|cover|banner|link|url/,
    fc.constantFrom('/uploads/a.png', 'https://example.com/a.png', '/products'),
  ],
  [/^(name|shop_name|title|label|city|author|caption)$/, fc.stringMatching(/^[A-Z][a-z]{2,12}( [A-Z][a-z]{2,12})?$/)],
  [/^(line1|line2|address|collection_point)$/, fc.constantFrom('1 High Street', 'Flat 4, 27 Sidney Street')],
  [
    /(^|_)(at|date|from|to)$/,
    fc
      .date({ noInvalidDate: true, min: new Date('2020-01-01'), max: new Date('2030-01-01') })
      .map((d) => d.toISOString()),
  ],
  [/message|body|description|reason|note|text|excerpt|content|subject|terms/, fc.lorem({ maxCount: 8 })],
];

function plausibleString(schema: Schema, name: string): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  const regex = schema.pattern ? regexOf(schema.pattern) : null;
  if (regex) {
    try {
      return fc.stringMatching(regex);
    } catch {
      // fast-check cannot generate from every regex (lookahead): any string, then.
    }
  }
  const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) };
  const any = fc.oneof(fc.string(length), fc.string({ ...length, unit: 'grapheme' }));
  const hint = stringHints.find(([pattern]) => pattern.test(name))?.[1];
  return hint ? fc.oneof({ weight: 6, arbitrary: hint }, { weight: 1, arbitrary: any }) : any;
}

/** Mostly plausible, sometimes hostile: a field that lets the rest of the request through. */
function fieldValue(schema: Schema, mix: Mix, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (mix.hostile === 0) return plausible(schema, mix, depth, name);
  return fc.oneof(
    { weight: 10, arbitrary: plausible(schema, mix, depth, name) },
    { weight: mix.hostile, arbitrary: hostileValue },
  );
}

/** Keys a client must not be able to set (mass assignment) or that reach the prototype. */
const extraKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'user_id',
  'shop_id',
  'role',
  'is_admin',
  'status',
  'price',
  'total',
];

function objectOf(schema: Schema, mix: Mix, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(properties.map(([name, prop]) => [name, fieldValue(prop, mix, depth, name)]));
  const required = (schema.required ?? []).filter((name) => name in model);
  return fc
    .tuple(
      fc.record(model, { requiredKeys: required }),
      fc.array(fc.tuple(fc.constantFrom(...extraKeys), hostileValue), {
        maxLength: depth === 1 && mix === rough ? 2 : 0,
      }),
    )
    .map(([fields, extras]) => {
      // defineProperty: an own "__proto__" key, as JSON.parse on the server would make it.
      const body: Record<string, unknown> = {};
      for (const [key, value] of [...Object.entries(fields), ...extras]) {
        Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return body;
    });
}

/** JSON text a parser refuses, or accepts only with surprises. */
const malformedJson = [
  '{"a":',
  '{"a":1}}',
  '{a:1}',
  "{'a':1}",
  '[1,2,',
  'nul',
  '"unterminated',
  '\u0000',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"n":1e999999}',
  '{"s":"\\ud800"}',
  '{"s":"\\u0000"}',
  '\uFEFF{}',
  '['.repeat(5000) + ']'.repeat(5000),
  `{"a":"${'x'.repeat(HUGE)}"}`,
];

/** Lone surrogates replaced by U+FFFD, as any UTF-8 encoder does (encodeURIComponent throws instead). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Text of any value for a URL, percent-encoded as UTF-8 (lone surrogates become U+FFFD). */
function urlText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  return encodeURIComponent(wellFormed(text));
}

function queryPairs(name: string, value: unknown): string[] {
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => `${encodeURIComponent(name)}=${urlText(item)}`);
  if (value && typeof value === 'object' && !(value instanceof Raw)) {
    // The bracket style some parsers read as an object: name[key]=value.
    return Object.entries(value).map(([key, item]) => `${encodeURIComponent(`${name}[${key}]`)}=${urlText(item)}`);
  }
  return [`${encodeURIComponent(name)}=${urlText(value)}`];
}

/** A header value HTTP can carry: printable Latin-1, bounded. */
function headerText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').slice(0, 8000);
}

/** What a short report shows of a value: its type and start. */
export function preview(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 120)}…(${text.length} chars)` : text;
}

// ---- multipart ------------------------------------------------------------------------

/** A 1x1 PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG header that claims 40000 x 40000 pixels (1.6 GB decoded), with nothing behind it. */
const bombPngHeader = (() => {
  const header = Buffer.from(tinyPng.subarray(0, 33));
  header.writeUInt32BE(40_000, 16);
  header.writeUInt32BE(40_000, 20);
  return header;
})();

const fileContents: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constant(tinyPng),
  fc.constant(bombPngHeader),
  fc.constant(Buffer.concat([tinyPng, Buffer.from('<html><script>alert(1)</script></html>')])),
  fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
  fc.constant(Buffer.from('%PDF-1.4\n%%EOF')),
  fc.constant(Buffer.alloc(0)),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
);

const fileNames = fc.oneof(
  fc.constantFrom(
    'a.png',
    '../../../etc/passwd',
    '..\\..\\boot.ini',
    '<script>.png',
    'a\u0000.png',
    '.htaccess',
    'x.php.png',
  ),
  fc.constantFrom(...unicodePayloads).map((name) => `${name}.png`),
  fc.constant('n'.repeat(5000)),
);

type Part = { name: string; text: string } | { name: string; filename: string; type: string; content: Buffer };

const multipartMalformations = [
  'well-formed',
  'no-boundary',
  'truncated',
  'wrong-boundary',
  'no-closing-delimiter',
  'empty',
  'garbage',
  'long-boundary',
  'no-headers',
] as const;
type Malformation = (typeof multipartMalformations)[number];

/** Disposition header text: quotes and line breaks in a name are part of the attack. */
const quoted = (text: string) => `"${wellFormed(text)}"`;

function encodeParts(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'text' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}; filename=${quoted(part.filename)}\r\nContent-Type: ${headerText(part.type)}\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      'text' in part ? Buffer.from(wellFormed(part.text)) : part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function multipartBody(parts: Part[], malformation: Malformation, cut: number): { type: string; body: Buffer } {
  const boundary = '----parade-fuzz-boundary';
  const body = encodeParts(parts, boundary);
  switch (malformation) {
    case 'well-formed':
      return { type: `multipart/form-data; boundary=${boundary}`, body };
    case 'no-boundary':
      return { type: 'multipart/form-data', body };
    case 'truncated':
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: body.subarray(0, Math.floor(body.length * cut)),
      };
    case 'wrong-boundary':
      return { type: 'multipart/form-data; boundary=something-else', body };
    case 'no-closing-delimiter':
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: encodeParts(parts, boundary).subarray(0, -boundary.length - 6),
      };
    case 'empty':
      return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.alloc(0) };
    case 'garbage':
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: Buffer.from(`\u0000\u0001garbage--${boundary}\r\n\r\n`),
      };
    case 'long-boundary': {
      const long = 'b'.repeat(200);
      return { type: `multipart/form-data; boundary=${long}`, body: encodeParts(parts, long) };
    }
    case 'no-headers':
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: Buffer.from(`--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`),
      };
  }
}

/** Field names a multipart route names in its description (`name`), plus the usual file fields. */
function multipartFields(op: Operation): string[] {
  const named = [...`${op.summary ?? ''} ${op.description ?? ''}`.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? '');
  return [...new Set([...named, 'image', 'file', 'name'])].filter(Boolean);
}

function acceptsMultipart(op: Operation): boolean {
  return /multipart\/form-data/i.test(`${op.summary ?? ''} ${op.description ?? ''}`);
}

function multipartArbitrary(op: Operation, mix: Mix): fc.Arbitrary<{ type: string; body: Buffer; summary: string }> {
  const names = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...multipartFields(op)) },
    fc.constantFrom(...extraKeys, '\r\nX: 1', ''),
  );
  const textPart = fc.record({
    name: names,
    text: fc
      .oneof(fieldValue({ type: 'string' }, mix), fc.constant('1'))
      .map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
  });
  const filePart = fc.record({
    name: names,
    filename: fileNames,
    type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream', 'image/svg+xml', ''),
    content: fileContents,
  });
  return fc
    .tuple(
      fc.array(fc.oneof(textPart, filePart), { maxLength: 6 }),
      fc.constantFrom(...multipartMalformations),
      fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    )
    .map(([parts, malformation, cut]) => {
      const { type, body } = multipartBody(parts as Part[], malformation, cut);
      const described = parts.map((p) =>
        'text' in p ? `${p.name}=${preview(p.text)}` : `${p.name}:file(${p.filename.length}ch,${p.content.length}B)`,
      );
      return { type, body, summary: `multipart ${malformation} [${described.join(', ')}]` };
    });
}

// ---- the request ----------------------------------------------------------------------

type Body = { type: string; body: string | Buffer; summary: string } | null;

function jsonBody(value: unknown): Body {
  return { type: 'application/json', body: JSON.stringify(value) ?? 'null', summary: `json ${preview(value)}` };
}

function bodyArbitrary(op: Operation, method: string, mix: Mix): fc.Arbitrary<Body> {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const multipart = acceptsMultipart(op);
  // A gentle request keeps to the body the route expects; a rough one tries every other kind.
  const odd = mix === rough ? 1 : 0;
  const options: fc.WeightedArbitrary<Body>[] = [
    { weight: odd, arbitrary: hostileValue.map(jsonBody) },
    {
      weight: odd,
      arbitrary: fc
        .constantFrom(...malformedJson)
        .map((text) => ({ type: 'application/json', body: text, summary: `raw json ${preview(text)}` })),
    },
    {
      weight: odd,
      arbitrary: fc.constantFrom(
        { type: 'text/plain', body: 'a=1', summary: 'text/plain' },
        { type: 'application/x-www-form-urlencoded', body: 'name=%3Cscript%3E&__proto__[x]=1', summary: 'urlencoded' },
        {
          type: 'application/xml',
          body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
          summary: 'xml',
        },
        { type: 'application/json; charset=utf-16', body: '{}', summary: 'json utf-16' },
      ),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  ];
  if (schema) options.push({ weight: 8, arbitrary: plausible(schema, mix).map(jsonBody) });
  if (multipart) options.push({ weight: 8, arbitrary: multipartArbitrary(op, mix) });
  else if (method !== 'DELETE') options.push({ weight: odd, arbitrary: multipartArbitrary(op, mix) });
  return fc.oneof(...options.filter((option) => option.weight > 0));
}

/** One parameter: plausible, or (as often as the mix says) hostile. */
function parameterValue(
  parameter: { name: string; schema?: Schema },
  mix: Mix,
  hostile: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const fair = plausible(parameter.schema ?? {}, mix, 0, parameter.name);
  if (mix.hostile === 0) return fair;
  return fc.oneof({ weight: 10, arbitrary: fair }, { weight: mix.hostile, arbitrary: hostile });
}

/** Headers the server reads besides the route's own: caches, compression, proxies, request ids. */
const touchyHeaders = [
  'if-none-match',
  'if-modified-since',
  'accept-encoding',
  'accept',
  'range',
  'x-request-id',
  'x-forwarded-for',
  'origin',
  'cookie',
  'content-encoding',
];

/** Hostile requests for one operation of the document: valid, gentle and rough alike. */
export function hostileRequests(method: string, path: string, op: Operation): fc.Arbitrary<HostileRequest> {
  return fc.oneof(...[valid, gentle, rough].map((mix) => requestsOf(method, path, op, mix)));
}

function requestsOf(method: string, path: string, op: Operation, mix: Mix): fc.Arbitrary<HostileRequest> {
  const parameters = op.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  const inHeader = parameters.filter((p) => p.in === 'header');

  const pathValues = fc.tuple(...inPath.map((p) => parameterValue(p, mix, hostileUrlValue)));
  const queryValues = fc.tuple(...inQuery.map((p) => fc.option(parameterValue(p, mix, hostileUrlValue), { freq: 3 })));
  const extraQuery = fc.array(fc.tuple(fc.constantFrom(...extraKeys, 'page', 'a[b][c]'), hostileUrlValue), {
    maxLength: mix === rough ? 2 : 0,
  });
  const headerValues = fc.tuple(...inHeader.map((p) => fc.option(parameterValue(p, mix, hostileValue), { freq: 2 })));
  const extraHeaders = fc.array(fc.tuple(fc.constantFrom(...touchyHeaders), hostileValue), {
    maxLength: mix === rough ? 2 : 0,
  });
  const body = method === 'GET' ? fc.constant(null) : bodyArbitrary(op, method, mix);

  return fc
    .tuple(pathValues, queryValues, extraQuery, headerValues, extraHeaders, body)
    .map(([pv, qv, extra, hv, eh, b]) => {
      let url = path;
      inPath.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, urlText(pv[i]) || '%20');
      });
      const pairs = inQuery.flatMap((p, i) => (qv[i] === null ? [] : queryPairs(p.name, qv[i])));
      pairs.push(...extra.flatMap(([name, value]) => queryPairs(name, value)));
      if (pairs.length) url += `?${pairs.join('&')}`;
      const headers: Record<string, string> = {};
      inHeader.forEach((p, i) => {
        if (hv[i] !== null) headers[p.name] = headerText(hv[i]);
      });
      for (const [name, value] of eh) headers[name] = headerText(value);
      if (b) headers['content-type'] = b.type;
      const shown = [
        ...eh.map(([name, value]) => `${name}: ${preview(value)}`),
        ...inPath.map((p, i) => `${p.name}=${preview(pv[i])}`),
        ...pairs.map((pair) => preview(decodeURIComponentSafe(pair))),
      ];
      const summary = `${method} ${path} ${shown.join(' ')}${b ? ` body: ${b.summary}` : ''}`;
      // fast-check prints a counterexample with this, not the whole (perhaps 100 kB) request.
      return { method, url, headers, payload: b?.body, summary, [fc.toStringMethod]: () => summary };
    });
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
