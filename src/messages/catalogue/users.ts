/** User management and API user drawer texts (spec part 1 §8 'Builders'). */
export const users = {
  // ── Drawer messages (spec part 1 §8 "Builders") ──
  'user.emailError': 'Please enter a valid, unique email address',
  'user.unknownRole': 'One of the chosen roles does not exist',
  'user.cannotDeleteSelf': 'You cannot delete your own account',
  'role.nameError': 'Please enter a unique role name',
  'ra.apiUserNameError': 'Please enter a unique username',
} as const;
