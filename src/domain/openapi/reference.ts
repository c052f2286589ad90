import type { JsonSchema } from '../flow/runtime/inputSchema';
import type { OpenApiDocument, Operation } from './describeRestApi';

/**
 * What the console's API reference (issue 31 point 2) reads from a REST API's document
 * (describeRestApi.ts) for its "try it" (Redoc renders the rest): its operations grouped by their
 * path's first segment, an example body from a schema, the request a "try it" sends and the same
 * request as a curl command.
 */
export interface ReferenceOperation {
  method: string;
  path: string;
  operation: Operation;
}

export interface ReferenceGroup {
  name: string;
  operations: ReferenceOperation[];
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;

/** The operations by the first segment of their path ('customers/credit' → customers), in path order. */
export function groupsOf(document: OpenApiDocument): ReferenceGroup[] {
  const groups = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    const name = path.split('/')[1] || path;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const list = groups.get(name) ?? [];
      list.push({ method: method.toUpperCase(), path, operation });
      groups.set(name, list);
    }
  }
  return [...groups].map(([name, operations]) => ({ name, operations }));
}

const GUID_EXAMPLE = '00000000-0000-4000-8000-000000000000';

/** A value the schema accepts, to start a "try it" body from. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((each) => each !== 'null')
    : (schema.type as string | undefined);
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([key, inner]) => [
          key,
          exampleOf(inner, depth + 1),
        ]),
      );
    case 'array':
      return [exampleOf(schema.items as JsonSchema | undefined, depth + 1)];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date') return '2026-01-31';
      if (typeof schema.pattern === 'string' && schema.pattern.includes('[0-9a-fA-F]{8}'))
        return GUID_EXAMPLE;
      if (typeof schema.pattern === 'string' && schema.pattern.includes('T')) return '2026-01-31T12:00:00Z';
      return '';
    default:
      return null;
  }
}

/** How the caller proves who it is: an API user's token, or its username and token for Basic. */
export interface Credentials {
  token: string;
  username?: string;
}

export interface TryRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The document's security scheme as an Authorization header, none for a public API. */
function authorization(document: OpenApiDocument, credentials: Credentials): string | null {
  const schemes = Object.values(document.components.securitySchemes ?? {});
  const scheme = schemes[0]?.scheme;
  if (!scheme || !credentials.token) return null;
  if (scheme === 'basic') return `Basic ${btoa(`${credentials.username ?? ''}:${credentials.token}`)}`;
  return `Bearer ${credentials.token}`;
}

/**
 * The request of one operation: query parameters from `values` (empty ones left out), the body as given
 * for the other methods, the Authorization header the API's scheme asks for.
 */
export function requestOf(
  document: OpenApiDocument,
  target: ReferenceOperation,
  input: { origin: string; values: Readonly<Record<string, string>>; body: string; credentials: Credentials },
): TryRequest {
  const base = `${input.origin}${document.servers[0]?.url ?? ''}${target.path}`;
  const query = new URLSearchParams();
  for (const parameter of target.operation.parameters ?? []) {
    const value = input.values[parameter.name];
    if (value !== undefined && value !== '') query.set(parameter.name, value);
  }
  const search = query.toString();
  const headers: Record<string, string> = {};
  const auth = authorization(document, input.credentials);
  if (auth) headers.authorization = auth;
  const request: TryRequest = { method: target.method, url: search ? `${base}?${search}` : base, headers };
  if (target.operation.requestBody) {
    headers['content-type'] = 'application/json';
    request.body = input.body;
  }
  return request;
}

/** Quoted for a POSIX shell: single quotes, each inner one closed, escaped and reopened. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The request as a curl command line. */
export function curlOf(request: TryRequest): string {
  const parts = ['curl', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers))
    parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data', shellQuote(request.body));
  return parts.join(' ');
}
