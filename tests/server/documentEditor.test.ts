import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONNECTION_GUID } from '../../server/connections/connectionKind';
import { call, signIn } from '../support/api';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

const C = DEMO_CONNECTION_GUID;
const COUNTRIES = 'c0a80001-0000-4000-8000-000000000001';
const CUSTOMERS = 'c0a80001-0000-4000-8000-000000000002';

type Errors = Array<{ Path: string; MessageKey: string; Message: string }>;

describe.each(databaseTargets)(
  'Document Editor on $name (spec part 2 §2 "Document Editor", §7 DocumentEditor)',
  (target) => {
    let server: TestServer;
    let token: string;
    const records = (guid: string, query = '') =>
      call(server, 'GET', `DocumentEditor/GetConnectionDocument/${C}/${guid}/records${query}`, { token });
    const post = (guid: string, body: Record<string, unknown>, isNew?: boolean) =>
      call(
        server,
        'POST',
        `DocumentEditor/PostRecord/${C}/${guid}${isNew === undefined ? '' : `?IsNew=${isNew}`}`,
        {
          token,
          body,
        },
      );

    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('offers the published list documents of the connection', async () => {
      const documents = await call(server, 'GET', `DocumentEditor/GetListDocuments/${C}`, { token });
      expect(documents.status).toBe(200);
      expect(documents.body.map((document) => document.Name)).toEqual([
        'Countries',
        'Customers',
        // The flow demo's own list documents (server/seed/demo/050_flows.ts), the error flow's included.
        'FlowDemoCustomer',
        'FlowDemoFailure',
        'FlowDemoNotification',
      ]);
    });

    it('answers pages sorted and searched on the server, with the total', async () => {
      const first = await records(COUNTRIES, '?pageSize=2');
      expect(first.body.Total).toBe(4);
      // Default sort: the key, ascending (spec part 2 §2 tables: ascending sort).
      expect((first.body.Records as Array<{ Code: string }>).map((record) => record.Code)).toEqual([
        'BE',
        'DE',
      ]);
      const second = await records(COUNTRIES, '?pageSize=2&page=2');
      expect((second.body.Records as Array<{ Code: string }>).map((record) => record.Code)).toEqual([
        'GB',
        'NL',
      ]);
      const byName = await records(COUNTRIES, '?sort=Name&direction=DESC');
      expect((byName.body.Records as Array<{ Name: string }>)[0]?.Name).toBe('United Kingdom');
      const searched = await records(COUNTRIES, '?search=land');
      expect((searched.body.Records as Array<{ Code: string }>).map((record) => record.Code)).toEqual(['NL']);
      // A search of LIKE wildcards finds them literally, not everything.
      expect((await records(COUNTRIES, '?search=%25')).body.Total).toBe(0);
      const badSort = await records(COUNTRIES, '?sort=Nope');
      expect(badSort.status).toBe(400);
      expect(badSort.body.Message).toBe(
        'The records cannot be sorted by Nope: the document has no such field',
      );
    });

    it('answers one record by keyField and keyValue, or "was not found"', async () => {
      const one = await records(COUNTRIES, '?keyField=Code&keyValue=NL');
      expect(one.body).toEqual({ Records: [{ Code: 'NL', Name: 'Netherlands' }], Total: 1 });
      const missing = await records(COUNTRIES, '?keyField=Code&keyValue=XX');
      expect(missing.status).toBe(404);
      expect(missing.body.Message).toBe('The record was not found');
      const wrongType = await records(CUSTOMERS, '?keyField=CustomerId&keyValue=abc');
      expect(wrongType.status).toBe(404);
    });

    it('inserts with an identity and defaults on insert, and updates keeping not-updatable fields', async () => {
      const created = await post(
        CUSTOMERS,
        { Name: 'Umbrella', Email: 'hq@umbrella.example', CountryCode: 'BE' },
        true,
      );
      expect(created.status).toBe(200);
      const id = created.body.CustomerId as number;
      expect(id).toBeGreaterThan(3);
      // CustomerSince: current date on insert; Active: static true on insert (spec part 2 §3 'Field options').
      expect(created.body.CustomerSince).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(created.body.Active).toBe(true);

      const updated = await post(CUSTOMERS, { CustomerId: id, Name: 'Umbrella Corp', Active: false }, false);
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        CustomerId: id,
        Name: 'Umbrella Corp',
        Active: false,
        CountryCode: 'BE',
      });
      expect(updated.body.CustomerSince).toBe(created.body.CustomerSince);

      const notUpdatable = await post(CUSTOMERS, { CustomerId: id, CustomerSince: '2000-01-01' }, false);
      expect(notUpdatable.status).toBe(400);
      expect(
        (notUpdatable.body.Errors as Errors).map((error) => `${error.Path} ${error.MessageKey}`),
      ).toEqual(['/CustomerSince de.validation.notUpdatable']);
      expect((await post(CUSTOMERS, { CustomerId: 99999, Name: 'Ghost' }, false)).status).toBe(404);
    });

    it('checks types, required, max length, regex and references, naming the fields', async () => {
      const bad = await post(
        CUSTOMERS,
        { Name: '', Email: 'not-an-email', CountryCode: 'XX', Active: 'yes' },
        true,
      );
      expect(bad.status).toBe(400);
      expect((bad.body.Errors as Errors).map((error) => `${error.Path} ${error.MessageKey}`)).toEqual([
        '/Name de.validation.required',
        '/Email de.validation.pattern',
        '/Active typeError.boolean',
        '/CountryCode de.validation.referenceNotFound',
      ]);
      const long = await post(COUNTRIES, { Code: 'NLD', Name: 'Too long' }, true);
      expect((long.body.Errors as Errors)[0]).toMatchObject({
        Path: '/Code',
        Message: 'At most 2 characters',
      });
      const unknown = await post(COUNTRIES, { Code: 'FR', Name: 'France', Capital: 'Paris' }, true);
      expect(unknown.status).toBe(400);
      expect(unknown.body.MessageKey).toBe('de.validation.unknownField');
    });

    it('refuses a key that exists on insert, and inserts or updates by key without IsNew', async () => {
      const duplicate = await post(COUNTRIES, { Code: 'NL', Name: 'Again' }, true);
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.Message).toBe('A record with this key already exists');
      expect((await post(COUNTRIES, { Code: 'FR', Name: 'France' })).status).toBe(200);
      const renamed = await post(COUNTRIES, { Code: 'FR', Name: 'République française' });
      expect(renamed.body).toEqual({ Code: 'FR', Name: 'République française' });
      // Records are rows: SQL sees them.
      const [row] = await server.db.query<{ Name: string }>(
        `select "Name" from records."d_${COUNTRIES.replaceAll('-', '')}" where "Code" = 'FR'`,
      );
      expect(row?.Name).toBe('République française');
    });

    it('answers "was not found" for a document that is not a published list document', async () => {
      const action = await records('c0a80001-0000-4000-8000-000000000003');
      expect(action.status).toBe(404);
      expect(action.body.Message).toBe('The document was not found');
    });
  },
);
