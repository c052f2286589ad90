import { describe, expect, it } from 'vitest';
import { form as roleForm } from '../../../generated/forms/Role';
import { runValidation } from '../../engine/form/runValidation';
import { userForm } from './UserDrawer';

const SELF = '6b1f8a3e-0f3f-4a55-9a57-0c7d2f1b9a01';
const OTHER = '6b1f8a3e-0f3f-4a55-9a57-0c7d2f1b9a02';
const form = userForm({ seeAdminStatus: true, isNew: false });

describe('user rules (spec part 1 §5 "API user, role, user": e-mail required, valid and unique)', () => {
  const user = (overrides: Record<string, unknown> = {}) => ({
    Guid: SELF,
    Email: 'rita@example.com',
    Roles: [],
    ...overrides,
  });
  const context = { peers: { users: [{ id: OTHER, name: 'admin@example.com' }] } };
  it.each([
    ['a valid user passes', {}, []],
    ['§5 e-mail required', { Email: '' }, ['/Email user.emailError']],
    ['§5 e-mail valid', { Email: 'rita at example' }, ['/Email user.emailError']],
    ['§5 e-mail unique, ignoring case', { Email: 'ADMIN@example.com' }, ['/Email user.emailError']],
    ['§3 gender is M, F or U', { GenderCode: 'X' }, ['/GenderCode chooseValue']],
  ])('%s', (_rule, overrides, expected) => {
    expect(
      runValidation(form, user(overrides), context).map((error) => `${error.path} ${error.messageKey}`),
    ).toEqual(expected);
  });

  it('§3 gender reads male, female, unknown', () => {
    expect(form.uiSchema.GenderCode).toMatchObject({ 'ui:enumNames': ['male', 'female', 'unknown'] });
  });

  it.each([
    ['§6 the admin flag shows with See Admin Status', true, false, undefined],
    ['§6 the admin flag is hidden without See Admin Status', false, false, 'hidden'],
  ])('%s', (_rule, seeAdminStatus, isNew, widget) => {
    const shown = userForm({ seeAdminStatus, isNew });
    expect((shown.uiSchema.IsAdmin as Record<string, unknown> | undefined)?.['ui:widget']).toBe(widget);
  });

  it('issue 29 point 2: a new address waiting for its confirmation shows under the e-mail, beside the current one', () => {
    const email = (shown: ReturnType<typeof userForm>) => shown.uiSchema.Email as Record<string, unknown>;
    const shown = userForm({
      seeAdminStatus: true,
      isNew: false,
      pending: { email: 'rita.new@example.com', current: 'rita@example.com' },
    });
    expect(email(shown)).toEqual({
      'ui:title': 'E-mail',
      'ui:help':
        'Waiting for rita.new@example.com to confirm the change; until then the user signs in with rita@example.com',
    });
    expect(email(form)['ui:help']).toBeUndefined();
    // The address itself is not a field of the form.
    expect(shown.uiSchema.PendingEmail).toEqual({ 'ui:widget': 'hidden' });
  });
});

describe('role rules (spec part 1 §5 "API user, role, user": name required and unique)', () => {
  const role = (overrides: Record<string, unknown> = {}) => ({
    Guid: 7,
    Name: 'Readers',
    Permissions: {},
    ...overrides,
  });
  const context = { peers: { roles: [{ id: 3, name: 'Builders' }] } };
  it.each([
    ['a valid role passes', {}, []],
    ['§5 name required', { Name: '' }, ['/Name role.nameError']],
    ['§5 name required: blanks are not a name', { Name: '  ' }, ['/Name role.nameError']],
    ['§5 name unique, ignoring case', { Name: 'BUILDERS' }, ['/Name role.nameError']],
    ['§5 the role itself is no clash', { Guid: 3, Name: 'builders' }, []],
  ])('%s', (_rule, overrides, expected) => {
    expect(
      runValidation(roleForm, role(overrides), context).map((error) => `${error.path} ${error.messageKey}`),
    ).toEqual(expected);
  });
});
