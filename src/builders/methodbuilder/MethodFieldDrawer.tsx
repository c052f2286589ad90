import { useCallback, useMemo } from 'react';
import { form } from '../../../generated/forms/MethodFieldDrawer';
import type { components } from '../../../generated/uiservices';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import type { FieldDrawerProps } from '../../engine/form/fields/fieldDrawer';
import { MethodFieldEditor } from './MethodFieldEditor';
import { methodFieldRules } from './methodFieldRules';
import { fromMethodFieldValue, type MethodFieldValue, toMethodFieldValue } from './methodFieldValue';
import { useDefaultValueTypes } from './useDefaultValueTypes';

type MethodField = components['schemas']['MethodField'];

const drawerFields = { methodFieldEditor: MethodFieldEditor };

/** The drawer for one input or output field of a method (spec part 1 §2 'Method Builder'). */
export function MethodFieldDrawer(props: FieldDrawerProps) {
  const { field, siblingNames, isNew, readOnly, onSave, options } = props;
  const defaultValueTypes = useDefaultValueTypes();
  const original = isNew ? null : (field as MethodField);
  const value = useMemo(() => toMethodFieldValue(field as MethodField), [field]);
  const output = options.list === 'output';
  const rules = useCallback(
    (next: MethodFieldValue) => methodFieldRules(next, { siblingNames, output, defaultValueTypes }),
    [siblingNames, output, defaultValueTypes],
  );
  const formContext = useMemo(() => ({ defaultValueTypes }), [defaultValueTypes]);
  return (
    <DrawerForm<MethodFieldValue>
      drawerKey={props.drawerKey}
      form={form}
      value={value}
      readOnly={readOnly}
      rules={rules}
      fields={drawerFields}
      formContext={formContext}
      saveLabel={isNew ? 'Add' : 'Apply'}
      validateOnOpen={!isNew}
      onSave={async (next) => onSave(fromMethodFieldValue(next, original))}
    />
  );
}
