// @ts-check
/**
 * The thread PGlite runs on (server/db/pgliteThread.ts is the other side). Plain JavaScript that Node
 * loads as it is: the server's sources run through tsx, Vitest or the bundle, none of which a worker
 * thread's file passes through.
 *
 * Each message is one request: `{id, op, …}`; the answer is `{id, ok: true, value}` or
 * `{id, ok: false, error}` with the error's fields (PostgreSQL's code, detail, constraint…).
 */
import { parentPort, workerData } from 'node:worker_threads';

const INT8 = 20;
const BYTEA = 17;

if (!parentPort) throw new Error('pgliteWorker.mjs runs as a worker thread');
const port = parentPort;

const { PGlite } = await import(workerData.pglite);
/** @type {Promise<any>} */
const opened = PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  ...(workerData.load ? { loadDataDir: new Blob([workerData.load]) } : {}),
  startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
  // int8 as a number, as pg is set up to answer it (server/db/pgModule.ts).
  parsers: { [INT8]: (/** @type {string} */ value) => Number(value) },
  // Bytes go as they are, in binary: PGlite's own bytea serializer writes them as hex text, a string
  // built byte by byte. Its type says a serializer answers text; the protocol writer takes bytes too.
  serializers: { [BYTEA]: (/** @type {Uint8Array} */ value) => value },
});
// An open that failed is answered to each request, not thrown here.
opened.catch(() => undefined);

/** @typedef {{ query(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: unknown[] }>, exec(sql: string): Promise<unknown> }} Runner */
/** @typedef {{ tx: Runner, commit(): void, rollback(error: Error): void, done: Promise<unknown> }} Open */

/** @type {Map<number, Open>} */
const transactions = new Map();

/** @param {unknown} error */
function plain(error) {
  /** @type {Record<string, unknown>} */
  const fields = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object')
    for (const [key, value] of Object.entries(error))
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}

/**
 * @param {any} db
 * @param {number | undefined} tx
 * @returns {Runner}
 */
function runner(db, tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`no transaction ${tx} is open`);
  return open.tx;
}

/**
 * Opens PGlite's transaction() and holds it until `commit` or `rollback` names it: its callback's
 * promise is what they settle.
 * @param {any} db
 * @param {number} tx
 */
function begin(db, tx) {
  return new Promise((began, failed) => {
    const open = /** @type {Open} */ ({});
    open.done = db.transaction(
      (/** @type {Runner} */ inner) =>
        new Promise((commit, rollback) => {
          Object.assign(open, { tx: inner, commit, rollback });
          transactions.set(tx, open);
          began(undefined);
        }),
    );
    open.done.catch(failed);
  });
}

/** @param {number} tx @param {boolean} commit */
async function end(tx, commit) {
  const open = transactions.get(tx);
  transactions.delete(tx);
  if (!open) throw new Error(`no transaction ${tx} is open`);
  if (commit) {
    open.commit();
    await open.done;
  } else {
    open.rollback(new Error('rolled back'));
    await open.done.catch(() => undefined);
  }
}

/**
 * COPY `target` (`table (columns)`) from `data`, COPY's text (a string) or binary format (bytes),
 * through a file in PGlite's in-memory file system: written there in one native copy, it is read by
 * PostgreSQL's own file reads. PGlite's `/dev/blob` device takes a Blob instead, and copies it into the
 * database byte by byte in JavaScript: with kept call data a batch of the executions log is tens of
 * kilobytes (issue 32's bench). Each COPY has a file of its own, named by its message: two batches may be
 * written before either runs.
 *
 * @param {any} db
 * @param {{ id: number, target: string, data: string | Uint8Array, tx?: number }} message
 */
async function copyIn(db, message) {
  const file = `/tmp/copy-${message.id}`;
  const binary = typeof message.data !== 'string';
  db.Module.FS.writeFile(file, binary ? message.data : Buffer.from(message.data));
  try {
    await runner(db, message.tx).query(
      `copy ${message.target} from '${file}'${binary ? ' with (format binary)' : ''}`,
    );
  } finally {
    db.Module.FS.unlink(file);
  }
}

port.on('message', async (/** @type {any} */ message) => {
  try {
    const db = await opened;
    /** @type {unknown} */
    let value;
    switch (message.op) {
      case 'query':
        value = (await runner(db, message.tx).query(message.sql, message.params)).rows;
        break;
      case 'exec':
        await runner(db, message.tx).exec(message.sql);
        break;
      case 'copy':
        await copyIn(db, message);
        break;
      case 'begin':
        await begin(db, message.tx);
        break;
      case 'commit':
      case 'rollback':
        await end(message.tx, message.op === 'commit');
        break;
      case 'open':
        break;
      case 'dump':
        value = await (await db.dumpDataDir('gzip')).arrayBuffer();
        break;
      case 'close':
        await db.close();
        break;
      default:
        throw new Error(`no such request: ${message.op}`);
    }
    port.postMessage({ id: message.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
  } catch (error) {
    port.postMessage({ id: message.id, ok: false, error: plain(error) });
  }
});
