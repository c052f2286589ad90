import { randomUUID } from 'node:crypto';
import { flowAuditBody, flowChanges, flowTitle } from '../../src/domain/flow/flowAudit';
import type { FlowGraph, FlowStatus, FlowVersion, RestMethodFlow } from '../../src/domain/flow/types';
import { type AuditAction, recordAudit } from '../audit/auditLog';
import type { Db } from '../db/database';
import { conflict, HttpError, notFound } from '../http/errors';
import type { KeepCallData } from '../runtime/callData';

interface FlowRow {
  guid: string;
  name: string;
  http_method: RestMethodFlow['HttpMethod'];
  api_guid: string | null;
  api_name: string | null;
  is_script: boolean;
  is_active: boolean;
  keep_call_data: KeepCallData;
  description: string | null;
  first_published: Date | null;
  last_published: Date | null;
  created: Date;
  modified: Date;
}

interface VersionRow {
  version_guid: string;
  flow_guid: string;
  version: number;
  graph: FlowGraph;
  is_published: boolean;
  published: Date | null;
  archived: Date | null;
  revision: number;
  modified: Date;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** A version's status (spec part 2 §4: archived takes precedence; published but not active is inactive). */
export function versionStatus(
  version: Pick<VersionRow, 'archived' | 'is_published'>,
  active: boolean,
): FlowStatus {
  if (version.archived) return 'archived';
  if (version.is_published) return active ? 'published' : 'inactive';
  return 'draft';
}

/** Editable only when not published and not archived (spec part 2 §4). */
export const isEditable = (version: Pick<VersionRow, 'archived' | 'is_published'>) =>
  !version.is_published && !version.archived;

const flowColumns = `f.guid::text as guid, f.name, f.http_method, f.api_guid::text as api_guid,
  (select i.name from items i where i.kind = 'restApi' and i.guid = f.api_guid) as api_name,
  f.is_script, f.is_active, f.keep_call_data, f.description, f.first_published, f.last_published, f.created, f.modified`;
const versionColumns = `version_guid::text as version_guid, flow_guid::text as flow_guid, version, graph, is_published,
  published, archived, revision, modified`;

function presentVersion(flow: FlowRow, version: VersionRow): FlowVersion {
  return {
    Guid: flow.guid,
    VersionGuid: version.version_guid,
    Version: version.version,
    Status: versionStatus(version, flow.is_active),
    IsPublished: version.is_published,
    Published: iso(version.published),
    PublishTime: iso(version.published),
    Modified: iso(version.modified),
    EditedTime: iso(version.modified),
    Archived: iso(version.archived),
  };
}

function presentFlow(
  flow: FlowRow,
  version: VersionRow | undefined,
  versions?: VersionRow[],
): RestMethodFlow {
  return {
    Guid: flow.guid,
    Name: flow.name,
    Description: flow.description,
    HttpMethod: flow.http_method,
    Api: flow.api_guid,
    ApiName: flow.api_name,
    IsScript: flow.is_script,
    IsActive: flow.is_active,
    KeepCallData: flow.keep_call_data,
    FirstPublished: iso(flow.first_published),
    LastPublished: iso(flow.last_published),
    Created: iso(flow.created),
    Modified: iso(version?.modified ?? flow.modified),
    ...(version
      ? {
          VersionGuid: version.version_guid,
          Version: version.version,
          Status: versionStatus(version, flow.is_active),
          IsPublished: version.is_published,
          Archived: iso(version.archived),
          Revision: version.revision,
        }
      : {}),
    ...(versions ? { Versions: versions.map((entry) => presentVersion(flow, entry)) } : {}),
  };
}

export interface Actor {
  by: string | null;
  now: number;
}

/** A flow version as the audit trail diffs it: the flow row's fields with one version's number and graph. */
const auditBody = (flow: FlowRow, version: Pick<VersionRow, 'version' | 'graph'>) =>
  flowAuditBody({
    Name: flow.name,
    Description: flow.description,
    HttpMethod: flow.http_method,
    RestApi: flow.api_name ?? flow.api_guid,
    IsScript: flow.is_script,
    Version: version.version,
    Flow: version.graph,
  });

/**
 * Appends one entry about a flow to the audit trail in the write's transaction (issue 10 point 7): the
 * flow is named by method and name, the diff is of the versions as `flowAuditBody` shows them.
 */
function audit(
  tx: Db,
  action: AuditAction,
  flow: FlowRow,
  actor: Actor,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  return recordAudit(tx, {
    action,
    kind: 'flow',
    guid: flow.guid,
    name: flowTitle({ HttpMethod: flow.http_method, Name: flow.name }),
    changes: flowChanges(before, after),
    actor: actor.by,
    now: actor.now,
  });
}

/**
 * Flows and their versions (spec part 2 §3 'Flow', §4 flow transitions). A flow row holds what all its
 * versions share (name, method, REST API, active flag, publish dates); each version holds a block graph.
 */
export class FlowStore {
  constructor(private readonly db: Db) {}

  private async flowRow(guid: string, db: Db = this.db): Promise<FlowRow | undefined> {
    const [row] = await db.query<FlowRow>(`select ${flowColumns} from flows f where f.guid = $1`, [guid]);
    return row;
  }

  private async versionRows(guid: string, db: Db = this.db): Promise<VersionRow[]> {
    return db.query<VersionRow>(
      `select ${versionColumns} from flow_versions where flow_guid = $1 order by version desc`,
      [guid],
    );
  }

  /** Flows for the welcome list, each with its newest version's summary and no graph. */
  async list(): Promise<RestMethodFlow[]> {
    const flows = await this.db.query<FlowRow>(
      `select ${flowColumns} from flows f order by lower(f.name), f.http_method`,
    );
    const versions = await this.db.query<VersionRow>(
      `select distinct on (flow_guid) ${versionColumns} from flow_versions order by flow_guid, version desc`,
    );
    const current = await this.db.query<{ flow_guid: string }>(
      'select flow_guid::text as flow_guid from flow_versions where is_published and archived is null',
    );
    const published = new Set(current.map((row) => row.flow_guid));
    const newest = new Map(versions.map((row) => [row.flow_guid, row]));
    return flows.map((flow) => {
      const summary = presentFlow(flow, newest.get(flow.guid));
      // The list's status filter asks whether a flow has a live published version at all (spec part 2 §2).
      const live = published.has(flow.guid);
      return {
        ...summary,
        IsPublished: live,
        Status: live ? (flow.is_active ? 'published' : 'inactive') : (summary.Status ?? 'draft'),
      };
    });
  }

  /** A flow with one version (the newest when none is named) and the history of versions. */
  async get(guid: string, versionGuid?: string, db: Db = this.db): Promise<RestMethodFlow> {
    const flow = await this.flowRow(guid, db);
    if (!flow) throw notFound('error.loadFlow');
    const versions = await this.versionRows(guid, db);
    const version = versionGuid ? versions.find((row) => row.version_guid === versionGuid) : versions[0];
    if (!version) throw notFound(versionGuid ? 'fb.versionNotFound' : 'error.loadFlow');
    return { ...presentFlow(flow, version, versions), Flow: version.graph };
  }

  /** The flow with its current published version (published, not archived), or null when it has none. */
  async published(guid: string): Promise<RestMethodFlow | null> {
    const live = await this.liveVersion(guid);
    return live ? this.get(guid, live.version_guid) : null;
  }

  /** The flow row and one version, for checks before a change. */
  async find(guid: string, versionGuid: string) {
    const flow = await this.flowRow(guid);
    if (!flow) throw notFound('error.loadFlow');
    const [version] = await this.db.query<VersionRow>(
      `select ${versionColumns} from flow_versions where flow_guid = $1 and version_guid = $2`,
      [guid, versionGuid],
    );
    if (!version) throw notFound('fb.versionNotFound');
    return { flow, version, status: versionStatus(version, flow.is_active) };
  }

  async flowOf(guid: string) {
    return this.flowRow(guid);
  }

  /** Whether another flow has this name (ignoring case), method and REST API (spec part 2 §5 'Names'). */
  async exists(options: {
    name: string;
    method: string;
    api: string | null;
    except?: string | null;
  }): Promise<boolean> {
    const rows = await this.db.query(
      `select 1 from flows where lower(name) = lower($1) and http_method = $2 and api_guid is not distinct from $3::uuid
         and ($4::uuid is null or guid <> $4::uuid)`,
      [options.name.trim(), options.method, options.api, options.except ?? null],
    );
    return rows.length > 0;
  }

  /** The current published version (published, not archived), read in `db`. */
  private async liveVersion(guid: string, db: Db = this.db): Promise<VersionRow | undefined> {
    const [row] = await db.query<VersionRow>(
      `select ${versionColumns} from flow_versions where flow_guid = $1 and is_published and archived is null`,
      [guid],
    );
    return row;
  }

  /**
   * Creates or saves a version, and publishes it when `publish` (spec part 2 §4): a published or archived
   * version cannot change; a stale revision answers 409; publishing archives the version published before,
   * sets the flow's publish dates and, when asked, enables the flow. The audit trail records, in the same
   * transaction: a new flow or version as created (a new version's diff against the newest before it), a
   * saved draft against what it replaces, a publish against the version published before, and the flow
   * switched on (issue 10 point 7).
   */
  async save(
    body: RestMethodFlow,
    options: Actor & { publish: boolean; enable: boolean },
  ): Promise<{ Guid: string; Revision: number; VersionGuid: string }> {
    const graph: FlowGraph = body.Flow ?? { Blocks: [] };
    return this.db.transaction(async (tx) => {
      const existing = await this.flowRow(body.Guid, tx);
      if (existing) {
        await tx.query(
          `update flows set name = $2, http_method = $3, api_guid = $4, is_script = $5, description = $6,
             modified = to_timestamp($7), modified_by = $8 where guid = $1`,
          [
            body.Guid,
            body.Name.trim(),
            body.HttpMethod,
            body.Api ?? null,
            body.IsScript === true,
            body.Description ?? null,
            options.now,
            options.by,
          ],
        );
      } else {
        await tx.query(
          `insert into flows (guid, name, http_method, api_guid, is_script, description, created, created_by, modified, modified_by)
           values ($1, $2, $3, $4, $5, $6, to_timestamp($7), $8, to_timestamp($7), $8)`,
          [
            body.Guid,
            body.Name.trim(),
            body.HttpMethod,
            body.Api ?? null,
            body.IsScript === true,
            body.Description ?? null,
            options.now,
            options.by,
          ],
        );
      }
      const versionGuid = body.VersionGuid ?? randomUUID();
      const [version] = await tx.query<VersionRow>(
        `select ${versionColumns} from flow_versions where version_guid = $1 for update`,
        [versionGuid],
      );
      let revision: number;
      let number: number;
      // What the audit entry of the save compares with: the draft it replaces, or for a new version of an
      // existing flow the newest version before it.
      let before: Record<string, unknown> | null = null;
      if (version) {
        if (version.flow_guid !== body.Guid) throw notFound('fb.versionNotFound');
        if (!isEditable(version)) throw new HttpError(400, 'fb.flowNotEditable');
        if (typeof body.Revision === 'number' && body.Revision !== version.revision)
          // Read inside the transaction: PGlite has one connection, which the transaction holds.
          throw conflict(await this.get(body.Guid, versionGuid, tx));
        const [row] = await tx.query<{ revision: number }>(
          `update flow_versions set graph = $2, revision = revision + 1, modified = to_timestamp($3), modified_by = $4
           where version_guid = $1 returning revision`,
          [versionGuid, JSON.stringify(graph), options.now, options.by],
        );
        revision = row!.revision;
        number = version.version;
        before = existing ? auditBody(existing, version) : null;
      } else {
        const [draft] = await tx.query(
          'select 1 from flow_versions where flow_guid = $1 and not is_published and archived is null',
          [body.Guid],
        );
        if (draft) throw new HttpError(400, 'fb.draftExists');
        const [newest] = existing ? await this.versionRows(body.Guid, tx) : [];
        const [row] = await tx.query<{ version: number }>(
          `insert into flow_versions (version_guid, flow_guid, version, graph, created, created_by, modified, modified_by)
           values ($1, $2, coalesce((select max(version) from flow_versions where flow_guid = $2), 0) + 1, $3,
             to_timestamp($4), $5, to_timestamp($4), $5) returning version`,
          [versionGuid, body.Guid, JSON.stringify(graph), options.now, options.by],
        );
        revision = 1;
        number = row!.version;
        before = existing && newest ? auditBody(existing, newest) : null;
      }
      const live = options.publish ? await this.liveVersion(body.Guid, tx) : undefined;
      if (options.publish) {
        await tx.query(
          `update flow_versions set archived = to_timestamp($2) where flow_guid = $1 and is_published and archived is null`,
          [body.Guid, options.now],
        );
        await tx.query(
          'update flow_versions set is_published = true, published = to_timestamp($2) where version_guid = $1',
          [versionGuid, options.now],
        );
        await tx.query(
          `update flows set first_published = coalesce(first_published, to_timestamp($2)), last_published = to_timestamp($2),
             is_active = is_active or $3 where guid = $1`,
          [body.Guid, options.now, options.enable],
        );
      }
      const flow = (await this.flowRow(body.Guid, tx))!;
      const after = auditBody(flow, { version: number, graph });
      // As for builder items (server/items/itemStore.ts): a new version is created (and published when
      // asked); a saved draft that is published records the publish only, against the version it replaces.
      if (!version) await audit(tx, 'created', flow, options, before, after);
      if (options.publish)
        await audit(
          tx,
          'published',
          flow,
          options,
          existing && live ? auditBody(existing, live) : null,
          after,
        );
      else if (version) await audit(tx, 'saved', flow, options, before, after);
      if (flow.is_active && !existing?.is_active)
        await audit(tx, 'activated', flow, options, { IsActive: false }, { IsActive: true });
      return { Guid: body.Guid, Revision: revision, VersionGuid: versionGuid };
    });
  }

  /**
   * Activates or deactivates a flow; activating needs a published version (spec part 2 §4). A change of
   * state is recorded in the audit trail with it; setting the state it has changes nothing.
   */
  async setActive(guid: string, active: boolean, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const flow = await this.flowRow(guid, tx);
      if (!flow) throw notFound('error.loadFlow');
      if (active && !(await this.liveVersion(guid, tx))) throw new HttpError(400, 'fb.flowNotPublished');
      await tx.query(
        'update flows set is_active = $2, modified = to_timestamp($3), modified_by = $4 where guid = $1',
        [guid, active, actor.now, actor.by],
      );
      if (flow.is_active !== active)
        await audit(
          tx,
          active ? 'activated' : 'deactivated',
          flow,
          actor,
          { IsActive: flow.is_active },
          { IsActive: active },
        );
    });
  }

  /**
   * Sets what the executions log keeps of the flow's calls (issue 32 point 3), for every version; the
   * runtime reads it from the next call (its index is dropped on a write to flows). A change is recorded
   * in the audit trail like activation.
   */
  async setKeepCallData(guid: string, keep: KeepCallData, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const flow = await this.flowRow(guid, tx);
      if (!flow) throw notFound('error.loadFlow');
      if (flow.keep_call_data === keep) return;
      await tx.query(
        'update flows set keep_call_data = $2, modified = to_timestamp($3), modified_by = $4 where guid = $1',
        [guid, keep, actor.now, actor.by],
      );
      await audit(tx, 'saved', flow, actor, { KeepCallData: flow.keep_call_data }, { KeepCallData: keep });
    });
  }

  /**
   * Copies a version as a new unpublished draft with a new version guid and no publish dates; refused
   * while a draft exists (spec part 2 §4 'Duplicate'). Recorded as created, its diff against the version
   * copied (the version number).
   */
  async duplicate(
    guid: string,
    versionGuid: string,
    actor: Actor,
  ): Promise<{ Guid: string; Revision: number; VersionGuid: string }> {
    const { flow, version } = await this.find(guid, versionGuid);
    const copy = randomUUID();
    return this.db.transaction(async (tx) => {
      const [draft] = await tx.query(
        'select 1 from flow_versions where flow_guid = $1 and not is_published and archived is null',
        [guid],
      );
      if (draft) throw new HttpError(400, 'fb.duplicate.notPossible');
      const [row] = await tx.query<{ version: number }>(
        `insert into flow_versions (version_guid, flow_guid, version, graph, created, created_by, modified, modified_by)
         values ($1, $2, (select max(version) from flow_versions where flow_guid = $2) + 1, $3, to_timestamp($4), $5, to_timestamp($4), $5)
         returning version`,
        [copy, guid, JSON.stringify(version.graph), actor.now, actor.by],
      );
      await audit(
        tx,
        'created',
        flow,
        actor,
        auditBody(flow, version),
        auditBody(flow, { version: row!.version, graph: version.graph }),
      );
      return { Guid: guid, Revision: 1, VersionGuid: copy };
    });
  }

  /**
   * Deletes a draft version; the flow goes with its last version (spec part 2 §4 'Delete'). Recorded as
   * deleted with the version's content.
   */
  async removeVersion(guid: string, versionGuid: string, actor: Actor): Promise<void> {
    const { flow, version } = await this.find(guid, versionGuid);
    if (!isEditable(version)) throw new HttpError(400, 'fb.deleteOnlyDraft');
    await this.db.transaction(async (tx) => {
      await tx.query('delete from flow_versions where version_guid = $1', [versionGuid]);
      await tx.query(
        'delete from flows where guid = $1 and not exists (select 1 from flow_versions where flow_guid = $1)',
        [guid],
      );
      await audit(tx, 'deleted', flow, actor, auditBody(flow, version), null);
    });
  }
}
