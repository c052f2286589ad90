// The bundled contract, imported rather than read from disk so that a test build that generates elsewhere
// (codegen --out, tests/fixtures/) serves its own contract.
import contract from '../../generated/openapi.json' with { type: 'json' };
import type { OperationId } from './types';

/** What an operation needs of its caller (the `x-permission` extension of openapi/uiservices.yaml). */
export type Permission =
  | 'public'
  | 'level1'
  | 'enrolment'
  | 'signedIn'
  | 'admin'
  | { area: string; action: string };

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Record<string, unknown>;
}

export interface OperationSpec {
  id: OperationId;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path as the contract writes it, e.g. /UIServices/Users/GetUser/{guid}. */
  path: string;
  /** Fastify route, prefixed with the server URL (/api). */
  url: string;
  permission: Permission;
  parameters: ParameterSpec[];
  body?: {
    contentType: 'application/json' | 'text/plain';
    required: boolean;
    schema: Record<string, unknown>;
  };
  /** Bytes a request body may have where the server's default is too small (`x-body-limit`). */
  bodyLimit?: number;
}

type Json = Record<string, unknown>;

function resolveLocal(doc: Json, ref: string): Json {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/'))
    node = (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return node as Json;
}

const isPermission = (value: unknown): value is Permission =>
  value === 'public' ||
  value === 'level1' ||
  value === 'enrolment' ||
  value === 'signedIn' ||
  value === 'admin' ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as Json).area === 'string' &&
    typeof (value as Json).action === 'string');

/**
 * Every operation of the contract, with what routing, validation and the permission guard need. Reads
 * the bundled contract without copying it (a deep copy was a tenth of building the app at a cold start,
 * issue 20 point 4): the specs share its schema objects, which nothing writes to.
 */
export function operationsOf(doc: Json = contract as unknown as Json): OperationSpec[] {
  const base = String(((doc.servers as Json[] | undefined)?.[0]?.url as string | undefined) ?? '');
  const out: OperationSpec[] = [];
  for (const [route, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const id = operation.operationId as OperationId;
      const permission = operation['x-permission'];
      if (!isPermission(permission)) throw new Error(`contract: ${id} has no valid x-permission`);
      const parameters = ((operation.parameters as Json[] | undefined) ?? []).map((raw) => {
        const parameter = typeof raw.$ref === 'string' ? resolveLocal(doc, raw.$ref) : raw;
        return {
          name: parameter.name as string,
          in: parameter.in as 'path' | 'query',
          required: parameter.required === true,
          schema: parameter.schema as Json,
        };
      });
      const requestBody = operation.requestBody as Json | undefined;
      let body: OperationSpec['body'];
      if (requestBody) {
        const content = requestBody.content as Record<string, Json>;
        const contentType = content['application/json'] ? 'application/json' : 'text/plain';
        body = {
          contentType,
          required: requestBody.required === true,
          schema: content[contentType]!.schema as Json,
        };
      }
      out.push({
        id,
        method: method.toUpperCase() as OperationSpec['method'],
        path: route,
        url: base + route.replace(/\{(\w+)\}/g, ':$1'),
        permission,
        parameters,
        ...(body ? { body } : {}),
        ...(typeof operation['x-body-limit'] === 'number' ? { bodyLimit: operation['x-body-limit'] } : {}),
      });
    }
  }
  return out;
}
