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
  const withSchemas = (options: Options) =>
    onFirstUse(() => {
      const ajv = createAjv(options);
      ajv.addSchema(schemaDocument as Json);
      return ajv;
    });
  const bodies = withSchemas({});
  const parameters = withSchemas({ coerceTypes: true, useDefaults: true });
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
      ? onFirstUse(() => bodies().compile(retarget(body.schema) as Json))
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
