import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase } from './prepare';

/** `npm start`: the reference server with the built console, on PGlite in ./data unless DATABASE_URL is set. */
async function main() {
  const started = performance.now();
  const config = configFromEnv();
  const db = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const keys = await prepareDatabase(db, config);
  const { app } = await buildApp({ db, keys, config });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const storage = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`
  Integration Console is running at ${url}  (${storage}, ready in ${Math.round(performance.now() - started)} ms)

  Demo administrator
    e-mail       ${config.admin.email}
    password     ${config.admin.password}   (as first seeded; a changed password is kept)
    TOTP secret  ${config.admin.totpSecret}   (add it to an authenticator app, or: npm run totp)
`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
