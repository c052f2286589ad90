import { diffItems } from '../../src/domain/diff/diffItems';
import { t } from '../../src/messages/t';
import { areas, isArea } from '../../src/permissions/areas';
import {
  can,
  grantsBeyond,
  normalizeRolePermissions,
  type RolePermissions,
  roleRefusals,
} from '../../src/permissions/entitlements';
import { type AccountState, accountDeleted, accountEntries, recordEntries } from '../audit/accountAudit';
import { recordAudit } from '../audit/auditLog';
import type { Principal } from '../auth/principal';
import type { Schemas } from '../contract/types';
import { TableCache } from '../db/cache';
import type { Db } from '../db/database';
import type { Handlers } from '../http/context';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { JsonAnswer } from '../http/jsonAnswer';
import { asksForPage, listPage, pageKey } from '../items/listPage';
import {
  assertMayChangeRole,
  assertMayChangeUser,
  assertMayGrant,
  assertMayGrantRoles,
} from '../users/grants';
import { endOpenKeys, sendEmailConfirmation, sendResetLink } from '../users/resetKeys';

type User = Schemas['User'];
type Role = Schemas['Role'];

const userColumns = `u.guid as "Guid", u.email as "Email", u.first_name as "FirstName", u.last_name as "LastName",
  u.pending_email as "PendingEmail", u.gender_code as "GenderCode", u.is_active as "IsActive", u.is_admin as "IsAdmin", u.logins as "Logins",
  u.last_login as "LastLogin", u.two_factor as "TwoFactor", u.created as "Created", u.created_by as "CreatedBy",
  u.modified as "Modified", u.modified_by as "ModifiedBy", u.is_deleted as "IsDeleted", u.deleted as "Deleted",
  u.revision as "Revision",
  coalesce((select array_agg(ur.role_guid order by ur.role_guid) from user_roles ur where ur.user_guid = u.guid), '{}') as "Roles"`;

/** Whether the viewer sees the admin flag: only with See Admin Status (spec part 1 §6). */
const seesAdminStatus = (principal: Principal | null) => can(principal, 'UserManagement', 'SeeAdminStatus');

/** A user as the viewer may see it: the admin flag only with See Admin Status (spec part 1 §6). */
function forViewer(user: User, principal: Principal | null, sees = seesAdminStatus(principal)): User {
  const out = { ...user };
  if (!sees) delete out.IsAdmin;
  return out;
}

/** The fields a page's search looks in (the contract's GetUsers `search`). */
const USER_SEARCH = ['Email', 'FirstName', 'LastName'] as const;

/**
 * The user list's caches (issue 33 point 6), over the tables the list reads: kept until a write to users
 * or user_roles (a save, a delete, a sign-in's login count; a role's delete cascades to user_roles), on
 * every process (server/db/cache.ts). The list differs only by whether the viewer sees the admin flag,
 * so it is kept per variant, not per user.
 */
interface UserListCaches {
  /** The whole list and its pages, serialized, as GetUsers answers them. */
  answers: TableCache<JsonAnswer<unknown>>;
  /** The whole list as objects, from which pages are cut. */
  lists: TableCache<readonly User[]>;
}
const userListCaches = new WeakMap<Db, UserListCaches>();

function userListsOf(db: Db): UserListCaches {
  let caches = userListCaches.get(db);
  if (!caches) {
    caches = {
      answers: new TableCache<JsonAnswer<unknown>>(db, ['users', 'user_roles'], 200),
      lists: new TableCache<readonly User[]>(db, ['users', 'user_roles'], 2),
    };
    userListCaches.set(db, caches);
  }
  return caches;
}

async function users(db: Db, where = 'not u.is_deleted', params: unknown[] = []): Promise<User[]> {
  return db.query<User>(`select ${userColumns} from users u where ${where} order by lower(u.email)`, params);
}

/**
 * A user as the audit trail records it (server/audit/accountAudit.ts): the fields an admin edits, never
 * the password, keys or two-factor secrets; locked for the write that follows.
 */
async function auditState(tx: Db, guid: string): Promise<AccountState | undefined> {
  const [row] = await tx.query<{
    email: string;
    first_name: string | null;
    last_name: string | null;
    gender_code: string;
    is_active: boolean;
    roles: number[];
  }>(
    `select email, first_name, last_name, gender_code, is_active,
       coalesce((select array_agg(role_guid) from user_roles where user_guid = users.guid), '{}') as roles
     from users where guid = $1 for update`,
    [guid],
  );
  return (
    row && {
      fields: {
        Email: row.email,
        FirstName: row.first_name,
        LastName: row.last_name,
        GenderCode: row.gender_code,
      },
      active: row.is_active,
      roles: row.roles,
    }
  );
}

const roleColumns = `guid as "Guid", name as "Name", permissions as "Permissions", revision as "Revision"`;

async function enabledModules(db: Db): Promise<Set<string>> {
  return new Set(
    (await db.query<{ name: string }>('select name from client_modules')).map((row) => row.name),
  );
}

/** A JSON Pointer segment (RFC 6901): area and action names come from the body as sent. */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Refuses (400) a role carrying a flag no role may be given (issue 33 point 3): an unknown area, an
 * action its area does not have, or one that is not assignable and not implied by what the role is
 * given beside it (spec part 1 §6, part 2 §6). One error per flag, at /Permissions/<area>/<action>.
 * Flags the stored role already carries pass (`kept`), so roles stored before this rule stay editable.
 */
const refusalKeys = {
  unknownArea: 'role.unknownArea',
  notInArea: 'role.actionNotInArea',
  notAssignable: 'role.actionNotAssignable',
} as const;

function assertAssignable(permissions: RolePermissions, kept?: RolePermissions): void {
  const refusals = roleRefusals(permissions, kept);
  if (refusals.length === 0) return;
  throw badRequest(
    refusals.map(({ area, action, reason, by }) => {
      const messageKey = refusalKeys[reason];
      const params = {
        area,
        action,
        label: isArea(area) ? areas[area].label : area,
        by: (by ?? []).join(', '),
      };
      return {
        path: `/Permissions/${pointer(area)}/${pointer(action)}`,
        messageKey,
        message: t(messageKey, params),
        params,
      };
    }),
  );
}

async function assertRolesExist(db: Db, roles: readonly number[]) {
  if (roles.length === 0) return;
  const found = await db.query<{ guid: number }>('select guid from roles where guid = any($1::int[])', [
    roles,
  ]);
  if (found.length !== new Set(roles).size) {
    throw badRequest([{ path: '/Roles', messageKey: 'user.unknownRole', message: t('user.unknownRole') }]);
  }
}

/** Users and roles (spec part 1 §3 'User', 'Role', §4, §5 'API user, role, user', §7 'User management'). */
const handlers: Handlers = {
  // The user management list: every user (10,000 make megabytes), or the page the list shows, as
  // Connection.GetConnections answers its list (issue 33 point 6).
  'UserManagement.GetUsers': async ({ db, principal, query }) => {
    const caches = userListsOf(db);
    const sees = seesAdminStatus(principal);
    const variant = sees ? 'withAdminFlag' : 'withoutAdminFlag';
    const all = () =>
      caches.lists.get(variant, async () => (await users(db)).map((user) => forViewer(user, null, sees)));
    if (!asksForPage(query))
      return (await caches.answers.get(variant, async () => JsonAnswer.of(await all()))) as JsonAnswer<
        User[]
      >;
    return (await caches.answers.get(`${variant}${pageKey(query)}`, async () => {
      const page = listPage(await all(), query, USER_SEARCH, 'Email');
      return JsonAnswer.of(page.rows, { 'x-total-count': String(page.total) });
    })) as JsonAnswer<User[]>;
  },

  'UserManagement.GetUser': async ({ db, params, principal }) => {
    const [user] = await users(db, 'u.guid = $1 and not u.is_deleted', [params.guid]);
    if (!user) throw notFound('notFound.user');
    return forViewer(user, principal);
  },

  'UserManagement.PostUser': async (context) => {
    const { db, body, principal, sessions } = context;
    const email = body.Email.trim();
    const [clash] = await db.query(
      'select 1 from users where lower(email) = lower($1) and guid <> $2 and not is_deleted',
      [email, body.Guid],
    );
    if (clash)
      throw badRequest([{ path: '/Email', messageKey: 'user.emailError', message: t('user.emailError') }]);
    await assertRolesExist(db, body.Roles);
    const by = principal?.name ?? null;
    const now = context.now();
    const [existing] = await db.query<{
      revision: number;
      is_deleted: boolean;
      is_active: boolean;
      is_admin: boolean;
      email: string;
      pending_email: string | null;
      enrolled: boolean;
      roles: number[];
    }>(
      `select revision, is_deleted, is_active, is_admin, email, pending_email,
         (password_hash is not null or two_factor) as enrolled,
         coalesce((select array_agg(role_guid) from user_roles where user_guid = users.guid), '{}') as roles
       from users where guid = $1`,
      [body.Guid],
    );
    if (existing?.is_deleted) throw notFound('notFound.user');
    // Who may change whom (issue 29 point 2): an administrator only by an administrator; one's own
    // roles by no one but an administrator; new roles only with permissions the caller holds.
    const roles = [...new Set(body.Roles)];
    if (existing) {
      assertMayChangeUser(principal, existing);
      // A save that does not say which version it changes would overwrite another's edit unseen.
      if (body.Revision === undefined) throw new HttpError(400, 'api.revisionRequired');
    }
    const before = new Set(existing?.roles ?? []);
    const rolesChange = roles.length !== before.size || roles.some((role) => !before.has(role));
    if (rolesChange && principal?.guid === body.Guid && !principal.admin)
      throw new HttpError(403, 'user.ownRoles');
    await assertMayGrantRoles(
      db,
      principal,
      roles.filter((role) => !before.has(role)),
    );
    // An enrolled user's address changes once the new address confirms it (issue 29 point 2): until
    // then the user keeps signing in, and receiving reset links, at the old one.
    const addressChange = existing !== undefined && existing.email.toLowerCase() !== email.toLowerCase();
    const storedEmail = addressChange && existing.enrolled ? existing.email : email;
    const pendingEmail = addressChange && existing.enrolled ? email : null;
    // A new address to confirm, or none any more (set back, or changed again): the old link is void.
    const pendingChange =
      existing !== undefined &&
      (pendingEmail?.toLowerCase() ?? null) !== (existing.pending_email?.toLowerCase() ?? null);
    const saved = await db.transaction(async (tx) => {
      // What the user was, for the audit entries that commit with the save (issue 10 point 7).
      const before = existing ? await auditState(tx, body.Guid) : undefined;
      let revision: number;
      if (existing) {
        if (body.Revision !== existing.revision) {
          const [current] = await users(tx, 'u.guid = $1', [body.Guid]);
          // The newer version as this viewer may see it (the admin flag only with See Admin Status).
          throw conflict(current && forViewer(current, principal));
        }
        const [row] = await tx.query<{ revision: number }>(
          `update users set email = $2, first_name = $3, last_name = $4, gender_code = $5, is_active = $6,
             modified = to_timestamp($7), modified_by = $8, revision = revision + 1, pending_email = $9
           where guid = $1 returning revision`,
          [
            body.Guid,
            storedEmail,
            body.FirstName ?? null,
            body.LastName ?? null,
            body.GenderCode ?? 'U',
            body.IsActive ?? true,
            now,
            by,
            pendingEmail,
          ],
        );
        revision = row!.revision;
        if (pendingChange) await endOpenKeys(tx, body.Guid, 'email', now);
      } else {
        await tx.query(
          `insert into users (guid, email, first_name, last_name, gender_code, is_active, created, created_by, modified, modified_by)
           values ($1, $2, $3, $4, $5, $6, to_timestamp($7), $8, to_timestamp($7), $8)`,
          [
            body.Guid,
            email,
            body.FirstName ?? null,
            body.LastName ?? null,
            body.GenderCode ?? 'U',
            body.IsActive ?? true,
            now,
            by,
          ],
        );
        revision = 1;
      }
      await tx.query('delete from user_roles where user_guid = $1', [body.Guid]);
      for (const role of roles) {
        await tx.query('insert into user_roles (user_guid, role_guid) values ($1, $2)', [body.Guid, role]);
      }
      const after = (await auditState(tx, body.Guid))!;
      await recordEntries(
        tx,
        accountEntries({ kind: 'user', guid: body.Guid, name: storedEmail }, before ?? null, after),
      );
      return { Guid: body.Guid, Revision: revision };
    });
    if (existing?.is_active && body.IsActive === false) await sessions.revokeUser(body.Guid);
    // Mail goes out once the save has committed (and on PGlite, outside its transaction).
    if (!existing) await sendResetLink(context, { guid: body.Guid, email }, 'welcome');
    else if (addressChange && !existing.enrolled) {
      // Not enrolled yet: the welcome link mailed to the old address is void; the new one gets its own.
      await sendResetLink(context, { guid: body.Guid, email }, 'welcome');
    } else if (pendingEmail && pendingChange) {
      await sendEmailConfirmation(context, db, { guid: body.Guid, email: existing.email }, pendingEmail);
    }
    return pendingEmail ? { ...saved, PendingEmail: pendingEmail } : saved;
  },

  'UserManagement.DeleteUser': async ({ db, params, principal, sessions, now }) => {
    if (principal?.guid === params.guid) throw new HttpError(400, 'user.cannotDeleteSelf');
    const [target] = await db.query<{ is_admin: boolean }>(
      'select is_admin from users where guid = $1 and not is_deleted',
      [params.guid],
    );
    if (target) assertMayChangeUser(principal, target);
    await db.transaction(async (tx) => {
      const before = await auditState(tx, params.guid);
      const rows = await tx.query<{ email: string }>(
        'update users set is_deleted = true, deleted = to_timestamp($2), modified_by = $3, revision = revision + 1 where guid = $1 and not is_deleted returning email',
        [params.guid, now(), principal?.name ?? null],
      );
      if (rows.length === 0 || !before) throw notFound('notFound.user');
      await recordAudit(
        tx,
        accountDeleted({ kind: 'user', guid: params.guid, name: rows[0]!.email }, before),
      );
    });
    await sessions.revokeUser(params.guid);
    return true;
  },

  // Recorded as twoFactorReset with the TwoFactor flag; the keys themselves never reach the trail.
  'UserManagement.Deactivate2FA': async ({ db, query, sessions, principal }) => {
    await db.transaction(async (tx) => {
      const [user] = await tx.query<{ email: string; two_factor: boolean; is_admin: boolean }>(
        'select email, two_factor, is_admin from users where guid = $1 and not is_deleted for update',
        [query.UserGuid],
      );
      if (!user) throw notFound('notFound.user');
      assertMayChangeUser(principal, user);
      await tx.query(
        `update users set two_factor = false, two_factor_key = null, pending_two_factor_key = null, last_totp_step = null,
           revision = revision + 1 where guid = $1`,
        [query.UserGuid],
      );
      await recordAudit(tx, {
        action: 'twoFactorReset',
        kind: 'user',
        guid: query.UserGuid,
        name: user.email,
        changes: diffItems({ TwoFactor: user.two_factor }, { TwoFactor: false }),
      });
    });
    // Signed-in sessions end; the next sign-in enrols a new authenticator.
    await sessions.revokeUser(query.UserGuid);
    return true;
  },

  'UserManagement.GetRoles': async ({ db }) =>
    db.query<Role>(`select ${roleColumns} from roles order by lower(name)`),

  'UserManagement.GetRole': async ({ db, params }) => {
    const [role] = await db.query<Role>(`select ${roleColumns} from roles where guid = $1`, [params.guid]);
    if (!role) throw notFound('notFound.role');
    return role;
  },

  'UserManagement.PostRole': async (context) => {
    const { db, body, principal } = context;
    const name = body.Name.trim();
    const guid = body.Guid ?? 0;
    const [clash] = await db.query('select 1 from roles where lower(name) = lower($1) and guid <> $2', [
      name,
      guid,
    ]);
    if (clash)
      throw badRequest([{ path: '/Name', messageKey: 'role.nameError', message: t('role.nameError') }]);
    const [existing] =
      guid > 0
        ? await db.query<{ revision: number; permissions: RolePermissions }>(
            'select revision, permissions from roles where guid = $1',
            [guid],
          )
        : [];
    if (guid > 0 && !existing) throw notFound('notFound.role');
    // Only what the spec's tables let a role be given; implied flags sent beside their implier are the
    // console's 'Role save' (part 1 §4) and pass; then implied flags are switched on and areas of
    // modules that are not enabled dropped, as the console does.
    assertAssignable(body.Permissions as RolePermissions, existing?.permissions);
    const permissions = normalizeRolePermissions(
      body.Permissions as RolePermissions,
      await enabledModules(db),
    );
    const by = principal?.name ?? null;
    if (existing) {
      // Not a role the caller holds, and nothing added that the caller does not hold (issue 29 point 2);
      // what the role gave already stays, so a user manager can still rename or narrow it.
      await assertMayChangeRole(db, principal, guid);
      const already = new Set(
        grantsBeyond(principal ?? { admin: false, entitlements: {} }, [existing.permissions]),
      );
      const added = grantsBeyond(principal ?? { admin: false, entitlements: {} }, [permissions]).filter(
        (permission) => !already.has(permission),
      );
      if (added.length > 0) throw new HttpError(403, 'role.beyondOwn', { permissions: added.join(', ') });
      if (body.Revision === undefined) throw new HttpError(400, 'api.revisionRequired');
      if (body.Revision !== existing.revision) {
        const [current] = await db.query<Role>(`select ${roleColumns} from roles where guid = $1`, [guid]);
        throw conflict(current);
      }
      // The role and its audit entry commit together (issue 10 point 7).
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.query<{ name: string; permissions: RolePermissions }>(
          'select name, permissions from roles where guid = $1 for update',
          [guid],
        );
        const [updated] = await tx.query<{ revision: number }>(
          `update roles set name = $2, permissions = $3, modified = to_timestamp($4), modified_by = $5, revision = revision + 1
            where guid = $1 returning revision`,
          [guid, name, JSON.stringify(permissions), context.now(), by],
        );
        await recordAudit(tx, {
          action: 'permissionsChanged',
          kind: 'role',
          guid: String(guid),
          name,
          changes: diffItems(
            { Name: before?.name, Permissions: before?.permissions },
            { Name: name, Permissions: permissions },
          ),
        });
        return updated;
      });
      return { Guid: guid, Revision: row!.revision };
    }
    assertMayGrant(principal, [permissions]);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.query<{ guid: number }>(
        `insert into roles (name, permissions, created, created_by, modified, modified_by)
         values ($1, $2, to_timestamp($3), $4, to_timestamp($3), $4) returning guid`,
        [name, JSON.stringify(permissions), context.now(), by],
      );
      await recordAudit(tx, {
        action: 'created',
        kind: 'role',
        guid: String(inserted!.guid),
        name,
        changes: diffItems(null, { Name: name, Permissions: permissions }),
      });
      return inserted;
    });
    return { Guid: row!.guid, Revision: 1 };
  },

  'UserManagement.DeleteRole': async ({ db, params, principal }) => {
    await assertMayChangeRole(db, principal, params.guid);
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ name: string; permissions: RolePermissions }>(
        'delete from roles where guid = $1 returning name, permissions',
        [params.guid],
      );
      if (rows.length === 0) throw notFound('notFound.role');
      await recordAudit(tx, {
        action: 'deleted',
        kind: 'role',
        guid: String(params.guid),
        name: rows[0]!.name,
        changes: diffItems({ Name: rows[0]!.name, Permissions: rows[0]!.permissions }, null),
      });
    });
    return true;
  },
};

export default handlers;
