import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { demoAdmin } from '../server/config';
import { createDatabase, type Haproxy, type Postgres, startHaproxy, startPostgres } from './lib/cluster';

/**
 * `npm run cluster`: a local cluster (issue 18 point 4) — a throwaway PostgreSQL (Debian's package), N
 * server processes on the loopback ports after the balancer's (8081, 8082, ...: fixed, so a Prometheus
 * can scrape each process's /metrics, README "Operating it") sharing it, and HAProxy (Debian's package)
 * round-robin in front on :8080 with health checks. Ctrl+C stops it all: the processes drain and stop, then HAProxy and
 * PostgreSQL, and the temporary folders go.
 *
 *   npm run cluster -- --processes 4 --port 9090      (or CLUSTER_PROCESSES=4 CLUSTER_PORT=9090)
 *   DATABASE_URL=postgres://... npm run cluster      (your PostgreSQL instead of a throwaway one)
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: process.env.CLUSTER_PROCESSES ?? '3' },
    port: { type: 'string', default: process.env.CLUSTER_PORT ?? '8080' },
  },
});
const count = Number(values.processes);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1)
  throw new Error(`--processes must be 1 or more, got ${values.processes}`);

const children: ChildProcess[] = [];
let postgres: Postgres | undefined;
let haproxy: Haproxy | undefined;
let stopping = false;

/** Prints a process's lines with its name in front. */
function relay(name: string, stream: NodeJS.ReadableStream | null) {
  let rest = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) console.log(`[${name}] ${line}`);
  });
}

async function startServer(name: string, serverPort: number, databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      // HAProxy checks every 500 ms and takes a process out after one 503: two seconds is plenty.
      DRAIN_SECONDS: process.env.DRAIN_SECONDS ?? '2',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl+C reaches this script only, which stops the processes in order.
    detached: true,
  });
  children.push(child);
  relay(name, child.stdout);
  relay(name, child.stderr);
  child.once('exit', (code, signal) => {
    if (!stopping) console.log(`[${name}] exited (${signal ?? code}); HAProxy routes around it`);
  });
  for (const deadline = Date.now() + 120_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${name} exited before answering`);
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer within two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\ncluster: stopping the server processes (they drain first), then HAProxy and PostgreSQL');
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await haproxy?.stop();
  await postgres?.stop();
  console.log('cluster: stopped');
  process.exit(code);
}

async function main() {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    postgres = await startPostgres();
    databaseUrl = await createDatabase(postgres.url, 'uiservices');
    console.log(`cluster: PostgreSQL at ${databaseUrl} (throwaway)`);
  }
  // Each process its port after the balancer's: a scrape configuration can name them (issue 32 point 1).
  const ports = Array.from({ length: count }, (_, index) => port + 1 + index);
  // Started together on purpose: the first migrates and seeds under the start-up lock, the others wait.
  await Promise.all(ports.map((serverPort, index) => startServer(`s${index + 1}`, serverPort, databaseUrl)));
  haproxy = await startHaproxy({ bind: '0.0.0.0', port, servers: ports });
  console.log(`
  Integration Console cluster: http://localhost:${port}  (HAProxy, round-robin over ${count} processes)

  processes    ${ports.map((serverPort, index) => `s${index + 1} http://127.0.0.1:${serverPort}`).join(', ')}
  metrics      ${ports.map((serverPort) => `http://127.0.0.1:${serverPort}/metrics`).join(', ')} (one per process)
  database     ${databaseUrl}
  sign in as   ${demoAdmin.email} / ${demoAdmin.password}, TOTP secret ${demoAdmin.totpSecret} (npm run totp)

  Ctrl+C stops everything.
`);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stop(1);
});
