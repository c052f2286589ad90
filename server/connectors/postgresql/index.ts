import { t } from '../../../src/messages/t';
import { openStoredSettings } from '../../connections/secrets';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import { credentialTypeOf } from '../settingsSchema';
import type { ConnectorKind, Settings } from '../types';
import { versionLine } from '../versionLine';
import { connectPostgres } from './connect';
import { FlowPools } from './pools';

const schemasOf = (settings: Settings): string[] | null => {
  const list = String(settings.Schemas ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return list.length > 0 ? list : null;
};

/** The pools flows keep per server database (one per external connection, server/connectors/postgresql/pools.ts). */
const pools = new WeakMap<Db, FlowPools>();

/** The pools flows keep on a database (tests). */
export const flowPoolsOf = (db: Db) => pools.get(db);

/** A PostgreSQL server reached over the network (spec part 1 §3 'Connection'). */
export const postgresql: ConnectorKind = {
  name: 'PostgreSQL',
  description: 'A PostgreSQL server reached over the network.',
  settings: {
    type: 'object',
    properties: {
      Host: {
        type: 'string',
        description: 'Host name or address.',
        maxLength: 255,
        'x-binds-secrets': true,
        'x-ignore-case': true,
      },
      Port: { type: 'number', default: 5432, minimum: 1, maximum: 65535, 'x-binds-secrets': true },
      Database: { type: 'string', maxLength: 63, 'x-binds-secrets': true },
      User: { type: 'string', maxLength: 63, 'x-binds-secrets': true },
      Password: { type: 'string', format: 'password', writeOnly: true },
      // Binds the password too: turning TLS off sends it in clear to whoever is on the path (the server
      // answers AuthenticationCleartextPassword and gets it as typed).
      Ssl: { type: 'boolean', description: 'Connect with TLS.', default: false, 'x-binds-secrets': true },
      // Binds too: without verification whoever answers for the host gets the password.
      SslVerify: {
        type: 'boolean',
        description: 'With TLS, verify the server’s certificate; turn off only for a self-signed one.',
        default: true,
        'x-binds-secrets': true,
      },
      Schemas: {
        type: 'string',
        description:
          'Schemas whose functions and procedures the Method Builder offers, comma separated; empty for all.',
        maxLength: 500,
        pattern: '^[A-Za-z0-9_, ]*$',
      },
    },
    required: ['Host', 'Port', 'Database', 'User'],
  },

  async test(settings) {
    try {
      const client = await connectPostgres(settings);
      try {
        const result = await client.query<{ version: string }>('select version() as version');
        return {
          Success: true,
          Message: t('cb.test.success', { detail: versionLine(result.rows[0]?.version) }),
        };
      } finally {
        await client.end().catch(() => {});
      }
    } catch (error) {
      return { Success: false, Message: t('cb.test.failed', { detail: (error as Error).message }) };
    }
  },

  // A database that cannot be reached answers 502 with the driver's text (the Method Builder's admin
  // saved this connection and sees why).
  async openCatalog(settings) {
    let client: Awaited<ReturnType<typeof connectPostgres>>;
    try {
      client = await connectPostgres(settings);
    } catch (error) {
      throw new HttpError(502, 'method.error.catalog', { detail: (error as Error).message });
    }
    return {
      async query<T>(sql: string, params: unknown[] = []) {
        try {
          return (await client.query(sql, params)).rows as T[];
        } catch (error) {
          throw new HttpError(502, 'method.error.catalog', { detail: (error as Error).message });
        }
      },
      schemas: schemasOf(settings),
      close: () => client.end().catch(() => {}),
    };
  },

  flowDatabase(connection, { db, keys, config }) {
    let held = pools.get(db);
    if (!held) {
      held = new FlowPools(db);
      pools.set(db, held);
    }
    // The password is opened here, when the pool is made, for the host the connection was saved with.
    const open = () => openStoredSettings(keys, credentialTypeOf(postgresql), connection.settings);
    return held.get(connection, open, config.statementTimeoutMs);
  },

  async close(db) {
    await pools.get(db)?.close();
    pools.delete(db);
  },
};
