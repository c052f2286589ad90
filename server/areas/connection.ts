import { randomUUID } from 'node:crypto';
import { connectionRules } from '../../src/domain/connections/rules';
import { t } from '../../src/messages/t';
import { connectionKind } from '../connections/connectionKind';
import { maskSettings, openSettings, type Settings, sealSettings } from '../connections/secrets';
import { connectorKind, credentialType, credentialTypes } from '../connectors';
import { importOpenApi } from '../connectors/rest-api/openApiImport';
import type { Schemas } from '../contract/types';
import type { Handlers, Services } from '../http/context';
import { badRequest, HttpError } from '../http/errors';
import { JsonAnswer } from '../http/jsonAnswer';
import { asksForPage, listPage, pageKey } from '../items/listPage';

type Connection = Schemas['Connection'];

/** A connection as answered: credential secrets masked, never in clear (issue 5). */
export function presentConnection(stored: Record<string, unknown>): Connection {
  const connection = stored as unknown as Connection;
  const type = credentialType(connection.Type);
  return {
    ...connection,
    FlowCredential: {
      ...connection.FlowCredential,
      Type: connection.Type,
      Settings: maskSettings(type, connection.FlowCredential?.Settings as Settings | undefined),
    },
  };
}

/** The answer of a save that met a newer version (409): its Current with secrets masked too. */
async function masking409<T>(save: Promise<T>): Promise<T> {
  try {
    return await save;
  } catch (error) {
    if (error instanceof HttpError && error.status === 409 && error.extra.Current) {
      throw new HttpError(409, error.messageKey, error.params, {
        Current: presentConnection(error.extra.Current as Record<string, unknown>),
      });
    }
    throw error;
  }
}

async function stored(services: Services, guid: string) {
  return (await services.items.find(connectionKind, guid)) as Connection | undefined;
}

/** A stored connection's credential as the secrets module compares against: its type and its settings. */
const storedCredential = (connection: Connection | undefined) =>
  connection
    ? { Type: connection.Type, Settings: connection.FlowCredential?.Settings as Settings | undefined }
    : undefined;

/** Really connects with a connection's settings, as its kind tests it (issue 5: Test connection). */
async function testConnection(
  services: Services,
  guid: string,
  connection: Connection,
  saved: Connection | undefined,
) {
  // First, for every type: a masked secret aimed somewhere else than it was saved for is refused (400,
  // issue 29 point 1), whether or not this type could be reached.
  const settings = openSettings(
    services.keys,
    credentialType(connection.Type),
    connection.FlowCredential?.Settings as Settings | undefined,
    storedCredential(saved),
  );
  const kind = connectorKind(connection.Type);
  if (!kind?.test) return { Success: false, Message: t('cb.test.notSupported') };
  return kind.test(settings, services, { guid, name: connection.Name });
}

/** Connections (spec part 1 §3 'Connection', §5 'Connection', §7 'Connections'). */
const handlers: Handlers = {
  // The Connection Builder's list: every connection (10,000 make megabytes), or the page the list shows.
  // Both are the same for every caller with Read, so they are kept serialized until the items table
  // changes (server/db/cache.ts); pages are cut from the whole list, kept as objects the same way.
  'Connection.GetConnections': async ({ items, itemAnswers, itemLists, query }) => {
    const all = () =>
      itemLists.get('Connection.GetConnections', async () =>
        (await items.list(connectionKind)).map(presentConnection),
      ) as Promise<readonly Connection[]>;
    if (!asksForPage(query))
      return (await itemAnswers.get('Connection.GetConnections', async () =>
        JsonAnswer.of(await all()),
      )) as JsonAnswer<Connection[]>;
    return (await itemAnswers.get(`Connection.GetConnections${pageKey(query)}`, async () => {
      const page = listPage(await all(), query, ['Name', 'Type', 'Description'], 'Name');
      return JsonAnswer.of(page.rows, { 'x-total-count': String(page.total) });
    })) as JsonAnswer<Connection[]>;
  },

  'Connection.CredentialTypes': async () => credentialTypes(),

  'Connection.GetConnectionByGuid': async ({ items, params }) =>
    presentConnection(await items.get(connectionKind, params.guid)),

  'Connection.PostConnection': async (services) => {
    const { body, items, keys, principal, now } = services;
    const type = credentialType(body.Type);
    const errors = connectionRules(body, credentialTypes());
    if (errors.length > 0) throw badRequest(errors);
    const previous = await stored(services, body.FlowConnectionGuid);
    const settings = sealSettings(
      keys,
      type,
      body.FlowCredential?.Settings as Settings | undefined,
      storedCredential(previous),
    );
    const connection = {
      ...body,
      FlowCredential: {
        CredentialGuid:
          body.FlowCredential?.CredentialGuid ?? previous?.FlowCredential?.CredentialGuid ?? randomUUID(),
        Type: body.Type,
        Settings: settings,
      },
    };
    return masking409(
      items.save(connectionKind, connection as Record<string, unknown>, {
        by: principal?.name ?? null,
        now: now(),
      }),
    );
  },

  'Connection.DeleteConnection': async ({ items, db, params }) => {
    // Published items on it or using it: refused with the list of what would break (issue 10 point 1).
    await items.assertRemovable(connectionKind, params.guid);
    // Drafts belong to a connection too; removing it would orphan them.
    const [use] = await db.query<{ count: number }>(
      'select count(*)::int as count from items where scope = $1',
      [params.guid],
    );
    if ((use?.count ?? 0) > 0) throw new HttpError(400, 'cb.connectionInUse', { count: use!.count });
    await items.remove(connectionKind, params.guid);
    return true;
  },

  // Issue 30 point 3: the operations of an OpenAPI description, for the Connection Builder to add.
  'Connection.ImportOpenApi': async ({ body }) => ({ Operations: await importOpenApi(body.Document) }),

  'Connection.TestConnection': async (services) => {
    const saved = await stored(services, services.params.guid);
    // Without a body the stored connection is tested, as the console would send it: secrets masked, so
    // they are opened (the sealed text itself is no password).
    const connection = services.body ?? (saved && presentConnection(saved as Record<string, unknown>));
    if (!connection) throw new HttpError(404, 'cb.error.loadConnection');
    return testConnection(services, services.params.guid, connection, saved);
  },
};

export default handlers;
