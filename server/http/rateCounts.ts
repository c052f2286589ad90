import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';

/** How often a process adds its calls to the shared counts and reads the totals back. */
const FLUSH_MS = 100;
/** How often rows of ended windows are swept from the table. */
const SWEEP_MS = 60_000;

interface Count {
  /** When the window ends (ms since the epoch). */
  resetsAt: number;
  /** The window's total as the table last answered it. */
  known: number;
  /** Calls taken here since, not yet added to the table. */
  pending: number;
  /** Calls being added to the table now: still counted until its answer says the total. */
  flushing: number;
}

/**
 * Calls per key in windows, counted in the rate_limits table so a limit holds across every server
 * process on the database (issue 18 point 2). A call is decided at once, without a round trip, from
 * what this process knows: the table's total at its last flush plus the calls it took since; every
 * 100 ms it adds those calls to the table and reads the totals back. On one process (PGlite) the count
 * is exact; across processes a limit can be passed by at most the calls the others took since their
 * last flush, a tenth of a second of their traffic.
 */
export class RateCounts {
  private readonly counts = new Map<string, Count>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private lastSweep = 0;
  private closed = false;

  constructor(private readonly db: Pick<Db, 'query'>) {}

  /**
   * Counts a call under `key`: its number in the window and the milliseconds until the window ends. A
   * window starts with its first call, or on a multiple of its length when `aligned`.
   */
  take(key: string, windowMs: number, now: number, aligned = false): { count: number; resetMs: number } {
    let count = this.counts.get(key);
    if (!count || count.resetsAt <= now) {
      const resetsAt = aligned ? (Math.floor(now / windowMs) + 1) * windowMs : now + windowMs;
      count = { resetsAt, known: 0, pending: 0, flushing: 0 };
      this.counts.set(key, count);
    }
    count.pending++;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, FLUSH_MS);
    return { count: count.known + count.flushing + count.pending, resetMs: count.resetsAt - now };
  }

  /** Adds the calls taken here to the table and takes its totals (the other processes' calls included). */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const now = Date.now();
    const batch: Array<{ key: string; count: Count; hits: number }> = [];
    for (const [key, count] of this.counts) {
      if (count.pending > 0) batch.push({ key, count, hits: count.pending });
      else if (count.resetsAt <= now && count.flushing === 0) this.counts.delete(key);
    }
    if (batch.length === 0) return;
    for (const entry of batch) {
      entry.count.pending -= entry.hits;
      entry.count.flushing += entry.hits;
    }
    // In key order, so two processes' flushes lock rows in the same order and never deadlock.
    batch.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const rows = batch.map(({ key, count, hits }) => ({ key, resets_at: count.resetsAt, hits }));
    try {
      const totals = await this.db.query<{ key: string; resets_at: number; hits: number }>(
        `insert into rate_limits as r (key, resets_at, hits)
         select key, resets_at, hits from jsonb_to_recordset($1::jsonb) as t(key text, resets_at bigint, hits int)
         on conflict (key) do update set
           hits = case when r.resets_at <= $2 then excluded.hits else r.hits + excluded.hits end,
           resets_at = case when r.resets_at <= $2 then excluded.resets_at else r.resets_at end
         returning key, resets_at, hits`,
        [JSON.stringify(rows), now],
      );
      for (const entry of batch) entry.count.flushing -= entry.hits;
      const flushed = new Map(batch.map((entry) => [entry.key, entry.count]));
      for (const total of totals) {
        const count = flushed.get(total.key);
        // The table's window is the one every process counts in (unless this one's window ended meanwhile).
        if (count && this.counts.get(total.key) === count)
          Object.assign(count, { resetsAt: total.resets_at, known: total.hits });
      }
    } catch {
      // Counted again at the next flush; meanwhile this process decides from its own calls.
      for (const entry of batch) {
        entry.count.flushing -= entry.hits;
        entry.count.pending += entry.hits;
      }
    }
    if (now - this.lastSweep > SWEEP_MS) {
      this.lastSweep = now;
      await this.db.query('delete from rate_limits where resets_at <= $1', [now]).catch(() => {});
    }
    if (!this.closed && [...this.counts.values()].some((count) => count.pending > 0) && !this.timer)
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, FLUSH_MS);
  }

  /** Adds what is left to the table; called when the server stops. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }
}

/**
 * The account calls' rate limit (@fastify/rate-limit) counted in the shared table instead of one
 * process's memory. Routes tell their keys apart through their key generator.
 */
export function rateLimitStore(counts: RateCounts): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const { count, resetMs } = counts.take(key, timeWindow, Date.now());
      callback(null, { current: count, ttl: resetMs });
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
