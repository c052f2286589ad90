import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { callOperation } from '../../api/callOperation';
import { composedRules } from '../../domain/composedDocuments/rules';
import { stripPlaceholders } from '../../domain/composedDocuments/tree';
import type { ComposedDocument } from '../../domain/composedDocuments/types';
import type { Document } from '../../domain/documents/types';
import { BuilderDetail } from '../documentbuilder/BuilderDetail';
import { type ScopedItem, ScopedItemDetail } from '../documentbuilder/ScopedItemDetail';
import { ScopedItemList } from '../documentbuilder/ScopedItemList';
import { builder } from './builder';
import type { ComposedFormContext } from './composedFormContext';
import '../documentbuilder/documents.css';

/** The published documents a composed document can use (spec part 2 §7 ComposedDocument GetActionDocuments). */
const documentsQuery = (connection: string, read: boolean) => ({
  queryKey: ['/composeddocument', 'documents', connection, read] as const,
  queryFn: async () =>
    (await callOperation('ComposedDocument.GetActionDocuments', {
      path: { connection },
      query: { read },
    })) as Document[],
  enabled: connection !== '',
});

function ComposedEditor({ item, documents }: { item: ScopedItem; documents: readonly Document[] }) {
  const rules = useCallback(
    (composed: ComposedDocument) => composedRules(composed, { documents }),
    [documents],
  );
  return (
    <BuilderDetail<ComposedDocument>
      builder={builder}
      area="ComposedDocument"
      item={item}
      rules={rules}
      // Empty-guid child placeholders are stripped on load (spec part 2 §3 'Composed document').
      prepare={stripPlaceholders}
      formContext={({ draft, readOnly }): ComposedFormContext => ({ composed: draft, documents, readOnly })}
    />
  );
}

function ComposedDetail() {
  const [params] = useSearchParams();
  const connection = params.get('connection') ?? '';
  // Documents are offered whether the composed document reads or writes; the read flag only picks methods.
  const documents = useQuery(documentsQuery(connection, true));
  return (
    <ScopedItemDetail builder={builder} notFound="cd.error.loadDocument" ready={!documents.isPending}>
      {(item) => <ComposedEditor item={item} documents={documents.data ?? []} />}
    </ScopedItemDetail>
  );
}

/** Composed Document builder (spec part 2 §2): the list at /composeddocument, one at /composeddocument/:id. */
export default function ComposedDocumentPage() {
  return (
    <Routes>
      <Route
        index
        element={
          <ScopedItemList
            builder={builder}
            area="ComposedDocument"
            deleteError={{ key: 'cd.docDelete.error', show: 'log' }}
          />
        }
      />
      <Route path=":id" element={<ComposedDetail />} />
    </Routes>
  );
}
