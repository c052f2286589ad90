import { randomUUID } from 'node:crypto';
import { call, signIn } from './api';
import type { TestServer } from './testServer';

/**
 * A signed-in user who holds only the given permissions (spec part 1 §6): a role is made with them, a
 * user with that role is created and enrolled through the mailed reset link (outbox), then signed in.
 */
export async function limitedUser(
  server: TestServer,
  adminToken: string,
  permissions: Record<string, Record<string, boolean>>,
) {
  const role = await call(server, 'POST', 'UserManagement/PostRole', {
    token: adminToken,
    body: { Guid: 0, Name: `Limited ${randomUUID().slice(0, 8)}`, Permissions: permissions },
  });
  if (role.status !== 200) throw new Error(`PostRole answered ${role.status}: ${JSON.stringify(role.body)}`);
  const guid = randomUUID();
  const email = `limited.${guid.slice(0, 8)}@example.com`;
  const created = await call(server, 'POST', 'UserManagement/PostUser', {
    token: adminToken,
    body: { Guid: guid, Email: email, FirstName: 'Read', LastName: 'Only', Roles: [Number(role.body.Guid)] },
  });
  if (created.status !== 200)
    throw new Error(`PostUser answered ${created.status}: ${JSON.stringify(created.body)}`);
  const [mail] = await server.db.query<{ link: string }>(
    'select link from outbox where recipient = $1 order by id desc limit 1',
    [email],
  );
  const key = new URL(mail!.link).searchParams.get('key')!;
  const secret = String(
    (await call(server, 'GET', `Users/CreateSharedKey?Key=${encodeURIComponent(key)}`)).body.Secret,
  );
  const password = 'Limited!2345';
  const reset = await call(server, 'POST', 'Users/ResetPassword', {
    body: { Password: password, Key: key, TwoFA: await server.code(secret) },
  });
  if (reset.status !== 200)
    throw new Error(`ResetPassword answered ${reset.status}: ${JSON.stringify(reset.body)}`);
  const tokens = await signIn(server, email, password, secret);
  return { guid, email, password, secret, tokens };
}
