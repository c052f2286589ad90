import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/cluster';
import { totpCode } from '../../server/auth/totp';
import { serverBundleFile } from '../../server/db/template';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export { freePort } from '../../scripts/lib/cluster';

export interface ServerProcess {
  url: string;
  port: number;
  /** Pid of the node process that runs the server itself (no npm or tsx wrapper in between). */
  pid: number;
  /** Milliseconds from spawn to the first answer over HTTP. */
  startMs: number;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
  /** Sends a signal and waits for the process to be gone; answers its exit code (null when a signal ended it). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** PGlite's data directory; leave it out with DATABASE_URL in `env`. */
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  /** How long to wait for the first answer; a first start runs initdb, which is slow on 2 cores. */
  timeoutMs?: number;
  /**
   * Runs the server bundle `npm start` runs (dist-server/main.mjs, made by `npm run build`) instead of
   * the sources through tsx.
   */
  bundle?: boolean;
}

/**
 * Starts the real server (`server/main.ts`) as its own process on a data directory, as `npm start`
 * does, and resolves once it answers HTTP. It runs `node --import tsx` (or node on the bundle) directly
 * rather than `npx tsx`, so the pid is the server's own: a SIGKILL hits the process that holds the database, and resident
 * memory is read from the right process.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const started = performance.now();
  if (options.bundle && !existsSync(serverBundleFile))
    throw new Error(`no server bundle at ${serverBundleFile}: run npm run build first`);
  const args = options.bundle ? [serverBundleFile] : ['--import', 'tsx', 'server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
      LOG_LEVEL: 'warn',
      APP_ENV: 'demo',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server process exited before answering:\n${output}`);
    try {
      // Any answer will do: the route does not exist, so this touches neither the database nor a file.
      await fetch(`${url}/api/ready-probe`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server process did not answer within the timeout:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const startMs = performance.now() - started;

  return {
    url,
    port,
    pid: child.pid!,
    startMs,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Calls the API of a server process over HTTP, answering status and parsed body. */
export async function httpCall(
  url: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  apiPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}/api/UIServices/${apiPath}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

/**
 * Signs in over HTTP with password and TOTP code. A code already used in its window is refused, and a
 * restarted server remembers the last step used, so a refused code is retried with the next step's
 * code, which the server accepts (one step either side).
 */
export async function httpSignIn(
  url: string,
  credentials: { email: string; password: string; totpSecret: string },
): Promise<{ Token: string; RefreshToken: string }> {
  // Both codes of this window may be used already (a third sign-in within 30 s): then wait for the next.
  // The last sign-in may have used the next window's code already, so both are tried there too.
  const steps = [0, 1, 'next window', 0, 1] as const;
  for (const [attempt, step] of steps.entries()) {
    if (step === 'next window') {
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
      continue;
    }
    const first = await httpCall(url, 'POST', 'Users/Authenticate', {
      body: { Email: credentials.email, Password: credentials.password },
    });
    if (first.status !== 200) throw new Error(`Authenticate answered ${first.status}`);
    const level1 = (first.body as { Token: string }).Token;
    const second = await httpCall(url, 'POST', 'Users/Authenticate2FA', {
      token: level1,
      body: { TwoFA: await totpCode(credentials.totpSecret, Date.now() / 1000 + step * 30) },
    });
    if (second.status === 200) return second.body as { Token: string; RefreshToken: string };
    if (attempt === steps.length - 1) throw new Error(`Authenticate2FA answered ${second.status}`);
  }
  throw new Error('unreachable');
}
