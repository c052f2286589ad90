import type { ExternalConnector } from '../../src/domain/flow/types';
import type { Db } from '../db/database';
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

interface Listed {
  connector: ExternalConnector;
  operation: ConnectorOperation;
}

const listed: readonly Listed[] = connectorKinds.flatMap((kind) =>
  (kind.operations?.list ?? []).map((operation) => ({
    operation,
    connector: {
      Guid: operation.Guid,
      Name: operation.Name,
      FlowConnectionGuid: kind.operations!.connection.guid,
      ConnectionName: kind.operations!.connection.name,
      Input: operation.Input,
      Output: operation.Output,
    },
  })),
);

/** External connector methods (spec part 2 §7 GetExternalConnectors), by name as the list shows them. */
export const externalConnectors = (): ExternalConnector[] =>
  listed
    .map((entry) => entry.connector)
    .sort((a, b) => a.Name.toLowerCase().localeCompare(b.Name.toLowerCase()));

export const externalConnector = (guid: string): ExternalConnector | undefined =>
  listed.find((entry) => entry.connector.Guid.toLowerCase() === guid.toLowerCase())?.connector;

/** The operation behind a connector method, found by its guid (what a flow's EXTERNAL block stores). */
export const connectorOperation = (guid: string | null | undefined): ConnectorOperation | undefined =>
  guid
    ? listed.find((entry) => entry.connector.Guid.toLowerCase() === guid.toLowerCase())?.operation
    : undefined;

/** Closes what the kinds keep open for a database's flows (the server's shutdown). */
export const closeConnectors = async (db: Db) => {
  await Promise.all(connectorKinds.map((kind) => kind.close?.(db)));
};
