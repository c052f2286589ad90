import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Settings } from '../types';

/** Where a connection points, as its pin is taken for: the host without case, the port as a number. */
export interface Target {
  host: string;
  port: number;
}

export interface Pin extends Target {
  fingerprint: string;
}

export const DEFAULT_PORT = 22;

export const targetOf = (settings: Settings): Target => {
  const port = Number(settings.Port);
  return {
    host: String(settings.Host ?? '')
      .trim()
      .toLowerCase(),
    port: settings.Port === '' || settings.Port === null || !Number.isFinite(port) ? DEFAULT_PORT : port,
  };
};

/** A host key blob's fingerprint as OpenSSH shows it (`ssh-keygen -l`): SHA256: and unpadded base64. */
export const fingerprintOf = (key: Buffer) =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** The fingerprint pinned for this target, if the pin was taken for it (one for another host or port is none). */
export const pinnedFor = (pin: Pin | undefined, target: Target) =>
  pin && pin.host === target.host && pin.port === target.port ? pin.fingerprint : undefined;

/** A connection's pin (server/db/migrations/150_sftp_host_keys.sql), if it has one. */
export async function pinOf(db: Db, connectionGuid: string): Promise<Pin | undefined> {
  const [row] = await db.query<Pin>(
    'select host, port, fingerprint from sftp_host_keys where connection_guid::text = lower($1)',
    [connectionGuid],
  );
  return row;
}

/** Pins a saved connection's host key for its target; false when no such connection is saved yet. */
export async function savePin(db: Db, connectionGuid: string, pin: Pin): Promise<boolean> {
  const rows = await db.query(
    `insert into sftp_host_keys (connection_guid, host, port, fingerprint)
     select guid, $2, $3, $4 from items where kind = 'connection' and guid::text = lower($1)
     on conflict (connection_guid) do update
       set host = excluded.host, port = excluded.port, fingerprint = excluded.fingerprint, pinned = now()
     returning connection_guid`,
    [connectionGuid, pin.host, pin.port, pin.fingerprint],
  );
  return rows.length > 0;
}

/** Every pin by connection guid, as an export carries them (src/domain/promote: HostKey). */
export async function allPins(db: Db): Promise<Map<string, Pin>> {
  const rows = await db.query<Pin & { guid: string }>(
    'select connection_guid::text as guid, host, port, fingerprint from sftp_host_keys',
  );
  return new Map(rows.map(({ guid, ...pin }) => [guid, pin]));
}

const FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;

/**
 * An imported pin, for a connection of this server that has none yet (its own pin is kept). The file is
 * text anyone may have edited: a pin that is not one is left out.
 */
export async function importPin(
  db: Db,
  connectionGuid: string,
  pin: { host: unknown; port: unknown; fingerprint: unknown },
): Promise<void> {
  const { host, port, fingerprint } = pin;
  if (typeof host !== 'string' || !Number.isInteger(port) || (port as number) < 1 || (port as number) > 65535)
    return;
  if (typeof fingerprint !== 'string' || !FINGERPRINT.test(fingerprint)) return;
  await db.query(
    `insert into sftp_host_keys (connection_guid, host, port, fingerprint)
     select guid, $2, $3, $4 from items where kind = 'connection' and guid::text = lower($1)
     on conflict (connection_guid) do nothing`,
    [connectionGuid, host.trim().toLowerCase(), port, fingerprint],
  );
}
