import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db/database';
import { ExecutionLog, FIRST_SWEEP_MS } from '../../../server/runtime/executions';

/** A database that records the statements it is given. */
function recordingDb() {
  const statements: string[] = [];
  const db = {
    kind: 'pglite',
    query: async (sql: string) => {
      statements.push(sql);
      return [];
    },
  } as unknown as Db;
  return { db, statements };
}

describe('the executions log sweep (EXECUTION_RETENTION_DAYS of issue 17; issue 20 point 4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('deletes old calls only once the start is over, then hourly', async () => {
    vi.useFakeTimers();
    const { db, statements } = recordingDb();
    const log = new ExecutionLog(db, 7);
    // Nothing during the cold start: the first call must not wait for the delete.
    await vi.advanceTimersByTimeAsync(FIRST_SWEEP_MS - 1);
    expect(statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^delete from flow_executions/);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(statements.filter((sql) => sql.startsWith('delete'))).toHaveLength(2);
    await log.close();
  });

  it('a log closed before the first sweep never sweeps', async () => {
    vi.useFakeTimers();
    const { db, statements } = recordingDb();
    const log = new ExecutionLog(db, 7);
    await log.close();
    await vi.advanceTimersByTimeAsync(FIRST_SWEEP_MS * 2);
    expect(statements).toEqual([]);
  });
});
