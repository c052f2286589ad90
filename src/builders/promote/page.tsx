import { useAtomValue } from 'jotai';
import { type ChangeEvent, useState } from 'react';
import type { components } from '../../../generated/uiservices';
import { ApiError } from '../../api/ApiError';
import { callOperation } from '../../api/callOperation';
import type { DefinitionFile } from '../../domain/promote/definitionFiles';
import { ChangeList } from '../../engine/diff/ChangeList';
import { t } from '../../messages/t';
import { useNotify, useNotifyError } from '../../shell/notifications/useNotify';
import { usePageTitle } from '../../shell/title/usePageTitle';
import { signedInClaimsAtom } from '../../state/session';
import { TextField } from '../../ui/TextField';
import { unzipDefinitions, zipDefinitions } from './zipFolder';
import './promote.css';

type ImportPreview = components['schemas']['ImportPreview'];
type Secret = { Connection: string; Field: string; Value: string };

function download(bytes: Uint8Array, name: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The problems of a refused import: the preview's, or those of the 400 that refused it. */
const problemsOf = (error: unknown): ImportPreview['Errors'] =>
  error instanceof ApiError
    ? [
        { Path: '', MessageKey: error.messageKey ?? '', Message: error.message },
        ...error.errors.map((entry) => ({
          Path: entry.Path,
          MessageKey: entry.MessageKey,
          Message: entry.Message,
        })),
      ]
    : [];

/**
 * Definitions as files (issue 31 points 3 and 4): Export downloads the zip of the folder `npm run export`
 * writes; Import reads such a zip, previews each item as new, changed (with the diff shown before a
 * publish) or unchanged with the impact check, asks for each secret the folder cannot carry, and applies
 * everything in one transaction or nothing. Administrators only, as the server enforces.
 */
export default function PromotePage() {
  usePageTitle(t('promote.title'));
  const claims = useAtomValue(signedInClaimsAtom);
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<DefinitionFile[] | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problems, setProblems] = useState<ImportPreview['Errors']>([]);
  const [secrets, setSecrets] = useState<Secret[]>([]);
  const [leaveInactive, setLeaveInactive] = useState(false);

  if (!claims?.admin)
    return (
      <div className="page">
        <h1 className="page__title">{t('promote.title')}</h1>
        <p className="empty-state">{t('promote.adminOnly')}</p>
      </div>
    );

  const exportAll = async () => {
    setBusy(true);
    try {
      const answer = await callOperation('Promote.ExportDefinitions', {});
      download(zipDefinitions(answer.Files), `definitions-${new Date().toISOString().slice(0, 10)}.zip`);
      notify('success', t('promote.exported', { count: answer.Files.length }));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const run = async (folder: DefinitionFile[], dryRun: boolean, given: Secret[]) => {
    setBusy(true);
    try {
      const answer = await callOperation('Promote.ImportDefinitions', {
        body: {
          Files: folder,
          DryRun: dryRun,
          LeaveInactive: leaveInactive,
          Secrets: given.filter((secret) => secret.Value !== ''),
        },
      });
      setPreview(answer);
      setProblems(answer.Errors);
      const missing = answer.Items.flatMap((item) =>
        item.MissingSecrets.map((field) => ({ Connection: item.Name, Field: field })),
      );
      setSecrets((current) =>
        missing.map(
          (entry) =>
            current.find(
              (secret) => secret.Connection === entry.Connection && secret.Field === entry.Field,
            ) ?? {
              ...entry,
              Value: '',
            },
        ),
      );
      if (answer.Applied) {
        const count = answer.Items.filter((item) => item.Status !== 'unchanged').length;
        notify('success', count > 0 ? t('promote.applied', { count }) : t('promote.nothingToDo'));
      }
    } catch (error) {
      setProblems(problemsOf(error));
      if (!(error instanceof ApiError)) notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const folder = unzipDefinitions(new Uint8Array(await file.arrayBuffer()));
      setFiles(folder);
      setSecrets([]);
      await run(folder, true, []);
    } catch (error) {
      notifyError(error);
    }
  };

  const changes = preview?.Items.filter((item) => item.Status !== 'unchanged').length ?? 0;
  const secretsGiven = secrets.every((secret) => secret.Value !== '');

  return (
    <div className="page promote">
      <header className="page__header page__header--row">
        <h1 className="page__title">{t('promote.title')}</h1>
      </header>
      <section className="promote__section" aria-labelledby="promote-export">
        <h2 id="promote-export">{t('promote.export')}</h2>
        <p>{t('promote.exportHelp')}</p>
        <button type="button" className="button button--primary" disabled={busy} onClick={exportAll}>
          {t('promote.export')}
        </button>
      </section>
      <section className="promote__section" aria-labelledby="promote-import">
        <h2 id="promote-import">{t('promote.import')}</h2>
        <p>{t('promote.importHelp')}</p>
        <TextField
          label={t('promote.chooseZip')}
          type="file"
          accept=".zip,application/zip"
          disabled={busy}
          onChange={choose}
        />
        {preview && (
          <>
            <table className="promote__preview" aria-label={t('promote.preview')}>
              <thead>
                <tr>
                  <th scope="col">{t('promote.column.item')}</th>
                  <th scope="col">{t('promote.column.kind')}</th>
                  <th scope="col">{t('promote.column.status')}</th>
                  <th scope="col">{t('promote.column.changes')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.Items.map((item) => (
                  <tr key={item.Path} className={`promote__row promote__row--${item.Status}`}>
                    <th scope="row">{item.Path}</th>
                    <td>{item.Kind}</td>
                    <td>{t(`promote.status.${item.Status}`)}</td>
                    <td>
                      {item.Status === 'changed' && (
                        <details>
                          <summary>{item.Changes.length}</summary>
                          <ChangeList changes={item.Changes} label={item.Path} />
                        </details>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {secrets.map((secret, index) => (
              <TextField
                key={`${secret.Connection}\n${secret.Field}`}
                label={t('promote.secretLabel', { field: secret.Field, name: secret.Connection })}
                type="password"
                autoComplete="off"
                value={secret.Value}
                onChange={(event) =>
                  setSecrets(
                    secrets.map((entry, at) =>
                      at === index ? { ...entry, Value: event.target.value } : entry,
                    ),
                  )
                }
              />
            ))}
            <label className="promote__check">
              <input
                type="checkbox"
                checked={leaveInactive}
                onChange={(event) => setLeaveInactive(event.target.checked)}
              />
              {t('promote.leaveInactive')}
            </label>
            {problems.length > 0 && (
              <ul className="promote__problems" role="alert">
                {problems.map((problem) => (
                  <li key={`${problem.Path}:${problem.MessageKey}:${problem.Message}`}>
                    {problem.Path ? <code>{problem.Path}</code> : null} {problem.Message}
                  </li>
                ))}
                {preview.Impact?.Entries.map((entry) => (
                  <li key={`${entry.Kind}:${entry.Guid}:${entry.Reason}`}>
                    {entry.Name}: {entry.Message}
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="button button--primary"
              disabled={busy || !files || changes === 0 || !secretsGiven || preview.Applied}
              onClick={() => files && void run(files, false, secrets)}
            >
              {t('promote.apply')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
