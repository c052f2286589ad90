import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import { fieldTypeOfSchema, isJsonObject, objectShape } from '../../../src/domain/openapi/fieldTypeOfSchema';
import { HttpError } from '../../http/errors';
import type { HttpOperation } from './httpRequest';

type Json = Record<string, unknown>;
type Input = NonNullable<HttpOperation['Inputs']>[number];
type Output = NonNullable<HttpOperation['Outputs']>[number];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const NAME_LIMIT = 100;

/** A name as an operation or field may have it (http-operation.schema.json): letters, digits, underscores. */
export function cleanOperationName(text: string): string {
  const cleaned = text
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  const named = /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
  return (named === '_' ? 'operation' : named).slice(0, NAME_LIMIT);
}

/** Names made unique by a numbered suffix, without regard to case (guids are made from names that way). */
function uniqueNamer() {
  const taken = new Set<string>();
  return (name: string) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++)
      candidate = `${name.slice(0, NAME_LIMIT - 4)}_${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** The JSON schema of a content map: application/json, else another JSON media type. */
function jsonSchemaOf(content: unknown): Json | undefined {
  if (!isJsonObject(content)) return undefined;
  const key =
    Object.keys(content).find((type) => type.toLowerCase().startsWith('application/json')) ??
    Object.keys(content).find((type) => /[/+]json\b/i.test(type));
  const media = key ? content[key] : undefined;
  return isJsonObject(media) && isJsonObject(media.schema) ? media.schema : undefined;
}

/** The answer of an operation that carries its outputs: 200, else the first 2xx. */
function successSchema(responses: unknown): Json | undefined {
  if (!isJsonObject(responses)) return undefined;
  const code =
    '200' in responses
      ? '200'
      : Object.keys(responses)
          .sort()
          .find((status) => /^2\d\d$/.test(status));
  const response = code ? responses[code] : undefined;
  return isJsonObject(response) ? jsonSchemaOf(response.content) : undefined;
}

function inputsOf(pathItem: Json, operation: Json, named: (name: string) => string): Input[] {
  const byPlace = new Map<string, Json>();
  // Parameters of the path first, overridden by the operation's (OpenAPI 3 §4.8.9 'parameters').
  for (const list of [pathItem.parameters, operation.parameters])
    for (const parameter of Array.isArray(list) ? list : [])
      if (isJsonObject(parameter) && typeof parameter.name === 'string' && typeof parameter.in === 'string')
        byPlace.set(`${parameter.in} ${parameter.name}`, parameter);
  const inputs: Input[] = [];
  for (const parameter of byPlace.values()) {
    const place = parameter.in as string;
    if (place !== 'path' && place !== 'query' && place !== 'header') continue;
    const key = parameter.name as string;
    const name = named(cleanOperationName(key));
    inputs.push({
      Name: name,
      Type: fieldTypeOfSchema(parameter.schema ?? jsonSchemaOf(parameter.content)),
      In: place,
      ...(name !== key ? { Key: key } : {}),
      ...(parameter.required === true || place === 'path' ? { IsRequired: true } : {}),
    });
  }
  const body = isJsonObject(operation.requestBody) ? operation.requestBody : undefined;
  const schema = body ? jsonSchemaOf(body.content) : undefined;
  if (!schema) return inputs;
  const shape = objectShape(schema);
  if (shape) {
    const { properties, required } = shape;
    for (const [key, property] of Object.entries(properties)) {
      const name = named(cleanOperationName(key));
      inputs.push({
        Name: name,
        Type: fieldTypeOfSchema(property),
        In: 'body',
        ...(name !== key ? { Key: key } : {}),
        ...(body?.required === true && required.has(key) ? { IsRequired: true } : {}),
      });
    }
  } else
    inputs.push({
      Name: named('body'),
      Type: fieldTypeOfSchema(schema),
      In: 'body',
      Key: '$',
      ...(body?.required === true ? { IsRequired: true } : {}),
    });
  return inputs;
}

/** How deep an answer's nested objects are read into outputs of their own; deeper ones stay Objects. */
const OUTPUT_DEPTH = 3;
/** At most this many outputs from one answer: a huge schema makes a method nobody maps by hand. */
const OUTPUT_LIMIT = 200;

/**
 * The outputs of an answer's schema: each property of an object answer (allOf merged), a nested object's
 * properties as outputs of their own down to OUTPUT_DEPTH (`data.customer.id` as `data_customer_id`), so
 * a flow maps them without a script; anything else is one output for the whole answer.
 */
function outputsOf(schema: Json | undefined): Output[] {
  if (!schema) return [];
  const named = uniqueNamer();
  const shape = objectShape(schema);
  if (!shape) {
    const type = fieldTypeOfSchema(schema);
    return [{ Name: type === 'Array' ? 'items' : 'value', Type: type, Path: '$' }];
  }
  const outputs: Output[] = [];
  const walk = (properties: Json, path: string, name: string, depth: number) => {
    for (const [key, property] of Object.entries(properties)) {
      if (outputs.length >= OUTPUT_LIMIT) return;
      // A key with a dot or a bracket cannot be a step of an output's path (outputPath.ts).
      if (/[.[\]]/.test(key)) continue;
      const nested = objectShape(property);
      if (nested && depth < OUTPUT_DEPTH)
        walk(nested.properties, `${path}${key}.`, `${name}${key}_`, depth + 1);
      else
        outputs.push({
          Name: named(cleanOperationName(`${name}${key}`)),
          Type: fieldTypeOfSchema(property),
          Path: `${path}${key}`,
        });
    }
  };
  walk(shape.properties, '', '', 1);
  return outputs;
}

/** The document's text as an object: JSON, else YAML. */
function documentOf(text: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = parseYaml(text, { maxAliasCount: 100 });
    } catch (error) {
      throw invalid(error);
    }
  }
  if (!isJsonObject(value)) throw new HttpError(400, 'cb.openapi.invalid', { detail: 'it is not an object' });
  return value;
}

/** The parser's complaint, short: its first line, at most 300 characters. */
const invalid = (error: unknown) =>
  new HttpError(400, 'cb.openapi.invalid', {
    detail: String((error as Error)?.message ?? error)
      .split('\n')[0]!
      .slice(0, 300),
  });

/**
 * The operations of an OpenAPI 3 description (issue 30 point 3), validated and dereferenced with
 * swagger-parser without resolving any reference outside the document: a `$ref` to a URL or a file is
 * an address the server would fetch for whoever pasted it. One operation per path and method, named by
 * its operationId (else method and path); inputs from its path, query and header parameters and its
 * JSON body's properties (allOf merged); outputs from the properties of its 200 (else first 2xx) JSON
 * answer, nested objects' properties included (outputsOf); field types by fieldTypeOfSchema. Refused
 * with 400 (cb.openapi.*) when it is not a valid OpenAPI 3 document.
 */
export async function importOpenApi(text: string): Promise<HttpOperation[]> {
  const document = documentOf(text);
  const version = typeof document.openapi === 'string' ? document.openapi : String(document.swagger ?? '—');
  if (!/^3\./.test(version)) throw new HttpError(400, 'cb.openapi.notVersion3', { version });
  let api: Json;
  try {
    api = (await SwaggerParser.validate(document as never, {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
    })) as unknown as Json;
  } catch (error) {
    throw invalid(error);
  }
  const operationName = uniqueNamer();
  const operations: HttpOperation[] = [];
  for (const [path, pathItem] of Object.entries(isJsonObject(api.paths) ? api.paths : {})) {
    if (!isJsonObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isJsonObject(operation)) continue;
      const id =
        typeof operation.operationId === 'string' && operation.operationId
          ? operation.operationId
          : `${method}_${path}`;
      const summary = typeof operation.summary === 'string' ? operation.summary : operation.description;
      operations.push({
        Name: operationName(cleanOperationName(id)),
        Method: method.toUpperCase() as HttpOperation['Method'],
        Path: path,
        ...(typeof summary === 'string' && summary ? { Description: summary.slice(0, 2000) } : {}),
        Inputs: inputsOf(pathItem, operation, uniqueNamer()),
        Headers: [],
        Outputs: outputsOf(successSchema(operation.responses)),
        RetryUnsafe: false,
      });
    }
  }
  return operations;
}
