import { describe, expect, it } from 'vitest';
import { RateCounts } from '../../server/http/rateCounts';

/**
 * Issue 18 point 2: the shared call counts. A flush in flight must not hide the calls it carries: until
 * the table answers their total, they still count, or a burst during a flush passes the limit.
 */
describe('RateCounts', () => {
  it('counts the calls of a flush in flight until the table answers', async () => {
    let answer!: (rows: unknown[]) => void;
    let queries = 0;
    // The first query (the flush's upsert) answers when the test says; later ones (the sweep) at once.
    const db = {
      query: <T>() =>
        queries++ > 0
          ? Promise.resolve([] as T[])
          : new Promise<T[]>((resolve) => {
              answer = resolve as (rows: unknown[]) => void;
            }),
    };
    const counts = new RateCounts(db);
    const now = Date.now();
    for (let call = 1; call <= 3; call++) expect(counts.take('k', 60_000, now).count).toBe(call);
    const flushed = counts.flush();
    expect(counts.take('k', 60_000, now).count).toBe(4);
    answer([{ key: 'k', resets_at: now + 60_000, hits: 3 }]);
    await flushed;
    expect(counts.take('k', 60_000, now).count).toBe(5);
    await counts.close();
  });

  it('keeps counting the calls of a flush that failed', async () => {
    const db = { query: <T>(): Promise<T[]> => Promise.reject(new Error('connection lost')) };
    const counts = new RateCounts(db);
    const now = Date.now();
    counts.take('k', 60_000, now);
    counts.take('k', 60_000, now);
    await counts.flush();
    expect(counts.take('k', 60_000, now).count).toBe(3);
    await counts.close();
  });
});
