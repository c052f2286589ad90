import type { ItemKind } from '../items/itemStore';

/** Documents of a connection (spec part 2 §3 'Document'); their scope is the connection. */
export const documentKind: ItemKind = {
  kind: 'document',
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'db.error.loadDocument',
  nameTaken: 'db.validation.nameNotUnique',
};

/** Composed documents of a connection (spec part 2 §3 'Composed document'). */
export const composedDocumentKind: ItemKind = {
  kind: 'composedDocument',
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'cd.error.loadDocument',
  nameTaken: 'cd.validation.nameNotUnique',
};

/** Action documents of a connection; the name travels as ActionDocumentName (spec part 2 §3, §7). */
export const actionDocumentKind: ItemKind = {
  kind: 'actionDocument',
  idField: 'Guid',
  nameField: 'ActionDocumentName',
  notFound: 'ad.error.loadDocument',
  nameTaken: 'ad.validation.nameNotUnique',
};

/**
 * Methods of a connection as the Method Builder stores them (item kind 'method', scope the connection,
 * spec part 1 §3 'Method'). Action documents only read them.
 */
export const methodKind: ItemKind = {
  kind: 'method',
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'ad.error.loadMethod',
  nameTaken: 'ad.validation.nameNotUnique',
};
