/** Field-input messages shared by every form (spec part 1 §5, part 2 §5 and §8 'Field messages'). */
export const fields = {
  // ── Field inputs (spec part 1 §5 'Metadata document', part 2 §8 'Field messages') ──
  enterValue: 'Please enter a value',
  chooseValue: 'Please choose a value',
  enterInteger: 'Please enter a whole number',
  enterIntegerWithMin: 'Please enter a whole number of at least {limit}',
  enterIntegerWithMax: 'Please enter a whole number of at most {limit}',
  fieldTypeError: 'Please select a field type',
  fieldNameExists: 'A field with this name already exists',
  aliasCanNotBeEmpty: 'The alias cannot be empty',
  aliasMustBeUnique: 'The alias must be unique',

  // ── Standard JSON Schema keywords without x-messages (issue 19 point 4): the keyword's own words ──
  'validation.minLength': 'At least {limit} characters',
  'validation.minLength.one': 'At least 1 character',
  'validation.maxLength': 'At most {limit} characters',
  'validation.maxLength.one': 'At most 1 character',
  'validation.minimum': 'Please enter a number of at least {limit}',
  'validation.maximum': 'Please enter a number of at most {limit}',
  'validation.multipleOf': 'Please enter a multiple of {limit}',
  'validation.minItems': 'Add at least {limit} entries',
  'validation.minItems.one': 'Add at least 1 entry',
  'validation.maxItems': 'At most {limit} entries',
  'validation.maxItems.one': 'At most 1 entry',
  'validation.uniqueItems': 'Each entry must be different',
  'validation.pattern': 'Please enter a value in the expected form',
  'validation.format': 'Please enter a valid {format}',
  'validation.format.uri': 'Please enter a valid URL',
  'validation.format.email': 'Please enter a valid e-mail address',
  'validation.format.time': 'Please enter a valid time',

  // ── Type errors (spec part 2 §8 'Type errors', part 2 §5 'Type formats') ──
  'typeError.guid': 'Enter a GUID in the form 8-4-4-4-12 hexadecimal digits',
  'typeError.decimal': 'Enter a number with at most 16 digits before and 2 after the decimal point',
  'typeError.number': 'Enter a whole number from -2147483648 to 2147483647',
  'typeError.longnumber': 'Enter a whole number within ±9007199254740991',
  'typeError.boolean': 'Choose true or false',
  'typeError.date': 'Enter a valid date',
  'typeError.dateTime': 'Enter a valid date and time',
} as const;
