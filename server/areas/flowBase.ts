import { connectionKind } from '../connections/connectionKind';
import type { Handlers } from '../http/context';
import { notFound } from '../http/errors';
import { JsonAnswer } from '../http/jsonAnswer';
import { functionLists } from '../metadata/lookups';

type ListRow = {
  Name: string;
  Guid: string;
  Items: Array<{ Key: string; Type?: string | null; Value?: string | null }>;
};

/** Shared lookups (spec part 1 §7 'Shared lookups', part 2 §7 'Shared lookups'). */
const handlers: Handlers = {
  // Connections for pickers in every builder; credential settings stay out of it. Kept serialized until
  // the items table changes, like Connection.GetConnections.
  'FlowBase.GetConnections': async ({ items, itemAnswers }) =>
    (await itemAnswers.get('FlowBase.GetConnections', async () =>
      JsonAnswer.of(
        (
          await items.list(connectionKind)
        ).map(({ FlowCredential: _credential, ...connection }) => connection),
      ),
    )) as never,

  'FlowBase.GetListByName': async ({ db, query }) => {
    const [list] = await db.query<ListRow>(
      'select name as "Name", guid as "Guid", items as "Items" from lists where lower(name) = lower($1)',
      [query.ListName],
    );
    if (!list) throw notFound('notFound.list');
    return list;
  },

  // Function lists, all or of one connection, and one by guid with its name and fields.
  'FlowBase.GetFunctionLists': async ({ db, query }) => functionLists(db, query.connection),

  'FlowBase.GetFunctionListMetaByGuid': async ({ db, params }) => {
    const list = (await functionLists(db)).find(
      (entry) => entry.Guid.toLowerCase() === params.guid.toLowerCase(),
    );
    if (!list) throw notFound('notFound.functionList');
    return list;
  },

  'FlowBase.GetSettingByName': async ({ db, query }) => {
    const [setting] = await db.query<{
      Name: string;
      Items: Array<{ Key: string; Value?: string; Types?: string[] }>;
    }>('select name as "Name", items as "Items" from settings where lower(name) = lower($1)', [query.Name]);
    if (!setting) throw notFound('notFound.setting');
    return setting;
  },
};

export default handlers;
