import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { type BareFastify, spawnBare } from './bareFastify';

const thisFile = fileURLToPath(import.meta.url);

/**
 * Issue 30's control for an external READ: a bare Fastify process answering GET `route`?id=… with the
 * first row of `sql` ($1 = id) as JSON, through a `pg` pool of its own as large as a flow connection's
 * (server/connectors/postgresql/pools.ts). No token, no plan, no executions log: what a hand-written
 * service over the same database does, in its own process as the server is.
 */
export async function startBarePostgres(
  route: string,
  databaseUrl: string,
  sql: string,
  poolSize: number,
): Promise<BareFastify> {
  return spawnBare(
    thisFile,
    {
      BARE_ROUTE: route,
      BARE_DATABASE_URL: databaseUrl,
      BARE_SQL: sql,
      BARE_POOL: String(poolSize),
    },
    'bare PostgreSQL service',
  );
}

async function serve() {
  const pool = new pg.Pool({
    connectionString: process.env.BARE_DATABASE_URL,
    max: Number(process.env.BARE_POOL ?? 10),
  });
  const sql = process.env.BARE_SQL ?? 'select 1';
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { id?: string } }>(process.env.BARE_ROUTE ?? '/', async (request, reply) => {
    const { rows } = await pool.query(sql, [Number(request.query.id)]);
    if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
    return rows[0];
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${address}\n`);
  process.once('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void serve();
