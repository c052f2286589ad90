/** REST API management texts (spec part 1 §4 'API user token', §5 'REST API', §8 'Builders'). */
export const restApis = {
  'ra.validation.nameEmpty': 'Please enter a REST API name',
  'ra.validation.nameIsShort': 'The REST API name needs at least 2 characters',
  'ra.validation.nameContainsSpace': 'The REST API name cannot contain spaces',
  'ra.validation.nameNotUnique': 'A REST API with this name already exists',
  'ra.validation.returnTypeEmpty': 'Please choose a return type',
  'ra.validation.returnTypeUnknown': 'This return type is not offered by the server',
  'ra.validation.authenticationEmpty': 'Please choose an authentication',
  'ra.validation.authenticationUnknown': 'This authentication is not offered by the server',
  'ra.validation.unknownApiUser': 'One of the chosen API users does not exist',
  'ra.error.loadRestApi': 'The REST API was not found',
  'ra.error.loadApiUser': 'The API user was not found',
  'ra.restApiDelete.error': 'Something went wrong while deleting REST API. Please try again.',
  'ra.apiUserDelete.error': 'Something went wrong while deleting API user. Please try again.',
  'ra.tokenTaken': 'This API token is already in use. Please renew it.',
  'ra.copySuccess': 'API token copied to the clipboard',
  'ra.tokenCopyFailed': 'The API token could not be copied. Please select it and copy it by hand.',
  'ra.tokenRenewed':
    'A new API token is set. Save to make it the API user’s token; the old one then stops working.',
  'ra.tokenNew': 'The API token is made when you save.',
  'ra.tokenHidden': 'Only those who may edit API users see the API token.',
  'ra.rolesUnavailable': 'The roles could not be loaded.',
} as const;
