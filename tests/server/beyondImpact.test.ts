import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import { newFlowGraph } from '../../src/domain/flow/graph';
import type { RestMethodFlow } from '../../src/domain/flow/types';
import { call, signIn } from '../support/api';
import { signedInUserWith } from '../support/enrolledUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

type Body = Record<string, unknown>;
type Entry = {
  Kind: string;
  Guid: string;
  Name: string;
  State: string;
  Version: string | null;
  Reason?: string;
};

const C = DEMO_CONNECTION_GUID;
/** The demo flow module's published document and published GET flow reading it (server/seed/demo/050_flows.ts). */
const FLOW_DEMO_CUSTOMER = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02';
const CUSTOMER_FLOW = '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a10';

/**
 * Where used and the impact check (issue 10 point 1) through the API, on the demo data: the published
 * flow customers/credit reads the published document FlowDemoCustomer (its Id, Name and Credit fields).
 */
describe.each(databaseTargets)('where used and the impact check on $name (issue 10 point 1)', (target) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  const usage = (kind: string, guid: string, as = token, connection?: string) =>
    call(
      server,
      'GET',
      `Items/GetItemUsage?Kind=${kind}&Guid=${guid}${connection ? `&Connection=${connection}` : ''}`,
      { token: as },
    );
  const document = async (guid: string) =>
    (await call(server, 'GET', `DocumentBuilder/GetConnectionDocument/${C}/${guid}`, { token })).body as Body;
  const postDocument = (body: Body, as = token) =>
    call(server, 'POST', `DocumentBuilder/PostConnectionDocument/${C}/${String(body.Guid)}`, {
      token: as,
      body,
    });
  const without = (body: Body, field: string) => ({
    ...body,
    Elements: (body.Elements as Body[]).filter((element) => element.Name !== field),
  });
  const entries = (body: Body) => (body.Impact as { Entries: Entry[] }).Entries;

  it('answers where a document is used: the published flow that reads it, with its version for a link', async () => {
    const answer = await usage('document', FLOW_DEMO_CUSTOMER, token, C);
    expect(answer.status).toBe(200);
    const [published] = await server.db.query<{ version_guid: string }>(
      'select version_guid::text as version_guid from flow_versions where flow_guid = $1 and is_published and archived is null',
      [CUSTOMER_FLOW],
    );
    expect(answer.body).toEqual({
      Entries: [
        {
          Kind: 'flow',
          Guid: CUSTOMER_FLOW,
          Name: 'GET customers/credit',
          Connection: null,
          Version: published!.version_guid,
          State: 'published',
        },
      ],
      Hidden: 0,
    });
    // The REST API the flow belongs to, and the connection it reads from, list it too.
    const [api] = await server.db.query<{ api: string }>(
      'select api_guid::text as api from flows where guid = $1',
      [CUSTOMER_FLOW],
    );
    expect(((await usage('restApi', api!.api)).body.Entries as Entry[]).map((entry) => entry.Name)).toContain(
      'GET customers/credit',
    );
    const onConnection = (await usage('connection', C)).body.Entries as Entry[];
    expect(onConnection.map((entry) => `${entry.Kind} ${entry.Name}`)).toEqual(
      expect.arrayContaining([
        'flow GET customers/credit',
        'document FlowDemoCustomer',
        'composedDocument CustomersByCountry',
      ]),
    );
    // Control: an item nobody uses.
    expect((await usage('script', randomUUID())).body).toEqual({ Entries: [], Hidden: 0 });
  });

  it('refuses a publish that removes a field the published flow reads, and lets the draft be saved', async () => {
    const stored = await document(FLOW_DEMO_CUSTOMER);
    const refused = await postDocument({ ...without(stored, 'Credit'), IsPublished: true });
    expect(refused.status).toBe(400);
    expect(refused.body.MessageKey).toBe('impact.publishRefused');
    expect(refused.body.Message).toBe(
      'Publishing is refused: published items that use this item would break (1).',
    );
    // Not the stale save's answer: no Current.
    expect(refused.body).not.toHaveProperty('Current');
    expect(refused.body.Impact).toMatchObject({ Action: 'publish', Hidden: 0 });
    expect(entries(refused.body)).toEqual([
      expect.objectContaining({
        Kind: 'flow',
        Guid: CUSTOMER_FLOW,
        Name: 'GET customers/credit',
        State: 'published',
        Reason: 'impact.reason.fieldRemoved',
        Message: 'uses the field Credit, which this version removes',
        Params: { field: 'Credit' },
      }),
    ]);
    // Nothing was written: the published version still has the field.
    const published = await call(
      server,
      'GET',
      `Items/GetPublishedItem?Kind=document&Guid=${FLOW_DEMO_CUSTOMER}&Connection=${C}`,
      { token },
    );
    expect((published.body.Elements as Body[]).map((field) => field.Name)).toContain('Credit');
    // Retyping it is refused the same way.
    const retyped = await postDocument({
      ...stored,
      IsPublished: true,
      Elements: (stored.Elements as Body[]).map((field) =>
        field.Name === 'Credit' ? { ...field, Type: 'Number' } : field,
      ),
    });
    expect(entries(retyped.body).map((entry) => entry.Reason)).toEqual(['impact.reason.fieldRetyped']);
    // Saving the draft is never refused: the flow uses the published version.
    const draft = await postDocument({ ...without(stored, 'Credit'), IsPublished: false });
    expect(draft.status).toBe(200);
    // Control: a publish that keeps what the flow reads goes through.
    const current = await document(FLOW_DEMO_CUSTOMER);
    const kept = await postDocument({ ...current, Elements: stored.Elements, IsPublished: true });
    expect(kept.status).toBe(200);
  });

  it('refuses deleting items published items use: a document, a REST API, a connection', async () => {
    const doc = await call(
      server,
      'DELETE',
      `DocumentBuilder/DeleteConnectionDocument/${C}/${FLOW_DEMO_CUSTOMER}`,
      {
        token,
      },
    );
    expect(doc.status).toBe(400);
    expect(doc.body.MessageKey).toBe('impact.deleteRefused');
    expect(doc.body.Impact).toMatchObject({ Action: 'delete' });
    expect(entries(doc.body).map((entry) => `${entry.Kind} ${entry.Name} ${entry.Reason}`)).toEqual([
      'flow GET customers/credit impact.reason.deleted',
    ]);
    const [api] = await server.db.query<{ api: string }>(
      'select api_guid::text as api from flows where guid = $1',
      [CUSTOMER_FLOW],
    );
    const restApi = await call(server, 'DELETE', `RestApi/DeleteRestApi/${api!.api}`, { token });
    expect([restApi.status, restApi.body.MessageKey]).toEqual([400, 'impact.deleteRefused']);
    const connection = await call(server, 'DELETE', `Connection/DeleteConnection/${C}`, { token });
    expect([connection.status, connection.body.MessageKey]).toEqual([400, 'impact.deleteRefused']);
    expect(await document(FLOW_DEMO_CUSTOMER)).toMatchObject({ Name: 'FlowDemoCustomer' });
  });

  it('refuses nothing when the only user is a draft flow', async () => {
    const guid = randomUUID();
    const item = {
      Guid: guid,
      Name: `Lead${guid.slice(0, 6)}`,
      Type: 'List',
      FlowConnectionGuid: C,
      IsPublished: true,
      References: [],
      Elements: [
        { Name: 'Id', Type: 'Guid', IsKey: true, IsUpdatable: false, Validation: { IsRequired: true } },
        { Name: 'Score', Type: 'Number', IsUpdatable: true },
      ],
    };
    expect((await postDocument(item)).status).toBe(200);
    const [api] = await server.db.query<{ api: string }>(
      'select api_guid::text as api from flows where guid = $1',
      [CUSTOMER_FLOW],
    );
    const graph = newFlowGraph({ isScript: false });
    graph.Blocks!.push({
      Type: 'read',
      Guid: randomUUID(),
      Config: {
        Action: { Guid: guid, Name: item.Name, Type: 'Document', FlowConnectionGuid: C, IsRead: true },
        Mapping: [{ From: 'x', To: 'Id' }],
      },
      Output: [{ Name: 'Score', Alias: 'score' }],
    });
    const flow: RestMethodFlow = {
      Guid: randomUUID(),
      VersionGuid: randomUUID(),
      Name: `leads/${guid.slice(0, 6)}`,
      HttpMethod: 'GET',
      Api: api!.api,
      IsScript: false,
      Flow: graph,
    };
    expect((await call(server, 'POST', 'FlowBuilder/PostRestMethodFlow', { token, body: flow })).status).toBe(
      200,
    );
    expect(((await usage('document', guid)).body.Entries as Entry[]).map((entry) => entry.State)).toEqual([
      'draft',
    ]);
    const stored = await document(guid);
    expect((await postDocument({ ...without(stored, 'Score'), IsPublished: true })).status).toBe(200);
    const deleted = await call(server, 'DELETE', `DocumentBuilder/DeleteConnectionDocument/${C}/${guid}`, {
      token,
    });
    expect(deleted.status).toBe(200);
  });

  it('refuses renaming a metadata document a published one names, and saves the renamed draft', async () => {
    const address = { Guid: randomUUID(), Name: `Address${randomUUID().slice(0, 4)}` };
    // A save of a stored document names the version it changes (issue 29 point 9).
    const post = async (body: Body) => {
      const stored = await call(server, 'GET', `MetaDocumentBuilder/GetMetadataDocument/${body.Guid}`, {
        token,
      });
      const Revision = stored.status === 200 ? stored.body.Revision : undefined;
      return call(server, 'POST', 'MetaDocumentBuilder/MetaDocument', { token, body: { ...body, Revision } });
    };
    const field = { Name: 'Street', Type: 'String', Validation: { Max: 100 } };
    expect(
      (await post({ ...address, SchemaType: 'Input', Elements: [field], IsPublished: true })).status,
    ).toBe(200);
    const invoice = {
      Guid: randomUUID(),
      Name: `Invoice${randomUUID().slice(0, 4)}`,
      SchemaType: 'Input',
      Elements: [{ Name: 'Buyer', Type: 'DocumentType', Document: address.Name }],
      IsPublished: true,
    };
    expect((await post(invoice)).status).toBe(200);
    expect(
      ((await usage('metadata', address.Guid)).body.Entries as Entry[]).map((entry) => entry.Name),
    ).toEqual([invoice.Name]);
    const renamed = { ...address, Name: `${address.Name}X`, SchemaType: 'Input', Elements: [field] };
    const refused = await post({ ...renamed, IsPublished: true });
    expect(refused.status).toBe(400);
    expect(entries(refused.body).map((entry) => `${entry.Name} ${entry.Reason}`)).toEqual([
      `${invoice.Name} impact.reason.renamed`,
    ]);
    expect((await post({ ...renamed, IsPublished: false })).status).toBe(200);
    const deleted = await call(
      server,
      'DELETE',
      `MetaDocumentBuilder/DeleteMetadataDocument/${address.Guid}`,
      {
        token,
      },
    );
    expect(deleted.body.MessageKey).toBe('impact.deleteRefused');
  });

  it('names users only to callers who may read their builder; 404 without Read on the item’s builder', async () => {
    // Reads and edits documents, published ones too, but may not open flows.
    const documents = await signedInUserWith(server, token, {
      DocumentBuilder: { Read: true, Upsert: true, UpsertAdmin: true, Publish: true },
    });
    expect((await usage('document', FLOW_DEMO_CUSTOMER, documents, C)).body).toEqual({
      Entries: [],
      Hidden: 1,
    });
    const stored = await document(FLOW_DEMO_CUSTOMER);
    const refused = await postDocument({ ...without(stored, 'Credit'), IsPublished: true }, documents);
    expect(refused.status).toBe(400);
    expect(refused.body.Impact).toEqual({ Action: 'publish', Entries: [], Hidden: 1 });
    // With Flow Builder Read, the flow is named.
    const both = await signedInUserWith(server, token, {
      DocumentBuilder: { Read: true },
      FlowBuilder: { Read: true },
    });
    expect(((await usage('document', FLOW_DEMO_CUSTOMER, both, C)).body.Entries as Entry[]).length).toBe(1);
    const flows = await signedInUserWith(server, token, { FlowBuilder: { Read: true } });
    const hidden = await usage('document', FLOW_DEMO_CUSTOMER, flows, C);
    expect(hidden.status).toBe(404);
  });
});
