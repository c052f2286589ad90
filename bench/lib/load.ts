import autocannon, { type Request } from 'autocannon';
import { httpCall } from '../../tests/support/serverProcess';
import type { BenchServer } from './context';
import type { BenchRow, Budget } from './types';

/** One API call to put under load. */
export interface LoadTarget {
  group: string;
  /** Name in the table, e.g. 'GetConnections (10,000 stored)'. */
  figure: string;
  method: 'GET' | 'POST';
  /** API path under /api/UIServices/. */
  path: string;
  /** For writes: the body of the n-th request (each save must be a new, valid one). */
  body?: (n: number) => unknown;
  budgets?: { requestsPerSecond?: number; p99Ms?: number };
  /** Fewer connections for calls that take seconds each, so the queue does not outlast the run. */
  connections?: number;
}

/** What a load needs of a server: where it answers, and a token it takes. */
export type LoadServer = Pick<BenchServer, 'url' | 'token'>;

export interface LoadSettings {
  durationSeconds: number;
  connections: number;
}

const rows = (
  target: LoadTarget,
  values: { rps?: number; p50?: number; p99?: number },
  extra: Partial<BenchRow>,
) => {
  const budget = (kind: Budget['kind'], limit: number | undefined): { budget?: Budget } =>
    limit === undefined ? {} : { budget: { kind, limit } };
  return [
    {
      group: target.group,
      figure: `${target.figure}: requests per second`,
      unit: 'req/s',
      ...(values.rps !== undefined ? { value: values.rps } : {}),
      ...budget('min', target.budgets?.requestsPerSecond),
      ...extra,
    },
    {
      group: target.group,
      figure: `${target.figure}: p50 latency`,
      unit: 'ms',
      ...(values.p50 !== undefined ? { value: values.p50 } : {}),
      ...extra,
    },
    {
      group: target.group,
      figure: `${target.figure}: p99 latency`,
      unit: 'ms',
      ...(values.p99 !== undefined ? { value: values.p99 } : {}),
      ...budget('max', target.budgets?.p99Ms),
      ...extra,
    },
  ];
};

/** Rows for a target that cannot be measured yet, saying why. */
export function pendingRows(target: LoadTarget, reason: string): BenchRow[] {
  return rows(target, {}, { pending: reason });
}

/**
 * Puts one call under load with autocannon on loopback: a probe first (a 501 means the handler does
 * not exist yet and the rows are marked pending), a one-second warm-up, then the measured run.
 * Requests per second count only 2xx answers; any other answer is reported beside the figure.
 */
export async function measureLoad(
  server: LoadServer,
  target: LoadTarget,
  settings: LoadSettings,
): Promise<BenchRow[]> {
  let n = 0;
  const probe = await httpCall(server.url, target.method, target.path, {
    token: server.token,
    ...(target.body ? { body: target.body(n++) } : {}),
  });
  if (probe.status === 501) return pendingRows(target, 'pending: handler not implemented');
  if (probe.status !== 200) {
    const message = (probe.body as { Message?: string } | undefined)?.Message ?? '';
    return pendingRows(target, `pending: probe answered ${probe.status} ${message}`.trim());
  }
  const headers: Record<string, string> = { authorization: `Bearer ${server.token}` };
  if (target.body) headers['content-type'] = 'application/json';
  const request: Request = {
    method: target.method,
    path: `/api/UIServices/${target.path}`,
    headers,
    ...(target.body
      ? { setupRequest: (base: Request) => ({ ...base, body: JSON.stringify(target.body!(n++)) }) }
      : {}),
  };
  const connections = target.connections ?? settings.connections;
  const run = (duration: number) =>
    autocannon({
      url: server.url,
      connections,
      duration,
      pipelining: 1,
      timeout: 60,
      requests: [request],
    });
  await run(1);
  await drain(server);
  const result = await run(settings.durationSeconds);
  await drain(server);
  const refused = Object.entries(result.statusCodeStats)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${count}× ${status}`);
  if (result.errors > 0) refused.push(`${result.errors} errors`);
  if (result.timeouts > 0) refused.push(`${result.timeouts} timeouts`);
  const note = `${connections} connections, ${result.duration.toFixed(0)} s, ${result['2xx']} answers${refused.length > 0 ? `; also ${refused.join(', ')}` : ''}`;
  if (result['2xx'] === 0)
    return rows(target, {}, { failed: `no successful answer (${refused.join(', ')})`, note });
  return rows(
    target,
    { rps: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99 },
    { note },
  );
}

/**
 * Waits until the server works through what the last run left queued (autocannon stops waiting at the
 * end of its duration, the server does not), so one figure's backlog does not slow the next.
 */
async function drain(server: LoadServer): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await httpCall(server.url, 'GET', 'ClientAdmin/GetAppLinks', { token: server.token });
    if (performance.now() - started < 50) return;
  }
}
