import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { form as retryForm } from '../../../../generated/forms/FlowExecutionRetry';
import type { RestMethodFlow } from '../../../domain/flow/types';
import { JsonPreview } from '../../../engine/drawers/JsonPreview';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import { t } from '../../../messages/t';
import { useNotify, useNotifyError } from '../../../shell/notifications/useNotify';
import { RunResult } from '../testRun/RunResult';
import { executionKeys, keepCallDataLabel, retryExecution } from '../testRun/testRunQueries';
import { testRunAtom } from '../testRun/testRunState';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });

export const EXECUTION_DRAWER = 'execution';

/** The address of an execution: the Flow Builder opens it on the canvas of the version that ran. */
export const executionPath = (flowGuid: string, id: number) =>
  `/flowbuilder/${encodeURIComponent(flowGuid)}?execution=${id}`;

/**
 * One production call opened from the executions log (issue 32 point 3), shown as the test run shows a
 * run: the canvas behind draws the path it took (FlowEditor puts it in testRunAtom), and here are who
 * called, the answer and each block with its data one click away (RunResult). A failed call whose input
 * was kept whole can be retried (point 4), with FlowBuilder Upsert, against the version that failed or
 * the active one; the retry opens when it has run.
 */
export function ExecutionDrawer({ flow, canRetry }: { flow: RestMethodFlow; canRetry: boolean }) {
  const run = useAtomValue(testRunAtom);
  const execution = run?.execution;
  const navigate = useNavigate();
  const client = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [choice, setChoice] = useState<{ Version: 'failed' | 'active' }>({ Version: 'failed' });
  const [retrying, setRetrying] = useState(false);
  if (!execution || !run) return <p className="empty-state">{t('fb.executions.notFound')}</p>;
  const data = execution.Data;
  const open = (id: number) => navigate(executionPath(execution.FlowGuid, id));
  const retriable = canRetry && execution.Status >= 400 && data?.InputComplete === true;

  const retry = async () => {
    setRetrying(true);
    try {
      const retried = await retryExecution(execution.FlowGuid, execution.Id, choice.Version);
      notify(
        retried.Status < 400 ? 'success' : 'warning',
        t('fb.retry.done', { id: retried.Id, status: retried.Status }),
      );
      await client.invalidateQueries({ queryKey: executionKeys.all(execution.FlowGuid) });
      open(retried.Id);
    } catch (error) {
      notifyError(error);
    } finally {
      setRetrying(false);
    }
  };

  return (
    <div className="drawer-form test-run execution">
      <dl className="flow-summary execution__summary">
        <dt>When</dt>
        <dd>{dateFormat.format(new Date(execution.At))}</dd>
        <dt>Version</dt>
        <dd>{execution.Version ?? '—'}</dd>
        <dt>API user</dt>
        <dd>{execution.ApiUser ?? '—'}</dd>
        {execution.ErrorCode && (
          <>
            <dt>Error code</dt>
            <dd>{execution.ErrorCode}</dd>
          </>
        )}
        {execution.ErrorConnection && (
          <>
            <dt>Failed connection</dt>
            <dd>{execution.ErrorConnection}</dd>
          </>
        )}
        {execution.RetryOf != null && (
          <>
            <dt>Retry of</dt>
            <dd>
              <button type="button" className="button button--link" onClick={() => open(execution.RetryOf!)}>
                #{execution.RetryOf}
              </button>
              {execution.RetriedBy ? ` by ${execution.RetriedBy}` : ''}
            </dd>
          </>
        )}
        {execution.ErrorOf != null && (
          <>
            <dt>Error flow of</dt>
            <dd>#{execution.ErrorOf}</dd>
          </>
        )}
        {execution.Retries.length > 0 && (
          <>
            <dt>Retried as</dt>
            <dd>
              {execution.Retries.map((id) => (
                <button key={id} type="button" className="button button--link" onClick={() => open(id)}>
                  #{id}
                </button>
              ))}
            </dd>
          </>
        )}
      </dl>
      {data ? (
        <>
          {data.Redacted && <p className="list__muted">{t('fb.executions.redacted')}</p>}
          {data.Cut.length > 0 && (
            <p className="list__muted" role="note">
              {t('fb.executions.cut', {
                parts: data.Cut.map((part) => `${part.Path} (${part.Bytes.toLocaleString('en')} bytes)`).join(
                  ', ',
                ),
              })}
            </p>
          )}
          <h3 className="form-section__title">{t('fb.testRun.input')}</h3>
          <JsonPreview json={JSON.stringify(data.Input ?? null, null, 4)} label={t('fb.testRun.input')} />
          <RunResult result={run.result} blocks={flow.Flow?.Blocks ?? []} />
        </>
      ) : (
        <>
          <p className="list__muted">
            {t('fb.executions.noData', { keep: keepCallDataLabel[flow.KeepCallData ?? 'onError'] })}
          </p>
          <p
            role="status"
            className={`test-run__status test-run__status--${execution.Status < 400 ? 'ok' : 'failed'}`}
          >
            {t('fb.testRun.status', { status: execution.Status, ms: execution.DurationMs.toFixed(1) })}
          </p>
        </>
      )}
      {retriable && (
        <section className="execution__retry" aria-label={t('fb.retry.title')}>
          <h3 className="form-section__title">{t('fb.retry.title')}</h3>
          <SchemaForm form={retryForm} value={choice} onChange={setChoice} idPrefix="retry" />
          <button
            type="button"
            className="button button--primary"
            onClick={() => void retry()}
            disabled={retrying}
          >
            {retrying ? t('fb.retry.running') : t('fb.retry.run')}
          </button>
        </section>
      )}
    </div>
  );
}
