import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadKeys } from '../../server/auth/keys';
import { totpCode } from '../../server/auth/totp';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { type Db, openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { loggerOptions } from '../../server/http/logging';
import { seed } from '../../server/seed/seed';
import { templateFile } from './pgliteTemplate';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<{ db: Db; drop(): Promise<void> }>;
}

const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  async open() {
    const template = new Blob([readFileSync(templateFile())]);
    const db = await openDatabase({ kind: 'pglite', loadDataDir: template });
    await migrate(db);
    return { db, drop: () => db.close() };
  },
};

/** A database of its own on the PostgreSQL at `url` (TEST_DATABASE_URL), and how to drop it afterwards. */
export async function createTestDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `uiservices_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A fresh database per server on the PostgreSQL at TEST_DATABASE_URL, dropped afterwards. */
function postgresTarget(url: string): DatabaseTarget {
  return {
    name: 'postgres',
    async open() {
      const database = await createTestDatabase(url);
      const db = await openDatabase({ kind: 'postgres', url: database.url });
      await migrate(db);
      return {
        db,
        async drop() {
          await db.close();
          await database.drop();
        },
      };
    },
  };
}

/** The databases the server suites run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set (CI). */
export const databaseTargets: DatabaseTarget[] = [
  pgliteTarget,
  ...(process.env.TEST_DATABASE_URL ? [postgresTarget(process.env.TEST_DATABASE_URL)] : []),
];

export const testAdmin = {
  email: 'admin@example.com',
  password: 'Admin!2345',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

export type ConfigOverrides = Partial<Omit<ServerConfig, 'admin' | 'throttle'>> & {
  throttle?: Partial<ServerConfig['throttle']>;
};

/** A reference server on a fresh database, with a clock the test can move. */
export async function startTestServer(
  target: DatabaseTarget = pgliteTarget,
  overrides: ConfigOverrides = {},
  /** A file the server's log is appended to, at debug, as production writes it (redaction included). */
  options: {
    logTo?: string;
    /**
     * false: the platform without the builders' demo data, for importing definitions into (issue 31
     * point 5); `platform` then seeds what the platform itself offers besides (catalogues, lookups).
     */
    demo?: boolean;
    platform?: (db: Db) => Promise<void>;
  } = {},
) {
  const base = configFromEnv({});
  const config: ServerConfig = {
    ...base,
    ...overrides,
    admin: testAdmin,
    throttle: { ...base.throttle, ...overrides.throttle },
    logLevel: 'silent',
  };
  const { db, drop } = await target.open();
  const keys = await loadKeys(db, {});
  if (options.demo === false) {
    await seed(db, keys, config, '', { demo: false });
    await options.platform?.(db);
  } else await seed(db, keys, config);
  let offset = 0;
  const clock = {
    now: () => Date.now() / 1000 + offset,
    advance(seconds: number) {
      offset += seconds;
    },
  };
  const logger = options.logTo
    ? loggerOptions('debug', createWriteStream(options.logTo, { flags: 'a' }))
    : false;
  const { app, services, operations } = await buildApp({ db, keys, config, now: clock.now, logger });
  await app.ready();
  return {
    app,
    services,
    operations,
    db,
    config,
    clock,
    /** A TOTP code for the given time on the server's clock. */
    code: (secret: string, stepOffset = 0) => totpCode(secret, clock.now() + stepOffset * 30),
    async close() {
      await app.close();
      await drop();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
