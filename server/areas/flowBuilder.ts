import { isSpecialFlow } from '../../src/domain/flow/specialFlow';
import type { RestMethodFlow } from '../../src/domain/flow/types';
import { validateFlow } from '../../src/domain/flow/validateFlow';
import { can } from '../../src/permissions/entitlements';
import type { Principal } from '../auth/principal';
import { externalConnector, externalConnectors } from '../connectors';
import { actionByGuid, connectionActions, connectionDocuments, restApis } from '../flows/flowActions';
import { flowFunctions, flowLookups } from '../flows/flowLookups';
import { FlowStore } from '../flows/flowStore';
import type { Handlers } from '../http/context';
import { forbidden, HttpError, notFound } from '../http/errors';

const area = 'FlowBuilder';

/** Special flows (script flows, PUT and DELETE) need the special permission besides the call's own (spec part 2 §4, §6). */
function requireSpecial(
  principal: Principal | null,
  flow: Pick<RestMethodFlow, 'IsScript' | 'HttpMethod'>,
  action: 'UpsertSpecialFlow' | 'DeleteSpecialFlow',
) {
  if (isSpecialFlow(flow) && !can(principal, area, action))
    throw new HttpError(403, 'fb.specialFlowForbidden');
}

const asFlow = (row: { is_script: boolean; http_method: RestMethodFlow['HttpMethod'] }) => ({
  IsScript: row.is_script,
  HttpMethod: row.http_method,
});

const actor = (principal: Principal | null, now: () => number) => ({
  by: principal?.name ?? null,
  now: now(),
});

/** Flow Builder calls (spec part 2 §7 'FlowBuilder'). */
const handlers: Handlers = {
  'FlowBuilder.GetRestMethodFlows': async ({ db }) => new FlowStore(db).list(),

  'FlowBuilder.GetRestMethodFlowById': async ({ db, params }) => new FlowStore(db).get(params.guid),

  'FlowBuilder.GetRestMethodFlowVersion': async ({ db, params }) =>
    new FlowStore(db).get(params.guid, params.version),

  'FlowBuilder.CheckForExistingRestMethodFlow': async ({ db, body }) => ({
    RestMethodFlowExists: await new FlowStore(db).exists({
      name: body.FlowName,
      method: body.Method,
      api: body.ApiGuid ?? null,
      except: body.FlowGuid ?? null,
    }),
  }),

  /**
   * Saves a version, or publishes it with IsPublished (spec part 2 §4): special flows need the special
   * permission; the name must be free for its method and REST API; publishing needs Publish and runs the
   * same rules as the console's validation panel, refusing a flow with errors (400 with the errors).
   * IsActive true on a publish also enables the flow.
   */
  'FlowBuilder.PostRestMethodFlow': async ({ db, body, principal, now }) => {
    const store = new FlowStore(db);
    const flow = body as RestMethodFlow;
    const stored = await store.flowOf(flow.Guid);
    requireSpecial(principal, flow, 'UpsertSpecialFlow');
    if (stored) requireSpecial(principal, asFlow(stored), 'UpsertSpecialFlow');
    if (!flow.Api) throw new HttpError(400, 'fb.flowErrors.apiNotChosen');
    if (!(await restApis(db)).some((api) => api.Guid === flow.Api))
      throw new HttpError(400, 'fb.flowErrors.apiNotFound');
    if (await store.exists({ name: flow.Name, method: flow.HttpMethod, api: flow.Api, except: flow.Guid }))
      throw new HttpError(400, 'fb.flowErrors.flowExists', { method: flow.HttpMethod });
    const publish = flow.IsPublished === true;
    if (publish) {
      if (!can(principal, area, 'Publish')) throw forbidden();
      const errors = validateFlow(flow, await flowLookups(db, flow));
      if (errors.length > 0)
        throw new HttpError(400, 'fb.flowHasErrors', { count: errors.length }, { Errors: errors });
    }
    const saved = await store.save(flow, {
      ...actor(principal, now),
      publish,
      enable: publish && flow.IsActive === true,
    });
    return { Guid: saved.Guid, Revision: saved.Revision };
  },

  'FlowBuilder.SetRestMethodFlowStatus': async ({ db, params, body, principal, now }) => {
    await new FlowStore(db).setActive(params.guid, body.IsActive, actor(principal, now));
    return true;
  },

  'FlowBuilder.DuplicateRestMethodFlow': async ({ db, params, principal, now }) => {
    const store = new FlowStore(db);
    const { flow } = await store.find(params.guid, params.version);
    requireSpecial(principal, asFlow(flow), 'UpsertSpecialFlow');
    const copy = await store.duplicate(params.guid, params.version, actor(principal, now));
    return { Guid: copy.Guid, Revision: copy.Revision };
  },

  'FlowBuilder.DeleteRestMethodFlow': async ({ db, params, principal, now }) => {
    const store = new FlowStore(db);
    const { flow } = await store.find(params.guid, params.version);
    requireSpecial(principal, asFlow(flow), 'DeleteSpecialFlow');
    await store.removeVersion(params.guid, params.version, actor(principal, now));
    return true;
  },

  'FlowBuilder.GetActionsRestFlow': async ({ db, params, query }) =>
    connectionActions(
      db,
      params.connection,
      typeof query.IsReadAction === 'boolean' ? query.IsReadAction : undefined,
    ),

  'FlowBuilder.GetActionsRestFlowById': async ({ db, params }) => {
    const action = await actionByGuid(db, params.guid);
    if (!action) throw notFound('fb.error.loadAction');
    return action;
  },

  'FlowBuilder.GetExternalConnectors': async ({ db }) => externalConnectors(db),

  'FlowBuilder.GetExternalConnectorById': async ({ db, params }) => {
    const connector = await externalConnector(db, params.guid);
    if (!connector) throw notFound('fb.error.loadConnector');
    return connector;
  },

  'FlowBuilder.GetFunctions': async ({ db }) => flowFunctions(db),

  'FlowBuilder.GetApiList': async ({ db }) => restApis(db),

  'FlowBuilder.GetDocuments': async ({ db, params }) =>
    (await connectionDocuments(db, params.connection)) as never,
};

export default handlers;
