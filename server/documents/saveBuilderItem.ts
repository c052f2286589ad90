import type { MessageKey } from '../../src/messages/en';
import type { FieldError } from '../../src/validation/fieldErrors';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/database';
import { badRequest, HttpError } from '../http/errors';
import { type ItemKind, ItemStore } from '../items/itemStore';
import { assertMayChange } from './access';
import { requireConnection } from './connection';

type Body = Record<string, unknown>;

/**
 * The save of a document-like item (documents, composed and action documents; spec part 2 §4, §6): the
 * path's connection and guid must be the body's, the connection must exist, a published item needs the
 * area's Upsert admin, the builder's rules must pass; then `inTransaction` (a list document's table)
 * runs with the item store's save in one transaction, so a refused migration saves nothing.
 */
export async function saveBuilderItem(options: {
  db: Db;
  kind: ItemKind;
  area: 'DocumentBuilder' | 'ComposedDocument' | 'ActionDocument';
  connection: string;
  guid: string;
  body: Body;
  principal: Principal | null;
  now: number;
  mismatch: MessageKey;
  /** Why editing the published item is refused (areas with Upsert admin); none where Upsert suffices. */
  editDenied?: MessageKey;
  rules(stored: Body | undefined): Promise<FieldError[]>;
  inTransaction?(tx: Db): Promise<void>;
}) {
  const { db, kind, body, connection, guid } = options;
  if (body[kind.idField] !== guid || body.FlowConnectionGuid !== connection)
    throw new HttpError(400, options.mismatch);
  const items = new ItemStore(db);
  await requireConnection(items, connection);
  const stored = await items.find(kind, guid, connection);
  // An item of another connection with this guid is not this connection's: 'was not found'.
  if (
    !stored &&
    (await db.query('select 1 from items where kind = $1 and guid = $2', [kind.kind, guid])).length > 0
  )
    throw new HttpError(404, kind.notFound);
  if (options.editDenied)
    assertMayChange(options.principal, options.area, stored, { action: 'edit', denied: options.editDenied });
  const errors = await options.rules(stored);
  if (errors.length > 0) throw badRequest(errors);
  // The item first: its impact check names what a change would break, which tells more than the records
  // table's refusal of the same change (a removed column with records); either refusal saves nothing.
  return db.transaction(async (tx) => {
    const saved = await new ItemStore(tx).save(kind, body, {
      scope: connection,
      by: options.principal?.name ?? null,
      now: options.now,
    });
    await options.inTransaction?.(tx);
    return saved;
  });
}
