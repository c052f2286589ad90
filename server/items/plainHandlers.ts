import { plainKinds } from '../../generated/plainKinds';
import type { PlainCall } from '../../src/domain/plainItems';
import type { MessageKey } from '../../src/messages/en';
import type { Principal } from '../auth/principal';
import type { Handler, Handlers, Services } from '../http/context';
import { JsonAnswer } from '../http/jsonAnswer';
import type { ItemKind } from './itemStore';
import { asksForPage, type ListQuery, listPage, pageKey } from './listPage';

export type PlainKindName = keyof typeof plainKinds;
type PlainKind = (typeof plainKinds)[PlainKindName];

/** How the item store keeps a plain kind's items, from its x-item declaration (src/domain/plainItems.ts). */
export function plainItemKind(name: PlainKindName): ItemKind {
  const kind: PlainKind = plainKinds[name];
  return {
    kind: kind.kind,
    idField: kind.idField,
    nameField: kind.nameField,
    notFound: kind.messages.notFound satisfies MessageKey,
    nameTaken: kind.messages.nameTaken satisfies MessageKey,
  };
}

/** What the generic handlers read of a call: the same for the calls of every plain kind. */
interface PlainContext extends Services {
  principal: Principal | null;
  /** The item's guid, in the path of get and delete (codegen checks it is there). */
  params: { guid?: string };
  query: ListQuery;
  body: unknown;
}
type PlainHandler = (context: PlainContext) => Promise<unknown>;

/**
 * The generic handler of one call of a plain kind, over the item store: the list (whole, or one page
 * searched, sorted and counted when the call asks for one, as Connection.GetConnections), one item, a
 * save (revisions, 409 with the stored item on a stale one, publish with the impact check, audit), a
 * delete (refused while published items use it, audit). Every caller with Read gets the same lists, so
 * they are kept serialized until the items table changes (server/db/cache.ts).
 */
export function plainHandler(name: PlainKindName, call: PlainCall): PlainHandler {
  const declared: PlainKind = plainKinds[name];
  const kind = plainItemKind(name);
  const listId = declared.operations.list;
  switch (call) {
    case 'list':
      return async ({ items, itemAnswers, itemLists, query }) => {
        const all = () =>
          itemLists.get(listId, () => items.list(kind)) as Promise<ReadonlyArray<Record<string, unknown>>>;
        if (!asksForPage(query)) return itemAnswers.get(listId, async () => JsonAnswer.of(await all()));
        return itemAnswers.get(`${listId}${pageKey(query)}`, async () => {
          const page = listPage(await all(), query, declared.search, declared.nameField);
          return JsonAnswer.of(page.rows, { 'x-total-count': String(page.total) });
        });
      };
    case 'get':
      return async ({ items, params }) => items.get(kind, String(params.guid));
    case 'save':
      return async ({ items, body, principal, now }) =>
        items.save(kind, body as Record<string, unknown>, { by: principal?.name ?? null, now: now() });
    case 'delete':
      return async ({ items, params }) => {
        await items.remove(kind, String(params.guid));
        return true;
      };
  }
}

/** The generic handlers of every operation a plain kind's x-item-kind marks, by operationId. */
export function plainHandlers(): Handlers {
  const out: Record<string, Handler<never>> = {};
  for (const name of Object.keys(plainKinds) as PlainKindName[])
    for (const [call, id] of Object.entries(plainKinds[name].operations))
      out[id] = plainHandler(name, call as PlainCall) as Handler<never>;
  return out as Handlers;
}
