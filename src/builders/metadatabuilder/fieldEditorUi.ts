import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { elementTypesFor, FIELD_TYPES, kindsFor } from '../../domain/metadata/fieldOptions';
import type { MetadataLookups } from '../../domain/metadata/lookups';
import { hideDisallowed } from '../../engine/form/allowedOptions';
import { ChoiceWidget } from '../../engine/form/ChoiceWidget';
import { t } from '../../messages/t';
import type { FieldDrawerValue } from './drawerValue';

/** What the field drawer's form knows beyond the field itself. */
export interface FieldEditorContext {
  lookups: MetadataLookups;
  hasChildren: boolean;
  parentTypes: readonly string[];
}

const hidden = (ui: UiSchema | undefined): UiSchema => ({ ...ui, 'ui:widget': 'hidden' });
const choices = (
  ui: UiSchema | undefined,
  list: Array<{ value: string; label: string }>,
  placeholder?: string,
): UiSchema => ({
  ...ui,
  'ui:widget': ChoiceWidget,
  'ui:options': {
    ...(ui?.['ui:options'] as object | undefined),
    choices: list,
    ...(placeholder ? { placeholder } : {}),
  },
});

/**
 * The field drawer's UI schema for the value being edited (spec part 1 §5 'Field editor'): options the
 * type does not take are hidden (x-allowed-when), selects list what exists (reference lists, foreign
 * reference lists, function lists and their fields, published documents, the default types the field type
 * permits), a field with children offers only types that can have children, and the static default takes
 * the input its type needs.
 */
export function fieldEditorUi(
  schema: RJSFSchema,
  uiSchema: UiSchema,
  value: FieldDrawerValue,
  context: FieldEditorContext,
): UiSchema {
  const { 'ui:field': _field, ...base } = uiSchema;
  const ui = hideDisallowed(schema, base, value as unknown as Record<string, unknown>);
  const { lookups } = context;
  const type = value.Type;

  if (context.hasChildren)
    ui.Type = {
      ...ui.Type,
      'ui:enumDisabled': FIELD_TYPES.filter((entry) => !context.parentTypes.includes(entry)),
    };

  const kinds = kindsFor(type);
  if (kinds.length === 1 && (value.ValidationKind ?? 'none') === 'none')
    ui.ValidationKind = hidden(ui.ValidationKind);
  else
    ui.ValidationKind = {
      ...ui.ValidationKind,
      'ui:enumDisabled': ['regularexpression', 'referencelist', 'foreignreference'].filter(
        (kind) => !kinds.includes(kind as never),
      ),
    };

  if (ui.ReferenceList?.['ui:widget'] !== 'hidden')
    ui.ReferenceList = choices(
      ui.ReferenceList,
      (lookups.referenceLists ?? []).map((list) => ({ value: String(list.Guid), label: list.Name })),
    );
  if (ui.ForeignReferenceList?.['ui:widget'] !== 'hidden')
    ui.ForeignReferenceList = choices(
      ui.ForeignReferenceList,
      (lookups.foreignLists ?? []).map((list) => ({ value: list.Key, label: list.Value ?? list.Key })),
    );
  if (ui.FunctionList?.['ui:widget'] !== 'hidden')
    ui.FunctionList = choices(
      ui.FunctionList,
      (lookups.functionLists ?? []).map((list) => ({ value: list.Guid, label: list.Name })),
      t('fieldList.none'),
    );
  const list = lookups.functionLists?.find((entry) => entry.Guid === value.FunctionList);
  if (!value.FunctionList) {
    if (!value.FunctionListField) ui.FunctionListField = hidden(ui.FunctionListField);
    if (!value.ReturnFields?.length) ui.ReturnFields = hidden(ui.ReturnFields);
  } else {
    const fields = list?.Fields ?? [];
    ui.FunctionListField = choices(
      ui.FunctionListField,
      fields.map((field) => ({ value: String(field.Name), label: `${field.Name} (${field.Type})` })),
    );
    ui.ReturnFields = {
      ...ui.ReturnFields,
      'ui:options': { ...(ui.ReturnFields?.['ui:options'] as object | undefined), fields },
    };
  }

  if (ui.ArrayElementType?.['ui:widget'] !== 'hidden')
    ui.ArrayElementType = choices(
      ui.ArrayElementType,
      elementTypesFor(type).map((entry) => ({ value: entry, label: entry })),
    );
  if (ui.Document?.['ui:widget'] !== 'hidden')
    ui.Document = choices(
      ui.Document,
      (lookups.publishedDocuments ?? []).map((name) => ({ value: name, label: name })),
    );

  const defaults = (lookups.defaultValueTypes ?? []).filter((entry) => (entry.Types ?? []).includes(type));
  if (defaults.length === 0 && !value.DefaultType) ui.DefaultType = hidden(ui.DefaultType);
  else
    ui.DefaultType = choices(
      ui.DefaultType,
      defaults.map((entry) => ({ value: entry.Key, label: entry.Value ?? entry.Key })),
      t('fieldList.none'),
    );
  if (ui.DefaultValue?.['ui:widget'] !== 'hidden') {
    if (type === 'Boolean')
      ui.DefaultValue = choices(ui.DefaultValue, [
        { value: 'true', label: 'true' },
        { value: 'false', label: 'false' },
      ]);
    else if (type === 'DateOnly') ui.DefaultValue = { ...ui.DefaultValue, 'ui:widget': 'date' };
    else if (type === 'DateTime') ui.DefaultValue = { ...ui.DefaultValue, 'ui:widget': 'datetime' };
  }
  if (!value.DefaultType) {
    if (!value.DefaultInsert) ui.DefaultInsert = hidden(ui.DefaultInsert);
    if (!value.DefaultUpdate) ui.DefaultUpdate = hidden(ui.DefaultUpdate);
  }
  return ui;
}
