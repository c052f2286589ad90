import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { templateFile } from '../../support/pgliteTemplate';
import { httpCall, httpSignIn, type ServerProcess, startServerProcess } from '../../support/serverProcess';
import { testAdmin } from '../../support/testServer';

/** A save the server acknowledged with 200: what must survive a crash. */
interface Ack {
  kind: 'role' | 'user';
  key: string;
  revision: number;
}

/** Acknowledged saves the stored data lacks, or holds at an older revision, as sentences. */
function lostSaves(acks: Ack[], stored: Map<string, number>): string[] {
  const latest = new Map<string, Ack>();
  for (const ack of acks) {
    const seen = latest.get(ack.key);
    if (!seen || ack.revision > seen.revision) latest.set(ack.key, ack);
  }
  const lost: string[] = [];
  for (const ack of latest.values()) {
    const revision = stored.get(ack.key);
    if (revision === undefined) lost.push(`${ack.kind} ${ack.key} is missing`);
    else if (revision < ack.revision)
      lost.push(`${ack.kind} ${ack.key} is at ${revision}, acknowledged ${ack.revision}`);
  }
  return lost;
}

/**
 * Saves as fast as `writers` parallel clients can: new roles, updates of roles already saved (with
 * their revision), and new users. Every 200 is recorded; a refused or failed call (the server was
 * killed) ends that writer, so the burst ends with the server.
 */
async function burst(url: string, token: string, acks: Ack[], round: number, writers = 6) {
  let sequence = 0;
  const roles: Ack[] = [];
  const writer = async () => {
    for (;;) {
      const n = sequence++;
      try {
        if (n % 3 === 2) {
          const guid = randomUUID();
          const answer = await httpCall(url, 'POST', 'UserManagement/PostUser', {
            token,
            body: {
              Guid: guid,
              Email: `crash.${guid.slice(0, 12)}@example.com`,
              FirstName: `n${n}`,
              Roles: [],
            },
          });
          if (answer.status !== 200) return;
          acks.push({ kind: 'user', key: guid, revision: (answer.body as { Revision: number }).Revision });
        } else {
          const previous = n % 3 === 1 ? roles.shift() : undefined;
          const answer = await httpCall(url, 'POST', 'UserManagement/PostRole', {
            token,
            body: {
              Guid: previous ? Number(previous.key) : 0,
              Name: previous
                ? `crash role ${previous.key} v${previous.revision + 1}`
                : `crash role ${round}.${n}`,
              Permissions: { Dashboard: { Read: true } },
              ...(previous ? { Revision: previous.revision } : {}),
            },
          });
          if (answer.status !== 200) return;
          const saved = answer.body as { Guid: number; Revision: number };
          const ack: Ack = { kind: 'role', key: String(saved.Guid), revision: saved.Revision };
          acks.push(ack);
          roles.push(ack);
        }
      } catch {
        return; // the connection died with the server
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
}

/** Every role and user the restarted server holds, by key, with its revision. */
async function storedRevisions(url: string, token: string): Promise<Map<string, number>> {
  const stored = new Map<string, number>();
  const roles = await httpCall(url, 'GET', 'UserManagement/GetRoles', { token });
  const users = await httpCall(url, 'GET', 'UserManagement/GetUsers', { token });
  expect(roles.status).toBe(200);
  expect(users.status).toBe(200);
  for (const role of roles.body as Array<{ Guid: number; Revision: number }>)
    stored.set(String(role.Guid), role.Revision);
  for (const user of users.body as Array<{ Guid: string; Revision: number }>)
    stored.set(user.Guid, user.Revision);
  return stored;
}

describe('crash safety: the server killed (SIGKILL) in the middle of a burst of saves (issue 9)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uiservices-crash-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged save, twice in a row, and the database stays consistent', async () => {
    // Start from the migrated template rather than initdb, which takes ten seconds on 2 cores.
    const seedDb = await openDatabase({
      kind: 'pglite',
      dataDir,
      loadDataDir: new Blob([readFileSync(templateFile())]),
    });
    await seedDb.close();

    const acks: Ack[] = [];
    // One sign-in: the session and its signing key are in the database, so the token outlives the
    // restarts, and repeated sign-ins within a minute would meet the sign-in throttle (429).
    let Token = '';
    for (const round of [1, 2]) {
      server = await startServerProcess({ dataDir });
      if (round === 1) Token = (await httpSignIn(server.url, testAdmin)).Token;
      if (round === 2) expect(lostSaves(acks, await storedRevisions(server.url, Token))).toEqual([]);
      const before = acks.length;
      // Kill once 60 more saves were acknowledged: well inside the burst, with writes in flight.
      const saving = burst(server.url, Token, acks, round);
      const deadline = Date.now() + 30_000;
      while (acks.length < before + 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      await server.kill('SIGKILL');
      await saving;
      expect(
        acks.length - before,
        `round ${round}: saves acknowledged before the kill`,
      ).toBeGreaterThanOrEqual(60);
    }

    server = await startServerProcess({ dataDir });
    expect(lostSaves(acks, await storedRevisions(server.url, Token))).toEqual([]);
    // The recovered database takes new saves.
    const fresh = await httpCall(server.url, 'POST', 'UserManagement/PostRole', {
      token: Token,
      body: { Guid: 0, Name: 'after the crashes', Permissions: {} },
    });
    expect(fresh.status).toBe(200);
    await server.kill('SIGTERM');
    server = undefined;

    // Consistency: every B-tree index agrees with its table, and no row points at a missing one.
    const db = await PGlite.create({ dataDir, extensions: { amcheck } });
    try {
      await db.exec('create extension if not exists amcheck');
      const indexes = await db.query<{ name: string }>(
        `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
           join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
          where a.amname = 'btree' and n.nspname = 'public'`,
      );
      expect(indexes.rows.length).toBeGreaterThan(5);
      for (const { name } of indexes.rows)
        await db.query('select bt_index_check($1::regclass, true)', [name]);
      const orphans = await db.query<{ count: number }>(
        `select (select count(*) from user_roles ur where not exists (select 1 from users u where u.guid = ur.user_guid))
              + (select count(*) from user_roles ur where not exists (select 1 from roles r where r.guid = ur.role_guid))
              + (select count(*) from sessions s where not exists (select 1 from users u where u.guid = s.user_guid))
              + (select count(*) from refresh_tokens t where not exists (select 1 from sessions s where s.id = t.session_id))
              as count`,
      );
      expect(Number(orphans.rows[0]!.count)).toBe(0);
      // Identity columns never hand out a number twice after recovery.
      const duplicates = await db.query<{ count: number }>(
        'select count(*) - count(distinct lower(name)) as count from roles',
      );
      expect(Number(duplicates.rows[0]!.count)).toBe(0);
    } finally {
      await db.close();
    }
    // Three server starts and a burst each: generous, since a busy 2-core machine slows starts down.
  }, 300_000);

  it('control: the check notices a lost save and a lost update', () => {
    const acks: Ack[] = [
      { kind: 'role', key: '1', revision: 1 },
      { kind: 'role', key: '1', revision: 2 },
      { kind: 'user', key: 'u', revision: 1 },
    ];
    expect(lostSaves(acks, new Map([['1', 2]]))).toEqual(['user u is missing']);
    expect(
      lostSaves(
        acks,
        new Map([
          ['1', 1],
          ['u', 1],
        ]),
      ),
    ).toEqual(['role 1 is at 1, acknowledged 2']);
    expect(
      lostSaves(
        acks,
        new Map([
          ['1', 3],
          ['u', 1],
        ]),
      ),
    ).toEqual([]);
  });
});
