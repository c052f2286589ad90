import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { t } from '../../../messages/t';
import { FunctionPickerDrawer } from '../drawers/FunctionPickerDrawer';
import { functionsQuery } from '../flowQueries';

/** A linked function: its guid and name. */
export interface FunctionLink {
  Guid: string;
  Name?: string | null;
}

/**
 * The function an added field takes its value from (`"ui:field": "functionLink"`, the field's type in
 * `ui:options.type`): its name and output type, chosen in the functions picker (spec part 2 §2 drawers 4
 * and 8). A linked function the lookup does not find is marked as errored and the link cleared (§4).
 */
export function FunctionLinkField(props: FieldProps<FunctionLink | null>) {
  const { formData: link, onChange, fieldPathId, disabled, readonly } = props;
  const type = getUiOptions(props.uiSchema).type as string | null | undefined;
  const functions = useQuery(functionsQuery());
  const drawers = useDrawers();
  const editable = !(disabled || readonly);
  const fn = link?.Guid ? functions.data?.find((entry) => entry.Guid === link.Guid) : undefined;
  const lost = functions.isSuccess && Boolean(link?.Guid) && !fn;
  useEffect(() => {
    if (lost && editable) onChange(null, fieldPathId.path);
  }, [lost, editable, onChange, fieldPathId.path]);
  const key = `${fieldPathId.$id}:functions`;
  return (
    <div id={fieldPathId.$id}>
      {lost && (
        <p className="field__error" role="alert">
          {t('fb.functionLoad.error')}
        </p>
      )}
      <p className="flow-inline">
        <span>{fn ? `${fn.Name} → ${fn.Output?.Type ?? '?'}` : 'No function linked'}</span>
        {editable && (
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              drawers.open({
                key,
                title: 'Functions',
                size: 'wide',
                content: (
                  <FunctionPickerDrawer
                    drawerKey={key}
                    type={type}
                    onPick={(picked) => onChange({ Guid: picked.Guid, Name: picked.Name }, fieldPathId.path)}
                  />
                ),
              })
            }
          >
            {fn ? 'Change function' : 'Choose function'}
          </button>
        )}
      </p>
    </div>
  );
}
