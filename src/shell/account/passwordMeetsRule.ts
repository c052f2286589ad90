import validateNewPassword from '../../../generated/validators/NewPassword';

/**
 * The password rule of spec part 1 §5 'Account' (8+ characters, lower, upper, digit, one of !@#$%^&*),
 * checked with the same compiled schema the server uses.
 */
export function passwordMeetsRule(password: string): boolean {
  return validateNewPassword(password);
}
