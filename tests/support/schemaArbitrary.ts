import fc from 'fast-check';
import schemaDocument from '../../generated/schemas.json' with { type: 'json' };
import { createAjv } from '../../src/validation/createAjv';

/**
 * fast-check arbitraries made from the contract's JSON Schemas (generated/schemas.json), so tests can
 * send every operation values that are valid — or invalid in a known way — without hand-written
 * fixtures. Only the keywords the schemas use are supported; any other keyword fails loudly, so a new
 * schema feature cannot silently produce unchecked values.
 */

export type JsonSchema = { [keyword: string]: unknown };

/** Keywords that constrain nothing: text, UI hints, and defaults the server fills in. */
const annotations = new Set([
  'title',
  'description',
  'default',
  'readOnly',
  'writeOnly',
  'example',
  'examples',
  'deprecated',
  'x-messages',
  // The declaration of a plain item kind (src/domain/plainItems.ts): validates nothing.
  'x-item',
  'x-spec',
  'x-spec-reason',
  '$schema',
  '$id',
  '$defs',
  '$comment',
]);
const supported = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'oneOf',
  'anyOf',
  '$ref',
  // Custom keywords of the shared Ajv (src/validation/keywords.ts).
  'x-name',
  'x-clean',
  'x-unique',
  'x-unique-among',
  'x-allowed-when',
  'x-child-names',
  'x-plain',
]);

const ajv = createAjv();
const isEmail = ajv.compile({ type: 'string', format: 'email' });
const isDateTime = ajv.compile({ type: 'string', format: 'date-time' });

/** Resolves `#/components/schemas/X` (the contract's refs) and `#/$defs/...` (the schema document's). */
export function resolveRef(ref: string): JsonSchema {
  const pointer = ref.replace(/^#\/components\/schemas\//, '#/$defs/').replace(/^#\//, '');
  let node: unknown = schemaDocument;
  for (const part of pointer.split('/')) {
    node = (node as JsonSchema | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  if (!node || typeof node !== 'object') throw new Error(`schemaArbitrary: cannot resolve ${ref}`);
  return node as JsonSchema;
}

function checkKeywords(schema: JsonSchema): void {
  for (const keyword of Object.keys(schema)) {
    if (!supported.has(keyword) && !annotations.has(keyword))
      throw new Error(`schemaArbitrary: keyword "${keyword}" is not supported; teach it to tests/support`);
  }
}

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];

export interface ValidOptions {
  /**
   * 'none': only required properties, shortest arrays, small numbers: a plain, predictable request.
   * 'some': optional properties and boundary values too, for fuzzing.
   */
  optional: 'none' | 'some';
}

/** How deep recursive schemas (elements of elements, ...) are followed before arrays stay empty. */
const MAX_DEPTH = 3;

const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

const lookahead = /\(\?=\.\*(\[[^\]]+\])\)/g;

/** Strings matching a pattern. fast-check cannot invert lookaheads, so `^(?=.*[a-z])...(.*)$` is built. */
function stringMatching(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const regex = new RegExp(pattern, 'u');
  const classes = [...pattern.matchAll(lookahead)].map((match) => match[1]!);
  if (classes.length > 0) {
    if (pattern.replace(lookahead, '') !== '^.*$')
      throw new Error(`schemaArbitrary: pattern ${pattern} mixes lookaheads with other rules`);
    const required = classes.map((cls) => fc.stringMatching(new RegExp(`^${cls}$`)));
    const fillerMin = Math.max(0, minLength - classes.length);
    const filler = fc.string({
      unit: 'grapheme-ascii',
      minLength: fillerMin,
      maxLength: Math.max(fillerMin, Math.min(maxLength - classes.length, fillerMin + 20)),
    });
    return fc
      .tuple(filler, ...required)
      .map(([head, ...chars]) => head + chars.join(''))
      .filter((text) => regex.test(text) && [...text].length <= maxLength);
  }
  return fc
    .stringMatching(regex)
    .filter((text) => [...text].length >= minLength && [...text].length <= maxLength);
}

function validString(schema: JsonSchema, options: ValidOptions): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? 10_000;
  if (schema.format === 'email') {
    const plain = fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/), fc.constantFrom('example.com', 'example.org'))
      .map(([local, domain]) => `${local}@${domain}`);
    if (options.optional === 'none') return plain;
    return fc.oneof(
      plain,
      fc.emailAddress().filter((text) => text.length <= maxLength && isEmail(text)),
    );
  }
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2199-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString())
      .filter((text) => isDateTime(text));
  }
  if (schema.format !== undefined) throw new Error(`schemaArbitrary: format "${schema.format}" unsupported`);
  // Names (x-name, x-clean): letters first, then letters, digits and underscores, as every kind keeps.
  if (schema['x-name'] || schema['x-clean']) {
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
    return fc
      .stringMatching(/^[A-Za-z][A-Za-z0-9_]{1,24}$/)
      .filter(
        (text) => text.length >= minLength && text.length <= maxLength && (!pattern || pattern.test(text)),
      );
  }
  if (typeof schema.pattern === 'string') return stringMatching(schema.pattern, minLength, maxLength);
  if (options.optional === 'none')
    return fc.string({ unit: 'grapheme-ascii', minLength, maxLength: Math.min(maxLength, minLength + 8) });
  const upTo = Math.min(maxLength, minLength + 40);
  // Any code point (NUL, emoji, right-to-left marks) within the length rules, and the exact boundaries.
  return fc.oneof(
    fc.string({ unit: 'binary', minLength, maxLength: upTo }),
    fc.string({ unit: 'grapheme-ascii', minLength, maxLength: upTo }),
    fc.constantFrom('x'.repeat(minLength), 'y'.repeat(maxLength)),
  );
}

function validNumber(schema: JsonSchema, integer: boolean, options: ValidOptions): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? Number.MIN_SAFE_INTEGER;
  const max = (schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER;
  const smallMin = Math.max(min, Math.min(0, max));
  const small = fc.integer({ min: smallMin, max: Math.min(max, smallMin + 10) });
  if (options.optional === 'none') return small;
  const wide = integer
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(small, wide, fc.constantFrom(min, max));
}

function validObject(schema: JsonSchema, options: ValidOptions, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const childNames = schema['x-child-names'] as { children: string } | undefined;
  // Options allowed only for some types (x-allowed-when) and children whose names must repeat the
  // parent's (x-child-names) are left out of valid values; invalid values try them.
  const names = Object.keys(properties).filter(
    (name) =>
      required.has(name) ||
      (options.optional === 'some' &&
        depth < MAX_DEPTH &&
        !properties[name]!['x-allowed-when'] &&
        name !== childNames?.children),
  );
  const model = Object.fromEntries(
    names.map((name) => [
      name,
      name === childNames?.children ? fc.constant([]) : validArbitrary(properties[name]!, options, depth + 1),
    ]),
  );
  const known = fc.record(model, { requiredKeys: names.filter((name) => required.has(name)) });
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === false || options.optional === 'none' || depth >= MAX_DEPTH)
    return known;
  const valueSchema = extra === true ? {} : (extra as JsonSchema);
  const extras = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !Object.hasOwn(properties, key)),
    validArbitrary(valueSchema, options, depth + 1),
    { maxKeys: 4 },
  );
  return fc.tuple(extras, known).map(([more, base]) => ({ ...more, ...(base as object) }));
}

function validArray(schema: JsonSchema, options: ValidOptions, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = (schema.minItems as number | undefined) ?? 0;
  // Nested arrays multiply: a few items at the top, at most one deeper down, keep requests small.
  const cap =
    options.optional === 'none' || depth >= MAX_DEPTH ? minLength : minLength + (depth === 0 ? 3 : 1);
  const maxLength = Math.min((schema.maxItems as number | undefined) ?? cap, cap);
  const items = validArbitrary((schema.items as JsonSchema | undefined) ?? {}, options, depth + 1);
  const uniqueBy = (schema['x-unique'] as { by?: string } | undefined)?.by;
  if (uniqueBy !== undefined)
    return fc.uniqueArray(items, {
      minLength,
      maxLength,
      selector: (value) =>
        String((uniqueBy ? (value as Record<string, unknown>)?.[uniqueBy] : value) ?? '').toLowerCase(),
    });
  return schema.uniqueItems === true
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
    : fc.array(items, { minLength, maxLength });
}

/** Values of any JSON type, for schemas that allow anything. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

/**
 * Arbitraries are built once per schema node, mode and depth: the schemas nest deeply and invalid
 * values reuse valid ones at every level, so building them afresh each time grows exponentially.
 */
function memoized<T>(build: (schema: JsonSchema, mode: string, depth: number) => T) {
  const cache = new WeakMap<JsonSchema, Map<string, T>>();
  return (schema: JsonSchema, mode: string, depth: number): T => {
    const key = `${mode}:${depth}`;
    const forSchema = cache.get(schema) ?? new Map<string, T>();
    cache.set(schema, forSchema);
    if (!forSchema.has(key)) forSchema.set(key, build(schema, mode, depth));
    return forSchema.get(key)!;
  };
}

/** Values the schema accepts. */
export function validArbitrary(
  schema: JsonSchema,
  options: ValidOptions = { optional: 'some' },
  depth = 0,
): fc.Arbitrary<unknown> {
  return validMemo(schema, options.optional, depth);
}

const validMemo = memoized((schema, optional, depth) =>
  buildValid(schema, { optional: optional as ValidOptions['optional'] }, depth),
);

function buildValid(schema: JsonSchema, options: ValidOptions, depth: number): fc.Arbitrary<unknown> {
  checkKeywords(schema);
  if (typeof schema.$ref === 'string') return validArbitrary(resolveRef(schema.$ref), options, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((option) => validArbitrary(option, options, depth)));
  const types = typesOf(schema);
  if (types.length === 0) return anyJson;
  // In a plain request a nullable field is given a value; null is one of the values fuzzing tries.
  const chosen = options.optional === 'none' && types.length > 1 ? types.filter((t) => t !== 'null') : types;
  return fc.oneof(
    ...chosen.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          // x-plain: no text-direction overrides or isolates (issue 29 point 9).
          return schema['x-plain']
            ? validString(schema, options).filter((text) => !BIDI_CONTROL.test(text))
            : validString(schema, options);
        case 'integer':
          return validNumber(schema, true, options);
        case 'number':
          return validNumber(schema, false, options);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'object':
          return validObject(schema, options, depth);
        case 'array':
          return validArray(schema, options, depth);
        default:
          throw new Error(`schemaArbitrary: type "${type}" unsupported`);
      }
    }),
  );
}

/** One value of each JSON type, to find those a schema refuses. */
const samplesByType: Array<[string, unknown]> = [
  ['string', 'text'],
  ['integer', 7],
  ['number', 1.5],
  ['boolean', true],
  ['null', null],
  ['object', { Unexpected: 1 }],
  ['array', [1]],
];

function wrongTypes(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  if (types.length === 0) return [];
  return samplesByType
    .filter(([type]) => {
      if (types.includes(type)) return false;
      // 7 is a number too, so it is no wrong type where numbers are allowed.
      if (type === 'integer' && types.includes('number')) return false;
      return true;
    })
    .map(([, value]) => value);
}

/**
 * Values the schema refuses, each broken in one known way: a wrong type, a missing required property,
 * an unknown property where none are allowed, a length, range, pattern, format or enum rule broken, or
 * one broken element inside. Answers null when the schema accepts everything.
 */
export function invalidArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> | null {
  return invalidMemo(schema, 'invalid', depth);
}

/**
 * Values a URL parameter or text body of the schema refuses once written as text. Where the schema
 * takes strings, a value of another type is no wrong type there (7 arrives as the string "7"), so only
 * broken strings are left; null when the schema takes every string.
 */
export function invalidTextArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  return invalidMemo(schema, 'invalidText', 0);
}

const invalidMemo = memoized((schema, mode, depth) => buildInvalid(schema, depth, mode === 'invalidText'));

function buildInvalid(schema: JsonSchema, depth: number, asText = false): fc.Arbitrary<unknown> | null {
  checkKeywords(schema);
  if (typeof schema.$ref === 'string')
    return asText
      ? invalidTextArbitrary(resolveRef(schema.$ref))
      : invalidArbitrary(resolveRef(schema.$ref), depth);
  const ways: fc.Arbitrary<unknown>[] = [];
  const wrong = asText && typesOf(schema).includes('string') ? [] : wrongTypes(schema);
  if (wrong.length > 0) ways.push(fc.constantFrom(...wrong));
  if (Array.isArray(schema.enum)) {
    const allowed = new Set((schema.enum as unknown[]).map((value) => JSON.stringify(value)));
    ways.push(fc.string({ maxLength: 12 }).filter((text) => !allowed.has(JSON.stringify(text))));
  }
  const types = typesOf(schema);
  if (types.includes('string') && !schema.enum) {
    if (typeof schema.maxLength === 'number')
      ways.push(
        fc.integer({ min: 1, max: 50 }).map((more) => 'z'.repeat((schema.maxLength as number) + more)),
      );
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
      ways.push(fc.constant('q'.repeat((schema.minLength as number) - 1)));
    if (typeof schema.pattern === 'string') {
      const regex = new RegExp(schema.pattern, 'u');
      ways.push(fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !regex.test(text)));
    }
    if (schema['x-name']) ways.push(fc.constantFrom('', 'a', 'a b'));
    if (schema['x-clean']) ways.push(fc.constantFrom('.a', 'a-b!', 'a//b'));
    if (schema['x-plain']) ways.push(fc.constantFrom('admin\u202Enimda', 'a\u2066b\u2069'));
    if (schema.format === 'email') ways.push(fc.constantFrom('not-an-email', 'a@', '@b.example', 'a b@c.d'));
    if (schema.format === 'date-time') ways.push(fc.constantFrom('yesterday', '2024-13-45T99:00:00Z', '1'));
  }
  if (types.includes('integer') || types.includes('number')) {
    if (typeof schema.minimum === 'number') ways.push(fc.constant((schema.minimum as number) - 1));
    if (typeof schema.maximum === 'number') ways.push(fc.constant((schema.maximum as number) + 1));
    if (types.includes('integer') && !types.includes('number')) ways.push(fc.constantFrom(0.5, -2.5));
  }
  if (types.includes('object')) {
    const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
    const required = (schema.required as string[] | undefined) ?? [];
    const base = validArbitrary(schema, { optional: 'none' }, depth) as fc.Arbitrary<Record<string, unknown>>;
    if (required.length > 0) {
      ways.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([value, name]) => {
          const { [name]: _dropped, ...rest } = value;
          return rest;
        }),
      );
    }
    if (schema.additionalProperties === false)
      ways.push(base.map((value) => ({ ...value, UnexpectedField: 'x' })));
    if (depth < MAX_DEPTH) {
      for (const [name, propertySchema] of Object.entries(properties)) {
        const broken = invalidArbitrary(propertySchema, depth + 1);
        if (broken) ways.push(fc.tuple(base, broken).map(([value, bad]) => ({ ...value, [name]: bad })));
      }
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') {
        const broken = invalidArbitrary(extra as JsonSchema, depth + 1);
        if (broken) ways.push(fc.tuple(base, broken).map(([value, bad]) => ({ ...value, ExtraEntry: bad })));
      }
    }
  }
  if (types.includes('array')) {
    const items = (schema.items as JsonSchema | undefined) ?? {};
    const brokenItem = depth < MAX_DEPTH ? invalidArbitrary(items, depth + 1) : null;
    if (brokenItem) ways.push(brokenItem.map((bad) => [bad]));
    if (schema.uniqueItems === true) {
      const one = validArbitrary(items, { optional: 'none' }, depth + 1);
      ways.push(one.map((value) => [value, value]));
    }
  }
  return ways.length > 0 ? fc.oneof(...ways) : null;
}
