/** Document Editor texts (spec part 2 §2 'Document Editor', §8 de.*). */
export const documentEditor = {
  'de.error.loadRecord': 'The record was not found',
  'de.error.connectionNotSupported':
    'This server keeps or reaches no records for connections of type {type}',
  'de.error.viewReadOnly': '{document} maps onto a view; its records cannot be changed',
  'de.records.deleted': 'Record deleted',
  'de.records.delete': 'Delete record',
  'de.error.recordExists': 'A record with this key already exists',
  'de.error.badSort': 'The records cannot be sorted by {field}: the document has no such field',
  'de.validation.required': 'Please enter a value',
  'de.validation.tooLong': 'At most {max} characters',
  'de.validation.pattern': 'The value does not match the expected pattern',
  'de.validation.notUpdatable': 'This field cannot be changed once the record exists',
  'de.validation.referenceNotFound': 'No record of {document} has this value',
  'de.validation.unknownField': 'The document has no field with this name',
  'de.documents.title': 'List documents',
  'de.documents.empty': 'No published list documents on this connection yet.',
  'de.records.new': 'New record',
  'de.records.empty': 'No records yet.',
  'de.records.title': 'Record',
  'de.records.saved': 'Record saved',
  'de.records.created': 'Record created',
} as const;
