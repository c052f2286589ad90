import { useCallback } from 'react';
import { form } from '../../../generated/forms/DocumentField';
import { fieldRules } from '../../domain/documents/rules';
import type { DocumentField } from '../../domain/documents/types';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import { t } from '../../messages/t';
import type { DocumentFormContext } from './documentFormContext';
import { fieldDetailsUiSchema, normalizeFieldDetails } from './fieldDetails';
import { StaticValueField } from './StaticValueField';

const drawerFields = { staticValue: StaticValueField };

/**
 * Drawer 2, document field details (spec part 2 §2): one field with its options is_id, is_key,
 * is_updatable and is_map (list documents), validation and a default on insert or update. Read-only when
 * the document cannot be edited, and for the standard fields of action documents.
 */
export function FieldDetailsDrawer({
  drawerKey,
  field,
  siblings,
  context,
  onSave,
}: {
  drawerKey: string;
  field: DocumentField;
  siblings: readonly DocumentField[];
  context: DocumentFormContext;
  onSave(field: DocumentField): void;
}) {
  const listDocuments = context.published.filter(
    (document) => document.Type === 'List' && document.Guid !== context.document.Guid,
  );
  const details = { ...context, documentType: context.document.Type, listDocuments };
  const rules = useCallback(
    (value: DocumentField) =>
      fieldRules(value, {
        documents: context.published.filter((document) => document.Guid !== context.document.Guid),
        defaultValueTypes: context.defaultValueTypes,
        documentType: context.document.Type,
        prefix: '',
        siblings,
      }),
    [context, siblings],
  );
  return (
    <>
      {field.IsStandard && <p className="help-block drawer-note">{t('db.fields.standard')}</p>}
      <DrawerForm<DocumentField>
        drawerKey={drawerKey}
        form={form}
        value={field}
        readOnly={context.readOnly || field.IsStandard === true}
        rules={rules}
        fields={drawerFields}
        uiSchemaOf={(value) => fieldDetailsUiSchema(form.uiSchema, value, details)}
        normalize={(next, previous) => normalizeFieldDetails(next, previous, details)}
        saveLabel="Apply"
        onSave={async (value) => {
          onSave(value);
          return true;
        }}
      />
    </>
  );
}
