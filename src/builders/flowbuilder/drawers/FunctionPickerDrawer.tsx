import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowFunctionPicker';
import type { FlowFunction } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { withOptions } from '../../../engine/form/withOptions';
import { functionsQuery } from '../flowQueries';
import { formFields } from '../formFields';

interface PickerValue {
  Connection: string | null;
  Search: string | null;
  Function: string | null;
}

/**
 * Functions picker (spec part 2 §2 drawer 8), declared in schemas/drawers/flow-function-picker: filter by
 * connection (All or one) and search; columns name, description, output type, connection; functions whose
 * output type differs from the required type are disabled. Choosing one closes the picker.
 */
export function FunctionPickerDrawer(props: {
  drawerKey: string;
  type: string | null | undefined;
  onPick(fn: FlowFunction): void;
}) {
  const { drawerKey, type, onPick } = props;
  const functions = useQuery(functionsQuery());
  const drawers = useDrawers();
  const all = functions.data;
  const uiSchemaOf = useCallback(
    (value: PickerValue) => {
      const list = all ?? [];
      const connections = [
        ...new Map(
          list
            .filter((fn) => fn.FlowConnectionGuid)
            .map((fn) => [fn.FlowConnectionGuid!, fn.ConnectionName ?? fn.FlowConnectionGuid!]),
        ).entries(),
      ];
      const needle = (value.Search ?? '').trim().toLowerCase();
      const shown = list.filter(
        (fn) =>
          (!value.Connection || fn.FlowConnectionGuid === value.Connection) &&
          (needle === '' ||
            fn.Name.toLowerCase().includes(needle) ||
            (fn.Description ?? '').toLowerCase().includes(needle)),
      );
      return withOptions(form.uiSchema, {
        Connection: { choices: connections.map(([value, label]) => ({ value, label })) },
        Function: { functions: shown, type: type ?? null, loading: all === undefined },
      });
    },
    [all, type],
  );
  const formContext = useMemo(
    () => ({
      pick: (fn: FlowFunction) => {
        onPick(fn);
        void drawers.close(drawerKey, { force: true });
      },
    }),
    [onPick, drawers, drawerKey],
  );
  return (
    <DrawerForm<PickerValue>
      drawerKey={drawerKey}
      form={form}
      value={{ Connection: null, Search: null, Function: null }}
      acting
      fields={formFields}
      formContext={formContext}
      uiSchemaOf={uiSchemaOf}
      onSave={async () => false}
    />
  );
}
