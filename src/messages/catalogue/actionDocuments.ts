/** Action Document builder texts (spec part 2 §5 'Action document', §8 ad.validation.*). */
export const actionDocuments = {
  // ── The keys spec part 2 §8 lists ──
  'ad.validation.nameEmpty': 'Please enter an action document name',
  'ad.validation.nameIsShort': 'The action document name needs at least 2 characters',
  'ad.validation.nameNotUnique': 'An action document with this name already exists on this connection',
  'ad.validation.methodIsReadMismatch': 'This method does not match the action document’s “Is read” setting',
  'ad.validation.rootActionNotChosen': 'Choose the root action',
  'ad.validation.actionRelationNotSet': 'A child action needs a relation to its parent',
  'ad.validation.actionRelationAliasNotSet': 'Please enter the alias of the relation',
  'ad.validation.actionRelationAliasNotUnique': 'The alias must be unique among sibling actions',
  'ad.validation.actionRelationChildNotSet': 'Choose the child field of the relation',
  'ad.validation.actionRelationParentNotSet': 'Choose the parent field of the relation',
  'ad.validation.configuredChildFieldDoesNotExist': 'The child field does not exist in the child action',
  'ad.validation.configuredParentFieldDoesNotExist': 'The parent field does not exist in the parent action',
  'ad.validation.documentRelationTypeMismatch':
    'The relation between these documents does not match a reference declared on either document',
  'ad.validation.relationFieldTypesDoNotMatch': 'The parent field’s type cannot be mapped to the child field',
  'ad.validation.relationFieldMaxLengthsDoNotMatch': 'The parent field is longer than the child field',
  'ad.validation.requiredFieldDoesNotExist': 'A required field does not exist in this action',
  'ad.validation.ruleInputNotSet': 'Choose at least one input field for the match rule',
  'ad.validation.ruleOutputNotSet': 'Choose at least one output field for the match rule',
  'ad.validation.ruleInputFieldDoesNotExist':
    'An input field of the match rule does not exist in its document',
  'ad.validation.ruleOutputFieldDoesNotExist':
    'An output field of the match rule does not exist in its document',
  'ad.validation.ruleDocumentNotAvailable': 'The match rule’s document is not one of the actions',

  // ── Further action rules (spec part 2 §5 'Action document') ──
  'ad.validation.pathMismatch': 'The action document does not belong to this connection or guid',
  'ad.validation.actionNotChosen': 'Choose the document or method of this action',
  'ad.validation.actionNotAvailable': 'This document or method is not published on this connection',
  'ad.validation.actionMethodNotChosen': 'Choose how this action acts (read, write, upsert, ...)',
  'ad.validation.sortingFieldDoesNotExist': 'A sorting field does not exist in this action',

  // ── Load, delete, permissions (spec part 2 §8) ──
  'ad.error.loadDocument': 'The action document was not found',
  'ad.error.loadMethod': 'The method was not found',
  'ad.docDelete.error': 'Something went wrong while deleting action document. Please try again.',
  'ad.error.deletePublished': 'Deleting a published action document needs the Delete published permission',

  // ── Screen (spec part 2 §2 'Action Document builder', §4, drawers 3, 13, 14) ──
  'ad.actions.title': 'Actions',
  'ad.actions.chooseRoot': 'Choose root action',
  'ad.actions.addChild': 'Add child',
  'ad.actions.details': 'Action details',
  'ad.actions.newChild': 'New child action',
  'ad.actions.empty': 'No actions yet. Start with the root action.',
  'ad.actions.deleteTitle': 'Delete action?',
  'ad.actions.deleteBody': 'Delete the action “{name}”?',
  'ad.actions.deleteWithChildrenTitle': 'Delete action and its children?',
  'ad.actions.deleteWithChildrenBody':
    'The action “{name}” has {count} child actions. Deleting it deletes them too.',
  'ad.isRead.title': 'Delete all actions?',
  'ad.isRead.body':
    'Changing “Is read” changes which methods fit. Delete all actions and match rules and change it?',
  'ad.isRead.confirm': 'Delete actions',
  'ad.rules.title': 'Match rules',
  'ad.rules.add': 'Add match rule',
  'ad.rules.details': 'Match rule details',
  'ad.rules.empty': 'No match rules.',
  'ad.rules.noDocuments': 'Add a document action first; match rules work on its fields.',
  'ad.sorting.title': 'Action sorting fields',
  'ad.sorting.used': 'Already used for sorting',
  'ad.sorting.add': 'Add',
  'ad.preview': 'JSON preview',
  'ad.previewTitle': 'Action document JSON preview',
} as const;
