import { describe, expect, it } from 'vitest';
import { areas } from './areas';
import { can, entitlementsOf, normalizeRolePermissions, withImplied } from './entitlements';

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

  it('Publish is not assignable where Upsert implies it (part 1 §6, part 2 §6)', () => {
    for (const area of [
      'ConnectionBuilder',
      'DocumentBuilder',
      'ComposedDocument',
      'ActionDocument',
    ] as const) {
      expect((areas[area] as { notAssignable?: readonly string[] }).notAssignable).toContain('Publish');
    }
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
