import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt } from '../../../server/auth/keys';
import { call, signIn } from '../../support/api';
import { fingerprinter } from '../../support/dbFingerprint';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';
import { saveBillingConnection } from './billingConnection';

type Files = Array<{ Path: string; Content: string }>;
type Json = Record<string, unknown>;

const BILLING = '0c6f1f4e-8d59-4c1b-9d3e-2a7b5c9e1f02';
const CUSTOMER_FILE = 'document/DemoDatabase/FlowDemoCustomer.json';
const NOTIFICATION_FILE = 'document/DemoDatabase/FlowDemoNotification.json';
const BILLING_FILE = 'connection/Billing.json';
const CREDIT_FLOW_FILE = 'flow/orders_api/GET customers%2Fcredit.json';

describe.each(databaseTargets)('importing definitions ($name; issue 31 point 4)', (target) => {
  let server: TestServer;
  let admin: string;
  let files: Files;
  let fingerprint: () => Promise<unknown>;
  const recordTables = async () =>
    (
      await server.db.query<{ n: string }>(
        "select count(*)::text as n from information_schema.tables where table_schema = 'records'",
      )
    )[0]!.n;
  const auditCount = async () =>
    (await server.db.query<{ n: string }>('select count(*)::text as n from audit_entries'))[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    await saveBillingConnection(server, BILLING, 'kept-secret');
    files = (await call(server, 'GET', 'Promote/ExportDefinitions', { token: admin })).body
      .Files as unknown as Files;
    fingerprint = await fingerprinter(server.db);
  });
  afterAll(() => server?.close());

  const read = (path: string) => JSON.parse(files.find((file) => file.Path === path)!.Content) as Json;
  const edited = (path: string, change: (definition: Json) => Json, into: Files = files): Files =>
    into.map((file) =>
      file.Path === path ? { Path: path, Content: JSON.stringify(change(read(path))) } : file,
    );
  const importing = (body: Json) => call(server, 'POST', 'Promote/ImportDefinitions', { token: admin, body });
  /** A refused import: the answer, and that no table and no records table changed. */
  async function refusedWithoutWriting(body: Json) {
    const before = [await fingerprint(), await recordTables()];
    const answer = await importing(body);
    expect([await fingerprint(), await recordTables()]).toEqual(before);
    return answer;
  }

  it('the server’s own export imports as unchanged, twice, and writes nothing (importing the same folder twice changes nothing)', async () => {
    const before = await fingerprint();
    for (const dryRun of [true, false, false]) {
      const answer = await importing({ Files: files, DryRun: dryRun });
      expect(answer.status).toBe(200);
      expect(answer.body.Errors).toEqual([]);
      expect(new Set((answer.body.Items as Json[]).map((item) => item.Status))).toEqual(
        new Set(['unchanged']),
      );
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('a dry run previews a change with its field-level diff and writes nothing', async () => {
    const changed = edited(CUSTOMER_FILE, (definition) => ({
      ...definition,
      Published: { ...(definition.Published as Json), Description: 'Customers, as promoted.' },
    }));
    const before = await fingerprint();
    const answer = await importing({ Files: changed, DryRun: true });
    expect(answer.status).toBe(200);
    const item = (answer.body.Items as Json[]).find((entry) => entry.Path === CUSTOMER_FILE)!;
    expect(item).toMatchObject({
      Status: 'changed',
      Kind: 'document',
      Changes: [{ path: 'Published.Description', change: 'changed', after: 'Customers, as promoted.' }],
    });
    expect(answer.body.Applied).toBe(false);
    expect(await fingerprint()).toEqual(before);
  });

  it('applies a change in one go and the audit trail records one entry per item with who imported', async () => {
    const changed = edited(CUSTOMER_FILE, (definition) => ({
      ...definition,
      Published: { ...(definition.Published as Json), Description: 'Customers, as promoted.' },
    }));
    const answer = await importing({ Files: changed });
    expect([answer.status, answer.body.Applied]).toEqual([200, true]);
    const entries = await call(server, 'GET', 'Audit/GetAuditEntries?Action=imported', { token: admin });
    expect(entries.body).toHaveLength(1);
    expect(entries.body[0]).toMatchObject({
      Action: 'imported',
      Kind: 'document',
      Name: 'FlowDemoCustomer',
      User: testAdmin.email,
      Changes: [{ path: 'Published.Description', change: 'changed' }],
    });
    const again = await importing({ Files: changed });
    expect((again.body.Items as Json[]).every((item) => item.Status === 'unchanged')).toBe(true);
    expect(
      await call(server, 'GET', 'Audit/GetAuditEntries?Action=imported', { token: admin }),
    ).toMatchObject({ body: { length: 1 } });
  });

  it('refused: a missing secret (a new connection the folder cannot carry the password of); typed, it is sealed', async () => {
    const copy = {
      ...read(BILLING_FILE),
      Guid: '0c6f1f4e-8d59-4c1b-9d3e-2a7b5c9e1f03',
      Name: 'Billing copy',
    } as unknown as Json & { Published: Json };
    copy.Published = { ...copy.Published, FlowConnectionGuid: copy.Guid, Name: 'Billing copy' };
    const withCopy = [...files, { Path: 'connection/Billing copy.json', Content: JSON.stringify(copy) }];
    const preview = await importing({ Files: withCopy, DryRun: true });
    expect(preview.status).toBe(200);
    expect((preview.body.Items as Json[]).find((item) => item.Name === 'Billing copy')).toMatchObject({
      Status: 'new',
      MissingSecrets: ['Password'],
    });
    const refused = await refusedWithoutWriting({ Files: withCopy });
    expect([refused.status, refused.body.MessageKey]).toEqual([400, 'promote.refused']);
    expect(refused.body.Errors).toEqual([
      expect.objectContaining({ Path: 'connection/Billing copy.json', MessageKey: 'promote.missingSecret' }),
    ]);
    const typed = await importing({
      Files: withCopy,
      Secrets: [{ Connection: 'Billing copy', Field: 'Password', Value: 'typed-secret' }],
    });
    expect([typed.status, typed.body.Applied]).toEqual([200, true]);
    const [row] = await server.db.query<{ body: { FlowCredential: { Settings: { Password: string } } } }>(
      "select body from items where kind = 'connection' and name = 'Billing copy'",
    );
    expect(row!.body.FlowCredential.Settings.Password).not.toBe('typed-secret');
    expect(decrypt(server.services.keys, row!.body.FlowCredential.Settings.Password)).toBe('typed-secret');
  });

  it('a connection keeps its stored secret while it goes where it went; pointed elsewhere, the secret is missing', async () => {
    const moved = edited(BILLING_FILE, (definition) => {
      const published = definition.Published as Json & { FlowCredential: { Settings: Json } };
      return {
        ...definition,
        Published: {
          ...published,
          FlowCredential: {
            ...published.FlowCredential,
            Settings: { ...published.FlowCredential.Settings, Host: 'elsewhere.example' },
          },
        },
      };
    });
    const refused = await refusedWithoutWriting({ Files: moved });
    expect(refused.body.Errors).toEqual([
      expect.objectContaining({ Path: BILLING_FILE, MessageKey: 'promote.missingSecret' }),
    ]);
    const described = edited(BILLING_FILE, (definition) => ({
      ...definition,
      Published: { ...(definition.Published as Json), Description: 'Invoices' },
    }));
    expect((await importing({ Files: described })).body.Applied).toBe(true);
    const [row] = await server.db.query<{
      published: { FlowCredential: { Settings: { Password: string } } };
    }>("select published from items where kind = 'connection' and guid = $1", [BILLING]);
    expect(decrypt(server.services.keys, row!.published.FlowCredential.Settings.Password)).toBe(
      'kept-secret',
    );
  });

  it('refused by the impact check: a document loses a field a published flow reads (issue 10 point 1)', async () => {
    const withoutCredit = edited(CUSTOMER_FILE, (definition) => {
      const published = definition.Published as Json & { Elements: Json[] };
      return {
        ...definition,
        Published: {
          ...published,
          Elements: published.Elements.filter((element) => element.Name !== 'Credit'),
        },
      };
    });
    const preview = await importing({ Files: withoutCredit, DryRun: true });
    expect(preview.body.Impact).toMatchObject({
      Action: 'publish',
      Entries: [expect.objectContaining({ Kind: 'flow', Reason: 'impact.reason.fieldRemoved' })],
    });
    const refused = await refusedWithoutWriting({ Files: withoutCredit });
    expect([refused.status, refused.body.MessageKey]).toEqual([400, 'impact.publishRefused']);
    expect(refused.body.Impact).toMatchObject({
      Entries: [expect.objectContaining({ Name: 'GET customers/credit' })],
    });
  });

  it('refused: a name another item already has, and a guid that is another kind of item’s', async () => {
    const renamed = edited(NOTIFICATION_FILE, (definition) => ({ ...definition, Name: 'FlowDemoCustomer' }));
    const taken = await refusedWithoutWriting({
      Files: renamed.filter((file) => file.Path === NOTIFICATION_FILE),
    });
    expect([taken.status, taken.body.MessageKey]).toEqual([400, 'promote.refused']);
    expect(taken.body.Errors).toEqual([
      expect.objectContaining({
        Path: NOTIFICATION_FILE,
        MessageKey: 'promote.nameTaken',
      }),
    ]);
    const customer = read(CUSTOMER_FILE);
    const otherKind = [
      ...files,
      {
        Path: 'method/DemoDatabase/Impostor.json',
        Content: JSON.stringify({ ...customer, Kind: 'method', Name: 'Impostor' }),
      },
    ];
    const clash = await refusedWithoutWriting({ Files: otherKind });
    expect(clash.body.Errors).toEqual([expect.objectContaining({ MessageKey: 'promote.guidOtherKind' })]);
  });

  it('takes a folder larger than the 2 MB other calls may send (x-body-limit); files that are not JSON are not read', async () => {
    const big = [...files, { Path: 'notes/README.md', Content: 'x'.repeat(3 * 1024 * 1024) }];
    const answer = await importing({ Files: big, DryRun: true });
    expect([answer.status, answer.body.Errors]).toEqual([200, []]);
  });

  it('a file that is no definition is a 400 naming it; nothing is written', async () => {
    const broken = await refusedWithoutWriting({
      Files: [...files, { Path: 'notes/readme.json', Content: '{"hello":' }],
    });
    expect(broken.body.Errors).toEqual([
      expect.objectContaining({ Path: 'notes/readme.json', MessageKey: 'promote.fileNotJson' }),
    ]);
  });

  it('LeaveInactive writes the flows it imports inactive; otherwise activation is as exported', async () => {
    const retitled = edited(CREDIT_FLOW_FILE, (definition) => ({ ...definition, Description: 'Promoted.' }));
    expect((await importing({ Files: retitled, LeaveInactive: true })).body.Applied).toBe(true);
    const active = async () =>
      (
        await server.db.query<{ is_active: boolean }>(
          "select is_active from flows where name = 'customers/credit'",
        )
      )[0]!.is_active;
    expect(await active()).toBe(false);
    expect((await importing({ Files: files })).body.Items).toEqual(
      expect.arrayContaining([expect.objectContaining({ Path: CREDIT_FLOW_FILE, Status: 'changed' })]),
    );
    expect(await active()).toBe(true);
    expect(await auditCount()).not.toBe('0');
  });
});
