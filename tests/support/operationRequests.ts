import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { OperationSpec, ParameterSpec } from '../../server/contract/operations';
import { createRequestValidators, type RequestValidator } from '../../server/contract/requestValidation';
import { unstorableText } from '../../server/http/storableText';
import {
  invalidArbitrary,
  invalidTextArbitrary,
  type JsonSchema,
  type ValidOptions,
  validArbitrary,
} from './schemaArbitrary';

/** One HTTP request to an operation, as values: what the tests send and print when a check fails. */
export interface OperationRequest {
  method: OperationSpec['method'];
  /** Path parameters by name, before encoding. */
  path: Record<string, string>;
  /** Query parameters by name, as sent (strings). */
  query: Record<string, string>;
  body?: { contentType: string; payload: string };
  /** For reports: how the request was made. */
  note: string;
}

const paramText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The URL of a request: path parameters encoded into the route, query parameters appended. */
export function urlOf(operation: OperationSpec, request: OperationRequest): string {
  const route = operation.url.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(request.path[name] ?? ''),
  );
  const search = new URLSearchParams(request.query).toString();
  return search ? `${route}?${search}` : route;
}

function parametersArbitrary(
  parameters: ParameterSpec[],
  options: ValidOptions,
): fc.Arbitrary<Record<string, string>> {
  const chosen = parameters.filter((parameter) => parameter.required || options.optional === 'some');
  return fc.record(
    Object.fromEntries(
      chosen.map((parameter) => [
        parameter.name,
        validArbitrary(parameter.schema as JsonSchema, options).map(paramText),
      ]),
    ),
    { requiredKeys: chosen.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  ) as fc.Arbitrary<Record<string, string>>;
}

function bodyOf(operation: OperationSpec, value: unknown): OperationRequest['body'] {
  if (!operation.body) return undefined;
  const { contentType } = operation.body;
  return {
    contentType,
    payload: contentType === 'text/plain' && typeof value === 'string' ? value : JSON.stringify(value),
  };
}

/** Requests the contract accepts: every required parameter and body present and valid. */
export function validRequestArbitrary(
  operation: OperationSpec,
  options: ValidOptions = { optional: 'some' },
): fc.Arbitrary<OperationRequest> {
  const inPath = operation.parameters.filter((parameter) => parameter.in === 'path');
  const inQuery = operation.parameters.filter((parameter) => parameter.in === 'query');
  const body = operation.body
    ? validArbitrary(operation.body.schema as JsonSchema, options)
    : fc.constant(undefined);
  return fc
    .tuple(parametersArbitrary(inPath, options), parametersArbitrary(inQuery, options), body)
    .map(([path, query, value]) => {
      const encoded = bodyOf(operation, value);
      return { method: operation.method, path, query, ...(encoded ? { body: encoded } : {}), note: 'valid' };
    });
}

/** Bodies no JSON operation can parse as its schema: not JSON, the wrong media type, or nothing at all. */
const malformedBodies: Array<{ contentType: string; payload: string; note: string }> = [
  { contentType: 'application/json', payload: '{"Name": ', note: 'truncated JSON' },
  { contentType: 'application/json', payload: '', note: 'empty JSON body' },
  { contentType: 'application/json', payload: 'null', note: 'JSON null' },
  { contentType: 'application/json', payload: '{"__proto__": {"admin": true}}', note: 'prototype key' },
  { contentType: 'application/xml', payload: '<a/>', note: 'XML' },
  { contentType: 'text/plain', payload: 'plain text', note: 'text for a JSON call' },
];

/**
 * Requests the contract refuses, each broken in one way: a required parameter missing or invalid, an
 * invalid body (see invalidArbitrary), a malformed or missing body. Answers null for an operation that
 * accepts anything.
 */
export function invalidRequestArbitrary(operation: OperationSpec): fc.Arbitrary<OperationRequest> | null {
  const valid = validRequestArbitrary(operation, { optional: 'none' });
  const ways: fc.Arbitrary<OperationRequest>[] = [];
  for (const parameter of operation.parameters) {
    const where = parameter.in;
    const broken = invalidTextArbitrary(parameter.schema as JsonSchema);
    if (broken) {
      ways.push(
        fc.tuple(valid, broken).map(([request, bad]) => ({
          ...request,
          [where]: { ...request[where], [parameter.name]: paramText(bad) },
          note: `invalid ${where} parameter ${parameter.name}`,
        })),
      );
    }
    if (parameter.required && where === 'query') {
      ways.push(
        valid.map((request) => {
          const { [parameter.name]: _dropped, ...rest } = request.query;
          return { ...request, query: rest, note: `missing query parameter ${parameter.name}` };
        }),
      );
    }
  }
  if (operation.body) {
    const { body } = operation;
    const schema = body.schema as JsonSchema;
    const broken =
      body.contentType === 'text/plain' ? invalidTextArbitrary(schema) : invalidArbitrary(schema);
    if (broken) {
      ways.push(
        fc.tuple(valid, broken).map(([request, bad]) => ({
          ...request,
          body: bodyOf(operation, bad)!,
          note: 'invalid body',
        })),
      );
    }
    if (body.contentType === 'application/json') {
      ways.push(
        fc.tuple(valid, fc.constantFrom(...malformedBodies)).map(([request, bad]) => ({
          ...request,
          body: { contentType: bad.contentType, payload: bad.payload },
          note: bad.note,
        })),
      );
    }
    if (body.required) {
      ways.push(valid.map(({ body: _dropped, ...request }) => ({ ...request, note: 'missing body' })));
    }
  }
  return ways.length > 0 ? fc.oneof(...ways) : null;
}

/** Whether a JSON text has a `__proto__` key or a `constructor.prototype`, which Fastify refuses. */
function hasPrototypeKey(payload: string): boolean {
  let found = false;
  JSON.parse(payload, (key, value: unknown) => {
    if (key === '__proto__') found = true;
    if (key === 'constructor' && value && typeof value === 'object' && Object.hasOwn(value, 'prototype'))
      found = true;
    return value;
  });
  return found;
}

/** Whether the contract accepts a request, judged by the server's own validators (the ground truth). */
export function isValidRequest(
  validator: RequestValidator,
  operation: OperationSpec,
  request: OperationRequest,
): boolean {
  if (operation.body?.required && !request.body) return false;
  if (request.body && operation.body && request.body.contentType !== operation.body.contentType) return false;
  let body: unknown;
  if (request.body) {
    if (request.body.contentType !== 'application/json') body = request.body.payload;
    else {
      try {
        body = JSON.parse(request.body.payload);
      } catch {
        return false;
      }
      // Fastify refuses a JSON body of `null`, and keys that would reach an object's prototype.
      if (body === null || hasPrototypeKey(request.body.payload)) return false;
    }
  }
  return (
    validator.params(structuredClone(request.path)).length === 0 &&
    validator.query(structuredClone(request.query)).length === 0 &&
    (request.body && operation.body ? validator.body(body).length === 0 : true) &&
    [request.path, request.query, body].every((part) => unstorableText(part).length === 0)
  );
}

/** The server's request validators for every operation, compiled once per test file. */
export const requestValidators = (operations: OperationSpec[]) => createRequestValidators(operations);

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** Sends a request to an in-process server, as the given bearer token (or none). */
export async function send(
  app: FastifyInstance,
  operation: OperationSpec,
  request: OperationRequest,
  token?: string,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body) headers['content-type'] = request.body.contentType;
  const response = await app.inject({
    method: request.method,
    url: urlOf(operation, request),
    headers,
    ...(request.body ? { payload: request.body.payload } : {}),
  });
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/** A short description of a request for failure messages (bodies cut to keep them readable). */
export function describeRequest(operation: OperationSpec, request: OperationRequest): string {
  const body = request.body
    ? ` ${request.body.contentType} ${request.body.payload.slice(0, 300)}${request.body.payload.length > 300 ? '…' : ''}`
    : '';
  return `${operation.id} ${request.method} ${urlOf(operation, request).slice(0, 300)}${body} (${request.note})`;
}
