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
}

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
  server: BenchServer,
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
  const run = (duration: number) =>
    autocannon({
      url: server.url,
      connections: settings.connections,
      duration,
      pipelining: 1,
      requests: [request],
    });
  await run(1);
  const result = await run(settings.durationSeconds);
  const failed = result.non2xx + result.errors + result.timeouts;
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(' ');
  return rows(
    target,
    { rps: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99 },
    {
      note: `${settings.connections} connections, ${result.duration.toFixed(0)} s, ${result.requests.total} requests${failed > 0 ? `; NOT 2xx: ${failed} (${statuses}, errors ${result.errors}, timeouts ${result.timeouts})` : ''}`,
    },
  );
}
