import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountStates } from '../auth/accountStates';
import type { ServerKeys } from '../auth/keys';
import type { Principal } from '../auth/principal';
import type { SessionStore } from '../auth/sessions';
import type { Throttle } from '../auth/throttle';
import type { ServerConfig } from '../config';
import type { BodyOf, OperationId, PathOf, QueryOf, ResultOf } from '../contract/types';
import type { TableCache } from '../db/cache';
import type { Db } from '../db/database';
import type { ItemStore } from '../items/itemStore';
import type { Mailer } from '../mail/mailer';
import type { PlanCache } from '../runtime/compile';
import type { ErrorFlows } from '../runtime/errorFlows';
import type { ExecutionLog } from '../runtime/executions';
import type { JsonAnswer } from './jsonAnswer';
import type { RateCounts } from './rateCounts';

/** What every handler can reach: the database, keys, settings and the services built on them. */
export interface Services {
  db: Db;
  keys: ServerKeys;
  config: ServerConfig;
  sessions: SessionStore;
  /** What each user may do now, for the guard (server/auth/accountStates.ts). */
  accounts: AccountStates;
  mailer: Mailer;
  throttle: Throttle;
  items: ItemStore;
  /**
   * Answers computed from the items table alone, serialized, kept until the next write to it (any
   * kind: a write tells which table, not which rows). Key them by operation and scope.
   */
  itemAnswers: TableCache<JsonAnswer<unknown>>;
  /** Whole lists as answered, kept like itemAnswers, from which list pages are cut (server/items/listPage.ts). */
  itemLists: TableCache<readonly object[]>;
  /** Compiled flow plans by version (server/runtime/compile.ts). */
  plans: PlanCache;
  /** The executions log of production flow calls (server/runtime/executions.ts). */
  executions: ExecutionLog;
  /** REST APIs' error flows, run after a failed call (server/runtime/errorFlows.ts). */
  errorFlows: ErrorFlows;
  /** Rate limits' call counts, shared by every process on the database (server/http/rateCounts.ts). */
  rateCounts: RateCounts;
  /** Seconds since the epoch; tests move it to expire tokens and keys. */
  now(): number;
}

export interface HandlerContext<K extends OperationId> extends Services {
  principal: Principal | null;
  params: PathOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
  request: FastifyRequest;
  reply: FastifyReply;
  log: FastifyBaseLogger;
}

/** A handler answers its result, or the result already serialized (server/http/jsonAnswer.ts). */
export type Handler<K extends OperationId> = (
  context: HandlerContext<K>,
) => Promise<ResultOf<K> | JsonAnswer<ResultOf<K>>>;

/** Handlers of one area, keyed by operationId. */
export type Handlers = { [K in OperationId]?: Handler<K> };
