import { form } from '../../../generated/forms/ComposedDocument';
import type { ComposedChild, ComposedDocument } from '../../domain/composedDocuments/types';
import type { BuilderDefinition } from '../../engine/builder/BuilderDefinition';
import { ComposedTreeField } from './ComposedTreeField';

const countChildren = (children: readonly ComposedChild[] | undefined): number =>
  (children ?? []).reduce((sum, child) => sum + 1 + countChildren(child.Childs), 0);

/**
 * Composed Document builder (spec part 2 §2, §3 'Composed document'): a root document and child documents
 * of a connection, each with a method. The page adds the rules with their context and the JSON preview.
 */
export const builder: BuilderDefinition<ComposedDocument> = {
  route: '/composeddocument',
  title: 'Composed Document',
  item: 'composed document',
  area: 'ComposedDocument',
  form,
  operations: {
    list: 'ComposedDocument.GetComposedDocuments',
    get: 'ComposedDocument.GetComposedDocument',
    save: 'ComposedDocument.PostComposedDocument',
    remove: 'ComposedDocument.DeleteComposedDocument',
  },
  scopedByConnection: true,
  columns: [
    { id: 'name', header: 'Name', value: (composed) => composed.Name },
    { id: 'root', header: 'Root document', value: (composed) => composed.Document?.Name },
    {
      id: 'children',
      header: 'Children',
      value: (composed) => countChildren(composed.Document?.Childs),
      searchable: false,
    },
    { id: 'read', header: 'Is read', kind: 'boolean', value: (composed) => composed.IsRead === true },
    { id: 'modified', header: 'Last edited', kind: 'date', value: (composed) => composed.Modified },
    {
      id: 'status',
      header: 'Status',
      kind: 'status',
      value: (composed) => (composed.IsPublished ? 'published' : 'draft'),
    },
  ],
  id: (composed) => composed.Guid,
  name: (composed) => composed.Name,
  create: ({ connection }) => ({
    Guid: crypto.randomUUID(),
    Name: '',
    FlowConnectionGuid: connection ?? '',
    IsRead: true,
    IsPublished: false,
    IsNew: true,
    Document: { Name: null, Guid: null, Method: null, Childs: [] },
  }),
  peersList: 'composedDocuments',
  fields: { composedTree: ComposedTreeField },
  publishable: true,
  messages: { deleteError: 'cd.docDelete.error', notFound: 'cd.error.loadDocument' },
};
