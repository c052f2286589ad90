import { metadataRules } from '../../src/domain/metadata/rules';
import { can } from '../../src/permissions/entitlements';
import type { Handlers } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { foreignLists, metadataLookups, referenceLists } from '../metadata/lookups';
import { metadataKind } from '../metadata/metadataKind';

/** Metadata documents and their lookups (spec part 1 §3 'Metadata document', §5, §7 'Metadata documents'). */
const handlers: Handlers = {
  'MetaDocumentBuilder.GetReferenceListByName': async ({ db, params }) => {
    const list = (await referenceLists(db)).find(
      (entry) => entry.Name.toLowerCase() === params.name.toLowerCase(),
    );
    if (!list) throw notFound(params.name === 'SchemaTypes' ? 'mb.error.loadSchemaTypes' : 'notFound.list');
    return list.Items;
  },

  'MetaDocumentBuilder.GetReferenceLists': async ({ db }) => referenceLists(db),

  'MetaDocumentBuilder.GetForeignReferenceList': async ({ db }) => foreignLists(db),

  'MetaDocumentBuilder.GetMetadataDocuments': async ({ items, query, principal }) => {
    const documents = await items.list(metadataKind);
    // Also a shared lookup (spec part 2 §7 'Shared lookups'): builders of documents and flows pick a
    // published metadata document by name. Without MetaDocumentBuilder Read (which any of its actions
    // implies) a signed-in user gets those only, as guid and name: no drafts, no fields, no description
    // (issue 29 point 9).
    if (!can(principal, 'MetaDocumentBuilder', 'Read'))
      return (
        query.is_published === false
          ? []
          : documents
              .filter((document) => document.IsPublished === true)
              .map((document) => ({ Guid: document.Guid, Name: document.Name, IsPublished: true }))
      ) as never;
    return (
      query.is_published === undefined
        ? documents
        : documents.filter((document) => document.IsPublished === query.is_published)
    ) as never;
  },

  'MetaDocumentBuilder.GetMetadataDocument': async ({ items, params }) =>
    (await items.get(metadataKind, params.guid)) as never,

  'MetaDocumentBuilder.MetaDocument': async ({ body, db, items, principal, now }) => {
    // The same rules as the console, with the lookups from this database (part 1 §5 'Metadata document').
    const errors = metadataRules(body, await metadataLookups(db, items));
    if (errors.length > 0) throw badRequest(errors);
    return items.save(metadataKind, body as Record<string, unknown>, {
      by: principal?.name ?? null,
      now: now(),
    });
  },

  'MetaDocumentBuilder.DeleteMetadataDocument': async ({ items, params }) => {
    await items.remove(metadataKind, params.guid);
    return true;
  },
};

export default handlers;
