import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * The parts of a local cluster (issue 18 point 4) that `npm run cluster`, the cluster tests and the
 * cluster bench share: a throwaway PostgreSQL from Debian's package and HAProxy from Debian's package in
 * front of server processes.
 */

/** A port nobody listens on right now (the kernel picks it; the tiny race is acceptable here). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const isRoot = () => userInfo().uid === 0;

export interface Postgres {
  /** The `postgres` database's URL; create the server's database with `createDatabase`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL on loopback in a temporary folder, as scripts/test-postgres.sh does
 * (PostgreSQL refuses to run as root, so as root it runs as the postgres user). fsync is off: nothing
 * in it outlives the run.
 */
export async function startPostgres(): Promise<Postgres> {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const latest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!latest)
    throw new Error('no PostgreSQL under /usr/lib/postgresql: install Debian’s postgresql package');
  const bin = (name: string) => `/usr/lib/postgresql/${latest}/bin/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'uiservices-cluster-pg-'));
  const run = (command: string, args: string[]) =>
    isRoot()
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(bin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  run(bin('pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run(bin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Makes a database on the PostgreSQL at `url` and answers its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export interface HaproxySettings {
  /** Where HAProxy listens. */
  bind: string;
  port: number;
  /** The server processes' ports on loopback. */
  servers: number[];
}

/**
 * HAProxy in front of the server processes: round-robin; a process whose /health does not answer 200
 * (it is draining before a stop, or gone) is taken out after one check and back after two good ones;
 * a call that found no connection, or a 503 from a process stopping (the call did not run there), is
 * sent to another process. X-Forwarded-For tells the processes the caller's address (TRUST_PROXY).
 */
export function haproxyConfig(settings: HaproxySettings): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  option http-keep-alive
  option forwardfor
  retries 3
  option redispatch 1
  retry-on conn-failure 503

frontend console
  bind ${settings.bind}:${settings.port}
  default_backend servers

backend servers
  balance roundrobin
  option httpchk GET /health
  http-check expect status 200
  default-server inter 500ms fall 1 rise 2
${settings.servers.map((port, index) => `  server s${index + 1} 127.0.0.1:${port} check`).join('\n')}
`;
}

export interface Haproxy {
  url: string;
  /** Everything HAProxy printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export const HAPROXY = '/usr/sbin/haproxy';

/** Starts Debian's HAProxy with a generated configuration and waits until it passes calls through. */
export async function startHaproxy(settings: HaproxySettings): Promise<Haproxy> {
  if (!existsSync(HAPROXY)) throw new Error(`no ${HAPROXY}: install Debian’s haproxy package`);
  const dir = mkdtempSync(path.join(tmpdir(), 'uiservices-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(settings));
  // Its own process group, so a Ctrl+C meant for the script that started it does not stop it first.
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${settings.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`haproxy exited:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not pass a call through within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, output: () => output, stop };
}
