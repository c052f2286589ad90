import type { TestServer } from './testServer';

/** Calls a flow under /rest/ in process (the runtime's route, not a UIServices call). */
export async function restCall(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  path: string,
  options: { token?: string; authorization?: string; body?: unknown; rawBody?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.authorization) headers.authorization = options.authorization;
  const payload = options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await server.app.inject({
    method,
    url: `/rest/${path}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON (an empty 204)
  }
  return {
    status: response.statusCode,
    headers: response.headers,
    body: body as Record<string, unknown> & unknown[],
  };
}

/** The demo API user's token (made at seed time, server/seed/demo/031_restApis.ts). */
export async function demoToken(server: TestServer): Promise<string> {
  const [row] = await server.db.query<{ token: string }>(
    "select api_token::text as token from api_users where username = 'demo-importer'",
  );
  return row!.token;
}
