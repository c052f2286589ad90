import type { FieldProps, UiSchema } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { components } from '../../../generated/uiservices';
import { callOperation } from '../../api/callOperation';
import { isQueryMethod, methodTypeOf } from '../../domain/methods/methodType';
import { cleanName } from '../../domain/rules/names';
import { useHeldValues } from '../../engine/form/heldValues';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import type { StoredProcedureOptions } from './StoredProcedureField';

type Method = components['schemas']['Method'];

/** A method name from a procedure's: 'demo.list_orders' → 'list_orders'. */
const suggestedName = (procedure: string) =>
  cleanName('method', procedure.slice(procedure.lastIndexOf('.') + 1));

/**
 * The method form (`"ui:field": "methodEditor"` on its root): the usual object form, where choosing the
 * stored procedure fills the input and output fields and the read flag from its parameters (spec part 1
 * §2 'Method Builder'), asking first when fields would be replaced; or a query typed as it is, its type
 * following (spec part 1 §3 'Method': type Stored Procedure or Query).
 */
export function MethodEditor(props: FieldProps) {
  const { formData, uiSchema, registry, onChange, fieldPathId } = props;
  // Input and Output are opaque: SchemaForm holds them outside RJSF's data.
  const held = useHeldValues();
  const method = { ...(formData as object), ...held?.values } as Method;
  const latest = useRef(method);
  latest.current = method;
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const connection = method.FlowConnectionGuid;
  const query = isQueryMethod(method);

  const derived = useMemo<UiSchema>(() => {
    const set = (next: Method) => (held ? held.update(() => next) : onChange(next, fieldPathId.path));
    const pick = async (name: string) => {
      const current = latest.current;
      if (!name) return set({ ...current, Script: '' });
      const hasFields = (current.Input?.length ?? 0) + (current.Output?.length ?? 0) > 0;
      if (
        hasFields &&
        !(await confirm({
          title: t('method.sp.replaceTitle'),
          body: t('method.sp.replaceBody', { name }),
          confirmText: t('method.sp.replace'),
        }))
      )
        return set({ ...latest.current, Script: name });
      try {
        const parameters = await queryClient.fetchQuery({
          queryKey: ['/methodbuilder', 'parameters', connection, name],
          queryFn: () => callOperation('SPActionDocument.GetSPParameters', { path: { connection, name } }),
          staleTime: 30_000,
        });
        const now = latest.current;
        set({
          ...now,
          Script: name,
          Name: now.Name || suggestedName(name),
          Input: parameters.Input,
          Output: parameters.Output,
          IsRead: parameters.IsRead ?? now.IsRead,
        });
        notify(
          'info',
          t('method.sp.filled', { name, inputs: parameters.Input.length, outputs: parameters.Output.length }),
        );
      } catch (error) {
        set({ ...latest.current, Script: name });
        notifyError(error);
      }
    };
    // A query is typed, not picked: its fields are the admin's (spec part 1 §3 'Method': is_sp, type).
    const setQuery = (query: boolean) => {
      const current = latest.current;
      if (isQueryMethod(current) === query) return;
      set({ ...current, IsSp: !query, Type: methodTypeOf({ IsSp: !query }), Script: '' });
    };
    const { 'ui:field': _field, ...rest } = uiSchema ?? {};
    const options: StoredProcedureOptions = {
      connection,
      query,
      pick: (name) => void pick(name),
      setQuery,
    };
    return { ...rest, Script: { ...(rest.Script as UiSchema | undefined), 'ui:options': options as never } };
  }, [uiSchema, connection, query, onChange, fieldPathId, confirm, notify, notifyError, queryClient, held]);

  const ObjectField = registry.fields.ObjectField!;
  return <ObjectField {...props} uiSchema={derived} />;
}
