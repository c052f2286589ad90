import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { callOperation } from '../../api/callOperation';
import { actionDocumentRules } from '../../domain/actionDocuments/rules';
import type { ActionDocument, Method } from '../../domain/actionDocuments/types';
import type { Document } from '../../domain/documents/types';
import { BuilderDetail } from '../documentbuilder/BuilderDetail';
import { type ScopedItem, ScopedItemDetail } from '../documentbuilder/ScopedItemDetail';
import { ScopedItemList } from '../documentbuilder/ScopedItemList';
import type { ActionFormContext } from './actionFormContext';
import { builder } from './builder';
import '../documentbuilder/documents.css';

function ActionEditor({
  item,
  documents,
  methods,
}: {
  item: ScopedItem;
  documents: readonly Document[];
  methods: readonly Method[];
}) {
  const rules = useCallback(
    (document: ActionDocument) => actionDocumentRules(document, { documents, methods }),
    [documents, methods],
  );
  return (
    <BuilderDetail<ActionDocument>
      builder={builder}
      area="ActionDocument"
      item={item}
      rules={rules}
      formContext={({ draft, readOnly, replace }): ActionFormContext => ({
        document: draft,
        documents,
        methods,
        readOnly,
        replace,
      })}
    />
  );
}

function ActionDetail() {
  const [params] = useSearchParams();
  const connection = params.get('connection') ?? '';
  const documents = useQuery({
    queryKey: ['/actiondocument', 'documents', connection] as const,
    queryFn: async () =>
      (await callOperation('ActionDocument.GetDocumentsOfTypeAction', {
        path: { connection },
      })) as Document[],
    enabled: connection !== '',
  });
  const methods = useQuery({
    queryKey: ['/actiondocument', 'methods', connection] as const,
    queryFn: async () =>
      (await callOperation('ActionDocument.GetConnectionMethods', { path: { connection } })) as Method[],
    enabled: connection !== '',
  });
  return (
    <ScopedItemDetail
      builder={builder}
      notFound="ad.error.loadDocument"
      ready={!documents.isPending && !methods.isPending}
    >
      {(item) => <ActionEditor item={item} documents={documents.data ?? []} methods={methods.data ?? []} />}
    </ScopedItemDetail>
  );
}

/** Action Document builder (spec part 2 §2): the list at /actiondocument, one at /actiondocument/:id. */
export default function ActionDocumentPage() {
  return (
    <Routes>
      <Route
        index
        element={
          <ScopedItemList
            builder={builder}
            area="ActionDocument"
            deleteError={{ key: 'ad.docDelete.error', show: 'log' }}
          />
        }
      />
      <Route path=":id" element={<ActionDetail />} />
    </Routes>
  );
}
