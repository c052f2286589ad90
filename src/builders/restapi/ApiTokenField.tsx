import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useState } from 'react';
import { t } from '../../messages/t';
import { useNotify } from '../../shell/notifications/useNotify';
import { copyText } from './copyText';

/** What the API user drawer tells its token field. */
export interface ApiTokenContext {
  /** A saved API user being edited (not new, with Upsert): copy and renew are offered then. */
  editMode: boolean;
  isNew: boolean;
}

/**
 * The API token of an API user: shown read-only, copied with a success notice, renewed to a new guid
 * (spec part 1 §4 'API user token: can be copied (a success notice shows) or renewed (a new guid is
 * generated) in edit mode'). A renewed token replaces the old one when the drawer is saved.
 */
export function ApiTokenField({ fieldPathId, formData, onChange, uiSchema, registry }: FieldProps<string>) {
  const notify = useNotify();
  const [renewed, setRenewed] = useState(false);
  const { editMode, isNew } = (registry.formContext ?? { editMode: false, isNew: false }) as ApiTokenContext;
  const title = String(getUiOptions(uiSchema).title ?? 'API token');
  const id = fieldPathId.$id;
  const copy = async () => {
    if (!formData) return;
    if (await copyText(formData)) notify('success', t('ra.copySuccess'));
    else notify('warning', t('ra.tokenCopyFailed'));
  };
  return (
    <div className="api-token">
      <label className="field__label" htmlFor={id}>
        {title}
      </label>
      {formData ? (
        <div className="api-token__row">
          <input
            id={id}
            className="field__input api-token__value"
            value={formData}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          {editMode && (
            <>
              <button type="button" className="button" onClick={() => void copy()}>
                Copy
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  onChange(crypto.randomUUID(), fieldPathId.path);
                  setRenewed(true);
                }}
              >
                Renew
              </button>
            </>
          )}
        </div>
      ) : (
        <p className="field__help" id={id}>
          {t(isNew ? 'ra.tokenNew' : 'ra.tokenHidden')}
        </p>
      )}
      {renewed && (
        <p className="field__help" role="status">
          {t('ra.tokenRenewed')}
        </p>
      )}
    </div>
  );
}
