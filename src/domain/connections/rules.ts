import type { components } from '../../../generated/uiservices';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';
import { httpOperationRules } from './httpOperationRules';
import { maskedSecretsNeedingReentry } from './secretReentry';

type Connection = components['schemas']['Connection'];
type CredentialType = components['schemas']['CredentialType'];
type CredentialField = CredentialType['Fields'][number];
type SettingValue = string | number | boolean | null | undefined;

const error = (path: string, messageKey: string, params?: Record<string, string | number>): FieldError => ({
  path,
  messageKey,
  message: t(messageKey, params),
  ...(params ? { params } : {}),
});

const isEmpty = (value: SettingValue) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const settingPath = (field: CredentialField) => `/FlowCredential/Settings/${field.Name}`;

/** The first rule a credential setting breaks, as an error at its path, or null. */
export function settingError(field: CredentialField, value: SettingValue): FieldError | null {
  const path = settingPath(field);
  const rules = field.Validation ?? {};
  const label = { name: field.Name };
  if (isEmpty(value)) return rules.Required ? error(path, 'cb.validation.settingEmpty', label) : null;
  if (field.Type === 'number') {
    const number = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isInteger(number)) return error(path, 'enterInteger');
    if (typeof rules.Min === 'number' && number < rules.Min)
      return error(path, 'enterIntegerWithMin', { limit: rules.Min });
    if (typeof rules.Max === 'number' && number > rules.Max)
      return error(path, 'enterIntegerWithMax', { limit: rules.Max });
    return null;
  }
  if (field.Type === 'boolean') return typeof value === 'boolean' ? null : error(path, 'typeError.boolean');
  const text = String(value);
  if (field.Type === 'url' && !/^https?:\/\/[^\s/]+/i.test(text))
    return error(path, 'cb.validation.settingUrl');
  if (typeof rules.MaxLength === 'number' && text.length > rules.MaxLength)
    return error(path, 'cb.validation.settingTooLong', { ...label, limit: rules.MaxLength });
  if (typeof rules.Pattern === 'string' && !new RegExp(rules.Pattern).test(text))
    return error(path, 'cb.validation.settingInvalid', label);
  return null;
}

/**
 * Rules of a connection the schema cannot say (spec part 1 §5 'Connection'): the type is one of the
 * credential types, and the credential settings fit the type's field list (name, type, validation; part 1
 * §3). Without the credential types (not loaded yet) only what needs none is checked. Given the connection
 * as stored, a masked secret whose target changed must be typed again (issue 29 point 1; the server
 * refuses it too, server/connections/secrets.ts). A type whose connections declare HTTP operations has
 * their rules too (./httpOperationRules.ts).
 */
export function connectionRules(
  connection: Connection,
  credentialTypes: readonly CredentialType[] | undefined,
  stored?: Connection | null,
): FieldError[] {
  if (!credentialTypes || !connection.Type) return [];
  const type = credentialTypes.find((entry) => entry.Name === connection.Type);
  if (!type) return [error('/Type', 'cb.validation.typeUnknown')];
  const settings = connection.FlowCredential?.Settings ?? {};
  return [
    ...type.Fields.flatMap((field) => settingError(field, settings[field.Name]) ?? []),
    ...(type.DeclaresOperations ? httpOperationRules(connection.Operations) : []),
    ...maskedSecretsNeedingReentry(
      type,
      settings,
      stored ? { Type: stored.Type, Settings: stored.FlowCredential?.Settings } : undefined,
    ),
  ];
}
