import {
  type Action,
  type Area,
  type AreaDefinition,
  areaActions,
  areas,
  isArea,
  isAssignable,
} from './areas';

/** Module → actions, as the token's entitlements claim carries them (spec part 1 §3 'Session token'). */
export type Entitlements = Partial<Record<string, string[]>>;

/** Role permissions as stored: area → action → flag (spec part 1 §3 'Role'). */
export type RolePermissions = Record<string, Record<string, boolean>>;

/**
 * The actions `granted` switches on, themselves included, following implications transitively; only
 * actions the area has (src/permissions/areas.ts `areaActions`) count.
 */
export function withImplied(area: Area, granted: Iterable<string>): Set<Action> {
  const definition: AreaDefinition = areas[area];
  const held = areaActions(area);
  const out = new Set<Action>();
  const visit = (action: string) => {
    if (!held.includes(action as Action) || out.has(action as Action)) return;
    out.add(action as Action);
    for (const implied of definition.implies?.[action as Action] ?? []) visit(implied);
  };
  for (const action of granted) visit(action);
  return out;
}

/**
 * A role's permissions as saved: implied permissions switched on, unknown areas and actions dropped,
 * and only areas whose module is enabled kept (spec part 1 §4 'Role save'). Each kept area lists every
 * action it has (`areaActions`), on or off. The console sends this; the server checks what it is sent
 * (`roleRefusals`) and stores this.
 */
export function normalizeRolePermissions(
  permissions: RolePermissions,
  enabledModules: ReadonlySet<string>,
): RolePermissions {
  const out: RolePermissions = {};
  for (const [area, flags] of Object.entries(permissions)) {
    if (!isArea(area)) continue;
    const definition: AreaDefinition = areas[area];
    if (!enabledModules.has(definition.module ?? area)) continue;
    const granted = withImplied(
      area,
      Object.entries(flags)
        .filter(([, on]) => on === true)
        .map(([action]) => action),
    );
    if (granted.size === 0) continue;
    out[area] = Object.fromEntries(areaActions(area).map((action) => [action, granted.has(action)]));
  }
  return out;
}

/** Why a role's flag cannot be saved (the server words each in the catalogue). */
export interface RoleRefusal {
  area: string;
  action: string;
  reason: 'unknownArea' | 'notInArea' | 'notAssignable';
  /** For notAssignable: the assignable actions that would switch it on. */
  by?: Action[];
}

/**
 * The flags switched on in a role that no role may be given (spec part 1 §6, part 2 §6): an area the
 * table does not have, an action its area does not have (Delete in the Script Builder, whose deleting
 * is ScriptDelete's), or one that is not assignable and that no assignable action switched on in the
 * same area implies (Publish where Upsert implies it, Read where the spec lists none). Implied flags beside their implier are the 'Role save' of part 1 §4, not a
 * refusal: `{ MetaDocumentBuilder: { Upsert: true, Read: true } }` passes. Flags that are off grant
 * nothing and are never refused. A flag `kept` already holds (the stored role, on an update) passes
 * too, so a role stored before these rules can still be renamed or narrowed.
 */
export function roleRefusals(permissions: RolePermissions, kept: RolePermissions = {}): RoleRefusal[] {
  const refusals: RoleRefusal[] = [];
  for (const [area, flags] of Object.entries(permissions)) {
    const on = Object.entries(flags ?? {})
      .filter(([action, value]) => value === true && kept[area]?.[action] !== true)
      .map(([action]) => action);
    if (on.length === 0) continue;
    if (!isArea(area)) {
      refusals.push({ area, action: on[0]!, reason: 'unknownArea' });
      continue;
    }
    const held = areaActions(area);
    const implied = withImplied(
      area,
      Object.entries(flags)
        .filter(([action, value]) => value === true && isAssignable(area, action))
        .map(([action]) => action),
    );
    for (const action of on) {
      if (!held.includes(action as Action)) refusals.push({ area, action, reason: 'notInArea' });
      else if (!implied.has(action as Action))
        refusals.push({
          area,
          action,
          reason: 'notAssignable',
          by: areas[area].assignable.filter((other) => withImplied(area, [other]).has(action as Action)),
        });
    }
  }
  return refusals;
}

/** Union of several roles' permissions as the entitlements claim. */
export function entitlementsOf(roles: readonly RolePermissions[]): Entitlements {
  const merged = new Map<Area, Set<string>>();
  for (const permissions of roles) {
    for (const [area, flags] of Object.entries(permissions)) {
      if (!isArea(area)) continue;
      const granted = Object.entries(flags)
        .filter(([, on]) => on)
        .map(([action]) => action);
      const set = merged.get(area) ?? new Set<string>();
      for (const action of withImplied(area, granted)) set.add(action);
      merged.set(area, set);
    }
  }
  const out: Entitlements = {};
  for (const [area, set] of merged) if (set.size > 0) out[area] = [...set].sort();
  return out;
}

export interface Principal {
  admin: boolean;
  entitlements: Entitlements;
}

/**
 * What a grant of these roles' permissions (implications included) would give beyond what the principal
 * holds itself, as `Area.Action`, sorted; empty when it holds all of it. No one can hand on more than
 * they have, so no role can raise itself through an accomplice either (issue 29 point 2).
 * @example grantsBeyond({ admin: false, entitlements: { UserManagement: ['Read'] } }, [{ FlowBuilder: { Read: true } }]) // ['FlowBuilder.Read']
 */
export function grantsBeyond(principal: Principal, granted: readonly RolePermissions[]): string[] {
  if (principal.admin) return [];
  const beyond: string[] = [];
  for (const [area, actions] of Object.entries(entitlementsOf(granted)))
    for (const action of actions ?? []) if (!can(principal, area, action)) beyond.push(`${area}.${action}`);
  return beyond.sort();
}

/** Whether a principal may do `action` in `area`: admins may do everything (spec part 1 §6). */
export function can(principal: Principal | null | undefined, area: string, action: string): boolean {
  if (!principal) return false;
  if (principal.admin) return true;
  return principal.entitlements[area]?.includes(action) ?? false;
}
