import {
  type Action,
  type Area,
  type AreaDefinition,
  actions,
  areaActions,
  areaNames,
  areas,
  isAssignable,
} from '../../permissions/areas';
import { type RolePermissions, withImplied } from '../../permissions/entitlements';

/** Column headings: the action names of spec part 1 §6. */
export const actionLabels: Record<Action, string> = {
  Read: 'Read',
  Upsert: 'Upsert',
  Delete: 'Delete',
  Publish: 'Publish',
  UpsertAdmin: 'Upsert admin',
  DeletePublished: 'Delete published',
  UpsertSpecialFlow: 'Upsert special flow',
  DeleteSpecialFlow: 'Delete special flow',
  DeleteRestApi: 'Delete rest api',
  SeeAdminStatus: 'See admin status',
};

export interface PermissionCell {
  action: Action;
  checked: boolean;
  /** Set when the box is switched on by another checked box of its row and cannot be unticked. */
  locked?: { reason: 'implied'; by: Action[] };
}

export interface PermissionRow {
  area: Area;
  label: string;
  /** One per column; null where the area assigns no such action. */
  cells: Array<PermissionCell | null>;
}

const definition = (area: Area): AreaDefinition => areas[area];

const enabledFlags = (flags: Record<string, boolean> | undefined) =>
  Object.entries(flags ?? {})
    .filter(([, on]) => on === true)
    .map(([action]) => action);

/** The assignable actions among `flags` that switch `action` on (spec part 1 §6: 'Upsert (implies Read and Publish)'). */
export function impliersOf(area: Area, flags: Record<string, boolean> | undefined, action: Action): Action[] {
  return enabledFlags(flags).filter(
    (other): other is Action =>
      other !== action && isAssignable(area, other) && withImplied(area, [other]).has(action),
  );
}

/** Whether an area shows: its module is among the enabled ones (spec part 1 §4 'Role save'). */
export const areaEnabled = (area: Area, enabledModules: ReadonlySet<string>) =>
  enabledModules.has(definition(area).module ?? area);

/**
 * The role editor's matrix (spec part 1 §3 'Role', §4 'Role save', §6; part 2 §6): one row per area of
 * an enabled module with a box for exactly the actions the area assigns (src/permissions/areas.ts), one
 * column per action any shown area assigns. A box another checked box implies shows checked and locked.
 * Actions held only through another (Publish where Upsert implies it, Read where the spec lists none)
 * have no box.
 */
export function permissionMatrix(
  permissions: RolePermissions,
  enabledModules: ReadonlySet<string>,
): { columns: Action[]; rows: PermissionRow[] } {
  const shown = areaNames.filter((area) => areaEnabled(area, enabledModules));
  const columns = actions.filter((action) => shown.some((area) => isAssignable(area, action)));
  const rows = shown.map((area) => {
    const flags = permissions[area];
    return {
      area,
      label: definition(area).label,
      cells: columns.map((action): PermissionCell | null => {
        if (!isAssignable(area, action)) return null;
        const by = impliersOf(area, flags, action);
        if (by.length > 0) return { action, checked: true, locked: { reason: 'implied', by } };
        return { action, checked: flags?.[action] === true };
      }),
    };
  });
  return { columns, rows };
}

/**
 * Ticks or unticks one box. The row's actions that have no box follow their impliers, so unticking
 * Upsert also drops the Publish and Read it had switched on rather than leaving them on unseen.
 */
export function togglePermission(
  permissions: RolePermissions,
  area: Area,
  action: Action,
  on: boolean,
): RolePermissions {
  const flags: Record<string, boolean> = { ...permissions[area], [action]: on };
  for (const fixed of areaActions(area))
    if (!isAssignable(area, fixed)) flags[fixed] = impliersOf(area, flags, fixed).length > 0;
  return { ...permissions, [area]: flags };
}
