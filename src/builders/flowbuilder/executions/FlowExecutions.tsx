import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { form as filterForm } from '../../../../generated/forms/FlowExecutionsFilter';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import { t } from '../../../messages/t';
import { DEFAULT_DEBOUNCE_MS } from '../../../ui/debounce';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import {
  EXECUTIONS_PAGE_SIZE,
  type ExecutionsFilterValue,
  executionsQuery,
  executionsQueryParameters,
  type FlowExecution,
} from '../testRun/testRunQueries';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
const NO_FILTER: ExecutionsFilterValue = { Status: 'all' };

export type ExecutionsLogState = ReturnType<typeof useExecutionsLog>;

/**
 * Whether the log is open, its page and its filters, held by the drawer around it: the details drawer
 * remakes its form when the flow changes (activated, keep call data set), and the log stays as it was.
 */
export function useExecutionsLog() {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ExecutionsFilterValue>(NO_FILTER);
  return { open, setOpen, page, setPage, filter, setFilter };
}

/**
 * The flow's executions log (issue 17 point 6; issue 32 point 3): its production calls, newest first, a
 * page at a time, filtered by time range, outcome, API user, version, error code and trace id (a form declared in
 * schemas/drawers/flow-executions-filter); who called, the version, the status, the duration, the error
 * code, the call's trace id (issue 32 point 2), and what a call follows (a retry of, an error flow of).
 * Open shows one on the canvas of the version that ran, with its data. Loads when opened, like the
 * change history beside it.
 */
export function FlowExecutions({
  guid,
  state,
  onOpen,
}: {
  guid: string;
  state: ExecutionsLogState;
  onOpen(execution: FlowExecution): void;
}) {
  const { open, setOpen, page, setPage, filter, setFilter } = state;
  // Typing into a filter asks once the typing pauses.
  const asked = useDebouncedValue(filter, DEFAULT_DEBOUNCE_MS);
  const executions = useQuery({ ...executionsQuery(guid, { page, filter: asked }), enabled: open });
  const data = executions.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / EXECUTIONS_PAGE_SIZE)) : 1;
  return (
    <details
      className="item-history flow-executions"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="item-history__title">{t('fb.executions.title')}</summary>
      <search className="flow-executions__filters" aria-label={t('fb.executions.filter')}>
        <SchemaForm
          form={filterForm}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
          idPrefix="executions-filter"
        />
        <div className="flow-executions__filter-actions">
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setFilter(NO_FILTER);
              setPage(1);
            }}
          >
            {t('fb.executions.clearFilter')}
          </button>
          <button type="button" className="button button--small" onClick={() => void executions.refetch()}>
            Refresh
          </button>
        </div>
      </search>
      {executions.isPending && open ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : executions.error ? (
        <p role="alert">{executions.error.message}</p>
      ) : data && data.Executions.length === 0 ? (
        <p className="list__muted">
          {Object.keys(executionsQueryParameters(asked)).length > 0
            ? t('fb.executions.noMatch')
            : t('fb.executions.empty')}
        </p>
      ) : data ? (
        <>
          {/* Scrolls on its own: as wide as its trace ids, it would widen the whole drawer. */}
          <div className="list__frame">
            <table className="list__table flow-table" aria-label={t('fb.executions.title')}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">When</th>
                  <th scope="col">Version</th>
                  <th scope="col">API user</th>
                  <th scope="col">Status</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Error</th>
                  <th scope="col">{t('fb.executions.trace')}</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.Executions.map((execution) => (
                  <tr key={execution.Id} data-execution={execution.Id}>
                    <td>
                      {execution.Id}
                      {execution.RetryOf != null && (
                        <span className="list__muted">
                          {' '}
                          {t('fb.executions.retryOf', { id: execution.RetryOf })}
                        </span>
                      )}
                      {execution.ErrorOf != null && (
                        <span className="list__muted">
                          {' '}
                          {t('fb.executions.errorOf', { id: execution.ErrorOf })}
                        </span>
                      )}
                    </td>
                    <td>{dateFormat.format(new Date(execution.At))}</td>
                    <td>{execution.Version ?? '—'}</td>
                    <td>{execution.ApiUser ?? '—'}</td>
                    <td>
                      <span
                        className={`badge ${execution.Status < 400 ? 'badge--published' : 'badge--failed'}`}
                      >
                        {execution.Status}
                      </span>
                    </td>
                    <td>{execution.DurationMs.toFixed(1)} ms</td>
                    <td>
                      {execution.ErrorCode ?? execution.Message ?? ''}
                      {execution.ErrorConnection &&
                        ` ${t('fb.executions.connection', { connection: execution.ErrorConnection })}`}
                    </td>
                    {/* The id the call's log lines and spans carry (issue 32 point 2), to look them up. */}
                    <td>
                      <code className="flow-table__trace" title={execution.TraceId ?? undefined}>
                        {execution.TraceId ?? '—'}
                      </code>
                    </td>
                    <td className="list__actions">
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => onOpen(execution)}
                      >
                        {t('fb.executions.open')}
                        <span className="sr-only"> execution {execution.Id}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flow-executions__pager">
            <button
              type="button"
              className="button button--small"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('fb.executions.previous')}
            </button>
            <span>{t('fb.executions.page', { page, pages, count: data.Total })}</span>
            <button
              type="button"
              className="button button--small"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('fb.executions.next')}
            </button>
          </div>
        </>
      ) : null}
      {data && <p className="list__muted">{t('fb.executions.retention', { days: data.RetentionDays })}</p>}
    </details>
  );
}
