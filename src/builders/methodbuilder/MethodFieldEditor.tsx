import type { FieldProps, UiSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import type { components } from '../../../generated/uiservices';
import { hideDisallowed } from '../../engine/form/allowedOptions';
import { ChoiceWidget } from '../../engine/form/ChoiceWidget';
import { t } from '../../messages/t';
import type { MethodFieldValue } from './methodFieldValue';

type DefaultValueTypes = components['schemas']['Setting']['Items'];

/**
 * The method field drawer's form (`"ui:field": "methodFieldEditor"` on its root): max length only for
 * strings, the default types the field's type permits, the static value only for a static default.
 */
export function MethodFieldEditor(props: FieldProps) {
  const { schema, uiSchema, formData, registry } = props;
  const defaults = (registry.formContext as { defaultValueTypes?: DefaultValueTypes }).defaultValueTypes;
  const derived = useMemo<UiSchema>(() => {
    const value = (formData ?? {}) as MethodFieldValue;
    const { 'ui:field': _field, ...base } = uiSchema ?? {};
    const ui = hideDisallowed(schema, base, value as unknown as Record<string, unknown>);
    const permitted = (defaults ?? []).filter((entry) => (entry.Types ?? []).includes(value.Type));
    ui.DefaultType =
      permitted.length === 0 && !value.DefaultType
        ? { ...ui.DefaultType, 'ui:widget': 'hidden' }
        : {
            ...ui.DefaultType,
            'ui:widget': ChoiceWidget,
            'ui:options': {
              placeholder: t('fieldList.none'),
              choices: permitted.map((entry) => ({ value: entry.Key, label: entry.Value ?? entry.Key })),
            },
          };
    return ui;
  }, [schema, uiSchema, formData, defaults]);
  const ObjectField = registry.fields.ObjectField!;
  return <ObjectField {...props} uiSchema={derived} />;
}
