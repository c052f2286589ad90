import { assertReadable, readableKinds } from '../audit/readableKinds';
import { FlowStore } from '../flows/flowStore';
import type { Handlers } from '../http/context';
import { itemUsage } from '../usage/impact';

/** Calls across every builder's items (issue 10: command palette, diff before publish, where used). */
const handlers: Handlers = {
  // Only kinds the caller may read are searched, so the palette never offers an item it cannot open.
  'Items.SearchItems': async ({ items, query, principal }) =>
    (await items.search(readableKinds(principal), query.Text)) as never,
  // A flow's published version is its current published one (spec part 2 §4), with its block graph.
  'Items.GetPublishedItem': async ({ db, query, principal }) => {
    assertReadable(principal, query.Kind);
    if (query.Kind === 'flow') return (await new FlowStore(db).published(query.Guid)) as never;
    const [row] = await db.query<{ published: Record<string, unknown> | null }>(
      'select published from items where kind = $1 and guid = $2 and scope is not distinct from $3',
      [query.Kind, query.Guid, query.Connection ?? null],
    );
    return (row?.published ?? null) as never;
  },
  // The caller must read the item's builder (404 otherwise, as for GetPublishedItem); users in builders
  // the caller may not read are counted, not named (server/usage/impact.ts).
  'Items.GetItemUsage': async ({ db, query, principal }) => {
    assertReadable(principal, query.Kind);
    return itemUsage(db, principal, { kind: query.Kind, guid: query.Guid, scope: query.Connection ?? null });
  },
};

export default handlers;
