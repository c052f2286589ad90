import { describe, expect, it } from 'vitest';
import type { Principal } from '../../permissions/entitlements';
import { moduleRoutes } from './moduleRoutes';
import { permittedModuleRoutes } from './permittedModuleRoutes';

const all = moduleRoutes.map((route) => ({ Name: route.module }));
const user = (entitlements: Principal['entitlements']): Principal => ({ admin: false, entitlements });
const admin: Principal = { admin: true, entitlements: {} };
const paths = (modules: Array<{ Name: string }>, principal: Principal | null) =>
  permittedModuleRoutes(moduleRoutes, modules, principal).map((route) => route.path);

describe('permittedModuleRoutes', () => {
  it.each<[string, Array<{ Name: string }>, Principal | null, string[], string]>([
    ['signed out', all, null, [], 'spec part 1 §2: only public screens without a session'],
    [
      'Read on two modules',
      all,
      user({ ConnectionBuilder: ['Read'], Dashboard: ['Read'] }),
      ['/connectionbuilder', '/dashboard'],
      'spec part 1 §2: each module route needs Read on its module',
    ],
    [
      'Read on UserManagement: users, roles and the audit trail, but not export and import',
      all,
      user({ UserManagement: ['Read'] }),
      ['/usermanagement', '/audit'],
      'spec part 1 §6; issue 31: export and import are for administrators only',
    ],
    [
      'Upsert without Read in the claim',
      all,
      user({ MethodBuilder: ['Upsert'] }),
      [],
      'spec part 1 §6: the route needs Read itself (the server puts implied actions in the claim)',
    ],
    [
      'Read, but the module is not in the list',
      [{ Name: 'Dashboard' }],
      user({ ConnectionBuilder: ['Read'], Dashboard: ['Read'] }),
      ['/dashboard'],
      "spec part 1 §2: a route exists only if its module is in the user's module list",
    ],
    ['no modules at all', [], admin, [], 'spec part 1 §2: admins too need the module in the list'],
    [
      'admin sees builders in order',
      [
        { Name: 'ScriptBuilder' },
        { Name: 'FlowBuilder' },
        { Name: 'RestApiBuilder' },
        { Name: 'UserManagement' },
      ],
      admin,
      ['/flowbuilder', '/restapi', '/usermanagement', '/scriptbuilder', '/audit', '/promote'],
      'spec part 1 §2: order 5, 30, 35, 50; §6: admins may do everything; issue 10: the audit trail (55) rides on UserManagement; issue 31: export and import (56) too, for admins only',
    ],
    [
      'equal order keeps the table order',
      [{ Name: 'ActionDocument' }, { Name: 'ComposedDocument' }],
      admin,
      ['/composeddocument', '/actiondocument'],
      'spec part 1 §2: both order 15',
    ],
    [
      'segment builder after the other client modules',
      [{ Name: 'SegmentBuilder' }, { Name: 'Queue' }],
      admin,
      ['/queue', '/segmentbuilder'],
      'spec part 1 §2: clientModules 100, segmentbuilder 110',
    ],
  ])('%s (%s)', (_, modules, principal, expected) => {
    expect(paths(modules, principal)).toEqual(expected);
  });

  it('an admin with every module has every route of spec part 1 §2 and part 2 §2, plus the audit trail (issue 10) and export and import (issue 31)', () => {
    expect(paths(all, admin)).toHaveLength(27);
  });
});
