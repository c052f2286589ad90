import type { ConnectorKind } from '../types';

/** A file server reached over SSH (spec part 1 §3 'Connection'); its operations are issue 30 point 4. */
export const sftp: ConnectorKind = {
  name: 'SFTP',
  description: 'A file server reached over SSH.',
  settings: {
    type: 'object',
    properties: {
      Host: { type: 'string', maxLength: 255, 'x-binds-secrets': true, 'x-ignore-case': true },
      Port: { type: 'number', default: 22, minimum: 1, maximum: 65535, 'x-binds-secrets': true },
      User: { type: 'string', 'x-binds-secrets': true },
      Password: { type: 'string', format: 'password', writeOnly: true },
    },
    required: ['Host', 'Port', 'User'],
  },
};
