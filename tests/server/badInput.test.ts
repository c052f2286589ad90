import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../support/api';
import { startTestServer, type TestServer, testAdmin } from '../support/testServer';

/** Malformed bodies every JSON account call must answer with 400 and a message, never 5xx. */
const badBodies: Array<{ name: string; rawBody?: string; body?: unknown; contentType?: string }> = [
  { name: 'not JSON', rawBody: '{"Email": ' },
  { name: 'empty body', rawBody: '' },
  { name: 'JSON null', rawBody: 'null' },
  { name: 'an array', body: [1, 2, 3] },
  { name: 'a string', body: 'hello' },
  { name: 'empty object', body: {} },
  {
    name: 'wrong types',
    body: {
      Email: 42,
      Password: true,
      TwoFA: 123456,
      Key: [],
      RefreshToken: {},
      CurrentPassword: null,
      NewPassword: 1,
    },
  },
  {
    name: 'extra fields',
    body: {
      Email: 'a@b.co',
      Password: 'x',
      Unexpected: 'field',
      TwoFA: '123456',
      Key: 'k',
      RefreshToken: 'r',
      CurrentPassword: 'c',
      NewPassword: 'Abcdef!1',
      More: 1,
    },
  },
  {
    name: 'huge strings',
    body: {
      Email: `${'a'.repeat(100_000)}@b.co`,
      Password: 'p'.repeat(100_000),
      TwoFA: '1'.repeat(10_000),
      Key: 'k'.repeat(100_000),
      RefreshToken: 'r'.repeat(100_000),
      CurrentPassword: 'c'.repeat(100_000),
      NewPassword: 'N!1a'.repeat(30_000),
    },
  },
  { name: 'wrong content type', rawBody: '<xml/>', contentType: 'application/xml' },
];

const accountCalls: Array<{ path: string; auth: 'none' | 'level1' | 'level2' }> = [
  { path: 'Users/Authenticate', auth: 'none' },
  { path: 'Users/Authenticate2FA', auth: 'level1' },
  { path: 'Users/RefreshToken', auth: 'none' },
  { path: 'Users/RequestNewPassword', auth: 'none' },
  { path: 'Users/ResetPassword', auth: 'none' },
  { path: 'Users/ChangePassword', auth: 'level2' },
  { path: 'Users/CheckSecretKey', auth: 'none' },
];

describe('bad input to the account calls (spec part 1 §5 Account; answers 400 with a message, never 500)', () => {
  let server: TestServer;
  let tokens: Record<'none' | 'level1' | 'level2', string | undefined>;
  beforeAll(async () => {
    server = await startTestServer(undefined, {
      accountRateLimit: 10_000,
      throttle: { slowAfter: 10_000, blockAfter: 10_000 },
    });
    const level2 = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
    const level1 = await call(server, 'POST', 'Users/Authenticate', {
      body: { Email: testAdmin.email, Password: testAdmin.password },
    });
    tokens = { none: undefined, level1: level1.body.Token as string, level2: level2.Token };
  });
  afterAll(() => server?.close());

  for (const account of accountCalls) {
    for (const bad of badBodies) {
      it(`${account.path}: ${bad.name}`, async () => {
        const answer = await call(server, 'POST', account.path, {
          ...bad,
          ...(tokens[account.auth] ? { token: tokens[account.auth] } : {}),
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(typeof answer.body.Message).toBe('string');
        expect(String(answer.body.Message).length).toBeGreaterThan(0);
      });
    }
  }

  it('GET CreateSharedKey with a bad key answers 498 with a message', async () => {
    const answer = await call(server, 'GET', `Users/CreateSharedKey?Key=${'x'.repeat(100)}`);
    expect(answer.status).toBe(498);
    expect(answer.body.Message).toBeTruthy();
  });

  it('a path parameter that is not a guid answers 400 with the field', async () => {
    const answer = await call(server, 'GET', 'UserManagement/GetUser/not-a-guid', { token: tokens.level2! });
    expect(answer.status).toBe(400);
    expect((answer.body.Errors as Array<{ Path: string }>)[0]!.Path).toBe('/guid');
  });
});
