import { blockType } from '../../../domain/flow/blockTypes';
import type { FlowBlock } from '../../../domain/flow/types';
import { JsonPreview } from '../../../engine/drawers/JsonPreview';
import { t } from '../../../messages/t';
import { useOpenTraceBlock } from './TraceBlockDrawer';
import type { TestRunResult } from './testRunState';

/**
 * What a run answered and what each of its blocks did, with each block's data one click away: the test
 * run's result (issue 17 point 5), and a production call opened from the executions log with the data it
 * kept (issue 32 point 3), shown alike.
 */
export function RunResult({ result, blocks }: { result: TestRunResult; blocks: readonly FlowBlock[] }) {
  const openTrace = useOpenTraceBlock();
  const byGuid = new Map(blocks.map((block) => [block.Guid, block]));
  return (
    <section aria-label={t('fb.testRun.answer')} className="test-run__result">
      <p
        role="status"
        className={`test-run__status test-run__status--${result.Status < 400 ? 'ok' : 'failed'}`}
      >
        {t('fb.testRun.status', { status: result.Status, ms: result.DurationMs.toFixed(1) })}
      </p>
      {result.TraceId && <p className="list__muted">{t('fb.testRun.traceId', { id: result.TraceId })}</p>}
      <h3 className="form-section__title">{t('fb.testRun.answer')}</h3>
      <JsonPreview json={JSON.stringify(result.Answer ?? null, null, 4)} label={t('fb.testRun.answer')} />
      <h3 className="form-section__title">{t('fb.testRun.blocks')}</h3>
      <table className="list__table flow-table" aria-label={t('fb.testRun.blocks')}>
        <thead>
          <tr>
            <th scope="col">Block</th>
            <th scope="col">{t('fb.testRun.branch')}</th>
            <th scope="col">{t('fb.testRun.rows')}</th>
            <th scope="col">{t('fb.testRun.duration')}</th>
            <th scope="col">{t('fb.testRun.error')}</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {result.Trace.map((entry) => {
            const block = byGuid.get(entry.Guid);
            const label = blockType(entry.Type).label;
            const summary = block ? blockType(block.Type).summary(block) : '';
            return (
              <tr key={entry.Guid} className={entry.Error ? 'test-run__row--failed' : undefined}>
                <td>
                  <strong>{label}</strong> {summary}
                </td>
                <td>{entry.Branch ?? ''}</td>
                <td>{entry.Rows ?? ''}</td>
                <td>{entry.DurationMs.toFixed(2)} ms</td>
                <td>{entry.Error?.Message ?? ''}</td>
                <td className="list__actions">
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => openTrace(entry.Guid, label)}
                  >
                    data<span className="sr-only"> of the {label} block</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
