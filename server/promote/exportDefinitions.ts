import { bookkeeping } from '../../src/domain/diff/diffItems';
import { itemKindNames } from '../../src/domain/itemKinds';
import {
  type ApiUserDefinition,
  type Body,
  type Definition,
  type DefinitionKind,
  definitionKinds,
  type FlowDefinition,
  type ItemDefinition,
  type RoleDefinition,
  SECRET_PLACEHOLDER,
} from '../../src/domain/promote/definitions';
import { credentialType } from '../connectors';
import { allPins } from '../connectors/sftp/hostKeys';
import type { Db } from '../db/database';

interface ItemRow {
  kind: ItemDefinition['Kind'];
  guid: string;
  scope: string | null;
  name: string;
  body: Body;
  published: Body | null;
  is_published: boolean;
}

/** A body without the server's bookkeeping (revision, status, dates): those are the target's own. */
const withoutBookkeeping = (body: Body): Body =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !bookkeeping.has(key)));

/** The secret fields of a connection body's credential type (fields of type password). */
export function secretFields(body: Body): string[] {
  const credential = body.FlowCredential as { Type?: string } | undefined;
  const type = credentialType(credential?.Type ?? (body.Type as string | undefined));
  return type?.Fields.filter((field) => field.Type === 'password').map((field) => field.Name) ?? [];
}

/** A connection body with each stored secret replaced by the placeholder (issue 31 point 3: secrets never). */
function withoutSecrets(body: Body): Body {
  const credential = body.FlowCredential as { Settings?: Record<string, unknown> } | undefined;
  if (!credential?.Settings) return body;
  const settings = { ...credential.Settings };
  for (const field of secretFields(body))
    if (field in settings) {
      const value = settings[field];
      settings[field] = typeof value === 'string' && value !== '' ? SECRET_PLACEHOLDER : '';
    }
  return { ...body, FlowCredential: { ...credential, Settings: settings } };
}

async function exportItems(db: Db, kinds: readonly DefinitionKind[]): Promise<ItemDefinition[]> {
  const wanted = itemKindNames.filter((kind) => kind !== 'flow' && kinds.includes(kind));
  if (wanted.length === 0) return [];
  const rows = await db.query<ItemRow>(
    `select kind, guid::text as guid, scope::text as scope, name, body, published, is_published
       from items where kind = any($1::text[])`,
    [wanted],
  );
  const connections = new Map(
    (
      await db.query<{ guid: string; name: string }>(
        "select guid::text as guid, name from items where kind = 'connection'",
      )
    ).map((row) => [row.guid, row.name]),
  );
  const pins = wanted.includes('connection') ? await allPins(db) : new Map();
  return rows.map((row) => {
    const pin = row.kind === 'connection' ? pins.get(row.guid) : undefined;
    const clean = (body: Body) => {
      const stripped = withoutBookkeeping(body);
      return row.kind === 'connection' ? withoutSecrets(stripped) : stripped;
    };
    const published = row.published ? clean(row.published) : null;
    return {
      Kind: row.kind,
      Guid: row.guid,
      Name: row.name,
      Connection: row.scope ? { Guid: row.scope, Name: connections.get(row.scope) ?? row.scope } : null,
      Published: published,
      // The draft only where it is not the published version itself.
      Draft: row.is_published && published ? null : clean(row.body),
      ...(pin ? { HostKey: { Host: pin.host, Port: pin.port, Fingerprint: pin.fingerprint } } : {}),
    };
  });
}

interface FlowRow {
  guid: string;
  name: string;
  http_method: string;
  api_guid: string | null;
  api_name: string | null;
  description: string | null;
  is_script: boolean;
  is_active: boolean;
  keep_call_data: string;
}

interface VersionRow {
  flow_guid: string;
  version: number;
  graph: Body;
  is_published: boolean;
}

async function exportFlows(db: Db): Promise<FlowDefinition[]> {
  const flows = await db.query<FlowRow>(
    `select f.guid::text as guid, f.name, f.http_method, f.api_guid::text as api_guid,
            (select i.name from items i where i.kind = 'restApi' and i.guid = f.api_guid) as api_name,
            f.description, f.is_script, f.is_active, f.keep_call_data
       from flows f`,
  );
  // The live versions only: the current published one and the draft (archived ones stay behind).
  const versions = await db.query<VersionRow>(
    `select flow_guid::text as flow_guid, version, graph, is_published from flow_versions where archived is null`,
  );
  return flows.map((flow) => {
    const mine = versions.filter((version) => version.flow_guid === flow.guid);
    const entry = (published: boolean) => {
      const version = mine.find((row) => row.is_published === published);
      return version ? { Version: version.version, Flow: version.graph } : null;
    };
    return {
      Kind: 'flow',
      Guid: flow.guid,
      Name: flow.name,
      HttpMethod: flow.http_method,
      RestApi: flow.api_guid ? { Guid: flow.api_guid, Name: flow.api_name ?? flow.api_guid } : null,
      Description: flow.description,
      IsScript: flow.is_script,
      IsActive: flow.is_active,
      KeepCallData: flow.keep_call_data,
      Published: entry(true),
      Draft: entry(false),
    };
  });
}

async function exportRoles(db: Db): Promise<RoleDefinition[]> {
  const rows = await db.query<{ name: string; permissions: Body }>('select name, permissions from roles');
  return rows.map((row) => ({ Kind: 'role', Name: row.name, Permissions: row.permissions }));
}

async function exportApiUsers(db: Db): Promise<ApiUserDefinition[]> {
  const rows = await db.query<{ guid: string; username: string; is_active: boolean; roles: string[] }>(
    `select a.guid::text as guid, a.username, a.is_active,
            coalesce((select array_agg(r.name order by lower(r.name)) from api_user_roles ar
                       join roles r on r.guid = ar.role_guid where ar.api_user_guid = a.guid), '{}') as roles
       from api_users a where not a.is_deleted`,
  );
  return rows.map((row) => ({
    Kind: 'apiUser',
    Guid: row.guid,
    Name: row.username,
    IsActive: row.is_active,
    Roles: row.roles,
  }));
}

/**
 * Every definition of the given kinds as it leaves the server (issue 31 point 3): builder items with
 * their published version and draft, connections with a placeholder for each secret, flows with their
 * published version and draft, roles by name, API users without their tokens. What the server keeps
 * about them (revisions, dates, who changed them) stays behind: the target keeps its own.
 */
export async function exportDefinitions(
  db: Db,
  kinds: readonly DefinitionKind[] = definitionKinds,
): Promise<Definition[]> {
  return [
    ...(kinds.includes('role') ? await exportRoles(db) : []),
    ...(kinds.includes('apiUser') ? await exportApiUsers(db) : []),
    ...(await exportItems(db, kinds)),
    ...(kinds.includes('flow') ? await exportFlows(db) : []),
  ];
}
