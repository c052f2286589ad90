import { actionDocumentRules } from '../../src/domain/actionDocuments/rules';
import type { ActionDocument, Method } from '../../src/domain/actionDocuments/types';
import { referencingDocuments } from '../../src/domain/composedDocuments/tree';
import { assertMayChange } from '../documents/access';
import { requireConnection } from '../documents/connection';
import { publishedDocument, publishedDocuments } from '../documents/context';
import { actionDocumentKind, methodKind } from '../documents/kinds';
import { saveBuilderItem } from '../documents/saveBuilderItem';
import type { Handlers } from '../http/context';
import { notFound } from '../http/errors';
import type { ItemStore } from '../items/itemStore';

/** The connection's published methods (the Method Builder's items), filtered by read or write when asked. */
async function publishedMethods(items: ItemStore, connection: string, isRead?: boolean): Promise<Method[]> {
  const methods = (await items.listPublished(methodKind, connection)) as unknown as Method[];
  return isRead === undefined ? methods : methods.filter((method) => (method.IsRead === true) === isRead);
}

/**
 * Action Document builder (spec part 2 §2, §3 'Action document', §5, §6, §7 ActionDocument): a tree of
 * actions on the connection's published action documents and methods, with relations and match rules.
 */
const handlers: Handlers = {
  'ActionDocument.GetActionDocuments': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    return (await items.list(actionDocumentKind, params.connection)) as never;
  },

  'ActionDocument.GetActionDocument': async ({ items, params }) =>
    (await items.get(actionDocumentKind, params.guid, params.connection)) as never,

  'ActionDocument.GetDocumentsOfTypeAction': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    return (await publishedDocuments(items, params.connection)).filter(
      (document) => document.Type === 'Action',
    ) as never;
  },

  'ActionDocument.GetReferencingDocumentsOfTypeAction': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    const actions = (await publishedDocuments(items, params.connection)).filter(
      (document) => document.Type === 'Action',
    );
    return referencingDocuments(actions, params.guid) as never;
  },

  'ActionDocument.GetConnectionDocument': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    const document = await publishedDocument(items, params.connection, params.guid);
    if (!document) throw notFound('db.error.loadDocument');
    return document as never;
  },

  'ActionDocument.GetConnectionMethods': async ({ items, params, query }) => {
    await requireConnection(items, params.connection);
    return (await publishedMethods(items, params.connection, query.IsReadAction)) as never;
  },

  'ActionDocument.GetConnectionMethod': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    const method = await items.findPublished(methodKind, params.guid, params.connection);
    if (!method) throw notFound('ad.error.loadMethod');
    return method as never;
  },

  'ActionDocument.PostActionDocument': async ({ db, items, params, body, principal, now }) => {
    const document = body as ActionDocument;
    // A description is omitted when empty (spec part 2 §3 'Action document').
    const { Description, ...rest } = document;
    const stored = Description?.trim() ? document : rest;
    return saveBuilderItem({
      db,
      kind: actionDocumentKind,
      area: 'ActionDocument',
      connection: params.connection,
      guid: params.guid,
      body: stored as unknown as Record<string, unknown>,
      principal,
      now: now(),
      mismatch: 'ad.validation.pathMismatch',
      rules: async () =>
        actionDocumentRules(document, {
          documents: await publishedDocuments(items, params.connection),
          methods: await publishedMethods(items, params.connection),
        }),
    });
  },

  'ActionDocument.DeleteActionDocument': async ({ items, params, principal }) => {
    await requireConnection(items, params.connection);
    const stored = await items.get(actionDocumentKind, params.guid, params.connection);
    assertMayChange(principal, 'ActionDocument', stored, {
      action: 'delete',
      denied: 'ad.error.deletePublished',
    });
    await items.remove(actionDocumentKind, params.guid, params.connection);
    return true;
  },
};

export default handlers;
