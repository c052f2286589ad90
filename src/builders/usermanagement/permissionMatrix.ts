import {
  type Action,
  type Area,
  type AreaDefinition,
  actions,
  areaNames,
  areas,
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
  /** Set when the box cannot be changed: switched on by another action, or not assignable at all. */
  locked?: { reason: 'implied' | 'notAssignable'; by: Action[] };
}

export interface PermissionRow {
  area: Area;
  label: string;
  /** One per column; null where the area has no such action. */
  cells: Array<PermissionCell | null>;
}

const definition = (area: Area): AreaDefinition => areas[area];

const enabledFlags = (flags: Record<string, boolean> | undefined) =>
  Object.entries(flags ?? {})
    .filter(([, on]) => on === true)
    .map(([action]) => action);

/** The actions among `flags` that switch `action` on (spec part 1 §6: 'Upsert (implies Read and Publish)'). */
export function impliersOf(area: Area, flags: Record<string, boolean> | undefined, action: Action): Action[] {
  return enabledFlags(flags).filter(
    (other): other is Action => other !== action && withImplied(area, [other]).has(action),
  );
}

/** The actions whose implications include `action`, whether on or not (who would switch it on). */
const possibleImpliers = (area: Area, action: Action) =>
  definition(area).actions.filter((other) => other !== action && withImplied(area, [other]).has(action));

/** Whether an area shows: its module is among the enabled ones (spec part 1 §4 'Role save'). */
export const areaEnabled = (area: Area, enabledModules: ReadonlySet<string>) =>
  enabledModules.has(definition(area).module ?? area);

/**
 * The role editor's matrix (spec part 1 §3 'Role', §4 'Role save', §6): one row per area of an enabled
 * module, one column per action any shown area has. A box another checked box implies shows checked and
 * locked; an action no role may hold on its own (Publish where Upsert implies it) is locked, and checked
 * only while its implier is.
 */
export function permissionMatrix(
  permissions: RolePermissions,
  enabledModules: ReadonlySet<string>,
): { columns: Action[]; rows: PermissionRow[] } {
  const shown = areaNames.filter((area) => areaEnabled(area, enabledModules));
  const columns = actions.filter((action) => shown.some((area) => definition(area).actions.includes(action)));
  const rows = shown.map((area) => {
    const own = definition(area);
    const flags = permissions[area];
    return {
      area,
      label: own.label,
      cells: columns.map((action): PermissionCell | null => {
        if (!own.actions.includes(action)) return null;
        const by = impliersOf(area, flags, action);
        if (by.length > 0) return { action, checked: true, locked: { reason: 'implied', by } };
        if (own.notAssignable?.includes(action))
          return {
            action,
            checked: false,
            locked: { reason: 'notAssignable', by: possibleImpliers(area, action) },
          };
        return { action, checked: flags?.[action] === true };
      }),
    };
  });
  return { columns, rows };
}

/**
 * Ticks or unticks one box. An action that is not assignable follows its implier, so unticking Upsert
 * also drops the Publish it had switched on rather than leaving it on unseen.
 */
export function togglePermission(
  permissions: RolePermissions,
  area: Area,
  action: Action,
  on: boolean,
): RolePermissions {
  const flags: Record<string, boolean> = { ...permissions[area], [action]: on };
  for (const fixed of definition(area).notAssignable ?? [])
    flags[fixed] = impliersOf(area, flags, fixed).length > 0;
  return { ...permissions, [area]: flags };
}
