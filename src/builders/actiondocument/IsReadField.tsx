import type { FieldProps } from '@rjsf/utils';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { actionFormContext } from './actionFormContext';

/**
 * 'Is read' of an action document (spec part 2 §4): which methods fit depends on it, so changing it
 * while actions exist offers to delete all actions (and the match rules on them); declined, nothing
 * changes.
 */
export function IsReadField(props: FieldProps<boolean>) {
  const { formData, onChange, fieldPathId, disabled, readonly } = props;
  const context = actionFormContext(props.registry.formContext);
  const confirm = useConfirm();
  const change = async (next: boolean) => {
    const { document } = context;
    if (!document.Action && (document.Rules ?? []).length === 0) {
      onChange(next, fieldPathId.path);
      return;
    }
    const yes = await confirm({
      title: t('ad.isRead.title'),
      body: t('ad.isRead.body'),
      confirmText: t('ad.isRead.confirm'),
      tone: 'danger',
    });
    if (!yes) return;
    const { Action: _actions, ...rest } = document;
    context.replace({ ...rest, IsRead: next, Rules: [] });
  };
  return (
    <label className="checkbox" htmlFor={fieldPathId.$id}>
      <input
        id={fieldPathId.$id}
        type="checkbox"
        checked={formData === true}
        disabled={disabled || readonly}
        onChange={(event) => void change(event.target.checked)}
      />
      <span>{(props.uiSchema?.['ui:title'] as string | undefined) ?? 'Is read'}</span>
    </label>
  );
}
