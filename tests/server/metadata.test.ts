import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFunctionLists } from '../../server/seed/demo/021_function_lists';
import { call, signIn } from '../support/api';
import { limitedUser } from '../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

type Element = Record<string, unknown>;

const document = (elements: Element[], overrides: Record<string, unknown> = {}) => ({
  Guid: randomUUID(),
  Name: `Order${randomUUID().slice(0, 6)}`,
  SchemaType: 'Input',
  Elements: elements,
  ...overrides,
});

const nested: Element[] = [
  { Name: 'Id', Type: 'Guid', Default: { Type: 'NewGuid', Insert: true } },
  {
    Name: 'Customer',
    Type: 'Object',
    Elements: [
      { Name: 'Customer.Name', Type: 'String', Validation: { Required: true, Max: 100 } },
      { Name: 'Customer.Address', Type: 'DocumentType', Document: 'Address' },
    ],
  },
  {
    Name: 'Lines',
    Type: 'Array',
    ArrayElementType: 'Object',
    Elements: [
      { Name: 'Lines.Quantity', Type: 'Number', Default: { Type: 'StaticValue', Value: 1 } },
      { Name: 'Lines.Price', Type: 'Decimal' },
    ],
  },
];

const customers = demoFunctionLists[0]!.guid;

describe.each(databaseTargets)(
  'metadata documents on $name (spec part 1 §3, §5, §7 "Metadata documents")',
  (target) => {
    let server: TestServer;
    let token: string;
    const errorsOf = (body: Record<string, unknown>) =>
      (body.Errors as Array<{ Path: string; MessageKey: string }>).map(
        (error) => `${error.Path} ${error.MessageKey}`,
      );
    const post = (body: unknown) => call(server, 'POST', 'MetaDocumentBuilder/MetaDocument', { token, body });

    beforeAll(async () => {
      server = await startTestServer(target);
      token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    });
    afterAll(() => server?.close());

    it('serves the lookups: schema types, reference lists, foreign reference lists, function lists', async () => {
      const schemaTypes = await call(server, 'GET', 'MetaDocumentBuilder/GetReferenceLists/SchemaTypes', {
        token,
      });
      expect(schemaTypes.body.map((item) => item.Key)).toEqual([
        'Input',
        'Output',
        'Message',
        'Configuration',
      ]);
      const lists = await call(server, 'GET', 'MetaDocumentBuilder/GetReferenceLists', { token });
      expect(lists.body.map((list) => list.Name)).toEqual(['Countries', 'Currencies', 'SchemaTypes']);
      const foreign = await call(server, 'GET', 'MetaDocumentBuilder/GetForeignReferenceList', { token });
      expect(foreign.body.map((item) => item.Value)).toEqual(['Customers', 'Products']);
      const functions = await call(server, 'GET', 'FlowBase/GetFunctionLists', { token });
      expect(functions.body.map((list) => list.Name)).toEqual(['Customers', 'OrderStatuses']);
      const byConnection = await call(server, 'GET', `FlowBase/GetFunctionLists?connection=${randomUUID()}`, {
        token,
      });
      expect(byConnection.body).toEqual([]);
      const one = await call(server, 'GET', `FlowBase/GetFunctionListMetaByGuid/${customers}`, { token });
      expect(one.body.Name).toBe('Customers');
      expect((one.body.Fields as Element[]).map((field) => field.Name)).toContain('CustomerId');
      const missing = await call(server, 'GET', `FlowBase/GetFunctionListMetaByGuid/${randomUUID()}`, {
        token,
      });
      expect([missing.status, missing.body.Message]).toEqual([404, 'The function list was not found']);
      const unknownList = await call(server, 'GET', 'MetaDocumentBuilder/GetReferenceLists/Nope', { token });
      expect(unknownList.status).toBe(404);
    });

    it('creates a document with nested object and array fields, lists it by published state, publishes it', async () => {
      const item = document(nested);
      expect((await post(item)).body).toEqual({ Guid: item.Guid, Revision: 1 });
      const read = await call(server, 'GET', `MetaDocumentBuilder/GetMetadataDocument/${item.Guid}`, {
        token,
      });
      expect(read.body).toMatchObject({ ...item, IsPublished: false, Status: 'draft' });
      const drafts = await call(
        server,
        'GET',
        'MetaDocumentBuilder/GetMetadataDocuments?is_published=false',
        { token },
      );
      expect(drafts.body.map((entry) => entry.Name)).toContain(item.Name);
      expect((await post({ ...read.body, IsPublished: true })).status).toBe(200);
      const published = await call(
        server,
        'GET',
        'MetaDocumentBuilder/GetMetadataDocuments?is_published=true',
        { token },
      );
      expect(published.body.map((entry) => entry.Name)).toEqual(
        expect.arrayContaining(['Address', item.Name]),
      );
      expect(published.body.map((entry) => entry.Name)).not.toContain('CustomerMessage');
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['name empty → docNameEmpty', document(nested, { Name: '' }), '/Name docNameEmpty'],
      ['name of one character → docNameIsShort', document(nested, { Name: 'O' }), '/Name docNameIsShort'],
      [
        'name with a space → docNameContainsSpace',
        document(nested, { Name: 'Sales order' }),
        '/Name docNameContainsSpace',
      ],
      ['no fields → noFieldsSet', document([]), '/Elements noFieldsSet'],
      [
        'unknown field type → fieldTypeError',
        document([{ Name: 'Id', Type: 'Int' }]),
        '/Elements/0/Type fieldTypeError',
      ],
      [
        'duplicate names within a parent, ignoring case',
        document([
          {
            Name: 'P',
            Type: 'Object',
            Elements: [
              { Name: 'P.ab', Type: 'Text' },
              { Name: 'P.AB', Type: 'Text' },
            ],
          },
        ]),
        '/Elements/0/Elements/1/Name fieldNameExists',
      ],
      [
        'a child not named after its parent',
        document([{ Name: 'Po', Type: 'Object', Elements: [{ Name: 'Other.ab', Type: 'Text' }] }]),
        '/Elements/0/Elements/0/Name mb.validation.childNameInvalid',
      ],
      [
        'children under a plain type',
        document([{ Name: 'Po', Type: 'Text', Elements: [{ Name: 'Po.ab', Type: 'Text' }] }]),
        '/Elements/0/Type mb.validation.childrenNeedParentType',
      ],
      [
        'an array without element type',
        document([{ Name: 'Tags', Type: 'BasicTypeArray' }]),
        '/Elements/0/ArrayElementType mb.validation.arrayElementTypeEmpty',
      ],
      [
        'a document field bound to an unpublished document',
        document([{ Name: 'Cust', Type: 'DocumentType', Document: 'CustomerMessage' }]),
        '/Elements/0/Document mb.validation.documentNotPublished',
      ],
      [
        'a reference list that does not exist',
        document([
          {
            Name: 'Land',
            Type: 'String',
            Validation: { Max: 2, Type: 'referencelist', Reference: { Guid: randomUUID() } },
          },
        ]),
        '/Elements/0/Validation/Reference/Guid mb.validation.referenceListUnknown',
      ],
      [
        'a function-list mapping of a mismatched type',
        document([
          {
            Name: 'Since',
            Type: 'DateOnly',
            Validation: { Reference: { Guid: customers, Map: 'CustomerId' } },
          },
        ]),
        '/Elements/0/Validation/Reference/Map mb.validation.functionListTypeMismatch',
      ],
      [
        'return fields with the same alias → aliasMustBeUnique',
        document([
          {
            Name: 'CustomerId',
            Type: 'Number',
            Validation: {
              Reference: {
                Guid: customers,
                Map: 'CustomerId',
                Fields: [
                  { Name: 'CustomerName', Alias: 'name' },
                  { Name: 'Country', Alias: 'NAME' },
                ],
              },
            },
          },
        ]),
        '/Elements/0/Validation/Reference/Fields/1/Alias aliasMustBeUnique',
      ],
      [
        'a return field without alias → aliasCanNotBeEmpty',
        document([
          {
            Name: 'CustomerId',
            Type: 'Number',
            Validation: {
              Reference: { Guid: customers, Map: 'CustomerId', Fields: [{ Name: 'Country', Alias: '' }] },
            },
          },
        ]),
        '/Elements/0/Validation/Reference/Fields/0/Alias aliasCanNotBeEmpty',
      ],
      [
        'a static default that does not fit the type',
        document([{ Name: 'Qty', Type: 'Number', Default: { Type: 'StaticValue', Value: 'many' } }]),
        '/Elements/0/Default/Value typeError.number',
      ],
      [
        'a default type the field type does not permit',
        document([{ Name: 'Qty', Type: 'Number', Default: { Type: 'NewGuid' } }]),
        '/Elements/0/Default/Type mb.validation.defaultTypeNotAllowed',
      ],
      [
        'a max length of 0 → enterIntegerWithMin',
        document([{ Name: 'Code', Type: 'String', Validation: { Max: 0 } }]),
        '/Elements/0/Validation/Max enterIntegerWithMin',
      ],
      [
        'an unknown schema type',
        document(nested, { SchemaType: 'Nope' }),
        '/SchemaType mb.validation.schemaTypeUnknown',
      ],
    ])('refuses %s (part 1 §5 "Metadata document")', async (_case, body, expected) => {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(errorsOf(answer.body)).toContain(expected);
    });

    it('refuses a name another document has, ignoring case (docNameNotUnique)', async () => {
      const answer = await post(document([{ Name: 'Id', Type: 'Guid' }], { Name: 'ADDRESS' }));
      expect([answer.status, answer.body.MessageKey, answer.body.Message]).toEqual([
        400,
        'docNameNotUnique',
        'A metadata document with this name already exists',
      ]);
    });

    it('answers 409 for a stale save, and deletes with "was not found" after', async () => {
      const item = document(nested);
      await post(item);
      await post({ ...item, Description: 'theirs', Revision: 1 });
      const mine = await post({ ...item, Description: 'mine', Revision: 1 });
      expect(mine.status).toBe(409);
      expect((mine.body.Current as { Description: string }).Description).toBe('theirs');
      expect(
        (await call(server, 'DELETE', `MetaDocumentBuilder/DeleteMetadataDocument/${item.Guid}`, { token }))
          .body,
      ).toBe(true);
      const gone = await call(server, 'GET', `MetaDocumentBuilder/GetMetadataDocument/${item.Guid}`, {
        token,
      });
      expect([gone.status, gone.body.Message]).toEqual([404, 'The metadata document was not found']);
    });

    it('lets a reader read but not save or delete (part 1 §6)', async () => {
      // The Metadata Builder assigns no Read (spec part 1 §6): Publish, which needs Upsert to publish, makes a reader.
      const reader = await limitedUser(server, token, { MetaDocumentBuilder: { Publish: true } });
      const readerToken = reader.tokens.Token;
      const list = await call(server, 'GET', 'MetaDocumentBuilder/GetMetadataDocuments', {
        token: readerToken,
      });
      expect(list.status).toBe(200);
      const address = list.body.find((entry) => entry.Name === 'Address')!;
      expect(
        (
          await call(server, 'GET', `MetaDocumentBuilder/GetMetadataDocument/${address.Guid}`, {
            token: readerToken,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(server, 'POST', 'MetaDocumentBuilder/MetaDocument', {
            token: readerToken,
            body: document(nested),
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await call(server, 'DELETE', `MetaDocumentBuilder/DeleteMetadataDocument/${address.Guid}`, {
            token: readerToken,
          })
        ).status,
      ).toBe(403);
    });
  },
);
