import type pg from 'pg';

/** How many texts one pool names; past it a statement runs unnamed, as any other. */
const NAMED_TEXTS = 200;

/**
 * Names for the statements flows run again and again on one pool (a compiled block's SQL, the same text
 * every call), so that each connection of the pool parses and plans a text once, as a prepared statement,
 * and then only binds and executes it. Unnamed, PostgreSQL parsed, analysed and planned the text anew on
 * every call: on the bench's READ by key that was about a quarter of what the whole machine spent on a call.
 *
 * Bounded, since a remote server keeps each prepared statement on each connection until it closes: at
 * most NAMED_TEXTS texts a pool (the pool and its names go together when the connection changes,
 * pools.ts). A text whose prepared plan the remote refused once (`unname`) runs unnamed from then on.
 */
export class StatementNames {
  private readonly names = new Map<string, string | null>();

  constructor(private readonly limit = NAMED_TEXTS) {}

  /** The text's name on this pool's connections, or undefined to run it unnamed. */
  nameOf(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined) return known ?? undefined;
    if (this.names.size >= this.limit) return undefined;
    // Entries are never removed, so the count makes each name new: pg refuses one name for two texts.
    const name = `uis_${this.names.size + 1}`;
    this.names.set(sql, name);
    return name;
  }

  /** Runs `sql` unnamed from now on. */
  unname(sql: string): void {
    this.names.set(sql, null);
  }
}

/**
 * Whether PostgreSQL refused a prepared statement because what it answers changed under it (a column's
 * or a function's result type altered since it was prepared). Raised while the statement is re-planned,
 * before it runs, so running the text again unnamed repeats nothing. Told by the server's routine, which,
 * unlike the message, is not translated.
 */
export function isStalePlan(error: unknown): boolean {
  const { code, routine } = (error ?? {}) as { code?: unknown; routine?: unknown };
  return code === '0A000' && routine === 'RevalidateCachedQuery';
}

/**
 * Runs a named statement on the pool. Made as pg's own Query from the text as a string, then named: given
 * a config object instead, pg copies it through its property descriptors on every call, which the bench's
 * profile put at 3% of the READ flow's thread.
 */
export function runNamed(
  pool: pg.Pool,
  { Query }: Pick<typeof pg, 'Query'>,
  name: string,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  const query = Object.assign(new Query(text, values), { name });
  // A Query passed to the pool runs as it is; pg's types describe that form as answering the Query
  // (for streams), though the pool answers a promise of the result as for any other.
  return (pool.query as unknown as (query: pg.Query) => Promise<pg.QueryResult>)(query);
}
