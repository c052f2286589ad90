import { describe, expect, it } from 'vitest';
import { type Area, areaActions, areas } from './areas';
import {
  can,
  entitlementsOf,
  normalizeRolePermissions,
  type RolePermissions,
  roleRefusals,
  withImplied,
} from './entitlements';

describe('implied permissions (spec part 1 §6, part 2 §6)', () => {
  it.each([
    [
      'ConnectionBuilder',
      ['Upsert'],
      ['Publish', 'Read', 'Upsert'],
      'part 1 §6: Upsert implies Read and Publish',
    ],
    [
      'DocumentBuilder',
      ['Upsert'],
      ['Publish', 'Read', 'Upsert'],
      'part 2 §6: Upsert implies Read and Publish',
    ],
    ['DocumentBuilder', ['Delete'], ['Delete', 'Read'], 'part 2 §6: Delete implies Read'],
    ['DocumentEditor', ['Upsert'], ['Read', 'Upsert'], 'part 2 §6: Upsert implies Read'],
    ['FlowBuilder', ['Upsert'], ['Read', 'Upsert'], 'part 2 §6: Upsert implies Read'],
    ['FlowBuilder', ['Delete'], ['Delete', 'Read'], 'part 2 §6: Delete implies Read'],
    ['FlowBuilder', ['Publish'], ['Publish', 'Read', 'Upsert'], 'part 2 §6: Publish implies Read and Upsert'],
    ['MethodBuilder', ['Read'], ['Read'], 'part 1 §6: Read alone'],
    ['Dashboard', ['Read'], ['Read'], 'part 1 §6: use-only modules, Read means use'],
    ['ConnectionBuilder', ['Delete'], [], 'part 1 §6: ConnectionBuilder has no Delete action'],
  ] as Array<[keyof typeof areas, string[], string[], string]>)(
    '%s %j → %j (%s)',
    (area, granted, expected) => {
      expect([...withImplied(area, granted)].sort()).toEqual([...expected].sort());
    },
  );

  it('Publish is not assignable where Upsert implies it, but held through Upsert (part 1 §6, part 2 §6)', () => {
    for (const area of [
      'ConnectionBuilder',
      'DocumentBuilder',
      'ComposedDocument',
      'ActionDocument',
    ] as const) {
      expect(areas[area].assignable as readonly string[]).not.toContain('Publish');
      expect(areaActions(area)).toContain('Publish');
      expect(withImplied(area, ['Upsert']).has('Publish')).toBe(true);
    }
  });

  it.each([
    [
      'MetaDocumentBuilder',
      ['Read', 'Upsert', 'Delete', 'Publish'],
      'part 1 §6: Upsert, Delete, Publish; Read implied',
    ],
    ['ScriptBuilder', ['Read', 'Upsert'], 'part 1 §6: Upsert; Read implied, delete is ScriptDelete’s'],
    ['ScriptDelete', ['Delete'], 'part 1 §6: script delete uses its own area'],
    [
      'ActionDocument',
      ['Read', 'Upsert', 'Delete', 'Publish', 'DeletePublished'],
      'part 2 §6, Publish implied',
    ],
  ] as Array<[Area, string[], string]>)('%s holds %j (%s)', (area, held) => {
    expect(areaActions(area)).toEqual(held);
  });
});

describe('what a role may be given (issue 33 point 3; part 1 §6, part 2 §6)', () => {
  const refused = (permissions: RolePermissions, kept?: RolePermissions) =>
    roleRefusals(permissions, kept).map(({ area, action, reason }) => `${area}.${action} ${reason}`);

  it.each([
    [{ MetaDocumentBuilder: { Upsert: true, Read: true } }, 'the implied Read beside its Upsert'],
    [
      { MetaDocumentBuilder: { Read: true, Upsert: true, Delete: false, Publish: false } },
      'the console’s shape',
    ],
    [{ ConnectionBuilder: { Read: true, Upsert: true, Publish: true } }, 'the implied Publish beside Upsert'],
    [{ FlowBuilder: { Publish: true } }, 'FlowBuilder assigns Publish'],
    [{ ScriptBuilder: { Delete: false }, Unknown: { Read: false } }, 'flags that are off grant nothing'],
    [{ ScriptDelete: { Delete: true } }, 'ScriptDelete assigns Delete'],
  ] as Array<[RolePermissions, string]>)('passes %j (%s)', (permissions) => {
    expect(refused(permissions)).toEqual([]);
  });

  it.each([
    [{ MetaDocumentBuilder: { Read: true } }, 'MetaDocumentBuilder.Read notAssignable'],
    [{ ScriptBuilder: { Read: true } }, 'ScriptBuilder.Read notAssignable'],
    [{ ScriptBuilder: { Upsert: true, Delete: true } }, 'ScriptBuilder.Delete notInArea'],
    [{ ActionDocument: { Publish: true } }, 'ActionDocument.Publish notAssignable'],
    [{ ActionDocument: { UpsertAdmin: true } }, 'ActionDocument.UpsertAdmin notInArea'],
    [{ ConnectionBuilder: { Read: true, Publish: true } }, 'ConnectionBuilder.Publish notAssignable'],
    [{ MethodBuilder: { Delete: true } }, 'MethodBuilder.Delete notInArea'],
    [{ Nowhere: { Read: true } }, 'Nowhere.Read unknownArea'],
  ] as Array<[RolePermissions, string]>)('refuses %j', (permissions, refusal) => {
    expect(refused(permissions)).toEqual([refusal]);
  });

  it('a flag the stored role already carries passes: a role stored before the rule stays editable', () => {
    const stored = { ScriptBuilder: { Read: true, Upsert: false, Delete: true } };
    expect(refused({ ScriptBuilder: { Read: true, Delete: true } }, stored)).toEqual([]);
    expect(refused({ ScriptBuilder: { Read: true }, MetaDocumentBuilder: { Read: true } }, stored)).toEqual([
      'MetaDocumentBuilder.Read notAssignable',
    ]);
  });

  it('names the actions that would switch a not-assignable one on', () => {
    expect(roleRefusals({ MetaDocumentBuilder: { Read: true } })[0]?.by).toEqual([
      'Upsert',
      'Delete',
      'Publish',
    ]);
  });
});

describe('role save (spec part 1 §4 "Role save")', () => {
  it('switches implied permissions on and keeps only areas of enabled modules', () => {
    const saved = normalizeRolePermissions(
      {
        ConnectionBuilder: { Upsert: true },
        Dashboard: { Read: true },
        Unknown: { Read: true },
        MethodBuilder: { Read: false },
      },
      new Set(['ConnectionBuilder']),
    );
    expect(saved).toEqual({ ConnectionBuilder: { Read: true, Upsert: true, Publish: true } });
  });
});

describe('can (spec part 1 §6)', () => {
  const user = {
    admin: false,
    entitlements: entitlementsOf([{ FlowBuilder: { Publish: true } }, { Dashboard: { Read: true } }]),
  };
  it.each([
    ['FlowBuilder', 'Read', true, 'implied by Publish'],
    ['FlowBuilder', 'Upsert', true, 'implied by Publish'],
    ['FlowBuilder', 'Delete', false, 'not granted'],
    ['Dashboard', 'Read', true, 'granted by a second role'],
    ['UserManagement', 'Read', false, 'no role grants it'],
  ])('%s %s → %s (%s)', (area, action, expected) => {
    expect(can(user, area, action)).toBe(expected);
  });

  it('admins may do everything; nobody signed out may do anything', () => {
    expect(can({ admin: true, entitlements: {} }, 'UserManagement', 'Delete')).toBe(true);
    expect(can(null, 'Dashboard', 'Read')).toBe(false);
  });
});
