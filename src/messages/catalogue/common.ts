/** Texts every screen may show: generic and API errors (spec part 1 §8, part 2 §8), not-found texts. */
export const common = {
  // ── Generic (spec part 1 §8, part 2 §8) ──
  'generic.error': 'Something went wrong, please try again',
  'generic.updateError': 'Something went wrong while updating. Please try again.',

  // ── API errors (spec part 1 §8 "API errors") ──
  'api.badRequest': 'Bad request, please try again',
  'api.notFound': 'Action not found on server',
  'api.internal': 'Internal server error occured, please try again',
  'api.server': 'Error occured on the server, please try again',
  'api.other': 'An error occured, please try again',
  'api.unauthorized': 'Please login to perform this action',
  'api.conflict': 'Someone else saved this item after you opened it.',
  'api.tooManyRequests': 'Too many attempts. Please wait {seconds} seconds and try again.',
  'api.invalidBody': 'The request could not be read. Please check the data you entered.',
  'api.validation': 'Some fields are not valid. Please check them and try again.',
  'api.tooDeep': 'The request nests its data more than {limit} levels deep.',
  'api.forbidden': 'You do not have permission to perform this action',
  'api.notImplemented': 'This call is not available on this server yet',

  // ── Not found (spec part 1 §8, part 2 §8) ──
  'notFound.user': 'The user was not found',
  'notFound.role': 'The role was not found',
  'notFound.item': 'The item was not found',
  'notFound.module': 'The module was not found',
  'notFound.list': 'The list was not found',
  'notFound.setting': 'The setting was not found',

  // ── Items of a plain kind without texts of their own (src/domain/plainItems.ts) ──
  'item.nameTaken': 'Another item already has this name',
} as const;
