import { describe, expect, it } from 'vitest';
import { type NewPasswordForm, newPasswordError } from './newPasswordError';

const good = 'Better!2345';
const row = (name: string, form: NewPasswordForm, expected: string | null, spec: string) => ({
  name,
  form,
  expected,
  spec,
});

describe('password checks, in order (spec part 1 §5 "Account")', () => {
  it.each([
    row(
      'all empty',
      { newPassword: '', confirm: '', currentPassword: '' },
      'newPassword noNewPassword',
      'spec part 1 §5: 1. new password present',
    ),
    row(
      'weak, unconfirmed',
      { newPassword: 'weak', confirm: '', currentPassword: '' },
      'newPassword passwordNoMatchRequirements',
      'spec part 1 §5: 2. meets the rule',
    ),
    row(
      '7 characters',
      { newPassword: 'Aa1!aaa', confirm: 'Aa1!aaa', currentPassword: 'x' },
      'newPassword passwordNoMatchRequirements',
      'spec part 1 §9: minimum password length 8',
    ),
    row(
      'no special character',
      { newPassword: 'Abcdefg1', confirm: 'Abcdefg1', currentPassword: 'x' },
      'newPassword passwordNoMatchRequirements',
      'spec part 1 §5: one of !@#$%^&*',
    ),
    row(
      'no uppercase',
      { newPassword: 'better!2345', confirm: 'better!2345', currentPassword: 'x' },
      'newPassword passwordNoMatchRequirements',
      'spec part 1 §5: one uppercase letter',
    ),
    row(
      'no lowercase',
      { newPassword: 'BETTER!2345', confirm: 'BETTER!2345', currentPassword: 'x' },
      'newPassword passwordNoMatchRequirements',
      'spec part 1 §5: one lowercase letter',
    ),
    row(
      'no digit',
      { newPassword: 'Better!abc', confirm: 'Better!abc', currentPassword: 'x' },
      'newPassword passwordNoMatchRequirements',
      'spec part 1 §5: one digit',
    ),
    row(
      'good, unconfirmed, no current',
      { newPassword: good, confirm: '', currentPassword: '' },
      'confirm noConfirmPassword',
      'spec part 1 §5: 3. confirmation present',
    ),
    row(
      'confirmation differs, no current',
      { newPassword: good, confirm: 'Better!2346', currentPassword: '' },
      'confirm passwordNoMatch',
      'spec part 1 §5: 4. confirmation equal',
    ),
    row(
      'confirmed, no current',
      { newPassword: good, confirm: good, currentPassword: '' },
      'currentPassword noCurrentPassword',
      'spec part 1 §5: 5. current password present',
    ),
    row(
      'all fine',
      { newPassword: good, confirm: good, currentPassword: 'Admin!2345' },
      null,
      'spec part 1 §5',
    ),
    row(
      'reset: no current password asked',
      { newPassword: good, confirm: good },
      null,
      "spec part 1 §3 'Login forms'",
    ),
    row(
      'exactly 8 characters',
      { newPassword: 'Aa1!aaaa', confirm: 'Aa1!aaaa' },
      null,
      'spec part 1 §9: minimum password length 8',
    ),
  ])('$name → $expected ($spec)', ({ form, expected }) => {
    const error = newPasswordError(form);
    expect(error ? `${error.field} ${error.key}` : null).toBe(expected);
  });
});
