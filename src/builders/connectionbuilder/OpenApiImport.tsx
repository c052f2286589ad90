import { useState } from 'react';
import type { components } from '../../../generated/uiservices';
import { callOperation } from '../../api/callOperation';
import { t } from '../../messages/t';
import { useNotifyError } from '../../shell/notifications/useNotify';

type HttpOperation = components['schemas']['HttpOperation'];

/**
 * Import of a REST API connection's operations from an OpenAPI 3 description (issue 30 point 3), pasted
 * or read from a file: the server parses and dereferences it (Connection.ImportOpenApi) and answers the
 * operations, which `onImported` adds to the form; an invalid description comes back as its 400 message.
 */
export function OpenApiImport({
  id,
  disabled,
  onImported,
}: {
  id: string;
  disabled: boolean;
  onImported(operations: HttpOperation[]): void;
}) {
  const [text, setText] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<string>();
  const notifyError = useNotifyError();
  const importText = async () => {
    setRunning(true);
    setResult(undefined);
    try {
      const answer = await callOperation('Connection.ImportOpenApi', { body: { Document: text } });
      onImported(answer.Operations);
      setResult(t('cb.openapi.imported', { count: answer.Operations.length }));
    } catch (error) {
      notifyError(error);
    } finally {
      setRunning(false);
    }
  };
  return (
    <details className="openapi-import">
      <summary>{t('cb.openapi.title')}</summary>
      <p className="help-block">{t('cb.openapi.help')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}_file`}>
          {t('cb.openapi.file')}
        </label>
        <input
          id={`${id}_file`}
          type="file"
          accept=".json,.yaml,.yml,application/json,application/yaml"
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void file.text().then(setText);
          }}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}_text`}>
          {t('cb.openapi.text')}
        </label>
        <textarea
          id={`${id}_text`}
          className="field__input"
          rows={6}
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="test-connection">
        <button
          type="button"
          className="button"
          disabled={disabled || running || text.trim() === ''}
          onClick={() => void importText()}
        >
          {running ? t('cb.openapi.importing') : t('cb.openapi.import')}
        </button>
        <output aria-live="polite">{result}</output>
      </div>
    </details>
  );
}
