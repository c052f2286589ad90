import { randomUUID } from 'node:crypto';
import { call, signIn } from './api';
import { type TestServer, testAdmin } from './testServer';

/** The callers a permission check must tell apart (issue 9: five identities). */
export type IdentityName = 'none' | 'level1' | 'expired' | 'userWithout' | 'admin';

export interface Identity {
  name: IdentityName;
  /** Bearer token sent, none for the anonymous caller. */
  token?: string;
  description: string;
}

async function mailedKey(server: TestServer, email: string): Promise<string> {
  const [mail] = await server.db.query<{ link: string }>(
    'select link from outbox where recipient = $1 order by id desc limit 1',
    [email],
  );
  if (!mail) throw new Error(`no mail was sent to ${email}`);
  return new URL(mail.link).searchParams.get('key')!;
}

/**
 * Creates a user with the given roles through the API and enrols them as a new user does (reset link,
 * authenticator secret, first code, password). Answers what signing in needs.
 */
export async function enrolUser(server: TestServer, adminToken: string, roles: number[] = []) {
  const guid = randomUUID();
  const email = `user.${guid.slice(0, 8)}@example.com`;
  const password = 'Limited!2345';
  const created = await call(server, 'POST', 'UserManagement/PostUser', {
    token: adminToken,
    body: { Guid: guid, Email: email, Roles: roles },
  });
  if (created.status !== 200) throw new Error(`PostUser answered ${created.status}`);
  const key = await mailedKey(server, email);
  const shared = await call(server, 'GET', `Users/CreateSharedKey?Key=${encodeURIComponent(key)}`);
  const secret = String(shared.body.Secret);
  const reset = await call(server, 'POST', 'Users/ResetPassword', {
    body: { Password: password, Key: key, TwoFA: await server.code(secret) },
  });
  if (reset.status !== 200) throw new Error(`ResetPassword answered ${reset.status}`);
  return { guid, email, password, secret };
}

/**
 * The five identities on a test server: nobody, a level-1 token (password only), an expired level-2
 * token, a signed-in user holding no role (so no module permission), and the administrator. The expired
 * token is taken first and the server clock moved past its lifetime, so the later tokens are fresh.
 */
export async function fiveIdentities(server: TestServer): Promise<Record<IdentityName, Identity>> {
  const early = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
  server.clock.advance(server.config.accessTokenSeconds + 60);
  const admin = await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret);
  const user = await enrolUser(server, admin.Token, []);
  const userTokens = await signIn(server, user.email, user.password, user.secret);
  const level1 = await call(server, 'POST', 'Users/Authenticate', {
    body: { Email: user.email, Password: user.password },
  });
  if (level1.status !== 200) throw new Error(`Authenticate answered ${level1.status}`);
  return {
    none: { name: 'none', description: 'no token' },
    level1: {
      name: 'level1',
      token: level1.body.Token as string,
      description: 'level-1 token (password, no second factor)',
    },
    expired: { name: 'expired', token: early.Token, description: 'expired level-2 token of the admin' },
    userWithout: {
      name: 'userWithout',
      token: userTokens.Token,
      description: 'signed-in user without any role',
    },
    admin: { name: 'admin', token: admin.Token, description: 'administrator' },
  };
}
