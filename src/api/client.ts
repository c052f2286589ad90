import createClient, { type Middleware } from 'openapi-fetch';
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
    const second = await fetch(retry);
    if (second.status === 401 || second.status === 403) clearTokens();
    return second;
  },
};

/** The one HTTP client of the console, typed from openapi/uiservices.yaml. */
export const api = createClient<paths>({
  baseUrl: apiUrl(),
  // Looked up per call, not captured once, so tests (and polyfills) can replace fetch.
  fetch: (request) => globalThis.fetch(request),
});
api.use(authMiddleware);

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
