import { Component, type ReactNode } from 'react';
import { t } from '../../messages/t';

interface State {
  failed: boolean;
}

/**
 * Keeps a failing page (a render error, or a page chunk that no longer loads after a deploy) from taking
 * the menu down with it; the shell keys it by path, so navigating elsewhere tries again.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="empty-state" role="alert">
        <p>{t('generic.error')}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('shell.reload')}
        </button>
      </div>
    );
  }
}
