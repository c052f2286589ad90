import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { callOperation } from '../../api/callOperation';
import { actionDocumentRules } from '../../domain/actionDocuments/rules';
import type { ActionDocument, Method } from '../../domain/actionDocuments/types';
import type { Document } from '../../domain/documents/types';
import { DetailView } from '../../engine/detail/DetailView';
import { useLifecycle } from '../../engine/detail/useLifecycle';
import { useCan } from '../../permissions/useCan';
import { canEditItem } from '../documentbuilder/itemAccess';
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
  const can = useCan();
  const original = item.original as ActionDocument | null;
  const canEdit = canEditItem(can, 'ActionDocument', original?.IsPublished === true);
  const declared = useMemo(
    () => ({
      ...builder,
      rules: (document: ActionDocument) => actionDocumentRules(document, { documents, methods }),
    }),
    [documents, methods],
  );
  const scope = useMemo(() => ({ connection: item.connection }), [item.connection]);
  const initial = useMemo(() => original ?? builder.create(scope), [original, scope]);
  const lifecycle = useLifecycle<object>({
    builder: declared,
    original,
    initial,
    scope,
    context: item.context,
    canEdit,
    canPublish: canEdit,
    onDone: item.onClose,
  });
  const { setDraft } = lifecycle;
  const replace = useCallback((next: ActionDocument) => setDraft(next), [setDraft]);
  const formContext: ActionFormContext = {
    document: lifecycle.draft as ActionDocument,
    documents,
    methods,
    readOnly: !canEdit,
    replace,
  };
  return (
    <DetailView
      builder={declared}
      lifecycle={lifecycle}
      canEdit={canEdit}
      onClose={item.onClose}
      formContext={{ ...formContext }}
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
