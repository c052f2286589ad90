import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys, type ServerKeys } from '../../../server/auth/keys';
import { configFromEnv, demoAdmin, linkBase, type ServerConfig, unsafeStart } from '../../../server/config';
import { type Db, openDatabase } from '../../../server/db/database';
import { prepareDatabase } from '../../../server/prepare';
import { seed } from '../../../server/seed/seed';
import { startServerProcess } from '../../support/serverProcess';
import { databaseTargets } from '../../support/testServer';

const admins = async (db: Db) =>
  db.query<{ email: string }>('select email from users where is_admin and not is_deleted order by email');

describe('starting with the published administrator (issue 29 point 3)', () => {
  const set = { ADMIN_PASSWORD: 'Own!Password9', ADMIN_TOTP_SECRET: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };
  it.each([
    ['demo, published credentials: starts', { APP_ENV: 'demo' }, false],
    ['no APP_ENV is demo: starts', {}, false],
    ['production, published credentials: refused', { APP_ENV: 'production' }, true],
    [
      'production, published password only: refused',
      { APP_ENV: 'production', ADMIN_TOTP_SECRET: set.ADMIN_TOTP_SECRET },
      true,
    ],
    [
      'production, published TOTP secret only: refused',
      { APP_ENV: 'production', ADMIN_PASSWORD: set.ADMIN_PASSWORD },
      true,
    ],
    ['production, both set: starts', { APP_ENV: 'production', ...set }, false],
  ])('%s', (_case, env, refused) => {
    expect(unsafeStart(configFromEnv(env)) !== undefined).toBe(refused);
  });

  it.each([
    ['published password, no HOST: this machine only', {}, '127.0.0.1'],
    ['published password, HOST set: as told', { HOST: '0.0.0.0' }, '0.0.0.0'],
    ['own credentials, no HOST: every interface', { ...set }, '0.0.0.0'],
    ['own credentials, HOST set: as told', { ...set, HOST: '10.0.0.5' }, '10.0.0.5'],
  ])('listens on: %s', (_case, env, host) => {
    expect(configFromEnv(env).host).toBe(host);
  });

  it.each([
    ['PUBLIC_URL wins', { PUBLIC_URL: 'https://console.example.org/' }, 'https://console.example.org'],
    ['else the address printed at start', { PORT: '9090' }, 'http://localhost:9090'],
    ['a named host', { ...set, HOST: 'console.internal', PORT: '8080' }, 'http://console.internal:8080'],
  ])('links start at: %s (issue 29 point 6)', (_case, env, base) => {
    expect(linkBase(configFromEnv(env))).toBe(base);
  });
});

describe.each(databaseTargets)('the seed and an administrator who changed its e-mail on $name', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let keys: ServerKeys;
  const config: ServerConfig = { ...configFromEnv({}), admin: demoAdmin };
  beforeAll(async () => {
    ({ db, drop } = await target.open());
    keys = await loadKeys(db, {});
  });
  afterAll(() => drop?.());

  it('seeds the administrator into a database without one, and never a second one', async () => {
    await seed(db, keys, config);
    expect(await admins(db)).toEqual([{ email: demoAdmin.email }]);
    await db.query('update users set email = $1 where is_admin', ['owner@example.org']);
    // Every start of the sources seeds again (no build fingerprint), as `npm start` after a rebuild does.
    await seed(db, keys, config);
    expect(await admins(db)).toEqual([{ email: 'owner@example.org' }]);
    expect(await db.query('select 1 from users where lower(email) = $1', [demoAdmin.email])).toEqual([]);
  });
});

describe('npm start after the administrator was renamed (issue 29 point 3)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'uiservices-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a restart seeds no second administrator with the published password', {
    timeout: 240_000,
  }, async () => {
    // The first start's database, made as `npm start` makes it, with the administrator renamed since.
    let db = await openDatabase({ kind: 'pglite', dataDir });
    await prepareDatabase(db, { ...configFromEnv({}), admin: demoAdmin }, {});
    await db.query('update users set email = $1 where is_admin', ['owner@example.org']);
    await db.close();

    const second = await startServerProcess({ dataDir });
    const signIn = await fetch(`${second.url}/api/UIServices/Users/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: demoAdmin.email, Password: demoAdmin.password }),
    });
    expect(signIn.status).toBe(400);
    expect(await second.kill('SIGTERM')).toBe(0);
    db = await openDatabase({ kind: 'pglite', dataDir });
    expect(await admins(db)).toEqual([{ email: 'owner@example.org' }]);
    await db.close();
  });

  it('outside APP_ENV=demo the published password stops the start, with a sentence saying what to set', async () => {
    await expect(
      startServerProcess({ dataDir, env: { APP_ENV: 'production' }, timeoutMs: 60_000 }),
    ).rejects.toThrow(/Not starting: .*ADMIN_PASSWORD and ADMIN_TOTP_SECRET/);
  });
});
