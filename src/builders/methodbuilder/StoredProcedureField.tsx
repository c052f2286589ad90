import type { FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../api/callOperation';
import { t } from '../../messages/t';

export interface StoredProcedureOptions {
  connection?: string;
  /** Takes the chosen procedure and fills the method's fields from its parameters. */
  pick(name: string): void;
}

/**
 * The stored procedure of a method (`"ui:field": "storedProcedure"`): the connection's functions and
 * procedures from its live catalog, without those other methods already wrap (spec part 1 §7 'Methods':
 * GetSPS with excludeDocumentedSPs). Choosing one fills the fields (GetSPParameters).
 */
export function StoredProcedureField(props: FieldProps) {
  const { formData, uiSchema, fieldPathId, readonly, disabled, rawErrors } = props;
  const options = uiSchema?.['ui:options'] as unknown as StoredProcedureOptions;
  const value = typeof formData === 'string' ? formData : '';
  const readOnly = Boolean(readonly || disabled);
  const routines = useQuery({
    queryKey: ['/methodbuilder', 'storedProcedures', options.connection ?? null],
    queryFn: () =>
      callOperation('SPActionDocument.GetSPS', {
        path: { connection: options.connection! },
        query: { excludeDocumentedSPs: true },
      }),
    enabled: Boolean(options.connection) && !readOnly,
    staleTime: 30_000,
  });
  const id = fieldPathId.$id;
  const invalid = (rawErrors?.length ?? 0) > 0;
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? t('method.sp.label');
  const names = (routines.data ?? []).map((routine) => routine.Name);
  // The method's own procedure is wrapped already, so the list without wrapped ones lacks it.
  if (value && !names.includes(value)) names.unshift(value);
  const kinds = new Map((routines.data ?? []).map((routine) => [routine.Name, routine.Kind]));
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {title}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <select
        id={id}
        className="field__select"
        value={value}
        disabled={readOnly || routines.isPending}
        aria-invalid={invalid || undefined}
        aria-busy={(routines.isPending && !readOnly) || undefined}
        onChange={(event) => options.pick(event.target.value)}
      >
        <option value="">
          {routines.isPending && !readOnly ? t('method.sp.loading') : t('chooseValue')}
        </option>
        {names.map((name) => (
          <option key={name} value={name}>
            {kinds.get(name) ? `${name} (${kinds.get(name)})` : name}
          </option>
        ))}
      </select>
      {routines.error && (
        <p className="field__error" role="alert">
          {routines.error.message}
        </p>
      )}
      {routines.data && routines.data.length === 0 && !value && (
        <p className="help-block">{t('method.sp.none')}</p>
      )}
      {invalid && (
        <p className="field__error" role="alert">
          {rawErrors?.join(' ')}
        </p>
      )}
    </div>
  );
}
