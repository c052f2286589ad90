import type { ItemKind } from '../items/itemStore';

/** Metadata documents (spec part 1 §3 'Metadata document'); names unique among them (docNameNotUnique, §5). */
export const metadataKind: ItemKind = {
  kind: 'metadata',
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'mb.error.loadDocument',
  nameTaken: 'docNameNotUnique',
};
