import { describe, expect, it } from 'vitest';
import { form as apiUserForm } from '../../../generated/forms/ApiUser';
import { form as restApiForm } from '../../../generated/forms/RestApi';
import { runValidation } from '../../engine/form/runValidation';
import { unofferedChoices } from './restApiChecks';

const SELF = '6b1f8a3e-0f3f-4a55-9a57-0c7d2f1b9a01';
const OTHER = '6b1f8a3e-0f3f-4a55-9a57-0c7d2f1b9a02';

const restApi = (overrides: Record<string, unknown> = {}) => ({
  Guid: SELF,
  Name: 'orders_api',
  ReturnType: 'Json',
  ApiAuthentication: 'ApiToken',
  Users: [],
  Settings: [],
  ...overrides,
});
const peers = { peers: { restApis: [{ id: OTHER, name: 'Customers' }] } };
const keysOf = (value: unknown, context = peers) =>
  runValidation(restApiForm, value, context).map((error) => `${error.path} ${error.messageKey}`);

describe('REST API rules (spec part 1 §5 "REST API", "Names in general")', () => {
  it.each([
    ['a valid REST API passes', {}, []],
    ['§5 names: must not be empty', { Name: '' }, ['/Name ra.validation.nameEmpty']],
    ['§5 names: at least 2 characters', { Name: 'a' }, ['/Name ra.validation.nameIsShort']],
    ['§5 names: no spaces', { Name: 'my api' }, ['/Name ra.validation.nameContainsSpace']],
    [
      '§5 names: unique among peers, ignoring case',
      { Name: 'CUSTOMERS' },
      ['/Name ra.validation.nameNotUnique'],
    ],
    ['§5 REST API: return type required', { ReturnType: '' }, ['/ReturnType ra.validation.returnTypeEmpty']],
    [
      '§5 REST API: authentication required',
      { ApiAuthentication: undefined },
      ['/ApiAuthentication ra.validation.authenticationEmpty'],
    ],
    [
      'settings keys are unique, ignoring case',
      { Settings: [{ Key: 'Timeout' }, { Key: 'TIMEOUT' }] },
      ['/Settings/1/Key ra.validation.settingKeyNotUnique'],
    ],
    [
      'a setting needs a key',
      { Settings: [{ Key: '', Value: '1' }] },
      ['/Settings/0/Key ra.validation.settingKeyEmpty'],
    ],
  ])('%s', (_rule, overrides, expected) => {
    expect(keysOf(restApi(overrides))).toEqual(expected);
  });

  it('§5 names: the item itself is no clash (peers exclude the item)', () => {
    expect(
      keysOf(restApi({ Name: 'Orders_API' }), { peers: { restApis: [{ id: SELF, name: 'orders_api' }] } }),
    ).toEqual([]);
  });

  const offered = {
    returnTypes: [{ Key: 'Json' }, { Key: 'Xml' }],
    authentications: [{ Key: 'ApiToken' }, { Key: 'Basic' }],
  };
  it.each([
    ['§5 REST API: both offered', { ReturnType: 'Xml', ApiAuthentication: 'Basic' }, []],
    [
      '§5 REST API: a return type the server does not offer',
      { ReturnType: 'Csv', ApiAuthentication: 'Basic' },
      ['/ReturnType ra.validation.returnTypeUnknown'],
    ],
    [
      '§5 REST API: an authentication the server does not offer',
      { ReturnType: 'Json', ApiAuthentication: 'Kerberos' },
      ['/ApiAuthentication ra.validation.authenticationUnknown'],
    ],
    ['empty choices are the schema’s errors, not repeated', { ReturnType: '', ApiAuthentication: '' }, []],
  ])('%s', (_rule, api, expected) => {
    expect(unofferedChoices(api, offered).map((error) => `${error.path} ${error.messageKey}`)).toEqual(
      expected,
    );
  });
});

describe('API user rules (spec part 1 §5 "API user, role, user")', () => {
  const user = (overrides: Record<string, unknown> = {}) => ({
    Guid: SELF,
    Username: 'erp-sync',
    Roles: [],
    ...overrides,
  });
  const context = { peers: { apiUsers: [{ id: OTHER, name: 'Importer' }] } };
  it.each([
    ['a valid API user passes', {}, []],
    ['§5 username required', { Username: '' }, ['/Username ra.apiUserNameError']],
    ['§5 username required: blanks are not a name', { Username: '   ' }, ['/Username ra.apiUserNameError']],
    ['§5 username unique, ignoring case', { Username: 'IMPORTER' }, ['/Username ra.apiUserNameError']],
    ['§3 the token is a guid', { ApiToken: 'not-a-guid' }, ['/ApiToken typeError.guid']],
  ])('%s', (_rule, overrides, expected) => {
    expect(
      runValidation(apiUserForm, user(overrides), context).map(
        (error) => `${error.path} ${error.messageKey}`,
      ),
    ).toEqual(expected);
  });
});
