import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableCache } from '../../../server/db/cache';
import { type Db, openDatabase } from '../../../server/db/database';
import { notice, readNotice } from '../../../server/db/writeNotices';
import type { WrittenTables } from '../../../server/db/writes';
import { createTestDatabase } from '../../support/testServer';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('write notices', () => {
  it('carry the origin and the tables, or every table when the list is too long', () => {
    expect(readNotice(notice('o1', new Set(['items', 'roles'])))).toEqual({
      origin: 'o1',
      tables: new Set(['items', 'roles']),
    });
    expect(readNotice(notice('o1', 'all'))).toEqual({ origin: 'o1', tables: 'all' });
    const many = new Set(Array.from({ length: 1000 }, (_, i) => `records_table_${i}`));
    expect(readNotice(notice('o1', many)).tables).toBe('all');
  });
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 5_000, interval: 20 });

/**
 * Two databases opened on one PostgreSQL database stand for two server processes (issue 18 point 1):
 * each has its own pool, write tracker and listening connection, as a process has.
 */
describe.skipIf(!postgresUrl)('writes heard across processes on PostgreSQL (issue 18)', () => {
  let database: { url: string; drop(): Promise<void> };
  let writer: Db;
  let reader: Db;
  const heard: WrittenTables[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(postgresUrl!);
    writer = await openDatabase({ kind: 'postgres', url: database.url });
    reader = await openDatabase({ kind: 'postgres', url: database.url });
    await writer.exec('create table notes (id int primary key, body text)');
    await writer.exec('create table markers (id int)');
    reader.onWrite((tables) => heard.push(tables));
  });
  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await database?.drop();
  });

  const hasNotes = (tables: WrittenTables) => tables === 'all' || tables.has('notes');
  const count = (db: Db) => async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from notes'))[0]!.n;

  it("drops another process's cache on a committed write, in or outside a transaction", async () => {
    const cache = new TableCache<number>(reader, ['notes']);
    expect(await cache.get('n', count(reader))).toBe(0);
    await writer.query(`insert into notes values (1, 'outside a transaction')`);
    await poll(() => cache.get('n', count(reader))).toBe(1);
    await writer.transaction(async (tx) => {
      await tx.query(`insert into notes values (2, 'in a transaction')`);
    });
    await poll(() => cache.get('n', count(reader))).toBe(2);
  });

  it('announces nothing that rolled back', async () => {
    // A notice of the test before may still be on its way (it failed once in a full run, hearing
    // 'notes'): PostgreSQL delivers notices in commit order, so once this marker's is heard none is.
    await writer.query('insert into markers values (0)');
    await poll(() => heard.some((tables) => tables !== 'all' && tables.has('markers'))).toBe(true);
    heard.length = 0;
    await expect(
      writer.transaction(async (tx) => {
        await tx.query(`insert into notes values (3, 'rolled back')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A committed write after it: once its notice is here, the rolled-back one would have been too.
    await writer.query('insert into markers values (1)');
    await poll(() => heard.length).toBeGreaterThan(0);
    expect(heard).toEqual([new Set(['markers'])]);
  });

  it('on lost connections drops everything, keeps nothing, and hears writes again once back', async () => {
    const cache = new TableCache<number>(reader, ['notes']);
    await cache.get('n', count(reader));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    heard.length = 0;
    try {
      await admin.query(
        // Every connection of both "processes": their pools' idle ones too, which must not end them.
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
    } finally {
      await admin.end();
    }
    await poll(() => heard.filter((tables) => tables === 'all').length).toBeGreaterThanOrEqual(2);
    await poll(() => reader.writesSeen()).toBe(true);
    await writer.query(`insert into notes values (4, 'after the reconnect')`);
    await poll(() => heard.some((tables) => tables !== 'all' && hasNotes(tables))).toBe(true);
    expect(await cache.get('n', count(reader))).toBe(3);
  });

  it('keeps nothing while it cannot hear the other processes', async () => {
    let seen = false;
    const deaf: Db = { ...reader, writesSeen: () => seen };
    const cache = new TableCache<number>(deaf, ['notes']);
    let computed = 0;
    await cache.get('k', async () => ++computed);
    expect(await cache.get('k', async () => ++computed)).toBe(2);
    seen = true;
    await cache.get('k', async () => ++computed);
    expect(await cache.get('k', async () => ++computed)).toBe(3);
  });
});
