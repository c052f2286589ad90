import type { Schemas } from '../contract/types';
import { INTERNAL_TYPE } from './connectionKind';

export type CredentialType = Schemas['CredentialType'];

/** How the server reaches a connection of a type: its own database, a PostgreSQL server, or not at all. */
export type Driver = 'internal' | 'postgres' | 'none';

/**
 * The credential types the server offers (spec part 1 §3 'Connection': credential type list items with
 * name and fields of name, type, description, validation; §5: a connection's type is one of them). Fields
 * of type password are secrets: encrypted at rest and answered masked. Fields with BindsSecrets say where
 * the secrets go: while they keep their stored values the mask stands for the stored secret; once one
 * changes, the secret must be typed again (issue 29 point 1, src/domain/connections/secretReentry.ts).
 */
export const credentialTypes: ReadonlyArray<CredentialType & { driver: Driver }> = [
  {
    Name: INTERNAL_TYPE,
    Description: 'The server’s own database; the demo schema holds the stored procedures.',
    Testable: true,
    driver: 'internal',
    Fields: [],
  },
  {
    Name: 'PostgreSQL',
    Description: 'A PostgreSQL server reached over the network.',
    Testable: true,
    driver: 'postgres',
    Fields: [
      {
        Name: 'Host',
        Type: 'string',
        Description: 'Host name or address.',
        Validation: { Required: true, MaxLength: 255 },
        BindsSecrets: true,
        IgnoreCase: true,
      },
      {
        Name: 'Port',
        Type: 'number',
        Default: 5432,
        Validation: { Required: true, Min: 1, Max: 65535 },
        BindsSecrets: true,
      },
      { Name: 'Database', Type: 'string', Validation: { Required: true, MaxLength: 63 }, BindsSecrets: true },
      { Name: 'User', Type: 'string', Validation: { Required: true, MaxLength: 63 }, BindsSecrets: true },
      { Name: 'Password', Type: 'password' },
      // Binds the password too: turning TLS off sends it in clear to whoever is on the path (the server
      // answers AuthenticationCleartextPassword and gets it as typed).
      { Name: 'Ssl', Type: 'boolean', Description: 'Connect with TLS.', Default: false, BindsSecrets: true },
      {
        Name: 'Schemas',
        Type: 'string',
        Description:
          'Schemas whose functions and procedures the Method Builder offers, comma separated; empty for all.',
        Validation: { MaxLength: 500, Pattern: '^[A-Za-z0-9_, ]*$' },
      },
    ],
  },
  {
    Name: 'REST API',
    Description: 'An HTTP service with an API key.',
    Testable: false,
    driver: 'none',
    Fields: [
      {
        Name: 'BaseUrl',
        Type: 'url',
        Description: 'e.g. https://api.example.com/v1',
        Validation: { Required: true, MaxLength: 2000 },
        BindsSecrets: true,
      },
      { Name: 'ApiKey', Type: 'password', Validation: { Required: true } },
    ],
  },
  {
    Name: 'SFTP',
    Description: 'A file server reached over SSH.',
    Testable: false,
    driver: 'none',
    Fields: [
      {
        Name: 'Host',
        Type: 'string',
        Validation: { Required: true, MaxLength: 255 },
        BindsSecrets: true,
        IgnoreCase: true,
      },
      {
        Name: 'Port',
        Type: 'number',
        Default: 22,
        Validation: { Required: true, Min: 1, Max: 65535 },
        BindsSecrets: true,
      },
      { Name: 'User', Type: 'string', Validation: { Required: true }, BindsSecrets: true },
      { Name: 'Password', Type: 'password' },
    ],
  },
];

export function credentialType(name: string | undefined) {
  return credentialTypes.find((type) => type.Name === name);
}

/** The types as the CredentialTypes call answers them (without the server's driver). */
export const publicCredentialTypes = (): CredentialType[] =>
  credentialTypes.map(({ driver: _driver, ...type }) => type);
