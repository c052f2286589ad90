import type { FlowAction, FlowField } from '../../src/domain/flow/types';
import type { Db } from '../db/database';

/**
 * What read and write blocks can call (spec part 2 §7 GetActionsRestFlow): the published documents,
 * methods, composed and action documents of a connection, as the other builders store them in the item
 * store. Any of these kinds may be absent; a flow then simply finds nothing of it.
 */

type Row = Record<string, unknown>;
interface ItemRow {
  guid: string;
  kind: string;
  scope: string | null;
  name: string;
  body: Row;
}

export const actionKinds = ['document', 'method', 'composedDocument', 'actionDocument'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const list = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

/** A document field (Document.Elements wire form) as a flow field. */
function fromDocumentField(field: Row): FlowField {
  const validation = (field.Validation ?? {}) as Row;
  return {
    Name: String(field.Name ?? ''),
    Type: text(field.Type),
    IsKey: field.IsKey === true,
    Validation: {
      IsRequired: validation.IsRequired === true || field.IsKey === true,
      MaxLength: typeof validation.MaxLength === 'number' ? validation.MaxLength : null,
    },
    ...(field.Default ? { Default: field.Default as FlowField['Default'] } : {}),
  };
}

/** A method field (spec part 1 §3 'Method field') as a flow field. */
function fromMethodField(field: Row): FlowField {
  const validation = (field.Validation ?? {}) as Row;
  return {
    Name: String(field.Name ?? ''),
    Type: text(field.Type),
    Validation: {
      IsRequired: validation.Required === true,
      MaxLength: typeof validation.Max === 'number' ? validation.Max : null,
    },
    ...(field.Default ? { Default: field.Default as FlowField['Default'] } : {}),
  };
}

const published = `select guid::text as guid, kind, scope::text as scope, name, published as body from items
  where published is not null`;

async function documentFields(db: Db, guid: string | null): Promise<FlowField[]> {
  if (!guid) return [];
  const [row] = await db.query<ItemRow>(`${published} and kind = 'document' and guid::text = $1`, [guid]);
  return row ? list(row.body.Elements).map(fromDocumentField) : [];
}

/** One stored item as a flow action; `isRead` is what the caller asked for where the item serves both. */
async function toAction(db: Db, row: ItemRow, isRead: boolean | undefined): Promise<FlowAction | undefined> {
  const base = {
    Guid: row.guid,
    Name: row.name,
    FlowConnectionGuid: row.scope ?? text(row.body.FlowConnectionGuid),
  };
  switch (row.kind) {
    case 'document': {
      // A document is read and written by its fields; its key fields identify a record. One over a view
      // of another database is only read: not offered to a write block, and refused by one.
      const readOnly = row.body.IsView === true;
      if (readOnly && isRead === false) return undefined;
      const fields = list(row.body.Elements).map(fromDocumentField);
      return {
        ...base,
        Type: 'Document',
        IsRead: isRead ?? true,
        ...(readOnly ? { IsReadOnly: true } : {}),
        Input: fields,
        Output: fields,
      };
    }
    case 'method': {
      const methodIsRead = row.body.IsRead === true;
      if (isRead !== undefined && methodIsRead !== isRead) return undefined;
      return {
        ...base,
        Type: 'Method',
        IsRead: methodIsRead,
        Input: list(row.body.Input).map(fromMethodField),
        Output: list(row.body.Output).map(fromMethodField),
      };
    }
    case 'composedDocument': {
      // A composed document is read only; it answers its root document's fields.
      if (isRead === false) return undefined;
      const root = (row.body.Document ?? {}) as Row;
      const fields = await documentFields(db, text(root.Guid));
      return {
        ...base,
        Type: 'ComposedDocument',
        IsRead: true,
        Input: fields.filter((field) => field.IsKey),
        Output: fields,
      };
    }
    case 'actionDocument': {
      const docIsRead = row.body.IsRead === true;
      if (isRead !== undefined && docIsRead !== isRead) return undefined;
      const root = (row.body.Action ?? {}) as Row;
      const fields = await documentFields(db, text(root.Guid ?? root.guid));
      return {
        ...base,
        Name: text(row.body.ActionDocumentName) ?? row.name,
        Type: 'ActionDocument',
        IsRead: docIsRead,
        Input: fields,
        Output: fields,
      };
    }
    default:
      return undefined;
  }
}

/** The actions of a connection, optionally only read (true) or write (false) actions. */
export async function connectionActions(db: Db, connection: string, isRead?: boolean): Promise<FlowAction[]> {
  const rows = await db.query<ItemRow>(
    `${published} and kind = any($1) and scope::text = $2 order by lower(name)`,
    [[...actionKinds], connection],
  );
  const actions = await Promise.all(rows.map((row) => toAction(db, row, isRead)));
  return actions.filter((action): action is FlowAction => action !== undefined);
}

/** One action by guid, whatever its connection, or undefined. */
export async function actionByGuid(db: Db, guid: string): Promise<FlowAction | undefined> {
  const [row] = await db.query<ItemRow>(`${published} and kind = any($1) and guid::text = $2`, [
    [...actionKinds],
    guid,
  ]);
  return row ? toAction(db, row, undefined) : undefined;
}

/** Published documents of a connection with their fields (spec part 2 §7 GetDocuments). */
export async function connectionDocuments(db: Db, connection: string): Promise<Row[]> {
  const rows = await db.query<ItemRow & { modified: Date; created: Date }>(
    `select guid::text as guid, name, published as body, created, modified from items
      where kind = 'document' and published is not null and scope::text = $1 order by lower(name)`,
    [connection],
  );
  return rows.map((row) => ({
    ...row.body,
    Guid: row.guid,
    FlowConnectionGuid: connection,
    IsPublished: true,
    Status: 'published',
    Created: row.created.toISOString(),
    Modified: row.modified.toISOString(),
  }));
}

/** REST APIs a flow can belong to (spec part 2 §7 GetApiList). */
export async function restApis(db: Db): Promise<Array<{ Guid: string; Name: string }>> {
  return db.query<{ Guid: string; Name: string }>(
    `select guid::text as "Guid", name as "Name" from items where kind = 'restApi' order by lower(name)`,
  );
}
