import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import { methodKind } from '../../server/documents/kinds';
import { call, signIn } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const C = DEMO_CONNECTION_GUID;
const COUNTRIES = 'c0a80001-0000-4000-8000-000000000001';
const CUSTOMERS = 'c0a80001-0000-4000-8000-000000000002';
const SALES_ORDER = 'c0a80001-0000-4000-8000-000000000003';
const SALES_ORDER_LINE = 'c0a80001-0000-4000-8000-000000000004';

type Body = Record<string, unknown>;
const keysOf = (body: Body) =>
  ((body.Errors as Array<{ Path: string; MessageKey: string }> | undefined) ?? []).map(
    (error) => `${error.Path} ${error.MessageKey}`,
  );

describe.each(databaseTargets)(
  'composed and action documents on $name (spec part 2 §3, §5, §7)',
  (target) => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    const composed = (overrides: Body = {}): Body => ({
      Guid: randomUUID(),
      Name: `Composed${randomUUID().slice(0, 6)}`,
      FlowConnectionGuid: C,
      IsRead: true,
      Document: {
        Name: 'Countries',
        Guid: COUNTRIES,
        Method: 'read',
        Childs: [
          {
            ChildName: 'Customers',
            Name: 'Customers',
            Guid: CUSTOMERS,
            Method: 'read',
            KeyField: 'Code',
            ChildField: 'CountryCode',
            Childs: [],
          },
        ],
      },
      ...overrides,
    });

    it('offers the published documents and those referencing one (candidate children)', async () => {
      const all = await call(server, 'GET', `ComposedDocument/GetActionDocuments/${C}?read=true`, { token });
      expect(all.body.map((document) => document.Name)).toEqual([
        'Countries',
        'Customers',
        // The flow demo's own list documents (server/seed/demo/050_flows.ts), the error flow's included.
        'FlowDemoCustomer',
        'FlowDemoFailure',
        'FlowDemoNotification',
        'SalesOrder',
        'SalesOrderLine',
      ]);
      const referencing = await call(
        server,
        'GET',
        `ComposedDocument/GetReferencingDocuments/${C}/${COUNTRIES}?read=true`,
        { token },
      );
      expect(referencing.body.map((document) => document.Name)).toEqual(['Customers']);
      const one = await call(
        server,
        'GET',
        `ComposedDocument/GetActionDocument/${C}/${CUSTOMERS}?read=true`,
        { token },
      );
      expect(one.body.Name).toBe('Customers');
    });

    it('saves a composed document, strips empty-guid placeholders on save and load', async () => {
      const item = composed();
      (item.Document as { Childs: Body[] }).Childs.push({
        ChildName: 'Nothing',
        Guid: '00000000-0000-0000-0000-000000000000',
      });
      const saved = await call(server, 'POST', `ComposedDocument/PostComposedDocument/${C}/${item.Guid}`, {
        token,
        body: item,
      });
      expect(saved.status).toBe(200);
      const read = await call(server, 'GET', `ComposedDocument/GetComposedDocument/${C}/${item.Guid}`, {
        token,
      });
      expect((read.body.Document as { Childs: Body[] }).Childs).toHaveLength(1);
      const listed = await call(server, 'GET', `ComposedDocument/GetComposedDocuments/${C}`, { token });
      expect(listed.body.map((entry) => entry.Name)).toEqual(
        expect.arrayContaining(['CustomersByCountry', item.Name]),
      );
    });

    it('checks the cd.validation rules on the server (part 2 §5 "Composed document")', async () => {
      const bad = composed({
        Document: { Name: 'Countries', Guid: COUNTRIES, Method: 'upsert', Childs: [] },
      });
      const answer = await call(server, 'POST', `ComposedDocument/PostComposedDocument/${C}/${bad.Guid}`, {
        token,
        body: bad,
      });
      expect(answer.status).toBe(400);
      expect(keysOf(answer.body)).toEqual([
        '/Document/Method cd.validation.methodNotAllowed',
        '/Document/Childs cd.validation.noChildren',
      ]);
      const missing = await call(server, 'GET', `ComposedDocument/GetComposedDocument/${C}/${randomUUID()}`, {
        token,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.Message).toBe('The composed document was not found');
    });

    it('offers action-type documents, those referencing one, and published methods by read flag', async () => {
      const actions = await call(server, 'GET', `ActionDocument/GetDocumentsOfTypeAction/${C}`, { token });
      expect(actions.body.map((document) => document.Name)).toEqual(['SalesOrder', 'SalesOrderLine']);
      const referencing = await call(
        server,
        'GET',
        `ActionDocument/GetReferencingDocumentsOfTypeAction/${C}/${SALES_ORDER}`,
        { token },
      );
      expect(referencing.body.map((document) => document.Name)).toEqual(['SalesOrderLine']);
      // Methods are the Method Builder's items; one is stored here as that builder would.
      const method = randomUUID();
      await server.services.items.save(
        methodKind,
        {
          Guid: method,
          Name: 'GetStock',
          FlowConnectionGuid: C,
          IsRead: true,
          IsPublished: true,
          Input: [],
          Output: [{ Name: 'Quantity', Type: 'Number' }],
        },
        { scope: C, by: 'test', now: server.clock.now() },
      );
      const reads = await call(server, 'GET', `ActionDocument/GetConnectionMethods/${C}?IsReadAction=true`, {
        token,
      });
      // The demo data has published read methods of its own on this connection; ours is among them.
      expect(reads.body.map((entry) => entry.Name)).toContain('GetStock');
      expect(reads.body.every((entry) => entry.IsRead === true)).toBe(true);
      const writes = await call(
        server,
        'GET',
        `ActionDocument/GetConnectionMethods/${C}?IsReadAction=false`,
        { token },
      );
      expect(writes.body).toEqual([]);
      expect(
        (await call(server, 'GET', `ActionDocument/GetConnectionMethod/${C}/${method}`, { token })).body.Name,
      ).toBe('GetStock');
      const gone = await call(server, 'GET', `ActionDocument/GetConnectionMethod/${C}/${randomUUID()}`, {
        token,
      });
      expect(gone.body.Message).toBe('The method was not found');
    });

    const actionDocument = (overrides: Body = {}): Body => ({
      Guid: randomUUID(),
      ActionDocumentName: `Action ${randomUUID().slice(0, 6)}`,
      Description: '',
      FlowConnectionGuid: C,
      IsRead: false,
      Action: {
        Name: 'SalesOrder',
        Guid: SALES_ORDER,
        Type: 'Document',
        Method: 'write',
        Required: ['OrderNumber'],
        Childs: [
          {
            Name: 'SalesOrderLine',
            Guid: SALES_ORDER_LINE,
            Type: 'Document',
            Method: 'write',
            Relation: { ChildName: 'Lines', ChildField: 'SalesOrderId', ParentField: 'SalesOrderId' },
            Childs: [],
          },
        ],
      },
      Rules: [
        {
          Guid: SALES_ORDER,
          Name: 'SalesOrder',
          Order: 1,
          StopIfMatch: true,
          StopIfNoMatch: false,
          Input: ['OrderNumber'],
          Output: ['SalesOrderId'],
        },
      ],
      ...overrides,
    });

    it('saves and publishes an action document, omitting an empty description', async () => {
      const item = actionDocument();
      const saved = await call(server, 'POST', `ActionDocument/PostActionDocument/${C}/${item.Guid}`, {
        token,
        body: { ...item, IsPublished: true },
      });
      expect(saved.status).toBe(200);
      const read = await call(server, 'GET', `ActionDocument/GetActionDocument/${C}/${item.Guid}`, { token });
      expect(read.body.Status).toBe('published');
      expect(read.body).not.toHaveProperty('Description');
      const listed = await call(server, 'GET', `ActionDocument/GetActionDocuments/${C}`, { token });
      expect(listed.body.map((entry) => entry.ActionDocumentName)).toContain(item.ActionDocumentName);
    });

    it('checks the ad.validation rules on the server (part 2 §5 "Action document")', async () => {
      const bad = actionDocument({
        IsRead: true,
        Rules: [{ Guid: SALES_ORDER, Name: 'SalesOrder', Order: 1, Input: [], Output: ['Nope'] }],
      });
      const answer = await call(server, 'POST', `ActionDocument/PostActionDocument/${C}/${bad.Guid}`, {
        token,
        body: bad,
      });
      expect(answer.status).toBe(400);
      expect(keysOf(answer.body)).toEqual([
        '/Action/Method ad.validation.methodIsReadMismatch',
        '/Action/Childs/0/Method ad.validation.methodIsReadMismatch',
        '/Rules/0/Input ad.validation.ruleInputNotSet',
        '/Rules/0/Output/0 ad.validation.ruleOutputFieldDoesNotExist',
      ]);
      const noRoot = actionDocument({ Action: undefined, Rules: [] });
      const rootless = await call(server, 'POST', `ActionDocument/PostActionDocument/${C}/${noRoot.Guid}`, {
        token,
        body: noRoot,
      });
      expect(keysOf(rootless.body)).toEqual(['/Action ad.validation.rootActionNotChosen']);
      const short = actionDocument({ ActionDocumentName: 'x' });
      const named = await call(server, 'POST', `ActionDocument/PostActionDocument/${C}/${short.Guid}`, {
        token,
        body: short,
      });
      expect(keysOf(named.body)).toContain('/ActionDocumentName ad.validation.nameIsShort');
    });

    it('answers "was not found" for an action document of another connection', async () => {
      const item = actionDocument();
      await call(server, 'POST', `ActionDocument/PostActionDocument/${C}/${item.Guid}`, {
        token,
        body: item,
      });
      const other = randomUUID();
      const elsewhere = await call(server, 'GET', `ActionDocument/GetActionDocument/${other}/${item.Guid}`, {
        token,
      });
      expect(elsewhere.status).toBe(404);
      const moved = await call(server, 'POST', `ActionDocument/PostActionDocument/${C}/${item.Guid}`, {
        token,
        body: { ...item, FlowConnectionGuid: other },
      });
      expect(moved.status).toBe(400);
    });
  },
);
