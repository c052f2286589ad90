import type { FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError';
import { callOperation } from '../../api/callOperation';
import { INTERNAL_TYPE } from '../../domain/connections/internalType';
import type { Document } from '../../domain/documents/types';
import { connectionsLookup } from '../../engine/builder/ConnectionScope';
import { FieldLabel } from '../../engine/form/fields/fieldLabel';
import { t } from '../../messages/t';
import { documentFormContext } from './documentFormContext';

/**
 * The table or view a document of another database maps onto (`"ui:field": "externalTable"`, issue 30
 * point 2), picked from that database's live catalogue (DocumentBuilder.GetConnectionTables). Picking one
 * fills a document without fields from its columns; "Use its columns" replaces the fields of one that
 * has some. Documents of the internal connection, and of kinds without tables, do not show it.
 */
export function ExternalTableField(props: FieldProps) {
  const context = documentFormContext(props.registry.formContext);
  const { document, connection, readOnly } = context;
  const connections = useQuery(connectionsLookup());
  const type = connections.data?.find((entry) => entry.FlowConnectionGuid === connection)?.Type;
  const external = type !== undefined && type !== INTERNAL_TYPE;
  const tables = useQuery({
    queryKey: ['/documentbuilder', 'tables', connection],
    queryFn: () => callOperation('DocumentBuilder.GetConnectionTables', { path: { connection } }),
    enabled: external,
    staleTime: 30_000,
    retry: false,
  });
  if (!external) return null;
  if (tables.error instanceof ApiError && tables.error.messageKey === 'db.error.noTables') return null;
  const value = typeof props.formData === 'string' ? props.formData : '';
  const chosen = tables.data?.find((table) => table.Name === value);
  const id = props.fieldPathId.$id;
  const takeColumns = (name: string) => {
    const table = tables.data?.find((entry) => entry.Name === name);
    if (!table) return;
    const next: Document = {
      ...document,
      Table: table.Name,
      Name: document.Name || table.Table,
      Elements: table.Elements,
      Key: table.Key ?? null,
    };
    if (context.replace) context.replace(next);
    else props.onChange(table.Name, props.fieldPathId.path);
  };
  const pick = (name: string) => {
    if (document.Elements.length === 0 && name) takeColumns(name);
    else props.onChange(name || null, props.fieldPathId.path);
  };
  const names = (tables.data ?? []).map((table) => table.Name);
  if (value && !names.includes(value)) names.unshift(value);
  const views = new Set((tables.data ?? []).filter((table) => table.IsView).map((table) => table.Name));
  return (
    <div className="field">
      <FieldLabel props={props} />
      <select
        id={id}
        className="field__select"
        value={value}
        disabled={readOnly || tables.isPending}
        aria-busy={tables.isPending || undefined}
        onChange={(event) => pick(event.target.value)}
      >
        <option value="">{tables.isPending ? t('db.tables.loading') : t('db.tables.pick')}</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {views.has(name) ? `${name} (${t('db.tables.view')})` : name}
          </option>
        ))}
      </select>
      {chosen && document.Elements.length > 0 && !readOnly && (
        <button type="button" className="button button--small" onClick={() => takeColumns(chosen.Name)}>
          {t('db.tables.useColumns')}
        </button>
      )}
      {tables.error && (
        <p className="field__error" role="alert">
          {tables.error.message}
        </p>
      )}
      {(props.rawErrors?.length ?? 0) > 0 && (
        <p className="field__error" role="alert">
          {props.rawErrors?.join(' ')}
        </p>
      )}
    </div>
  );
}
