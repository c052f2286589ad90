import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Request } from 'autocannon';
import { type Dispatcher, Pool } from 'undici';

export interface PacedResult {
  /** Answers 2xx a second. */
  answered: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and requests that failed. */
  other: number;
}

/** What the loader process is told: every request's path, worked out here so it runs none of our code. */
interface Plan {
  url: string;
  headers: Record<string, string>;
  paths: string[];
  rate: number;
  /** Requests sent first on the same connections and not counted. */
  warm: number;
  connections: number;
}

const thisFile = fileURLToPath(import.meta.url);

const percentile = (sorted: Float64Array, share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

/**
 * An open-loop load: `rate` GETs a second, evenly spaced, for `warmSeconds` not counted and then
 * `seconds` counted, over up to `connections` sockets, each request's latency counted from when it was
 * due (so a server that falls behind shows it, rather than the load slowing down to suit it).
 * autocannon's `overallRate` sends each connection's quota for a second in one burst at the start of the
 * second, which measures a saturated server for most of every second; the latency budgets of issue 30
 * are for a server serving a given rate.
 *
 * The requests leave from a process of their own, with a fresh heap collected before the first one: a
 * load sent from the bench's process paused with that process's garbage collections (10 ms and more
 * once earlier benches had filled its heap), and every pause went out afterwards as one burst, whose
 * queue was then counted against the server. The warm-up shares the counted part's connections, so the
 * counted part opens none.
 */
export async function pacedLoad(options: {
  url: string;
  request: Request;
  rate: number;
  seconds: number;
  connections: number;
  warmSeconds?: number;
}): Promise<PacedResult> {
  const warm = Math.round(options.rate * (options.warmSeconds ?? 0));
  const total = warm + Math.round(options.rate * options.seconds);
  const paths = Array.from({ length: total }, () => {
    const next = options.request.setupRequest?.({ ...options.request }) ?? options.request;
    return next.path ?? '/';
  });
  const plan: Plan = {
    url: options.url,
    headers: (options.request.headers ?? {}) as Record<string, string>,
    paths,
    rate: options.rate,
    warm,
    connections: options.connections,
  };
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', thisFile], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const output: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  child.stdin!.end(JSON.stringify(plan));
  const code = await exited;
  if (code !== 0) throw new Error(`the paced loader left with code ${code}`);
  return JSON.parse(Buffer.concat(output).toString('utf8')) as PacedResult;
}

/** The loader process: sends the plan's requests on time and answers what it measured. */
async function load(plan: Plan): Promise<PacedResult> {
  const pool = new Pool(plan.url, { connections: plan.connections, pipelining: 1 });
  const total = plan.paths.length;
  const counted = total - plan.warm;
  const latencies = new Float64Array(counted);
  let done = 0;
  let answered = 0;
  let other = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const interval = 1000 / plan.rate;
  const settle = (index: number, due: number, ok: boolean) => {
    if (index >= plan.warm) {
      latencies[index - plan.warm] = performance.now() - due;
      if (ok) answered++;
      else other++;
    }
    if (++done === total) finished();
  };
  // dispatch, not request: no body stream or promise per request, so the loader itself stays light.
  const one = (index: number, due: number) => {
    let status = 0;
    const handler: Dispatcher.DispatchHandler = {
      // Its presence tells undici this handler speaks the v7 interface.
      onRequestStart: () => {},
      onResponseStart: (_controller, statusCode) => {
        status = statusCode;
      },
      onResponseData: () => {},
      onResponseEnd: () => settle(index, due, status >= 200 && status < 300),
      onResponseError: () => settle(index, due, false),
    };
    pool.dispatch({ method: 'GET', path: plan.paths[index]!, headers: plan.headers }, handler);
  };
  // What the plan's parse left behind is collected now, not during the counted seconds.
  (globalThis as { gc?: () => void }).gc?.();
  const started = performance.now();
  const countedFrom = started + plan.warm * interval;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        one(sent, started + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  if (total > 0) await allDone;
  const elapsed = (performance.now() - countedFrom) / 1000;
  await pool.close();
  const sorted = latencies.sort();
  return {
    answered: answered / elapsed,
    p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
    p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
    other,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const input: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => input.push(chunk));
  process.stdin.once('end', () => {
    void load(JSON.parse(Buffer.concat(input).toString('utf8')) as Plan).then((result) =>
      process.stdout.write(JSON.stringify(result)),
    );
  });
}
