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
