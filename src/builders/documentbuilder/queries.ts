import { queryOptions } from '@tanstack/react-query';
import { callOperation } from '../../api/callOperation';
import type { DefaultValueType, Document } from '../../domain/documents/types';

/** Query keys and calls the document builders share, built in one place. */
export const documentQueries = {
  /** The published versions of a connection's documents (references, children, actions build on them). */
  published: (connection: string) =>
    queryOptions({
      queryKey: ['/documentbuilder', 'published', connection] as const,
      queryFn: async () =>
        (await callOperation('DocumentBuilder.GetConnectionDocuments', {
          path: { connection },
          query: { IsPublished: true },
        })) as Document[],
      enabled: connection !== '',
    }),
  /** The setting DefaultValueTypes (spec part 2 §3 'Field options'), cached like other lookups. */
  defaultValueTypes: () =>
    queryOptions({
      queryKey: ['FlowBase', 'GetSettingByName', 'DefaultValueTypes'] as const,
      queryFn: async () =>
        ((await callOperation('FlowBase.GetSettingByName', { query: { Name: 'DefaultValueTypes' } })).Items ??
          []) as DefaultValueType[],
      staleTime: 5 * 60_000,
    }),
};
