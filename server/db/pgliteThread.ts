import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * PGlite on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every statement runs on
 * the thread that opened it, and on the server's one thread that was a quarter to a half of a flow
 * call's CPU (the executions log's writes, kept call data, the reads the caches miss: docs/quality.md).
 * Here the main thread only sends a statement and its parameters and takes back the rows; PostgreSQL
 * parses, plans, executes and writes on this worker thread, on the machine's other core, while the main
 * thread answers the next requests.
 *
 * One statement is one message each way: the worker runs PGlite's query() (parse, bind, execute, and
 * the parsers into JavaScript values) and posts the rows back, structured-cloned. A transaction is a
 * BEGIN message that opens PGlite's own transaction() on the worker and holds it until COMMIT or
 * ROLLBACK; statements sent meanwhile name it. PGlite's mutexes still order everything on the worker, as
 * they did on the main thread: a statement outside the transaction waits for it to end.
 */

/** What a statement runs in: the database itself, or a transaction opened by `transaction`. */
export type PgliteScope = number | undefined;

export interface PgliteThreadOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  /** Added to PGlite's start parameters (`-c name=value` pairs). */
  startParams?: string[];
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Request =
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'copy'; target: string; data: string | Uint8Array; tx?: number }
  | { op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { op: 'open' | 'dump' | 'close' };

/** The error a statement failed with, as PostgreSQL said it (code, detail, constraint…), on this thread. */
function reviveError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'database error'));
  for (const [key, value] of Object.entries(fields))
    if (key !== 'message' && key !== 'stack') Object.assign(error, { [key]: value });
  return error;
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTx = 1;
  private failed: Error | undefined;
  private closing = false;

  private constructor(private readonly worker: Worker) {
    worker.on(
      'message',
      (message: { id: number; ok: boolean; value?: unknown; error?: Record<string, unknown> }) => {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        if (this.pending.size === 0) worker.unref();
        if (message.ok) pending.resolve(message.value);
        else pending.reject(reviveError(message.error ?? {}));
      },
    );
    const fail = (error: Error) => {
      this.failed = error;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => {
      // PGlite's PostgreSQL aborted (out of memory, a broken data directory): every statement from now
      // on fails with this, and the operator sees why in the log once.
      console.error(`database: the PGlite thread failed (${error.message}); restart the server`);
      fail(error);
    });
    worker.on('exit', (code) => {
      if (!this.closing && !this.failed)
        console.error(`database: the PGlite thread ended (exit code ${code})`);
      fail(new Error(`the database thread ended (exit code ${code})`));
    });
  }

  /** Starts the thread and opens PGlite on it; rejects with PGlite's own error when it cannot. */
  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
    const load = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
      workerData: { pglite, dataDir: options.dataDir, load, startParams: options.startParams ?? [] },
      transferList: load ? [load] : [],
    });
    const thread = new PgliteThread(worker);
    await thread.request({ op: 'open' }).catch((error) => {
      // Ended on purpose: the caller gets PGlite's error, the log no second word of it.
      thread.closing = true;
      void worker.terminate();
      throw error;
    });
    return thread;
  }

  private request<T>(message: Request, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // Each caller's message is its own literal: it takes its id instead of being copied around it.
      (message as Request & { id: number }).id = id;
      this.worker.postMessage(message, transfer);
    });
  }

  query<T>(sql: string, params: unknown[], tx?: PgliteScope): Promise<T[]> {
    return this.request<T[]>({ op: 'query', sql, params, tx });
  }

  exec(sql: string, tx?: PgliteScope): Promise<void> {
    return this.request<void>({ op: 'exec', sql, tx });
  }

  /** COPY `target` (`table (columns)`) from `data`: COPY's text format, or its binary format as bytes. */
  copy(target: string, data: string | Uint8Array, tx?: PgliteScope): Promise<void> {
    // Bytes are handed over (Db.copyIn): their memory moves to the thread instead of being copied twice.
    return this.request<void>(
      { op: 'copy', target, data, tx },
      typeof data === 'string' ? [] : [data.buffer as ArrayBuffer],
    );
  }

  /** Runs `fn` in one transaction: it commits when `fn` resolves and rolls back when it throws. */
  async transaction<T>(fn: (tx: number) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.request({ op: 'begin', tx });
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.request({ op: 'rollback', tx }).catch(() => undefined);
      throw error;
    }
    await this.request({ op: 'commit', tx });
    return result;
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.request<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.request({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
