import { encrypt } from '../../../server/auth/keys';
import { connectionKind } from '../../../server/connections/connectionKind';
import type { TestServer } from '../../support/testServer';

/**
 * Stores a published PostgreSQL connection "Billing" whose password is `secret`, sealed as the server
 * seals it: the connection whose secret an export must leave behind and an import must ask for.
 */
export async function saveBillingConnection(server: TestServer, guid: string, secret: string) {
  await server.services.items.save(
    connectionKind,
    {
      FlowConnectionGuid: guid,
      Name: 'Billing',
      Type: 'PostgreSQL',
      FlowCredential: {
        Type: 'PostgreSQL',
        Settings: {
          Host: 'db.example',
          Port: 5432,
          Database: 'billing',
          User: 'app',
          Password: encrypt(server.services.keys, secret),
        },
      },
      IsPublished: true,
    },
    { by: 'test', now: server.clock.now() },
  );
}
