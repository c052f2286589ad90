import type { FieldType } from './types';

/**
 * Field types a document field may have: the plain types and Text (spec part 2 §3 'Field types': Array,
 * Object and the metadata-only types belong to other contexts).
 */
export const documentFieldTypes: readonly FieldType[] = [
  'Boolean',
  'DateOnly',
  'DateTime',
  'Decimal',
  'Guid',
  'Longnumber',
  'Number',
  'String',
  'Text',
];

/** Identity (is_id) fields count up, so they are numbers (spec part 2 §5 'Document'). */
export const identityTypes: readonly FieldType[] = ['Number', 'Longnumber'];

/** Max length and regular expressions apply to strings (spec part 2 §5 'Field definition'). */
export const lengthTypes: readonly FieldType[] = ['String'];
