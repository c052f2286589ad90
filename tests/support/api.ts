import type { TestServer } from './testServer';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API of a test server in process, answering status and parsed body. */
export async function call(
  server: TestServer,
  method: Method,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; contentType?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) {
    payload = options.rawBody;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if (options.body !== undefined) {
    payload =
      typeof options.body === 'string' && options.contentType === 'text/plain'
        ? options.body
        : JSON.stringify(options.body);
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  const response = await server.app.inject({
    method,
    url: `/api/UIServices/${path}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON
  }
  return {
    status: response.statusCode,
    headers: response.headers,
    body: body as Record<string, unknown> & Array<Record<string, unknown>>,
  };
}

/**
 * Signs in with password and code and answers the level-2 tokens. The clock moves one TOTP step first,
 * since a code already used in its window is refused and tests sign in more than once.
 */
export async function signIn(server: TestServer, email: string, password: string, secret: string) {
  server.clock.advance(30);
  const first = await call(server, 'POST', 'Users/Authenticate', {
    body: { Email: email, Password: password },
  });
  if (first.status !== 200)
    throw new Error(`Authenticate answered ${first.status}: ${JSON.stringify(first.body)}`);
  const second = await call(server, 'POST', 'Users/Authenticate2FA', {
    token: first.body.Token as string,
    body: { TwoFA: await server.code(secret) },
  });
  if (second.status !== 200)
    throw new Error(`Authenticate2FA answered ${second.status}: ${JSON.stringify(second.body)}`);
  return second.body as unknown as { Token: string; RefreshToken: string };
}
