import { type ItemKindName, itemKinds, itemPath } from '../../domain/itemKinds';
import type { ShortcutAction } from '../../engine/guards/shortcuts';
import { t } from '../../messages/t';
import type { ModuleRoute } from '../modules/moduleRoutes';

/** One choice of the command palette. */
export type PaletteOption =
  | { id: string; group: 'actions'; label: string; action: ShortcutAction; run: () => void }
  | { id: string; group: 'builders'; label: string; detail: string; path: string }
  | { id: string; group: 'items'; label: string; detail: string; path: string };

export interface ItemHit {
  Kind: ItemKindName;
  Guid: string;
  Name: string;
  Connection: string | null;
}

const matches = (label: string, text: string) => label.toLowerCase().includes(text.trim().toLowerCase());

/**
 * The palette's choices for what was typed (issue 10 point 4): the page's actions, then the builders,
 * then items found by name, each filtered by the text (any case, anywhere in the label). Actions and
 * builders come already narrowed to what the user may do and read; so do the items the server found.
 * @example paletteOptions('scr', { actions: [], routes, items: [] }) // the Script Builder
 */
export function paletteOptions(
  text: string,
  sources: {
    actions: ReadonlyArray<{ action: ShortcutAction; run: () => void }>;
    routes: readonly ModuleRoute[];
    items: readonly ItemHit[];
  },
): PaletteOption[] {
  const actions = sources.actions
    .map(({ action, run }) => ({
      id: `action:${action}`,
      group: 'actions' as const,
      label: t(`palette.action.${action}`),
      action,
      run,
    }))
    .filter((option) => matches(option.label, text));
  const builders = sources.routes
    .filter((route) => matches(route.label, text))
    .map((route) => ({
      id: `route:${route.path}`,
      group: 'builders' as const,
      label: route.label,
      detail: route.groupLabel,
      path: route.path,
    }));
  const items = text.trim()
    ? sources.items.map((hit) => ({
        id: `item:${hit.Kind}:${hit.Guid}`,
        group: 'items' as const,
        label: hit.Name,
        detail: itemKinds[hit.Kind].label,
        path: itemPath(hit.Kind, hit.Guid, hit.Connection),
      }))
    : [];
  return [...actions, ...builders, ...items];
}
