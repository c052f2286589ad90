import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';

/** A Fastify process the bench can put under load beside the server, and stop. */
export interface BareFastify {
  url: string;
  /** Its process, for its CPU time per answer (besideControl's Side.pid). */
  pid: number;
  /** The bench's load helpers send a token; this process ignores it. */
  token: string;
  stop(): Promise<void>;
}

const thisFile = fileURLToPath(import.meta.url);

/**
 * Issue 20's anchor for GetConnections, measured in the same run: a bare Fastify process (no hooks, no
 * token, permission or paging) answering `payload`, kept as a string, at `route` on loopback. Its own
 * process, as the server is, so the load generator weighs on both alike.
 */
export async function startBareFastify(route: string, payload: string): Promise<BareFastify> {
  return spawnBare(thisFile, { BARE_ROUTE: route, BARE_PAYLOAD: payload }, 'bare Fastify');
}

/**
 * Runs `file` (a bare process of the bench: it prints its address, then serves until SIGTERM) in its
 * own Node process with `env` added, and answers once it listens.
 */
export async function spawnBare(
  file: string,
  env: Record<string, string>,
  what: string,
): Promise<BareFastify> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${what} left with code ${code} before listening`)));
    lines.once('line', (line) => resolve(line.trim()));
  });
  return {
    url,
    pid: child.pid!,
    token: '',
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function serve() {
  const route = process.env.BARE_ROUTE ?? '/';
  const payload = process.env.BARE_PAYLOAD ?? '[]';
  const app = Fastify({ logger: false });
  app.get(route, (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(payload);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${address}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void serve();
