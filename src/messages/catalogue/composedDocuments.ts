/** Composed Document builder texts (spec part 2 §5 'Composed document', §8 cd.*). */
export const composedDocuments = {
  // ── Names (spec part 2 §5 'Names') ──
  'cd.validation.nameEmpty': 'Please enter a composed document name',
  'cd.validation.nameIsShort': 'The composed document name needs at least 2 characters',
  'cd.validation.nameContainsSpace': 'The composed document name cannot contain spaces',
  'cd.validation.nameNotUnique': 'A composed document with this name already exists on this connection',
  'cd.validation.pathMismatch': 'The composed document does not belong to this connection or guid',

  // ── Structure (spec part 2 §5 'Composed document') ──
  'cd.validation.rootDocumentNotChosen': 'Choose the root document',
  'cd.validation.documentNotFound': 'This document is not a published document of this connection',
  'cd.validation.methodNotChosen': 'Choose a method for this document',
  'cd.validation.methodNotAllowed': 'This method does not fit a composed document that {mode}',
  'cd.validation.noChildren': 'Add at least one child document',
  'cd.validation.childNameEmpty': 'Please enter the child name',
  'cd.validation.childNameNotUnique': 'Child names must be unique among siblings',
  'cd.validation.childDocumentNotChosen': 'Choose the child document',
  'cd.validation.childFieldNotSet': 'Choose the child field',
  'cd.validation.keyFieldNotSet': 'Choose the key field',
  'cd.validation.childFieldDoesNotExist': 'The child field does not exist in the child document',
  'cd.validation.keyFieldDoesNotExist': 'The key field does not exist in the parent document',
  'cd.validation.childNotReferencing': 'Choose one of the documents that reference the parent document',

  // ── Load, delete, permissions (spec part 2 §8) ──
  'cd.error.loadDocument': 'The composed document was not found',
  'cd.docDelete.error': 'Something went wrong while deleting composed document. Please try again.',
  'cd.error.editPublished': 'Editing a published composed document needs the Upsert admin permission',
  'cd.error.deletePublished': 'Deleting a published composed document needs the Delete published permission',

  // ── Screen (spec part 2 §2 'Composed Document builder', drawer 13) ──
  'cd.tree.title': 'Documents',
  'cd.tree.root': 'Root document',
  'cd.tree.method': 'Method',
  'cd.tree.children': 'Child documents',
  'cd.tree.addChild': 'Add child',
  'cd.tree.noCandidates': 'No published document references this one.',
  'cd.preview': 'JSON preview',
  'cd.previewTitle': 'Composed document JSON preview',
} as const;
