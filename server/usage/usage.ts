import type { Body, Break, FieldUse, Lookup, NamedField, Ref, Usage, UsageItem, UsageKind } from './types';
import { usageRules } from './usageRules';

/** The item others may use: its kind, guid, connection and the names others may know it by. */
export interface Target {
  kind: UsageKind;
  guid: string;
  /** Names that refer to it, for kinds referred to by name (metadata documents), e.g. draft and published. */
  names: readonly string[];
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const sameType = (a: NamedField, b: NamedField) => sameText(a.Type ?? '', b.Type ?? '');

/** The references of one stored version of an item: what its kind's rule finds, and its connection. */
export function refsOf(item: UsageItem, body: Body, lookup: Lookup): Ref[] {
  const own = usageRules[item.kind].refs?.(body, lookup) ?? [];
  return item.scope ? [{ kind: 'connection', guid: item.scope }, ...own] : own;
}

function refersTo(ref: Ref, target: Target): boolean {
  if (ref.kind !== target.kind) return false;
  if (ref.guid !== undefined) return sameText(ref.guid, target.guid);
  return ref.name !== undefined && target.names.some((name) => sameText(name, ref.name!));
}

const isTarget = (item: UsageItem, target: Target) =>
  item.kind === target.kind && sameText(item.guid, target.guid);

/** A direct reference wins over one through another item. */
const firstDirect = (refs: readonly Ref[]) => refs.find((ref) => !ref.via) ?? refs[0];

/**
 * The items that use `target` (issue 10 point 1 'Where used'): 'published' when the published version
 * refers to it, 'draft' when only the draft does. A use through another item (a flow reading a composed
 * document whose root is the target) says which item it goes through. Published users first.
 */
export function whereUsed(target: Target, items: readonly UsageItem[], lookup: Lookup): Usage[] {
  const usages: Usage[] = [];
  for (const item of items) {
    if (isTarget(item, target)) continue;
    const published = item.published
      ? refsOf(item, item.published, lookup).filter((ref) => refersTo(ref, target))
      : [];
    const draft =
      published.length === 0 && item.draft
        ? refsOf(item, item.draft, lookup).filter((ref) => refersTo(ref, target))
        : [];
    const refs = published.length > 0 ? published : draft;
    if (refs.length === 0) continue;
    usages.push({
      item,
      state: published.length > 0 ? 'published' : 'draft',
      via: firstDirect(refs)?.via,
    });
  }
  return usages.sort(
    (a, b) =>
      Number(a.state === 'draft') - Number(b.state === 'draft') ||
      a.item.kind.localeCompare(b.item.kind) ||
      a.item.name.localeCompare(b.item.name),
  );
}

function findField(fields: readonly NamedField[] | undefined, name: string) {
  return fields?.find((field) => sameText(field.Name, name));
}

/** What publishing `after` over `before` does to one field a user names. */
function fieldBreak(
  use: FieldUse,
  fieldsOf: (body: Body, side: FieldUse['side']) => readonly NamedField[] | undefined,
  before: Body,
  after: Body,
): Pick<Break, 'reason' | 'params'> | undefined {
  const old = findField(fieldsOf(before, use.side), use.field);
  // A field the published version did not have either was not this change's doing.
  if (!old) return undefined;
  const now = findField(fieldsOf(after, use.side), use.field);
  if (!now) return { reason: 'impact.reason.fieldRemoved', params: { field: old.Name } };
  if (!sameType(old, now))
    return {
      reason: 'impact.reason.fieldRetyped',
      params: { field: old.Name, from: old.Type ?? '', to: now.Type ?? '' },
    };
  return undefined;
}

/**
 * The published items a change of `target` would break (issue 10 point 1 'impact check'): deleting it
 * (`after` null) breaks every published user; publishing `after` over the published `before` breaks a
 * published user that names a field `after` removes or retypes, and a user that refers to it by a name
 * `after` changes. Drafts never break: they are checked when they are published. A field or name the
 * published version did not have is not reported, as this change did not break it.
 */
export function breaks(
  target: Target & { afterName?: string | undefined },
  before: Body | null,
  after: Body | null,
  items: readonly UsageItem[],
  lookup: Lookup,
): Break[] {
  const rules = usageRules[target.kind];
  const fieldsOf = (body: Body, side: FieldUse['side']) => rules.fields?.(body, side, lookup);
  const found: Break[] = [];
  for (const item of items) {
    if (!item.published || isTarget(item, target)) continue;
    const refs = refsOf(item, item.published, lookup).filter((ref) => refersTo(ref, target));
    if (refs.length === 0) continue;
    if (after === null) {
      found.push({ item, via: firstDirect(refs)?.via, reason: 'impact.reason.deleted', params: {} });
      continue;
    }
    const seen = new Set<string>();
    const add = (ref: Ref, entry: Pick<Break, 'reason' | 'params'>) => {
      const key = `${entry.reason}\n${(entry.params.field ?? entry.params.name ?? '').toLowerCase()}`;
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ item, via: ref.via, ...entry });
    };
    for (const ref of refs) {
      if (ref.name !== undefined && target.afterName !== undefined && !sameText(ref.name, target.afterName))
        add(ref, { reason: 'impact.reason.renamed', params: { name: ref.name, to: target.afterName } });
      if (!before) continue;
      for (const use of ref.fields ?? []) {
        const problem = fieldBreak(use, fieldsOf, before, after);
        if (problem) add(ref, problem);
      }
    }
  }
  return found;
}
