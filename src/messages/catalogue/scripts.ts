/** Script Builder texts (spec part 1 §5 'Script', §8 'Builders'). */
export const scripts = {
  'sb.validation.nameEmpty': 'Please enter a script name',
  'sb.validation.nameIsShort': 'The script name needs at least 2 characters',
  'sb.validation.nameContainsSpace': 'The script name cannot contain spaces',
  'sb.validation.nameInvalid': 'Use letters, digits, underscores and single dots; no leading dot',
  'sb.validation.nameNotUnique': 'A script with this name already exists',
  'sb.validation.codeEmpty': 'Please enter the code',
  'sb.validation.commitEmpty': 'Please enter a commit note',
  'sb.validation.scriptTypeUnknown': 'This script type does not exist',
  'sb.validation.compileError': 'Line {line}, column {column}: {message}',
  'sb.error.loadScript': 'The script was not found',
  'sb.scriptDelete.error': 'Something went wrong while deleting script. Please try again.',
} as const;
