import { createHash } from 'node:crypto';

/**
 * A connector method's guid for an operation a connection offers: a name-based UUID (RFC 9562 version 5,
 * SHA-1) of the connection's guid and the operation's name, so the guid a flow's EXTERNAL block stores
 * stays the same across restarts, processes and an export/import that keeps the connection's guid.
 */
export function operationGuid(connectionGuid: string, operationName: string): string {
  const namespace = Buffer.from(connectionGuid.toLowerCase().replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(operationName.toLowerCase(), 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
