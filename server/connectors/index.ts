import type { ExternalConnector } from '../../src/domain/flow/types';
import type { Db } from '../db/database';
import { flowConnectionsOfTypes } from './flowConnection';
import { internal } from './internal';
import { postgresql } from './postgresql';
import { restApi } from './rest-api';
import { credentialTypeOf } from './settingsSchema';
import { sftp } from './sftp';
import type { ConnectorKind, ConnectorOperation, CredentialType } from './types';

/**
 * The connector kinds this server offers, one folder each (README "Add a connector kind"). The only list
 * of them: Connection.CredentialTypes, the secrets module, Test Connection, the Method Builder's catalog,
 * FlowBuilder.GetExternalConnectors and the runtime's EXTERNAL block all read it.
 */
export const connectorKinds: readonly ConnectorKind[] = [internal, postgresql, restApi, sftp];

const byName = new Map(connectorKinds.map((kind) => [kind.name, kind]));
const types = new Map(connectorKinds.map((kind) => [kind.name, credentialTypeOf(kind)]));

export const connectorKind = (name: string | undefined | null) => (name ? byName.get(name) : undefined);

/** A type as Connection.CredentialTypes answers it (fields derived from the kind's settings schema). */
export const credentialType = (name: string | undefined | null): CredentialType | undefined =>
  name ? types.get(name) : undefined;

export const credentialTypes = (): CredentialType[] => [...types.values()];

/** A connector method as the EXTERNAL block lists it, with the operation that runs it. */
export interface ConnectorMethod {
  connector: ExternalConnector;
  operation: ConnectorOperation;
}

const listedUnder = (
  connection: { guid: string; name: string },
  operations: readonly ConnectorOperation[],
): ConnectorMethod[] =>
  operations.map((operation) => ({
    operation,
    connector: {
      Guid: operation.Guid,
      Name: operation.Name,
      FlowConnectionGuid: connection.guid,
      ConnectionName: connection.name,
      Input: operation.Input,
      Output: operation.Output,
    },
  }));

/** Methods a kind offers under one connection of its own (the internal kind's SendMail, CreateTicket). */
const fixed: readonly ConnectorMethod[] = connectorKinds.flatMap((kind) =>
  kind.operations ? listedUnder(kind.operations.connection, kind.operations.list) : [],
);

const perConnection = connectorKinds.filter((kind) => kind.connectionOperations);

/**
 * Every connector method (spec part 2 §7 GetExternalConnectors): the fixed ones and those each saved
 * connection of a kind with connectionOperations offers, read from the connections as stored now.
 */
export async function connectorMethods(db: Db): Promise<ConnectorMethod[]> {
  if (perConnection.length === 0) return [...fixed];
  const connections = await flowConnectionsOfTypes(
    db,
    perConnection.map((kind) => kind.name),
  );
  const offered = connections.flatMap((connection) => {
    const kind = connectorKind(connection.type);
    return kind?.connectionOperations
      ? listedUnder(connection, kind.connectionOperations(connection, db))
      : [];
  });
  return [...fixed, ...offered];
}

/** External connector methods, by name as the list shows them. */
export const externalConnectors = async (db: Db): Promise<ExternalConnector[]> =>
  (await connectorMethods(db))
    .map((entry) => entry.connector)
    .sort((a, b) => a.Name.toLowerCase().localeCompare(b.Name.toLowerCase()));

export const externalConnector = async (db: Db, guid: string): Promise<ExternalConnector | undefined> =>
  (await connectorMethods(db)).find((entry) => entry.connector.Guid.toLowerCase() === guid.toLowerCase())
    ?.connector;

/** Closes what the kinds keep open for a database's flows (the server's shutdown). */
export const closeConnectors = async (db: Db) => {
  await Promise.all(connectorKinds.map((kind) => kind.close?.(db)));
};
