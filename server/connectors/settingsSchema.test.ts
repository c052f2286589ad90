import { describe, expect, it } from 'vitest';
import { credentialTypeOf } from './settingsSchema';
import type { SettingSchema } from './types';

// A kind's settings as JSON Schema become the contract's CredentialType fields (spec part 1 §3
// 'Connection': name, type, description, validation; issue 29 point 1: fields that bind secrets;
// issue 30 point 1: settings declared as JSON Schema with secret fields marked).
const rows: Array<[string, SettingSchema, boolean, Record<string, unknown>]> = [
  [
    'a secret is writeOnly with format password',
    { type: 'string', format: 'password', writeOnly: true },
    false,
    { Type: 'password' },
  ],
  ['format password alone is no secret', { type: 'string', format: 'password' }, false, { Type: 'string' }],
  [
    'a uri is a url',
    { type: 'string', format: 'uri', maxLength: 2000 },
    true,
    { Type: 'url', Validation: { Required: true, MaxLength: 2000 } },
  ],
  [
    'an integer is a number with its range',
    { type: 'integer', minimum: 1, maximum: 65535, default: 22 },
    true,
    { Type: 'number', Default: 22, Validation: { Required: true, Min: 1, Max: 65535 } },
  ],
  [
    'a boolean keeps its default and description',
    { type: 'boolean', default: false, description: 'TLS' },
    false,
    { Type: 'boolean', Default: false, Description: 'TLS' },
  ],
  [
    'x-binds-secrets and x-ignore-case',
    { type: 'string', 'x-binds-secrets': true, 'x-ignore-case': true },
    false,
    { Type: 'string', BindsSecrets: true, IgnoreCase: true },
  ],
  [
    'a pattern',
    { type: 'string', pattern: '^[a-z]*$' },
    false,
    { Type: 'string', Validation: { Pattern: '^[a-z]*$' } },
  ],
];

describe('credentialTypeOf (issue 30 point 1)', () => {
  it.each(rows)('%s', (_label, setting, required, expected) => {
    const type = credentialTypeOf({
      name: 'Kind',
      description: 'A kind.',
      settings: { type: 'object', properties: { Field: setting }, required: required ? ['Field'] : [] },
    });
    expect(type.Fields).toEqual([{ Name: 'Field', ...expected }]);
  });

  it('is testable exactly when the kind declares a test', () => {
    const settings = { type: 'object' as const, properties: {} };
    expect(credentialTypeOf({ name: 'A', description: '', settings }).Testable).toBe(false);
    expect(
      credentialTypeOf({
        name: 'B',
        description: '',
        settings,
        test: async () => ({ Success: true, Message: '' }),
      }).Testable,
    ).toBe(true);
  });
});
