import { form } from '../../../generated/forms/Document';
import type { Document } from '../../domain/documents/types';
import type { BuilderDefinition } from '../../engine/builder/BuilderDefinition';
import { DocumentFieldsField } from './DocumentFieldsField';
import { DocumentReferencesField } from './DocumentReferencesField';
import { ExternalTableField } from './ExternalTableField';

/**
 * Document Builder (spec part 2 §2 'Document Builder', §3 'Document'): documents of a connection with a
 * flat fields table and references. The page (page.tsx) adds the type filter, the rules with their
 * context and the edit rules of published documents.
 */
export const builder: BuilderDefinition<Document> = {
  route: '/documentbuilder',
  title: 'Document Builder',
  item: 'document',
  area: 'DocumentBuilder',
  form,
  operations: {
    list: 'DocumentBuilder.GetConnectionDocuments',
    get: 'DocumentBuilder.GetConnectionDocument',
    save: 'DocumentBuilder.PostConnectionDocument',
    remove: 'DocumentBuilder.DeleteConnectionDocument',
  },
  scopedByConnection: true,
  columns: [
    { id: 'name', header: 'Name', value: (document) => document.Name },
    { id: 'type', header: 'Type', value: (document) => document.Type },
    {
      id: 'fields',
      header: 'Fields',
      value: (document) => document.Elements?.length ?? 0,
      searchable: false,
    },
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
  create: ({ connection }) => ({
    Guid: crypto.randomUUID(),
    Name: '',
    Type: 'List',
    FlowConnectionGuid: connection ?? '',
    Elements: [],
    References: [],
    IsPublished: false,
    IsNew: true,
  }),
  peersList: 'documents',
  fields: {
    documentFields: DocumentFieldsField,
    documentReferences: DocumentReferencesField,
    externalTable: ExternalTableField,
  },
  publishable: true,
  messages: { deleteError: 'db.docDelete.error', notFound: 'db.error.loadDocument' },
};
