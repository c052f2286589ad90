import type { Action } from '../../domain/actionDocuments/types';

/**
 * An action as the editor holds it: flat, with an internal key, its level and its parent's key (spec part
 * 2 §3 'Action document': actions are held flat with an internal guid, level and parent reference, and
 * re-nested on save). Keys are positions ('0', '0.1', '0.1.0'), stable while the tree does not change.
 */
export interface FlatAction {
  key: string;
  level: number;
  parent: string | null;
  action: Omit<Action, 'Childs'>;
}

/** The tree as a flat list, parents before their children, children in order. */
export function flattenActions(root: Action | null | undefined): FlatAction[] {
  const out: FlatAction[] = [];
  const visit = (node: Action, key: string, level: number, parent: string | null) => {
    const { Childs, ...action } = node;
    out.push({ key, level, parent, action });
    (Childs ?? []).forEach((child, index) => {
      visit(child, `${key}.${index}`, level + 1, key);
    });
  };
  if (root) visit(root, '0', 0, null);
  return out;
}

/** The flat list re-nested: each action's children are the entries naming it as parent, in list order. */
export function nestActions(flat: readonly FlatAction[]): Action | undefined {
  const byParent = new Map<string | null, FlatAction[]>();
  for (const entry of flat) byParent.set(entry.parent, [...(byParent.get(entry.parent) ?? []), entry]);
  const build = (entry: FlatAction): Action => ({
    ...entry.action,
    Childs: (byParent.get(entry.key) ?? []).map(build),
  });
  const root = byParent.get(null)?.[0];
  return root ? build(root) : undefined;
}

/** Keys of an action's children, grandchildren and so on. */
export function descendantsOf(flat: readonly FlatAction[], key: string): string[] {
  const out: string[] = [];
  const walk = (parent: string) => {
    for (const entry of flat) {
      if (entry.parent === parent) {
        out.push(entry.key);
        walk(entry.key);
      }
    }
  };
  walk(key);
  return out;
}

/** The list without an action and its descendants (spec part 2 §4: deleting an action deletes its children). */
export function removeAction(flat: readonly FlatAction[], key: string): FlatAction[] {
  const gone = new Set([key, ...descendantsOf(flat, key)]);
  return flat.filter((entry) => !gone.has(entry.key));
}

/** The list with a new last child of `parent`, placed after the parent's last descendant. */
export function addChildAction(
  flat: readonly FlatAction[],
  parent: string,
  action: Omit<Action, 'Childs'>,
): FlatAction[] {
  const parentEntry = flat.find((entry) => entry.key === parent);
  if (!parentEntry) throw new Error(`addChildAction: no action with key ${parent}`);
  const siblings = flat.filter((entry) => entry.parent === parent).length;
  const descendants = new Set(descendantsOf(flat, parent));
  const lastIndex = flat.reduce(
    (last, entry, index) => (entry.key === parent || descendants.has(entry.key) ? index : last),
    -1,
  );
  const next = [...flat];
  next.splice(lastIndex + 1, 0, {
    key: `${parent}.${siblings}`,
    level: parentEntry.level + 1,
    parent,
    action,
  });
  return next;
}

/** The list with one action's own settings replaced (its children stay). */
export function replaceAction(
  flat: readonly FlatAction[],
  key: string,
  action: Omit<Action, 'Childs'>,
): FlatAction[] {
  return flat.map((entry) => (entry.key === key ? { ...entry, action } : entry));
}
