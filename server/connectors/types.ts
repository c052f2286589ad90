import type { ExternalConnector } from '../../src/domain/flow/types';
import type { ServerKeys } from '../auth/keys';
import type { RuntimeConfig } from '../config';
import type { Schemas } from '../contract/types';
import type { Db } from '../db/database';
import type { Services } from '../http/context';
import type { RunState } from '../runtime/state';

export type CredentialType = Schemas['CredentialType'];

/** Settings as the connection stores them once opened: secrets in clear, only inside a connector. */
export type Settings = Record<string, string | number | boolean | null>;

/**
 * One setting as JSON Schema. A secret is marked `writeOnly` with `format: 'password'` (encrypted at
 * rest, answered masked); `x-binds-secrets` marks a setting that says where the secrets go (issue 29
 * point 1, src/domain/connections/secretReentry.ts) and `x-ignore-case` one compared without case.
 */
export interface SettingSchema {
  type: 'string' | 'integer' | 'number' | 'boolean';
  format?: 'password' | 'uri';
  writeOnly?: true;
  description?: string;
  default?: string | number | boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  'x-binds-secrets'?: true;
  'x-ignore-case'?: true;
}

/** A kind's settings: a JSON Schema object whose property order is the form's field order. */
export interface SettingsSchema {
  type: 'object';
  properties: Record<string, SettingSchema>;
  required?: readonly string[];
}

/** What Test Connection answers (spec part 1 §5 'Connection'). */
export interface TestAnswer {
  Success: boolean;
  Message: string;
}

/** A connection's database, for reading its catalog (the Method Builder's functions and procedures). */
export interface ConnectionDatabase {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Schemas whose routines are offered, or null for every user schema. */
  schemas: string[] | null;
  close(): Promise<void>;
}

/** What an operation's implementation may use besides its input: the call's state and the runtime's settings. */
export interface OperationContext {
  state: RunState;
  config: RuntimeConfig;
  /** Opens the connection's sealed secrets, inside the connector only (issue 29 point 1). */
  keys: ServerKeys;
}

/**
 * One operation a kind offers to the EXTERNAL block (spec part 2 §3 'Other': an external connector
 * method with input and output fields), with its implementation.
 */
export interface ConnectorOperation
  extends Required<Pick<ExternalConnector, 'Guid' | 'Name' | 'Input' | 'Output'>> {
  /** Whether it writes: a plan with such an operation runs in a transaction, so an error block undoes it. */
  writes: boolean;
  call(input: Readonly<Record<string, unknown>>, context: OperationContext): Promise<Record<string, unknown>>;
}

/** A connection as flows use it: its stored credential (secrets sealed) and what identifies that version. */
export interface FlowConnection {
  guid: string;
  name: string;
  type: string;
  settings: Settings;
  /**
   * The connection item as stored (published, else the draft; secrets still sealed): where a kind keeps
   * what it declares beyond flat settings, such as an HTTP API's operations.
   */
  definition: Record<string, unknown>;
  /** Changes whenever the stored type or credential does: a pool opened for another one is stale. */
  fingerprint: string;
}

/** What compiling a flow gives a kind to run its methods with. */
export interface FlowContext {
  db: Db;
  keys: ServerKeys;
  config: RuntimeConfig;
}

/** What a statement's caller knows about it. */
export interface QueryOptions {
  /**
   * The text is a compiled block's, run again on every call with other values: the database may keep it
   * prepared (server/connectors/postgresql/statementNames.ts). Texts made per request (the Document
   * Editor's pages) leave it out.
   */
  repeated?: boolean;
}

/**
 * A connection's database as READ and WRITE blocks run methods on it: a failure of the other side comes
 * out as a RemoteFailure (502/504, server/connectors/remoteFailure.ts), never the remote's text.
 */
export interface FlowDatabase {
  /** The connection's name, as failures name it. */
  connection: string;
  /** The connection's guid: a call keeps one transaction per connection (server/runtime/callTransactions.ts). */
  key: string;
  /** One statement on the pool, outside any transaction (reads outside a writing call). */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /**
   * A client of the pool of its own with BEGIN sent, for one call's writes; absent, each statement
   * commits on its own. Failures come out as RemoteFailure too.
   */
  begin?(): Promise<RemoteTransaction>;
}

/**
 * What one call wrote on another connection and keeps undone until the call commits
 * (server/runtime/callTransactions.ts): a database's transaction, an SFTP server's staged files.
 */
export interface CallParticipant {
  /** Whether its server allows two-phase commit (max_prepared_transactions > 0, asked once per pool). */
  canPrepare: boolean;
  /**
   * PREPARE TRANSACTION under a gid of its own, which it answers: the client goes back to the pool, the
   * transaction stays on the server until finishPrepared.
   */
  prepare(): Promise<string>;
  commit(): Promise<void>;
  /** Never throws: a lost client is dropped from the pool, which is what a rollback needs. */
  rollback(): Promise<void>;
  /** COMMIT PREPARED or ROLLBACK PREPARED, on any client of the pool. */
  finishPrepared(gid: string, commit: boolean): Promise<void>;
}

/** One call's transaction on another connection's database. */
export interface RemoteTransaction extends CallParticipant {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * A connector kind: one credential type (spec part 1 §3 'Connection') declared once under
 * server/connectors/<kind>/ — its settings, how it is tested, what catalog it has and what operations it
 * offers. The registry (server/connectors/index.ts) is the only list of kinds.
 */
export interface ConnectorKind {
  /** The credential type's name, as connections store it in Type. */
  name: string;
  description: string;
  settings: SettingsSchema;
  /**
   * Its connections declare HTTP operations (the connection item's Operations, imported from an OpenAPI
   * description too): the Connection Builder then shows them (CredentialType.DeclaresOperations).
   */
  declaresOperations?: true;
  /**
   * Really connects with settings in clear; absent, Test Connection answers that the type cannot be tested.
   * `connection` is the one tested (saved or not), for what a kind keeps about it (an SFTP host key pin).
   */
  test?(
    settings: Settings,
    services: Pick<Services, 'db'>,
    connection: { guid: string; name: string },
  ): Promise<TestAnswer>;
  /** Opens the database whose functions and procedures the Method Builder offers; absent, the type has none. */
  openCatalog?(settings: Settings, services: Pick<Services, 'db'>): Promise<ConnectionDatabase>;
  /**
   * Operations this kind offers to flows, and the connection they are listed under (the EXTERNAL block's
   * list, FlowBuilder.GetExternalConnectors).
   */
  operations?: { connection: { guid: string; name: string }; list: readonly ConnectorOperation[] };
  /**
   * Operations each saved connection of this kind offers (an HTTP API's declared operations, an SFTP
   * server's file operations), listed under that connection. Built from the stored definition alone:
   * nothing is contacted and no secret is opened until `call`. Guids must be stable for a connection and
   * operation name (operationGuid in server/connectors/operationGuid.ts), since flows store them. `db` is
   * the server's database the plan is compiled on: what a kind keeps open for flows is kept per database.
   */
  connectionOperations?(connection: FlowConnection, db: Db): readonly ConnectorOperation[];
  /**
   * The database flows run this connection's methods on (READ and WRITE blocks); absent, its methods do
   * not run in flows. Nothing is opened until the first query; secrets are opened only then, here.
   */
  flowDatabase?(connection: FlowConnection, context: FlowContext): FlowDatabase;
  /** Closes what the kind keeps open for a database's flows (server shutdown). */
  close?(db: Db): Promise<void>;
}
