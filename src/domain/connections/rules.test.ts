import { describe, expect, it } from 'vitest';
import type { components } from '../../../generated/uiservices';
import { connectionRules, settingError } from './rules';

type CredentialType = components['schemas']['CredentialType'];
type Connection = components['schemas']['Connection'];

const postgres: CredentialType = {
  Name: 'PostgreSQL',
  Testable: true,
  Fields: [
    { Name: 'Host', Type: 'string', Validation: { Required: true, MaxLength: 255 } },
    { Name: 'Port', Type: 'number', Validation: { Required: true, Min: 1, Max: 65535 } },
    { Name: 'Password', Type: 'password' },
    { Name: 'Ssl', Type: 'boolean' },
  ],
};
const rest: CredentialType = {
  Name: 'REST API',
  Fields: [
    { Name: 'BaseUrl', Type: 'url', Validation: { Required: true } },
    { Name: 'ApiKey', Type: 'password', Validation: { Required: true, Pattern: '^\\S+$' } },
  ],
};
const types = [postgres, rest, { Name: 'Internal PostgreSQL', Fields: [] }];

const connection = (
  type: string,
  settings: Record<string, string | number | boolean | null>,
): Connection => ({
  FlowConnectionGuid: '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d',
  Name: 'crm',
  Type: type,
  FlowCredential: { Type: type, Settings: settings },
});

describe('connectionRules (spec part 1 §5 "Connection", §3 "Connection")', () => {
  it.each<[string, Connection, string[], string]>([
    [
      'known type, valid settings',
      connection('PostgreSQL', { Host: 'db', Port: 5432 }),
      [],
      '§3 credential fields',
    ],
    [
      'unknown type',
      connection('Oracle', {}),
      ['/Type cb.validation.typeUnknown'],
      '§5 type is one of the credential types',
    ],
    ['type without fields', connection('Internal PostgreSQL', {}), [], '§3 credential type list items'],
    [
      'required settings missing',
      connection('PostgreSQL', { Host: ' ' }),
      [
        '/FlowCredential/Settings/Host cb.validation.settingEmpty',
        '/FlowCredential/Settings/Port cb.validation.settingEmpty',
      ],
      '§3 field validation: required',
    ],
    [
      'port not a whole number',
      connection('PostgreSQL', { Host: 'db', Port: 'x' }),
      ['/FlowCredential/Settings/Port enterInteger'],
      '§5 enterInteger',
    ],
    [
      'port below its minimum',
      connection('PostgreSQL', { Host: 'db', Port: 0 }),
      ['/FlowCredential/Settings/Port enterIntegerWithMin'],
      '§5 enterIntegerWithMin',
    ],
    [
      'port above its maximum',
      connection('PostgreSQL', { Host: 'db', Port: 70000 }),
      ['/FlowCredential/Settings/Port enterIntegerWithMax'],
      '§5 enterIntegerWithMax',
    ],
    [
      'host too long',
      connection('PostgreSQL', { Host: 'h'.repeat(256), Port: 1 }),
      ['/FlowCredential/Settings/Host cb.validation.settingTooLong'],
      '§3 field validation',
    ],
    [
      'boolean setting not a boolean',
      connection('PostgreSQL', { Host: 'db', Port: 1, Ssl: 'yes' }),
      ['/FlowCredential/Settings/Ssl typeError.boolean'],
      '§5 boolean must be boolean',
    ],
    [
      'url setting not a url',
      connection('REST API', { BaseUrl: 'ftp://x', ApiKey: 'k' }),
      ['/FlowCredential/Settings/BaseUrl cb.validation.settingUrl'],
      '§3 field validation',
    ],
    [
      'pattern broken',
      connection('REST API', { BaseUrl: 'https://api.example.com', ApiKey: 'a b' }),
      ['/FlowCredential/Settings/ApiKey cb.validation.settingInvalid'],
      '§3 field validation',
    ],
    [
      'masked secret counts as set',
      connection('REST API', { BaseUrl: 'https://api.example.com', ApiKey: '••••••••' }),
      [],
      'issue 5: secrets come back masked',
    ],
  ])('%s', (_case, value, expected) => {
    expect(connectionRules(value, types).map((entry) => `${entry.path} ${entry.messageKey}`)).toEqual(
      expected,
    );
  });

  it('asks for a masked secret again once the stored connection’s target changed (issue 29 point 1)', () => {
    const withBinding: CredentialType = {
      ...postgres,
      Fields: postgres.Fields.map((field) =>
        field.Name === 'Host' || field.Name === 'Port' ? { ...field, BindsSecrets: true } : field,
      ),
    };
    const stored = connection('PostgreSQL', { Host: 'db', Port: 5432, Password: '••••••••' });
    const keys = (value: Connection, original: Connection | null) =>
      connectionRules(value, [withBinding], original).map((entry) => `${entry.path} ${entry.messageKey}`);
    const moved = connection('PostgreSQL', { Host: '127.0.0.2', Port: 5432, Password: '••••••••' });
    expect(keys(moved, stored)).toEqual(['/FlowCredential/Settings/Password cb.secretReentry']);
    expect(keys(stored, stored)).toEqual([]);
    // A new connection has nothing stored: its mask is no secret, and nothing to ask for.
    expect(keys(moved, null)).toEqual([]);
  });

  it('checks nothing that needs the credential types before they are loaded', () => {
    expect(connectionRules(connection('Oracle', {}), undefined)).toEqual([]);
  });

  it('gives the limit to the message (part 1 §5 "Integer inputs can carry min or max")', () => {
    expect(settingError(postgres.Fields[1]!, 0)?.message).toBe('Please enter a whole number of at least 1');
    expect(settingError(postgres.Fields[0]!, '')?.message).toBe('Please enter Host');
  });
});
