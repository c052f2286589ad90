import { SECRET_MASK } from '../../src/domain/connections/secretMask';
import { decrypt, encrypt, type ServerKeys } from '../auth/keys';
import type { CredentialType } from './credentialTypes';

export type Settings = Record<string, string | number | boolean | null>;

const isSecret = (type: CredentialType | undefined, name: string) =>
  type?.Fields.some((field) => field.Name === name && field.Type === 'password') ?? false;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Settings as stored: only the type's fields, secrets sealed with the server's key. A secret that comes
 * back as the mask keeps the stored one, so the console never needs the secret in clear (issue 5).
 */
export function sealSettings(
  keys: ServerKeys,
  type: CredentialType | undefined,
  incoming: Settings | undefined,
  stored: Settings | undefined,
): Settings {
  const out: Settings = {};
  for (const field of type?.Fields ?? []) {
    const value = incoming?.[field.Name];
    if (!isSecret(type, field.Name)) {
      if (value !== undefined) out[field.Name] = value;
      continue;
    }
    if (value === SECRET_MASK) {
      const kept = stored?.[field.Name];
      if (typeof kept === 'string' && kept !== '') out[field.Name] = kept;
    } else if (typeof value === 'string' && value !== '') {
      out[field.Name] = encrypt(keys, value);
    }
  }
  return out;
}

/** Settings as answered: every stored secret replaced by the mask. */
export function maskSettings(type: CredentialType | undefined, stored: Settings | undefined): Settings {
  const out: Settings = { ...stored };
  for (const [name, value] of Object.entries(out)) {
    if (isSecret(type, name)) out[name] = present(value) ? SECRET_MASK : '';
  }
  return out;
}

/**
 * Settings in clear, to connect with, from settings as the console holds them: a masked secret is the
 * stored one, opened with the server's key; a typed one is used as typed.
 */
export function openSettings(
  keys: ServerKeys,
  type: CredentialType | undefined,
  settings: Settings | undefined,
  stored: Settings | undefined,
): Settings {
  const out: Settings = { ...settings };
  for (const [name, value] of Object.entries(out)) {
    if (!isSecret(type, name) || value !== SECRET_MASK) continue;
    const sealed = stored?.[name];
    out[name] = typeof sealed === 'string' && sealed !== '' ? decrypt(keys, sealed) : '';
  }
  return out;
}

/** Stored settings in clear: every sealed secret opened. */
export const openStoredSettings = (
  keys: ServerKeys,
  type: CredentialType | undefined,
  stored: Settings | undefined,
): Settings => openSettings(keys, type, maskSettings(type, stored), stored);
