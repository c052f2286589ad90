import { fieldValue } from '../../src/domain/flow/runtime/fieldValue';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/database';
import type { CallTransactions } from './callTransactions';

/**
 * One call's state while its plan runs: the flow fields (variables) by lower-case name, the rows of the
 * last read without first match (for a result that is an array), the answer once the result block ran,
 * and the trace when the call is a test run or its data may be kept.
 */
export interface Variable {
  name: string;
  value: unknown;
}

export interface TraceEntry {
  Guid: string;
  Type: string;
  /** What the block read: the values it mapped, tested or wrote. */
  Input?: unknown;
  /** What it added to the flow, or answered. */
  Output?: unknown;
  /** check blocks: the exit taken. */
  Branch?: 'TRUE' | 'FALSE';
  /** read and write blocks: rows read or written. */
  Rows?: number;
  DurationMs: number;
  Error?: { Message: string; MessageKey: string; ErrorCode?: string };
}

export interface RunState {
  /** The database of this call: a transaction when the plan writes or for a test run; stops with it. */
  db: Db;
  /**
   * The database whose read cache (server/runtime/readCache.ts) this call's reads may use: the one it
   * runs on while outside a transaction, null inside one (what a transaction reads is never kept).
   */
  cacheable: Db | null;
  /**
   * A writing call's transactions on other connections' databases (callTransactions.ts); undefined
   * outside a transaction, where another connection's routine runs on its pool.
   */
  remote?: CallTransactions;
  /** ms since the epoch, fixed for the call (date keywords and defaults read it). */
  now: number;
  /** When the call must end (ms since the epoch). */
  deadline: number;
  principal: Principal | null;
  newGuid(): string;
  input: Record<string, unknown>;
  vars: Map<string, Variable>;
  rows: Array<Map<string, Variable>> | null;
  answer?: { status: number; body: unknown };
  /** Test runs, and production calls whose data may be kept: what each block did, filled by the runner. */
  tracing: boolean;
  /** What the running block reports for the trace (set by executors when tracing). */
  note?: Pick<TraceEntry, 'Input' | 'Output' | 'Rows' | 'Branch'>;
}

/** Sets a flow field (a later field of the same name shadows the earlier one, spec part 2 §3 'Block'). */
export function setVar(state: RunState, name: string, value: unknown): void {
  state.vars.set(name.toLowerCase(), { name, value });
}

/** A flow field's value by (dotted) name (src/domain/flow/runtime/fieldValue.ts); null when absent. */
export function readVar(state: RunState, name: string): unknown {
  return fieldValue(state.vars, name) ?? null;
}
