import createClient, { type Middleware } from 'openapi-fetch';
import { operationTable } from '../../generated/operations';
import type { paths } from '../../generated/uiservices';
import { ApiError } from './ApiError';
import { apiUrl, REFRESH_PATH, refreshTokens } from './refresh';
import { clearTokens, readTokens } from './tokenStore';

const originals = new WeakMap<Request, Request>();
const RETRIED = 'x-retried';

/**
 * Bearer token from local storage; on 401 with a refresh token, one refresh and one retry; tokens
 * cleared when the retry still answers 401 or 403 (spec part 1 §4 'Token refresh').
 */
export const authMiddleware: Middleware = {
  onRequest({ request }) {
    const { token } = readTokens();
    if (token && !request.headers.has('authorization'))
      request.headers.set('authorization', `Bearer ${token}`);
    // A body can be read once; keep a copy for the retry.
    originals.set(request, request.clone());
    return request;
  },
  async onResponse({ request, response, schemaPath }) {
    if (response.status !== 401 || schemaPath === REFRESH_PATH || request.headers.has(RETRIED))
      return response;
    if (!readTokens().refreshToken) return response;
    if (!(await refreshTokens())) return response;
    const retry = new Request(originals.get(request) ?? request);
    retry.headers.set('authorization', `Bearer ${readTokens().token ?? ''}`);
    retry.headers.set(RETRIED, '1');
    // A retry that finds no server fails as the first try would have (failureMiddleware).
    const second = await fetch(retry).catch((error: unknown) => {
      throw unansweredError(request, schemaPath, error);
    });
    if (second.status === 401 || second.status === 403) clearTokens();
    return second;
  },
};

/** The contract's saves, deletes and status changes, by method and path (`write` in generated/operations.ts). */
const writes = new Set(
  Object.values(operationTable).flatMap((operation) =>
    'write' in operation && operation.write ? [`${operation.method} ${operation.path}`] : [],
  ),
);
const isWrite = (request: Request, schemaPath: string) => writes.has(`${request.method} ${schemaPath}`);

/** A request that never got an answer, as the ApiError the screens show; an abort stays an abort. */
function unansweredError(request: Request, schemaPath: string, error: unknown): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return ApiError.unanswered(isWrite(request, schemaPath));
}

/**
 * How a failure leaves the client, for every call (issue 33 points 1 and 2): a request the server never
 * answered is an ApiError in the catalogue's words — the load text, or the update text for a change
 * (spec part 1 §8 'Generic') — never the browser's "Failed to fetch"; and a save or delete answered
 * `false` is a failure (part 1 §7 'A false result from a save or delete means failure'). Which calls are
 * changes comes from the contract (`write` in generated/operations.ts); Script.CheckCompilation, which
 * answers false for success, is none.
 */
export const failureMiddleware: Middleware = {
  onError({ request, schemaPath, error }) {
    const failure = unansweredError(request, schemaPath, error);
    return failure instanceof Error ? failure : undefined;
  },
  async onResponse({ request, response, schemaPath }) {
    if (!response.ok || !isWrite(request, schemaPath)) return undefined;
    // Only `false` itself: a change's answer is small (true, or the saved guid and revision).
    const text = await response.clone().text();
    if (text.trim() === 'false') throw ApiError.refused(response.status);
    return undefined;
  },
};

/** The one HTTP client of the console, typed from openapi/uiservices.yaml. */
export const api = createClient<paths>({
  baseUrl: apiUrl(),
  // Looked up per call, not captured once, so tests (and polyfills) can replace fetch.
  fetch: (request) => globalThis.fetch(request),
});
// onResponse runs from the last middleware to the first: the failure check sees the answer after the
// auth middleware's refresh and retry.
api.use(failureMiddleware, authMiddleware);

/**
 * Unwraps an openapi-fetch result: its data, or an ApiError with the catalogue's text.
 * @example const modules = await unwrap(api.GET('/UIServices/ClientAdmin/GetClientModules'));
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<NonNullable<T> | T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, (error ?? null) as never);
  return data as T;
}
