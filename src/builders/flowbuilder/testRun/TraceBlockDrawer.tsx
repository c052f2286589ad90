import { useAtomValue } from 'jotai';
import { JsonPreview } from '../../../engine/drawers/JsonPreview';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { t } from '../../../messages/t';
import { useOpenBlockDrawer } from '../drawers/blockDrawers';
import { testRunAtom } from './testRunState';

const json = (value: unknown) => JSON.stringify(value ?? null, null, 4);

export const traceDrawerKey = (guid: string) => `trace-${guid}`;

/**
 * Opens the data one block of the shown run read and produced (like n8n's per-node view): the last test
 * run's, or an opened execution's (issue 32 point 3).
 */
export function useOpenTraceBlock() {
  const drawers = useDrawers();
  const run = useAtomValue(testRunAtom);
  const of = run?.execution ? `execution #${run.execution.Id}` : 'test run';
  return (guid: string, label: string) =>
    drawers.open({
      key: traceDrawerKey(guid),
      title: `${label} block: ${of}`,
      size: 'wide',
      content: <TraceBlockDrawer guid={guid} drawerKey={traceDrawerKey(guid)} />,
    });
}

/**
 * What one block did in the shown run (issue 17 point 5, like n8n's per-node view): what it read,
 * what it added or answered, the branch a check took, rows read or written, its duration and its error.
 */
export function TraceBlockDrawer({ guid }: { guid: string; drawerKey: string }) {
  const run = useAtomValue(testRunAtom);
  const openSettings = useOpenBlockDrawer();
  const entry = run?.result.Trace.find((candidate) => candidate.Guid === guid);
  if (!entry) return <p className="empty-state">{t('fb.testRun.blockNotRun')}</p>;
  return (
    <div className="drawer-form trace-block">
      <dl className="flow-summary">
        {entry.Branch && (
          <>
            <dt>{t('fb.testRun.branch')}</dt>
            <dd>{entry.Branch}</dd>
          </>
        )}
        {entry.Rows !== undefined && (
          <>
            <dt>{t('fb.testRun.rows')}</dt>
            <dd>{entry.Rows}</dd>
          </>
        )}
        <dt>{t('fb.testRun.duration')}</dt>
        <dd>{entry.DurationMs.toFixed(2)} ms</dd>
        {entry.Error && (
          <>
            <dt>{t('fb.testRun.error')}</dt>
            <dd role="alert">
              {entry.Error.Message}
              {entry.Error.ErrorCode ? ` (${entry.Error.ErrorCode})` : ''}
            </dd>
          </>
        )}
      </dl>
      <div>
        <button type="button" className="button button--small" onClick={() => openSettings(guid)}>
          Block settings
        </button>
      </div>
      <h3 className="form-section__title">{t('fb.testRun.input')}</h3>
      <JsonPreview json={json(entry.Input)} label={t('fb.testRun.input')} />
      <h3 className="form-section__title">{t('fb.testRun.output')}</h3>
      <JsonPreview json={json(entry.Output)} label={t('fb.testRun.output')} />
    </div>
  );
}
