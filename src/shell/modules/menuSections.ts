import { type MenuGroup, type ModuleRoute, menuGroups } from './moduleRoutes';

export interface MenuSection {
  group: MenuGroup;
  label: string;
  items: ModuleRoute[];
  /** The current path contains one of its item names (spec part 1 §2). */
  active: boolean;
}

/** Whether `pathname` contains one of the routes' names, e.g. /connectionbuilder/42 for connectionbuilder. */
export const pathContainsItem = (pathname: string, items: readonly ModuleRoute[]) =>
  items.some((item) => pathname.toLowerCase().includes(item.path.slice(1).toLowerCase()));

/**
 * The side menu's sections in group order (home 0, builder 20, management 30, admin 40, clientModules
 * 50; spec part 1 §2), ungrouped items first after home, sorted by their own order; empty groups left out.
 */
export function menuSections(routes: readonly ModuleRoute[], pathname: string): MenuSection[] {
  const sections: MenuSection[] = [];
  const ungrouped = routes.filter((route) => route.group === 'none');
  if (ungrouped.length > 0)
    sections.push({
      group: 'none',
      label: '',
      items: ungrouped,
      active: pathContainsItem(pathname, ungrouped),
    });
  for (const group of [...menuGroups].sort((a, b) => a.order - b.order)) {
    if (group.id === 'home') continue;
    const items = routes.filter((route) => route.group === group.id).sort((a, b) => a.order - b.order);
    if (items.length === 0) continue;
    sections.push({ group: group.id, label: group.label, items, active: pathContainsItem(pathname, items) });
  }
  return sections;
}
