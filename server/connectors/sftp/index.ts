import { t } from '../../../src/messages/t';
import { openStoredSettings } from '../../connections/secrets';
import { credentialTypeOf } from '../settingsSchema';
import type { ConnectorKind } from '../types';
import { pinnedFor, pinOf, savePin, targetOf } from './hostKeys';
import { sftpOperations } from './operations';
import { remotePath } from './paths';
import { sftpFailure, withSession } from './session';
import { closeSftpSessions } from './sessions';

/** Longest Test Connection's listing of the root folder may take. */
const TEST_OPERATION_MS = 10_000;

/**
 * A file server reached over SSH (spec part 1 §3 'Connection'; issue 30 point 4): its folders listed and
 * its files read and written by flows, as text, CSV or JSON, signed in with a password or a private key.
 * The server's host key is pinned by the first successful Test Connection and checked on every connect.
 */
export const sftp: ConnectorKind = {
  name: 'SFTP',
  description: 'A file server reached over SSH.',
  settings: {
    type: 'object',
    properties: {
      Host: { type: 'string', maxLength: 255, 'x-binds-secrets': true, 'x-ignore-case': true },
      Port: { type: 'number', default: 22, minimum: 1, maximum: 65535, 'x-binds-secrets': true },
      User: { type: 'string', maxLength: 255, 'x-binds-secrets': true },
      Password: { type: 'string', format: 'password', writeOnly: true },
      PrivateKey: {
        type: 'string',
        format: 'password',
        writeOnly: true,
        description: 'A private key in OpenSSH or PEM form, instead of or besides the password.',
      },
      Passphrase: {
        type: 'string',
        format: 'password',
        writeOnly: true,
        description: 'The private key’s passphrase, if it has one.',
      },
      // Not bound: it says which folder of the same server flows may use, not where a secret goes.
      Root: {
        type: 'string',
        maxLength: 1024,
        description:
          'The folder flows are limited to (paths are read inside it, .. may not leave it); empty for the login’s home, unlimited.',
      },
    },
    required: ['Host', 'Port', 'User'],
  },

  // Connects, lists the root folder and pins the host key the server showed (first test), or checks it
  // against the pin (later tests). What went wrong is said in the catalogue's words: the remote's own
  // text may carry paths and users, and this answer is shown to whoever may test.
  async test(settings, { db }, connection) {
    const target = targetOf(settings);
    const pinned = pinnedFor(await pinOf(db, connection.guid), target);
    const folder = remotePath(String(settings.Root ?? ''), '');
    const name = connection.name || `${target.host}:${target.port}`;
    try {
      const { entries, fingerprint } = await withSession(
        settings,
        { pinned, operationTimeoutMs: TEST_OPERATION_MS },
        async ({ client, fingerprint }) => ({
          entries: (await client.list(folder.ok ? folder.path : '.')).length,
          fingerprint,
        }),
      );
      const shown = folder.ok && folder.path !== '.' ? folder.path : t('cb.test.sftp.home');
      const params = { entries, folder: shown, fingerprint };
      if (pinned)
        return {
          Success: true,
          Message: t('cb.test.success', { detail: t('cb.test.sftp.matches', params) }),
        };
      const saved = await savePin(db, connection.guid, { ...target, fingerprint });
      return {
        Success: true,
        Message: t('cb.test.success', {
          detail: t(saved ? 'cb.test.sftp.pinned' : 'cb.test.sftp.unsaved', params),
        }),
      };
    } catch (error) {
      const failure = sftpFailure(error, name, folder.ok ? folder.path : '');
      return { Success: false, Message: t('cb.test.failed', { detail: failure.message }) };
    }
  },

  connectionOperations: (connection, db) =>
    // The secrets are opened per call, inside the connector, for the target the connection was saved with.
    sftpOperations(connection, db, ({ keys }) =>
      openStoredSettings(keys, credentialTypeOf(sftp), connection.settings),
    ),

  close: closeSftpSessions,
};
