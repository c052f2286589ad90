import { randomUUID } from 'node:crypto';
import { call } from './api';
import type { TestServer } from './testServer';

/** The key of the newest reset link mailed to `email` (links land in the outbox table). */
export async function mailedLink(server: TestServer, email: string): Promise<string> {
  const [mail] = await server.db.query<{ link: string }>(
    'select link from outbox where recipient = $1 order by id desc limit 1',
    [email],
  );
  if (!mail) throw new Error(`no mail for ${email} in the outbox`);
  return mail.link;
}

/** Creates a role with the given permissions as the administrator; answers its guid. */
export async function createRole(
  server: TestServer,
  adminToken: string,
  name: string,
  permissions: Record<string, Record<string, boolean>>,
): Promise<number> {
  const role = await call(server, 'POST', 'UserManagement/PostRole', {
    token: adminToken,
    body: { Guid: 0, Name: name, Permissions: permissions },
  });
  if (role.status !== 200) throw new Error(`PostRole answered ${role.status}: ${JSON.stringify(role.body)}`);
  return Number(role.body.Guid);
}

/**
 * Creates a user with the given roles and enrols them through the mailed link, the way a new user does
 * (spec part 1 §2 /reset-password); answers what signing in needs.
 */
export async function createEnrolledUser(
  server: TestServer,
  adminToken: string,
  roles: number[],
  name = { first: 'Lena', last: 'Limited' },
) {
  const guid = randomUUID();
  const email = `user.${guid.slice(0, 8)}@example.com`;
  const created = await call(server, 'POST', 'UserManagement/PostUser', {
    token: adminToken,
    body: { Guid: guid, Email: email, FirstName: name.first, LastName: name.last, Roles: roles },
  });
  if (created.status !== 200)
    throw new Error(`PostUser answered ${created.status}: ${JSON.stringify(created.body)}`);
  const key = new URL(await mailedLink(server, email)).searchParams.get('key')!;
  const shared = await call(server, 'GET', `Users/CreateSharedKey?Key=${encodeURIComponent(key)}`);
  const secret = String(shared.body.Secret);
  const password = 'Limited!2345';
  server.clock.advance(30);
  const reset = await call(server, 'POST', 'Users/ResetPassword', {
    body: { Password: password, Key: key, TwoFA: await server.code(secret) },
  });
  if (reset.status !== 200) throw new Error(`ResetPassword answered ${reset.status}`);
  return { guid, email, password, secret, name: `${name.first} ${name.last}` };
}
