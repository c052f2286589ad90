import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { launchBrowser } from '../../tests/support/browser';
import makeTemplate, { templateFile } from '../../tests/support/pgliteTemplate';
import {
  httpCall,
  httpSignIn,
  type ServerProcess,
  startServerProcess,
} from '../../tests/support/serverProcess';
import { testAdmin } from '../../tests/support/testServer';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchSettings {
  /** Seconds of load per server figure (after a one-second warm-up). */
  durationSeconds: number;
  /** Concurrent connections autocannon keeps open. */
  connections: number;
  /** Stored entities per kind the server figures run against (issue 9: 10,000). */
  entities: number;
}

export interface BenchServer extends ServerProcess {
  dataDir: string;
  /** An administrator's level-2 token. */
  token: string;
  /**
   * The same sign-in's tokens, for browser pages: one sign-in serves the whole run (tokens last a day
   * here, so no page refreshes and spends the shared refresh token), and repeated sign-ins would meet
   * the throttle.
   */
  tokens: { Token: string; RefreshToken: string };
  /** Resident memory (kB) right after the start, before any load. */
  rssAfterStartKb: number;
}

/** A figure of /proc/<pid>/status in kB: VmRSS (now) or VmHWM (peak). */
export function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

/**
 * What bench modules share, made on first use: one production server on a data directory holding
 * `entities` users besides the administrator, one headless Chromium, and a scratch folder. Seeded
 * entity sets are made once and shared too.
 */
export class BenchContext {
  readonly workDir = mkdtempSync(path.join(tmpdir(), 'uiservices-bench-'));
  readonly distDir = path.join(root, 'dist');
  private serverStarted?: Promise<BenchServer>;
  private browserStarted?: Promise<Browser>;
  private readonly seeded = new Map<string, Promise<SeedResult>>();

  constructor(readonly settings: BenchSettings) {}

  /** A data directory from the migrated template, with `count` users inserted in one statement. */
  async prepareDataDir(dataDir: string, users: number): Promise<void> {
    if (!existsSync(templateFile())) await makeTemplate();
    const db = await openDatabase({
      kind: 'pglite',
      dataDir,
      loadDataDir: new Blob([readFileSync(templateFile())]),
    });
    await migrate(db);
    await db.query(
      `insert into users (guid, email, first_name, last_name, created_by, modified_by)
       select gen_random_uuid(), 'bench.user.' || i || '@example.com', 'Bench', 'User ' || i, 'bench', 'bench'
         from generate_series(1, $1::int) as i`,
      [users],
    );
    await db.close();
  }

  server(): Promise<BenchServer> {
    this.serverStarted ??= (async () => {
      // A fresh folder per start: a later module may start the server again after one stopped it.
      const dataDir = mkdtempSync(path.join(this.workDir, 'data-'));
      await this.prepareDataDir(dataDir, this.settings.entities);
      // The production server bundle, as `npm start` runs it (made by `npm run build`, which the bench
      // runs first unless --no-build): tsx's loader is not what a deployment measures.
      const process = await startServerProcess({
        dataDir,
        bundle: true,
        env: { ACCESS_TOKEN_SECONDS: '86400', ACCOUNT_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn' },
      });
      const rssAfterStartKb = procStatusKb(process.pid, 'VmRSS');
      const tokens = await httpSignIn(process.url, testAdmin);
      return Object.assign(process, { dataDir, token: tokens.Token, tokens, rssAfterStartKb });
    })();
    return this.serverStarted;
  }

  /** Stops the shared server (gracefully, so its data directory can be opened again). */
  async stopServer(): Promise<void> {
    if (!this.serverStarted) return;
    const server = await this.serverStarted;
    this.serverStarted = undefined;
    await server.kill('SIGTERM');
  }

  browser(): Promise<Browser> {
    this.browserStarted ??= launchBrowser();
    return this.browserStarted;
  }

  /**
   * Stores `count` entities of a kind through the API, once per run, 16 saves at a time. Answers the
   * saved bodies, or why seeding stopped (e.g. the save answers 501 while its handler is missing).
   */
  seed(kind: string, plan: SeedPlan): Promise<SeedResult> {
    if (!this.seeded.has(kind)) this.seeded.set(kind, this.runSeed(plan));
    return this.seeded.get(kind)!;
  }

  private async runSeed(plan: SeedPlan): Promise<SeedResult> {
    const server = await this.server();
    const saved: unknown[] = [];
    let next = 0;
    let refusal: string | undefined;
    const worker = async () => {
      while (refusal === undefined && next < plan.count) {
        const index = next++;
        const body = plan.body(index);
        const answer = await httpCall(server.url, 'POST', plan.path, { token: server.token, body });
        if (answer.status !== 200) {
          const message = (answer.body as { Message?: string } | undefined)?.Message ?? '';
          refusal ??=
            answer.status === 501
              ? 'pending: handler not implemented'
              : `pending: seeding ${plan.path} answered ${answer.status} ${message}`.trim();
          return;
        }
        saved.push(body);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    return refusal ? { ok: false, reason: refusal } : { ok: true, saved };
  }

  async close(): Promise<void> {
    await this.stopServer();
    if (this.browserStarted) await (await this.browserStarted).close();
    rmSync(this.workDir, { recursive: true, force: true });
  }
}

export interface SeedPlan {
  /** API path under /api/UIServices/ of the save call, e.g. Connection/PostConnection. */
  path: string;
  count: number;
  body(index: number): unknown;
}

export type SeedResult = { ok: true; saved: unknown[] } | { ok: false; reason: string };
