import { t } from '../../../src/messages/t';
import { DEMO_CONNECTION_GUID, INTERNAL_TYPE } from '../../connections/connectionKind';
import type { ConnectorKind } from '../types';
import { versionLine } from '../versionLine';
import { createTicket } from './createTicket';
import { sendMail } from './sendMail';

/** The schema of the internal demo connection: its stored procedures are what the Method Builder offers. */
export const INTERNAL_SCHEMAS = ['demo'];

/** The server's own database (spec part 1 §3 'Connection'); it needs no settings, so it holds no secret. */
export const internal: ConnectorKind = {
  name: INTERNAL_TYPE,
  description: 'The server’s own database; the demo schema holds the stored procedures.',
  settings: { type: 'object', properties: {} },

  async test(_settings, { db }) {
    const [row] = await db.query<{ version: string }>('select version() as version');
    return {
      Success: true,
      Message: t('cb.test.success', { detail: `${t('cb.test.internal')}, ${versionLine(row?.version)}` }),
    };
  },

  openCatalog: async (_settings, { db }) => ({
    query: (sql, params) => db.query(sql, params),
    schemas: INTERNAL_SCHEMAS,
    close: async () => {},
  }),

  // What the server itself does for flows, listed under its own demo connection.
  operations: {
    connection: { guid: DEMO_CONNECTION_GUID, name: 'DemoDatabase' },
    list: [createTicket, sendMail],
  },
};
