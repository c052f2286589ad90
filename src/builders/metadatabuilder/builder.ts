import { form } from '../../../generated/forms/MetadataDocument';
import { type MetadataDocument, metadataRules } from '../../domain/metadata/rules';
import type { BuilderDefinition } from '../../engine/builder/BuilderDefinition';
import { describeMetadataError } from './describeError';
import { MetadataFieldDrawer } from './MetadataFieldDrawer';

/**
 * Metadata Builder (spec part 1 §2 'Metadata Builder', §3 'Metadata document', §4, §5 'Metadata
 * document', §7 'Metadata documents'). The page (page.tsx) adds the lookups the rules need and the field
 * drawer.
 */
export const builder: BuilderDefinition<MetadataDocument> = {
  route: '/metadatabuilder',
  title: 'Metadata Builder',
  item: 'metadata document',
  area: 'MetaDocumentBuilder',
  form,
  operations: {
    list: 'MetaDocumentBuilder.GetMetadataDocuments',
    get: 'MetaDocumentBuilder.GetMetadataDocument',
    save: 'MetaDocumentBuilder.MetaDocument',
    remove: 'MetaDocumentBuilder.DeleteMetadataDocument',
  },
  columns: [
    { id: 'name', header: 'Name', value: (document) => document.Name },
    { id: 'schemaType', header: 'Schema type', value: (document) => document.SchemaType },
    { id: 'description', header: 'Description', value: (document) => document.Description },
    { id: 'modified', header: 'Last edited', kind: 'date', value: (document) => document.Modified },
    {
      id: 'status',
      header: 'Status',
      kind: 'status',
      value: (document) => (document.IsPublished ? 'published' : 'draft'),
    },
  ],
  id: (document) => document.Guid,
  name: (document) => document.Name,
  create: () => ({ Guid: crypto.randomUUID(), Name: '', Elements: [], IsPublished: false, IsNew: true }),
  peersList: 'metadataDocuments',
  rules: (document) => metadataRules(document),
  describeError: describeMetadataError,
  // The drawer of one field of the nested field list (spec part 1 §5 'Field editor').
  formContext: { fieldDrawers: { metadataField: MetadataFieldDrawer } },
  publishable: true,
  saveOnlyWhenUnpublished: true,
  messages: { deleteError: 'mb.docDelete.error', notFound: 'mb.error.loadDocument' },
};
