import type { Settings } from '../types';

export const DEFAULT_KEY_HEADER = 'Authorization';
export const DEFAULT_KEY_PREFIX = 'Bearer ';

/**
 * The header the connection's key goes in, as the connection says (KeyHeader, KeyPrefix; issue 30 point
 * 3): `Authorization: Bearer <key>` unless it names another header or prefix. The form drops an empty
 * setting, so an absent prefix is `Bearer ` only in Authorization, where it is the usual scheme, and
 * none in any other header (`X-Api-Key: <key>`). Undefined without a key.
 * Settings in clear: called inside the connector only.
 */
export function keyHeaderOf(settings: Settings): { name: string; value: string } | undefined {
  const key = typeof settings.ApiKey === 'string' ? settings.ApiKey : '';
  if (key === '') return undefined;
  const name = String(settings.KeyHeader ?? '').trim() || DEFAULT_KEY_HEADER;
  const given = settings.KeyPrefix;
  const prefix =
    given === undefined || given === null || given === ''
      ? name.toLowerCase() === DEFAULT_KEY_HEADER.toLowerCase()
        ? DEFAULT_KEY_PREFIX
        : ''
      : String(given);
  return { name: name.toLowerCase(), value: `${prefix}${key}` };
}
