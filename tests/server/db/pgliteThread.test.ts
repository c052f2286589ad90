import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaryCopy } from '../../../server/db/binaryCopy';
import { type Db, openDatabase } from '../../../server/db/database';

/**
 * PGlite on its own thread (server/db/pgliteThread.ts): what the server relied on when PGlite ran on its
 * main thread must hold across the thread's messages — PostgreSQL's error fields, transactions that
 * commit or roll back, statements outside a transaction waiting for it, COPY, and the dump a data
 * directory is loaded from.
 */
describe('PGlite on a thread of its own', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite' });
    await db.exec('create table t (id int primary key, name text not null constraint t_name unique)');
  });
  afterAll(() => db.close());

  it('answers rows parsed as the main thread parsed them (int8 as a number, json, timestamptz, bytea)', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `select 9007199254740991::int8 as big, '{"a":[1]}'::jsonb as doc, '2026-01-02T03:04:05Z'::timestamptz as at,
              $1::bytea as bytes`,
      [new TextEncoder().encode('hé')],
    );
    expect(row).toEqual({
      big: 9007199254740991,
      doc: { a: [1] },
      at: new Date('2026-01-02T03:04:05Z'),
      bytes: new Uint8Array([104, 195, 169]),
    });
  });

  it("rejects with PostgreSQL's own fields: the callers read code and constraint (23505 answers 409)", async () => {
    await db.query('insert into t (id, name) values (1, $1)', ['one']);
    const failure = await db
      .query('insert into t (id, name) values (2, $1)', ['one'])
      .catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 't_name', table: 't' });
    expect(String(failure.message)).toMatch(/duplicate key/);
  });

  it('commits a transaction when its function resolves and rolls it back when it throws', async () => {
    await db.transaction((tx) => tx.query('insert into t (id, name) values (10, $1)', ['kept']));
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (11, $1)', ['undone']);
        throw new Error('the block failed');
      })
      .catch((error: Error) => error.message);
    expect(thrown).toBe('the block failed');
    // A failed statement inside: the transaction is aborted and rolls back, with the statement's error.
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (12, $1)', ['undone too']);
        await tx.query('insert into t (id, name) values (10, $1)', ['duplicate id']);
      })
      .catch((error) => error);
    expect(failed).toMatchObject({ code: '23505' });
    const names = await db.query<{ name: string }>('select name from t where id >= 10 order by id');
    expect(names.map((row) => row.name)).toEqual(['kept']);
  });

  it('runs a statement sent outside an open transaction after it ends, seeing what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (20, $1)', ['while held']);
      inserted();
      await held;
    });
    await insertDone;
    let outsideAnswered = false;
    const outside = db.query<{ n: number }>('select count(*)::int as n from t where id = 20').then((rows) => {
      outsideAnswered = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideAnswered).toBe(false);
    release();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
  });

  it('appends COPY text, and its rows are there for the next statement', async () => {
    await db.exec('create table log (at timestamptz, message text)');
    await db.copyIn?.('log', ['at', 'message'], '2026-11-28 03:00:00.000001+00\tfirst\n\\N\ttab\\there\n');
    const rows = await db.query<{ message: string }>('select message from log order by at nulls last');
    expect(rows.map((row) => row.message)).toEqual(['first', 'tab\there']);
  });

  it('takes COPY text beyond ASCII as UTF-8, and a COPY that fails leaves the table and the next as they were', async () => {
    await db.exec('create table notes (id int primary key, note text)');
    await db.copyIn?.('notes', ['id', 'note'], '1\tZoë 🚀 ünïcode\n');
    await expect(db.copyIn?.('notes', ['id', 'note'], '2\tfine\nnot a number\tbad\n')).rejects.toMatchObject({
      code: '22P02',
    });
    await db.copyIn?.('notes', ['id', 'note'], '3\tafter\n');
    expect(await db.query('select id, note from notes order by id')).toEqual([
      { id: 1, note: 'Zoë 🚀 ünïcode' },
      { id: 3, note: 'after' },
    ]);
  });

  it('takes binary COPY rows (server/db/binaryCopy.ts): each type as PostgreSQL reads it, nulls included', async () => {
    await db.exec(`create table typed (at timestamptz, id uuid, n int, big bigint, f real, note text)`);
    const at = Date.UTC(2026, 10, 28, 1, 4, 11, 123);
    const early = Date.UTC(1999, 11, 31, 23, 59, 59, 999);
    const copy = new BinaryCopy(16);
    copy
      .row(6)
      .timestamptz(at + 0.001)
      .uuid('7F1C2A40-5B6D-4E8F-9A0B-1C2D3E4F0001')
      .int4(-7)
      .int8(2 ** 53 - 1)
      .float4(1.5)
      .text('Zoë 🚀 tab\there');
    copy
      .row(6)
      .timestamptz(early + 0.999)
      .uuid('7f1c2a405b6d4e8f9a0b1c2d3e4f0002')
      .int4(0)
      .int8(-3)
      .float4(0)
      .text('');
    copy.row(6).null().null().null().int8(null).float4(null).text(null);
    const bytes = copy.end();
    expect(bytes.byteLength).toBeGreaterThan(0);
    await db.copyIn?.('typed', ['at', 'id', 'n', 'big', 'f', 'note'], bytes);
    // Handed over, not copied: the thread took the bytes' memory (a batch is some 30–70 KB a flush).
    expect(bytes.byteLength).toBe(0);
    const rows = await db.query(
      `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, id::text as id, n, big, f, note
         from typed order by at nulls last`,
    );
    expect(rows).toEqual([
      {
        at: '1999-12-31T23:59:59.999999',
        id: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f0002',
        n: 0,
        big: -3,
        f: 0,
        note: '',
      },
      {
        at: '2026-11-28T01:04:11.123001',
        id: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f0001',
        n: -7,
        big: 2 ** 53 - 1,
        f: 1.5,
        note: 'Zoë 🚀 tab\there',
      },
      { at: null, id: null, n: null, big: null, f: null, note: null },
    ]);
    expect(() => new BinaryCopy().uuid('not-a-uuid')).toThrow(TypeError);
    expect(() => new BinaryCopy().int8(2 ** 53)).toThrow(RangeError);
  });

  it('dumps its data directory, which a new database is loaded from', async () => {
    const dump = await db.dump?.();
    expect(dump).toBeInstanceOf(Blob);
    const copy = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    try {
      expect(await copy.query('select name from t where id = 1')).toEqual([{ name: 'one' }]);
    } finally {
      await copy.close();
    }
  });
});

describe('PGlite thread start and end', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("rejects the open with PGlite's error when its data directory cannot be used", async () => {
    const file = path.join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(openDatabase({ kind: 'pglite', dataDir: path.join(file, 'data') })).rejects.toThrow();
  });

  it('refuses statements once closed, with an error rather than a wait', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'data') });
    await db.query('select 1');
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow(/database thread ended/);
  });
});
