import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import { callOperation } from '../../api/callOperation';
import { normalizeDocument } from '../../domain/documents/normalizeDocument';
import { documentRules } from '../../domain/documents/rules';
import type { DefaultValueType, Document } from '../../domain/documents/types';
import { listQuery } from '../../engine/builder/builderQueries';
import type { ColumnSpec } from '../../engine/list/columns';
import { t } from '../../messages/t';
import { useCan } from '../../permissions/useCan';
import { BuilderDetail } from './BuilderDetail';
import { builder } from './builder';
import type { DocumentFormContext } from './documentFormContext';
import { documentQueries } from './queries';
import { type ScopedItem, ScopedItemDetail } from './ScopedItemDetail';
import { ScopedItemList } from './ScopedItemList';
import './documents.css';

type TypeFilter = '' | 'Action' | 'List' | 'Composed';

interface Row {
  Guid: string;
  Name: string;
  Type: string;
  IsPublished?: boolean;
  Modified?: string | null;
  Elements?: unknown[];
}

const composedColumns: ColumnSpec<object>[] = [
  { id: 'name', header: 'Name', value: (row) => (row as Row).Name },
  { id: 'type', header: 'Type', value: () => 'Composed' },
  { id: 'modified', header: 'Last edited', kind: 'date', value: (row) => (row as Row).Modified },
  {
    id: 'status',
    header: 'Status',
    kind: 'status',
    value: (row) => ((row as Row).IsPublished ? 'published' : 'draft'),
  },
];

/**
 * The document list filtered by type: action, list, or the connection's composed documents (spec part 2
 * §2 'Document Builder'); a composed document opens in its own builder.
 */
function DocumentList() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const type = (params.get('type') ?? '') as TypeFilter;
  const connection = params.get('connection') ?? '';
  const composed = useQuery({
    queryKey: ['/composeddocument', 'list', connection] as const,
    queryFn: async () =>
      (await callOperation('ComposedDocument.GetComposedDocuments', { path: { connection } })) as object[],
    enabled: type === 'Composed' && connection !== '',
  });
  const documents = useQuery({
    ...listQuery(builder, { connection }),
    enabled: type !== 'Composed' && connection !== '',
  });
  const rows =
    type === 'Composed'
      ? {
          data: composed.data,
          loading: composed.isPending && composed.fetchStatus !== 'idle',
          error: composed.error,
          columns: composedColumns,
        }
      : {
          data: type
            ? (documents.data as Document[] | undefined)?.filter((document) => document.Type === type)
            : documents.data,
          loading: documents.isPending && documents.fetchStatus !== 'idle',
          error: documents.error,
          columns: builder.columns as ColumnSpec<object>[],
        };
  const setType = (next: TypeFilter) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next) out.set('type', next);
        else out.delete('type');
        out.delete('page');
        return out;
      },
      { replace: true },
    );
  return (
    <ScopedItemList
      builder={builder}
      area="DocumentBuilder"
      rows={rows}
      deleteError={{ key: 'db.docDelete.error', show: 'notify' }}
      deleteBody={(row) =>
        (row as Document).Type === 'List' && (row as Document).IsPublished
          ? t('db.deleteListBody', { name: (row as Document).Name })
          : t('lifecycle.deleteBody', { name: (row as Document).Name })
      }
      {...(type === 'Composed'
        ? {
            open: (row: object) =>
              navigate({
                pathname: `/composeddocument/${(row as Row).Guid}`,
                search: `connection=${connection}`,
              }),
          }
        : {})}
      toolbar={
        <label className="inline-field">
          <span className="inline-field__label">{t('db.list.typeFilter')}</span>
          <select
            className="field__select"
            value={type}
            onChange={(event) => setType(event.target.value as TypeFilter)}
          >
            <option value="">All</option>
            <option value="Action">Action</option>
            <option value="List">List</option>
            {can('ComposedDocument', 'Read') && <option value="Composed">Composed</option>}
          </select>
        </label>
      }
    />
  );
}

function DocumentEditor({
  item,
  published,
  defaultValueTypes,
}: {
  item: ScopedItem;
  published: readonly Document[];
  defaultValueTypes: readonly DefaultValueType[];
}) {
  const rules = useCallback(
    (document: Document) =>
      documentRules(document, {
        documents: published.filter((entry) => entry.Guid !== document.Guid),
        defaultValueTypes,
      }),
    [published, defaultValueTypes],
  );
  return (
    <BuilderDetail<Document>
      builder={builder}
      area="DocumentBuilder"
      item={item}
      rules={rules}
      // Standard fields, order and key follow every edit (spec part 2 §3 'Document').
      normalize={normalizeDocument}
      formContext={({ draft, readOnly, replace }): DocumentFormContext => ({
        document: draft,
        published,
        defaultValueTypes,
        connection: item.connection,
        readOnly,
        replace,
      })}
    />
  );
}

function DocumentDetail() {
  const [params] = useSearchParams();
  const connection = params.get('connection') ?? '';
  const published = useQuery(documentQueries.published(connection));
  const defaults = useQuery(documentQueries.defaultValueTypes());
  return (
    <ScopedItemDetail
      builder={builder}
      notFound="db.error.loadDocument"
      ready={!published.isPending && !defaults.isPending}
    >
      {(item) => (
        <DocumentEditor
          item={item}
          published={published.data ?? []}
          defaultValueTypes={defaults.data ?? []}
        />
      )}
    </ScopedItemDetail>
  );
}

/** Document Builder (spec part 2 §2): the list at /documentbuilder, a document at /documentbuilder/:id. */
export default function DocumentBuilderPage() {
  return (
    <Routes>
      <Route index element={<DocumentList />} />
      <Route path=":id" element={<DocumentDetail />} />
    </Routes>
  );
}
