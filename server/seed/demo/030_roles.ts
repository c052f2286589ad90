import { normalizeRolePermissions, type RolePermissions } from '../../../src/permissions/entitlements';
import type { DemoSeed } from '../seed';

/** Two roles to start from: one that builds, one that looks (spec part 1 §3 'Role', §6). */
export const demoRoles: Array<{ name: string; permissions: RolePermissions }> = [
  {
    name: 'Demo builders',
    permissions: {
      ConnectionBuilder: { Upsert: true },
      MethodBuilder: { Upsert: true },
      DocumentBuilder: { Upsert: true, Delete: true },
      RestApiBuilder: { Upsert: true, Delete: true, DeleteRestApi: true },
      ScriptBuilder: { Upsert: true },
      ScriptDelete: { Delete: true },
      MetaDocumentBuilder: { Upsert: true, Publish: true },
    },
  },
  {
    name: 'Demo viewers',
    permissions: {
      ConnectionBuilder: { Read: true },
      MethodBuilder: { Read: true },
      DocumentBuilder: { Read: true },
      RestApiBuilder: { Read: true },
      // Read is no action a role is given in the Script Builder (spec part 1 §6: Upsert; issue 33 point
      // 3), and PostRole refuses it in a new role. The demo keeps it as roles stored before that rule
      // keep theirs: it still grants Read, and the role can still be renamed or narrowed.
      ScriptBuilder: { Read: true },
    },
  },
];

const seedRoles: DemoSeed = async (db) => {
  const modules = new Set(
    (await db.query<{ name: string }>('select name from client_modules')).map((row) => row.name),
  );
  for (const role of demoRoles) {
    const [existing] = await db.query('select 1 from roles where lower(name) = lower($1)', [role.name]);
    if (existing) continue;
    await db.query(
      `insert into roles (name, permissions, created_by, modified_by) values ($1, $2, 'seed', 'seed')`,
      [role.name, JSON.stringify(normalizeRolePermissions(role.permissions, modules))],
    );
  }
};

export default seedRoles;
