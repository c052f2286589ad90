import type { components } from '../../../generated/uiservices';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';
import { SECRET_MASK } from './secretMask';

type CredentialType = components['schemas']['CredentialType'];
type CredentialField = CredentialType['Fields'][number];
type SettingValue = string | number | boolean | null | undefined;
export type SettingValues = Readonly<Record<string, SettingValue>>;

/** A connection's credential as stored (or as the console loaded it: secrets masked, the rest as stored). */
export interface StoredCredential {
  Type?: string | null | undefined;
  Settings?: SettingValues | null | undefined;
}

const isEmpty = (value: SettingValue) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A setting as it says where a secret goes, as the driver reads it: empty is the field's default, a number
 * is a number ('5432' is 5432), a flag is on only when true, text is trimmed (without case where the field
 * says so: host names), an address is the parsed URL (scheme and host without case, default port dropped).
 */
export function targetValue(field: CredentialField, value: SettingValue): string | number | boolean {
  const given = isEmpty(value) ? field.Default : value;
  if (field.Type === 'boolean') return given === true;
  if (given === undefined || given === null) return '';
  const text = String(given).trim();
  if (field.Type === 'number') {
    const number = Number(text);
    return text !== '' && Number.isFinite(number) ? number : text;
  }
  if (field.Type === 'url') {
    try {
      return new URL(text).href;
    } catch {
      return text;
    }
  }
  return field.IgnoreCase ? text.toLowerCase() : text;
}

/**
 * The masked secrets of `incoming` that may not stand for the stored ones (issue 29 point 1). The mask
 * stands for the stored secret only while every setting that says where the secret goes (the type's
 * fields with BindsSecrets: host, port, database, user, TLS, base URL) and the type itself are unchanged;
 * otherwise the secret would go to wherever the caller points it, so it must be typed again: one error
 * per such secret, at its path. A mask with nothing stored behind it is no secret (empty) and no error.
 * The console checks it before a call, the server refuses the call with it (PostConnection,
 * TestConnection) and never opens a stored secret without it (server/connections/secrets.ts).
 */
export function maskedSecretsNeedingReentry(
  type: CredentialType,
  incoming: SettingValues | null | undefined,
  stored: StoredCredential | null | undefined,
): FieldError[] {
  const masked = type.Fields.filter(
    (field) =>
      field.Type === 'password' &&
      incoming?.[field.Name] === SECRET_MASK &&
      !isEmpty(stored?.Settings?.[field.Name]),
  );
  if (masked.length === 0) return [];
  const changed =
    stored?.Type !== type.Name
      ? ['Type']
      : type.Fields.filter(
          (field) =>
            field.BindsSecrets === true &&
            targetValue(field, incoming?.[field.Name]) !== targetValue(field, stored.Settings?.[field.Name]),
        ).map((field) => field.Name);
  if (changed.length === 0) return [];
  return masked.map((field) => {
    const params = { name: field.Name, changed: changed.join(', ') };
    return {
      path: `/FlowCredential/Settings/${field.Name}`,
      messageKey: 'cb.secretReentry',
      message: t('cb.secretReentry', params),
      params,
    };
  });
}
