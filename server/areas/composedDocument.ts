import { composedRules } from '../../src/domain/composedDocuments/rules';
import { referencingDocuments, stripPlaceholders } from '../../src/domain/composedDocuments/tree';
import type { ComposedDocument } from '../../src/domain/composedDocuments/types';
import { assertMayChange } from '../documents/access';
import { requireConnection } from '../documents/connection';
import { publishedDocument, publishedDocuments } from '../documents/context';
import { composedDocumentKind } from '../documents/kinds';
import { saveBuilderItem } from '../documents/saveBuilderItem';
import type { Handlers } from '../http/context';
import { notFound } from '../http/errors';

/**
 * Composed Document builder (spec part 2 §2, §3 'Composed document', §5, §6, §7 ComposedDocument): a root
 * document and child documents of the connection, each read or written with a method. Empty-guid child
 * placeholders are stripped on load and on save.
 */
const handlers: Handlers = {
  'ComposedDocument.GetComposedDocuments': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    return (await items.list(composedDocumentKind, params.connection)).map((item) =>
      stripPlaceholders(item as unknown as ComposedDocument),
    ) as never;
  },

  'ComposedDocument.GetComposedDocument': async ({ items, params }) =>
    stripPlaceholders(
      (await items.get(composedDocumentKind, params.guid, params.connection)) as unknown as ComposedDocument,
    ) as never,

  // The documents a composed document can use: the connection's published documents, read or written by
  // the methods of spec part 2 §3 'Action methods', so the read flag does not narrow them.
  'ComposedDocument.GetActionDocuments': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    return (await publishedDocuments(items, params.connection)) as never;
  },

  'ComposedDocument.GetReferencingDocuments': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    return referencingDocuments(await publishedDocuments(items, params.connection), params.guid) as never;
  },

  'ComposedDocument.GetActionDocument': async ({ items, params }) => {
    await requireConnection(items, params.connection);
    const document = await publishedDocument(items, params.connection, params.guid);
    if (!document) throw notFound('db.error.loadDocument');
    return document as never;
  },

  'ComposedDocument.PostComposedDocument': async ({ db, items, params, body, principal, now }) => {
    const composed = stripPlaceholders(body as ComposedDocument);
    return saveBuilderItem({
      db,
      kind: composedDocumentKind,
      area: 'ComposedDocument',
      connection: params.connection,
      guid: params.guid,
      body: composed as unknown as Record<string, unknown>,
      principal,
      now: now(),
      mismatch: 'cd.validation.pathMismatch',
      editDenied: 'cd.error.editPublished',
      rules: async () =>
        composedRules(composed, { documents: await publishedDocuments(items, params.connection) }),
    });
  },

  'ComposedDocument.DeleteComposedDocument': async ({ items, params, principal }) => {
    await requireConnection(items, params.connection);
    const stored = await items.get(composedDocumentKind, params.guid, params.connection);
    assertMayChange(principal, 'ComposedDocument', stored, {
      action: 'delete',
      denied: 'cd.error.deletePublished',
    });
    await items.remove(composedDocumentKind, params.guid, params.connection);
    return true;
  },
};

export default handlers;
