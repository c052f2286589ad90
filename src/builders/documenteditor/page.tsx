import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { callOperation } from '../../api/callOperation';
import { keyFieldOf } from '../../domain/documents/keyField';
import type { Document, DocumentField } from '../../domain/documents/types';
import type { RecordValues } from '../../domain/records/recordRules';
import { ConnectionPicker, useConnectionScope } from '../../engine/builder/ConnectionScope';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { usePageIsTop, useShortcuts } from '../../engine/guards/shortcuts';
import type { ColumnSpec } from '../../engine/list/columns';
import { ListView } from '../../engine/list/ListView';
import { useListController } from '../../engine/list/useListController';
import { useServerListController } from '../../engine/list/useServerListController';
import { t } from '../../messages/t';
import { useCan } from '../../permissions/useCan';
import { useNotifyError } from '../../shell/notifications/useNotify';
import { usePageTitle } from '../../shell/title/usePageTitle';
import { RecordDrawer, recordsKey } from './RecordDrawer';
import { newRecord } from './recordForm';
import '../documentbuilder/documents.css';

const RECORD_DRAWER = 'record';

const listDocumentsQuery = (connection: string | undefined) => ({
  queryKey: ['/documenteditor', 'documents', connection ?? null] as const,
  queryFn: async () =>
    (await callOperation('DocumentEditor.GetListDocuments', {
      path: { connection: connection ?? '' },
    })) as Document[],
  enabled: Boolean(connection),
});

const documentColumns: ColumnSpec<Document>[] = [
  { id: 'name', header: 'Name', value: (document) => document.Name },
  { id: 'key', header: 'Key', value: (document) => keyFieldOf(document)?.Name },
  { id: 'fields', header: 'Fields', value: (document) => document.Elements.length, searchable: false },
  { id: 'description', header: 'Description', value: (document) => document.Description },
];

/** The published list documents of a connection, to pick one (spec part 2 §2 'Document Editor'). */
function DocumentPicker() {
  usePageTitle('Document Editor');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const scope = useConnectionScope(true);
  const documents = useQuery(listDocumentsQuery(scope.connection));
  const controller = useListController({ rows: documents.data, columns: documentColumns });
  return (
    <div className="page">
      <header className="page__header page__header--row">
        <h1 className="page__title">Document Editor</h1>
      </header>
      <ListView
        label={t('de.documents.title')}
        columns={documentColumns}
        controller={controller}
        loading={documents.isPending && documents.fetchStatus !== 'idle'}
        error={documents.error?.message ?? null}
        rowKey={(document) => document.Guid}
        openLabel="view"
        onOpen={(document) =>
          navigate({ pathname: `/documenteditor/${document.Guid}`, search: params.toString() })
        }
        toolbar={<ConnectionPicker scope={scope} />}
        emptyText={t('de.documents.empty')}
      />
    </div>
  );
}

/** How a column shows a field's value. */
function columnOf(field: DocumentField): ColumnSpec<RecordValues> {
  const value = (record: RecordValues) => record[field.Name] as string | number | boolean | null | undefined;
  return {
    id: field.Name,
    header: field.Name,
    value,
    ...(field.Type === 'Boolean' ? { kind: 'boolean' as const } : {}),
    ...(field.Type === 'DateTime' ? { kind: 'date' as const } : {}),
  };
}

/**
 * The records of one published list document: a table paged, sorted and searched by the server (spec
 * part 2 §2, §7 DocumentEditor), a record's details in a drawer, and a new record with Upsert.
 */
function Records() {
  const { guid = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connection = params.get('connection') ?? '';
  const can = useCan();
  const drawers = useDrawers();
  const notifyError = useNotifyError();
  const documents = useQuery(listDocumentsQuery(connection));
  const document = documents.data?.find((entry) => entry.Guid === guid);
  usePageTitle(document ? `${document.Name} - Document Editor` : 'Document Editor');
  const key = document ? keyFieldOf(document) : undefined;
  const list = useServerListController({ defaultSort: key?.Name });
  const { query } = list;
  const records = useQuery({
    queryKey: [...recordsKey(connection, guid), query] as const,
    queryFn: () =>
      callOperation('DocumentEditor.GetRecords', {
        path: { connection, guid },
        query: {
          page: query.page,
          pageSize: query.pageSize,
          ...(query.sort ? { sort: query.sort } : {}),
          direction: query.descending ? 'DESC' : 'ASC',
          ...(query.search ? { search: query.search } : {}),
        },
      }),
    enabled: Boolean(document),
    placeholderData: (previous) => previous,
  });
  const columns = useMemo(() => (document ? document.Elements.map(columnOf) : []), [document]);
  const canUpsert = can('DocumentEditor', 'Upsert');

  const open = async (record: RecordValues | null) => {
    if (!document) return;
    let values = record === null ? newRecord(document) : record;
    if (record !== null && key) {
      // The record as stored now (spec part 2 §7: keyField and keyValue for one record).
      try {
        const one = await callOperation('DocumentEditor.GetRecords', {
          path: { connection, guid },
          query: { keyField: key.Name, keyValue: String(record[key.Name]) },
        });
        values = one.Records[0] ?? record;
      } catch (error) {
        notifyError(error);
        return;
      }
    }
    drawers.open({
      key: RECORD_DRAWER,
      title:
        record === null
          ? t('de.records.new')
          : `${t('de.records.title')} ${key ? String(record[key.Name]) : ''}`,
      content: (
        <RecordDrawer
          drawerKey={RECORD_DRAWER}
          connection={connection}
          document={document}
          listDocuments={documents.data ?? []}
          record={values}
          isNew={record === null}
          readOnly={!canUpsert}
        />
      ),
    });
  };
  useShortcuts(usePageIsTop(), canUpsert ? { create: () => void open(null) } : {});

  if (documents.isPending) {
    return (
      <div className="page page--centered" aria-busy="true">
        <span className="spinner" role="status" aria-label="Loading" />
      </div>
    );
  }
  if (!document) {
    return (
      <div className="page">
        <p className="empty-state" role="alert">
          {t('db.error.loadDocument')}
        </p>
      </div>
    );
  }
  const controller = list.controller(records.data?.Records ?? [], records.data?.Total ?? 0);
  return (
    <div className="page">
      <header className="page__header">
        <button
          type="button"
          className="button button--link detail__back"
          onClick={() => navigate({ pathname: '/documenteditor', search: `connection=${connection}` })}
        >
          ‹ Document Editor
        </button>
        <h1 className="page__title">{document.Name}</h1>
        {document.Description && <p className="help-block">{document.Description}</p>}
      </header>
      <ListView
        label="Records"
        columns={columns}
        controller={controller}
        loading={records.isPending}
        error={records.error?.message ?? null}
        rowKey={(record) => String(key ? record[key.Name] : JSON.stringify(record))}
        openLabel={canUpsert ? 'edit' : 'view'}
        onOpen={(record) => void open(record)}
        {...(canUpsert ? { onCreate: () => void open(null), createLabel: t('de.records.new') } : {})}
        emptyText={t('de.records.empty')}
      />
    </div>
  );
}

/** Document Editor (spec part 2 §2): pick a list document at /documenteditor, its records at /documenteditor/:guid. */
export default function DocumentEditorPage() {
  return (
    <Routes>
      <Route index element={<DocumentPicker />} />
      <Route path=":guid" element={<Records />} />
    </Routes>
  );
}
