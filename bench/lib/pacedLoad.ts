import type { Request } from 'autocannon';
import { Pool } from 'undici';

export interface PacedResult {
  /** Answers 2xx a second. */
  answered: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and requests that failed. */
  other: number;
}

const percentile = (sorted: Float64Array, share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

/**
 * An open-loop load: `rate` GETs a second, evenly spaced, for `seconds`, over up to `connections`
 * sockets, each request's latency counted from when it was due (so a server that falls behind shows it,
 * rather than the load slowing down to suit it). autocannon's `overallRate` sends each connection's
 * quota for a second in one burst at the start of the second, which measures a saturated server for
 * most of every second; the latency budgets of issue 30 are for a server serving a given rate.
 */
export async function pacedLoad(options: {
  url: string;
  request: Request;
  rate: number;
  seconds: number;
  connections: number;
}): Promise<PacedResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const total = Math.round(options.rate * options.seconds);
  const latencies = new Float64Array(total);
  let done = 0;
  let answered = 0;
  let other = 0;
  const pathOf = () => {
    const next = options.request.setupRequest?.({ ...options.request }) ?? options.request;
    return next.path ?? '/';
  };
  const one = async (index: number, due: number) => {
    try {
      const answer = await pool.request({
        method: 'GET',
        path: pathOf(),
        headers: options.request.headers ?? {},
      });
      await answer.body.dump();
      if (answer.statusCode >= 200 && answer.statusCode < 300) answered++;
      else other++;
    } catch {
      other++;
    }
    latencies[index] = performance.now() - due;
    done++;
  };
  const started = performance.now();
  const interval = 1000 / options.rate;
  const pending: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        pending.push(one(sent, started + sent * interval));
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  const sorted = latencies.slice(0, done).sort();
  return {
    answered: answered / elapsed,
    p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
    p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
    other,
  };
}
