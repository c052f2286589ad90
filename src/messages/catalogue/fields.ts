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

  // ── Type errors (spec part 2 §8 'Type errors', part 2 §5 'Type formats') ──
  'typeError.guid': 'Enter a GUID in the form 8-4-4-4-12 hexadecimal digits',
  'typeError.decimal': 'Enter a number with at most 16 digits before and 2 after the decimal point',
  'typeError.number': 'Enter a whole number from -2147483648 to 2147483647',
  'typeError.longnumber': 'Enter a whole number within ±9007199254740991',
  'typeError.boolean': 'Choose true or false',
  'typeError.date': 'Enter a valid date',
  'typeError.dateTime': 'Enter a valid date and time',
} as const;
