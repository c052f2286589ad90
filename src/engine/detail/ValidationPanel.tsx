import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';
import type { ValidationStatus } from './useValidationRun';

export interface ValidationPanelProps {
  status: ValidationStatus;
  errors: readonly FieldError[];
  onRefresh(): void;
  onClear(): void;
  /** Selects what an error is about (a field, a block); flow errors centre their block. */
  onSelect?(error: FieldError): void;
  describe?(error: FieldError): string | undefined;
}

/**
 * The validation panel: in progress, valid, the error list with its count (clear, refresh), or requires
 * validation (spec part 1 §4, part 2 §4).
 */
export function ValidationPanel({
  status,
  errors,
  onRefresh,
  onClear,
  onSelect,
  describe,
}: ValidationPanelProps) {
  return (
    <section
      className={`validation validation--${status}`}
      aria-label={t('validation.panelTitle')}
      aria-live="polite"
    >
      <header className="validation__header">
        <h2 className="validation__title">{t('validation.panelTitle')}</h2>
        {status === 'invalid' && (
          <span className="validation__count">{t('validation.count', { count: errors.length })}</span>
        )}
        <span className="validation__actions">
          {(status === 'invalid' || status === 'valid') && (
            <button type="button" className="button button--small" onClick={onClear}>
              {t('validation.clear')}
            </button>
          )}
          <button
            type="button"
            className="button button--small"
            onClick={onRefresh}
            disabled={status === 'running'}
          >
            {t('validation.refresh')}
          </button>
        </span>
      </header>
      {status === 'running' && <p className="validation__state">{t('validation.inProgress')}</p>}
      {status === 'valid' && <p className="validation__state validation__state--ok">{t('validation.ok')}</p>}
      {status === 'required' && <p className="validation__state">{t('validation.needed')}</p>}
      {status === 'invalid' && (
        <ol className="validation__list">
          {errors.map((error) => (
            // Several errors may share a path and key (compile errors on different lines of one field).
            <li key={`${error.path} ${error.messageKey} ${error.message}`}>
              <button type="button" className="validation__item" onClick={() => onSelect?.(error)}>
                <span className="validation__message">{error.message}</span>
                <span className="validation__path">{describe?.(error) ?? fieldLabel(error.path)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A readable place for an error path: /Elements/2/Name → Elements › 3 › Name. */
export function fieldLabel(path: string): string {
  if (!path) return 'Item';
  return path
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part))
    .join(' › ');
}
