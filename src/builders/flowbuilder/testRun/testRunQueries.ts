import { queryOptions } from '@tanstack/react-query';
import type { components, operations } from '../../../../generated/uiservices';
import { callOperation } from '../../../api/callOperation';
import type { FlowGraph } from '../../../domain/flow/types';
import { flowKeys } from '../flowQueries';

export type FlowExecution = components['schemas']['FlowExecution'];
export type FlowExecutionDetail = components['schemas']['FlowExecutionDetail'];
type ExecutionsQuery = NonNullable<
  operations['FlowBuilder.GetRestMethodFlowExecutions']['parameters']['query']
>;

/**
 * The executions log's filter form's value (schemas/drawers/flow-executions-filter, a console form the
 * contract does not carry): each field becomes one of GetRestMethodFlowExecutions' query parameters.
 */
export interface ExecutionsFilterValue {
  From?: string | null;
  To?: string | null;
  Status?: 'all' | NonNullable<ExecutionsQuery['status']>;
  ApiUser?: string | null;
  Version?: ExecutionsQuery['version'] | null;
  ErrorCode?: string | null;
  TraceId?: string | null;
}
export type KeepCallData = components['schemas']['KeepCallData'];

/** Each 'Keep call data' setting as the flow details drawer names it (schemas/drawers/flow-details.ui.json). */
export const keepCallDataLabel: Record<KeepCallData, string> = {
  never: 'Never',
  onError: 'On error',
  always: 'Always',
};

/**
 * The test run and executions calls (issue 17 points 5, 6; issue 32 points 3, 4): FlowBuilder extended
 * operations.
 */
export const testRun = (guid: string, version: string, input: Record<string, unknown>, graph?: FlowGraph) =>
  callOperation('FlowBuilder.TestRunRestMethodFlow', {
    path: { guid, version },
    body: { Input: input, ...(graph ? { Flow: graph } : {}) },
  });

export interface ExecutionFilter {
  page: number;
  filter?: ExecutionsFilterValue | undefined;
}

export const EXECUTIONS_PAGE_SIZE = 20;

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);
/** A datetime-local value (the browser's time zone) as the instant the server filters by. */
const instant = (value: string | null | undefined) => {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

/** The filter form's value as GetRestMethodFlowExecutions' query parameters: blanks are left out. */
export function executionsQueryParameters(filter: ExecutionsFilterValue | undefined) {
  const query: Omit<ExecutionsQuery, 'page' | 'pageSize'> = {
    status: filter?.Status === 'ok' || filter?.Status === 'failed' ? filter.Status : undefined,
    version: typeof filter?.Version === 'number' ? filter.Version : undefined,
    from: instant(filter?.From),
    to: instant(filter?.To),
    apiUser: text(filter?.ApiUser),
    errorCode: text(filter?.ErrorCode),
    traceId: text(filter?.TraceId),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Partial<
    typeof query
  >;
}

export const executionKeys = {
  all: (guid: string) => [...flowKeys.all, 'executions', guid] as const,
  one: (guid: string, id: number) => [...flowKeys.all, 'executions', guid, 'one', id] as const,
};

export const executionsQuery = (guid: string, { page, filter }: ExecutionFilter) => {
  const query = executionsQueryParameters(filter);
  return queryOptions({
    queryKey: [...executionKeys.all(guid), page, query] as const,
    queryFn: () =>
      callOperation('FlowBuilder.GetRestMethodFlowExecutions', {
        path: { guid },
        query: { page, pageSize: EXECUTIONS_PAGE_SIZE, ...query },
      }),
    staleTime: 0,
  });
};

export const executionQuery = (guid: string, id: number) =>
  queryOptions({
    queryKey: executionKeys.one(guid, id),
    queryFn: () => callOperation('FlowBuilder.GetRestMethodFlowExecution', { path: { guid, id } }),
    staleTime: 0,
    meta: { notFoundKey: 'fb.executions.notFound' },
  });

export const retryExecution = (guid: string, id: number, version: 'failed' | 'active') =>
  callOperation('FlowBuilder.RetryRestMethodFlowExecution', {
    path: { guid, id },
    body: { Version: version },
  });

export const setKeepCallData = (guid: string, keep: KeepCallData) =>
  callOperation('FlowBuilder.SetRestMethodFlowKeepCallData', {
    path: { guid },
    body: { KeepCallData: keep },
  });
