/**
 * The one English message catalogue (spec part 1 §8, part 2 §8, and the keys of part 1 §5 / part 2 §5).
 * Keys are exactly the spec's where it names one; where it names a key but not its wording, the wording
 * here is ours, in the same voice. `{name}` placeholders are filled by `t()`.
 */
export const en = {
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
  'api.forbidden': 'You do not have permission to perform this action',
  'api.notImplemented': 'This call is not available on this server yet',
  'api.levelTwoRequired': 'Please complete two-factor authentication first',

  // ── Login (spec part 1 §5 "Account", §8 "Account") ──
  'login.title': 'Sign in',
  'login.twoFATitle': 'Two-factor authentication',
  'login.notification': 'The email address and password do not match',
  'login.twoFANotification': 'The two factor authentication code is incorrect',
  'login.noEmail': 'Please enter your email address',
  'login.invalidEmail': 'Please enter a valid email address',
  'login.noPassword': 'Please enter your password',
  'login.noTwoFA': 'Please enter the two factor authentication code',
  'login.invalidTwoFA': 'The code has exactly 6 digits',
  'login.success': 'You are signed in',
  'login.locked': 'Too many failed attempts. Please wait {seconds} seconds and try again.',
  'login.enrolIntro':
    'Scan this QR code with your authenticator app, or type the code below, then enter the 6-digit code it shows.',
  'login.qrError': 'The QR code could not be loaded',
  noEmail: 'Please enter your email address',
  noValidEmail: 'Please enter a valid email address',

  // ── Request / reset / change password (spec part 1 §5, §8) ──
  'requestNewPassword.notification': 'The email address does not exist',
  'requestNewPassword.success': 'Check your email to reset your password',
  'resetPassword.notification': 'An error occured, please try again or contact your admin',
  'resetPassword.success': 'Your password has been reset. You can sign in now.',
  'resetPassword.keyExpired': 'This reset link has expired or was already used. Please request a new one.',
  'changePassword.notification': 'An error occured, please try again or contact your admin',
  'changePassword.success': 'Your password has been changed',
  'changePassword.wrongCurrent': 'The current password is not correct',
  passwordNoMatchRequirements: 'Your password does not match the requirements',
  passwordRequirements:
    'At least 8 characters with a lowercase letter, an uppercase letter, a digit and one of !@#$%^&*',
  noNewPassword: 'Please enter a new password',
  noConfirmPassword: 'Please confirm the new password',
  passwordNoMatch: "Passwords don't match",
  noCurrentPassword: 'Please enter your current password',
  'logout.success': 'You are signed out',
  'logout.inactivity': 'You were signed out after a period of inactivity',

  // ── Field inputs (spec part 1 §5 'Metadata document', part 2 §8 'Field messages') ──
  enterValue: 'Please enter a value',
  chooseValue: 'Please choose a value',
  enterInteger: 'Please enter a whole number',
  enterIntegerWithMin: 'Please enter a whole number of at least {limit}',
  enterIntegerWithMax: 'Please enter a whole number of at most {limit}',
  fieldTypeError: 'Please select a field type',

  // ── Drawer messages (spec part 1 §8 "Builders") ──
  'user.emailError': 'Please enter a valid, unique email address',
  'user.unknownRole': 'One of the chosen roles does not exist',
  'user.cannotDeleteSelf': 'You cannot delete your own account',
  'role.nameError': 'Please enter a unique role name',
  'ra.apiUserNameError': 'Please enter a unique username',

  // ── Not found (spec part 1 §8, part 2 §8) ──
  'notFound.user': 'The user was not found',
  'notFound.role': 'The role was not found',
  'notFound.item': 'The item was not found',
  'notFound.module': 'The module was not found',
  'notFound.list': 'The list was not found',
  'notFound.setting': 'The setting was not found',
} as const;

export type MessageKey = keyof typeof en;
