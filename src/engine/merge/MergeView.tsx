import { useMemo, useState } from 'react';
import { t } from '../../messages/t';
import { formatValue } from '../diff/formatValue';
import { type MergeChoice, type MergeEntry, type MergeSource, threeWayMerge } from './threeWayMerge';
import '../diff/changeList.css';
import './merge.css';

/** What a merge needs: the three versions and how to name the item. */
export interface MergeRequest<T extends object> {
  /** The kind in words, as the builder names it: 'metadata document'. */
  item: string;
  name: string;
  /** The version the editor loaded; null when not known (every difference is then a conflict). */
  base: T | null;
  /** The version stored since. */
  theirs: T;
  /** The editor's value. */
  mine: T;
  /** Properties that are never a change (the flow canvas's block positions). */
  ignore?: readonly string[];
  /** A path as the admin reads it, where the diff's path says less (a flow block by its type). */
  describe?(path: string): string;
}

const sourceLabel = {
  mine: 'merge.source.mine',
  theirs: 'merge.source.theirs',
  both: 'merge.source.both',
  conflict: 'merge.source.conflict',
} as const satisfies Record<MergeSource, string>;

function Value({ value, taken }: { value: unknown; taken: boolean }) {
  return (
    <td className={`change-list__value${taken ? ' merge-list__value--taken' : ''}`}>{formatValue(value)}</td>
  );
}

function Choice({
  entry,
  path,
  index,
  onChoose,
  autofocus,
}: {
  entry: MergeEntry;
  path: string;
  index: number;
  onChoose(choice: MergeChoice): void;
  autofocus: boolean;
}) {
  if (entry.source === 'both') return <span className="merge-list__same">{t('merge.sameValue')}</span>;
  return (
    <div className="merge-list__choice" role="radiogroup" aria-label={t('merge.keepFor', { path })}>
      {(['theirs', 'mine'] as const).map((side) => (
        <label key={side} className="merge-list__option">
          <input
            type="radio"
            name={`merge-choice-${index}`}
            value={side}
            checked={entry.choice === side}
            onChange={() => onChoose(side)}
            {...(autofocus && side === 'theirs' ? { 'data-autofocus': true } : {})}
          />
          {t(side === 'theirs' ? 'merge.keepTheirs' : 'merge.keepMine')}
        </label>
      ))}
    </div>
  );
}

/**
 * The field-level merge of a stale save (issue 10 point 3): for each changed path the original, theirs
 * and mine, with Keep theirs / Keep mine. Paths one side changed are taken automatically and can be
 * switched; conflicts wait for a choice, and Save merge waits for all of them. Cancel changes nothing.
 */
export function MergeView<T extends object>({
  request,
  onSave,
  onCancel,
}: {
  request: MergeRequest<T>;
  onSave(merged: T): void;
  onCancel(): void;
}) {
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  const { base, theirs, mine, ignore, describe } = request;
  const result = useMemo(
    () => threeWayMerge(base, theirs, mine, { choices, ...(ignore ? { ignore } : {}) }),
    [base, theirs, mine, ignore, choices],
  );
  const firstOpen = result.entries.find((entry) => entry.choice === null)?.id;
  return (
    <div className="merge">
      <p className="merge__intro">{t('merge.body', { name: request.name })}</p>
      {!result.baseKnown && <p className="merge__note">{t('merge.baseUnknown')}</p>}
      {result.entries.length === 0 ? (
        <p className="merge__note">{t('merge.none')}</p>
      ) : (
        <table className="change-list merge-list" aria-label={t('merge.tableLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('diff.field')}</th>
              <th scope="col">{t('diff.change')}</th>
              <th scope="col">{t('merge.base')}</th>
              <th scope="col">{t('merge.theirs')}</th>
              <th scope="col">{t('merge.mine')}</th>
              <th scope="col">{t('merge.keep')}</th>
            </tr>
          </thead>
          <tbody>
            {result.entries.map((entry, index) => {
              const path = describe ? describe(entry.path) : entry.path;
              return (
                <tr key={entry.id} className={`merge-list__row merge-list__row--${entry.source}`}>
                  <th scope="row" className="change-list__path">
                    {path}
                  </th>
                  <td className="merge-list__source">{t(sourceLabel[entry.source])}</td>
                  <td className="change-list__value">{formatValue(entry.base)}</td>
                  <Value value={entry.theirs} taken={entry.source !== 'both' && entry.choice === 'theirs'} />
                  <Value value={entry.mine} taken={entry.source !== 'both' && entry.choice === 'mine'} />
                  <td>
                    <Choice
                      entry={entry}
                      path={path}
                      index={index}
                      autofocus={entry.id === firstOpen}
                      onChoose={(choice) => setChoices((current) => ({ ...current, [entry.id]: choice }))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <footer className="drawer__footer merge__footer">
        <span className="merge__left" aria-live="polite">
          {result.unresolved > 0 ? t('merge.left', { count: result.unresolved }) : ''}
        </span>
        <button type="button" className="button" onClick={onCancel}>
          {t('merge.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={result.unresolved > 0}
          onClick={() => onSave(result.merged)}
          {...(firstOpen === undefined ? { 'data-autofocus': true } : {})}
        >
          {t('merge.save')}
        </button>
      </footer>
    </div>
  );
}
