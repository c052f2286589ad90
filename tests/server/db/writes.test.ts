import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableCache } from '../../../server/db/cache';
import type { Db } from '../../../server/db/database';
import { CASCADES, withCascades, writtenTables } from '../../../server/db/writes';
import { databaseTargets } from '../../support/testServer';

describe('writtenTables', () => {
  it('reads nothing into reads and transaction control', () => {
    expect(writtenTables('select 1')).toBeNull();
    expect(writtenTables('select guid from items where kind = $1 for update')).toBeNull();
    expect(writtenTables('select * from refresh_tokens t where x for update of t')).toBeNull();
    expect(writtenTables('BEGIN')).toBeNull();
    expect(writtenTables('commit')).toBeNull();
  });

  it('names the tables of inserts, updates and deletes, data-modifying CTEs included', () => {
    expect(writtenTables('insert into items (kind) values ($1)')).toEqual(new Set(['items']));
    expect(writtenTables('update sessions set revoked_at = now() where id = $1')).toEqual(
      new Set(['sessions']),
    );
    expect(writtenTables('delete from public.roles where guid = $1 returning guid')).toEqual(
      new Set(['roles']),
    );
    expect(writtenTables('with gone as (delete from api_users returning guid) select * from gone')).toEqual(
      new Set(['api_users']),
    );
  });

  it('counts what it cannot name as a write to every table', () => {
    expect(writtenTables('create table x (a int)')).toBe('all');
    expect(writtenTables('truncate items')).toBe('all');
    expect(writtenTables('drop table if exists records.x')).toBe('all');
  });

  it('adds the tables cascades reach', () => {
    expect(withCascades(new Set(['users']))).toEqual(
      new Set(['users', 'user_roles', 'sessions', 'reset_keys', 'refresh_tokens']),
    );
  });
});

describe.each(databaseTargets)('writes seen by caches ($name)', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await target.open());
  });
  afterAll(() => drop());

  it('CASCADES lists every ON DELETE CASCADE foreign key of the public schema', async () => {
    const rows = await db.query<{ parent: string; child: string }>(
      `select confrelid::regclass::text as parent, conrelid::regclass::text as child
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and c.confdeltype = 'c' and n.nspname = 'public'`,
    );
    const declared: Record<string, string[]> = {};
    for (const { parent, child } of rows) declared[parent] = [...(declared[parent] ?? []), child];
    const sorted = (record: Readonly<Record<string, readonly string[]>>) =>
      Object.fromEntries(Object.entries(record).map(([key, value]) => [key, [...value].sort()]));
    expect(sorted(CASCADES)).toEqual(sorted(declared));
  });

  it('a cached value goes on a write to its table, at once, and inside a transaction at commit', async () => {
    const cache = new TableCache<number>(db, ['settings']);
    const count = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from settings'))[0]!.n;
    const before = await cache.get('n', count);
    await db.query(`insert into settings (name, items) values ('cache test', '[]')`);
    expect(await cache.get('n', count)).toBe(before + 1);
    await db.transaction(async (tx) => {
      await tx.query(`delete from settings where name = 'cache test'`);
    });
    expect(await cache.get('n', count)).toBe(before);
    // A write elsewhere leaves it.
    let computed = 0;
    await cache.get('n', async () => ++computed);
    await db.query(`update client_modules set name = name where false`);
    expect(await cache.get('n', async () => ++computed)).toBe(before);
  });

  it('refuses a cache over a table whose writes are not announced to other processes', () => {
    expect(() => new TableCache<number>(db, ['settings', 'rate_limits'])).toThrow(/rate_limits/);
  });

  it('keeps no value a write overlapped', async () => {
    const cache = new TableCache<string>(db, ['settings']);
    const first = await cache.get('k', async () => {
      await db.query(`update settings set name = name where false`);
      return 'stale';
    });
    expect(first).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });
});
