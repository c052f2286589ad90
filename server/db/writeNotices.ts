import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { loadPg } from './pgModule';
import type { WriteTracker, WrittenTables } from './writes';

/**
 * Writes announced to the other processes on the same PostgreSQL (issue 18 point 1). A transaction that
 * wrote calls pg_notify on this channel just before its COMMIT, so PostgreSQL delivers the notice only
 * if the write committed, and after it did; every process LISTENs on a connection of its own and tells
 * its write tracker, whose listeners (server/db/cache.ts) drop what the write made stale.
 *
 * A notice is `<origin> <tables>`: the sending process's origin (its own notices are skipped, since it
 * told its caches itself when the transaction ended) and the tables, comma-separated, or `*` for all.
 */
export const WRITES_CHANNEL = 'uiservices_writes';

/** PostgreSQL refuses payloads of 8,000 bytes or more; a longer list becomes "every table". */
const PAYLOAD_LIMIT = 7_900;

export function notice(origin: string, tables: WrittenTables): string {
  const list = tables === 'all' ? '*' : [...tables].join(',');
  return `${origin} ${list.length + origin.length < PAYLOAD_LIMIT ? list : '*'}`;
}

export function readNotice(payload: string): { origin: string; tables: WrittenTables } {
  const space = payload.indexOf(' ');
  const list = payload.slice(space + 1);
  return {
    origin: payload.slice(0, space),
    tables: list === '*' || space < 0 ? 'all' : new Set(list.split(',').filter(Boolean)),
  };
}

/** Longest pause between two tries to listen again. */
const MAX_BACKOFF_MS = 5_000;
/** How often the listening connection is checked, so a silently dead one is noticed. */
const PING_MS = 10_000;

/**
 * The listening connection of one process. While it is down, the tracker knows it misses writes, and
 * caches keep nothing; losing it drops every cache, and so does listening again (a write may have
 * committed in between), after which caches fill again.
 */
export class WriteNotices {
  /** This process's origin, carried by the notices it sends. */
  readonly origin = randomUUID();
  /** Notices this process sent (counted by server/db/database.ts at the commit) and heard from others: /metrics. */
  sent = 0;
  received = 0;
  private client?: pg.Client;
  private closed = false;
  private retry?: NodeJS.Timeout;
  private ping?: NodeJS.Timeout;
  private failures = 0;

  constructor(
    private readonly url: string,
    private readonly tracker: WriteTracker,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  /** Whether the listening connection is up (while it is not, caches keep nothing). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Connects and listens; rejects when the first try fails (the server cannot start without it). */
  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    const { Client } = await loadPg();
    const client = new Client({
      connectionString: this.url,
      keepAlive: true,
      query_timeout: PING_MS,
      application_name: 'uiservices write notices',
    });
    client.on('notification', (message) => {
      if (message.channel !== WRITES_CHANNEL || !message.payload) return;
      const { origin, tables } = readNotice(message.payload);
      if (origin === this.origin) return;
      this.received++;
      this.tracker.notify(tables);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${WRITES_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.failures = 0;
    // Writes committed while nobody listened were never announced here.
    this.tracker.restored();
    this.ping = setInterval(() => {
      client.query('select 1').catch(() => this.lost(client));
    }, PING_MS);
    this.ping.unref();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    clearInterval(this.ping);
    client.removeAllListeners('end');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.closed) return;
    this.tracker.lost();
    this.log(
      'write notices: the listening connection to PostgreSQL was lost; caches are off until it is back',
    );
    this.schedule();
  }

  private schedule(): void {
    const delay = Math.min(MAX_BACKOFF_MS, 100 * 2 ** this.failures);
    this.failures++;
    this.retry = setTimeout(() => {
      this.listen().then(
        () => this.log('write notices: listening again; caches are back'),
        () => {
          if (!this.closed) this.schedule();
        },
      );
    }, delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
