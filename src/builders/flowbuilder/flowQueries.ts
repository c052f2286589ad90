import { queryOptions } from '@tanstack/react-query';
import { callOperation } from '../../api/callOperation';
import type { DefaultValueType, RestMethodFlow } from '../../domain/flow/types';

/**
 * The Flow Builder's calls (spec part 2 §7 'FlowBuilder', 'Shared lookups'): query keys built in one
 * place, each lookup as query options, each change as a plain async function. A change invalidates
 * `flowKeys.all`.
 */
export const flowKeys = {
  all: ['flowbuilder'] as const,
  list: () => [...flowKeys.all, 'list'] as const,
  flow: (guid: string, version?: string | null) =>
    [...flowKeys.all, 'flow', guid, version ?? 'newest'] as const,
};

const lookupTime = 5 * 60_000;

export const flowsQuery = () =>
  queryOptions({
    queryKey: flowKeys.list(),
    queryFn: () => callOperation('FlowBuilder.GetRestMethodFlows', {}),
  });

export const flowQuery = (guid: string, version?: string | null) =>
  queryOptions({
    queryKey: flowKeys.flow(guid, version),
    queryFn: () =>
      version
        ? callOperation('FlowBuilder.GetRestMethodFlowVersion', { path: { guid, version } })
        : callOperation('FlowBuilder.GetRestMethodFlowById', { path: { guid } }),
    staleTime: 0,
    // A missing flow reads 'Unable to load flow' (spec part 2 §8 'Not found'), as a notice and in place.
    meta: { notFoundKey: 'error.loadFlow' },
  });

export const apiListQuery = () =>
  queryOptions({
    queryKey: ['FlowBuilder', 'GetApiList'] as const,
    queryFn: () => callOperation('FlowBuilder.GetApiList', {}),
    staleTime: lookupTime,
  });

export const actionsQuery = (connection: string | null | undefined, isRead?: boolean) =>
  queryOptions({
    queryKey: ['FlowBuilder', 'GetActionsRestFlow', connection ?? null, isRead ?? null] as const,
    queryFn: () =>
      callOperation('FlowBuilder.GetActionsRestFlow', {
        path: { connection: connection ?? '' },
        ...(isRead === undefined ? {} : { query: { IsReadAction: isRead } }),
      }),
    enabled: Boolean(connection),
    staleTime: lookupTime,
  });

export const actionQuery = (guid: string) =>
  queryOptions({
    queryKey: ['FlowBuilder', 'GetActionsRestFlowById', guid] as const,
    queryFn: () => callOperation('FlowBuilder.GetActionsRestFlowById', { path: { guid } }),
    staleTime: lookupTime,
    meta: { notFoundKey: 'fb.error.loadAction' },
  });

export const connectorsQuery = () =>
  queryOptions({
    queryKey: ['FlowBuilder', 'GetExternalConnectors'] as const,
    queryFn: () => callOperation('FlowBuilder.GetExternalConnectors', {}),
    staleTime: lookupTime,
  });

export const functionsQuery = () =>
  queryOptions({
    queryKey: ['FlowBuilder', 'GetFunctions'] as const,
    queryFn: () => callOperation('FlowBuilder.GetFunctions', {}),
    staleTime: lookupTime,
    // Function loading's own words (spec part 2 §8 'Function loading').
    meta: { errorKey: 'fb.functionLoad.error' },
  });

export const documentsQuery = (connection: string | null | undefined) =>
  queryOptions({
    queryKey: ['FlowBuilder', 'GetDocuments', connection ?? null] as const,
    queryFn: () => callOperation('FlowBuilder.GetDocuments', { path: { connection: connection ?? '' } }),
    enabled: Boolean(connection),
    staleTime: lookupTime,
  });

export const connectionsQuery = () =>
  queryOptions({
    queryKey: ['FlowBase', 'GetConnections'] as const,
    queryFn: () => callOperation('FlowBase.GetConnections', {}),
    staleTime: 60_000,
  });

export const defaultValueTypesQuery = () =>
  queryOptions({
    queryKey: ['FlowBase', 'GetSettingByName', 'DefaultValueTypes'] as const,
    queryFn: async () =>
      ((await callOperation('FlowBase.GetSettingByName', { query: { Name: 'DefaultValueTypes' } })).Items ??
        []) as DefaultValueType[],
    staleTime: lookupTime,
  });

/** Function lists are a shared lookup the server may not serve (501); the pickers then show none. */
export const functionListsQuery = (connection?: string | null) =>
  queryOptions({
    queryKey: ['FlowBase', 'GetFunctionLists', connection ?? null] as const,
    queryFn: () => callOperation('FlowBase.GetFunctionLists', connection ? { query: { connection } } : {}),
    staleTime: lookupTime,
    retry: false,
  });

export const functionListQuery = (guid: string | null | undefined) =>
  queryOptions({
    queryKey: ['FlowBase', 'GetFunctionListMetaByGuid', guid ?? null] as const,
    queryFn: () => callOperation('FlowBase.GetFunctionListMetaByGuid', { path: { guid: guid ?? '' } }),
    enabled: Boolean(guid),
    staleTime: lookupTime,
    retry: false,
    // The notice in function loading's words; the drawer's title says 'not found' (spec part 2 §8).
    meta: { errorKey: 'fb.functionLoad.error' },
  });

/** Saves a version, or publishes it (IsPublished) and enables it (IsActive) in the same call. */
export const saveFlow = (flow: RestMethodFlow) =>
  callOperation('FlowBuilder.PostRestMethodFlow', { body: flow });

export const setFlowStatus = (guid: string, active: boolean) =>
  callOperation('FlowBuilder.SetRestMethodFlowStatus', { path: { guid }, body: { IsActive: active } });

export const duplicateVersion = (guid: string, version: string) =>
  callOperation('FlowBuilder.DuplicateRestMethodFlow', { path: { guid, version } });

export const deleteVersion = (guid: string, version: string) =>
  callOperation('FlowBuilder.DeleteRestMethodFlow', { path: { guid, version } });

export const flowExists = async (body: {
  Method: RestMethodFlow['HttpMethod'];
  ApiGuid: string;
  FlowName: string;
  FlowGuid?: string;
}) => (await callOperation('FlowBuilder.CheckForExistingRestMethodFlow', { body })).RestMethodFlowExists;
