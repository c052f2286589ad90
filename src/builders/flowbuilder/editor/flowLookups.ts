import type { QueryClient } from '@tanstack/react-query';
import type { FlowAction, FlowLookups, FunctionList, RestMethodFlow } from '../../../domain/flow/types';
import {
  actionQuery,
  connectorsQuery,
  defaultValueTypesQuery,
  functionListsQuery,
  functionsQuery,
} from '../flowQueries';

/** Guids of the actions a flow's read and write blocks call. */
export const actionGuidsOf = (flow: RestMethodFlow) => [
  ...new Set(
    (flow.Flow?.Blocks ?? []).flatMap((block) =>
      block.Config?.Action?.Guid ? [block.Config.Action.Guid] : [],
    ),
  ),
];

// Fetched for the rules only: a failure is no notice (the validation names what is missing).
const quiet = { meta: { notify: false } } as const;

/**
 * What the block rules look things up in, fetched through the query cache (each lookup once): the
 * actions the flow calls (a missing one stays missing, and its block reports it), connectors, functions,
 * default value types, and the function lists when the server has them.
 */
export async function fetchFlowLookups(client: QueryClient, flow: RestMethodFlow): Promise<FlowLookups> {
  const actions = await Promise.all(
    actionGuidsOf(flow).map((guid) =>
      client.fetchQuery({ ...actionQuery(guid), ...quiet }).catch(() => undefined),
    ),
  );
  const [connectors, functions, defaults, lists] = await Promise.all([
    client.fetchQuery(connectorsQuery()),
    client.fetchQuery(functionsQuery()),
    client.fetchQuery(defaultValueTypesQuery()),
    client.fetchQuery({ ...functionListsQuery(), ...quiet }).catch(() => undefined),
  ]);
  return {
    actions: new Map(
      actions
        .filter((action): action is FlowAction => action !== undefined)
        .map((action) => [action.Guid, action]),
    ),
    connectors: new Map(connectors.map((connector) => [connector.Guid, connector])),
    functions: new Map(functions.map((fn) => [fn.Guid, fn])),
    functionLists: lists ? new Map(lists.map((list: FunctionList) => [list.Guid, list])) : undefined,
    defaultValueTypes: defaults,
  };
}
