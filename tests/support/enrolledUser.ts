import { randomUUID } from 'node:crypto';
import { call, signIn } from './api';
import type { TestServer } from './testServer';

/**
 * A user with a new role holding `permissions` (area → action → flag), enrolled through the mailed reset
 * link and signed in: answers the user's level-2 token.
 */
export async function signedInUserWith(
  server: TestServer,
  adminToken: string,
  permissions: Record<string, Record<string, boolean>>,
): Promise<string> {
  const role = await call(server, 'POST', 'UserManagement/PostRole', {
    token: adminToken,
    body: { Guid: 0, Name: `Role ${randomUUID().slice(0, 8)}`, Permissions: permissions },
  });
  if (role.status !== 200) throw new Error(`PostRole answered ${role.status}: ${JSON.stringify(role.body)}`);
  const guid = randomUUID();
  const email = `user.${guid.slice(0, 8)}@example.com`;
  await call(server, 'POST', 'UserManagement/PostUser', {
    token: adminToken,
    body: { Guid: guid, Email: email, Roles: [Number(role.body.Guid)] },
  });
  const [mail] = await server.db.query<{ link: string }>(
    'select link from outbox where recipient = $1 order by id desc limit 1',
    [email],
  );
  const key = new URL(mail!.link).searchParams.get('key')!;
  const secret = String(
    (await call(server, 'GET', `Users/CreateSharedKey?Key=${encodeURIComponent(key)}`)).body.Secret,
  );
  const password = 'Limited!2345';
  await call(server, 'POST', 'Users/ResetPassword', {
    body: { Password: password, Key: key, TwoFA: await server.code(secret) },
  });
  return (await signIn(server, email, password, secret)).Token;
}
