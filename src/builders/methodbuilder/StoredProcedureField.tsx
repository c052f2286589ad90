import type { FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../api/callOperation';
import { FieldLabel } from '../../engine/form/fields/fieldLabel';
import { t } from '../../messages/t';

export interface StoredProcedureOptions {
  connection?: string;
  /** The method is a query script (IsSp false), not a stored procedure. */
  query: boolean;
  /** Takes the chosen procedure and fills the method's fields from its parameters. */
  pick(name: string): void;
  /** Makes the method a query (true) or a stored procedure (false), its script emptied. */
  setQuery(query: boolean): void;
}

/**
 * The script of a method (`"ui:field": "storedProcedure"`, spec part 1 §3 'Method': "the stored-procedure
 * name or query"), after a choice of the two. A stored procedure is picked from the connection's
 * functions and procedures in its live catalog, without those other methods already wrap (spec part 1
 * §7 'Methods': GetSPS with excludeDocumentedSPs), and fills the fields (GetSPParameters). A query is
 * one SQL statement typed here, its parameters $1, $2, … the input fields in their order.
 */
export function StoredProcedureField(props: FieldProps) {
  const { uiSchema, fieldPathId, readonly, disabled } = props;
  const options = uiSchema?.['ui:options'] as unknown as StoredProcedureOptions;
  const readOnly = Boolean(readonly || disabled);
  const id = fieldPathId.$id;
  return (
    <>
      <fieldset className="field field--choices">
        <legend className="field__label">{t('method.kind.label')}</legend>
        {([false, true] as const).map((query) => (
          <label key={String(query)} className="checkbox">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={options.query === query}
              disabled={readOnly}
              onChange={() => options.setQuery(query)}
            />
            <span>{t(query ? 'method.kind.query' : 'method.kind.storedProcedure')}</span>
          </label>
        ))}
      </fieldset>
      {options.query ? <QueryScript {...props} /> : <ProcedurePicker {...props} />}
    </>
  );
}

function QueryScript(props: FieldProps) {
  const { formData, fieldPathId, readonly, disabled, rawErrors, onChange } = props;
  const id = fieldPathId.$id;
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <FieldLabel props={props} title={t('method.query.label')} />
      <textarea
        id={id}
        className="field__textarea field__textarea--code"
        spellCheck={false}
        rows={6}
        value={typeof formData === 'string' ? formData : ''}
        readOnly={Boolean(readonly || disabled)}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value, fieldPathId.path)}
      />
      <p className="help-block" id={`${id}-help`}>
        {t('method.query.help')}
      </p>
      {invalid && (
        <p className="field__error" role="alert">
          {rawErrors?.join(' ')}
        </p>
      )}
    </div>
  );
}

function ProcedurePicker(props: FieldProps) {
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
  const names = (routines.data ?? []).map((routine) => routine.Name);
  // The method's own procedure is wrapped already, so the list without wrapped ones lacks it.
  if (value && !names.includes(value)) names.unshift(value);
  const kinds = new Map((routines.data ?? []).map((routine) => [routine.Name, routine.Kind]));
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <FieldLabel props={props} title={t('method.sp.label')} />
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
