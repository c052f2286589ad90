import type { Db } from '../db/database';
import { CONNECTION_FINGERPRINT } from './flowConnection';
import type { FlowConnection } from './types';

/** What a kept value holds: connections (or sessions) open, open and unused, and requests waiting for one. */
export interface KeptStats {
  open: number;
  idle: number;
  waiting: number;
}

/** Every PerConnection made over a database, for /metrics (connectionStats). */
const kinds = new WeakMap<Db, Set<PerConnection<never>>>();

/**
 * What the connectors keep open for flows on a database, one row per connection (issue 32 point 1: per
 * connection pool, open, idle and waiting), labelled by its kind and name: bounded by the connections an
 * administrator saved, never by calls.
 */
export function connectionStats(db: Db): Array<KeptStats & { kind: string; connection: string }> {
  return [...(kinds.get(db) ?? [])].flatMap((kept) => kept.stats());
}

const FINGERPRINTS = `select guid::text as guid, ${CONNECTION_FINGERPRINT} as fingerprint
  from items where kind = 'connection' and guid::text = any($1::text[])`;

/**
 * What a connector keeps open for flows, one per connection (a `pg` pool, an SSH session): made on the
 * first call that needs it and let go when the connection changes. Each is kept with the fingerprint of
 * the stored type and credential it was made with (FlowConnection.fingerprint). A write to the items
 * table, by this process or heard from another through the write notices (server/db/writeNotices.ts),
 * makes it check its connections and let go of the ones saved since or deleted; the next call makes a
 * new one with the connection as it is now. Plans are recompiled after the same writes, and a call asks
 * by the fingerprint its plan read, so a change is never missed even while notices are not heard.
 */
export class PerConnection<T> {
  private readonly entries = new Map<string, { fingerprint: string; name: string; value: T }>();
  private sweeping: Promise<void> | undefined;
  private again = false;
  private readonly unlisten: () => void;

  /**
   * `release` closes a value let go of; it is called once per value. `measure` says what one holds, for
   * /metrics under `kind`.
   */
  constructor(
    private readonly db: Db,
    private readonly release: (value: T) => Promise<void>,
    private readonly kind: string,
    private readonly measure: (value: T) => KeptStats,
  ) {
    let all = kinds.get(db);
    if (!all) {
      all = new Set();
      kinds.set(db, all);
    }
    all.add(this as unknown as PerConnection<never>);
    this.unlisten = db.onWrite((tables) => {
      if (this.entries.size > 0 && (tables === 'all' || tables.has('items'))) void this.sweep();
    });
  }

  /** The value kept for the connection as its plan read it; made (and a stale one let go) when none is. */
  get(connection: Pick<FlowConnection, 'guid' | 'fingerprint' | 'name'>, make: () => T): T {
    const held = this.entries.get(connection.guid);
    if (held?.fingerprint === connection.fingerprint) return held.value;
    if (held) void this.drop(connection.guid, held.value);
    const value = make();
    this.entries.set(connection.guid, { fingerprint: connection.fingerprint, name: connection.name, value });
    return value;
  }

  /** Lets go of `value` if it is still the one kept for the connection (else it was already). */
  async drop(guid: string, value: T): Promise<void> {
    if (this.entries.get(guid)?.value !== value) return;
    this.entries.delete(guid);
    await this.release(value).catch(() => {});
  }

  /** Lets go of the values whose connection was saved with another credential or type, or deleted. */
  private async sweep(): Promise<void> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.again = false;
        const rows = await this.db
          .query<{ guid: string; fingerprint: string }>(FINGERPRINTS, [[...this.entries.keys()]])
          .catch(() => undefined);
        if (!rows) return;
        const now = new Map(rows.map((row) => [row.guid, row.fingerprint]));
        for (const [guid, entry] of this.entries)
          if (now.get(guid) !== entry.fingerprint) await this.drop(guid, entry.value);
      } while (this.again);
    })().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  /** One row per connection, as connectionStats answers them. */
  stats(): Array<KeptStats & { kind: string; connection: string }> {
    return [...this.entries.values()].map((entry) => ({
      kind: this.kind,
      connection: entry.name,
      ...this.measure(entry.value),
    }));
  }

  /** How many are kept (tests). */
  get size() {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.unlisten();
    kinds.get(this.db)?.delete(this as unknown as PerConnection<never>);
    await Promise.all([...this.entries].map(([guid, entry]) => this.drop(guid, entry.value)));
  }
}
