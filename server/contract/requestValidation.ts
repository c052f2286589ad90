import type { ValidateFunction } from 'ajv';
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

/**
 * Request validators for every operation, compiled once at start-up from the contract and the shared
 * schemas. Parameters arrive as strings, so their instance coerces types; bodies are taken as sent.
 */
export function createRequestValidators(operations: OperationSpec[]): Map<string, RequestValidator> {
  const bodies = createAjv();
  const parameters = createAjv({ coerceTypes: true, useDefaults: true });
  for (const ajv of [bodies, parameters]) ajv.addSchema(schemaDocument as Json);
  const resolverFor =
    (ajv: typeof bodies): ResolveRef =>
    (ref) =>
      ajv.getSchema(ref.startsWith('#') ? `${SCHEMAS_ID}${ref}` : ref)?.schema as Json | undefined;

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
    const objectOf = (where: 'path' | 'query') => {
      const list = operation.parameters.filter((parameter) => parameter.in === where);
      return parameters.compile({
        type: 'object',
        properties: Object.fromEntries(list.map((parameter) => [parameter.name, retarget(parameter.schema)])),
        required: list.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      });
    };
    const pathValidator = objectOf('path');
    const queryValidator = objectOf('query');
    const bodyValidator = operation.body
      ? bodies.compile(retarget(operation.body.schema) as Json)
      : undefined;
    const resolveParams = resolverFor(parameters);
    const resolveBody = resolverFor(bodies);
    out.set(operation.id, {
      params: (values) => check(pathValidator, values, resolveParams),
      query: (values) => check(queryValidator, values, resolveParams),
      body: (value) => check(bodyValidator, value, resolveBody),
    });
  }
  return out;
}
