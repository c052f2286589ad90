import { randomUUID } from 'node:crypto';
import { t } from '../../src/messages/t';
import { can } from '../../src/permissions/entitlements';
import type { FieldError } from '../../src/validation/fieldErrors';
import { type AccountState, accountDeleted, accountEntries, recordEntries } from '../audit/accountAudit';
import { recordAudit } from '../audit/auditLog';
import type { Principal } from '../auth/principal';
import type { Schemas } from '../contract/types';
import type { Db } from '../db/database';
import type { Handlers } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import type { ItemKind } from '../items/itemStore';
import { restApiDescription } from '../runtime/describe';
import { assertMayGrantRoles } from '../users/grants';

type ApiUser = Schemas['ApiUser'];

export const restApiKind: ItemKind = {
  kind: 'restApi',
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'ra.error.loadRestApi',
  nameTaken: 'ra.validation.nameNotUnique',
};

const UNIQUE_VIOLATION = '23505';

async function listItems(db: Db, name: string): Promise<Schemas['ListItem'][]> {
  const [list] = await db.query<{ items: Schemas['ListItem'][] }>('select items from lists where name = $1', [
    name,
  ]);
  return list?.items ?? [];
}

const fieldError = (path: string, messageKey: string): FieldError => ({
  path,
  messageKey,
  message: t(messageKey),
});

const apiUserColumns = `a.guid as "Guid", a.username as "Username", a.api_token as "ApiToken",
  a.is_active as "IsActive", a.is_api_user as "IsApiUser", a.created as "Created", a.modified as "Modified",
  a.is_deleted as "IsDeleted", a.revision as "Revision",
  coalesce((select array_agg(r.role_guid order by r.role_guid) from api_user_roles r where r.api_user_guid = a.guid), '{}') as "Roles"`;

/** The token is a credential: only those who may edit API users see it (to copy or renew it). */
function forViewer(user: ApiUser, principal: Principal | null): ApiUser {
  const out = { ...user };
  if (!can(principal, 'RestApiBuilder', 'Upsert')) delete out.ApiToken;
  return out;
}

async function apiUsers(db: Db, where = 'not a.is_deleted', params: unknown[] = []): Promise<ApiUser[]> {
  return db.query<ApiUser>(
    `select ${apiUserColumns} from api_users a where ${where} order by lower(a.username)`,
    params,
  );
}

/**
 * An API user as the audit trail records it (server/audit/accountAudit.ts): the username, active flag and
 * roles; the token only to notice a renewal, never recorded. Locked for the write that follows.
 */
async function auditState(tx: Db, guid: string): Promise<AccountState | undefined> {
  const [row] = await tx.query<{ username: string; is_active: boolean; api_token: string; roles: number[] }>(
    `select username, is_active, api_token,
       coalesce((select array_agg(role_guid) from api_user_roles where api_user_guid = api_users.guid), '{}') as roles
     from api_users where guid = $1 and not is_deleted for update`,
    [guid],
  );
  return (
    row && {
      fields: { Username: row.username },
      active: row.is_active,
      roles: row.roles,
      secret: row.api_token,
    }
  );
}

/**
 * REST APIs and API users (spec part 1 §3 'REST API', 'API user', §4 'API user token', §5 'REST API',
 * 'API user', §7 'REST APIs'). REST APIs are builder items with a draft and a published version; API users
 * are accounts in their own table, soft deleted, whose token authenticates calls (server/auth/apiTokens.ts).
 */
const handlers: Handlers = {
  'RestApi.GetRestApi': async ({ items }) => (await items.list(restApiKind)) as never,
  'RestApi.GetRestApiByGuid': async ({ items, params }) =>
    (await items.get(restApiKind, params.guid)) as never,
  'RestApi.getApiReturnType': async ({ db }) => listItems(db, 'ApiReturnTypes'),
  'RestApi.GetApiAuthentication': async ({ db }) => listItems(db, 'ApiAuthentications'),

  'RestApi.PostRestApi': async ({ items, body, db, principal, now }) => {
    // Return type and authentication must be among those the server offers (part 1 §5 'REST API').
    const errors: FieldError[] = [];
    const returnTypes = await listItems(db, 'ApiReturnTypes');
    if (!returnTypes.some((item) => item.Key === body.ReturnType))
      errors.push(fieldError('/ReturnType', 'ra.validation.returnTypeUnknown'));
    const authentications = await listItems(db, 'ApiAuthentications');
    if (!authentications.some((item) => item.Key === body.ApiAuthentication))
      errors.push(fieldError('/ApiAuthentication', 'ra.validation.authenticationUnknown'));
    const users = [...new Set(body.Users ?? [])];
    if (users.length > 0) {
      const found = await db.query(
        'select 1 from api_users where guid = any($1::uuid[]) and not is_deleted',
        [users],
      );
      if (found.length !== users.length) errors.push(fieldError('/Users', 'ra.validation.unknownApiUser'));
    }
    // The error flow is one of this REST API's own flows (issue 32 point 5): it runs with the REST
    // API's rights, so another API's flow must not be named here.
    if (body.ErrorFlow) {
      const own = await db.query('select 1 from flows where guid::text = lower($1) and api_guid = $2::uuid', [
        body.ErrorFlow,
        body.Guid,
      ]);
      if (own.length === 0) errors.push(fieldError('/ErrorFlow', 'ra.validation.errorFlowUnknown'));
    }
    if (errors.length > 0) throw badRequest(errors);
    return items.save(restApiKind, body as Record<string, unknown>, {
      by: principal?.name ?? null,
      now: now(),
    });
  },

  /** The REST API's flows, for the lookup its ErrorFlow is chosen from (issue 32 point 5). */
  'RestApi.GetRestApiFlows': async ({ db, params }) =>
    db.query<{ Guid: string; Name: string; HttpMethod: string; IsActive: boolean; Label: string }>(
      `select guid::text as "Guid", name as "Name", http_method as "HttpMethod", is_active as "IsActive",
              http_method || ' ' || name as "Label"
         from flows where api_guid::text = lower($1) order by lower(name), http_method`,
      [params.guid],
    ),

  /** What /rest/<name>/openapi.json answers its callers, for the API reference tab (issue 31 point 2). */
  'RestApi.GetRestApiDescription': async ({ db, params }) => {
    const document = await restApiDescription(db, params.guid);
    if (!document) throw notFound(restApiKind.notFound);
    return document;
  },

  'RestApi.DeleteRestApi': async ({ items, params }) => {
    await items.remove(restApiKind, params.guid);
    return true;
  },

  'RestApi.GetApiUsers': async ({ db, principal }) =>
    (await apiUsers(db)).map((user) => forViewer(user, principal)),

  'RestApi.PostApiUser': async ({ db, body, principal, now }) => {
    const username = body.Username.trim();
    const usernameTaken = () => badRequest([fieldError('/Username', 'ra.apiUserNameError')]);
    const [clash] = await db.query(
      'select 1 from api_users where lower(username) = lower($1) and guid <> $2 and not is_deleted',
      [username, body.Guid],
    );
    if (clash) throw usernameTaken();
    const roles = [...new Set(body.Roles)];
    if (roles.length > 0) {
      const found = await db.query('select 1 from roles where guid = any($1::int[])', [roles]);
      if (found.length !== roles.length) throw badRequest([fieldError('/Roles', 'user.unknownRole')]);
    }
    const by = principal?.name ?? null;
    try {
      return await db.transaction(async (tx) => {
        const [existing] = await tx.query<{ revision: number; is_deleted: boolean; api_token: string }>(
          'select revision, is_deleted, api_token from api_users where guid = $1 for update',
          [body.Guid],
        );
        if (existing?.is_deleted) throw notFound('ra.error.loadApiUser');
        const before = existing ? await auditState(tx, body.Guid) : undefined;
        // Roles new to the API user hold only what the caller holds (issue 29 point 2).
        await assertMayGrantRoles(
          tx,
          principal,
          roles.filter((role) => !before?.roles.includes(role)),
        );
        // A new API user gets a token of the server's making unless the console sent one; renewing is
        // sending a new guid (part 1 §4 'API user token').
        const token = body.ApiToken ?? existing?.api_token ?? randomUUID();
        let revision = 1;
        if (existing) {
          if (body.Revision !== undefined && body.Revision !== existing.revision) {
            const [current] = await apiUsers(tx, 'a.guid = $1', [body.Guid]);
            throw conflict(current);
          }
          const [row] = await tx.query<{ revision: number }>(
            `update api_users set username = $2, api_token = $3, is_active = $4, modified = to_timestamp($5),
               modified_by = $6, revision = revision + 1 where guid = $1 returning revision`,
            [body.Guid, username, token, body.IsActive ?? true, now(), by],
          );
          revision = row!.revision;
        } else {
          await tx.query(
            `insert into api_users (guid, username, api_token, is_active, created, created_by, modified, modified_by)
             values ($1, $2, $3, $4, to_timestamp($5), $6, to_timestamp($5), $6)`,
            [body.Guid, username, token, body.IsActive ?? true, now(), by],
          );
        }
        await tx.query('delete from api_user_roles where api_user_guid = $1', [body.Guid]);
        for (const role of roles) {
          await tx.query('insert into api_user_roles (api_user_guid, role_guid) values ($1, $2)', [
            body.Guid,
            role,
          ]);
        }
        // Created, saved, activated, roles and token renewals commit with the save (issue 10 point 7).
        const after = (await auditState(tx, body.Guid))!;
        await recordEntries(
          tx,
          accountEntries({ kind: 'apiUser', guid: body.Guid, name: username }, before ?? null, after),
        );
        return { Guid: body.Guid, Revision: revision };
      });
    } catch (error) {
      // Two saves racing for one username: the unique index decides. A token clash is astronomically
      // unlikely for fresh guids, so it is bad input (a reused token), said at the token.
      const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
      if (code === UNIQUE_VIOLATION) {
        if ((constraint ?? message ?? '').includes('api_users_token'))
          throw badRequest([fieldError('/ApiToken', 'ra.tokenTaken')]);
        throw usernameTaken();
      }
      throw error;
    }
  },

  'RestApi.DeleteApiUser': async ({ db, params, principal, now }) => {
    await db.transaction(async (tx) => {
      const before = await auditState(tx, params.guid);
      if (!before) throw notFound('ra.error.loadApiUser');
      await tx.query(
        `update api_users set is_deleted = true, deleted = to_timestamp($2), modified_by = $3, revision = revision + 1
          where guid = $1`,
        [params.guid, now(), principal?.name ?? null],
      );
      await recordAudit(
        tx,
        accountDeleted({ kind: 'apiUser', guid: params.guid, name: String(before.fields.Username) }, before),
      );
    });
    return true;
  },
};

export default handlers;
