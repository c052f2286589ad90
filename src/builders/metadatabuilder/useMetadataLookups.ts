import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callOperation } from '../../api/callOperation';
import type { MetadataLookups } from '../../domain/metadata/lookups';

// Under the builder's route, so saving or publishing a document refreshes the published list too.
const key = (name: string) => ['/metadatabuilder', 'lookups', name] as const;
const staleTime = 60_000;

/**
 * The lists the Metadata Builder's rules and field drawer look up (spec part 1 §7 'Shared lookups',
 * 'Metadata documents'); each is in the result once loaded.
 */
export function useMetadataLookups(): MetadataLookups {
  const [references, foreign, functions, published, defaults, schemaTypes] = useQueries({
    queries: [
      {
        queryKey: key('referenceLists'),
        staleTime,
        queryFn: () => callOperation('MetaDocumentBuilder.GetReferenceLists', {}),
      },
      {
        queryKey: key('foreignLists'),
        staleTime,
        queryFn: () => callOperation('MetaDocumentBuilder.GetForeignReferenceList', {}),
      },
      {
        queryKey: key('functionLists'),
        staleTime,
        queryFn: () => callOperation('FlowBase.GetFunctionLists', {}),
      },
      {
        queryKey: key('publishedDocuments'),
        staleTime,
        queryFn: () =>
          callOperation('MetaDocumentBuilder.GetMetadataDocuments', { query: { is_published: true } }),
      },
      {
        queryKey: key('defaultValueTypes'),
        staleTime,
        queryFn: () => callOperation('FlowBase.GetSettingByName', { query: { Name: 'DefaultValueTypes' } }),
      },
      {
        queryKey: key('schemaTypes'),
        staleTime,
        // Its own load-error key (spec part 1 §8 'Builders'), as the form's Schema type select says it.
        meta: { errorKey: 'mb.error.loadSchemaTypes' },
        queryFn: () =>
          callOperation('MetaDocumentBuilder.GetReferenceListByName', { path: { name: 'SchemaTypes' } }),
      },
    ],
  });
  return useMemo(
    () => ({
      ...(references.data ? { referenceLists: references.data } : {}),
      ...(foreign.data ? { foreignLists: foreign.data } : {}),
      ...(functions.data ? { functionLists: functions.data } : {}),
      ...(published.data ? { publishedDocuments: published.data.map((document) => document.Name) } : {}),
      ...(defaults.data ? { defaultValueTypes: defaults.data.Items } : {}),
      ...(schemaTypes.data ? { schemaTypes: schemaTypes.data.map((item) => item.Key) } : {}),
    }),
    [references.data, foreign.data, functions.data, published.data, defaults.data, schemaTypes.data],
  );
}
