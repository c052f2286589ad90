import { useAtom } from 'jotai';
import { t } from '../../../messages/t';
import { testRunAtom } from './testRunState';

/**
 * Says above the canvas that it shows the last test run (issue 17 point 5): the wide test run drawer
 * covers the canvas, so the path is seen once it is closed, and while a run is shown a click on a block
 * that ran opens its data rather than its settings. The run can be opened again or cleared from here.
 */
export function TestRunBanner({ flowGuid, onOpen }: { flowGuid: string; onOpen: () => void }) {
  const [run, setRun] = useAtom(testRunAtom);
  if (!run || run.flowGuid !== flowGuid) return null;
  return (
    <div className="flow-editor__notice test-run-banner" role="status">
      <span>
        {t('fb.testRun.shown', { status: run.result.Status, ms: run.result.DurationMs.toFixed(1) })}
      </span>
      <span className="test-run-banner__actions">
        <button type="button" className="button button--small" onClick={onOpen}>
          {t('fb.testRun.open')}
        </button>
        <button type="button" className="button button--small" onClick={() => setRun(null)}>
          {t('fb.testRun.clear')}
        </button>
      </span>
    </div>
  );
}
