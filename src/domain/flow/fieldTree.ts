import { isBelow, parentOf } from './fieldTypes';

/**
 * The ancestor and child selection rule of the field pickers (spec part 2 §2 drawers 9 and 11):
 * ticking a field also ticks its ancestors; unticking removes its children. Names are dotted paths.
 */
export function toggleField(
  selected: ReadonlySet<string>,
  name: string,
  tick: boolean,
  available: readonly string[],
): Set<string> {
  const next = new Set(selected);
  if (tick) {
    const present = new Set(available);
    next.add(name);
    for (let parent = parentOf(name); parent !== ''; parent = parentOf(parent)) {
      if (present.has(parent)) next.add(parent);
    }
  } else {
    next.delete(name);
    for (const other of selected) if (isBelow(other, name)) next.delete(other);
  }
  return next;
}

/** Names in picker order: each parent right before its children, siblings as given. */
export function treeOrder<T extends { Name: string }>(fields: readonly T[]): T[] {
  const byParent = new Map<string, T[]>();
  const names = new Set(fields.map((field) => field.Name));
  for (const field of fields) {
    // A child whose parent is missing shows at the top level rather than disappearing.
    const parent = names.has(parentOf(field.Name)) ? parentOf(field.Name) : '';
    const siblings = byParent.get(parent) ?? [];
    siblings.push(field);
    byParent.set(parent, siblings);
  }
  const out: T[] = [];
  const seen = new Set<string>();
  const visit = (parent: string) => {
    for (const field of byParent.get(parent) ?? []) {
      if (seen.has(field.Name)) continue;
      seen.add(field.Name);
      out.push(field);
      visit(field.Name);
    }
  };
  visit('');
  return out;
}

/** Depth of a dotted name, for indenting (0 for a top-level field). */
export const depthOf = (name: string) => name.split('.').length - 1;
