import { form } from '../../../generated/forms/ActionDocument';
import type { ActionDocument } from '../../domain/actionDocuments/types';
import type { BuilderDefinition } from '../../engine/builder/BuilderDefinition';
import { ActionTreeField } from './ActionTreeField';
import { flattenActions } from './flatActions';
import { IsReadField } from './IsReadField';
import { MatchRulesField } from './MatchRulesField';

/**
 * Action Document builder (spec part 2 §2, §3 'Action document'): a tree of actions on a connection's
 * action documents and methods, with relations and match rules. The page adds the rules with their
 * context.
 */
export const builder: BuilderDefinition<ActionDocument> = {
  route: '/actiondocument',
  title: 'Action Document',
  item: 'action document',
  area: 'ActionDocument',
  form,
  operations: {
    list: 'ActionDocument.GetActionDocuments',
    get: 'ActionDocument.GetActionDocument',
    save: 'ActionDocument.PostActionDocument',
    remove: 'ActionDocument.DeleteActionDocument',
  },
  scopedByConnection: true,
  columns: [
    { id: 'name', header: 'Name', value: (document) => document.ActionDocumentName },
    { id: 'root', header: 'Root action', value: (document) => document.Action?.Name },
    {
      id: 'actions',
      header: 'Actions',
      value: (document) => flattenActions(document.Action).length,
      searchable: false,
    },
    { id: 'read', header: 'Is read', kind: 'boolean', value: (document) => document.IsRead === true },
    { id: 'modified', header: 'Last edited', kind: 'date', value: (document) => document.Modified },
    {
      id: 'status',
      header: 'Status',
      kind: 'status',
      value: (document) => (document.IsPublished ? 'published' : 'draft'),
    },
  ],
  id: (document) => document.Guid,
  name: (document) => document.ActionDocumentName,
  create: ({ connection }) => ({
    Guid: crypto.randomUUID(),
    ActionDocumentName: '',
    FlowConnectionGuid: connection ?? '',
    IsRead: false,
    IsPublished: false,
    IsNew: true,
    Rules: [],
  }),
  peersList: 'actionDocuments',
  fields: { isReadToggle: IsReadField, actionTree: ActionTreeField, matchRules: MatchRulesField },
  publishable: true,
  messages: { deleteError: 'ad.docDelete.error', notFound: 'ad.error.loadDocument' },
};
