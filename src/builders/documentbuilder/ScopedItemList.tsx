import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../api/ApiError';
import type { AnyBuilder } from '../../engine/builder/BuilderDefinition';
import { builderKeys, listQuery, removeItem } from '../../engine/builder/builderQueries';
import { ConnectionPicker, useConnectionScope } from '../../engine/builder/ConnectionScope';
import { capitalise } from '../../engine/detail/useLifecycle';
import { usePageIsTop, useShortcuts } from '../../engine/guards/shortcuts';
import type { ColumnSpec } from '../../engine/list/columns';
import { ListView } from '../../engine/list/ListView';
import { useListController } from '../../engine/list/useListController';
import { useImpactRefusal } from '../../engine/usage/useImpactRefusal';
import type { MessageKey } from '../../messages/en';
import { t } from '../../messages/t';
import { useCan } from '../../permissions/useCan';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import { usePageTitle } from '../../shell/title/usePageTitle';
import { canDeleteItem, type DocumentArea } from './itemAccess';

const isPublished = (row: object) => (row as { IsPublished?: boolean }).IsPublished === true;

/**
 * The list of a connection's documents, composed or action documents: the connection picker, search,
 * sort and pages, 'edit' or 'view' by permission, and delete only where the item's state allows it
 * (spec part 2 §4: a published item needs Delete published). `rows` and `open` replace the builder's
 * own list, for the document list's type filter.
 */
export function ScopedItemList(props: {
  builder: AnyBuilder;
  area: DocumentArea;
  deleteBody?(row: object): string;
  /** The delete failure's text (spec part 2 §8); `log` only logs it, as for composed and action documents. */
  deleteError: { key: MessageKey; show: 'notify' | 'log' };
  toolbar?: ReactNode;
  rows?: { data: object[] | undefined; loading: boolean; error: Error | null; columns: ColumnSpec<object>[] };
  open?(row: object): void;
  emptyText?: string;
}) {
  const { builder, area } = props;
  usePageTitle(builder.title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const can = useCan();
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const impactRefused = useImpactRefusal();
  const scope = useConnectionScope(true);
  const own = useQuery({
    ...listQuery(builder, { connection: scope.connection }),
    enabled: !props.rows && Boolean(scope.connection),
  });
  const rows = props.rows?.data ?? (props.rows ? undefined : (own.data as object[] | undefined));
  const columns = props.rows?.columns ?? (builder.columns as ColumnSpec<object>[]);
  const controller = useListController({ rows, columns });
  const loading = props.rows ? props.rows.loading : own.isPending && own.fetchStatus !== 'idle';
  const error = props.rows ? props.rows.error : own.error;
  const canUpsert = can(area, 'Upsert');
  const open =
    props.open ??
    ((row: object) =>
      navigate({
        pathname: `${builder.route}/${encodeURIComponent(builder.id(row))}`,
        search: params.toString(),
      }));
  const create =
    canUpsert && scope.connection
      ? () => navigate({ pathname: `${builder.route}/new`, search: params.toString() })
      : undefined;
  useShortcuts(usePageIsTop(), { ...(create ? { create } : {}) });

  const remove = async (row: object) => {
    const yes = await confirm({
      title: t('lifecycle.deleteTitle', { item: builder.item }),
      body: props.deleteBody?.(row) ?? t('lifecycle.deleteBody', { name: builder.name(row) }),
      confirmText: 'Delete',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      await removeItem(builder, builder.id(row), { connection: scope.connection });
      notify('success', t('lifecycle.deleted', { item: capitalise(builder.item) }));
    } catch (failure) {
      // Published items use it: the dialog lists them (issue 10 point 1).
      if (impactRefused(failure, builder.item)) return;
      // A refusal the server explains (referenced, not permitted) is shown as it says; anything else is
      // the area's delete failure (spec part 2 §8 'Delete failures').
      const explained =
        isApiError(failure) && failure.status >= 400 && failure.status < 500 && failure.messageKey;
      if (explained) notifyError(failure);
      else if (props.deleteError.show === 'log') console.warn(t(props.deleteError.key), failure);
      else notify('danger', t(props.deleteError.key));
    } finally {
      // After any delete, as useDeleteRow does: a refused one may still have changed the list (another
      // console deleted the row meanwhile), and the list shows what the server holds.
      await queryClient.invalidateQueries({ queryKey: builderKeys.all(builder) });
    }
  };

  return (
    <div className="page">
      <header className="page__header page__header--row">
        <h1 className="page__title">{builder.title}</h1>
      </header>
      <ListView
        label={`${capitalise(builder.item)}s`}
        columns={columns}
        controller={controller}
        loading={loading}
        error={error ? error.message : null}
        rowKey={builder.id}
        openLabel={canUpsert ? 'edit' : 'view'}
        onOpen={open}
        {...(builder.operations.remove && can(area, 'Delete')
          ? {
              onDelete: (row: object) => void remove(row),
              canDelete: (row: object) => canDeleteItem(can, area, isPublished(row)),
            }
          : {})}
        {...(create ? { onCreate: create, createLabel: `New ${builder.item}` } : {})}
        toolbar={
          <>
            <ConnectionPicker scope={scope} />
            {props.toolbar}
          </>
        }
        {...(props.emptyText ? { emptyText: props.emptyText } : {})}
      />
    </div>
  );
}
