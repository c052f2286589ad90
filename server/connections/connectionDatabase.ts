import { connectorKind, credentialType } from '../connectors';
import type { ConnectionDatabase, Settings } from '../connectors/types';
import type { Services } from '../http/context';
import { HttpError } from '../http/errors';
import { openStoredSettings } from './secrets';

export type { ConnectionDatabase } from '../connectors/types';

export interface StoredConnection {
  Type?: string;
  FlowCredential?: { Settings?: Settings };
}

/**
 * Opens the database a connection points at, as its kind says (server/connectors/<kind>/openCatalog):
 * a kind without a catalog answers 400. The stored secrets are opened here only to hand them to the kind,
 * for the target the connection saved.
 */
export async function openConnectionDatabase(
  services: Pick<Services, 'db' | 'keys'>,
  connection: StoredConnection,
): Promise<ConnectionDatabase> {
  const kind = connectorKind(connection.Type);
  if (!kind?.openCatalog) throw new HttpError(400, 'method.error.noCatalog');
  const settings = openStoredSettings(
    services.keys,
    credentialType(connection.Type),
    connection.FlowCredential?.Settings,
  );
  return kind.openCatalog(settings, services);
}
