import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { callOperation, type OperationId } from '../../api/callOperation';
import type { MessageKey } from '../../messages/en';
import { ChoiceSelect } from './ChoiceSelect';

type LookupItem = Record<string, unknown>;

/**
 * A select whose options come from a lookup call named in the UI schema:
 * `"ui:widget": "lookup", "ui:options": { "operation": "Script.GetScriptTypes" }`. Path and query
 * parameters may be given (`"path": { "name": "SchemaTypes" }`; the value `"$itemId"` stands for the id
 * of the item the form edits, which DetailView passes as formContext.itemId: the flows of the REST API
 * being edited, say), and items other than Key/Value named
 * (`"itemKey": "Name", "itemLabel": "Name"`). Lookups are cached by operation and parameters (spec part 1
 * §7: successful lookup responses are cached by key). A lookup that fails is a notice (src/app/queryClient.ts),
 * in its own words where the spec gives the lookup a load-error key (`"errorKey": "mb.error.loadSchemaTypes"`),
 * otherwise the client's; the select then offers nothing.
 */
/** The path with `$itemId` replaced by the edited item's id, the same object when there is none. */
function withItemId(path: Record<string, string> | undefined, itemId: unknown) {
  if (!path || !Object.values(path).includes('$itemId')) return path;
  return Object.fromEntries(
    Object.entries(path).map(([key, value]) => [key, value === '$itemId' ? String(itemId ?? '') : value]),
  );
}

export function LookupWidget(props: WidgetProps) {
  const { options } = props;
  const operation = options.operation as OperationId;
  const itemId = (props.registry.formContext as { itemId?: unknown } | undefined)?.itemId;
  const path = withItemId(options.path as Record<string, string> | undefined, itemId);
  const query = options.query as Record<string, string | boolean> | undefined;
  // `keyProperty` / `labelProperty` are the flow drawers' older names for `itemKey` / `itemLabel`.
  const keyName = ((options.itemKey ?? options.keyProperty) as string | undefined) ?? 'Key';
  const labelName = ((options.itemLabel ?? options.labelProperty) as string | undefined) ?? 'Value';
  const lookup = useQuery({
    queryKey: ['lookup', operation, path ?? null, query ?? null],
    queryFn: async () =>
      (await callOperation(operation, {
        path: path as never,
        query: query as never,
      })) as unknown as LookupItem[],
    staleTime: 5 * 60_000,
    // An item not named yet has nothing to look up for it.
    enabled: !path || Object.values(path).every((value) => value !== ''),
    meta: { errorKey: options.errorKey as MessageKey | undefined },
  });
  const choices = (lookup.data ?? []).map((item) => {
    const value = String(item[keyName] ?? '');
    return { value, label: String(item[labelName] ?? value) };
  });
  return <ChoiceSelect props={props} choices={choices} loading={lookup.isPending} />;
}
