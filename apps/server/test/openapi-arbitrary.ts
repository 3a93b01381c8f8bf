// fast-check arbitraries from the OpenAPI document the app publishes, and hostile mutations of
// the requests they describe. Only the JSON Schema that @fastify/swagger emits for our zod
// schemas is understood; anything else falls back to arbitrary JSON, so a new route is still
// covered (less precisely) instead of breaking the suite.
import fc from 'fast-check';
import { z } from 'zod';

type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** The JSON Schema / OpenAPI 3 keywords this generator understands. */
export type JsonSchema = {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  $ref?: string;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Parameter = { name: string; schema: JsonSchema; required: boolean };

/** One method + path of the document, with what it takes. */
export type Operation = {
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/api/workspaces/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body?: { schema: JsonSchema; required: boolean };
  resolve: (ref: string) => JsonSchema | undefined;
};

/** A request ready for `app.inject`; `label` says which input was made hostile, for reports. */
export type GeneratedRequest = {
  method: HttpMethod;
  url: string;
  body?: { text: string; contentType: string };
  label: string;
};

/** Decoded request inputs before they are encoded into a URL and a JSON body. */
export type RequestParts = {
  params: Record<string, string>;
  query: Array<[string, string]>;
  /** `undefined` sends no body. */
  body: unknown;
};

const jsonSchema = z.custom<JsonSchema>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);
const openApiDocument = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), jsonSchema).optional() }).optional(),
});
const openApiOperation = z.object({
  parameters: z
    .array(
      z.object({
        in: z.string(),
        name: z.string(),
        required: z.boolean().optional(),
        schema: jsonSchema.optional(),
      }),
    )
    .optional(),
  requestBody: z
    .object({
      required: z.boolean().optional(),
      content: z.record(z.string(), z.object({ schema: jsonSchema.optional() })),
    })
    .optional(),
});

const METHODS: Record<string, HttpMethod> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};

/** Every operation of an OpenAPI 3 document (as served at /api/docs/json). */
export function operationsOf(document: unknown): Operation[] {
  const parsed = openApiDocument.parse(document);
  const schemas = parsed.components?.schemas ?? {};
  const resolve = (ref: string) =>
    ref.startsWith('#/components/schemas/')
      ? schemas[decodeURIComponent(ref.slice('#/components/schemas/'.length))]
      : undefined;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(parsed.paths)) {
    for (const [key, raw] of Object.entries(item)) {
      const method = METHODS[key];
      if (!method) continue;
      const operation = openApiOperation.parse(raw);
      const parameters = (operation.parameters ?? []).map((parameter) => ({
        where: parameter.in,
        name: parameter.name,
        schema: parameter.schema ?? { type: 'string' as const },
        required: parameter.required ?? parameter.in === 'path',
      }));
      const content = operation.requestBody?.content;
      const bodySchema = content?.['application/json']?.schema;
      operations.push({
        method,
        path,
        pathParams: parameters.filter((parameter) => parameter.where === 'path'),
        query: parameters.filter((parameter) => parameter.where === 'query'),
        body: bodySchema
          ? { schema: bodySchema, required: operation.requestBody?.required ?? false }
          : undefined,
        resolve,
      });
    }
  }
  return operations;
}

export type SchemaOptions = {
  /**
   * Values by property or parameter name, mixed in with what the schema allows: real ids of
   * the test's own data, a body part whose rules JSON Schema cannot say (a faithful snapshot).
   */
  known?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  resolve?: (ref: string) => JsonSchema | undefined;
  /** Longest generated array beyond its minItems; real limits (1000 members) are too slow. */
  extraItems?: number;
  /**
   * Every declared property, optional ones too: a hostile value put into a full body reaches
   * more of the code than one put into a body that is mostly absent.
   */
  isComplete?: boolean;
};

const MAX_DEPTH = 12;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeAllOf(schemas: JsonSchema[]): JsonSchema {
  return schemas.reduce<JsonSchema>(
    (merged, next) => ({
      ...merged,
      ...next,
      properties: { ...merged.properties, ...next.properties },
      required: [...(merged.required ?? []), ...(next.required ?? [])],
    }),
    {},
  );
}

function integerArbitrary(min: number, max: number): fc.Arbitrary<number> {
  if (min >= -(2 ** 31) && max <= 2 ** 31 - 1) return fc.integer({ min, max });
  // fc.integer is 32-bit; wider ranges (up to 2^53 - 1 in our schemas) go through bigint, with
  // the small end of the range as likely as all the rest.
  const wide = (high: number) => fc.bigInt({ min: BigInt(min), max: BigInt(high) }).map(Number);
  return fc.oneof(wide(Math.min(max, min + 1000)), wide(max));
}

function numberArbitrary(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const exclusiveMin =
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax =
    typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  // OpenAPI 3.0 spells exclusivity as a boolean next to minimum/maximum.
  const isMinExcluded = schema.exclusiveMinimum === true || exclusiveMin !== undefined;
  const isMaxExcluded = schema.exclusiveMaximum === true || exclusiveMax !== undefined;
  const min = exclusiveMin ?? schema.minimum;
  const max = exclusiveMax ?? schema.maximum;
  if (isInteger) {
    const low = min === undefined ? -1_000_000 : Math.ceil(min) + (isMinExcluded ? 1 : 0);
    const high = max === undefined ? 1_000_000 : Math.floor(max) - (isMaxExcluded ? 1 : 0);
    return integerArbitrary(
      Math.max(low, Number.MIN_SAFE_INTEGER),
      Math.min(high, Number.MAX_SAFE_INTEGER),
    );
  }
  return fc.double({
    min: min ?? -1e9,
    max: max ?? 1e9,
    minExcluded: isMinExcluded,
    maxExcluded: isMaxExcluded,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

const plainEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/),
    fc.constantFrom('example.com', 'example.org', 'mail.example.net'),
  )
  .filter(([local]) => !local.includes('..'))
  .map(([local, domain]) => `${local}@${domain}`);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  // Valid-shaped strings stay short: the long ones are the hostile suite's business.
  const maxLength = Math.max(
    minLength,
    Math.min(schema.maxLength ?? minLength + 24, minLength + 40),
  );
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.oneof({ weight: 3, arbitrary: plainEmail }, fc.emailAddress()).filter(fits);
    case 'uri':
    case 'url':
      return fc.webUrl().filter(fits);
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    default:
      break;
  }
  if (schema.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot read (lookarounds, backreferences): plain strings it is.
    }
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(fits) },
  );
}

function typesOf(schema: JsonSchema): JsonType[] | undefined {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items || schema.prefixItems) return ['array'];
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.format)
    return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return undefined;
}

function arrayArbitrary(
  schema: JsonSchema,
  options: SchemaOptions,
  depth: number,
): fc.Arbitrary<unknown[]> {
  const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined);
  if (tuple) return fc.tuple(...tuple.map((item) => arbitraryFromSchema(item, options, depth + 1)));
  const item = arbitraryFromSchema(isRecord(schema.items) ? schema.items : {}, options, depth + 1);
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? Infinity, minLength + (options.extraItems ?? 4));
  if (schema.uniqueItems)
    return fc.uniqueArray(item, {
      minLength,
      maxLength,
      selector: (value) => JSON.stringify(value),
    });
  return fc.array(item, { minLength, maxLength });
}

function objectArbitrary(
  schema: JsonSchema,
  options: SchemaOptions,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties))
    model[name] = namedArbitrary(name, property, options, depth + 1);
  const required = options.isComplete
    ? Object.keys(properties)
    : (schema.required ?? []).filter((name) => name in properties);
  const declared = fc.record(model, { requiredKeys: required });
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === false) return declared;
  const value =
    extra === true ? fc.jsonValue({ maxDepth: 2 }) : arbitraryFromSchema(extra, options, depth + 1);
  const keys = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !(key in properties));
  return fc
    .tuple(declared, fc.dictionary(keys, value, { maxKeys: 3 }))
    .map(([known, more]) => ({ ...more, ...known }));
}

/**
 * An arbitrary of values valid for the schema's JSON Schema keywords (not for rules JSON Schema
 * cannot express, such as zod refinements; `known` supplies those values).
 */
export function arbitraryFromSchema(
  schema: JsonSchema,
  options: SchemaOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.$ref !== undefined) {
    const target = (options.resolve ?? (() => undefined))(schema.$ref);
    if (!target) throw new Error(`cannot resolve ${schema.$ref}`);
    return arbitraryFromSchema(target, options, depth + 1);
  }
  if (schema.nullable === true) {
    return fc.option(arbitraryFromSchema({ ...schema, nullable: false }, options, depth), {
      nil: null,
      freq: 4,
    });
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.allOf) {
    const { allOf, ...rest } = schema;
    return arbitraryFromSchema(mergeAllOf([rest, ...allOf]), options, depth + 1);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(
      ...alternatives.map((alternative) => arbitraryFromSchema(alternative, options, depth + 1)),
    );
  }
  if ('default' in schema) {
    const { default: fallback, ...rest } = schema;
    return fc.oneof(
      { weight: 3, arbitrary: arbitraryFromSchema(rest, options, depth) },
      { weight: 1, arbitrary: fc.constant(fallback) },
    );
  }
  const types = typesOf(schema);
  if (!types) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'object':
          return objectArbitrary(schema, options, depth);
        case 'array':
          return arrayArbitrary(schema, options, depth);
        case 'string':
          return stringArbitrary(schema);
        case 'number':
        case 'integer':
          return numberArbitrary(schema, type === 'integer');
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
      }
    }),
  );
}

/** The schema's values, mostly replaced by `known` ones for this name when there are any. */
function namedArbitrary(
  name: string,
  schema: JsonSchema,
  options: SchemaOptions,
  depth = 0,
): fc.Arbitrary<unknown> {
  const own = arbitraryFromSchema(schema, options, depth);
  const known = options.known?.[name];
  return known ? fc.oneof({ weight: 3, arbitrary: known }, { weight: 1, arbitrary: own }) : own;
}

/** Valid-shaped path parameters, query and body for one operation. */
export function requestParts(operation: Operation, options: SchemaOptions = {}) {
  const withResolve = { resolve: operation.resolve, ...options };
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of operation.pathParams)
    params[parameter.name] = namedArbitrary(parameter.name, parameter.schema, withResolve).map(
      String,
    );
  const query = operation.query.map((parameter) => {
    const value = namedArbitrary(parameter.name, parameter.schema, withResolve).map(
      (item): [string, string] => [parameter.name, String(item)],
    );
    return parameter.required || options.isComplete
      ? value.map((pair) => [pair])
      : fc.option(value).map((pair) => (pair ? [pair] : []));
  });
  const bodySchema = operation.body;
  const body = bodySchema
    ? bodySchema.required || options.isComplete
      ? arbitraryFromSchema(bodySchema.schema, withResolve)
      : fc.option(arbitraryFromSchema(bodySchema.schema, withResolve), { nil: undefined, freq: 6 })
    : fc.constant(undefined);
  return fc.record({
    params: fc.record(params),
    query: fc.tuple(...query).map((pairs) => pairs.flat()),
    body,
  }) satisfies fc.Arbitrary<RequestParts>;
}

// ---------------------------------------------------------------------------------------------
// Encoding

/**
 * `encodeURIComponent` that does not throw on lone surrogates: those become their WTF-8 bytes,
 * which is what a careless client sends and what no UTF-8 decoder accepts.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(index, index + 2));
      index++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value.charAt(index));
    }
  }
  return out;
}

/** A URL text either to be encoded (`decoded`) or sent exactly as given (`encoded`). */
type UrlText = { decoded: string } | { encoded: string };

function encodeUrlText(text: UrlText): string {
  return 'encoded' in text ? text.encoded : percentEncode(text.decoded);
}

function urlOf(
  operation: Operation,
  params: Record<string, UrlText>,
  query: string | Array<[UrlText, UrlText]>,
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    return value ? encodeUrlText(value) : 'x';
  });
  const search =
    typeof query === 'string'
      ? query
      : query.map(([key, value]) => `${encodeUrlText(key)}=${encodeUrlText(value)}`).join('&');
  return search === '' ? path : `${path}?${search}`;
}

function decodedParams(parts: RequestParts): Record<string, UrlText> {
  return Object.fromEntries(
    Object.entries(parts.params).map(([name, value]) => [name, { decoded: value }]),
  );
}

function decodedQuery(parts: RequestParts): Array<[UrlText, UrlText]> {
  return parts.query.map(([key, value]) => [{ decoded: key }, { decoded: value }]);
}

const JSON_TYPE = 'application/json';

/** The request the parts describe, unchanged. */
export function toRequest(operation: Operation, parts: RequestParts, label = 'valid-shaped') {
  const request: GeneratedRequest = {
    method: operation.method,
    url: urlOf(operation, decodedParams(parts), decodedQuery(parts)),
    label,
  };
  if (parts.body !== undefined)
    request.body = { text: JSON.stringify(parts.body), contentType: JSON_TYPE };
  return request;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** How deep the nested-JSON mutations go. */
export const DEEP_NESTING = 10_000;

/** `depth` nested arrays as JSON text: built as text, since JSON.stringify would recurse. */
export function deepArrayText(depth: number, inner = ''): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

/** `depth` nested objects as JSON text. */
export function deepObjectText(depth: number, key = 'a'): string {
  return `${`{${JSON.stringify(key)}:`.repeat(depth)}null${'}'.repeat(depth)}`;
}

const char = (code: number) => String.fromCharCode(code);

/** NUL most often (PostgreSQL refuses it in text), then the rest of C0, DEL and C1. */
export const controlCharacter = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.integer({ min: 0x01, max: 0x1f }).map(char) },
  { weight: 1, arbitrary: fc.integer({ min: 0x7f, max: 0x9f }).map(char) },
);

const shortText = fc.string({ maxLength: 6, unit: 'grapheme-ascii' });

/** Text with control characters inside it, or nothing else. */
export const controlText = fc.oneof(
  fc.tuple(shortText, controlCharacter, shortText).map((pieces) => pieces.join('')),
  fc.array(controlCharacter, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join('')),
);

const UNICODE_TROUBLE = [
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\udc00\ud800', // a pair in the wrong order
  '\u202e', // right-to-left override
  '\u202egnp.exe',
  '\u200b', // zero-width space, and the other zero-width characters, alone
  '\u200b\u200c\u200d\u2060\ufeff',
  '\ufeff', // byte order mark
  '\u00ad', // soft hyphen
  '\ufffe',
  '\uffff',
  '\ufffd',
  '\u0301\u0301\u0301', // combining marks with no base
  '\u2028\u2029', // line and paragraph separators
  '\u0085', // next line (C1, also whitespace to some)
  '\u00a0\u3000', // no-break and ideographic spaces
  'İ', // lower-cases to two code points
  'ß', // upper-cases to two letters
  'ﬃ',
  '\u{1d4d0}', // astral letter
  '\u{1f469}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}', // one grapheme, eleven code units
  '\u{10ffff}',
] as const;

/** Lone surrogates, bidi overrides, zero-width-only strings and other Unicode edge cases. */
export const unicodeText = fc.oneof(
  fc.constantFrom(...UNICODE_TROUBLE),
  fc
    .tuple(shortText, fc.constantFrom(...UNICODE_TROUBLE), shortText)
    .map((pieces) => pieces.join('')),
);

/**
 * Just under 1 MB of text (the body limit is 1 MiB), mostly plain ASCII so that embedded in a
 * valid value it still passes format checks and reaches the database; and one string over it.
 */
export const megabyteText = fc.oneof(
  { weight: 3, arbitrary: fc.constant('x'.repeat(1_000_000)) },
  fc.constant('é'.repeat(500_000)), // 1 MB of UTF-8, half as many code units
  fc.constant(`${' '.repeat(999_990)}x`), // survives trim() as one character
  fc.constant('x'.repeat(1024 * 1024 + 1)), // over the body limit on its own
);

/** Mostly 100 to 1000 characters: past every maxLength and the router's parameter limit. */
export const longText = fc
  .tuple(
    fc.oneof(fc.constantFrom(65, 99, 100, 101, 1000), fc.integer({ min: 100, max: 1000 })),
    fc.constantFrom('a', '0', 'é', '-', ' ', '\u{1f600}'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Strings that look like numbers or other types to a lenient parser. */
export const NAN_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e999',
  '9007199254740993',
  '-0',
  '0x1F',
  '1_000',
  ' 1 ',
  '+1',
  '١٢٣', // Arabic-Indic digits
  `1${'0'.repeat(400)}`,
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '',
] as const;

/** Numbers as JSON text: some only exist as text (1e999 parses to Infinity, 400 digits). */
const HUGE_NUMBER_TEXTS = [
  '1e308',
  '-1e308',
  '9007199254740993', // 2^53 + 1
  '-9007199254740993',
  '1.7976931348623157e308',
  '5e-324',
  '-0',
  '1e999',
  '-1e999',
  `1${'0'.repeat(400)}`,
  `0.${'0'.repeat(400)}1`,
  '2147483648',
  '-2147483649',
  '18446744073709551616',
  '1.5',
] as const;

const WRONG_TYPE_SAMPLES: Record<string, readonly unknown[]> = {
  string: ['', 'x', '1', 'true', 'null'],
  number: [0, -1, 1.5, 1e21],
  boolean: [true, false],
  null: [null],
  array: [[], ['x'], [null], [[]]],
  object: [{}, { a: 1 }, { length: 1 }],
};

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function wrongTypesFor(value: unknown): unknown[] {
  const own = jsonTypeOf(value);
  const others = Object.entries(WRONG_TYPE_SAMPLES)
    .filter(([type]) => type !== own)
    .flatMap(([, samples]) => samples);
  // An integer field given a fraction, or a number as text, is a wrong type too.
  if (typeof value === 'number') others.push(value + 0.5, String(value));
  return others;
}

const MALFORMED_BODIES = [
  '',
  '{',
  '{"a":}',
  '{"a":1,}',
  '[1,]',
  "{'a':1}",
  'nul',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\u0000"}', // a raw NUL inside a JSON string is not allowed
  '\ufeff{}', // byte order mark before JSON
  '"unterminated',
  '{"a":"\\ud800"}', // valid JSON escaping a lone surrogate
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '1e999',
  '"just a string"',
  'null',
  '[]',
  'true',
  deepArrayText(DEEP_NESTING),
  deepObjectText(DEEP_NESTING),
] as const;

const CONTENT_TYPES = [
  JSON_TYPE,
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=x-unknown',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/vnd.api+json',
] as const;

const BROKEN_ESCAPES = ['%', '%%', '%zz', '%E0%A4%A', '%C0%80', '%FF', '%u0000', '%2', '%ED%A0%80'];

const UNKNOWN_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'userId',
  'ownerId',
  'id',
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x'.repeat(1000),
] as const;

/** Hostile values for an unknown field or a wrong-typed one, as JSON text. */
const hostileValueText = fc.oneof(
  fc.constantFrom(...HUGE_NUMBER_TEXTS),
  fc
    .constantFrom(...Object.values(WRONG_TYPE_SAMPLES).flat())
    .map((value) => JSON.stringify(value)),
  controlText.map((value) => JSON.stringify(value)),
  unicodeText.map((value) => JSON.stringify(value)),
  fc.constant(deepArrayText(100)),
  fc.constant('{"__proto__":{"isAdmin":true}}'),
);

// ---------------------------------------------------------------------------------------------
// Mutating a JSON body at one place

type JsonPath = ReadonlyArray<string | number>;
type Node = { path: JsonPath; value: unknown };

function nodesOf(value: unknown, limit = 400): Node[] {
  const out: Node[] = [];
  const visit = (current: unknown, path: JsonPath) => {
    if (out.length >= limit) return;
    out.push({ path, value: current });
    if (Array.isArray(current)) current.forEach((item, index) => visit(item, [...path, index]));
    else if (isRecord(current))
      for (const [key, item] of Object.entries(current)) visit(item, [...path, key]);
  };
  visit(value, []);
  return out;
}

function setAt(root: unknown, path: JsonPath, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(root) && typeof head === 'number') {
    const copy = [...root];
    copy[head] = setAt(root[head], rest, replacement);
    return copy;
  }
  if (isRecord(root) && typeof head === 'string')
    return { ...root, [head]: setAt(root[head], rest, replacement) };
  return root;
}

function getAt(root: unknown, path: JsonPath): unknown {
  let current = root;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isRecord(current) && typeof key === 'string') current = current[key];
    else return undefined;
  }
  return current;
}

function removeAt(root: unknown, path: JsonPath): unknown {
  const parentPath = path.slice(0, -1);
  const last = path.at(-1);
  const parent = getAt(root, parentPath);
  if (Array.isArray(parent) && typeof last === 'number')
    return setAt(
      root,
      parentPath,
      parent.filter((_item, index) => index !== last),
    );
  if (isRecord(parent) && typeof last === 'string') {
    const copy = { ...parent };
    delete copy[last];
    return setAt(root, parentPath, copy);
  }
  return root;
}

// Private-use characters: no generated body contains them, so the marker is found only once.
const MARKER = '\ue000hostile-splice\ue000';

/** The body as JSON text with `raw` (any text, valid JSON or not) at `path`. */
function withRawAt(root: unknown, path: JsonPath, raw: string): string {
  const text = JSON.stringify(setAt(root, path, MARKER));
  return text.replace(JSON.stringify(MARKER), () => raw);
}

/**
 * A node, each field equally likely rather than each array element: the title must not be one
 * target among fifty member ids, or a one-field bug would hide behind the lists.
 */
function pick<T extends Node>(nodes: readonly T[]): fc.Arbitrary<T> {
  const byField = new Map<string, T[]>();
  for (const node of nodes) {
    const field = node.path.map((key) => (typeof key === 'number' ? '[]' : key)).join('.');
    byField.set(field, [...(byField.get(field) ?? []), node]);
  }
  return fc.constantFrom(...byField.values()).chain((group) => fc.constantFrom(...group));
}

function describePath(path: JsonPath): string {
  return `body${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')}`;
}

function embed(original: unknown, inserted: string, where: 'replace' | 'middle' | 'end'): string {
  if (typeof original !== 'string' || where === 'replace') return inserted;
  if (where === 'end') return `${original}${inserted}`;
  const middle = Math.floor(original.length / 2);
  return `${original.slice(0, middle)}${inserted}${original.slice(middle)}`;
}

/** The kinds of hostile input; each applies to bodies, path parameters and query strings. */
export const HOSTILE_KINDS = [
  'control characters',
  'unicode',
  'long strings',
  'deep nesting',
  'wrong types',
  'huge numbers',
  'duplicates',
  'unknown fields',
  'malformed',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

type BodyMutation = { text: string; contentType: string; label: string };

function stringMutation(
  body: unknown,
  text: fc.Arbitrary<string>,
  kind: HostileKind,
): fc.Arbitrary<BodyMutation> {
  const nodes = nodesOf(body);
  const strings = nodes.filter((node) => typeof node.value === 'string');
  const targets = strings.length > 0 ? strings : nodes;
  return fc
    .tuple(
      pick(targets),
      text,
      fc.constantFrom<'replace' | 'middle' | 'end'>('middle', 'replace', 'end'),
    )
    .map(([target, inserted, where]) => ({
      text: JSON.stringify(setAt(body, target.path, embed(target.value, inserted, where))),
      contentType: JSON_TYPE,
      label: `${describePath(target.path)}: ${kind} (${where})`,
    }));
}

/** One hostile change to a valid-shaped JSON body. */
export function hostileBody(kind: HostileKind, body: unknown): fc.Arbitrary<BodyMutation> {
  const nodes = nodesOf(body);
  const json = (text: string, label: string): BodyMutation => ({
    text,
    contentType: JSON_TYPE,
    label,
  });
  switch (kind) {
    case 'control characters':
      return stringMutation(body, controlText, kind);
    case 'unicode':
      return stringMutation(body, unicodeText, kind);
    case 'long strings':
      return stringMutation(body, megabyteText, kind);
    case 'deep nesting': {
      const objects = nodes.filter((node) => isRecord(node.value));
      const inPlace = fc
        .tuple(pick(nodes), fc.boolean())
        .map(([target, isArray]) =>
          json(
            withRawAt(
              body,
              target.path,
              isArray ? deepArrayText(DEEP_NESTING) : deepObjectText(DEEP_NESTING),
            ),
            `${describePath(target.path)}: ${DEEP_NESTING}-level nested ${isArray ? 'arrays' : 'objects'}`,
          ),
        );
      if (objects.length === 0) return inPlace;
      const asExtraField = pick(objects).map((target) =>
        json(
          withRawAt(
            body,
            target.path,
            addKeyText(target.value, '"nested"', deepArrayText(DEEP_NESTING)),
          ),
          `${describePath(target.path)}.nested: ${DEEP_NESTING}-level nested arrays`,
        ),
      );
      return fc.oneof(inPlace, asExtraField);
    }
    case 'wrong types': {
      const replace = pick(nodes).chain((target) =>
        fc
          .constantFrom(...wrongTypesFor(target.value))
          .map((value) =>
            json(
              JSON.stringify(setAt(body, target.path, value)),
              `${describePath(target.path)}: wrong type ${JSON.stringify(value)}`,
            ),
          ),
      );
      const children = nodes.filter((node) => node.path.length > 0);
      if (children.length === 0) return replace;
      const remove = pick(children).map((target) =>
        json(JSON.stringify(removeAt(body, target.path)), `${describePath(target.path)}: missing`),
      );
      return fc.oneof({ weight: 3, arbitrary: replace }, { weight: 1, arbitrary: remove });
    }
    case 'huge numbers': {
      const numbers = nodes.filter((node) => typeof node.value === 'number');
      const targets = numbers.length > 0 ? numbers : nodes;
      const asText = fc
        .tuple(pick(targets), fc.constantFrom(...HUGE_NUMBER_TEXTS))
        .map(([target, number]) =>
          json(withRawAt(body, target.path, number), `${describePath(target.path)}: ${number}`),
        );
      const nanLike = fc
        .tuple(pick(targets), fc.constantFrom(...NAN_LIKE))
        .map(([target, value]) =>
          json(
            JSON.stringify(setAt(body, target.path, value)),
            `${describePath(target.path)}: ${JSON.stringify(value)}`,
          ),
        );
      return fc.oneof({ weight: 3, arbitrary: asText }, { weight: 1, arbitrary: nanLike });
    }
    case 'duplicates': {
      const arrays = nodes.filter(
        (node): node is { path: JsonPath; value: unknown[] } =>
          Array.isArray(node.value) && node.value.length > 0,
      );
      const objects = nodes.filter(
        (node): node is { path: JsonPath; value: Record<string, unknown> } =>
          isRecord(node.value) && Object.keys(node.value).length > 0,
      );
      const options: Array<fc.Arbitrary<BodyMutation>> = [];
      if (arrays.length > 0) {
        options.push(
          pick(arrays)
            .chain((target) =>
              fc.tuple(
                fc.constant(target),
                fc.nat(target.value.length - 1),
                fc.integer({ min: 1, max: 3 }),
              ),
            )
            .map(([target, index, copies]) => {
              const items = [...target.value];
              items.splice(index + 1, 0, ...Array.from({ length: copies }, () => items[index]));
              return json(
                JSON.stringify(setAt(body, target.path, items)),
                `${describePath(target.path)}[${index}]: duplicated ${copies}x`,
              );
            }),
        );
      }
      if (objects.length > 0) {
        // Duplicate keys in the JSON text: parsers keep the last, other layers may read the first.
        options.push(
          pick(objects)
            .chain((target) =>
              fc.tuple(
                fc.constant(target),
                fc.constantFrom(...Object.keys(target.value)),
                hostileValueText,
                fc.boolean(),
              ),
            )
            .map(([target, key, value, isFirst]) => {
              const own = JSON.stringify(target.value);
              const duplicate = `${JSON.stringify(key)}:${value}`;
              const text = isFirst
                ? `{${duplicate},${own.slice(1)}`
                : `${own.slice(0, -1)},${duplicate}}`;
              return json(
                withRawAt(body, target.path, text),
                `${describePath(target.path)}.${key}: duplicate key ${isFirst ? 'before' : 'after'}`,
              );
            }),
        );
      }
      if (options.length > 0) return fc.oneof(...options);
      return fc.constant(
        json('{"a":1,"a":"1"}', 'body: duplicate key in an otherwise empty object'),
      );
    }
    case 'unknown fields': {
      const objects = nodes.filter((node) => isRecord(node.value));
      const targets = objects.length > 0 ? objects : [{ path: [], value: {} }];
      return fc
        .tuple(pick(targets), fc.constantFrom(...UNKNOWN_KEYS), hostileValueText)
        .map(([target, key, value]) =>
          json(
            withRawAt(body, target.path, addKeyText(target.value, JSON.stringify(key), value)),
            `${describePath(target.path)}[${JSON.stringify(key.slice(0, 20))}]: unknown field`,
          ),
        );
    }
    case 'malformed': {
      const text = JSON.stringify(body);
      const whole = fc.constantFrom(...MALFORMED_BODIES).map((malformed) => ({
        text: malformed,
        contentType: JSON_TYPE,
        label: `malformed body ${JSON.stringify(malformed.slice(0, 30))}`,
      }));
      const truncated = fc.nat(Math.max(0, text.length - 1)).map((length) => ({
        text: text.slice(0, length),
        contentType: JSON_TYPE,
        label: `body cut at ${length} of ${text.length}`,
      }));
      const wrongType = fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({
        text,
        contentType,
        label: `body sent as ${contentType}`,
      }));
      return fc.oneof(whole, truncated, wrongType);
    }
  }
}

/** JSON text of an object with one more key (given as JSON text) in front. */
function addKeyText(object: unknown, keyText: string, valueText: string): string {
  const own = JSON.stringify(isRecord(object) ? object : {});
  return own === '{}' ? `{${keyText}:${valueText}}` : `{${keyText}:${valueText},${own.slice(1)}`;
}

/** Hostile text for one path parameter or query value. */
/**
 * Hostile text for one path parameter or query value, from its valid value; undefined when the
 * kind means nothing there (a path segment has no unknown fields).
 */
function hostileUrlText(kind: HostileKind, original: string): fc.Arbitrary<UrlText> | undefined {
  const decoded = (text: fc.Arbitrary<string>) =>
    text.map((value): UrlText => ({ decoded: value }));
  const embedded = (text: fc.Arbitrary<string>) =>
    decoded(
      fc
        .tuple(text, fc.constantFrom<'replace' | 'middle' | 'end'>('middle', 'replace', 'end'))
        .map(([inserted, where]) => embed(original, inserted, where)),
    );
  switch (kind) {
    case 'control characters':
      return embedded(controlText);
    case 'unicode':
      // Lone surrogates go out as their WTF-8 bytes (see percentEncode).
      return embedded(unicodeText);
    case 'long strings':
      return decoded(longText);
    case 'deep nesting':
      // Short enough for the router's parameter limit, so it is the app that reads it.
      return decoded(fc.integer({ min: 5, max: 45 }).map((depth) => deepArrayText(depth)));
    case 'wrong types':
      return decoded(
        fc.constantFrom('', 'null', 'true', '[]', '{}', '[object Object]', 'undefined'),
      );
    case 'huge numbers':
      return decoded(fc.constantFrom(...NAN_LIKE));
    case 'duplicates':
      return decoded(fc.constantFrom(`${original},${original}`, `${original} ${original}`));
    case 'unknown fields':
      return undefined;
    case 'malformed':
      return fc
        .tuple(fc.constantFrom(...BROKEN_ESCAPES), fc.boolean())
        .map(([escape, isAppended]): UrlText => ({
          encoded: isAppended ? `${percentEncode(original)}${escape}` : escape,
        }));
  }
}

const MALFORMED_QUERIES = [
  '%',
  '=',
  '&&&',
  '=&=',
  'a=%zz',
  'a=1&&b',
  'a==b',
  '%00=%00',
  `${'&'.repeat(1000)}`,
];

/** The query part of a hostile request: in a declared parameter, a repeated one or a new one. */
function hostileQuery(
  kind: HostileKind,
  operation: Operation,
  parts: RequestParts,
): fc.Arbitrary<{ query: string | Array<[UrlText, UrlText]>; label: string }> {
  const own = decodedQuery(parts);
  const names = operation.query.map((parameter) => parameter.name);
  const key = names.length > 0 ? fc.constantFrom(...names, 'unknown') : fc.constant('unknown');
  const valueOf = (name: string) => parts.query.find(([ownKey]) => ownKey === name)?.[1] ?? 'x';
  const anyValue = fc.oneof(controlText, fc.constantFrom(...NAN_LIKE));
  switch (kind) {
    case 'duplicates':
      // A repeated key becomes an array in Fastify's parser: a wrong type for a string field.
      return fc.tuple(key, fc.integer({ min: 2, max: 4 })).map(([name, count]) => ({
        query: [
          ...own,
          ...Array.from({ length: count }, (): [UrlText, UrlText] => [
            { decoded: name },
            { decoded: valueOf(name) },
          ]),
        ],
        label: `query ${name} repeated ${count}x`,
      }));
    case 'unknown fields':
      return fc
        .tuple(fc.constantFrom(...UNKNOWN_KEYS, 'a[b]', 'a.b', 'user[]'), anyValue)
        .map(([name, value]) => ({
          query: [...own, [{ decoded: name }, { decoded: value }]],
          label: `query unknown key ${JSON.stringify(name.slice(0, 20))}`,
        }));
    case 'malformed':
      return fc
        .constantFrom(...MALFORMED_QUERIES)
        .map((query) => ({ query, label: `query ${JSON.stringify(query.slice(0, 20))}` }));
    default:
      return key.chain((name) =>
        (hostileUrlText(kind, valueOf(name)) ?? fc.constant({ decoded: '' })).map((value) => ({
          query: [
            ...own.filter(([ownKey]) => 'decoded' in ownKey && ownKey.decoded !== name),
            [{ decoded: name }, value],
          ],
          label: `query ${name}: ${kind}`,
        })),
      );
  }
}

/**
 * One hostile request for the operation, built from valid-shaped parts: the body, one path
 * parameter or the query string is made hostile and the rest stays valid, so the hostile part
 * reaches as deep into the app as it can.
 */
export function hostileRequest(
  kind: HostileKind,
  operation: Operation,
  parts: RequestParts,
): fc.Arbitrary<GeneratedRequest> {
  const params = decodedParams(parts);
  const valid = toRequest(operation, parts);
  const options: Array<fc.WeightedArbitrary<GeneratedRequest>> = [];
  if (parts.body !== undefined) {
    options.push({
      weight: 4,
      arbitrary: hostileBody(kind, parts.body).map((body) => ({
        ...valid,
        body,
        label: body.label,
      })),
    });
  } else if (
    operation.method !== 'GET' &&
    ['deep nesting', 'malformed', 'unknown fields'].includes(kind)
  ) {
    // A body where none is expected must be read (or ignored) as safely as an expected one.
    options.push({
      weight: 1,
      arbitrary: hostileBody(kind, {}).map((body) => ({
        ...valid,
        body,
        label: `unexpected ${body.label}`,
      })),
    });
  }
  for (const parameter of operation.pathParams) {
    const text = hostileUrlText(kind, parts.params[parameter.name] ?? '');
    if (!text) continue;
    options.push({
      weight: 2,
      arbitrary: text.map((value) => ({
        ...valid,
        url: urlOf(operation, { ...params, [parameter.name]: value }, decodedQuery(parts)),
        label: `path ${parameter.name}: ${kind}`,
      })),
    });
  }
  options.push({
    weight: operation.query.length > 0 ? 2 : 1,
    arbitrary: hostileQuery(kind, operation, parts).map(({ query, label }) => ({
      ...valid,
      url: urlOf(operation, params, query),
      label,
    })),
  });
  return fc.oneof(...options);
}
