import { SECRET_MASK } from '../../src/domain/connections/secretMask';
import {
  maskedSecretsNeedingReentry,
  type StoredCredential,
} from '../../src/domain/connections/secretReentry';
import { decrypt, encrypt, type ServerKeys } from '../auth/keys';
import type { CredentialType, Settings } from '../connectors/types';
import { badRequest } from '../http/errors';

export type { Settings } from '../connectors/types';

/** The stored connection's credential: its type and its settings as stored (secrets sealed). */
export interface Stored extends StoredCredential {
  Settings?: Settings | undefined;
}

/**
 * Refuses (400, an error at each secret's path) settings whose masked secret would go somewhere else than
 * the stored one was saved for: a changed host, port, database, user, TLS or base URL, or another type
 * (issue 29 point 1). Without it, whoever may save or test a connection could point it at a listener of
 * theirs and collect every stored secret.
 */
function assertMaskStaysHome(
  type: CredentialType | undefined,
  incoming: Settings | undefined,
  stored: Stored | undefined,
) {
  if (!type) return;
  const errors = maskedSecretsNeedingReentry(type, incoming, stored);
  if (errors.length > 0) throw badRequest(errors);
}

const isSecret = (type: CredentialType | undefined, name: string) =>
  type?.Fields.some((field) => field.Name === name && field.Type === 'password') ?? false;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Settings as stored: only the type's fields, secrets sealed with the server's key. A secret that comes
 * back as the mask keeps the stored one, so the console never needs the secret in clear (issue 5), but
 * only while the settings that say where it goes are unchanged (400 otherwise, issue 29 point 1).
 */
export function sealSettings(
  keys: ServerKeys,
  type: CredentialType | undefined,
  incoming: Settings | undefined,
  storedCredential: Stored | undefined,
): Settings {
  assertMaskStaysHome(type, incoming, storedCredential);
  const stored = storedCredential?.Settings;
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
 * stored one, opened with the server's key, and only for the target it was stored for (400 otherwise,
 * issue 29 point 1); a typed one is used as typed.
 */
export function openSettings(
  keys: ServerKeys,
  type: CredentialType | undefined,
  settings: Settings | undefined,
  storedCredential: Stored | undefined,
): Settings {
  assertMaskStaysHome(type, settings, storedCredential);
  const stored = storedCredential?.Settings;
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
): Settings => openSettings(keys, type, maskSettings(type, stored), { Type: type?.Name, Settings: stored });
