import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../support/api';
import { startTestServer, type TestServer, testAdmin } from '../../support/testServer';

/** The bugs fuzzing found (tests/server/quality/fuzz.test.ts), each reproduced as it was found. */
describe('bugs found by fuzzing stay fixed', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  const expectRefusal = (answer: { status: number; body: Record<string, unknown> }) => {
    expect(answer.status).toBe(400);
    expect(String(answer.body.Message)).not.toBe('');
  };

  it('a NUL character in a query parameter answered 500 (PostgreSQL text cannot hold it)', async () => {
    expectRefusal(await call(server, 'GET', 'FlowBase/GetListByName?ListName=%00', { token }));
  });

  it('a NUL character in a body answered 500, possibly after earlier writes', async () => {
    const answer = await call(server, 'POST', 'UserManagement/PostRole', {
      token,
      body: { Guid: 0, Name: 'nul\u0000role', Permissions: {} },
    });
    expectRefusal(answer);
    expect((answer.body.Errors as Array<{ Path: string }>)[0]!.Path).toBe('/Name');
  });

  it('a role number beyond PostgreSQL integer answered 500 (GetRole, DeleteRole, PostRole, PostUser)', async () => {
    expectRefusal(await call(server, 'GET', 'UserManagement/GetRole/2147483648', { token }));
    expectRefusal(await call(server, 'DELETE', 'UserManagement/DeleteRole/9007199254740991', { token }));
    expectRefusal(
      await call(server, 'POST', 'UserManagement/PostRole', {
        token,
        body: { Guid: 2147483648, Name: 'big', Permissions: {} },
      }),
    );
    expectRefusal(
      await call(server, 'POST', 'UserManagement/PostUser', {
        token,
        body: { Guid: crypto.randomUUID(), Email: 'big.role@example.com', Roles: [-9007199254740991] },
      }),
    );
  });

  it('a valid path parameter over 100 characters answered 414 without a Message', async () => {
    const name = 'n'.repeat(200);
    const answer = await call(
      server,
      'GET',
      `SPActionDocument/GetSPParameters/${crypto.randomUUID()}/${name}`,
      {
        token,
      },
    );
    // Valid: answered like a short unknown name (no such stored procedure), in the API's shape, not 414.
    expect(answer.status).toBe(404);
    expect(answer.body.Message).toBeTruthy();
  });

  it('a URL the router cannot decode answered in Fastify’s own shape, without a Message', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/api/UIServices/UserManagement/GetUser/%E0%A4%A',
    });
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).Message).toBeTruthy();
  });
});
