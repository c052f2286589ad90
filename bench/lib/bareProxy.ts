import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { Agent, request } from 'undici';
import { type BareFastify, spawnBare } from './bareFastify';

const thisFile = fileURLToPath(import.meta.url);

/**
 * Issue 30's control for an EXTERNAL call: a bare Fastify process that answers GET `route` by calling
 * `target` + the same path with undici (the client the connector uses) and sending its JSON back, with
 * the key header the connection would send. No token, no plan, no executions log: a hand-written proxy
 * in its own process, as the server is.
 */
export async function startBareProxy(
  route: string,
  target: string,
  headers: Record<string, string>,
): Promise<BareFastify> {
  return spawnBare(
    thisFile,
    {
      BARE_ROUTE: route,
      BARE_TARGET: target,
      BARE_HEADERS: JSON.stringify(headers),
    },
    'bare proxy',
  );
}

async function serve() {
  const target = process.env.BARE_TARGET ?? 'http://127.0.0.1';
  const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}') as Record<string, string>;
  const dispatcher = new Agent({ connections: 50 });
  const app = Fastify({ logger: false });
  app.get(process.env.BARE_ROUTE ?? '/', async (incoming, reply) => {
    const answer = await request(`${target}${incoming.url}`, { headers, dispatcher });
    const body = await answer.body.json();
    return reply.code(answer.statusCode).send(body);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${address}\n`);
  process.once('SIGTERM', () => void app.close().then(() => dispatcher.close().then(() => process.exit(0))));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void serve();
