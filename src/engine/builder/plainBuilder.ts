import { plainKinds } from '../../../generated/plainKinds';
import type { MessageKey } from '../../messages/en';
import type { BuilderDefinition } from './BuilderDefinition';

export type PlainKindName = keyof typeof plainKinds;

/** What a plain kind's x-item and contract already say (src/domain/plainItems.ts). */
type Declared = 'route' | 'title' | 'item' | 'area' | 'operations' | 'id' | 'name' | 'publishable';

/**
 * The registry entry of a plain kind (README 'Adding a builder'): route, title, item, permission area,
 * calls, id and name come from its x-item declaration and its x-item-kind operations; the entry adds
 * the form, the columns, create() and whatever else it needs. Plain items are published (spec part 1 §4).
 */
export function plainBuilder<T extends object>(
  name: PlainKindName,
  entry: Omit<BuilderDefinition<T>, Declared> & Partial<Pick<BuilderDefinition<T>, 'publishable'>>,
): BuilderDefinition<T> {
  const kind = plainKinds[name];
  const operations: Partial<Record<'list' | 'get' | 'save' | 'delete', string>> = kind.operations;
  const field = (item: T, property: string) => String((item as Record<string, unknown>)[property] ?? '');
  return {
    route: kind.route,
    title: kind.title,
    item: kind.label,
    area: kind.area,
    operations: {
      list: kind.operations.list,
      get: kind.operations.get,
      save: kind.operations.save,
      ...(operations.delete ? { remove: operations.delete as typeof kind.operations.save } : {}),
    },
    id: (item) => field(item, kind.idField),
    name: (item) => field(item, kind.nameField),
    publishable: true,
    ...entry,
    messages: { notFound: kind.messages.notFound satisfies MessageKey, ...entry.messages },
  };
}
