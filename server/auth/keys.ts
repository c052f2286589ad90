import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/** The server's keys: one to sign tokens, one to encrypt secrets at rest. Made on first start, kept in the database. */
export interface ServerKeys {
  signing: Uint8Array;
  encryption: Buffer;
}

async function keyNamed(db: Db, name: string, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, 'base64');
  const stored = () => db.query<{ value: string }>('select value from server_keys where name = $1', [name]);
  // Read first: every start after the first finds the key, and a restart writes nothing (issue 20 point 4).
  let [row] = await stored();
  if (!row) {
    // Of two processes starting at once, the first insert wins and both read its key.
    await db.query('insert into server_keys (name, value) values ($1, $2) on conflict (name) do nothing', [
      name,
      randomBytes(32).toString('base64'),
    ]);
    [row] = await stored();
  }
  return Buffer.from(row!.value, 'base64');
}

export async function loadKeys(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<ServerKeys> {
  return {
    signing: new Uint8Array(await keyNamed(db, 'jwt-hs256', env.JWT_SECRET)),
    encryption: await keyNamed(db, 'aes-256-gcm', env.SECRET_KEY),
  };
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encrypt(keys: ServerKeys, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decrypt(keys: ServerKeys, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('decrypt: not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keys.encryption, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
