import type { UiSchema } from '@rjsf/utils';
import { documentFieldTypes, identityTypes, lengthTypes } from '../../domain/documents/fieldTypes';
import type { DefaultValueType, Document, DocumentField } from '../../domain/documents/types';
import type { Choice } from '../../engine/form/fields/ChoiceField';

export interface FieldDetailsContext {
  documentType: Document['Type'];
  defaultValueTypes: readonly DefaultValueType[];
  /** Published list documents of the connection, for mapped fields. */
  listDocuments: readonly Document[];
  connection: string;
}

const hidden = { 'ui:widget': 'hidden' } as const;
const typeLabels: Record<string, string> = {
  DateOnly: 'Date',
  DateTime: 'Date and time',
  Longnumber: 'Long number',
};

/** Default value types that permit the field's type (spec part 2 §3: permitted field types per default type). */
export function defaultTypesFor(type: string, defaultValueTypes: readonly DefaultValueType[]) {
  return defaultValueTypes.filter((entry) => (entry.Types ?? []).includes(type));
}

/**
 * The field drawer's UI schema for the field as it stands (spec part 2 §2 drawer 2, §3 'Field options',
 * §5 'Field definition'): is_map only for list documents, is_id only for numbers, required and default
 * not offered on key or id fields, max length and regex only for strings, the expression only with the
 * regex check, the static value only for a static default, the mapping only for a mapped field.
 */
export function fieldDetailsUiSchema(
  base: UiSchema,
  field: DocumentField,
  context: FieldDetailsContext,
): UiSchema {
  const isKeyOrId = field.IsKey === true || field.IsId === true;
  const isString = lengthTypes.includes(field.Type);
  const validation = (base.Validation ?? {}) as UiSchema;
  const fallback = (base.Default ?? {}) as UiSchema;
  const mapping = ((validation.Document as UiSchema | undefined)?.Reference ?? {}) as UiSchema;
  const mapped = context.listDocuments.find(
    (document) => document.Guid === field.Validation?.Document?.Reference?.DocumentGuid,
  );
  const choices = (list: Choice[]) => ({ 'ui:options': { choices: list } });
  const defaultType = field.Default?.Type;
  return {
    ...base,
    Type: {
      ...base.Type,
      ...choices(documentFieldTypes.map((type) => ({ value: type, label: typeLabels[type] ?? type }))),
    },
    IsId: identityTypes.includes(field.Type) ? base.IsId : hidden,
    IsMapping: context.documentType === 'List' ? base.IsMapping : hidden,
    Validation: {
      ...validation,
      IsRequired: isKeyOrId ? hidden : validation.IsRequired,
      MaxLength: isString ? validation.MaxLength : hidden,
      Type: isString
        ? {
            ...(validation.Type as UiSchema),
            ...choices([
              { value: 'none', label: 'None' },
              { value: 'regularexpression', label: 'Regular expression' },
            ]),
          }
        : hidden,
      Expression: isString && field.Validation?.Type === 'regularexpression' ? validation.Expression : hidden,
      Document:
        field.IsMapping === true && context.documentType === 'List'
          ? {
              ...(validation.Document as UiSchema),
              Reference: {
                ...mapping,
                DocumentGuid: {
                  ...(mapping.DocumentGuid as UiSchema),
                  ...choices(
                    context.listDocuments.map((document) => ({ value: document.Guid, label: document.Name })),
                  ),
                },
                MappingField: {
                  ...(mapping.MappingField as UiSchema),
                  ...choices(
                    (mapped?.Elements ?? []).map((entry) => ({
                      value: entry.Name,
                      label: `${entry.Name} (${entry.Type})`,
                    })),
                  ),
                },
              },
            }
          : hidden,
    },
    Default: isKeyOrId
      ? hidden
      : {
          ...fallback,
          Type: {
            ...(fallback.Type as UiSchema),
            ...choices(
              defaultTypesFor(field.Type, context.defaultValueTypes).map((entry) => ({
                value: entry.Key,
                label: entry.Value ?? entry.Key,
              })),
            ),
          },
          Value:
            defaultType === 'StaticValue'
              ? {
                  ...(fallback.Value as UiSchema),
                  'ui:field': 'staticValue',
                  'ui:options': { fieldType: field.Type },
                }
              : hidden,
          Insert: defaultType ? fallback.Insert : hidden,
          Update: defaultType ? fallback.Update : hidden,
        },
  };
}

/**
 * What an edit in the field drawer implies, applied before it is kept (spec part 2 §5 'Document': key
 * fields are required and not updatable, ID fields not updatable; 'Field definition': options that no
 * longer apply to the type are cleared).
 */
export function normalizeFieldDetails(
  next: DocumentField,
  previous: DocumentField,
  context: Pick<FieldDetailsContext, 'defaultValueTypes' | 'connection'>,
): DocumentField {
  const field: DocumentField = { ...next, Validation: { ...next.Validation } };
  const validation = field.Validation!;
  if (!lengthTypes.includes(field.Type)) {
    delete validation.MaxLength;
    delete validation.Expression;
    if (validation.Type === 'regularexpression') validation.Type = 'none';
  }
  if (validation.Type !== 'regularexpression') delete validation.Expression;
  if (!identityTypes.includes(field.Type)) field.IsId = false;
  if (field.IsKey === true) {
    validation.IsRequired = true;
    field.IsUpdatable = false;
  }
  if (field.IsId === true) field.IsUpdatable = false;
  if (field.IsKey === true || field.IsId === true) delete field.Default;
  if (field.IsMapping === true) {
    const reference = validation.Document?.Reference ?? {};
    const changedDocument = reference.DocumentGuid !== previous.Validation?.Document?.Reference?.DocumentGuid;
    validation.Document = {
      Reference: {
        ...reference,
        ConnectionGuid: context.connection,
        ...(changedDocument ? { MappingField: null } : {}),
      },
    };
  } else delete validation.Document;
  const fallback = field.Default;
  if (fallback) {
    const permitted = defaultTypesFor(field.Type, context.defaultValueTypes).some(
      (entry) => entry.Key === fallback.Type,
    );
    if (!fallback.Type || !permitted) delete field.Default;
    else {
      const chosenNow = fallback.Type !== previous.Default?.Type;
      field.Default = {
        ...fallback,
        ...(fallback.Type !== 'StaticValue' ? { Value: null } : {}),
        ...(chosenNow && fallback.Insert !== true && fallback.Update !== true ? { Insert: true } : {}),
      };
      if (
        chosenNow &&
        fallback.Type === 'StaticValue' &&
        field.Type === 'Boolean' &&
        typeof fallback.Value !== 'boolean'
      )
        field.Default.Value = false;
    }
  }
  return field;
}
