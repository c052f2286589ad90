/** Connection Builder texts (spec part 1 §5 'Connection', §8 'Builders'). */
export const connections = {
  'cb.error.loadConnection': 'The connection was not found',
  'cb.validation.nameEmpty': 'Please enter a connection name',
  'cb.validation.nameIsShort': 'The connection name needs at least 2 characters',
  'cb.validation.nameNotUnique': 'A connection with this name already exists',
  'cb.validation.typeUnknown': 'Please choose one of the credential types',
} as const;
