import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { t } from '../../messages/t';
import { useCan } from '../../permissions/useCan';
import { failureNotice } from '../../shell/notifications/failureNotice';
import { LEAVE_CONFIRMED } from '../../shell/routing/leaveConfirmed';
import { usePageTitle } from '../../shell/title/usePageTitle';
import type { ValidationContext } from '../../validation/runtime';
import { DetailView } from '../detail/DetailView';
import { capitalise, useLifecycle } from '../detail/useLifecycle';
import { usePageIsTop, useShortcuts } from '../guards/shortcuts';
import { ListView } from '../list/ListView';
import { useDeleteRow } from '../list/useDeleteRow';
import { type ListController, useListController } from '../list/useListController';
import { usePagedRows } from '../list/usePagedRows';
import { useServerListController } from '../list/useServerListController';
import type { AnyBuilder } from './BuilderDefinition';
import { builderKeys, itemQuery, listQuery, pageQuery, removeItem } from './builderQueries';
import { ConnectionPicker, useConnectionScope } from './ConnectionScope';

/** Peers for the uniqueness keyword: the builder's own list. */
function usePeersContext(builder: AnyBuilder, rows: readonly object[] | undefined): ValidationContext {
  return useMemo(() => {
    if (!builder.peersList || !rows) return {};
    const toPeer = builder.toPeer ?? ((item: object) => ({ id: builder.id(item), name: builder.name(item) }));
    return { peers: { [builder.peersList]: rows.map(toPeer) } };
  }, [builder, rows]);
}

/**
 * A builder's list with search, sort, pages, create, open and delete. `tabs` sits under the title when
 * the builder's page holds more than one list (REST APIs and API users). The rows are paged in the
 * browser, or by the server when the builder declares `paging: 'server'`; such a list that also declares
 * `localPaging` is loaded whole once its first page says it is small enough, and paged in the browser
 * from then on (src/engine/list/usePagedRows.ts).
 */
export function BuilderList({ builder, tabs }: { builder: AnyBuilder; tabs?: ReactNode }) {
  return builder.paging === 'server' ? (
    <ServerPagedList builder={builder} tabs={tabs} />
  ) : (
    <BrowserPagedList builder={builder} tabs={tabs} />
  );
}

type ListProps = { builder: AnyBuilder; tabs?: ReactNode | undefined };

function BrowserPagedList({ builder, tabs }: ListProps) {
  const scope = useConnectionScope(Boolean(builder.scopedByConnection));
  const list = useQuery(listQuery(builder, { connection: scope.connection }));
  const controller = useListController({ rows: list.data, columns: builder.columns });
  return (
    <BuilderListView
      builder={builder}
      tabs={tabs}
      scope={scope}
      controller={controller}
      loading={list.isPending && list.fetchStatus !== 'idle'}
      error={list.error ? list.error.message : null}
    />
  );
}

function ServerPagedList({ builder, tabs }: ListProps) {
  const missing = builder.columns.filter((column) => !column.field).map((column) => column.id);
  if (missing.length > 0)
    throw new Error(
      `${builder.route}: a list the server pages sorts by each column's wire field; declare \`field\` on ${missing.join(', ')}.`,
    );
  const scope = useConnectionScope(Boolean(builder.scopedByConnection));
  const list = useServerListController({ defaultSort: 'name' });
  const paged = usePagedRows({
    query: list.query,
    columns: builder.columns,
    page: (query) => pageQuery(builder, { connection: scope.connection }, query),
    whole: builder.localPaging && {
      query: listQuery(builder, { connection: scope.connection }),
      ...builder.localPaging,
    },
    scope: scope.connection ?? null,
  });
  return (
    <BuilderListView
      builder={builder}
      tabs={tabs}
      scope={scope}
      controller={list.controller(paged.rows, paged.total)}
      loading={paged.loading}
      busy={paged.busy}
      error={paged.error}
      steadyColumns={paged.local}
    />
  );
}

function BuilderListView({
  builder,
  tabs,
  scope,
  controller,
  loading,
  busy,
  error,
  steadyColumns,
}: ListProps & {
  scope: ReturnType<typeof useConnectionScope>;
  controller: ListController<object>;
  loading: boolean;
  busy?: boolean;
  error: string | null;
  steadyColumns?: boolean;
}) {
  usePageTitle(builder.title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const can = useCan();
  const canUpsert = can(builder.area, 'Upsert');
  const canDelete =
    builder.operations.remove !== undefined &&
    can(builder.deleteArea ?? builder.area, builder.deleteAction ?? 'Delete');
  const open = (id: string) =>
    navigate({ pathname: `${builder.route}/${encodeURIComponent(id)}`, search: params.toString() });
  const create =
    canUpsert && (!builder.scopedByConnection || scope.connection) ? () => open('new') : undefined;
  useShortcuts(usePageIsTop(), { ...(create ? { create } : {}) });

  const remove = useDeleteRow<object>({
    item: builder.item,
    name: builder.name,
    remove: (item) => removeItem(builder, builder.id(item), { connection: scope.connection }),
    errorKey: builder.messages?.deleteError,
    logFailure: builder.logDeleteFailure,
    invalidate: [builderKeys.all(builder)],
  });

  return (
    <div className="page">
      <header className="page__header page__header--row">
        <h1 className="page__title">{builder.title}</h1>
      </header>
      {tabs}
      <ListView
        label={`${capitalise(builder.item)}s`}
        columns={builder.columns}
        controller={controller}
        loading={loading}
        busy={busy ?? false}
        error={error}
        rowKey={builder.id}
        openLabel={canUpsert ? 'edit' : 'view'}
        onOpen={(item) => open(builder.id(item))}
        {...(canDelete ? { onDelete: (item: object) => void remove(item) } : {})}
        {...(create ? { onCreate: create, createLabel: `New ${builder.item}` } : {})}
        toolbar={builder.scopedByConnection ? <ConnectionPicker scope={scope} /> : undefined}
        steadyColumns={steadyColumns ?? false}
      />
    </div>
  );
}

/** An item of a builder at route/:id (route/new creates one), with its life cycle. */
export function BuilderDetail({
  builder,
  formContext,
}: {
  builder: AnyBuilder;
  formContext?: Record<string, unknown>;
}) {
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connection = params.get('connection') ?? undefined;
  const isNew = id === 'new';
  const item = useQuery({ ...itemQuery(builder, id, { connection }), enabled: !isNew });
  const list = useQuery(listQuery(builder, { connection }));
  const context = usePeersContext(builder, list.data);
  // The same object while its parts are, so the lookups a page loads after the item do not re-render
  // every field of its form (a 500-field document's first paint waits for those renders).
  const ownContext = builder.formContext;
  const editorContext = useMemo(
    () => (ownContext || formContext ? { ...ownContext, ...formContext } : undefined),
    [ownContext, formContext],
  );
  usePageTitle(builder.title);
  if (!isNew && item.isPending) {
    return (
      <div className="page page--centered" aria-busy="true">
        <span className="spinner" role="status" aria-label="Loading" />
      </div>
    );
  }
  if (!isNew && (item.error || !item.data)) {
    // The same words as the failure's notice (src/app/queryClient.ts), kept on the page.
    return (
      <div className="page">
        <p className="empty-state" role="alert">
          {item.error
            ? failureNotice(item.error, { notFoundKey: builder.messages?.notFound }).text
            : t('lifecycle.notFound', { item: builder.item })}
        </p>
      </div>
    );
  }
  const original = isNew ? null : (item.data as object);
  return (
    <BuilderEditor
      key={id}
      builder={builder}
      original={original}
      scope={{ connection }}
      context={context}
      formContext={editorContext}
      onClose={() => navigate({ pathname: builder.route, search: params.toString() })}
      // Back to the list once saved: nothing is left to lose, so the leave guard must not ask. After a
      // merged stale save it did (the editor counted as modified again before the navigation ran).
      onSaved={() =>
        navigate({ pathname: builder.route, search: params.toString() }, { state: LEAVE_CONFIRMED })
      }
    />
  );
}

function BuilderEditor(props: {
  builder: AnyBuilder;
  original: object | null;
  scope: { connection?: string | undefined };
  context: ValidationContext;
  formContext?: Record<string, unknown> | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const can = useCan();
  const canEdit = can(props.builder.area, 'Upsert');
  const lifecycle = useLifecycle<object>({
    builder: props.builder,
    original: props.original,
    initial: useMemo(
      () => props.original ?? props.builder.create(props.scope),
      [props.original, props.builder, props.scope],
    ),
    scope: props.scope,
    context: props.context,
    canEdit,
    canPublish: canEdit,
    onDone: props.onSaved,
  });
  return (
    <DetailView
      builder={props.builder}
      lifecycle={lifecycle}
      canEdit={canEdit}
      onClose={props.onClose}
      formContext={props.formContext}
    />
  );
}

/**
 * A builder's whole screen from its declaration: the list at its route, an item at route/:id.
 * `formContext` reaches the detail form's custom fields (e.g. the drawers a field list opens).
 */
export function BuilderPage({
  builder,
  formContext,
}: {
  builder: AnyBuilder;
  formContext?: Record<string, unknown>;
}) {
  return (
    <Routes>
      <Route index element={<BuilderList builder={builder} />} />
      <Route path=":id" element={<BuilderDetail builder={builder} formContext={formContext} />} />
    </Routes>
  );
}
