import type { FlowBlock, FlowGraph, HttpMethod } from '../../src/domain/flow/types';
import type { ServerKeys } from '../auth/keys';
import type { RuntimeConfig } from '../config';
import { connectorMethods } from '../connectors';
import { type CacheStats, TableCache } from '../db/cache';
import type { Db } from '../db/database';
import { flowFunctions } from '../flows/flowLookups';
import { HttpError } from '../http/errors';
import { AUTHORIZATION, addSecret } from './callData';
import { blockCompilers, type CompileEnv, type Executor } from './executors';
import { NotRunnable } from './sources';

/**
 * A flow version compiled into an execution plan (issue 17 point 4): each block resolved to its executor
 * with its documents, methods, connectors and functions looked up and its SQL built once. Plans are kept
 * per version until a write to a table they were built from (server/db/cache.ts, the same write tracking
 * as every other cache), so a call does no catalog lookup.
 */
export interface Step {
  block: FlowBlock;
  execute: Executor;
  next: string | undefined;
  falseNext: string | undefined;
}

export interface Plan {
  flowGuid: string;
  versionGuid: string;
  version: number;
  name: string;
  method: HttpMethod;
  apiGuid: string | null;
  start: string;
  steps: ReadonlyMap<string, Step>;
  /** Whether any block writes: the call then runs in one transaction. */
  writes: boolean;
  /** Whether a block writes the server's own database (callTransactions.ts: it counts for two-phase commit). */
  writesOwn: boolean;
  /** The start block's input fields (the test run's form). */
  inputFields: NonNullable<NonNullable<FlowBlock['Config']>['Fields']>;
  /** Names (lower case) whose values a kept call's data replaces (server/runtime/callData.ts). */
  secrets: ReadonlySet<string>;
  /** Each block's place in the version's Blocks: how kept call data names it (callData.ts). */
  blocks: ReadonlyMap<string, number>;
}

/** A plan, or why the version cannot run here (an answer kept like a plan, so a failing flow is not recompiled per call). */
export type Compiled = { plan: Plan } | { error: HttpError };

/** The tables a plan is built from: a write to any of them drops every kept plan. */
export const PLAN_TABLES = ['items', 'flows', 'flow_versions', 'flow_functions', 'settings'];

interface VersionRow {
  flow_guid: string;
  version_guid: string;
  version: number;
  graph: FlowGraph;
  name: string;
  http_method: HttpMethod;
  api_guid: string | null;
  is_script: boolean;
}

/**
 * Compiles one version (any status: the test run compiles drafts too); with `graph`, that graph in the
 * version's place (the test run of what the canvas shows).
 */
export async function compileVersion(
  db: Db,
  config: RuntimeConfig,
  keys: ServerKeys,
  versionGuid: string,
  graph?: FlowGraph,
): Promise<Compiled> {
  const [row] = await db.query<VersionRow>(
    `select v.flow_guid::text as flow_guid, v.version_guid::text as version_guid, v.version, v.graph,
            f.name, f.http_method, f.api_guid::text as api_guid, f.is_script
       from flow_versions v join flows f on f.guid = v.flow_guid where v.version_guid::text = $1`,
    [versionGuid],
  );
  if (!row) return { error: new HttpError(404, 'fb.versionNotFound') };
  // Script flows run their C# on the Script Service (spec part 2 §3 'Flow': is_script), a .NET host.
  if (row.is_script) return { error: new HttpError(501, 'runtime.scriptFlow') };
  const [connectors, functions] = await Promise.all([connectorMethods(db), flowFunctions(db)]);
  const env: CompileEnv = {
    db,
    config,
    keys,
    connectors: new Map(connectors.map((entry) => [entry.connector.Guid.toLowerCase(), entry])),
    functions: new Map(functions.map((entry) => [entry.Guid, entry])),
    writes: false,
    writesOwn: false,
    secrets: new Set([AUTHORIZATION]),
  };
  const flowGraph = graph ?? row.graph;
  const blocks = flowGraph.Blocks ?? [];
  const steps = new Map<string, Step>();
  try {
    for (const block of blocks) {
      const compiler = Object.hasOwn(blockCompilers, block.Type)
        ? blockCompilers[block.Type as keyof typeof blockCompilers]
        : undefined;
      if (!compiler)
        throw new HttpError(501, 'runtime.notRunnable', {
          reason: `the block type ${String(block.Type)} is not known`,
        });
      steps.set(block.Guid, {
        block,
        execute: await compiler(block, env),
        next: block.Out?.[0],
        falseNext: block.False?.[0],
      });
    }
  } catch (error) {
    if (error instanceof HttpError) return { error };
    if (error instanceof NotRunnable)
      return { error: new HttpError(501, 'runtime.notRunnable', { reason: error.message }) };
    throw error;
  }
  // A result answering a secret field under an alias answers a secret (issue 32 point 3).
  for (const block of blocks)
    if (block.Type === 'result')
      for (const field of block.Output ?? [])
        if (env.secrets.has(field.Name.toLowerCase())) addSecret(env.secrets, field.Alias);
  const start = flowGraph.StartBlock ?? blocks.find((block) => block.Type === 'start')?.Guid;
  if (!start || !steps.has(start))
    return { error: new HttpError(501, 'runtime.notRunnable', { reason: 'the flow has no start block' }) };
  return {
    plan: {
      flowGuid: row.flow_guid,
      versionGuid: row.version_guid,
      version: row.version,
      name: row.name,
      method: row.http_method,
      apiGuid: row.api_guid,
      start,
      steps,
      writes: env.writes,
      writesOwn: env.writesOwn,
      inputFields: steps.get(start)!.block.Config?.Fields ?? [],
      secrets: env.secrets,
      blocks: new Map(blocks.map((block, index) => [block.Guid, index])),
    },
  };
}

/** Plans by version guid, kept until one of PLAN_TABLES is written. */
export class PlanCache {
  private readonly cache: TableCache<Compiled>;

  constructor(
    private readonly db: Db,
    private readonly config: RuntimeConfig,
    private readonly keys: ServerKeys,
  ) {
    this.cache = new TableCache<Compiled>(db, PLAN_TABLES, 1000);
  }

  /** Its hits, misses and drops, for /metrics. */
  get stats(): CacheStats {
    return this.cache.stats;
  }

  get(versionGuid: string): Promise<Compiled> {
    return this.cache.get(versionGuid, () => compileVersion(this.db, this.config, this.keys, versionGuid));
  }
}
