import validateTwoFA from '../../../generated/validators/TwoFACode';
import { t } from '../../messages/t';
import { validateWith } from '../../validation/validateWith';

/** The prompt for a two-factor code: required, then exactly 6 digits (spec part 1 §5 'Account'); undefined when fine. */
export function twoFACodeError(code: string): string | undefined {
  if (code === '') return t('login.noTwoFA');
  return validateWith(validateTwoFA, code)['']?.message;
}
