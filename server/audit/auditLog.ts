import type { components } from '../../generated/uiservices';
import type { FieldChange } from '../../src/domain/diff/diffItems';
import type { Db } from '../db/database';
import { currentActor } from './actor';

/** What an entry records (schemas/audit/audit-action.schema.json). */
export type AuditAction = components['schemas']['AuditAction'];

export interface AuditRecord {
  action: AuditAction;
  kind: string;
  guid: string;
  name: string;
  scope?: string | null;
  changes: FieldChange[];
  /** Defaults to the request's caller and time (server/audit/actor.ts). */
  actor?: string | null;
  now?: number;
}

/** One entry as the API answers it. */
export interface AuditEntry {
  Id: number;
  At: string;
  User: string | null;
  Action: AuditAction;
  Kind: string;
  Guid: string;
  Name: string;
  Connection: string | null;
  Changes: FieldChange[];
}

export interface AuditFilter {
  user?: string | undefined;
  kinds?: readonly string[] | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  guid?: string | undefined;
  limit?: number | undefined;
}

interface Row {
  id: string | number;
  at: Date;
  actor: string | null;
  action: AuditAction;
  kind: string;
  guid: string;
  name: string;
  scope: string | null;
  changes: FieldChange[];
}

/** Appends one entry, in the caller's transaction when given one, so a write and its entry commit together. */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  const context = currentActor();
  const actor = record.actor !== undefined ? record.actor : (context?.actor ?? null);
  const now = record.now ?? context?.now ?? Date.now() / 1000;
  await db.query(
    `insert into audit_entries (at, actor, action, kind, guid, name, scope, changes)
     values (to_timestamp($1), $2, $3, $4, $5, $6, $7, $8)`,
    [
      now,
      actor,
      record.action,
      record.kind,
      record.guid,
      record.name,
      record.scope ?? null,
      JSON.stringify(record.changes),
    ],
  );
}

/** Entries newest first, filtered by user (part of the e-mail, any case), kinds, action, dates and item. */
export async function queryAudit(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    values.push(value);
    where.push(sql(`$${values.length}`));
  };
  if (filter.user) add((n) => `position(lower(${n}) in lower(coalesce(actor, ''))) > 0`, filter.user);
  if (filter.kinds) add((n) => `kind = any(${n}::text[])`, filter.kinds);
  if (filter.action) add((n) => `action = ${n}`, filter.action);
  if (filter.from) add((n) => `at >= ${n}::date`, filter.from);
  if (filter.to) add((n) => `at < ${n}::date + 1`, filter.to);
  if (filter.guid) add((n) => `guid = ${n}`, filter.guid);
  values.push(Math.min(filter.limit ?? 200, 500));
  const rows = await db.query<Row>(
    `select id, at, actor, action, kind, guid, name, scope, changes from audit_entries
     ${where.length ? `where ${where.join(' and ')}` : ''} order by at desc, id desc limit $${values.length}`,
    values,
  );
  return rows.map((row) => ({
    Id: Number(row.id),
    At: row.at.toISOString(),
    User: row.actor,
    Action: row.action,
    Kind: row.kind,
    Guid: row.guid,
    Name: row.name,
    Connection: row.scope,
    Changes: row.changes,
  }));
}
