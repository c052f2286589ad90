import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';

/**
 * The executions log (issue 17 point 6): every production call of a flow, with its flow, version, REST
 * API, API user, status, duration and the error block if any; never a token, never a body. Calls are
 * buffered and inserted in batches (one statement per EXECUTION_BATCH calls or per FLUSH_MS), so logging
 * costs the hot path an array push; close() flushes what is left. Rows older than the retention are
 * deleted at start and hourly.
 */
export interface Execution {
  at: number;
  flowGuid: string;
  versionGuid: string | null;
  version: number | null;
  apiGuid: string | null;
  apiUserGuid: string | null;
  apiUserName: string | null;
  method: string;
  status: number;
  durationMs: number;
  errorBlock: string | null;
  errorCode: string | null;
  message: string | null;
}

const EXECUTION_BATCH = 500;
const FLUSH_MS = 250;
const SWEEP_MS = 3_600_000;

export class ExecutionLog {
  private buffer: Execution[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly retentionDays: number,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  record(execution: Execution): void {
    this.buffer.push(execution);
    if (this.buffer.length >= EXECUTION_BATCH) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is buffered; resolves when every call recorded so far is in the table. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return this.flushing;
    const column = <K extends keyof Execution>(key: K) => batch.map((entry) => entry[key]);
    this.flushing = this.flushing.then(() =>
      this.db
        .query(
          `insert into flow_executions (at, flow_guid, version_guid, version, api_guid, api_user_guid, api_user_name,
             http_method, status, duration_ms, error_block, error_code, message)
           select to_timestamp(a), f::uuid, vg::uuid, v, ag::uuid, ug::uuid, un, m, s, d, eb::uuid, ec, msg
             from unnest($1::float8[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[],
                         $9::int[], $10::float8[], $11::text[], $12::text[], $13::text[])
               as t(a, f, vg, v, ag, ug, un, m, s, d, eb, ec, msg)`,
          [
            batch.map((entry) => entry.at / 1000),
            column('flowGuid'),
            column('versionGuid'),
            column('version'),
            column('apiGuid'),
            column('apiUserGuid'),
            column('apiUserName'),
            column('method'),
            column('status'),
            column('durationMs'),
            column('errorBlock'),
            column('errorCode'),
            column('message'),
          ],
        )
        .then(
          () => undefined,
          (error: unknown) => this.log?.error({ err: error }, 'the executions log lost a batch'),
        ),
    );
    return this.flushing;
  }

  /** Deletes calls older than the retention (EXECUTION_RETENTION_DAYS). */
  async sweep(): Promise<void> {
    try {
      await this.db.query('delete from flow_executions where at < now() - make_interval(days => $1)', [
        this.retentionDays,
      ]);
    } catch (error) {
      this.log?.error({ err: error }, 'the executions log could not be swept');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.flush();
  }
}

export interface ExecutionQuery {
  page: number;
  pageSize: number;
  status?: 'ok' | 'failed' | undefined;
  version?: number | undefined;
}

/** One page of a flow's calls, newest first, with the total (the Flow Builder's executions table). */
export async function listExecutions(db: Db, flowGuid: string, query: ExecutionQuery) {
  const where = ['flow_guid::text = $1'];
  const params: unknown[] = [flowGuid];
  if (query.status === 'ok') where.push('status < 400');
  if (query.status === 'failed') where.push('status >= 400');
  if (query.version !== undefined) {
    params.push(query.version);
    where.push(`version = $${params.length}`);
  }
  const clause = where.join(' and ');
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `select count(*)::int as total from flow_executions where ${clause}`,
    params,
  );
  const rows = await db.query<Record<string, unknown>>(
    `select id as "Id", to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "At",
            version as "Version", version_guid::text as "VersionGuid", api_guid::text as "ApiGuid",
            api_user_guid::text as "ApiUserGuid", api_user_name as "ApiUser", http_method as "HttpMethod",
            status as "Status", duration_ms::float8 as "DurationMs", error_block::text as "ErrorBlock",
            error_code as "ErrorCode", message as "Message"
       from flow_executions where ${clause} order by at desc, id desc
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return { Executions: rows, Total: total };
}
