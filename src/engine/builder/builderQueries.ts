import { queryOptions } from '@tanstack/react-query';
import {
  callOperation,
  callOperationPage,
  type OperationId,
  type PagedOperationId,
  takesPathParameter,
} from '../../api/callOperation';
import type { ServerListQuery } from '../list/useServerListController';
import type { AnyBuilder } from './BuilderDefinition';

type Scope = { connection?: string | undefined };

const pathOf = (id: OperationId, values: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(values).filter(([name, value]) => value !== undefined && takesPathParameter(id, name)),
  );

/** Query keys of a builder, built in one place (list and item), so a save invalidates what it touches. */
export const builderKeys = {
  all: (builder: AnyBuilder) => [builder.route] as const,
  list: (builder: AnyBuilder, scope: Scope) => [builder.route, 'list', scope.connection ?? null] as const,
  page: (builder: AnyBuilder, scope: Scope, query: ServerListQuery) =>
    [builder.route, 'list', scope.connection ?? null, 'page', query] as const,
  item: (builder: AnyBuilder, id: string, scope: Scope) =>
    [builder.route, 'item', scope.connection ?? null, id] as const,
};

export const listQuery = (builder: AnyBuilder, scope: Scope) =>
  queryOptions({
    queryKey: builderKeys.list(builder, scope),
    queryFn: async () =>
      (await callOperation(builder.operations.list, {
        path: pathOf(builder.operations.list, { connection: scope.connection }) as never,
      })) as object[],
    enabled: !builder.scopedByConnection || Boolean(scope.connection),
  });

/**
 * One page of a builder whose server pages its list (`paging: 'server'`): the column's wire field is
 * the sort; the previous page stays on screen while the next loads.
 */
export const pageQuery = (builder: AnyBuilder, scope: Scope, query: ServerListQuery) =>
  queryOptions({
    queryKey: builderKeys.page(builder, scope, query),
    queryFn: async () => {
      const field = builder.columns.find((column) => column.id === query.sort)?.field;
      // `paging: 'server'` declares that the list operation is one that pages.
      const { rows, total } = await callOperationPage(builder.operations.list as PagedOperationId, {
        path: pathOf(builder.operations.list, { connection: scope.connection }) as never,
        query: {
          page: query.page,
          pageSize: query.pageSize,
          ...(field ? { sort: field as never } : {}),
          direction: query.descending ? 'DESC' : 'ASC',
          ...(query.search.trim() ? { search: query.search.trim() } : {}),
        },
      });
      return { rows: rows as object[], total };
    },
    placeholderData: (previous) => previous,
    enabled: !builder.scopedByConnection || Boolean(scope.connection),
  });

/** One stored item, by the builder's get operation. */
export const loadItem = async (builder: AnyBuilder, id: string, scope: Scope) =>
  (await callOperation(builder.operations.get, {
    path: pathOf(builder.operations.get, { guid: id, connection: scope.connection }) as never,
  })) as object;

/**
 * One item for its editor. A failure is a notice (src/app/queryClient.ts); a missing item reads the
 * builder's not-found key (spec part 1 §8 'Builders', part 2 §8 'Not found').
 */
export const itemQuery = (builder: AnyBuilder, id: string, scope: Scope) =>
  queryOptions({
    queryKey: builderKeys.item(builder, id, scope),
    queryFn: () => loadItem(builder, id, scope),
    staleTime: 0,
    meta: { notFoundKey: builder.messages?.notFound },
  });

export async function saveItem(builder: AnyBuilder, item: object, scope: Scope) {
  return (await callOperation(builder.operations.save, {
    path: pathOf(builder.operations.save, { guid: builder.id(item), connection: scope.connection }) as never,
    body: item as never,
  })) as { Guid: string; Revision: number };
}

export async function removeItem(builder: AnyBuilder, id: string, scope: Scope) {
  if (!builder.operations.remove) throw new Error(`${builder.route}: no remove operation declared`);
  return callOperation(builder.operations.remove, {
    path: pathOf(builder.operations.remove, { guid: id, connection: scope.connection }) as never,
  });
}
