import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER } from '../../../src/domain/promote/definitions';
import { call, signIn } from '../../support/api';
import { limitedUser } from '../../support/limitedUser';
import { demoToken } from '../../support/restCall';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';
import { saveBillingConnection } from './billingConnection';

const SECRET = 'never-leaves-the-server';
const SECRET_CONNECTION = '0c6f1f4e-8d59-4c1b-9d3e-2a7b5c9e1f01';

describe.each(databaseTargets)('definitions leave as files ($name; issue 31 point 3)', (target) => {
  let server: TestServer;
  let admin: string;
  let files: Array<{ Path: string; Content: string }>;
  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    await saveBillingConnection(server, SECRET_CONNECTION, SECRET);
    const answer = await call(server, 'GET', 'Promote/ExportDefinitions', { token: admin });
    expect(answer.status).toBe(200);
    files = answer.body.Files as unknown as typeof files;
  });
  afterAll(() => server?.close());

  const file = (path: string) => {
    const found = files.find((entry) => entry.Path === path);
    if (!found) throw new Error(`no ${path} among ${files.map((entry) => entry.Path).join(', ')}`);
    return JSON.parse(found.Content) as Record<string, unknown>;
  };

  it('writes one file per item under <kind>/<name>.json, every kind of the issue present', () => {
    const kinds = new Set(files.map((entry) => entry.Path.split('/')[0]));
    for (const kind of [
      'connection',
      'metadata',
      'method',
      'document',
      'composedDocument',
      'actionDocument',
      'script',
      'restApi',
      'flow',
      'role',
      'apiUser',
    ])
      expect(kinds, kind).toContain(kind);
    expect(file('restApi/orders_api.json')).toMatchObject({ Kind: 'restApi', Name: 'orders_api' });
    expect(file('document/DemoDatabase/FlowDemoCustomer.json')).toMatchObject({
      Kind: 'document',
      Connection: { Name: 'DemoDatabase' },
    });
    expect(new Set(files.map((entry) => entry.Path.toLowerCase())).size).toBe(files.length);
  });

  it('a flow carries its published version and its draft, named by method and name under its REST API', () => {
    const flow = file('flow/orders_api/GET customers%2Fcredit.json');
    expect(flow).toMatchObject({ Kind: 'flow', HttpMethod: 'GET', Name: 'customers/credit', IsActive: true });
    expect(
      (flow.Published as { Version: number; Flow: { Blocks: unknown[] } }).Flow.Blocks.length,
    ).toBeGreaterThan(2);
    expect(flow).toHaveProperty('Draft');
  });

  it('keys are in a stable order, two-space indented, one final newline (a folder diffs cleanly)', () => {
    for (const entry of files) {
      expect(entry.Content.endsWith('}\n'), entry.Path).toBe(true);
      const keys = Object.keys(JSON.parse(entry.Content));
      expect(keys, entry.Path).toEqual([...keys].sort());
      expect(entry.Content.split('\n')[1], entry.Path).toMatch(/^ {2}"/);
    }
    expect([...files.map((entry) => entry.Path)]).toEqual(files.map((entry) => entry.Path).sort());
  });

  it('a second export answers the same bytes', async () => {
    const again = await call(server, 'GET', 'Promote/ExportDefinitions', { token: admin });
    expect(again.body.Files).toEqual(files);
  });

  it('secrets never: a placeholder per secret field; API tokens never', async () => {
    const billing = file('connection/Billing.json') as {
      Published: { FlowCredential: { Settings: Record<string, unknown> } };
    };
    expect(billing.Published.FlowCredential.Settings).toMatchObject({
      Host: 'db.example',
      Password: SECRET_PLACEHOLDER,
    });
    const everything = files.map((entry) => entry.Content).join('\n');
    const [sealed] = await server.db.query<{ body: { FlowCredential: { Settings: { Password: string } } } }>(
      "select body from items where kind = 'connection' and guid = $1",
      [SECRET_CONNECTION],
    );
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(sealed!.body.FlowCredential.Settings.Password);
    expect(everything).not.toContain(await demoToken(server));
    expect(file('apiUser/demo-importer.json')).toEqual({
      Kind: 'apiUser',
      Guid: '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a01',
      Name: 'demo-importer',
      IsActive: true,
      Roles: ['Demo viewers'],
    });
  });

  it('Kinds narrows the export; an unknown kind is a 400 from the catalogue', async () => {
    const roles = await call(server, 'GET', 'Promote/ExportDefinitions?Kinds=role,apiUser', { token: admin });
    expect(
      new Set((roles.body.Files as unknown as typeof files).map((entry) => entry.Path.split('/')[0])),
    ).toEqual(new Set(['role', 'apiUser']));
    const unknown = await call(server, 'GET', 'Promote/ExportDefinitions?Kinds=widgets', { token: admin });
    expect([unknown.status, unknown.body.MessageKey]).toEqual([400, 'promote.unknownKind']);
  });

  it('administrators only: a user with every builder right and an API token are refused (403)', async () => {
    const builder = await limitedUser(server, admin, {
      ConnectionBuilder: { Upsert: true },
      DocumentBuilder: { Upsert: true },
      FlowBuilder: { Upsert: true },
    });
    for (const token of [builder.tokens.Token, await demoToken(server)]) {
      const exported = await call(server, 'GET', 'Promote/ExportDefinitions', { token });
      expect([exported.status, exported.body.MessageKey]).toEqual([403, 'api.forbidden']);
      const imported = await call(server, 'POST', 'Promote/ImportDefinitions', {
        token,
        body: { Files: [], DryRun: true },
      });
      expect(imported.status).toBe(403);
    }
  });
});
