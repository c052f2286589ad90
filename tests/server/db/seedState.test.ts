import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys, type ServerKeys } from '../../../server/auth/keys';
import { configFromEnv, type ServerConfig } from '../../../server/config';
import type { Db } from '../../../server/db/database';
import { seed } from '../../../server/seed/seed';
import { seedFingerprint } from '../../../server/seed/seedState';
import { databaseTargets, testAdmin } from '../../support/testServer';

describe('seed fingerprint (issue 20 point 4)', () => {
  it.each([
    ['sources run through tsx: no build, no fingerprint, every start seeds', undefined, testAdmin, undefined],
  ])('%s', (_why, build, admin, expected) => {
    expect(seedFingerprint({ admin }, build)).toBe(expected);
  });

  it('one build and one administrator give one fingerprint; another build or administrator another', () => {
    const first = seedFingerprint({ admin: testAdmin }, 'build-1');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(seedFingerprint({ admin: { ...testAdmin } }, 'build-1')).toBe(first);
    expect(seedFingerprint({ admin: testAdmin }, 'build-2')).not.toBe(first);
    expect(seedFingerprint({ admin: { ...testAdmin, email: 'other@example.com' } }, 'build-1')).not.toBe(
      first,
    );
  });
});

describe.each(databaseTargets)('a restart of the same build skips the seed ($name)', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let keys: ServerKeys;
  const config: ServerConfig = { ...configFromEnv({}), admin: testAdmin };
  const modules = async () =>
    (await db.query<{ count: number }>('select count(*)::int as count from client_modules'))[0]!.count;

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    keys = await loadKeys(db, {});
    await seed(db, keys, config, 'fingerprint-1');
  });
  afterAll(async () => {
    await drop();
  });

  it('the same fingerprint writes nothing: a row removed since stays removed', async () => {
    const seeded = await modules();
    expect(seeded).toBeGreaterThan(1);
    await db.query('delete from app_links');
    await db.query('delete from client_modules where name = (select min(name) from client_modules)');
    await seed(db, keys, config, 'fingerprint-1');
    expect(await modules()).toBe(seeded - 1);
  });

  it('another fingerprint seeds what is missing, and is remembered', async () => {
    const before = await modules();
    await seed(db, keys, config, 'fingerprint-2');
    expect(await modules()).toBe(before + 1);
    const [row] = await db.query<{ fingerprint: string }>('select fingerprint from seed_state');
    expect(row?.fingerprint).toBe('fingerprint-2');
  });

  it('without a fingerprint (tsx, tests) every call seeds', async () => {
    await db.query('delete from client_modules where name = (select min(name) from client_modules)');
    const before = await modules();
    await seed(db, keys, config, undefined);
    expect(await modules()).toBe(before + 1);
  });
});
