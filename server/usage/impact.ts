import type { components } from '../../generated/uiservices';
import { itemKinds } from '../../src/domain/itemKinds';
import { t } from '../../src/messages/t';
import { can, type Principal } from '../../src/permissions/entitlements';
import { currentActor } from '../audit/actor';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { loadUsage } from './loadUsage';
import type { Body, UsageItem, UsageKind, Via } from './types';
import { breaks, whereUsed } from './usage';
import { usageRules } from './usageRules';

type Schemas = components['schemas'];

/**
 * Who may see a user by name: whoever may read its builder (spec part 1 §6, part 2 §6). Outside a
 * request (the seed, tests calling the store) there is no caller to hide anything from.
 */
function readable(principal: Principal | null | undefined, kind: UsageKind): boolean {
  return principal === undefined || can(principal, itemKinds[kind].area, 'Read');
}

const viaOf = (via: Via | undefined) =>
  via ? { Via: { Kind: via.kind, Guid: via.guid, Name: via.name } } : {};

function entryOf(item: UsageItem, state: 'published' | 'draft', via: Via | undefined): Schemas['UsageEntry'] {
  return {
    Kind: item.kind,
    Guid: item.guid,
    Name: item.name,
    Connection: item.scope,
    Version: (state === 'published' ? item.versions?.published : item.versions?.draft) ?? null,
    State: state,
    ...viaOf(via),
  };
}

/** Splits entries into those the caller may read (named) and a count of the rest. */
function forCaller<T extends { Kind: UsageKind }>(entries: T[], principal: Principal | null | undefined) {
  const shown = entries.filter((entry) => readable(principal, entry.Kind));
  return { Entries: shown, Hidden: entries.length - shown.length };
}

export const isUsageKind = (kind: string): kind is UsageKind => Object.hasOwn(usageRules, kind);

/**
 * Where an item is used (Items.GetItemUsage, issue 10 point 1), answered to `principal`: users of kinds
 * the caller may not read are counted, not named, so the answer reveals no more than that they exist.
 */
export async function itemUsage(
  db: Db,
  principal: Principal | null,
  target: { kind: UsageKind; guid: string; scope: string | null },
): Promise<Schemas['ItemUsage']> {
  const [row] = await db.query<{ name: string; published: Body | null; scope: string | null }>(
    `select name, published, scope::text as scope from items
      where kind = $1 and guid::text = lower($2) and ($3::uuid is null or scope = $3::uuid)`,
    [target.kind, target.guid, target.scope],
  );
  if (!row) return { Entries: [], Hidden: 0 };
  const names = [row.name, ...(typeof row.published?.Name === 'string' ? [row.published.Name] : [])];
  const { items, lookup } = await loadUsage(db, { ...target, scope: row.scope });
  const usages = whereUsed({ kind: target.kind, guid: target.guid, names }, items, lookup);
  return forCaller(
    usages.map((usage) => entryOf(usage.item, usage.state, usage.via)),
    principal,
  );
}

/**
 * Refuses a publish or delete that would break published items (issue 10 point 1): 400 with the
 * catalogue's impact.publishRefused or impact.deleteRefused and Impact, the list of what would break
 * (named where the caller may read it, counted otherwise). 400, as for other refusals of an item in use
 * (cb.connectionInUse, db.docDelete.referenced); a stale save's 409 carries Current instead, so the two
 * cannot be confused. Runs in the caller's transaction, before the write.
 */
export async function assertNoBreaks(
  db: Db,
  change: {
    kind: string;
    guid: string;
    scope: string | null;
    /** The published version the change replaces, if any. */
    before: Body | null;
    /** The version being published, or null for a delete. */
    after: Body | null;
    beforeName: string | null;
    afterName?: string | undefined;
  },
): Promise<void> {
  if (!isUsageKind(change.kind)) return;
  // A new version of a kind without fields or a name others refer to breaks nobody (connections, REST APIs).
  const rules = usageRules[change.kind];
  if (change.after !== null && !rules.fields && !rules.byName) return;
  const target = { kind: change.kind, guid: change.guid, scope: change.scope };
  const { items, lookup } = await loadUsage(db, target);
  const found = breaks(
    {
      kind: change.kind,
      guid: change.guid,
      names: change.beforeName ? [change.beforeName] : [],
      afterName: change.afterName,
    },
    change.before,
    change.after,
    items,
    lookup,
  );
  if (found.length === 0) return;
  const action = change.after === null ? 'delete' : 'publish';
  const entries: Schemas['ImpactEntry'][] = found.map((entry) => ({
    ...entryOf(entry.item, 'published', entry.via),
    Reason: entry.reason,
    Message: t(entry.reason, entry.params),
    Params: entry.params,
  }));
  const impact = { Action: action, ...forCaller(entries, currentActor()?.principal) } as const;
  const count = new Set(found.map((entry) => `${entry.item.kind}\n${entry.item.guid}`)).size;
  throw new HttpError(
    400,
    action === 'delete' ? 'impact.deleteRefused' : 'impact.publishRefused',
    { count },
    { Impact: impact },
  );
}
