import { configFromEnv, linkBase, unsafeStart, usesPublishedAdmin } from './config';
import { openDatabase } from './db/database';
import { startFromEmptyDatabase } from './db/template';

/** `npm start`: the reference server with the built console, on PGlite in ./data unless DATABASE_URL is set. */
async function main() {
  // Where a cold start goes (issue 20 point 4), from the process's own start: the start-up line shows it.
  const phases: string[] = [];
  let mark = 0;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${Math.round(now - mark)}`);
    mark = now;
  };
  phase('modules');
  const config = configFromEnv();
  const refusal = unsafeStart(config);
  if (refusal) {
    console.error(`Not starting: ${refusal}.`);
    process.exit(1);
  }
  if (!config.databaseUrl) startFromEmptyDatabase(config.dataDir);
  const opening = openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  // The app's modules load while PGlite reads and compiles its WebAssembly, which leaves the main
  // thread idle for a while (issue 20 point 4).
  const [{ buildApp }, { prepareDatabase }] = await Promise.all([import('./app'), import('./prepare')]);
  const db = await opening;
  phase('database and app modules');
  const keys = await prepareDatabase(db, config);
  phase('migrations and demo data');
  const { app, drain } = await buildApp({ db, keys, config });
  phase('routes');

  // Graceful stop (issue 18 point 5): the health check answers 503 for DRAIN_SECONDS while calls are
  // still answered, so a load balancer routes around this process; then it stops taking connections,
  // finishes the calls in flight (Fastify answers 503 to any that arrive meanwhile), writes what it
  // holds (executions log, rate counts), closes the database and leaves.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining for ${config.drainSeconds} s, then stopping`);
    setTimeout(
      () => {
        console.error('stopping took too long; leaving anyway');
        process.exit(1);
      },
      (config.drainSeconds + 30) * 1000,
    ).unref();
    drain();
    await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  const url = linkBase(config);
  const storage = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PostgreSQL in ${config.dataDir}`;
  // The published demo credentials are printed; configured ones are secrets and never are.
  const administrator = usesPublishedAdmin(config.admin)
    ? `
  Demo administrator (seeded into a database that has no administrator)
    e-mail       ${config.admin.email}
    password     ${config.admin.password}   (as first seeded; a changed password is kept)
    TOTP secret  ${config.admin.totpSecret}   (add it to an authenticator app, or: npm run totp)
  Listening on ${config.host} only${process.env.HOST ? '' : ' (published demo password; set HOST to listen elsewhere)'}
`
    : `
  Administrator ${config.admin.email} (seeded into a database that has no administrator), with the
  password and TOTP secret of ADMIN_PASSWORD and ADMIN_TOTP_SECRET
`;
  console.log(`
  Integration Console is running at ${url}  (${storage})
  ready ${Math.round(performance.now())} ms after the process started: ${phases.join(', ')} ms
${administrator}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
