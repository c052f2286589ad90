import { describe, expect, it } from 'vitest';
import type { components } from '../../../generated/uiservices';
import { SECRET_MASK } from './secretMask';
import { maskedSecretsNeedingReentry, type SettingValues, targetValue } from './secretReentry';

type CredentialType = components['schemas']['CredentialType'];

// The types as server/connectors/<kind>/index.ts declare them (spec part 1 §3 'Connection': fields
// with name, type, description, validation), with the fields that bind their secrets (issue 29 point 1).
const postgres: CredentialType = {
  Name: 'PostgreSQL',
  Fields: [
    { Name: 'Host', Type: 'string', BindsSecrets: true, IgnoreCase: true },
    { Name: 'Port', Type: 'number', Default: 5432, BindsSecrets: true },
    { Name: 'Database', Type: 'string', BindsSecrets: true },
    { Name: 'User', Type: 'string', BindsSecrets: true },
    { Name: 'Password', Type: 'password' },
    { Name: 'Ssl', Type: 'boolean', Default: false, BindsSecrets: true },
    { Name: 'Schemas', Type: 'string' },
  ],
};
const rest: CredentialType = {
  Name: 'REST API',
  Fields: [
    { Name: 'BaseUrl', Type: 'url', BindsSecrets: true },
    { Name: 'ApiKey', Type: 'password' },
  ],
};
const sftp: CredentialType = {
  Name: 'SFTP',
  Fields: [
    { Name: 'Host', Type: 'string', BindsSecrets: true, IgnoreCase: true },
    { Name: 'Port', Type: 'number', Default: 22, BindsSecrets: true },
    { Name: 'User', Type: 'string', BindsSecrets: true },
    { Name: 'Password', Type: 'password' },
  ],
};

const savedPostgres = {
  Host: 'db.example.com',
  Port: 5432,
  Database: 'crm',
  User: 'crm',
  Password: 'v1.sealed',
  Ssl: true,
  Schemas: 'public',
};
const savedRest = { BaseUrl: 'https://api.example.com/v1', ApiKey: 'v1.sealed' };
const savedSftp = { Host: 'files.example.com', Port: 22, User: 'drop', Password: 'v1.sealed' };

const masked = (settings: SettingValues, name = 'Password') => ({ ...settings, [name]: SECRET_MASK });

describe('maskedSecretsNeedingReentry (issue 29 point 1; spec part 1 §3 "Connection")', () => {
  it.each<[string, CredentialType, SettingValues, string | null, SettingValues | null, string[]]>([
    // The mask keeps the stored secret while the target is the same (issue 5).
    ['nothing changed', postgres, masked(savedPostgres), 'PostgreSQL', savedPostgres, []],
    [
      'only settings that say nothing about the target changed (Schemas)',
      postgres,
      masked({ ...savedPostgres, Schemas: 'crm, audit' }),
      'PostgreSQL',
      savedPostgres,
      [],
    ],
    [
      'the same target written differently: port as text, host in capitals, blanks around',
      postgres,
      masked({ ...savedPostgres, Host: ' DB.Example.COM ', Port: '5432', User: 'crm ' }),
      'PostgreSQL',
      savedPostgres,
      [],
    ],
    [
      'an empty port is the default one, as the driver reads it',
      postgres,
      masked({ ...savedPostgres, Port: null }),
      'PostgreSQL',
      savedPostgres,
      [],
    ],
    [
      'Ssl stored absent is the default (off), sent as false',
      postgres,
      masked({ ...savedPostgres, Ssl: false }),
      'PostgreSQL',
      { ...savedPostgres, Ssl: undefined },
      [],
    ],
    // Issue 29 point 1: a changed target needs the secret again.
    [
      'host changed',
      postgres,
      masked({ ...savedPostgres, Host: '127.0.0.2' }),
      'PostgreSQL',
      savedPostgres,
      ['/FlowCredential/Settings/Password Host'],
    ],
    [
      'port changed',
      postgres,
      masked({ ...savedPostgres, Port: 6543 }),
      'PostgreSQL',
      savedPostgres,
      ['/FlowCredential/Settings/Password Port'],
    ],
    [
      'database changed',
      postgres,
      masked({ ...savedPostgres, Database: 'other' }),
      'PostgreSQL',
      savedPostgres,
      ['/FlowCredential/Settings/Password Database'],
    ],
    [
      'user changed (user names keep their case)',
      postgres,
      masked({ ...savedPostgres, User: 'CRM' }),
      'PostgreSQL',
      savedPostgres,
      ['/FlowCredential/Settings/Password User'],
    ],
    [
      'TLS turned off: the secret would travel in clear',
      postgres,
      masked({ ...savedPostgres, Ssl: false }),
      'PostgreSQL',
      savedPostgres,
      ['/FlowCredential/Settings/Password Ssl'],
    ],
    [
      'host and port changed: both named',
      postgres,
      masked({ ...savedPostgres, Host: 'evil.example.net', Port: 5433 }),
      'PostgreSQL',
      savedPostgres,
      ['/FlowCredential/Settings/Password Host, Port'],
    ],
    [
      'the type changed: the secret would go over another protocol',
      sftp,
      masked(savedSftp),
      'PostgreSQL',
      savedSftp,
      ['/FlowCredential/Settings/Password Type'],
    ],
    [
      'REST API base URL on another host',
      rest,
      masked({ BaseUrl: 'https://api.example.com.evil.net/v1' }, 'ApiKey'),
      'REST API',
      savedRest,
      ['/FlowCredential/Settings/ApiKey BaseUrl'],
    ],
    [
      'REST API base URL with user info pointing elsewhere',
      rest,
      masked({ BaseUrl: 'https://api.example.com@evil.net/v1' }, 'ApiKey'),
      'REST API',
      savedRest,
      ['/FlowCredential/Settings/ApiKey BaseUrl'],
    ],
    [
      'REST API base URL the same, scheme and host in capitals',
      rest,
      masked({ BaseUrl: 'HTTPS://API.example.com/v1' }, 'ApiKey'),
      'REST API',
      savedRest,
      [],
    ],
    [
      'SFTP port changed',
      sftp,
      masked({ ...savedSftp, Port: 2222 }),
      'SFTP',
      savedSftp,
      ['/FlowCredential/Settings/Password Port'],
    ],
    [
      'SFTP user changed',
      sftp,
      masked({ ...savedSftp, User: 'root' }),
      'SFTP',
      savedSftp,
      ['/FlowCredential/Settings/Password User'],
    ],
    // What is no stored secret asks for nothing.
    [
      'a new connection: the mask stands for nothing (empty)',
      postgres,
      masked({ ...savedPostgres, Host: 'elsewhere' }),
      null,
      null,
      [],
    ],
    [
      'nothing stored for the secret',
      postgres,
      masked({ ...savedPostgres, Host: 'elsewhere' }),
      'PostgreSQL',
      { ...savedPostgres, Password: '' },
      [],
    ],
    [
      'a typed secret goes where it is typed for',
      postgres,
      { ...savedPostgres, Host: 'elsewhere', Password: 'typed' },
      'PostgreSQL',
      savedPostgres,
      [],
    ],
  ])('%s', (_case, type, incoming, storedType, stored, expected) => {
    const errors = maskedSecretsNeedingReentry(
      type,
      incoming,
      stored === null ? undefined : { Type: storedType, Settings: stored },
    );
    expect(errors.map((error) => `${error.path} ${error.params?.changed}`)).toEqual(expected);
    for (const error of errors) {
      expect(error.messageKey).toBe('cb.secretReentry');
      expect(error.message).toBe(
        `Enter ${error.params?.name} again: ${error.params?.changed} changed since it was saved`,
      );
    }
  });

  it('compares as the driver reads the value', () => {
    const [host, port, , , , ssl] = postgres.Fields;
    expect(targetValue(host!, '  Db.Example.com ')).toBe('db.example.com');
    expect(targetValue(port!, ' 5432 ')).toBe(5432);
    expect(targetValue(port!, '')).toBe(5432);
    expect(targetValue(port!, 'x')).toBe('x');
    expect(targetValue(ssl!, undefined)).toBe(false);
    expect(targetValue(ssl!, 'true')).toBe(false);
    expect(targetValue(rest.Fields[0]!, 'https://API.example.com:443/v1')).toBe('https://api.example.com/v1');
  });
});
