import { queryOptions } from '@tanstack/react-query';
import { callOperation } from '../../../api/callOperation';
import type { FlowGraph } from '../../../domain/flow/types';
import { flowKeys } from '../flowQueries';

/** The test run and executions calls (issue 17 points 5, 6): FlowBuilder extended operations. */
export const testRun = (guid: string, version: string, input: Record<string, unknown>, graph?: FlowGraph) =>
  callOperation('FlowBuilder.TestRunRestMethodFlow', {
    path: { guid, version },
    body: { Input: input, ...(graph ? { Flow: graph } : {}) },
  });

export interface ExecutionFilter {
  page: number;
  status?: 'ok' | 'failed' | undefined;
}

export const EXECUTIONS_PAGE_SIZE = 20;

export const executionsQuery = (guid: string, filter: ExecutionFilter) =>
  queryOptions({
    queryKey: [...flowKeys.all, 'executions', guid, filter.page, filter.status ?? 'all'] as const,
    queryFn: () =>
      callOperation('FlowBuilder.GetRestMethodFlowExecutions', {
        path: { guid },
        query: {
          page: filter.page,
          pageSize: EXECUTIONS_PAGE_SIZE,
          ...(filter.status ? { status: filter.status } : {}),
        },
      }),
    staleTime: 0,
  });
