import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFlowGraph } from '../../src/domain/flow/graph';
import type { FlowAction, FlowLookups, RestMethodFlow } from '../../src/domain/flow/types';
import { validateFlow } from '../../src/domain/flow/validateFlow';
import { call, signIn } from '../support/api';
import { seedFlowTargets } from '../support/flowTargets';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../support/testServer';

async function mailedKey(server: TestServer, email: string) {
  const [mail] = await server.db.query<{ link: string }>(
    'select link from outbox where recipient = $1 order by id desc limit 1',
    [email],
  );
  return new URL(mail!.link).searchParams.get('key')!;
}

/** A signed-in user holding one role with these Flow Builder permissions. */
async function flowUser(server: TestServer, adminToken: string, permissions: Record<string, boolean>) {
  const role = await call(server, 'POST', 'UserManagement/PostRole', {
    token: adminToken,
    body: { Guid: 0, Name: `Flows ${randomUUID().slice(0, 6)}`, Permissions: { FlowBuilder: permissions } },
  });
  const guid = randomUUID();
  const email = `flow.${guid.slice(0, 8)}@example.com`;
  await call(server, 'POST', 'UserManagement/PostUser', {
    token: adminToken,
    body: { Guid: guid, Email: email, Roles: [Number(role.body.Guid)] },
  });
  const key = await mailedKey(server, email);
  const secret = String(
    (await call(server, 'GET', `Users/CreateSharedKey?Key=${encodeURIComponent(key)}`)).body.Secret,
  );
  await call(server, 'POST', 'Users/ResetPassword', {
    body: { Password: 'Limited!2345', Key: key, TwoFA: await server.code(secret) },
  });
  return (await signIn(server, email, 'Limited!2345', secret)).Token;
}

describe.each(databaseTargets)('Flow Builder on $name (spec part 2 §4 flows, §7 FlowBuilder)', (target) => {
  let server: TestServer;
  let token: string;
  let targets: Awaited<ReturnType<typeof seedFlowTargets>>;
  beforeAll(async () => {
    server = await startTestServer(target);
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    targets = await seedFlowTargets(server.db);
  });
  afterAll(() => server?.close());

  const get = (path: string) => call(server, 'GET', `FlowBuilder/${path}`, { token });
  const post = (path: string, body: unknown, as = token) =>
    call(server, 'POST', `FlowBuilder/${path}`, { token: as, body });

  /** Lookups for validateFlow fetched through the API, as the console fetches them. */
  async function lookups(flow: RestMethodFlow): Promise<FlowLookups> {
    const guids = new Set(
      (flow.Flow?.Blocks ?? []).flatMap((block) =>
        block.Config?.Action?.Guid ? [block.Config.Action.Guid] : [],
      ),
    );
    const actions = await Promise.all(
      [...guids].map(
        async (guid) => (await get(`GetActionsRestFlowById/${guid}`)).body as unknown as FlowAction,
      ),
    );
    const defaults = await call(server, 'GET', 'FlowBase/GetSettingByName?Name=DefaultValueTypes', { token });
    return {
      actions: new Map(actions.map((action) => [action.Guid, action])),
      connectors: new Map(
        ((await get('GetExternalConnectors')).body as unknown as Array<{ Guid: string; Name: string }>).map(
          (c) => [c.Guid, c],
        ),
      ),
      functions: new Map(
        ((await get('GetFunctions')).body as unknown as Array<{ Guid: string; Name: string }>).map((f) => [
          f.Guid,
          f,
        ]),
      ),
      defaultValueTypes: defaults.body.Items as never,
    };
  }

  const newFlow = (overrides: Partial<RestMethodFlow> = {}): RestMethodFlow => ({
    Guid: randomUUID(),
    VersionGuid: randomUUID(),
    Name: `customers/${randomUUID().slice(0, 6)}`,
    HttpMethod: 'GET',
    Api: targets.api.Guid,
    IsScript: false,
    IsNew: true,
    Flow: newFlowGraph({ isScript: false }),
    ...overrides,
  });

  it('serves the demo flows, valid by the same rules the console runs', async () => {
    const list = await get('GetRestMethodFlows');
    expect(list.status).toBe(200);
    const names = list.body.map((flow) => flow.Name);
    expect(names).toEqual(expect.arrayContaining(['orders/notify']));
    for (const summary of list.body) {
      expect(summary).not.toHaveProperty('Flow');
      const flow = (await get(`GetRestMethodFlowById/${summary.Guid}`)).body as unknown as RestMethodFlow;
      expect(validateFlow(flow, await lookups(flow))).toEqual([]);
    }
  });

  it('serves lookups from the stored REST APIs, documents, connectors and functions (spec part 2 §7)', async () => {
    expect((await get('GetApiList')).body).toEqual(expect.arrayContaining([targets.api]));
    // The REST API builder's own items (kind restApi) are what flows belong to: the demo's orders_api.
    expect((await get('GetApiList')).body.map((api) => api.Name)).toContain('orders_api');
    // Composed and action documents of the connection are actions too (kinds composedDocument, actionDocument).
    const every = await get(`GetActionsRestFlow/${targets.connection}`);
    expect(every.body.map((entry) => entry.Type)).toEqual(
      expect.arrayContaining(['Document', 'ComposedDocument', 'ActionDocument']),
    );
    const documents = await get(`GetDocuments/${targets.connection}`);
    const document = documents.body.find((entry) => entry.Guid === targets.document.Guid)!;
    expect(document.Elements).toHaveLength(5);
    const actions = await get(`GetActionsRestFlow/${targets.connection}?IsReadAction=true`);
    const action = actions.body.find((entry) => entry.Guid === targets.document.Guid)!;
    expect(action).toMatchObject({ Name: targets.document.Name, Type: 'Document', IsRead: true });
    expect(
      (action.Input as Array<{ Name: string; IsKey?: boolean }>)
        .filter((field) => field.IsKey)
        .map((field) => field.Name),
    ).toEqual(['Id']);
    expect((await get(`GetActionsRestFlowById/${targets.document.Guid}`)).body.Name).toBe(
      targets.document.Name,
    );
    const missing = await get(`GetActionsRestFlowById/${randomUUID()}`);
    expect([missing.status, missing.body.Message]).toEqual([404, 'The action was not found']);
    const connectors = await get('GetExternalConnectors');
    expect(connectors.body.map((connector) => connector.Name)).toEqual(
      expect.arrayContaining(['SendMail', 'CreateTicket']),
    );
    expect((await get(`GetExternalConnectorById/${connectors.body[0]!.Guid}`)).body.Input).toBeDefined();
    expect((await get(`GetExternalConnectorById/${randomUUID()}`)).status).toBe(404);
    const functions = await get('GetFunctions');
    expect(functions.body.find((fn) => fn.Name === 'FullName')).toMatchObject({ Output: { Type: 'String' } });
  });

  it('creates a flow as a draft and checks for an existing one by name, method and REST API (part 2 §5 "Names")', async () => {
    const flow = newFlow({ Name: 'orders/open' });
    const created = await post('PostRestMethodFlow', flow);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ Guid: flow.Guid, Revision: 1 });
    const read = await get(`GetRestMethodFlowById/${flow.Guid}`);
    expect(read.body).toMatchObject({
      Name: 'orders/open',
      Status: 'draft',
      Version: 1,
      IsPublished: false,
      IsActive: false,
      ApiName: targets.api.Name,
    });
    expect(read.body.Versions).toHaveLength(1);
    const check = (body: object) => post('CheckForExistingRestMethodFlow', body);
    expect((await check({ Method: 'GET', ApiGuid: targets.api.Guid, FlowName: 'ORDERS/open' })).body).toEqual(
      { RestMethodFlowExists: true },
    );
    expect(
      (
        await check({
          Method: 'GET',
          ApiGuid: targets.api.Guid,
          FlowName: 'orders/open',
          FlowGuid: flow.Guid,
        })
      ).body.RestMethodFlowExists,
    ).toBe(false);
    expect(
      (await check({ Method: 'POST', ApiGuid: targets.api.Guid, FlowName: 'orders/open' })).body
        .RestMethodFlowExists,
    ).toBe(false);
    const twin = await post('PostRestMethodFlow', newFlow({ Name: 'Orders/Open' }));
    expect([twin.status, twin.body.Message]).toEqual([
      400,
      'A GET flow with this name already exists under this REST API',
    ]);
    const badName = await post('PostRestMethodFlow', newFlow({ Name: 'orders//open' }));
    expect(badName.status).toBe(400);
    expect((badName.body.Errors as Array<{ MessageKey: string }>).map((error) => error.MessageKey)).toContain(
      'fb.flowErrors.flowNameInvalid',
    );
    const noApi = await post('PostRestMethodFlow', newFlow({ Api: randomUUID() }));
    expect([noApi.status, noApi.body.MessageKey]).toEqual([400, 'fb.flowErrors.apiNotFound']);
  });

  it('publishes only a flow without errors, enabling it when asked, and then refuses edits (part 2 §4, §5 "Validation failures block publish")', async () => {
    const flow = newFlow();
    await post('PostRestMethodFlow', flow);
    const refused = await post('PostRestMethodFlow', {
      ...flow,
      Revision: 1,
      IsPublished: true,
      IsActive: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe('The flow has 1 validation problem(s) and cannot be published');
    expect((refused.body.Errors as Array<{ MessageKey: string }>).map((error) => error.MessageKey)).toEqual([
      'fb.flowErrors.resultNoFields',
    ]);
    expect((await get(`GetRestMethodFlowById/${flow.Guid}`)).body).toMatchObject({
      Status: 'draft',
      IsActive: false,
    });

    const result = flow.Flow!.Blocks!.find((block) => block.Type === 'result')!;
    result.Config = { ...result.Config, FullOutput: true };
    const published = await post('PostRestMethodFlow', {
      ...flow,
      Revision: 1,
      IsPublished: true,
      IsActive: true,
    });
    expect(published.status).toBe(200);
    const read = await get(`GetRestMethodFlowById/${flow.Guid}`);
    expect(read.body).toMatchObject({ Status: 'published', IsPublished: true, IsActive: true });
    expect(read.body.FirstPublished).toBeTruthy();
    expect(read.body.LastPublished).toBe(read.body.FirstPublished);

    const edit = await post('PostRestMethodFlow', { ...flow, Revision: published.body.Revision });
    expect([edit.status, edit.body.Message]).toEqual([
      400,
      'This flow version is published or archived and cannot be changed',
    ]);
  });

  it('answers 409 with the stored version for a save on a stale revision', async () => {
    const flow = newFlow();
    await post('PostRestMethodFlow', flow);
    await post('PostRestMethodFlow', { ...flow, Description: 'theirs', Revision: 1 });
    const mine = await post('PostRestMethodFlow', { ...flow, Description: 'mine', Revision: 1 });
    expect(mine.status).toBe(409);
    expect((mine.body.Current as RestMethodFlow).Revision).toBe(2);
  });

  it('duplicates a version as a draft, refuses while a draft exists, deletes only drafts, archives on publish (part 2 §4)', async () => {
    const flow = newFlow({ Flow: { ...newFlowGraph({ isScript: false }) } });
    flow.Flow!.Blocks!.find((block) => block.Type === 'result')!.Config = { FullOutput: true };
    await post('PostRestMethodFlow', { ...flow, IsPublished: true });
    const first = flow.VersionGuid!;

    const copy = await post(`DuplicateRestMethodFlow/${flow.Guid}/${first}`, undefined);
    expect(copy.status).toBe(200);
    const newest = (await get(`GetRestMethodFlowById/${flow.Guid}`)).body as unknown as RestMethodFlow;
    expect(newest).toMatchObject({
      Version: 2,
      Status: 'inactive' === newest.Status ? 'inactive' : 'draft',
      IsPublished: false,
    });
    expect(newest.VersionGuid).not.toBe(first);
    expect(
      newest.Versions!.map((version) => [version.Version, version.Status, version.Published === null]),
    ).toEqual([
      [2, 'draft', true],
      [1, 'inactive', false],
    ]);

    const again = await post(`DuplicateRestMethodFlow/${flow.Guid}/${first}`, undefined);
    expect([again.status, again.body.Message]).toEqual([400, 'Not possible to duplicate']);

    const publishedDelete = await call(
      server,
      'DELETE',
      `FlowBuilder/DeleteRestMethodFlow/${flow.Guid}/${first}`,
      { token },
    );
    expect([publishedDelete.status, publishedDelete.body.Message]).toEqual([
      400,
      'Only a draft version can be deleted',
    ]);

    // Publishing the draft archives the version published before.
    await post('PostRestMethodFlow', { ...newest, IsPublished: true });
    const history = (await get(`GetRestMethodFlowById/${flow.Guid}`)).body.Versions as Array<{
      Version: number;
      Status: string;
    }>;
    expect(history.map((version) => [version.Version, version.Status])).toEqual([
      [2, 'inactive'],
      [1, 'archived'],
    ]);
    const old = await get(`GetRestMethodFlowById/${flow.Guid}/${first}`);
    expect(old.body).toMatchObject({ Version: 1, Status: 'archived' });

    // A draft again, then deleted; deleting the last version deletes the flow.
    await post(`DuplicateRestMethodFlow/${flow.Guid}/${first}`, undefined);
    const draft = (await get(`GetRestMethodFlowById/${flow.Guid}`)).body;
    expect(
      (
        await call(server, 'DELETE', `FlowBuilder/DeleteRestMethodFlow/${flow.Guid}/${draft.VersionGuid}`, {
          token,
        })
      ).body,
    ).toBe(true);
    expect(((await get(`GetRestMethodFlowById/${flow.Guid}`)).body.Versions as unknown[]).length).toBe(2);

    const lonely = newFlow();
    await post('PostRestMethodFlow', lonely);
    await call(server, 'DELETE', `FlowBuilder/DeleteRestMethodFlow/${lonely.Guid}/${lonely.VersionGuid}`, {
      token,
    });
    const gone = await get(`GetRestMethodFlowById/${lonely.Guid}`);
    expect([gone.status, gone.body.Message]).toEqual([404, 'Unable to load flow']);
  });

  it('activates and deactivates a published flow only (part 2 §4: the call sends the active flag)', async () => {
    const flow = newFlow();
    await post('PostRestMethodFlow', flow);
    const early = await post(`SetRestMethodFlowStatus/${flow.Guid}`, { IsActive: true });
    expect([early.status, early.body.Message]).toEqual([400, 'Publish the flow before activating it']);
    flow.Flow!.Blocks!.find((block) => block.Type === 'result')!.Config = { FullOutput: true };
    await post('PostRestMethodFlow', { ...flow, Revision: 1, IsPublished: true });
    expect((await get(`GetRestMethodFlowById/${flow.Guid}`)).body.Status).toBe('inactive');
    expect((await post(`SetRestMethodFlowStatus/${flow.Guid}`, { IsActive: true })).body).toBe(true);
    expect((await get(`GetRestMethodFlowById/${flow.Guid}`)).body).toMatchObject({
      Status: 'published',
      IsActive: true,
    });
    const listed = (await get('GetRestMethodFlows')).body.find((entry) => entry.Guid === flow.Guid);
    expect(listed).toMatchObject({ IsActive: true, IsPublished: true, Status: 'published' });
    await post(`SetRestMethodFlowStatus/${flow.Guid}`, { IsActive: false });
    expect((await get(`GetRestMethodFlowById/${flow.Guid}`)).body).toMatchObject({
      Status: 'inactive',
      IsActive: false,
    });
    expect((await post(`SetRestMethodFlowStatus/${randomUUID()}`, { IsActive: true })).status).toBe(404);
  });

  it('needs Publish to publish or change status, and the special permissions for script, PUT and DELETE flows (part 2 §4, §6)', async () => {
    const editor = await flowUser(server, token, { Upsert: true, Delete: true });
    const flow = newFlow();
    expect((await post('PostRestMethodFlow', flow, editor)).status).toBe(200);
    flow.Flow!.Blocks!.find((block) => block.Type === 'result')!.Config = { FullOutput: true };
    const publish = await post('PostRestMethodFlow', { ...flow, IsPublished: true }, editor);
    expect(publish.status).toBe(403);
    expect((await post(`SetRestMethodFlowStatus/${flow.Guid}`, { IsActive: true }, editor)).status).toBe(403);

    const special = await post('PostRestMethodFlow', newFlow({ HttpMethod: 'PUT' }), editor);
    expect([special.status, special.body.Message]).toEqual([
      403,
      'Script flows and PUT or DELETE flows need the special flow permission',
    ]);
    expect(
      (
        await post(
          'PostRestMethodFlow',
          newFlow({ IsScript: true, Flow: newFlowGraph({ isScript: true }) }),
          editor,
        )
      ).status,
    ).toBe(403);

    const putFlow = newFlow({ HttpMethod: 'DELETE' });
    await post('PostRestMethodFlow', putFlow);
    const remove = await call(
      server,
      'DELETE',
      `FlowBuilder/DeleteRestMethodFlow/${putFlow.Guid}/${putFlow.VersionGuid}`,
      { token: editor },
    );
    expect(remove.status).toBe(403);
    const specialist = await flowUser(server, token, {
      Upsert: true,
      Delete: true,
      UpsertSpecialFlow: true,
      DeleteSpecialFlow: true,
      Publish: true,
    });
    expect((await post('PostRestMethodFlow', newFlow({ HttpMethod: 'PUT' }), specialist)).status).toBe(200);
    expect(
      (
        await call(
          server,
          'DELETE',
          `FlowBuilder/DeleteRestMethodFlow/${putFlow.Guid}/${putFlow.VersionGuid}`,
          { token: specialist },
        )
      ).body,
    ).toBe(true);
    expect(
      (await post('PostRestMethodFlow', { ...flow, Revision: 1, IsPublished: true }, specialist)).status,
    ).toBe(200);
  });

  it('answers 404 in the catalogue’s words for a flow or version that does not exist', async () => {
    const missing = await get(`GetRestMethodFlowById/${randomUUID()}`);
    expect([missing.status, missing.body.Message]).toEqual([404, 'Unable to load flow']);
    const flow = newFlow();
    await post('PostRestMethodFlow', flow);
    const version = await get(`GetRestMethodFlowById/${flow.Guid}/${randomUUID()}`);
    expect([version.status, version.body.Message]).toEqual([404, 'The flow version was not found']);
  });
});
