import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/domain/connections/secretMask';
import { call, signIn } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

/**
 * A fake PostgreSQL server on loopback, as someone collecting passwords would run it: it answers the
 * startup message with AuthenticationCleartextPassword (R, code 3), records the PasswordMessage (p) the
 * client sends, and refuses the login. An SSLRequest is declined (N).
 */
async function fakePostgres() {
  const received: Array<{ user: string; database: string; password: string }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let startup: Record<string, string> | null = null;
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!startup) {
          // Startup phase: Int32 length, Int32 code, then name/value pairs (no type byte).
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const body = buffer.subarray(8, length);
          buffer = buffer.subarray(length);
          if (code === 80877103) {
            socket.write('N'); // SSLRequest: no TLS here
            continue;
          }
          const parts = body.toString('utf8').split('\0');
          startup = {};
          for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i]) startup[parts[i]!] = parts[i + 1]!;
          const ask = Buffer.alloc(9);
          ask.write('R', 0);
          ask.writeInt32BE(8, 1);
          ask.writeInt32BE(3, 5); // AuthenticationCleartextPassword
          socket.write(ask);
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === 'p') {
          received.push({
            user: startup.user ?? '',
            database: startup.database ?? '',
            password: body.toString('utf8').replace(/\0$/, ''),
          });
          const fields = 'SFATAL\0C28P01\0Mpassword authentication failed\0\0';
          const refusal = Buffer.alloc(5 + Buffer.byteLength(fields));
          refusal.write('E', 0);
          refusal.writeInt32BE(4 + Buffer.byteLength(fields), 1);
          refusal.write(fields, 5);
          socket.end(refusal);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Listener = Awaited<ReturnType<typeof fakePostgres>>;
type SettingsOf = Record<string, string | number | boolean | null>;

const PASSWORD = 'St0red!secret';

/** The real PostgreSQL of the server suite, when there is one. */
const realPostgres = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : null;

describe.each(databaseTargets)(
  'a stored secret goes only where it was saved for, on $name (issue 29 point 1)',
  (target) => {
    let server: TestServer;
    let token: string;
    let listener: Listener;
    beforeAll(async () => {
      listener = await fakePostgres();
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(async () => {
      await listener?.close();
      await server?.close();
    });
    beforeEach(() => {
      listener.received.length = 0;
    });

    /** Saves a connection with the real password and answers it as the console reads it (masked). */
    const saved = async (settings: SettingsOf, type = 'PostgreSQL') => {
      const guid = randomUUID();
      const item = {
        FlowConnectionGuid: guid,
        Name: `secret_${guid.slice(0, 8)}`,
        Type: type,
        IsInternal: false,
        AvailableModules: ['MethodBuilder'],
        FlowCredential: { Type: type, Settings: settings },
      };
      const save = await call(server, 'POST', 'Connection/PostConnection', { token, body: item });
      expect(save.status, JSON.stringify(save.body)).toBe(200);
      const read = await call(server, 'GET', `Connection/GetConnectionByGuid/${guid}`, { token });
      const masked = read.body as unknown as typeof item & Record<string, unknown>;
      expect(masked.FlowCredential.Settings.Password ?? masked.FlowCredential.Settings.ApiKey).toBe(
        SECRET_MASK,
      );
      return masked;
    };
    const withSettings = (
      connection: Awaited<ReturnType<typeof saved>>,
      changes: SettingsOf,
      extra: Record<string, unknown> = {},
    ) => ({
      ...connection,
      ...extra,
      FlowCredential: {
        ...connection.FlowCredential,
        Settings: { ...connection.FlowCredential.Settings, ...changes },
      },
    });
    const test = (body: { FlowConnectionGuid: string } & Record<string, unknown>) =>
      call(server, 'POST', `Connection/TestConnection/${body.FlowConnectionGuid}`, { token, body });
    const storedSettings = async (guid: string) => {
      const [row] = await server.db.query<{ body: { FlowCredential: { Settings: SettingsOf } } }>(
        "select body from items where kind = 'connection' and guid = $1",
        [guid],
      );
      return row!.body.FlowCredential.Settings;
    };
    const expectReentry = (
      answer: Awaited<ReturnType<typeof call>>,
      changed: string,
      secret = 'Password',
    ) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const message = `Enter ${secret} again: ${changed} changed since it was saved`;
      expect(answer.body.MessageKey).toBe('cb.secretReentry');
      expect(answer.body.Message).toBe(message);
      expect(answer.body.Errors).toEqual([
        {
          Path: `/FlowCredential/Settings/${secret}`,
          MessageKey: 'cb.secretReentry',
          Message: message,
          Params: { name: secret, changed },
        },
      ]);
    };

    it('CredentialTypes says which settings bind each type’s secrets, so the console applies the same rule', async () => {
      const types = await call(server, 'GET', 'Connection/CredentialTypes', { token });
      const binding = Object.fromEntries(
        types.body.map((type) => [
          type.Name,
          (type.Fields as Array<{ Name: string; BindsSecrets?: boolean }>)
            .filter((field) => field.BindsSecrets)
            .map((field) => field.Name),
        ]),
      );
      expect(binding).toEqual({
        'Internal PostgreSQL': [],
        PostgreSQL: ['Host', 'Port', 'Database', 'User', 'Ssl', 'SslVerify'],
        // The key's header says where the key goes too (issue 30 point 3).
        'REST API': ['BaseUrl', 'KeyHeader'],
        SFTP: ['Host', 'Port', 'User'],
      });
    });

    const base = (port: number): SettingsOf => ({
      Host: '127.0.0.1',
      Port: port,
      Database: 'crm',
      User: 'crm',
      Password: PASSWORD,
      Ssl: false,
    });

    it.each<[string, (port: number) => SettingsOf, (port: number) => SettingsOf, string]>([
      // Stored on another loopback address, tested at the listener's.
      [
        'a changed host',
        (port) => ({ ...base(port), Host: '127.0.0.2' }),
        () => ({ Host: '127.0.0.1' }),
        'Host',
      ],
      // Stored on a closed port, tested at the listener's.
      ['a changed port', () => base(1), (port) => ({ Port: port }), 'Port'],
      // Stored at the listener, tested as another user or database of it.
      ['a changed user', (port) => base(port), () => ({ User: 'postgres' }), 'User'],
      ['a changed database', (port) => base(port), () => ({ Database: 'postgres' }), 'Database'],
      // Stored with TLS, tested without: the password would travel in clear.
      ['TLS turned off', (port) => ({ ...base(port), Ssl: true }), () => ({ Ssl: false }), 'Ssl'],
      [
        'a changed host and port',
        () => ({ ...base(1), Host: '10.255.255.1' }),
        (port) => ({ Host: '127.0.0.1', Port: port }),
        'Host, Port',
      ],
    ])(
      'TestConnection with the mask and %s answers 400 and sends no password',
      async (_case, stored, changes, changed) => {
        const connection = await saved(stored(listener.port));
        const answer = await test(withSettings(connection, changes(listener.port)));
        expect(listener.received).toEqual([]);
        expectReentry(answer, changed);
      },
    );

    it('TestConnection with the mask on a stored connection of another type answers 400 and sends no password', async () => {
      const sftp = await saved(
        { Host: '127.0.0.1', Port: listener.port, User: 'crm', Password: PASSWORD },
        'SFTP',
      );
      const answer = await test({
        ...sftp,
        Type: 'PostgreSQL',
        FlowCredential: {
          ...sftp.FlowCredential,
          Type: 'PostgreSQL',
          Settings: { ...sftp.FlowCredential.Settings, Database: 'crm' },
        },
      });
      expect(listener.received).toEqual([]);
      expectReentry(answer, 'Type');
    });

    it('TestConnection with the mask and an unchanged target sends the stored password there (also after a non-binding change)', async () => {
      const connection = await saved(base(listener.port));
      const answer = await test(connection);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        Success: false,
        Message: 'Could not connect: password authentication failed',
      });
      expect(listener.received).toEqual([{ user: 'crm', database: 'crm', password: PASSWORD }]);

      // Settings that say nothing about where the secret goes keep the mask working; so does the same
      // target written differently (the port as text).
      listener.received.length = 0;
      const edited = withSettings(
        connection,
        { Schemas: 'public', Port: String(listener.port) },
        { Description: 'x' },
      );
      expect((await test(edited)).status).toBe(200);
      expect(listener.received).toEqual([{ user: 'crm', database: 'crm', password: PASSWORD }]);
    });

    it('TestConnection without a body tests the stored connection with its password opened, not sealed', async () => {
      const connection = await saved(base(listener.port));
      await call(server, 'POST', `Connection/TestConnection/${connection.FlowConnectionGuid}`, { token });
      expect(listener.received).toEqual([{ user: 'crm', database: 'crm', password: PASSWORD }]);
    });

    it('TestConnection with the password typed again goes to the changed target', async () => {
      const connection = await saved({ ...base(1), Host: '127.0.0.2' });
      const answer = await test(
        withSettings(connection, { Host: '127.0.0.1', Port: listener.port, Password: 'typed-again' }),
      );
      expect(answer.status).toBe(200);
      expect(listener.received).toEqual([{ user: 'crm', database: 'crm', password: 'typed-again' }]);
    });

    it.each<[string, SettingsOf, string]>([
      ['a changed host', { Host: '127.0.0.1' }, 'Host'],
      ['a changed port', { Port: 6543 }, 'Port'],
      ['a changed user', { User: 'postgres' }, 'User'],
      ['TLS turned off', { Ssl: false }, 'Ssl'],
    ])(
      'PostConnection with the mask and %s answers 400 and keeps what was stored',
      async (_case, changes, changed) => {
        const connection = await saved({ ...base(5432), Host: 'db.example.invalid', Ssl: true });
        const before = await storedSettings(connection.FlowConnectionGuid);
        const answer = await call(server, 'POST', 'Connection/PostConnection', {
          token,
          body: withSettings(connection, changes),
        });
        expectReentry(answer, changed);
        expect(await storedSettings(connection.FlowConnectionGuid)).toEqual(before);
      },
    );

    it('PostConnection keeps the mask for non-binding changes, and takes a changed target with the password typed again', async () => {
      const connection = await saved({ ...base(5432), Host: 'db.example.invalid' });
      const sealed = (await storedSettings(connection.FlowConnectionGuid)).Password;
      const kept = await call(server, 'POST', 'Connection/PostConnection', {
        token,
        body: withSettings(
          connection,
          { Schemas: 'public', Host: 'DB.example.invalid ' },
          { Description: 'edited', Revision: 1 },
        ),
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect((await storedSettings(connection.FlowConnectionGuid)).Password).toBe(sealed);

      const moved = await call(server, 'POST', 'Connection/PostConnection', {
        token,
        body: withSettings(
          connection,
          { Host: 'db2.example.invalid', Password: 'N3w!secret' },
          { Revision: 2 },
        ),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const now = await storedSettings(connection.FlowConnectionGuid);
      expect(now.Host).toBe('db2.example.invalid');
      expect(now.Password).toMatch(/^v1\./);
      expect(now.Password).not.toBe(sealed);
    });

    it('a mask on a new connection is no secret at all (empty)', async () => {
      const guid = randomUUID();
      const answer = await call(server, 'POST', `Connection/TestConnection/${guid}`, {
        token,
        body: {
          FlowConnectionGuid: guid,
          Name: `new_${guid.slice(0, 8)}`,
          Type: 'PostgreSQL',
          FlowCredential: { Type: 'PostgreSQL', Settings: { ...base(listener.port), Password: SECRET_MASK } },
        },
      });
      expect(answer.status).toBe(200);
      expect(listener.received).toEqual([{ user: 'crm', database: 'crm', password: '' }]);
    });

    it('the REST API key stays with its base URL, on save and on test', async () => {
      const api = await saved({ BaseUrl: 'https://api.example.com/v1', ApiKey: 'k3y' }, 'REST API');
      const elsewhere = withSettings(
        api,
        { BaseUrl: 'https://api.example.com.evil.invalid/v1' },
        { Revision: 1 },
      );
      expectReentry(await test(elsewhere), 'BaseUrl', 'ApiKey');
      expectReentry(
        await call(server, 'POST', 'Connection/PostConnection', { token, body: elsewhere }),
        'BaseUrl',
        'ApiKey',
      );
    });

    it.runIf(realPostgres)(
      'the mask still connects to a real PostgreSQL with the stored password',
      async () => {
        const url = realPostgres!;
        const connection = await saved({
          Host: url.hostname,
          Port: Number(url.port || 5432),
          Database: url.pathname.slice(1) || 'postgres',
          User: decodeURIComponent(url.username),
          Password: decodeURIComponent(url.password) || 'unused',
        });
        const answer = await test(connection);
        expect(answer.body.Success).toBe(true);
      },
    );
  },
);
