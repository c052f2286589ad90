import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import { SECRET_MASK } from '../../src/domain/connections/secretMask';
import { call, signIn } from '../support/api';
import { limitedUser } from '../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const connection = (overrides: Record<string, unknown> = {}) => {
  const guid = randomUUID();
  return {
    FlowConnectionGuid: guid,
    Name: `crm_${guid.slice(0, 6)}`,
    Type: 'PostgreSQL',
    IsInternal: false,
    AvailableModules: ['MethodBuilder'],
    FlowCredential: {
      Type: 'PostgreSQL',
      Settings: {
        Host: '127.0.0.1',
        Port: 1,
        Database: 'crm',
        User: 'crm',
        Password: 'S3cret!pw',
        Ssl: false,
      },
    },
    ...overrides,
  };
};

/** The real PostgreSQL of the server suite, when there is one, as connection settings. */
const realPostgres = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : null;

describe.each(databaseTargets)('connections on $name (spec part 1 §3, §5, §7 "Connections")', (target) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  const stored = async (guid: string) => {
    const [row] = await server.db.query<{ body: { FlowCredential: { Settings: Record<string, unknown> } } }>(
      "select body from items where kind = 'connection' and guid = $1",
      [guid],
    );
    return row!.body.FlowCredential.Settings;
  };

  it('offers the credential types with their fields (§3 "Credential type list items")', async () => {
    const types = await call(server, 'GET', 'Connection/CredentialTypes', { token });
    expect(types.status).toBe(200);
    expect(types.body.map((type) => type.Name)).toEqual([
      'Internal PostgreSQL',
      'PostgreSQL',
      'REST API',
      'SFTP',
    ]);
    const postgres = types.body.find((type) => type.Name === 'PostgreSQL')!;
    expect(
      (postgres.Fields as Array<{ Name: string; Type: string }>).map(
        (field) => `${field.Name}:${field.Type}`,
      ),
    ).toEqual([
      'Host:string',
      'Port:number',
      'Database:string',
      'User:string',
      'Password:password',
      'Ssl:boolean',
      'SslVerify:boolean',
      'Schemas:string',
    ]);
    expect(postgres).not.toHaveProperty('driver');
  });

  it('keeps secrets encrypted at rest and answers them masked; the mask keeps the stored secret', async () => {
    const item = connection();
    expect((await call(server, 'POST', 'Connection/PostConnection', { token, body: item })).status).toBe(200);
    const sealed = (await stored(item.FlowConnectionGuid)).Password as string;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('S3cret');

    const read = await call(server, 'GET', `Connection/GetConnectionByGuid/${item.FlowConnectionGuid}`, {
      token,
    });
    expect((read.body.FlowCredential as { Settings: Record<string, unknown> }).Settings).toEqual({
      Host: '127.0.0.1',
      Port: 1,
      Database: 'crm',
      User: 'crm',
      Password: SECRET_MASK,
      Ssl: false,
    });
    const listed = await call(server, 'GET', 'Connection/GetConnections', { token });
    expect(JSON.stringify(listed.body)).not.toContain('v1.');
    expect(JSON.stringify(listed.body)).not.toContain('S3cret');

    // Saving the masked value back keeps the secret; a typed one replaces it; an empty one clears it.
    const again = await call(server, 'POST', 'Connection/PostConnection', {
      token,
      body: { ...read.body, Description: 'edited' },
    });
    expect(again.status).toBe(200);
    expect((await stored(item.FlowConnectionGuid)).Password).toBe(sealed);
    const next = await call(server, 'GET', `Connection/GetConnectionByGuid/${item.FlowConnectionGuid}`, {
      token,
    });
    const settings = (next.body.FlowCredential as { Settings: Record<string, unknown> }).Settings;
    await call(server, 'POST', 'Connection/PostConnection', {
      token,
      body: {
        ...next.body,
        FlowCredential: { ...next.body.FlowCredential!, Settings: { ...settings, Password: 'N3w!pw' } },
      },
    });
    const replaced = (await stored(item.FlowConnectionGuid)).Password as string;
    expect(replaced).toMatch(/^v1\./);
    expect(replaced).not.toBe(sealed);
  });

  it('answers a stale save with 409 whose Current has the secrets masked too', async () => {
    const item = connection();
    await call(server, 'POST', 'Connection/PostConnection', { token, body: item });
    await call(server, 'POST', 'Connection/PostConnection', {
      token,
      body: { ...item, Description: 'theirs', Revision: 1 },
    });
    const mine = await call(server, 'POST', 'Connection/PostConnection', {
      token,
      body: { ...item, Description: 'mine', Revision: 1 },
    });
    expect(mine.status).toBe(409);
    const current = mine.body.Current as {
      Description: string;
      FlowCredential: { Settings: { Password: string } };
    };
    expect(current.Description).toBe('theirs');
    expect(current.FlowCredential.Settings.Password).toBe(SECRET_MASK);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['name empty', { Name: '' }, '/Name', 'cb.validation.nameEmpty'],
    ['name short', { Name: 'x' }, '/Name', 'cb.validation.nameIsShort'],
    ['name with a space (part 1 §5 names)', { Name: 'a b' }, '/Name', 'cb.validation.nameContainsSpace'],
    [
      'name with other characters (§5 name cleaning)',
      { Name: 'crm-db' },
      '/Name',
      'cb.validation.nameInvalid',
    ],
    ['type not a credential type', { Type: 'Oracle' }, '/Type', 'cb.validation.typeUnknown'],
    [
      'required setting missing',
      { FlowCredential: { Type: 'PostgreSQL', Settings: { Port: 5432, Database: 'd', User: 'u' } } },
      '/FlowCredential/Settings/Host',
      'cb.validation.settingEmpty',
    ],
    [
      'port out of range',
      {
        FlowCredential: {
          Type: 'PostgreSQL',
          Settings: { Host: 'h', Port: 70000, Database: 'd', User: 'u' },
        },
      },
      '/FlowCredential/Settings/Port',
      'enterIntegerWithMax',
    ],
  ])('refuses a connection with %s (part 1 §5 "Connection")', async (_case, overrides, path, key) => {
    const answer = await call(server, 'POST', 'Connection/PostConnection', {
      token,
      body: connection(overrides),
    });
    expect(answer.status).toBe(400);
    expect(
      (answer.body.Errors as Array<{ Path: string; MessageKey: string }>).map(
        (error) => `${error.Path} ${error.MessageKey}`,
      ),
    ).toContain(`${path} ${key}`);
  });

  it('answers every connection without paging parameters, and one page with them (part 1 §7, §9; issue 9)', async () => {
    const prefix = `paged${randomUUID().slice(0, 6)}`;
    for (const name of ['c', 'A', 'b'])
      expect(
        (
          await call(server, 'POST', 'Connection/PostConnection', {
            token,
            body: connection({ Name: `${prefix}${name}` }),
          })
        ).status,
      ).toBe(200);
    const all = await call(server, 'GET', 'Connection/GetConnections', { token });
    expect(all.headers['x-total-count']).toBeUndefined();
    const names = (answer: { body: Array<Record<string, unknown>> }) => answer.body.map((row) => row.Name);
    expect(names(all)).toEqual(expect.arrayContaining([`${prefix}A`, `${prefix}b`, `${prefix}c`]));

    const first = await call(
      server,
      'GET',
      `Connection/GetConnections?search=${prefix.toUpperCase()}&pageSize=2`,
      {
        token,
      },
    );
    expect(first.status).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(names(first)).toEqual([`${prefix}A`, `${prefix}b`]);
    const second = await call(server, 'GET', `Connection/GetConnections?search=${prefix}&pageSize=2&page=2`, {
      token,
    });
    expect(names(second)).toEqual([`${prefix}c`]);
    const descending = await call(
      server,
      'GET',
      `Connection/GetConnections?search=${prefix}&direction=DESC`,
      { token },
    );
    expect(names(descending)).toEqual([`${prefix}c`, `${prefix}b`, `${prefix}A`]);
    // Secrets are masked in a page as in the whole list.
    const settings = (first.body[0]!.FlowCredential as { Settings: Record<string, unknown> }).Settings;
    expect(settings.Password).toBe(SECRET_MASK);

    // A save is seen by the next page (the kept answers are dropped on a write).
    const added = connection({ Name: `${prefix}Aa` });
    await call(server, 'POST', 'Connection/PostConnection', { token, body: added });
    const after = await call(server, 'GET', `Connection/GetConnections?search=${prefix}&pageSize=2`, {
      token,
    });
    expect(after.headers['x-total-count']).toBe('4');
    expect(names(after)).toEqual([`${prefix}A`, `${prefix}Aa`]);
  });

  it('refuses paging parameters it does not know, with a message (400, never 500)', async () => {
    for (const query of ['sort=Password', 'page=0', 'pageSize=501', 'direction=UP']) {
      const answer = await call(server, 'GET', `Connection/GetConnections?${query}`, { token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.Message, query).toEqual(expect.any(String));
    }
  });

  it('refuses a name another connection has, ignoring case (part 1 §5)', async () => {
    const answer = await call(server, 'POST', 'Connection/PostConnection', {
      token,
      body: connection({ Name: 'DEMODATABASE' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.Message).toBe('A connection with this name already exists');
  });

  it('tests the internal connection on the server’s own database', async () => {
    const answer = await call(server, 'POST', `Connection/TestConnection/${DEMO_CONNECTION_GUID}`, { token });
    expect(answer.body.Success).toBe(true);
    expect(answer.body.Message).toMatch(/^Connected: the server’s own database, PostgreSQL/);
  });

  it('really connects for PostgreSQL and reports the driver’s error', async () => {
    const item = connection();
    const answer = await call(server, 'POST', `Connection/TestConnection/${item.FlowConnectionGuid}`, {
      token,
      body: item,
    });
    expect(answer.body).toEqual({
      Success: false,
      Message: 'Could not connect: connect ECONNREFUSED 127.0.0.1:1',
    });
  });

  it.runIf(realPostgres)('connects to a real PostgreSQL with the stored, encrypted password', async () => {
    const url = realPostgres!;
    const item = connection({
      FlowCredential: {
        Type: 'PostgreSQL',
        Settings: {
          Host: url.hostname,
          Port: Number(url.port || 5432),
          Database: url.pathname.slice(1) || 'postgres',
          User: decodeURIComponent(url.username),
          Password: decodeURIComponent(url.password) || 'unused',
        },
      },
    });
    await call(server, 'POST', 'Connection/PostConnection', { token, body: item });
    const answer = await call(server, 'POST', `Connection/TestConnection/${item.FlowConnectionGuid}`, {
      token,
    });
    expect(answer.body.Success).toBe(true);
    expect(answer.body.Message).toMatch(/^Connected: PostgreSQL \d+/);
  });

  it('deletes a connection, refuses one that methods use, and says "was not found" after', async () => {
    // Published items on it: refused with the list of what would break (issue 10 point 1).
    const inUse = await call(server, 'DELETE', `Connection/DeleteConnection/${DEMO_CONNECTION_GUID}`, {
      token,
    });
    expect(inUse.status).toBe(400);
    expect(inUse.body.MessageKey).toBe('impact.deleteRefused');
    // Only a draft method on it: refused all the same, as deleting would orphan it.
    const drafted = connection();
    await call(server, 'POST', 'Connection/PostConnection', { token, body: drafted });
    const method = {
      Guid: randomUUID(),
      Name: `draft_${randomUUID().slice(0, 6)}`,
      FlowConnectionGuid: drafted.FlowConnectionGuid,
      Script: 'demo.list_orders',
      IsRead: true,
      FullOutput: true,
    };
    const saved = await call(
      server,
      'POST',
      `SPActionDocument/PostConnectionMethod/${drafted.FlowConnectionGuid}/${method.Guid}`,
      { token, body: method },
    );
    expect(saved.status).toBe(200);
    const orphaning = await call(
      server,
      'DELETE',
      `Connection/DeleteConnection/${drafted.FlowConnectionGuid}`,
      {
        token,
      },
    );
    expect(orphaning.status).toBe(400);
    expect(orphaning.body.Message).toMatch(/^This connection is used by 1 methods or documents/);
    const item = connection();
    await call(server, 'POST', 'Connection/PostConnection', { token, body: item });
    expect(
      (await call(server, 'DELETE', `Connection/DeleteConnection/${item.FlowConnectionGuid}`, { token }))
        .body,
    ).toBe(true);
    const gone = await call(server, 'GET', `Connection/GetConnectionByGuid/${item.FlowConnectionGuid}`, {
      token,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.Message).toBe('The connection was not found');
  });

  it('lets a reader read but not save (part 1 §6)', async () => {
    const reader = await limitedUser(server, token, { ConnectionBuilder: { Read: true } });
    const readerToken = reader.tokens.Token;
    expect((await call(server, 'GET', 'Connection/GetConnections', { token: readerToken })).status).toBe(200);
    expect(
      (await call(server, 'POST', 'Connection/PostConnection', { token: readerToken, body: connection() }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(server, 'POST', `Connection/TestConnection/${DEMO_CONNECTION_GUID}`, {
          token: readerToken,
        })
      ).status,
    ).toBe(403);
  });
});
