/** Method Builder texts (spec part 1 §5 'Method', §8 'Builders'). */
export const methods = {
  // ── Keys of spec part 1 §5 'Method' ──
  noInputSet: 'Add at least one input field, or mark the method as a read method',
  noOutputSet: 'Add at least one output field, or choose full output',
  noMaxlengthOutputField: 'Please enter a max length for this string output field',
  scriptEmpty: 'Please choose the stored procedure',

  // ── Names and fields (part 1 §5 'Names in general', 'Method': field rules) ──
  'method.validation.nameEmpty': 'Please enter a method name',
  'method.validation.nameIsShort': 'The method name needs at least 2 characters',
  'method.validation.nameContainsSpace': 'The method name cannot contain spaces',
  'method.validation.nameInvalid': 'Use only letters, digits and underscores',
  'method.validation.nameNotUnique': 'A method with this name already exists on this connection',
  'method.validation.fieldNameEmpty': 'Please enter a field name',
  'method.validation.fieldNameIsShort': 'The field name needs at least 2 characters',
  'method.validation.fieldNameContainsSpace': 'The field name cannot contain spaces',
  'method.validation.fieldNameInvalid': 'Use only letters, digits and underscores in a field name',
  'method.validation.fieldNameNotUnique': 'A field with this name already exists',
  'method.validation.guidMismatch': 'The method in the body is not the one in the address',

  // ── Failures (part 1 §8 'Builders'; a failed method delete is only logged) ──
  'method.error.loadMethod': 'The method was not found',
  'method.error.spNotFound': 'The stored procedure was not found on this connection',
  'method.error.noCatalog': 'This connection has no stored procedures',
  'method.error.catalog': 'The stored procedures could not be read: {detail}',

  // ── Screens ──
  'method.sp.label': 'Stored procedure',
  'method.sp.loading': 'Reading the stored procedures…',
  'method.sp.none': 'No stored procedures left to wrap on this connection.',
  'method.sp.filled': 'Filled {inputs} input and {outputs} output fields from {name}.',
  'method.sp.replaceTitle': 'Replace the fields?',
  'method.sp.replaceBody':
    'Fill the input and output fields from {name}? The fields you set up are replaced.',
  'method.sp.replace': 'Replace',
  'method.kind.label': 'The method runs',
  'method.kind.storedProcedure': 'A function or procedure of the database',
  'method.kind.query': 'A query written here',
  'method.query.label': 'Query',
  'method.query.help':
    'One SQL statement. $1, $2, … take the input fields in their order; they are bound, never written into the text.',
} as const;
