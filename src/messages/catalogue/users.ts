/** User management and API user drawer texts (spec part 1 §8 'Builders'). */
export const users = {
  // ── Drawer messages (spec part 1 §8 "Builders") ──
  'user.emailError': 'Please enter a valid, unique email address',
  'user.unknownRole': 'One of the chosen roles does not exist',
  'user.cannotDeleteSelf': 'You cannot delete your own account',
  'role.nameError': 'Please enter a unique role name',
  'ra.apiUserNameError': 'Please enter a unique username',
  'validation.bidiControl': 'Text direction characters (U+202A–U+202E, U+2066–U+2069) are not allowed here',

  // ── Who may change whom (issue 29 point 2) ──
  'user.adminOnly': 'Only an administrator may change, delete or reset an administrator',
  'user.ownRoles': 'You cannot change your own roles',
  'role.heldRole': 'You cannot change or delete a role you hold',
  'role.beyondOwn': 'You can grant only permissions you hold yourself: {permissions}',

  // ── What a role may hold (issue 33 point 3; spec part 1 §6, part 2 §6) ──
  'role.unknownArea': 'There is no permission area {area}',
  'role.actionNotInArea': '{label} ({area}) has no action {action}',
  'role.actionNotAssignable': '{action} is not given on its own in {label} ({area}): {by} switches it on',
  'user.emailPending':
    'Waiting for {email} to confirm the change; until then the user signs in with {current}',
  'user.emailConfirmationSent':
    'User saved. The new e-mail address takes effect once {email} confirms it with the link mailed there.',
  'api.revisionRequired': 'Reload the item and save again: the save did not say which version it changes',

  // ── Delete failures (spec part 1 §8 "Builders") ──
  'user.userDelete.error': 'Something went wrong while deleting user. Please try again.',
  'user.roleDelete.error': 'Something went wrong while deleting role. Please try again.',

  // ── Reset two-factor (spec part 1 §4) ──
  'user.resetTwoFactorTitle': 'Reset two-factor authentication?',
  'user.resetTwoFactorBody':
    '{name} must enrol an authenticator app again at the next sign-in. Their current sessions end now.',
  'user.resetTwoFactorConfirm': 'Reset two-factor',
  'user.resetTwoFactorDone': 'Two-factor authentication is reset for {name}',

  // ── Notices and states of the user management screens ──
  'user.created': 'User created. A welcome e-mail with a link to set a password is on its way.',
  'role.impliedBy': 'Switched on by {actions}',
  'role.noAreas': 'No modules are enabled, so there are no permissions to assign.',
  'role.modulesError': 'The enabled modules could not be loaded, so the permissions cannot be shown.',
} as const;
