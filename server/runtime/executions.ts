import type { FastifyBaseLogger } from 'fastify';
import type { Schemas } from '../contract/types';
import { BinaryCopy } from '../db/binaryCopy';
import type { Db } from '../db/database';
import { parseTraceparent } from '../observability/traceContext';
import { readCallData } from './callData';

/**
 * The executions log (issue 17 point 6): every production call of a flow, with its flow, version, REST
 * API, API user, status, duration and the error block if any; never a token. Its input, answer and
 * blocks' data only as the flow's 'Keep call data' says, redacted and capped (issue 32 point 3,
 * server/runtime/callData.ts); retries and error flow runs name the execution they follow. Calls are
 * buffered and written in batches (one statement per EXECUTION_BATCH (100) calls or every FLUSH_MS
 * (100 ms); small batches keep each write, which holds PGlite's one thread, to a few milliseconds), so
 * logging costs the hot path an array push; close() flushes what is left. On PGlite a batch is a
 * binary COPY (Db.copyIn, copyRows): PostgreSQL parses no text for it, where the INSERT of JSON
 * parameters below, which PostgreSQL through pg still takes, cost about 10 µs a call more and COPY's
 * text about 5 µs more (docs/quality.md). Rows older than the retention are deleted at start and hourly.
 */
export interface Execution {
  /** When it was recorded, ms since the epoch with µs (executionTime). */
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
  /** The connection whose system failed the call (issue 30 point 6); only on such failures. */
  errorConnection?: string | null;
  errorCode: string | null;
  message: string | null;
  /** The kept data as JSON text (callData.ts), or none. */
  data?: string | null;
  /** A retry: the execution it retried and who asked for it (issue 32 point 4). */
  retryOf?: number | null;
  retriedBy?: string | null;
  /** An error flow's run: the failed execution it reports (issue 32 point 5). */
  errorOf?: number | null;
  /** The call's W3C trace id (issue 32 point 2): the same as in its answer's traceparent and its log lines. */
  traceId: string | null;
}

let lastAt = 0;
/**
 * The time an execution is recorded at: the wall clock, but strictly after the one recorded before it in
 * this process (a µs later when the clock has not moved, or went back), so the log's newest-first order
 * is the order calls ended — two calls within one millisecond included, and whichever way each reached
 * the table (a batch, or insert() for one whose error flow runs).
 */
export function executionTime(): number {
  const now = Date.now();
  lastAt = now > lastAt ? now : lastAt + 0.001;
  return lastAt;
}

/** The columns a batch fills: the INSERT's list, and the order of each row's values in the COPY. */
const COLUMNS = [
  'at',
  'flow_guid',
  'version_guid',
  'version',
  'api_guid',
  'api_user_guid',
  'api_user_name',
  'http_method',
  'status',
  'duration_ms',
  'error_block',
  'error_code',
  'message',
  'trace_id',
  'data',
  'retry_of',
  'retried_by',
  'error_of',
  'error_connection',
] as const;

/**
 * A batch as one statement of two JSON parameters: the calls, and what calls of one flow version, REST
 * API, user and method share (`g` names it). PGlite parses JSON on this process's one thread, and the
 * shared part (four guids, names) was most of each row's text: sent once per batch, the insert costs
 * a third less per call (issue 29's bench). `with ordinality` keeps the calls' order, so ids follow it.
 *
 * The parameters travel as UTF-8 bytes (bytea, binary) and become text in the statement: a text
 * parameter is measured character by character in JavaScript by PGlite's protocol writer (about 13 ns a
 * byte more than Buffer.from's native encoding), and with kept data a batch is tens of kilobytes.
 * PGlite is opened with a bytea serializer that passes bytes through (server/db/database.ts); pg sends
 * a Buffer as binary by itself.
 */
const INSERT = `insert into flow_executions (${COLUMNS.join(', ')})
   select to_timestamp(t.a / 1000.0), g.f, g.vg, g.v, g.ag, g.ug, g.un, g.m, t.s, t.d, t.eb, t.ec, t.msg, t.tr,
          nullif(x.data, ''), t.r, t.rb, t.eo, t.cn
     from rows from (jsonb_to_recordset(convert_from($1::bytea, 'UTF8')::jsonb) as (g int, a float8, s int, d float8, eb text, ec text, msg text,
            tr text, r int8, rb text, eo int8, cn text)) with ordinality as t(g, a, s, d, eb, ec, msg, tr, r, rb, eo, cn, n)
     join jsonb_to_recordset(convert_from($2::bytea, 'UTF8')::jsonb) as g(i int, f uuid, vg uuid, v int, ag uuid, ug uuid, un text, m text) on g.i = t.g
     left join string_to_table(convert_from($3::bytea, 'UTF8'), E'\\x1e') with ordinality as x(data, n) on x.n = t.n
    order by t.n`;

/**
 * Separates the calls' kept data in the insert's third parameter. JSON text never holds it raw (a
 * control character is always escaped in a string), so the data is split without being parsed: as part
 * of the JSON parameter, PGlite parsed each byte of it on the server's one thread (issue 32's bench).
 */
const DATA_SEPARATOR = '\x1e';

/**
 * The insert's three parameters for `batch`: the calls, what they share, and their kept data (null when
 * none kept any). Absent keys read as null, so a call's nulls are left out.
 */
function insertParams(batch: readonly Execution[]): [Buffer, Buffer, Buffer | null] {
  const groups = new Map<string, number>();
  const shared: string[] = [];
  const calls = batch.map((entry) => {
    const key = `${entry.flowGuid} ${entry.versionGuid} ${entry.version} ${entry.apiGuid} ${entry.apiUserGuid} ${entry.apiUserName} ${entry.method}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = shared.length;
      groups.set(key, group);
      shared.push(
        JSON.stringify({
          i: group,
          f: entry.flowGuid,
          vg: entry.versionGuid,
          v: entry.version,
          ag: entry.apiGuid,
          ug: entry.apiUserGuid,
          un: entry.apiUserName && withoutNul(entry.apiUserName),
          m: entry.method,
        }),
      );
    }
    return callJson(group, entry);
  });
  const data = batch.some((entry) => entry.data)
    ? Buffer.from(batch.map((entry) => entry.data ?? '').join(DATA_SEPARATOR))
    : null;
  return [Buffer.from(`[${calls.join(',')}]`), Buffer.from(`[${shared.join(',')}]`), data];
}

/**
 * A text PostgreSQL takes: text holds no NUL, and jsonb refuses `\u0000` (it would lose the whole batch),
 * so a NUL is kept as U+FFFD, as the kept data's are (callData.ts) and the COPY's (copyRows).
 */
const withoutNul = (text: string) => (text.includes('\0') ? text.replaceAll('\0', '\ufffd') : text);
const jsonText = (text: string) => JSON.stringify(withoutNul(text));

/** One call as a row of the insert's JSON, its kept data aside (insertParams). */
function callJson(group: number, entry: Execution): string {
  let json = `{"g":${group},"a":${entry.at},"s":${entry.status},"d":${entry.durationMs}`;
  if (entry.traceId) json += `,"tr":${jsonText(entry.traceId)}`;
  if (entry.errorBlock) json += `,"eb":${jsonText(entry.errorBlock)}`;
  if (entry.errorCode) json += `,"ec":${jsonText(entry.errorCode)}`;
  if (entry.message) json += `,"msg":${jsonText(entry.message)}`;
  if (entry.errorConnection) json += `,"cn":${jsonText(entry.errorConnection)}`;
  if (entry.retryOf != null) json += `,"r":${entry.retryOf}`;
  if (entry.retriedBy) json += `,"rb":${jsonText(entry.retriedBy)}`;
  if (entry.errorOf != null) json += `,"eo":${entry.errorOf}`;
  return `${json}}`;
}

/**
 * The batch as binary COPY rows for Db.copyIn (PGlite), its values in COLUMNS' order. Empty kept data
 * reads as none, as the INSERT's `nullif` makes it; text loses its NULs as withoutNul says (the kept
 * data holds none: callData.ts).
 */
function copyRows(batch: readonly Execution[]): Uint8Array {
  // A first size: a row without kept data takes some 300 bytes, and the writer grows past it.
  let size = 0;
  for (const entry of batch) size += 320 + (entry.data?.length ?? 0);
  const copy = new BinaryCopy(size);
  for (const entry of batch)
    copy
      .row(COLUMNS.length)
      .timestamptz(entry.at)
      .uuid(entry.flowGuid)
      .uuid(entry.versionGuid)
      .int4(entry.version)
      .uuid(entry.apiGuid)
      .uuid(entry.apiUserGuid)
      .text(storedText(entry.apiUserName))
      .text(entry.method)
      .int4(entry.status)
      .float4(entry.durationMs)
      .text(storedText(entry.errorBlock))
      .text(storedText(entry.errorCode))
      .text(storedText(entry.message))
      .text(storedText(entry.traceId))
      .text(entry.data || null)
      .int8(entry.retryOf)
      .text(storedText(entry.retriedBy))
      .int8(entry.errorOf)
      .text(storedText(entry.errorConnection));
  return copy.end();
}

const storedText = (text: string | null | undefined) => (text ? withoutNul(text) : text);

const EXECUTION_BATCH = 100;
const FLUSH_MS = 100;
const SWEEP_MS = 3_600_000;
/** After a start, when the sweep no longer competes with the first calls. */
export const FIRST_SWEEP_MS = 30_000;

export class ExecutionLog {
  private buffer: Execution[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Executions written one by one (insert()) and not yet in the table: flush() waits for them too. */
  private readonly inserting = new Set<Promise<unknown>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly firstSweep: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly retentionDays: number,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {
    // The first sweep waits until the server has started: it deletes old rows, nothing a first call needs,
    // and on PGlite it would hold the one database thread during the cold start (issue 20 point 4).
    this.firstSweep = setTimeout(() => void this.sweep(), FIRST_SWEEP_MS);
    this.firstSweep.unref();
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
    if (this.inserting.size > 0) {
      // A failed call whose error flow is about to run is written on its own (insert()); a page
      // asked for after its answer lists it too.
      const inserts = Promise.allSettled([...this.inserting]);
      this.flushing = this.flushing.then(() => inserts.then(() => undefined));
    }
    if (batch.length === 0) return this.flushing;
    // Async, so a row the writer refuses fails this batch as a database error would, logged below.
    const write = async () =>
      this.db.copyIn
        ? this.db.copyIn('flow_executions', COLUMNS, copyRows(batch))
        : // JSON parameters: PostgreSQL reads a row set from them faster than from 18 arrays.
          this.db.query(INSERT, insertParams(batch));
    this.flushing = this.flushing.then(() =>
      write().then(
        () => undefined,
        (error: unknown) => this.log?.error({ err: error }, 'the executions log lost a batch'),
      ),
    );
    return this.flushing;
  }

  /**
   * Writes one execution now and answers its id: for the few that something must point at at once (a
   * failed call its REST API's error flow reports, a retry the console opens). Not batched, so it costs
   * one statement; neither is on a caller's path (the error flow runs after the answer is sent).
   */
  async insert(execution: Execution): Promise<number> {
    const query = this.db.query<{ id: number }>(`${INSERT} returning id`, insertParams([execution]));
    this.inserting.add(query);
    try {
      const [row] = await query;
      return row!.id;
    } finally {
      this.inserting.delete(query);
    }
  }

  /** Deletes calls older than the retention (EXECUTION_RETENTION_DAYS), their kept data with them. */
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
    clearTimeout(this.firstSweep);
    clearInterval(this.sweeper);
    await this.flush();
  }
}

export interface ExecutionQuery {
  page: number;
  pageSize: number;
  status?: 'ok' | 'failed' | undefined;
  version?: number | undefined;
  /** Calls at or after / before this time (ISO 8601). */
  from?: string | undefined;
  to?: string | undefined;
  /** The API user's name, ignoring case. */
  apiUser?: string | undefined;
  /** The error block's code, ignoring case. */
  errorCode?: string | undefined;
  /** The call's trace id, or a traceparent header naming it (traceIdOf). */
  traceId?: string | undefined;
}

/**
 * The trace id a filter names: the id itself in any case, or the trace id of a traceparent header (the
 * one a caller's answer carried, issue 32 point 2), which an operator pastes as it is.
 */
export const traceIdOf = (text: string) => parseTraceparent(text)?.traceId ?? text.trim().toLowerCase();

const columns = `id as "Id", to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "At",
  version as "Version", version_guid::text as "VersionGuid", api_guid::text as "ApiGuid",
  api_user_guid::text as "ApiUserGuid", api_user_name as "ApiUser", http_method as "HttpMethod",
  status as "Status", duration_ms::float8 as "DurationMs", error_block::text as "ErrorBlock",
  error_connection as "ErrorConnection",
  error_code as "ErrorCode", message as "Message", data is not null as "HasData", retry_of as "RetryOf",
  retried_by as "RetriedBy", error_of as "ErrorOf", trace_id as "TraceId"`;

/** One page of a flow's calls, newest first, with the total (the Flow Builder's executions table). */
export async function listExecutions(db: Db, flowGuid: string, query: ExecutionQuery) {
  const where = ['flow_guid::text = $1'];
  const params: unknown[] = [flowGuid];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.status === 'ok') where.push('status < 400');
  if (query.status === 'failed') where.push('status >= 400');
  if (query.version !== undefined) where.push(`version = ${param(query.version)}`);
  if (query.from) where.push(`at >= ${param(query.from)}::timestamptz`);
  if (query.to) where.push(`at < ${param(query.to)}::timestamptz`);
  if (query.apiUser) where.push(`lower(api_user_name) = lower(${param(query.apiUser)})`);
  if (query.errorCode) where.push(`lower(error_code) = lower(${param(query.errorCode)})`);
  if (query.traceId) where.push(`trace_id = ${param(traceIdOf(query.traceId))}`);
  const clause = where.join(' and ');
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `select count(*)::int as total from flow_executions where ${clause}`,
    params,
  );
  const rows = await db.query<Record<string, unknown>>(
    `select ${columns} from flow_executions where ${clause} order by at desc, id desc
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return { Executions: rows, Total: total };
}

/** One execution of a flow with its kept data (null when nothing was kept) and the retries of it. */
export async function getExecution(
  db: Db,
  flowGuid: string,
  id: number,
): Promise<Schemas['FlowExecutionDetail'] | undefined> {
  const [row] = await db.query<Omit<Schemas['FlowExecutionDetail'], 'Retries'>>(
    `select ${columns}, flow_guid::text as "FlowGuid", data::json as "Data"
       from flow_executions where flow_guid::text = $1 and id = $2`,
    [flowGuid, id],
  );
  if (!row) return undefined;
  if (row.Data && 'V' in row.Data) {
    // The compact form names blocks by their place in the version that ran (callData.ts).
    const [version] = await db.query<{ blocks: Array<{ Guid: string; Type: string }> | null }>(
      `select graph->'Blocks' as blocks from flow_versions where version_guid::text = $1`,
      [row.VersionGuid],
    );
    row.Data = readCallData(row.Data, version?.blocks ?? []);
  }
  const retries = await db.query<{ id: number }>(
    'select id from flow_executions where retry_of = $1 order by id',
    [id],
  );
  return { ...row, Retries: retries.map((retry) => retry.id) };
}
