import type { ConnectorKind, CredentialType, SettingSchema } from './types';

type Field = CredentialType['Fields'][number];

const fieldType = (setting: SettingSchema): Field['Type'] => {
  if (setting.writeOnly && setting.format === 'password') return 'password';
  if (setting.format === 'uri') return 'url';
  if (setting.type === 'integer' || setting.type === 'number') return 'number';
  return setting.type;
};

function validationOf(setting: SettingSchema, required: boolean): Field['Validation'] | undefined {
  const validation: NonNullable<Field['Validation']> = {
    ...(required ? { Required: true } : {}),
    ...(setting.minimum !== undefined ? { Min: setting.minimum } : {}),
    ...(setting.maximum !== undefined ? { Max: setting.maximum } : {}),
    ...(setting.maxLength !== undefined ? { MaxLength: setting.maxLength } : {}),
    ...(setting.pattern !== undefined ? { Pattern: setting.pattern } : {}),
  };
  return Object.keys(validation).length > 0 ? validation : undefined;
}

/**
 * A kind as Connection.CredentialTypes answers it (spec part 1 §3 'Connection': name and fields with
 * name, type, description, validation), derived from its settings' JSON Schema so the console's form, the
 * rules of src/domain/connections/ and the secrets module read the one declaration.
 */
export function credentialTypeOf(kind: ConnectorKind): CredentialType {
  const required = new Set(kind.settings.required ?? []);
  return {
    Name: kind.name,
    Description: kind.description,
    Testable: kind.test !== undefined,
    ...(kind.declaresOperations ? { DeclaresOperations: true } : {}),
    Fields: Object.entries(kind.settings.properties).map(([name, setting]) => {
      const validation = validationOf(setting, required.has(name));
      return {
        Name: name,
        Type: fieldType(setting),
        ...(setting.description !== undefined ? { Description: setting.description } : {}),
        ...(setting.default !== undefined ? { Default: setting.default } : {}),
        ...(validation ? { Validation: validation } : {}),
        ...(setting['x-binds-secrets'] ? { BindsSecrets: true } : {}),
        ...(setting['x-ignore-case'] ? { IgnoreCase: true } : {}),
      };
    }),
  };
}
