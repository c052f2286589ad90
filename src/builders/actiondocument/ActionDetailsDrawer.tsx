import type { UiSchema } from '@rjsf/utils';
import { useCallback } from 'react';
import { form } from '../../../generated/forms/ActionDocumentAction';
import { fieldsOfAction, targetOf } from '../../domain/actionDocuments/actionFields';
import { actionDetailsRules } from '../../domain/actionDocuments/rules';
import type { Action } from '../../domain/actionDocuments/types';
import { methodsFor } from '../../domain/documents/actionMethods';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import type { Choice } from '../../engine/form/fields/ChoiceField';
import type { ActionFormContext } from './actionFormContext';
import { SortingField } from './SortingField';

type Settings = Omit<Action, 'Childs'>;

const drawerFields = { actionSorting: SortingField };
const hidden = { 'ui:widget': 'hidden' } as const;
const choices = (list: Choice[]) => ({ 'ui:options': { choices: list } });

/**
 * Drawer 14, action details (spec part 2 §2, §3 'Action document'): the action's type (Document or
 * Method), its document or method, how it acts, is_mandatory, is_updatable, required fields and sorting,
 * and for a child its relation to the parent: alias, parent field and child field.
 */
export function ActionDetailsDrawer({
  drawerKey,
  action,
  parent,
  siblingAliases,
  context,
  onSave,
}: {
  drawerKey: string;
  action: Settings;
  /** The parent action, for a child. */
  parent: Settings | null;
  siblingAliases: readonly string[];
  context: ActionFormContext;
  onSave(action: Settings): void;
}) {
  const isRead = context.document.IsRead === true;
  const parentFields = parent ? (fieldsOfAction(parent, context) ?? []) : [];
  const uiSchemaOf = useCallback(
    (value: Settings): UiSchema => {
      const base = form.uiSchema;
      const fields = fieldsOfAction(value, context) ?? [];
      const fieldChoices = fields.map((field) => ({
        value: field.Name,
        label: `${field.Name} (${field.Type})`,
      }));
      const isMethod = value.Type === 'Method';
      const targets: Choice[] = isMethod
        ? context.methods.map((method) => ({
            value: method.Guid,
            label: `${method.Name}${method.IsRead ? ' (read)' : ' (write)'}`,
            disabled: (method.IsRead === true) !== isRead,
            reason: 'This method does not match the action document’s “Is read” setting',
          }))
        : context.documents.map((document) => ({ value: document.Guid, label: document.Name }));
      const relation = (base.Relation ?? {}) as UiSchema;
      return {
        ...base,
        Type: {
          ...(base.Type as UiSchema),
          ...choices([
            { value: 'Document', label: 'Document' },
            { value: 'Method', label: 'Method' },
          ]),
        },
        Guid: {
          ...(base.Guid as UiSchema),
          'ui:title': isMethod ? 'Method' : 'Document',
          ...choices(targets),
        },
        Method: isMethod
          ? hidden
          : {
              ...(base.Method as UiSchema),
              ...choices(methodsFor(isRead).map((method) => ({ value: method.key, label: method.label }))),
            },
        Relation: parent
          ? {
              ...relation,
              ParentField: {
                ...(relation.ParentField as UiSchema),
                ...choices(
                  parentFields.map((field) => ({
                    value: field.Name,
                    label: `${field.Name} (${field.Type})`,
                  })),
                ),
              },
              ChildField: { ...(relation.ChildField as UiSchema), ...choices(fieldChoices) },
            }
          : hidden,
        Required: { ...(base.Required as UiSchema), ...choices(fieldChoices) },
        Sorting: { ...(base.Sorting as UiSchema), 'ui:options': { fields } },
      };
    },
    [context, isRead, parent, parentFields],
  );
  const normalize = useCallback(
    (next: Settings, previous: Settings): Settings => {
      let out = next;
      // A new type means a new choice of document or method.
      if (next.Type !== previous.Type) out = { ...out, Guid: null, Name: null, Method: null };
      if (out.Guid !== previous.Guid) {
        const target = targetOf(out, context);
        const name =
          target?.kind === 'Method'
            ? target.method.Name
            : target?.kind === 'Document'
              ? target.document.Name
              : null;
        const fields = fieldsOfAction(out, context) ?? [];
        const has = (field: string | null | undefined) => fields.some((entry) => entry.Name === field);
        out = {
          ...out,
          Name: name,
          Required: (out.Required ?? []).filter(has),
          Sorting: (out.Sorting ?? []).filter((entry) => has(entry.Field)),
          ...(out.Relation
            ? {
                Relation: {
                  ...out.Relation,
                  ChildField: has(out.Relation.ChildField) ? out.Relation.ChildField : null,
                },
              }
            : {}),
        };
        // A child's alias starts as its document's name.
        if (parent && name && !out.Relation?.ChildName)
          out = { ...out, Relation: { ...out.Relation, ChildName: name } };
      }
      // A reading action document only reads (spec part 2 §5: methods match is_read).
      const offered = methodsFor(isRead);
      if (out.Type !== 'Method' && !out.Method && offered.length === 1)
        out = { ...out, Method: offered[0]!.key };
      if (out.Type === 'Method' && out.Method) out = { ...out, Method: null };
      return out;
    },
    [context, isRead, parent],
  );
  const rules = useCallback(
    (value: Settings) =>
      actionDetailsRules(value, { isRoot: parent === null, isRead, siblingAliases, context }),
    [parent, isRead, siblingAliases, context],
  );
  return (
    <DrawerForm<Settings>
      drawerKey={drawerKey}
      form={form}
      value={action}
      readOnly={context.readOnly}
      rules={rules}
      fields={drawerFields}
      uiSchemaOf={uiSchemaOf}
      normalize={normalize}
      saveLabel="Apply"
      onSave={async (value) => {
        onSave(value);
        return true;
      }}
    />
  );
}
