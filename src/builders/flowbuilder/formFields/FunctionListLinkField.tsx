import type { FieldProps } from '@rjsf/utils';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { type FunctionListLink, FunctionListPickerDrawer } from '../drawers/FunctionListDrawers';

/**
 * The function list a start field's value is checked against, with the fields it returns (spec part 2
 * §2 drawer 15; `"ui:field": "functionListLink"`): shown with a remove button, chosen in the function
 * list picker.
 */
export function FunctionListLinkField(props: FieldProps<FunctionListLink | null>) {
  const { formData: link, onChange, fieldPathId, disabled, readonly } = props;
  const drawers = useDrawers();
  const editable = !(disabled || readonly);
  const key = `${fieldPathId.$id}:lists`;
  const set = (next: FunctionListLink | null) => onChange(next, fieldPathId.path);
  return (
    <div id={fieldPathId.$id}>
      <h3 className="form-section__title">{String(props.uiSchema?.['ui:title'] ?? 'Function list')}</h3>
      {link ? (
        <p className="flow-inline">
          <span>
            {link.Name ?? link.Guid}:{' '}
            {(link.Fields ?? []).map((field) => `${field.Name} as ${field.Alias}`).join(', ')}
          </span>
          {editable && (
            <button type="button" className="button button--small" onClick={() => set(null)}>
              Remove
            </button>
          )}
        </p>
      ) : (
        <p className="field__help">Not checked against a function list.</p>
      )}
      {editable && (
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            drawers.open({
              key,
              title: 'Function lists',
              content: <FunctionListPickerDrawer drawerKey={key} current={link} onPick={set} />,
            })
          }
        >
          Choose function list
        </button>
      )}
    </div>
  );
}
