import path from 'node:path';
import type { HttpLimits } from './connectors/rest-api/httpClient';

/** Server settings from the environment, with the defaults `npm start` runs on. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Label of the environment in the token's env claim; the console shows it when not 'production'. */
  env: string;
  publicUrl?: string;
  admin: { email: string; password: string; totpSecret: string };
  accessTokenSeconds: number;
  levelOneTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Longest a session lives from its sign-in, however often it is refreshed (issue 29 point 5). */
  sessionMaxSeconds: number;
  resetKeySeconds: number;
  /** Wrong passwords or codes before attempts slow down, and before the account blocks. */
  throttle: { slowAfter: number; blockAfter: number; blockSeconds: number };
  /** Whether API tokens may call user, role and API-user management (issue 29 point 2); off by default. */
  apiTokensManageUsers: boolean;
  /** Calls per minute per address on the account calls. */
  accountRateLimit: number;
  smtpUrl?: string;
  staticDir?: string;
  logLevel: string;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy: addresses or CIDRs, comma-separated,
   * or true), so rate limits count the caller's address behind a load balancer, not the balancer's.
   */
  trustProxy: boolean | string;
  /**
   * Seconds a stopping process (SIGTERM, SIGINT) keeps answering while its health check answers 503, so
   * a load balancer routes around it before it stops taking requests (issue 18 point 5).
   */
  drainSeconds: number;
  /** The flow runtime's limits (issue 17 point 7) and its executions log (point 6). */
  runtime: RuntimeConfig;
  /**
   * GET /metrics (issue 32 point 1): on unless METRICS=off (the bench compares both); METRICS_TOKEN, the
   * bearer token a scraper sends, else only this machine may read it.
   */
  metrics: { enabled: boolean; token?: string };
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where spans go over OTLP/HTTP (issue 32 point 2); unset, none are made. */
  otlpEndpoint?: string;
}

export interface RuntimeConfig {
  /** Longest a call may run; past it the call answers 504 and its writes roll back. */
  timeoutMs: number;
  /** Longest one statement of a call with writes may run (PostgreSQL's statement_timeout). */
  statementTimeoutMs: number;
  /** Most rows one read block may find; more answer 422. */
  readRowCap: number;
  /** Largest request body of a flow call. */
  bodyLimitBytes: number;
  /** Calls per minute per API user (per address for public REST APIs); 0 for no limit. */
  rateLimitPerMinute: number;
  /** Days the executions log keeps a call. */
  executionRetentionDays: number;
  /** Largest file an SFTP read brings into a flow (issue 30 point 4); larger answer 422. */
  fileReadCapBytes: number;
  /** Whether reads of records tables outside a transaction are kept until the table is written. */
  readCache: boolean;
  /** SMTP_URL, as the server's own mail has it: where the SendMail connector delivers (issue 30 point 5). */
  smtpUrl?: string;
  /** Calls of REST API connections' operations (issue 30 point 3, server/connectors/rest-api/). */
  http: HttpLimits;
}

export const demoAdmin = {
  email: 'admin@example.com',
  password: 'Admin!2345',
  // 32 base32 characters: a 20-byte secret, as authenticator apps use.
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/** Whether the administrator's password or TOTP secret is the one this README publishes. */
export const usesPublishedAdmin = (admin: ServerConfig['admin']) =>
  admin.password === demoAdmin.password || admin.totpSecret === demoAdmin.totpSecret;

/**
 * Why the server must not start with this configuration, or undefined (issue 29 point 3): outside
 * APP_ENV=demo, an administrator seeded with the published password or TOTP secret is an open door.
 */
export function unsafeStart(config: Pick<ServerConfig, 'env' | 'admin'>): string | undefined {
  if (config.env === 'demo' || !usesPublishedAdmin(config.admin)) return undefined;
  return `APP_ENV is "${config.env}" but the administrator's password or TOTP secret is the published demo one: set ADMIN_PASSWORD and ADMIN_TOTP_SECRET (or APP_ENV=demo for a demo)`;
}

/**
 * The base of every link the server mails (issue 29 point 6): PUBLIC_URL, else the address the server
 * prints at start. Never the request's Host header, which the caller chooses.
 */
export function linkBase(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', ''].includes(config.host);
  const host = local ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const number = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number, got "${value}"`);
    return parsed;
  };
  const admin = {
    email: env.ADMIN_EMAIL ?? demoAdmin.email,
    password: env.ADMIN_PASSWORD ?? demoAdmin.password,
    totpSecret: env.ADMIN_TOTP_SECRET ?? demoAdmin.totpSecret,
  };
  return {
    port: number('PORT', 8080),
    // With the published demo password the server answers this machine only, unless told otherwise
    // (issue 29 point 3): `npm start` on a laptop in a café is not a public administrator.
    host: env.HOST || (usesPublishedAdmin(admin) ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    env: env.APP_ENV ?? 'demo',
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    admin,
    accessTokenSeconds: number('ACCESS_TOKEN_SECONDS', 900),
    levelOneTokenSeconds: number('LEVEL1_TOKEN_SECONDS', 300),
    refreshTokenSeconds: number('REFRESH_TOKEN_SECONDS', 8 * 3600),
    sessionMaxSeconds: number('SESSION_MAX_SECONDS', 12 * 3600),
    resetKeySeconds: number('RESET_KEY_SECONDS', 24 * 3600),
    throttle: {
      slowAfter: number('THROTTLE_SLOW_AFTER', 3),
      blockAfter: number('THROTTLE_BLOCK_AFTER', 10),
      blockSeconds: number('THROTTLE_BLOCK_SECONDS', 900),
    },
    accountRateLimit: number('ACCOUNT_RATE_LIMIT', 120),
    apiTokensManageUsers: env.API_TOKENS_MANAGE_USERS === 'true',
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    ...(env.STATIC_DIR ? { staticDir: path.resolve(env.STATIC_DIR) } : {}),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    drainSeconds: number('DRAIN_SECONDS', 0),
    runtime: {
      timeoutMs: number('FLOW_TIMEOUT_SECONDS', 10) * 1000,
      statementTimeoutMs: number('FLOW_STATEMENT_TIMEOUT_SECONDS', 5) * 1000,
      readRowCap: number('FLOW_READ_ROW_CAP', 1000),
      fileReadCapBytes: number('FLOW_FILE_READ_CAP_BYTES', 10 * 1024 * 1024),
      bodyLimitBytes: number('FLOW_BODY_LIMIT_BYTES', 1024 * 1024),
      rateLimitPerMinute: number('FLOW_RATE_LIMIT', 6000),
      executionRetentionDays: number('EXECUTION_RETENTION_DAYS', 7),
      readCache: env.FLOW_READ_CACHE !== 'off',
      ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
      http: {
        timeoutMs: number('HTTP_TIMEOUT_SECONDS', 5) * 1000,
        retries: number('HTTP_RETRIES', 2),
        retryWaitMs: number('HTTP_RETRY_WAIT_SECONDS', 5) * 1000,
        backoffMs: number('HTTP_BACKOFF_MS', 200),
        maxResponseBytes: number('HTTP_MAX_RESPONSE_BYTES', 5 * 1024 * 1024),
        maxRedirects: number('HTTP_MAX_REDIRECTS', 3),
      },
    },
    metrics: {
      enabled: env.METRICS !== 'off',
      ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}),
    },
    ...(env.OTEL_EXPORTER_OTLP_ENDPOINT ? { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT } : {}),
  };
}
