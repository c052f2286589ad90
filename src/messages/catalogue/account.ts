/** Sign-in, passwords and logout (spec part 1 §5 'Account', §8 'Account'). */
export const account = {
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
} as const;
