import type { ItemKind } from '../items/itemStore';

/** Methods are items scoped by their connection; names are unique per connection (spec part 1 §5). */
export const methodKind: ItemKind = {
  kind: 'method',
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'method.error.loadMethod',
  nameTaken: 'method.validation.nameNotUnique',
};
