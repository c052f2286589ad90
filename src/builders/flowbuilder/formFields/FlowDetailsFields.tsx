import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import type { FlowStatus, FlowVersion } from '../../../domain/flow/types';
import { RowActions } from '../../../engine/list/RowActions';
import { StatusBadge } from '../StatusBadge';

/** What the flow details drawer gives its form: what may be done, and doing it. */
export interface FlowDetailsContext {
  /** Activates or deactivates the flow; absent when not permitted or nothing is published. */
  toggle?: (() => void) | undefined;
  inspect(version: FlowVersion): void;
  duplicate?: ((version: FlowVersion) => void) | undefined;
  /** Deletes a draft version; absent when not permitted. */
  remove?: ((version: FlowVersion) => void) | undefined;
  /** Sets what the executions log keeps of the flow's calls; absent when not permitted. */
  setKeepCallData?: ((value: 'never' | 'onError' | 'always') => void) | undefined;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export const when = (value: string | null | undefined) => (value ? dateFormat.format(new Date(value)) : '—');

const titleOf = (props: FieldProps) => String(props.uiSchema?.['ui:title'] ?? props.name);
const contextOf = (props: FieldProps) => (props.registry.formContext ?? {}) as Partial<FlowDetailsContext>;

/** A value shown as text, a date when `ui:options.date` (`"ui:field": "summaryText"`). */
export function SummaryTextField(props: FieldProps<string | null>) {
  const date = getUiOptions(props.uiSchema).date === true;
  const value = props.formData;
  return (
    <div className="flow-summary__item" id={props.fieldPathId.$id}>
      <span className="field__label">{titleOf(props)}</span>
      <span>{date ? when(value) : value || '—'}</span>
    </div>
  );
}

/** The flow's status as its badge (`"ui:field": "flowStatus"`). */
export function FlowStatusField(props: FieldProps<FlowStatus | null>) {
  return (
    <div className="flow-summary__item" id={props.fieldPathId.$id}>
      <span className="field__label">{titleOf(props)}</span>
      <StatusBadge status={props.formData ?? undefined} />
    </div>
  );
}

/** Whether the flow is active, with activate or deactivate when permitted (`"ui:field": "flowActive"`). */
export function FlowActiveField(props: FieldProps<boolean>) {
  const active = props.formData === true;
  const { toggle } = contextOf(props);
  return (
    <div className="flow-summary__item" id={props.fieldPathId.$id}>
      <span className="field__label">{titleOf(props)}</span>
      <span className={`flow-active flow-active--${active ? 'on' : 'off'}`}>
        {active ? 'Active' : 'Inactive'}
      </span>
      {toggle && (
        <button type="button" className="button button--small" onClick={toggle}>
          {active ? 'Deactivate' : 'Activate'}
        </button>
      )}
    </div>
  );
}

/**
 * Keep call data (`"ui:field": "flowKeepCallData"`, issue 32 point 3): a select that acts at once when
 * permitted (the drawer is otherwise read-only), the chosen value's label otherwise. Options and labels
 * are the schema's enum and the UI schema's `ui:enumNames`; the field template shows `ui:help` under it,
 * with the id the select is described by.
 */
export function FlowKeepCallDataField(props: FieldProps<'never' | 'onError' | 'always'>) {
  const { setKeepCallData } = contextOf(props);
  const values = (props.schema.enum ?? []) as Array<'never' | 'onError' | 'always'>;
  const labels = (props.uiSchema?.['ui:enumNames'] ?? values) as string[];
  const value = props.formData ?? 'onError';
  const label = (option: string) => labels[values.indexOf(option as never)] ?? option;
  const id = props.fieldPathId.$id;
  const help = props.uiSchema?.['ui:help'] as string | undefined;
  return (
    <div className="flow-summary__item" id={`${id}__item`}>
      <label className="field__label" htmlFor={id}>
        {titleOf(props)}
      </label>
      {setKeepCallData ? (
        <select
          id={id}
          value={value}
          aria-describedby={help ? `${id}__help` : undefined}
          onChange={(event) => setKeepCallData(event.target.value as typeof value)}
        >
          {values.map((option) => (
            <option key={option} value={option}>
              {label(option)}
            </option>
          ))}
        </select>
      ) : (
        <span id={id}>{label(value)}</span>
      )}
    </div>
  );
}

/**
 * The history of versions (`"ui:field": "flowVersions"`): version, status, published and edited, with
 * inspect, duplicate and delete (drafts only) as permitted (spec part 2 §2 drawer 7, §4).
 */
export function FlowVersionsField(props: FieldProps<FlowVersion[]>) {
  const { inspect, duplicate, remove } = contextOf(props);
  return (
    <div id={props.fieldPathId.$id}>
      <h3 className="form-section__title">{titleOf(props)}</h3>
      <table className="list__table flow-table" aria-label="Versions">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Status</th>
            <th scope="col">Published</th>
            <th scope="col">Edited</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(props.formData ?? []).map((version) => (
            <tr key={version.VersionGuid}>
              <td>{version.Version}</td>
              <td>
                <StatusBadge status={version.Status} />
              </td>
              <td>{when(version.Published)}</td>
              <td>{when(version.Modified)}</td>
              <RowActions remove={remove && version.Status === 'draft' && { onClick: () => remove(version) }}>
                {inspect && (
                  <button type="button" className="button button--small" onClick={() => inspect(version)}>
                    inspect
                  </button>
                )}
                {duplicate && (
                  <button type="button" className="button button--small" onClick={() => duplicate(version)}>
                    duplicate
                  </button>
                )}
              </RowActions>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
