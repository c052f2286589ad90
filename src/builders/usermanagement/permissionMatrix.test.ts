import { describe, expect, it } from 'vitest';
import type { RolePermissions } from '../../permissions/entitlements';
import { type PermissionCell, permissionMatrix, togglePermission } from './permissionMatrix';

const allModules = new Set([
  'FlowBuilder',
  'DocumentBuilder',
  'ComposedDocument',
  'ActionDocument',
  'MethodBuilder',
  'ConnectionBuilder',
  'RestApiBuilder',
  'UserManagement',
  'DocumentEditor',
  'MetaDocumentBuilder',
  'ScriptBuilder',
  'Reporting',
]);

const cell = (permissions: RolePermissions, area: string, action: string, modules = allModules) => {
  const { columns, rows } = permissionMatrix(permissions, modules);
  const row = rows.find((entry) => entry.area === area);
  if (!row) return 'no row';
  const found = row.cells[columns.indexOf(action as never)];
  return found ?? 'no cell';
};

const state = (found: PermissionCell | string) =>
  typeof found === 'string'
    ? found
    : `${found.checked ? 'on' : 'off'}${found.locked ? ` locked:${found.locked.reason} by ${found.locked.by.join('+')}` : ''}`;

describe('the role editor matrix (spec part 1 §3 "Role", §4 "Role save", §6)', () => {
  it.each([
    [
      '§6 ConnectionBuilder: Upsert implies Read',
      { ConnectionBuilder: { Upsert: true } },
      'ConnectionBuilder',
      'Read',
      'on locked:implied by Upsert',
    ],
    [
      '§6 Publish not assignable for connections: no box',
      { ConnectionBuilder: { Upsert: true } },
      'ConnectionBuilder',
      'Publish',
      'no cell',
    ],
    ['part 2 §6 Publish not assignable for documents: no box', {}, 'DocumentBuilder', 'Publish', 'no cell'],
    ['part 2 §6 Publish not assignable for composed documents', {}, 'ComposedDocument', 'Publish', 'no cell'],
    ['part 2 §6 action documents have no Publish', {}, 'ActionDocument', 'Publish', 'no cell'],
    ['part 2 §6 action documents have no Upsert admin', {}, 'ActionDocument', 'UpsertAdmin', 'no cell'],
    ['§6 Metadata Builder lists no Read', {}, 'MetaDocumentBuilder', 'Read', 'no cell'],
    ['§6 Metadata Builder assigns Publish', {}, 'MetaDocumentBuilder', 'Publish', 'off'],
    ['§6 Script Builder lists no Read', {}, 'ScriptBuilder', 'Read', 'no cell'],
    ['§6 Script Builder: deleting is ScriptDelete’s', {}, 'ScriptBuilder', 'Delete', 'no cell'],
    ['§6 Script Builder assigns Upsert', {}, 'ScriptBuilder', 'Upsert', 'off'],
    [
      '§6 FlowBuilder: Publish is assignable and implies Upsert',
      { FlowBuilder: { Publish: true } },
      'FlowBuilder',
      'Upsert',
      'on locked:implied by Publish',
    ],
    [
      '§6 FlowBuilder: Publish implies Read through Upsert too',
      { FlowBuilder: { Publish: true } },
      'FlowBuilder',
      'Read',
      'on locked:implied by Publish',
    ],
    [
      '§6 FlowBuilder: Publish itself stays free',
      { FlowBuilder: { Publish: true } },
      'FlowBuilder',
      'Publish',
      'on',
    ],
    [
      '§6 DocumentBuilder: Delete implies Read',
      { DocumentBuilder: { Delete: true } },
      'DocumentBuilder',
      'Read',
      'on locked:implied by Delete',
    ],
    [
      '§6 an explicit Read alone is free',
      { ConnectionBuilder: { Read: true } },
      'ConnectionBuilder',
      'Read',
      'on',
    ],
    ['§6 nothing granted: free and off', {}, 'UserManagement', 'SeeAdminStatus', 'off'],
    ['§6 RestApiBuilder has Delete rest api', {}, 'RestApiBuilder', 'DeleteRestApi', 'off'],
    ['§6 MethodBuilder has no Delete', {}, 'MethodBuilder', 'Delete', 'no cell'],
    ['§6 use-only modules: Read means use', {}, 'Reporting', 'Read', 'off'],
    ['§6 ScriptDelete shows with the Script Builder module', {}, 'ScriptDelete', 'Delete', 'off'],
  ])('%s', (_rule, permissions, area, action, expected) => {
    expect(state(cell(permissions as RolePermissions, area, action))).toBe(expected);
  });

  it.each([
    ['§4 only areas of enabled modules: a disabled module has no row', 'Dashboard'],
    ['§4 only areas of enabled modules: Segment builder is not enabled', 'SegmentBuilder'],
  ])('%s', (_rule, area) => {
    expect(cell({}, area, 'Read')).toBe('no row');
  });

  it('§4 without the Script Builder module, ScriptDelete has no row either', () => {
    const modules = new Set([...allModules].filter((name) => name !== 'ScriptBuilder'));
    expect(cell({}, 'ScriptDelete', 'Delete', modules)).toBe('no row');
  });

  it('§6 columns are the assignable actions of the shown areas, in the table order', () => {
    const { columns } = permissionMatrix({}, new Set(['ConnectionBuilder', 'MethodBuilder']));
    expect(columns).toEqual(['Read', 'Upsert']);
    expect(permissionMatrix({}, new Set(['ScriptBuilder'])).columns).toEqual(['Upsert', 'Delete']);
  });

  it.each([
    [
      '§6 unticking Upsert drops the Publish it switched on (not assignable on its own)',
      { ConnectionBuilder: { Read: true, Upsert: true, Publish: true } },
      ['ConnectionBuilder', 'Upsert', false],
      { ConnectionBuilder: { Read: true, Upsert: false, Publish: false } },
    ],
    [
      '§6 ticking Upsert sets the not-assignable Publish it implies',
      { ConnectionBuilder: { Read: true } },
      ['ConnectionBuilder', 'Upsert', true],
      { ConnectionBuilder: { Read: true, Upsert: true, Publish: true } },
    ],
    [
      '§6 Metadata Builder: Upsert switches on the Read it has no box for',
      {},
      ['MetaDocumentBuilder', 'Upsert', true],
      { MetaDocumentBuilder: { Upsert: true, Read: true } },
    ],
    [
      '§6 Metadata Builder: the Read goes with the last of its impliers',
      { MetaDocumentBuilder: { Read: true, Upsert: true, Publish: true } },
      ['MetaDocumentBuilder', 'Upsert', false],
      { MetaDocumentBuilder: { Read: true, Upsert: false, Publish: true } },
    ],
    [
      '§6 an assignable action is only set, never derived',
      {},
      ['FlowBuilder', 'Delete', true],
      { FlowBuilder: { Delete: true } },
    ],
  ] as const)('%s', (_rule, before, [area, action, on], after) => {
    expect(togglePermission(before as RolePermissions, area, action, on)).toEqual(after);
  });
});
