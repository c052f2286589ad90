import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../server/http/bodyDepth';
import { newFlowGraph } from '../../src/domain/flow/graph';
import { call, signIn } from '../support/api';
import { limitedUser } from '../support/limitedUser';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

/**
 * Issue 29 point 8 ("Bodies"): a body nested deeper than MAX_BODY_DEPTH is answered 400 with a message
 * before anything walks it (it answered 500 at 10,000 levels, a RangeError of a recursive walk, and was
 * stored at 3,000), and what a schema does not name is never stored: unknown keys, at the top or nested,
 * are dropped on every save. Point 9: the metadata documents lookup answers users without
 * MetaDocumentBuilder Read published names and guids only.
 */

/** `depth` objects inside each other: {"a":{"a":...1...}}. */
const nestedText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** A valid JSON object's text with one more key whose value is `valueText`. */
const withKey = (body: object, key: string, valueText: string) =>
  `${JSON.stringify(body).slice(0, -1)},${JSON.stringify(key)}:${valueText}}`;

const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';

const connection = () => {
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
  };
};

describe.each(databaseTargets)('request bodies on $name (issue 29 points 8, 9)', (target) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(target);
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
  });
  afterAll(() => server?.close());

  const stored = async (guid: string) =>
    (
      await server.db.query<{ body: Record<string, unknown> }>('select body from items where guid = $1', [
        guid,
      ])
    )[0]?.body;

  const expectTooDeep = (answer: Awaited<ReturnType<typeof call>>) => {
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
    expect(answer.body).toMatchObject({
      MessageKey: 'api.tooDeep',
      Message: `The request nests its data more than ${MAX_BODY_DEPTH} levels deep.`,
      Errors: [{ Path: '/', MessageKey: 'api.tooDeep' }],
    });
  };

  describe('depth 100,000 and an unknown key', () => {
    it('a PostConnection with an extra key nested 100,000 deep answers 400 with a message, and stores nothing', async () => {
      for (const depth of [100_000, 10_000, 3_000, MAX_BODY_DEPTH + 1]) {
        const item = connection();
        const answer = await call(server, 'POST', 'Connection/PostConnection', {
          token,
          rawBody: withKey(item, 'Extra', nestedText(depth)),
        });
        expectTooDeep(answer);
        expect(await stored(item.FlowConnectionGuid)).toBeUndefined();
      }
      // Arrays count as levels too, and a body too deep answers before the guard or validation.
      expectTooDeep(
        await call(server, 'POST', 'Connection/PostConnection', {
          token,
          rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        }),
      );
      expectTooDeep(
        await call(server, 'POST', 'Users/Authenticate', {
          rawBody: withKey({ Email: 'a@b.co', Password: 'x' }, 'Extra', nestedText(100_000)),
        }),
      );
    });

    it('brackets inside strings are text, not levels; a body at the limit reaches the handler and its unknown key is dropped', async () => {
      const item = { ...connection(), Name: `crm_${'{['.repeat(200)}`.slice(0, 90) };
      const quoted = await call(server, 'POST', 'Connection/PostConnection', {
        token,
        rawBody: withKey(item, 'Note', JSON.stringify(`${'['.repeat(500)}\\"{{{`)),
      });
      // The name is refused by its rules (no brackets), not by the depth limit.
      expect(quoted.status).toBe(400);
      expect(quoted.body.MessageKey).not.toBe('api.tooDeep');

      const atLimit = connection();
      // The connection object is one level: the extra key's value may nest MAX_BODY_DEPTH - 1 more.
      const answer = await call(server, 'POST', 'Connection/PostConnection', {
        token,
        rawBody: withKey(atLimit, 'Extra', nestedText(MAX_BODY_DEPTH - 1)),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = await stored(atLimit.FlowConnectionGuid);
      expect(body).toMatchObject({ Name: atLimit.Name });
      expect(body).not.toHaveProperty('Extra');
      const read = await call(server, 'GET', `Connection/GetConnectionByGuid/${atLimit.FlowConnectionGuid}`, {
        token,
      });
      expect(read.body).not.toHaveProperty('Extra');
    });
  });

  describe('unknown keys are not stored, at the top or nested (mass assignment)', () => {
    it('connection: an unknown key at the top and in its credential', async () => {
      const item = connection();
      const answer = await call(server, 'POST', 'Connection/PostConnection', {
        token,
        body: {
          ...item,
          IsAdmin: true,
          Revision: undefined,
          FlowCredential: { ...item.FlowCredential, Owner: 'mallory' },
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = await stored(item.FlowConnectionGuid);
      expect(body).toMatchObject({ Name: item.Name, FlowCredential: { Type: 'PostgreSQL' } });
      expect(body).not.toHaveProperty('IsAdmin');
      expect(body!.FlowCredential).not.toHaveProperty('Owner');
    });

    it('script (a plain kind): an unknown key at the top', async () => {
      const item = {
        Guid: randomUUID(),
        Name: `script.${randomUUID().slice(0, 6)}`,
        Script: 'public class A {}',
        Commit: 'first',
      };
      const answer = await call(server, 'POST', 'Script/PostScript', {
        token,
        body: { ...item, CreatedBy: 'mallory', Unknown: { deep: [1, 2] } },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = await stored(item.Guid);
      expect(body).toMatchObject(item);
      expect(body).not.toHaveProperty('CreatedBy');
      expect(body).not.toHaveProperty('Unknown');
      const read = await call(server, 'GET', `Script/GetScriptByGuid/${item.Guid}`, { token });
      expect(read.body).not.toHaveProperty('Unknown');
    });

    it('metadata document: an unknown key on a nested element and in its validation', async () => {
      const item = {
        Guid: randomUUID(),
        Name: `Order${randomUUID().slice(0, 6)}`,
        SchemaType: 'Input',
        Elements: [
          {
            Name: 'Customer',
            Type: 'Object',
            Elements: [
              {
                Name: 'Customer.Name',
                Type: 'String',
                Validation: { Required: true, Max: 100, Script: 'x' },
                Injected: '<b>',
              },
            ],
          },
        ],
      };
      const answer = await call(server, 'POST', 'MetaDocumentBuilder/MetaDocument', {
        token,
        body: { ...item, Hidden: true },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = (await stored(item.Guid)) as typeof item & Record<string, unknown>;
      expect(body).not.toHaveProperty('Hidden');
      const child = body.Elements[0]!.Elements[0]! as Record<string, unknown>;
      expect(child).toMatchObject({ Name: 'Customer.Name', Validation: { Required: true, Max: 100 } });
      expect(child).not.toHaveProperty('Injected');
      expect(child.Validation).not.toHaveProperty('Script');
    });

    it('REST API and method: unknown keys at the top', async () => {
      const api = {
        Guid: randomUUID(),
        Name: `orders_${randomUUID().slice(0, 6)}`,
        ReturnType: 'Json',
        ApiAuthentication: 'ApiToken',
        IsActive: true,
        IsInternal: false,
        Users: [],
        Settings: [],
      };
      const saved = await call(server, 'POST', 'RestApi/PostRestApi', {
        token,
        body: { ...api, ApiToken: 'chosen-by-caller', Extra: 1 },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await stored(api.Guid)).not.toHaveProperty('Extra');

      const [demo] = await server.db.query<{ guid: string }>(
        "select guid::text as guid from items where kind = 'connection' and name = 'DemoDatabase'",
      );
      const method = {
        Guid: randomUUID(),
        Name: `Orders_${randomUUID().slice(0, 6)}`,
        Type: 'Stored Procedure',
        FlowConnectionGuid: demo!.guid,
        IsSp: true,
        IsRead: true,
        Script: 'demo.list_orders',
        Input: [{ Name: 'p_customer_id', Type: 'Number', Validation: { Required: true }, Extra: 1 }],
        Output: [{ Name: 'status', Type: 'String', Validation: { Max: 20 } }],
      };
      const savedMethod = await call(
        server,
        'POST',
        `SPActionDocument/PostConnectionMethod/${demo!.guid}/${method.Guid}`,
        { token, body: { ...method, Owner: 'mallory' } },
      );
      expect(savedMethod.status, JSON.stringify(savedMethod.body)).toBe(200);
      const body = (await stored(method.Guid)) as Record<string, unknown> & { Input: object[] };
      expect(body).not.toHaveProperty('Owner');
      expect(body.Input[0]).toEqual({
        Name: 'p_customer_id',
        Type: 'Number',
        Validation: { Required: true },
      });
    });

    it('flow: an unknown key in a block, kept out of the stored graph', async () => {
      const graph = newFlowGraph({ isScript: false });
      const flow = {
        Guid: randomUUID(),
        VersionGuid: randomUUID(),
        Name: `bodies/${randomUUID().slice(0, 6)}`,
        HttpMethod: 'GET',
        Api: ORDERS_API,
        IsScript: false,
        IsNew: true,
        Flow: {
          ...graph,
          Blocks: graph.Blocks!.map((block) => ({ ...block, Secret: 'x', Position: { X: 1, Y: 2, Z: 3 } })),
        },
      };
      const saved = await call(server, 'POST', 'FlowBuilder/PostRestMethodFlow', {
        token,
        body: { ...flow, Owner: 'mallory' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const read = await call(server, 'GET', `FlowBuilder/GetRestMethodFlowById/${flow.Guid}`, { token });
      expect(read.status).toBe(200);
      expect(read.body).not.toHaveProperty('Owner');
      const blocks = (read.body.Flow as { Blocks: Array<Record<string, unknown>> }).Blocks;
      expect(blocks.length).toBe(graph.Blocks!.length);
      for (const block of blocks) {
        expect(block).not.toHaveProperty('Secret');
        expect(block.Position).toEqual({ X: 1, Y: 2 });
      }
      const text = JSON.stringify(
        await server.db.query('select * from flow_versions where flow_guid = $1', [flow.Guid]),
      );
      expect(text).not.toContain('Secret');
      expect(text).not.toContain('mallory');
    });

    it('explicit additionalProperties: false still refuses (account calls)', async () => {
      const answer = await call(server, 'POST', 'Users/RequestNewPassword', {
        body: { Email: 'nobody@example.com', Unexpected: 1 },
      });
      expect(answer.status).toBe(400);
      expect((answer.body.Errors as Array<{ Path: string }>)[0]!.Path).toBe('/Unexpected');
    });
  });

  describe('the metadata documents lookup (point 9)', () => {
    it('answers users without MetaDocumentBuilder Read published documents only, as names and guids', async () => {
      const element = { Name: 'Id', Type: 'Guid' };
      const draft = {
        Guid: randomUUID(),
        Name: `Draft${randomUUID().slice(0, 6)}`,
        SchemaType: 'Input',
        Elements: [element],
      };
      const published = {
        Guid: randomUUID(),
        Name: `Pub${randomUUID().slice(0, 6)}`,
        SchemaType: 'Input',
        Description: 'internal notes',
        Elements: [element],
      };
      expect(
        (await call(server, 'POST', 'MetaDocumentBuilder/MetaDocument', { token, body: draft })).status,
      ).toBe(200);
      expect(
        (
          await call(server, 'POST', 'MetaDocumentBuilder/MetaDocument', {
            token,
            body: { ...published, IsPublished: true },
          })
        ).status,
      ).toBe(200);

      // A builder of documents (no MetaDocumentBuilder permission) picks published metadata documents.
      const builder = await limitedUser(server, token, { DocumentBuilder: { Read: true, Upsert: true } });
      for (const query of ['', '?is_published=true', '?is_published=false']) {
        const answer = await call(server, 'GET', `MetaDocumentBuilder/GetMetadataDocuments${query}`, {
          token: builder.tokens.Token,
        });
        expect(answer.status).toBe(200);
        const names = answer.body.map((entry) => entry.Name);
        expect(names).not.toContain(draft.Name);
        expect(
          answer.body.every((entry) => Object.keys(entry).sort().join() === 'Guid,IsPublished,Name'),
        ).toBe(true);
        if (query === '?is_published=false') expect(answer.body).toEqual([]);
        else
          expect(answer.body).toContainEqual({
            Guid: published.Guid,
            Name: published.Name,
            IsPublished: true,
          });
      }

      // With MetaDocumentBuilder Read (implied by any of its actions): the full documents, drafts too.
      const reader = await limitedUser(server, token, { MetaDocumentBuilder: { Publish: true } });
      const full = await call(server, 'GET', 'MetaDocumentBuilder/GetMetadataDocuments', {
        token: reader.tokens.Token,
      });
      expect(full.body.map((entry) => entry.Name)).toEqual(
        expect.arrayContaining([draft.Name, published.Name]),
      );
      expect(full.body.find((entry) => entry.Guid === published.Guid)).toMatchObject({
        Description: 'internal notes',
        Elements: [element],
      });
    });
  });
});
