import { flowTitle } from '../../src/domain/flow/flowAudit';
import type { Db } from '../db/database';
import type { Body, Lookup, UsageItem, UsageKind } from './types';
import { usageRules } from './usageRules';

interface ItemRow {
  kind: UsageKind;
  guid: string;
  scope: string | null;
  name: string;
  body: Body;
  published: Body | null;
}

interface FlowVersionRow {
  guid: string;
  name: string;
  http_method: string;
  api_guid: string | null;
  version_guid: string;
  graph: Body;
  is_published: boolean;
}

const known = (row: { kind: string }) => Object.hasOwn(usageRules, row.kind);
const itemKindsOf = (kinds: readonly UsageKind[]) => kinds.filter((kind) => kind !== 'flow');

/** The kinds whose items could refer to `kind`. */
const possibleUsers = (kind: UsageKind) =>
  (Object.keys(usageRules) as UsageKind[]).filter((user) => usageRules[user].uses.includes(kind));

/**
 * Flows with their live versions: the current published one (published, not archived) and the draft
 * (spec part 2 §4 'Flow version status'); archived versions use nothing any more. A flow is named by its
 * method and name, as the Flow Builder's list shows it.
 */
async function loadFlows(db: Db): Promise<UsageItem[]> {
  const rows = await db.query<FlowVersionRow>(
    `select f.guid::text as guid, f.name, f.http_method, f.api_guid::text as api_guid,
            v.version_guid::text as version_guid, v.graph, v.is_published
       from flows f join flow_versions v on v.flow_guid = f.guid
      where v.archived is null`,
  );
  const flows = new Map<string, UsageItem>();
  for (const row of rows) {
    const flow = flows.get(row.guid) ?? {
      kind: 'flow' as const,
      guid: row.guid,
      name: flowTitle({ HttpMethod: row.http_method, Name: row.name }),
      scope: null,
      draft: null,
      published: null,
      versions: {},
    };
    const body = {
      Guid: row.guid,
      Name: row.name,
      HttpMethod: row.http_method,
      Api: row.api_guid,
      Flow: row.graph,
    };
    if (row.is_published) {
      flow.published = body;
      flow.versions = { ...flow.versions, published: row.version_guid };
    } else {
      flow.draft = body;
      flow.versions = { ...flow.versions, draft: row.version_guid };
    }
    flows.set(row.guid, flow);
  }
  return [...flows.values()];
}

/**
 * What the usage rules need to answer for `target`: every stored item that could refer to it (by kind,
 * or by belonging to it when it is a connection), the flows when flows can refer to it, and the
 * published items its own fields come from. The lookup answers published bodies of what was loaded.
 */
export async function loadUsage(
  db: Db,
  target: { kind: UsageKind; guid: string; scope: string | null },
): Promise<{ items: UsageItem[]; lookup: Lookup }> {
  const users = possibleUsers(target.kind);
  const kinds = itemKindsOf(users);
  const rows = await db.query<ItemRow>(
    `select kind, guid::text as guid, scope::text as scope, name, body, published from items
      where kind = any($1::text[]) or ($2::boolean and scope::text = lower($3))`,
    [kinds, target.kind === 'connection', target.guid],
  );
  const sources = itemKindsOf(usageRules[target.kind].fieldsFrom ?? []);
  const fieldRows =
    sources.length > 0
      ? await db.query<ItemRow>(
          `select kind, guid::text as guid, scope::text as scope, name, body, published from items
            where kind = any($1::text[]) and published is not null and scope is not distinct from $2::uuid`,
          [sources, target.scope],
        )
      : [];
  const published = new Map<string, Body>();
  for (const row of [...rows, ...fieldRows])
    if (row.published) published.set(`${row.kind}\n${row.guid.toLowerCase()}`, row.published);
  const items: UsageItem[] = rows.filter(known).map((row) => ({
    kind: row.kind,
    guid: row.guid,
    name: row.name,
    scope: row.scope,
    draft: row.body,
    published: row.published,
  }));
  if (users.includes('flow')) items.push(...(await loadFlows(db)));
  return { items, lookup: (kind, guid) => published.get(`${kind}\n${guid.toLowerCase()}`) };
}
