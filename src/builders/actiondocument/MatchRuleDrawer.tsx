import type { UiSchema } from '@rjsf/utils';
import { useCallback } from 'react';
import { form } from '../../../generated/forms/MatchRule';
import { fieldsOfAction } from '../../domain/actionDocuments/actionFields';
import { matchRuleDetailsRules } from '../../domain/actionDocuments/rules';
import type { Action, MatchRule } from '../../domain/actionDocuments/types';
import { DrawerForm } from '../../engine/drawers/DrawerForm';
import type { ActionFormContext } from './actionFormContext';

/**
 * Drawer 14, match rule details (spec part 2 §2, §3 'Action document'): the document of the tree the
 * rule matches on, stop_if_match and stop_if_no_match, its order, and the input and output fields.
 */
export function MatchRuleDrawer({
  drawerKey,
  rule,
  documentActions,
  context,
  onSave,
}: {
  drawerKey: string;
  rule: MatchRule;
  documentActions: readonly Omit<Action, 'Childs'>[];
  context: ActionFormContext;
  onSave(rule: MatchRule): void;
}) {
  const uiSchemaOf = useCallback(
    (value: MatchRule): UiSchema => {
      const action = documentActions.find((entry) => entry.Guid === value.Guid);
      const fields = (action ? fieldsOfAction(action, context) : undefined) ?? [];
      const fieldChoices = fields.map((field) => ({
        value: field.Name,
        label: `${field.Name} (${field.Type})`,
      }));
      const base = form.uiSchema;
      return {
        ...base,
        Guid: {
          ...(base.Guid as UiSchema),
          'ui:options': {
            choices: documentActions.map((entry) => ({ value: entry.Guid ?? '', label: entry.Name ?? '' })),
          },
        },
        Input: { ...(base.Input as UiSchema), 'ui:options': { choices: fieldChoices } },
        Output: { ...(base.Output as UiSchema), 'ui:options': { choices: fieldChoices } },
      };
    },
    [documentActions, context],
  );
  const normalize = useCallback(
    (next: MatchRule, previous: MatchRule): MatchRule =>
      next.Guid === previous.Guid
        ? next
        : {
            ...next,
            Name: documentActions.find((entry) => entry.Guid === next.Guid)?.Name ?? null,
            Input: [],
            Output: [],
          },
    [documentActions],
  );
  const rules = useCallback(
    (value: MatchRule) => matchRuleDetailsRules(value, documentActions),
    [documentActions],
  );
  return (
    <DrawerForm<MatchRule>
      drawerKey={drawerKey}
      form={form}
      value={rule}
      readOnly={context.readOnly}
      rules={rules}
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
