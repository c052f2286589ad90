import type { ValidateFunction } from 'ajv';
import type { default as Ajv2020, Options } from 'ajv/dist/2020';
import schemaDocument from '../../generated/schemas.json' with { type: 'json' };
import { createAjv } from '../../src/validation/createAjv';
import { type FieldError, fieldErrors, type ResolveRef } from '../../src/validation/fieldErrors';
import type { OperationSpec } from './operations';

type Json = Record<string, unknown>;

const SCHEMAS_ID = 'uiservices:schemas';

/** Points the contract's component refs into the schema document the shared Ajv holds. */
function retarget(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${SCHEMAS_ID}#/$defs/`));
}

/**
 * The server's copy of a schema, for validating bodies (issue 29 point 8: mass assignment). Every object
 * schema that names its properties and says nothing of others gets `additionalProperties: false`, which
 * the bodies' Ajv (`removeAdditional: true`) applies by dropping the keys it does not name, nested ones
 * too, while it validates: a handler, and what it stores, sees only what the contract names. Schemas that
 * refuse other keys (`additionalProperties: false`: the account calls, a test run) keep refusing them,
 * as `unevaluatedProperties: false`, which removeAdditional leaves alone; maps (`additionalProperties`
 * set to a schema or true) stay maps. The schemas have no allOf, anyOf, oneOf or if, so the properties
 * an object schema names are all it takes. The browser's validators (generated/validators) are compiled
 * from the schemas as written and keep what the user typed.
 */
export function closedSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === '$defs')
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([name, sub]) => [name, closedSchema(sub)]),
      );
    else if (key === 'items' || key === 'additionalProperties' || key === 'prefixItems')
      out[key] = closedSchema(value);
    // Annotations, enums, defaults and the shared keywords' arguments are kept as they are.
    else out[key] = value;
  }
  if (node.properties && typeof node.properties === 'object') {
    if (node.additionalProperties === false) {
      delete out.additionalProperties;
      out.unevaluatedProperties = false;
    } else if (node.additionalProperties === undefined) out.additionalProperties = false;
  }
  return out;
}

export interface RequestValidator {
  params(values: unknown): FieldError[];
  query(values: unknown): FieldError[];
  body(value: unknown): FieldError[];
}

/** Makes a value on first use and keeps it. */
function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * Request validators for every operation, from the contract and the shared schemas. Parameters arrive
 * as strings, so their instance coerces types; bodies are taken as sent. Each operation's validators are
 * compiled at its first call, not at start-up: compiling all of them took seconds of every cold start
 * (issue 20 point 4), for calls most processes never see.
 */
export function createRequestValidators(operations: OperationSpec[]): Map<string, RequestValidator> {
  const withSchemas = (options: Options, document: () => Json) =>
    onFirstUse(() => {
      const ajv = createAjv(options);
      ajv.addSchema(document());
      return ajv;
    });
  // Bodies lose the keys their schema does not name (closedSchema); parameters are not stored as sent.
  const bodies = withSchemas({ removeAdditional: true }, () => closedSchema(schemaDocument) as Json);
  const parameters = withSchemas({ coerceTypes: true, useDefaults: true }, () => schemaDocument as Json);
  const resolverFor =
    (ajv: () => Ajv2020): ResolveRef =>
    (ref) =>
      ajv().getSchema(ref.startsWith('#') ? `${SCHEMAS_ID}${ref}` : ref)?.schema as Json | undefined;

  const check = (
    validate: ValidateFunction | undefined,
    value: unknown,
    resolve: ResolveRef,
    prefix = '',
  ) => {
    if (!validate || validate(value)) return [];
    return fieldErrors(validate.errors, resolve).map((error) => ({ ...error, path: prefix + error.path }));
  };

  const out = new Map<string, RequestValidator>();
  for (const operation of operations) {
    const objectOf = (where: 'path' | 'query') =>
      onFirstUse(() => {
        const list = operation.parameters.filter((parameter) => parameter.in === where);
        return parameters().compile({
          type: 'object',
          properties: Object.fromEntries(
            list.map((parameter) => [parameter.name, retarget(parameter.schema)]),
          ),
          required: list.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        });
      });
    const pathValidator = objectOf('path');
    const queryValidator = objectOf('query');
    const { body } = operation;
    const bodyValidator = body
      ? onFirstUse(() => bodies().compile(closedSchema(retarget(body.schema)) as Json))
      : undefined;
    const resolveParams = resolverFor(parameters);
    const resolveBody = resolverFor(bodies);
    out.set(operation.id, {
      params: (values) => check(pathValidator(), values, resolveParams),
      query: (values) => check(queryValidator(), values, resolveParams),
      body: (value) => check(bodyValidator?.(), value, resolveBody),
    });
  }
  return out;
}
