/** Metadata Builder texts (spec part 1 §5 'Metadata document', 'Field editor', §8 'Builders'). */
export const metadata = {
  // ── Keys of spec part 1 §5 'Metadata document' ──
  docNameEmpty: 'Please enter a name for the metadata document',
  docNameIsShort: 'The name needs at least 2 characters',
  docNameContainsSpace: 'The name cannot contain spaces',
  docNameNotUnique: 'A metadata document with this name already exists',
  noFieldsSet: 'Add at least one field',

  // ── Failures (spec part 1 §8 'Builders') ──
  'mb.error.loadDocument': 'The metadata document was not found',
  'mb.error.loadSchemaTypes': 'The schema types could not be loaded',
  'notFound.functionList': 'The function list was not found',
  'mb.docDelete.error': 'Something went wrong while deleting metadata document. Please try again.',

  // ── Fields (spec part 1 §5 'Metadata document', 'Field editor'; part 2 §5 'Field definition') ──
  'mb.validation.fieldNameEmpty': 'Please enter a field name',
  'mb.validation.fieldNameIsShort': 'The field name needs at least 2 characters',
  'mb.validation.fieldNameContainsSpace': 'The field name cannot contain spaces',
  'mb.validation.fieldNameInvalid': 'Use only letters, digits and underscores in a field name',
  'mb.validation.childNameInvalid': 'A child field’s name is its parent’s name, a dot and its own name',
  'mb.validation.childrenNeedParentType': '{field} has child fields; choose Array, Object or BasicTypeArray',
  'mb.validation.maxLengthNotAllowed': 'Max length applies to String and Password fields only',
  'mb.validation.validationKindNotAllowed': 'This validation does not apply to a field of this type',
  'mb.validation.optionNotForKind': 'This option does not belong to the chosen validation',
  'mb.validation.regexAndReferenceList':
    'A field has either a regular expression or a reference list, not both',
  'mb.validation.regexNotAllowed': 'A regular expression applies only with regular expression validation',
  'mb.validation.regexEmpty': 'Please enter the regular expression for {field}',
  'mb.validation.regexInvalid': 'The regular expression of {field} is not valid',
  'mb.validation.referenceListEmpty': 'Please choose the reference list for {field}',
  'mb.validation.referenceListUnknown': 'The reference list of {field} does not exist',
  'mb.validation.foreignReferenceEmpty': 'Please choose the foreign reference list for {field}',
  'mb.validation.foreignReferenceUnknown': 'The foreign reference list of {field} does not exist',
  'mb.validation.functionListNotAllowed': 'A function list cannot validate a field of this type',
  'mb.validation.functionListUnknown': 'The function list of {field} does not exist',
  'mb.validation.functionListFieldEmpty': 'Please choose the function list field {field} maps to',
  'mb.validation.functionListFieldUnknown': 'This field does not exist in the function list',
  'mb.validation.functionListTypeMismatch': '{field} cannot be mapped to a {type} field of the function list',
  'mb.validation.functionListMaxLength': 'The max length of {field} exceeds the mapped field’s {limit}',
  'mb.validation.aliasContainsSpace': 'The alias cannot contain spaces',
  'mb.validation.arrayElementTypeEmpty': 'Please choose the element type of {field}',
  'mb.validation.arrayElementTypeInvalid': 'This element type is not possible for {field}',
  'mb.validation.arrayElementTypeNotAllowed': 'Only array fields have an element type',
  'mb.validation.documentEmpty': 'Please choose the metadata document of {field}',
  'mb.validation.documentSelf': '{field} cannot refer to the document it belongs to',
  'mb.validation.documentNotPublished': 'The metadata document of {field} does not exist or is not published',
  'mb.validation.documentNotAllowed': 'Only document fields refer to a metadata document',
  'mb.validation.defaultTypeUnknown': 'This default value type does not exist',
  'mb.validation.defaultTypeNotAllowed': 'This default value does not apply to a field of this type',
  'mb.validation.defaultValueNotStatic': 'Only a static default has a value',
  'mb.validation.schemaTypeUnknown': 'Please choose one of the schema types',

  // ── Screens ──
  'mb.field.returnFieldsNone': 'Choose a function list to pick its fields.',
  'mb.field.alias': 'Alias',
} as const;
