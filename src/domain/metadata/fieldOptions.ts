import type { components } from '../../../generated/uiservices';

export type FieldType = components['schemas']['FieldType'];

/** Every field type of the metadata context (spec part 1 §3 'Field types'); a test holds it to the schema's enum. */
export const FIELD_TYPES: readonly FieldType[] = [
  'Array',
  'Boolean',
  'DateOnly',
  'DateTime',
  'Decimal',
  'Guid',
  'Longnumber',
  'Number',
  'Object',
  'String',
  'Text',
  'BasicTypeArray',
  'KeyValue',
  'DocumentType',
  'DocumentArray',
  'Password',
];

/** Types that can have children (spec part 1 §3: Array, Object and BasicTypeArray are parents). */
export const PARENT_TYPES: readonly FieldType[] = ['Array', 'Object', 'BasicTypeArray'];

/** Plain types: what a basic-type array holds. */
export const PLAIN_TYPES: readonly FieldType[] = [
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

const except = (...excluded: FieldType[]) => FIELD_TYPES.filter((type) => !excluded.includes(type));

/**
 * Which field types take which option (spec part 1 §5 'Field editor', part 2 §5 'Field definition'): max
 * length and regex apply to string or password; a reference list to string or password; a foreign
 * reference list to guid. Tool validation (a function list) is not offered for array, object, key-value
 * and basic-type-array types, nor for string, guid, password in metadata context — nor, as they hold
 * whole documents, for the document types. Array types take an element type; document types a
 * published metadata document. The drawer schema's x-allowed-when lists are held to this table by test.
 */
export const OPTION_TYPES = {
  maxLength: ['String', 'Password'],
  regex: ['String', 'Password'],
  referenceList: ['String', 'Password'],
  foreignReference: ['Guid'],
  functionList: except(
    'Array',
    'Object',
    'KeyValue',
    'BasicTypeArray',
    'String',
    'Guid',
    'Password',
    'DocumentType',
    'DocumentArray',
  ),
  arrayElementType: ['Array', 'BasicTypeArray'],
  document: ['DocumentType', 'DocumentArray'],
} as const satisfies Record<string, readonly FieldType[]>;

export type FieldOption = keyof typeof OPTION_TYPES;

export const takes = (option: FieldOption, type: string | undefined | null): boolean =>
  (OPTION_TYPES[option] as readonly string[]).includes(String(type));

/** Validation kinds of a field (spec part 1 §3: regularexpression, referencelist, foreignreference or none). */
export const VALIDATION_KINDS = ['none', 'regularexpression', 'referencelist', 'foreignreference'] as const;
export type ValidationKind = (typeof VALIDATION_KINDS)[number];

/** The option a validation kind needs, to offer only the kinds a type takes. */
export const KIND_OPTION: Record<Exclude<ValidationKind, 'none'>, FieldOption> = {
  regularexpression: 'regex',
  referencelist: 'referenceList',
  foreignreference: 'foreignReference',
};

export const kindsFor = (type: string | undefined | null): ValidationKind[] =>
  VALIDATION_KINDS.filter((kind) => kind === 'none' || takes(KIND_OPTION[kind], type));

/** Element types an array may hold: plain types, and objects for Array (its children describe them). */
export const elementTypesFor = (type: string | undefined | null): FieldType[] =>
  type === 'Array' ? [...PLAIN_TYPES, 'Object'] : type === 'BasicTypeArray' ? [...PLAIN_TYPES] : [];

/** The key of the static default in the DefaultValueTypes setting. */
export const STATIC_DEFAULT = 'StaticValue';
