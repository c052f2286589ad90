import { diffItems } from '../../src/domain/diff/diffItems';
import type { MessageKey } from '../../src/messages/en';
import { t } from '../../src/messages/t';
import { recordAudit } from '../audit/auditLog';
import type { Db } from '../db/database';
import { conflict, HttpError, notFound } from '../http/errors';
import { assertNoBreaks } from '../usage/impact';

type Body = Record<string, unknown>;

interface ItemRow {
  guid: string;
  body: Body;
  is_published: boolean;
  revision: number;
  created: Date;
  modified: Date;
  created_by: string | null;
  modified_by: string | null;
}

/** How one kind of item is stored and named. */
export interface ItemKind {
  kind: string;
  /** Property holding the guid (Guid, FlowConnectionGuid). */
  idField: string;
  /** Property holding the name (Name, ActionDocumentName). */
  nameField: string;
  notFound: MessageKey;
  /** Catalogue key of a name already taken, reported at the name's path. */
  nameTaken: MessageKey;
}

const UNIQUE_VIOLATION = '23505';

/** The body as the API answers it: stored body plus the server's own fields. */
function present(kind: ItemKind, row: ItemRow): Body {
  return {
    ...row.body,
    [kind.idField]: row.guid,
    IsPublished: row.is_published,
    Status: row.is_published ? 'published' : 'draft',
    Created: row.created.toISOString(),
    Modified: row.modified.toISOString(),
    Revision: row.revision,
  };
}

const columns = 'guid, body, is_published, revision, created, modified, created_by, modified_by';
const publishedColumns =
  'guid, published as body, true as is_published, revision, created, modified, created_by, modified_by';

/** Reads and writes builder items with optimistic concurrency on a revision number. */
export class ItemStore {
  constructor(private readonly db: Db) {}

  async list(kind: ItemKind, scope: string | null = null): Promise<Body[]> {
    const rows = await this.db.query<ItemRow>(
      `select ${columns} from items where kind = $1 and scope is not distinct from $2 order by lower(name)`,
      [kind.kind, scope],
    );
    return rows.map((row) => present(kind, row));
  }

  async find(kind: ItemKind, guid: string, scope: string | null = null): Promise<Body | undefined> {
    const [row] = await this.db.query<ItemRow>(
      `select ${columns} from items where kind = $1 and guid = $2 and scope is not distinct from $3`,
      [kind.kind, guid, scope],
    );
    return row ? present(kind, row) : undefined;
  }

  async get(kind: ItemKind, guid: string, scope: string | null = null): Promise<Body> {
    const item = await this.find(kind, guid, scope);
    if (!item) throw notFound(kind.notFound);
    return item;
  }

  /**
   * The published versions of a kind's items (and scope): the body as last published, for items that
   * have one, whatever their current draft. Other items build on these (references, pickers, records).
   */
  async listPublished(kind: ItemKind, scope: string | null = null): Promise<Body[]> {
    const rows = await this.db.query<ItemRow>(
      `select ${publishedColumns} from items where kind = $1 and scope is not distinct from $2 and published is not null
       order by lower(published->>$3)`,
      [kind.kind, scope, kind.nameField],
    );
    return rows.map((row) => present(kind, row));
  }

  /** The published version of one item, or undefined when it was never published. */
  async findPublished(kind: ItemKind, guid: string, scope: string | null = null): Promise<Body | undefined> {
    const [row] = await this.db.query<ItemRow>(
      `select ${publishedColumns} from items where kind = $1 and guid = $2 and scope is not distinct from $3 and published is not null`,
      [kind.kind, guid, scope],
    );
    return row ? present(kind, row) : undefined;
  }

  /**
   * The names of the kind's published items (and scope), without their bodies: a save's rules look
   * these up, and reading every body per save made storing the 10,000th document slow.
   */
  async publishedNames(kind: ItemKind, scope: string | null = null): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>(
      'select name from items where kind = $1 and scope is not distinct from $2 and is_published order by lower(name)',
      [kind.kind, scope],
    );
    return rows.map((row) => row.name);
  }

  /** Whether another item of the kind (and scope) has this name, ignoring case. */
  async nameTaken(kind: ItemKind, name: string, guid: string, scope: string | null = null): Promise<boolean> {
    const rows = await this.db.query(
      'select 1 from items where kind = $1 and scope is not distinct from $2 and lower(name) = lower($3) and guid <> $4',
      [kind.kind, scope, name.trim(), guid],
    );
    return rows.length > 0;
  }

  /**
   * Creates or saves an item. A body whose Revision is not the stored one answers 409 with the stored
   * item, and a save of a stored item without one 400, so no one silently overwrites another admin's edit. IsPublished in the body publishes it,
   * unless that would break published items using the published version (400 with Impact, server/usage).
   */
  async save(
    kind: ItemKind,
    body: Body,
    options: { scope?: string | null; by: string | null; now: number },
  ): Promise<{ Guid: string; Revision: number }> {
    const guid = String(body[kind.idField]);
    const name = String(body[kind.nameField] ?? '').trim();
    const scope = options.scope ?? null;
    const publish = body.IsPublished === true;
    const {
      Revision: revision,
      IsNew: _new,
      Status: _status,
      Created: _created,
      Modified: _modified,
      ...stored
    } = body;
    const nameTaken = () =>
      new HttpError(400, kind.nameTaken, undefined, {
        Errors: [{ path: `/${kind.nameField}`, messageKey: kind.nameTaken, message: t(kind.nameTaken) }],
      });
    if (await this.nameTaken(kind, name, guid, scope)) throw nameTaken();
    try {
      return await this.db.transaction(async (tx) => {
        const [existing] = await tx.query<
          ItemRow & { scope: string | null; published: Body | null; name: string }
        >(`select ${columns}, scope, published, name from items where kind = $1 and guid = $2 for update`, [
          kind.kind,
          guid,
        ]);
        if (existing) {
          if (existing.scope !== scope) throw notFound(kind.notFound);
          // A save that does not say which version it changes would overwrite another's edit unseen
          // (issue 29 point 9); the console always sends the Revision it loaded.
          if (typeof revision !== 'number') throw new HttpError(400, 'api.revisionRequired');
          if (revision !== existing.revision) throw conflict(present(kind, existing));
          // A publish must not break published items that use the published version (issue 10 point 1).
          if (publish && existing.published)
            await assertNoBreaks(tx, {
              kind: kind.kind,
              guid,
              scope,
              before: existing.published,
              after: stored,
              beforeName: String(existing.published[kind.nameField] ?? existing.name),
              afterName: name,
            });
          const [row] = await tx.query<{ revision: number }>(
            `update items set name = $3, body = $4, is_published = $5, published = case when $5 then $4 else published end,
               revision = revision + 1, modified = to_timestamp($6), modified_by = $7
             where kind = $1 and guid = $2 returning revision`,
            [kind.kind, guid, name, JSON.stringify(stored), publish, options.now, options.by],
          );
          // A save's diff is against the draft it replaces; a publish's against the published version it
          // overwrites (issue 10 point 7).
          await recordAudit(tx, {
            action: publish ? 'published' : 'saved',
            kind: kind.kind,
            guid,
            name,
            scope,
            changes: diffItems(publish ? existing.published : existing.body, stored),
            actor: options.by,
            now: options.now,
          });
          return { Guid: guid, Revision: row!.revision };
        }
        await tx.query(
          `insert into items (kind, guid, scope, name, body, published, is_published, created, created_by, modified, modified_by)
           values ($1, $2, $3, $4, $5, case when $6 then $5::jsonb end, $6, to_timestamp($7), $8, to_timestamp($7), $8)`,
          [kind.kind, guid, scope, name, JSON.stringify(stored), publish, options.now, options.by],
        );
        const entry = { kind: kind.kind, guid, name, scope, actor: options.by, now: options.now };
        await recordAudit(tx, { ...entry, action: 'created', changes: diffItems(null, stored) });
        if (publish)
          await recordAudit(tx, { ...entry, action: 'published', changes: diffItems(null, stored) });
        return { Guid: guid, Revision: 1 };
      });
    } catch (error) {
      // Two saves racing for one name: the unique index decides, and the loser hears why.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw nameTaken();
      throw error;
    }
  }

  /**
   * Refuses deleting an item that published items use (issue 10 point 1), with the list of what would
   * break. `remove` checks it too; a handler whose own refusals should come second calls it first.
   */
  async assertRemovable(kind: ItemKind, guid: string, scope: string | null = null): Promise<void> {
    const [found] = await this.db.query<{ name: string; published: Body | null }>(
      'select name, published from items where kind = $1 and guid = $2 and scope is not distinct from $3',
      [kind.kind, guid, scope],
    );
    if (!found) throw notFound(kind.notFound);
    await assertNoBreaks(this.db, {
      kind: kind.kind,
      guid,
      scope,
      before: found.published,
      after: null,
      beforeName: String(found.published?.[kind.nameField] ?? found.name),
    });
  }

  /** Deletes an item; refused while published items use it (issue 10 point 1). */
  async remove(kind: ItemKind, guid: string, scope: string | null = null): Promise<Body> {
    return this.db.transaction(async (tx) => {
      await new ItemStore(tx).assertRemovable(kind, guid, scope);
      const [row] = await tx.query<ItemRow>(
        `delete from items where kind = $1 and guid = $2 and scope is not distinct from $3 returning ${columns}`,
        [kind.kind, guid, scope],
      );
      if (!row) throw notFound(kind.notFound);
      await recordAudit(tx, {
        action: 'deleted',
        kind: kind.kind,
        guid,
        name: String(row.body[kind.nameField] ?? ''),
        scope,
        changes: diffItems(row.body, null),
      });
      return present(kind, row);
    });
  }

  /**
   * Items whose name contains `text` (any case): names starting with it first, then the rest,
   * alphabetically. Only the given kinds: the caller passes those the user may read. Flows live in their
   * own tables (server/flows) and are found there, by name, named by method and name as the Flow Builder
   * lists them ('GET orders/open'); a flow counts as published while it has a live published version.
   */
  async search(
    kinds: readonly string[],
    text: string,
    limit = 20,
  ): Promise<
    Array<{ Kind: string; Guid: string; Name: string; Connection: string | null; IsPublished: boolean }>
  > {
    if (kinds.length === 0) return [];
    const rows = await this.db.query<{
      kind: string;
      guid: string;
      name: string;
      scope: string | null;
      is_published: boolean;
    }>(
      `select kind, guid, name, scope, is_published from (
         select kind, guid::text as guid, name, name as matched, scope::text as scope, is_published from items
          where kind = any($1::text[])
         union all
         select 'flow', f.guid::text, f.http_method || ' ' || f.name /* flowTitle */, f.name, null,
                exists (select 1 from flow_versions v where v.flow_guid = f.guid and v.is_published and v.archived is null)
           from flows f where 'flow' = any($1::text[])
       ) found
        where position(lower($2) in lower(matched)) > 0 or position(lower($2) in lower(name)) > 0
        order by position(lower($2) in lower(matched)) <> 1, lower(matched), name limit $3`,
      [kinds, text.trim(), limit],
    );
    return rows.map((row) => ({
      Kind: row.kind,
      Guid: row.guid,
      Name: row.name,
      Connection: row.scope,
      IsPublished: row.is_published,
    }));
  }
}
