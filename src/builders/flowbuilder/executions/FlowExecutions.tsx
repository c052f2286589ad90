import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { t } from '../../../messages/t';
import { EXECUTIONS_PAGE_SIZE, executionsQuery } from '../testRun/testRunQueries';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The flow's executions log (issue 17 point 6): its production calls, newest first, a page at a time,
 * filtered by outcome; who called, the version, the status, the duration, the error block's code and
 * the call's trace id.
 * Loads when opened, like the change history beside it.
 */
export function FlowExecutions({ guid }: { guid: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'ok' | 'failed' | undefined>(undefined);
  const filterId = useId();
  const executions = useQuery({ ...executionsQuery(guid, { page, status }), enabled: open });
  const data = executions.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / EXECUTIONS_PAGE_SIZE)) : 1;
  return (
    <details className="item-history flow-executions" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="item-history__title">{t('fb.executions.title')}</summary>
      <div className="flow-executions__filters">
        <label htmlFor={filterId}>Status</label>
        <select
          id={filterId}
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || undefined) as 'ok' | 'failed' | undefined);
            setPage(1);
          }}
        >
          <option value="">{t('fb.executions.allStatuses')}</option>
          <option value="ok">{t('fb.executions.ok')}</option>
          <option value="failed">{t('fb.executions.failed')}</option>
        </select>
        <button type="button" className="button button--small" onClick={() => void executions.refetch()}>
          Refresh
        </button>
      </div>
      {executions.isPending && open ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : executions.error ? (
        <p role="alert">{executions.error.message}</p>
      ) : data && data.Executions.length === 0 ? (
        <p className="list__muted">{t('fb.executions.empty')}</p>
      ) : data ? (
        <>
          <table className="list__table flow-table" aria-label={t('fb.executions.title')}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Version</th>
                <th scope="col">API user</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">Error</th>
                <th scope="col">{t('fb.executions.trace')}</th>
              </tr>
            </thead>
            <tbody>
              {data.Executions.map((execution) => (
                <tr key={execution.Id}>
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
                  <td>{execution.ErrorCode ?? execution.Message ?? ''}</td>
                  {/* The id the call's log lines and spans carry (issue 32 point 2), to look them up. */}
                  <td>
                    <code>{execution.TraceId ?? '—'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flow-executions__pager">
            <button
              type="button"
              className="button button--small"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <span>
              Page {page} of {pages} · {data.Total} calls
            </span>
            <button
              type="button"
              className="button button--small"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </div>
        </>
      ) : null}
      {data && <p className="list__muted">{t('fb.executions.retention', { days: data.RetentionDays })}</p>}
    </details>
  );
}
