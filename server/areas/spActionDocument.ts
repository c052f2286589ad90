import { methodTypeOf } from '../../src/domain/methods/methodType';
import { methodRules } from '../../src/domain/methods/rules';
import { t } from '../../src/messages/t';
import { listRoutines, routineParameters } from '../connections/catalog';
import { openConnectionDatabase, type StoredConnection } from '../connections/connectionDatabase';
import { connectionKind } from '../connections/connectionKind';
import type { Handlers, Services } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { methodKind } from '../methods/methodKind';

async function connectionOf(services: Services, guid: string) {
  return (await services.items.get(connectionKind, guid)) as StoredConnection;
}

/** Runs `read` on a connection's database and always closes it. */
async function withCatalog<T>(
  services: Services,
  connection: StoredConnection,
  read: (database: Awaited<ReturnType<typeof openConnectionDatabase>>) => Promise<T>,
) {
  const database = await openConnectionDatabase(services, connection);
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

/** Methods per connection and the live catalog of stored procedures (spec part 1 §3 'Method', §5, §7 'Methods'). */
const handlers: Handlers = {
  'SPActionDocument.GetConnectionMethods': async (services) => {
    await connectionOf(services, services.params.connection);
    return (await services.items.list(methodKind, services.params.connection)) as never;
  },

  'SPActionDocument.GetConnectionMethod': async ({ items, params }) =>
    (await items.get(methodKind, params.guid, params.connection)) as never,

  'SPActionDocument.PostConnectionMethod': async (services) => {
    const { body, params, items, principal, now } = services;
    if (body.Guid.toLowerCase() !== params.guid.toLowerCase())
      throw badRequest([
        {
          path: '/Guid',
          messageKey: 'method.validation.guidMismatch',
          message: t('method.validation.guidMismatch'),
        },
      ]);
    await connectionOf(services, params.connection);
    // A query script (IsSp false) is of type Query, a stored procedure of the default type (spec part 1 §3).
    const method = { ...body, FlowConnectionGuid: params.connection, Type: methodTypeOf(body) };
    const errors = methodRules(method);
    if (errors.length > 0) throw badRequest(errors);
    return items.save(methodKind, method as Record<string, unknown>, {
      scope: params.connection,
      by: principal?.name ?? null,
      now: now(),
    });
  },

  'SPActionDocument.DeleteConnectionMethod': async ({ items, params }) => {
    await items.remove(methodKind, params.guid, params.connection);
    return true;
  },

  'SPActionDocument.GetSPS': async (services) => {
    const { params, query, items } = services;
    const connection = await connectionOf(services, params.connection);
    const routines = await withCatalog(services, connection, listRoutines);
    // Procedures a method of this connection already wraps (excludeDocumentedSPs).
    const documented = new Set(
      (await items.list(methodKind, params.connection)).map((method) =>
        String(method.Script ?? '').toLowerCase(),
      ),
    );
    return routines
      .map((routine) => ({ ...routine, IsDocumented: documented.has(routine.Name.toLowerCase()) }))
      .filter((routine) => !(query.excludeDocumentedSPs && routine.IsDocumented));
  },

  'SPActionDocument.GetSPParameters': async (services) => {
    const connection = await connectionOf(services, services.params.connection);
    const parameters = await withCatalog(services, connection, (database) =>
      routineParameters(database, services.params.name),
    );
    if (!parameters) throw notFound('method.error.spNotFound');
    return parameters;
  },
};

export default handlers;
