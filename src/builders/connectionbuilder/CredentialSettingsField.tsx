import type { FieldProps } from '@rjsf/utils';
import type { components } from '../../../generated/uiservices';
import { SECRET_MASK } from '../../domain/connections/secretMask';
import { t } from '../../messages/t';

type CredentialType = components['schemas']['CredentialType'];
type CredentialField = CredentialType['Fields'][number];
type Credential = NonNullable<components['schemas']['Connection']['FlowCredential']>;
type Value = string | number | boolean | null;

function SettingInput({
  id,
  field,
  value,
  readOnly,
  errors,
  onChange,
}: {
  id: string;
  field: CredentialField;
  value: Value | undefined;
  readOnly: boolean;
  errors: string[];
  onChange(value: Value | undefined): void;
}) {
  const invalid = errors.length > 0 || undefined;
  const required = field.Validation?.Required === true;
  if (field.Type === 'boolean') {
    return (
      <div className="field field--checkbox">
        <label className="checkbox" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            disabled={readOnly}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span>{field.Name}</span>
        </label>
        {field.Description && <p className="help-block">{field.Description}</p>}
      </div>
    );
  }
  const secret = field.Type === 'password';
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {field.Name}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        className="field__input"
        type={
          secret ? 'password' : field.Type === 'number' ? 'number' : field.Type === 'url' ? 'url' : 'text'
        }
        autoComplete={secret ? 'new-password' : 'off'}
        value={value === undefined || value === null ? '' : String(value)}
        readOnly={readOnly}
        disabled={readOnly}
        required={required}
        aria-invalid={invalid}
        // A stored secret shows as the mask; focusing it selects it all, so typing replaces it.
        onFocus={(event) => {
          if (secret && event.target.value === SECRET_MASK) event.target.select();
        }}
        onChange={(event) => {
          const text = event.target.value;
          if (text === '') onChange(undefined);
          else onChange(field.Type === 'number' && /^-?\d+$/.test(text) ? Number(text) : text);
        }}
      />
      {secret && value === SECRET_MASK && <p className="help-block">{t('cb.settings.secretHelp')}</p>}
      {field.Description && <p className="help-block">{field.Description}</p>}
      {invalid && (
        <p className="field__error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/**
 * The credential settings of a connection, rendered from its credential type's field list (spec part 1
 * §3 'Connection': fields with name, type, description, validation). Secrets come masked (issue 5).
 */
export function CredentialSettingsField(props: FieldProps) {
  const { formData, onChange, fieldPathId, uiSchema, errorSchema, readonly, disabled } = props;
  const credential = (formData ?? {}) as Credential;
  const type = (uiSchema?.['ui:options'] as { credentialType?: CredentialType } | undefined)?.credentialType;
  const settings = (credential.Settings ?? {}) as Record<string, Value>;
  const readOnly = Boolean(readonly || disabled);
  const errorsOf = (name: string) =>
    ((errorSchema as { Settings?: Record<string, { __errors?: string[] }> } | undefined)?.Settings?.[name]
      ?.__errors ?? []) as string[];
  const set = (name: string, value: Value | undefined) => {
    const next = { ...settings };
    if (value === undefined) delete next[name];
    else next[name] = value;
    onChange({ ...credential, Settings: next }, fieldPathId.path);
  };
  return (
    <fieldset className="credential-settings" id={fieldPathId.$id}>
      <legend className="form-section__title">{t('cb.settings.title')}</legend>
      {!type ? (
        <p className="help-block">{t('cb.settings.chooseType')}</p>
      ) : type.Fields.length === 0 ? (
        <p className="help-block">{type.Description ?? t('cb.settings.none')}</p>
      ) : (
        type.Fields.map((field) => (
          <SettingInput
            key={field.Name}
            id={`${fieldPathId.$id}_Settings_${field.Name}`}
            field={field}
            value={settings[field.Name]}
            readOnly={readOnly}
            errors={errorsOf(field.Name)}
            onChange={(value) => set(field.Name, value)}
          />
        ))
      )}
    </fieldset>
  );
}
