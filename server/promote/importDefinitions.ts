import { randomUUID } from 'node:crypto';
import type { components } from '../../generated/uiservices';
import { SECRET_MASK } from '../../src/domain/connections/secretMask';
import { maskedSecretsNeedingReentry } from '../../src/domain/connections/secretReentry';
import type { Document } from '../../src/domain/documents/types';
import { type DefinitionFile, readDefinitionFiles } from '../../src/domain/promote/definitionFiles';
import {
  type Body,
  type Definition,
  definitionKinds,
  type FlowDefinition,
  type ItemDefinition,
  SECRET_PLACEHOLDER,
} from '../../src/domain/promote/definitions';
import { type PlannedItem, planImport } from '../../src/domain/promote/planImport';
import { stableJson } from '../../src/domain/promote/stableJson';
import type { MessageKey } from '../../src/messages/en';
import { t } from '../../src/messages/t';
import type { FieldError } from '../../src/validation/fieldErrors';
import { recordAudit } from '../audit/auditLog';
import { encrypt, type ServerKeys } from '../auth/keys';
import { INTERNAL_TYPE } from '../connections/connectionKind';
import { credentialType } from '../connectors';
import { importPin } from '../connectors/sftp/hostKeys';
import type { Db } from '../db/database';
import { migrateRecordTable } from '../documents/recordTable';
import { HttpError } from '../http/errors';
import { assertNoBreaks } from '../usage/impact';
import { exportDefinitions, secretFields } from './exportDefinitions';

type Schemas = components['schemas'];
export type ImportPreview = Schemas['ImportPreview'];

export interface ImportRequest {
  files: readonly DefinitionFile[];
  dryRun: boolean;
  /** Flows are written inactive whatever the folder says (issue 31 point 4). */
  leaveInactive?: boolean | undefined;
  /** Secrets the folder cannot carry: per connection (by its name in the folder) and field. */
  secrets?: ReadonlyArray<{ Connection: string; Field: string; Value: string }> | undefined;
}

export interface Importer {
  by: string | null;
  now: number;
}

const problem = (path: string, messageKey: MessageKey, params?: Record<string, string>): FieldError => ({
  path,
  messageKey,
  message: t(messageKey, params),
  ...(params ? { params } : {}),
});

/** Raised inside a dry run's transaction once everything is written, so nothing of it stays. */
class DryRunDone extends Error {}

type Credential = { Type?: string; Settings?: Record<string, string | number | boolean | null> };
const credentialOf = (body: Body | null | undefined) => body?.FlowCredential as Credential | undefined;

/**
 * The secrets of an imported connection, per field: a value the importer typed (sealed with this server's
 * key), else the secret this server stores for the connection, as long as it goes where it went (the
 * same rule as a masked secret in the Connection Builder: issue 29 point 1); a field with neither is missing.
 */
async function resolveSecrets(
  db: Db,
  keys: ServerKeys,
  item: PlannedItem,
  request: ImportRequest,
): Promise<{ sealed: Map<string, string>; missing: string[] }> {
  const definition = item.definition as ItemDefinition;
  const sealed = new Map<string, string>();
  const missing: string[] = [];
  const bodies = [definition.Published, definition.Draft].filter((body): body is Body => body !== null);
  const [stored] = await db.query<{ body: Body; published: Body | null }>(
    "select body, published from items where kind = 'connection' and guid = $1",
    [definition.Guid],
  );
  for (const field of new Set(bodies.flatMap(secretFields))) {
    if (!bodies.some((body) => credentialOf(body)?.Settings?.[field] === SECRET_PLACEHOLDER)) continue;
    const value = request.secrets?.find(
      (secret) =>
        secret.Field === field &&
        [definition.Name.toLowerCase(), item.existing?.Name.toLowerCase()].includes(
          secret.Connection.toLowerCase(),
        ),
    );
    if (value && value.Value !== '') {
      sealed.set(field, encrypt(keys, value.Value));
      continue;
    }
    const storedCredential = credentialOf(stored?.published ?? stored?.body);
    const kept = storedCredential?.Settings?.[field];
    const type = credentialType(credentialOf(bodies[0])?.Type);
    const goesHome = bodies.every((body) => {
      const settings = { ...credentialOf(body)?.Settings, [field]: SECRET_MASK };
      return type && maskedSecretsNeedingReentry(type, settings, storedCredential).length === 0;
    });
    if (typeof kept === 'string' && kept !== '' && goesHome) sealed.set(field, kept);
    else missing.push(field);
  }
  return { sealed, missing };
}

function withSecrets(body: Body | null, sealed: ReadonlyMap<string, string>): Body | null {
  const credential = credentialOf(body);
  if (!body || !credential?.Settings) return body;
  const settings = { ...credential.Settings };
  for (const [field, value] of Object.entries(settings))
    if (value === SECRET_PLACEHOLDER) settings[field] = sealed.get(field) ?? '';
  return { ...body, FlowCredential: { ...credential, Settings: settings } };
}

async function writeItem(tx: Db, item: PlannedItem, sealed: ReadonlyMap<string, string>, by: Importer) {
  const definition = item.definition as ItemDefinition;
  const published = withSecrets(definition.Published, sealed);
  const body = withSecrets(definition.Draft, sealed) ?? published;
  await tx.query(
    `insert into items (kind, guid, scope, name, body, published, is_published, created, created_by, modified, modified_by)
     values ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8), $9, to_timestamp($8), $9)
     on conflict (kind, guid) do update set scope = excluded.scope, name = excluded.name, body = excluded.body,
       published = excluded.published, is_published = excluded.is_published, revision = items.revision + 1,
       modified = excluded.modified, modified_by = excluded.modified_by`,
    [
      definition.Kind,
      definition.Guid,
      definition.Connection?.Guid ?? null,
      definition.Name.trim(),
      JSON.stringify(body),
      published ? JSON.stringify(published) : null,
      definition.Draft === null && published !== null,
      by.now,
      by.by,
    ],
  );
}

/**
 * A published list document on the server's own database gets its records table, as a publish in the
 * Document Builder gives it (spec part 2 §2 'Document Editor'); a change the records cannot take is
 * refused here (400), which writes nothing either.
 */
async function migrateRecords(tx: Db, item: PlannedItem) {
  const definition = item.definition as ItemDefinition;
  const published = definition.Published;
  if (definition.Kind !== 'document' || published?.Type !== 'List' || !definition.Connection) return;
  const [connection] = await tx.query<{ body: Body }>(
    "select body from items where kind = 'connection' and guid = $1",
    [definition.Connection.Guid],
  );
  if (connection?.body.Type === INTERNAL_TYPE)
    await migrateRecordTable(tx, { ...published, Guid: definition.Guid } as unknown as Document);
}

/** A version number of the flow that is still free: the exported one where it is, else the next. */
async function versionNumber(tx: Db, flow: string, wanted: number): Promise<number> {
  const [row] = await tx.query<{ taken: boolean; next: number }>(
    `select exists (select 1 from flow_versions where flow_guid = $1 and version = $2) as taken,
            coalesce((select max(version) from flow_versions where flow_guid = $1), 0) + 1 as next`,
    [flow, wanted],
  );
  return row!.taken ? row!.next : wanted;
}

async function writeFlow(tx: Db, definition: FlowDefinition, request: ImportRequest, by: Importer) {
  const guid = definition.Guid;
  await tx.query(
    `insert into flows (guid, name, http_method, api_guid, is_script, description, keep_call_data, created, created_by, modified, modified_by)
     values ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8), $9, to_timestamp($8), $9)
     on conflict (guid) do update set name = excluded.name, http_method = excluded.http_method,
       api_guid = excluded.api_guid, is_script = excluded.is_script, description = excluded.description,
       keep_call_data = excluded.keep_call_data, modified = excluded.modified, modified_by = excluded.modified_by`,
    [
      guid,
      definition.Name.trim(),
      definition.HttpMethod,
      definition.RestApi?.Guid ?? null,
      definition.IsScript,
      definition.Description,
      definition.KeepCallData,
      by.now,
      by.by,
    ],
  );
  const live = await tx.query<{ version_guid: string; graph: Body; is_published: boolean }>(
    `select version_guid::text as version_guid, graph, is_published from flow_versions
      where flow_guid = $1 and archived is null`,
    [guid],
  );
  const current = live.find((row) => row.is_published);
  const draft = live.find((row) => !row.is_published);
  const sameGraph = (a: Body, b: Body) => stableJson(a) === stableJson(b);
  if (!(definition.Published && current && sameGraph(definition.Published.Flow, current.graph))) {
    // The version published before is archived, as a publish in the Flow Builder archives it (spec part 2 §4).
    if (current)
      await tx.query('update flow_versions set archived = to_timestamp($2) where version_guid = $1', [
        current.version_guid,
        by.now,
      ]);
    if (definition.Published) {
      await tx.query(
        `insert into flow_versions (version_guid, flow_guid, version, graph, is_published, published, created, created_by, modified, modified_by)
         values ($1, $2, $3, $4, true, to_timestamp($5), to_timestamp($5), $6, to_timestamp($5), $6)`,
        [
          randomUUID(),
          guid,
          await versionNumber(tx, guid, definition.Published.Version),
          JSON.stringify(definition.Published.Flow),
          by.now,
          by.by,
        ],
      );
      await tx.query(
        `update flows set first_published = coalesce(first_published, to_timestamp($2)), last_published = to_timestamp($2)
          where guid = $1`,
        [guid, by.now],
      );
    }
  }
  if (definition.Draft) {
    if (draft && !sameGraph(definition.Draft.Flow, draft.graph))
      await tx.query(
        `update flow_versions set graph = $2, revision = revision + 1, modified = to_timestamp($3), modified_by = $4
          where version_guid = $1`,
        [draft.version_guid, JSON.stringify(definition.Draft.Flow), by.now, by.by],
      );
    else if (!draft)
      await tx.query(
        `insert into flow_versions (version_guid, flow_guid, version, graph, created, created_by, modified, modified_by)
         values ($1, $2, $3, $4, to_timestamp($5), $6, to_timestamp($5), $6)`,
        [
          randomUUID(),
          guid,
          await versionNumber(tx, guid, definition.Draft.Version),
          JSON.stringify(definition.Draft.Flow),
          by.now,
          by.by,
        ],
      );
  } else if (draft) {
    await tx.query('delete from flow_versions where version_guid = $1', [draft.version_guid]);
  }
  // Activation as exported, unless the import leaves flows inactive; only a published flow can be active.
  await tx.query(
    `update flows set is_active = $2 and exists (select 1 from flow_versions where flow_guid = $1 and is_published and archived is null)
      where guid = $1`,
    [guid, definition.IsActive && request.leaveInactive !== true],
  );
}

async function writeRole(tx: Db, item: PlannedItem, by: Importer): Promise<string> {
  const definition = item.definition as Extract<Definition, { Kind: 'role' }>;
  const [existing] = await tx.query<{ guid: number }>(
    'select guid from roles where lower(name) = lower($1)',
    [definition.Name],
  );
  if (existing) {
    await tx.query(
      `update roles set name = $2, permissions = $3, revision = revision + 1, modified = to_timestamp($4), modified_by = $5
        where guid = $1`,
      [existing.guid, definition.Name.trim(), JSON.stringify(definition.Permissions), by.now, by.by],
    );
    return String(existing.guid);
  }
  const [row] = await tx.query<{ guid: number }>(
    `insert into roles (name, permissions, created, created_by, modified, modified_by)
     values ($1, $2, to_timestamp($3), $4, to_timestamp($3), $4) returning guid`,
    [definition.Name.trim(), JSON.stringify(definition.Permissions), by.now, by.by],
  );
  return String(row!.guid);
}

async function writeApiUser(tx: Db, item: PlannedItem, by: Importer) {
  const definition = item.definition as Extract<Definition, { Kind: 'apiUser' }>;
  // A new API user gets a token of this server's making: tokens never travel (issue 31 point 3).
  await tx.query(
    `insert into api_users (guid, username, api_token, is_active, created, created_by, modified, modified_by)
     values ($1, $2, $3, $4, to_timestamp($5), $6, to_timestamp($5), $6)
     on conflict (guid) do update set username = excluded.username, is_active = excluded.is_active,
       is_deleted = false, deleted = null, revision = api_users.revision + 1, modified = excluded.modified,
       modified_by = excluded.modified_by`,
    [definition.Guid, definition.Name.trim(), randomUUID(), definition.IsActive, by.now, by.by],
  );
  await tx.query('delete from api_user_roles where api_user_guid = $1', [definition.Guid]);
  await tx.query(
    `insert into api_user_roles (api_user_guid, role_guid)
     select $1, guid from roles where lower(name) = any($2::text[])`,
    [definition.Guid, definition.Roles.map((role) => role.toLowerCase())],
  );
}

/** The impact check of one written item (issue 10 point 1), against everything the import wrote. */
async function checkImpact(tx: Db, item: PlannedItem) {
  if (item.status !== 'changed' || item.kind === 'flow' || item.kind === 'role' || item.kind === 'apiUser')
    return;
  const before = (item.existing as ItemDefinition).Published;
  if (!before) return;
  const definition = item.definition as ItemDefinition;
  await assertNoBreaks(tx, {
    kind: definition.Kind,
    guid: definition.Guid,
    scope: definition.Connection?.Guid ?? null,
    before,
    after: definition.Published,
    beforeName: String(before.Name ?? item.existing!.Name),
    afterName: definition.Name,
  });
}

const guidOf = (definition: Definition) => ('Guid' in definition ? definition.Guid : definition.Name);
const scopeOf = (definition: Definition) =>
  'Connection' in definition ? (definition.Connection?.Guid ?? null) : null;

/**
 * Imports a folder of definitions (issue 31 point 4): plans it against what this server has (new,
 * changed with the field-level diff, unchanged), asks for each secret it cannot keep, writes every new or
 * changed item in one transaction, each with one audit entry 'imported' by the importer, then runs the
 * impact check of every changed item against the result, so a change the folder also adapts the users
 * of breaks nothing. Any refusal writes nothing. A dry run does all of it and rolls it back, answering the
 * preview with what the impact check found.
 */
export async function importDefinitions(
  db: Db,
  keys: ServerKeys,
  request: ImportRequest,
  by: Importer,
): Promise<ImportPreview> {
  const { definitions, problems, pathOf } = readDefinitionFiles(request.files);
  const existing = await exportDefinitions(db);
  const plan = planImport(definitions, existing, pathOf);
  const errors: FieldError[] = [
    ...problems.map((entry) => problem(entry.path, entry.messageKey)),
    ...plan.refusals.map((entry) => problem(entry.path, entry.messageKey, entry.params)),
  ];
  const roles = new Set(
    [...existing, ...definitions]
      .filter((definition) => definition.Kind === 'role')
      .map((role) => role.Name.toLowerCase()),
  );
  const secrets = new Map<PlannedItem, Map<string, string>>();
  const items: Schemas['ImportItem'][] = [];
  for (const item of plan.items) {
    let missing: string[] = [];
    if (item.kind === 'connection' && item.status !== 'unchanged') {
      const resolved = await resolveSecrets(db, keys, item, request);
      secrets.set(item, resolved.sealed);
      missing = resolved.missing;
      for (const field of missing)
        errors.push(problem(item.path, 'promote.missingSecret', { name: item.title, field }));
    }
    if (item.definition.Kind === 'apiUser')
      for (const role of item.definition.Roles)
        if (!roles.has(role.toLowerCase()))
          errors.push(problem(item.path, 'promote.unknownRole', { name: item.title, role }));
    items.push({
      Path: item.path,
      Kind: item.kind,
      Name: item.title,
      Status: item.status,
      Changes: item.changes,
      MissingSecrets: missing,
    });
  }
  const preview: ImportPreview = {
    Applied: false,
    Items: items,
    Errors: errors.map((error) => ({
      Path: error.path,
      MessageKey: error.messageKey,
      Message: error.message,
      ...(error.params ? { Params: error.params } : {}),
    })),
    Impact: null,
  };
  if (errors.length > 0) {
    if (request.dryRun) return preview;
    throw new HttpError(400, 'promote.refused', { count: String(errors.length) }, { Errors: errors });
  }
  const order = (item: PlannedItem) => definitionKinds.indexOf(item.kind);
  const writes = plan.items.filter((item) => item.status !== 'unchanged').sort((a, b) => order(a) - order(b));
  try {
    await db.transaction(async (tx) => {
      for (const item of writes) {
        let guid = guidOf(item.definition);
        if (item.kind === 'role') guid = await writeRole(tx, item, by);
        else if (item.kind === 'apiUser') await writeApiUser(tx, item, by);
        else if (item.kind === 'flow') await writeFlow(tx, item.definition as FlowDefinition, request, by);
        else await writeItem(tx, item, secrets.get(item) ?? new Map(), by);
        await recordAudit(tx, {
          action: 'imported',
          kind: item.kind,
          guid,
          name: item.title,
          scope: scopeOf(item.definition),
          changes: item.changes,
          actor: by.by,
          now: by.now,
        });
      }
      // The impact check names what a change would break, which tells more than a records table's
      // refusal of the same change (server/documents/saveBuilderItem.ts checks in this order too).
      // Pins after the items: a written connection that now points elsewhere has lost its own (the
      // trigger of server/db/migrations/150_sftp_host_keys.sql), and one for its old target never applies.
      for (const item of plan.items) {
        const pin = item.kind === 'connection' ? (item.definition as ItemDefinition).HostKey : undefined;
        if (pin)
          await importPin(tx, (item.definition as ItemDefinition).Guid, {
            host: pin.Host as unknown,
            port: pin.Port as unknown,
            fingerprint: pin.Fingerprint as unknown,
          });
      }
      for (const item of writes) await checkImpact(tx, item);
      for (const item of writes) await migrateRecords(tx, item);
      if (request.dryRun) throw new DryRunDone();
    });
  } catch (error) {
    if (error instanceof DryRunDone) return preview;
    if (request.dryRun && error instanceof HttpError && error.extra.Impact)
      return { ...preview, Impact: error.extra.Impact, Errors: [...preview.Errors, errorEntry(error)] };
    throw error;
  }
  return { ...preview, Applied: true };
}

const errorEntry = (error: HttpError) => ({
  Path: '',
  MessageKey: error.messageKey,
  Message: error.message,
});
