import { useAtomValue } from 'jotai';
import { t } from '../../../messages/t';
import { testRunAtom } from './testRunState';

/**
 * Says above the canvas that it shows the last test run (issue 17 point 5), or an execution opened from
 * the log (issue 32 point 3): the wide drawer covers the canvas, so the path is seen once it is closed,
 * and while a run is shown a click on a block that ran opens its data rather than its settings. The run
 * can be opened again or cleared from here.
 */
export function TestRunBanner({
  flowGuid,
  onOpen,
  onClear,
}: {
  flowGuid: string;
  onOpen: () => void;
  onClear: () => void;
}) {
  const run = useAtomValue(testRunAtom);
  if (!run || run.flowGuid !== flowGuid) return null;
  const ms = run.result.DurationMs.toFixed(1);
  return (
    <div className="flow-editor__notice test-run-banner" role="status">
      <span>
        {run.execution
          ? t('fb.executions.shown', { id: run.execution.Id, status: run.result.Status, ms })
          : t('fb.testRun.shown', { status: run.result.Status, ms })}
      </span>
      <span className="test-run-banner__actions">
        <button type="button" className="button button--small" onClick={onOpen}>
          {run.execution ? t('fb.executions.open') : t('fb.testRun.open')}
        </button>
        <button type="button" className="button button--small" onClick={onClear}>
          {t('fb.testRun.clear')}
        </button>
      </span>
    </div>
  );
}
