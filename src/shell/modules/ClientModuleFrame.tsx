import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { t } from '../../messages/t';
import { sessionAtom } from '../../state/session';
import { useLoader } from '../loader/useLoader';
import { frameUrl } from './frameUrl';
import { iframeInfoQuery } from './iframeInfoQuery';
import type { ModuleRoute } from './moduleRoutes';

/**
 * A client module: its content in an embedded frame built from GetIFrameInfo, with the current token as
 * the query parameter `token` (spec part 1 §1, §7). The module's content itself is not the console's.
 */
export function ClientModuleFrame({ route }: { route: ModuleRoute }) {
  const info = useQuery(iframeInfoQuery(route.module));
  const token = useAtomValue(sessionAtom).token ?? '';
  // The token as the frame opened: a refresh every few minutes must not reload the module's page.
  const [openedWith] = useState(token);
  useLoader(info.isPending);

  return (
    <div className="page page--frame">
      <header className="page__header page__header--compact">
        <h1 className="page__title">{route.label}</h1>
      </header>
      {info.isError ? (
        <div className="empty-state" role="alert">
          <p>{info.error.message || t('generic.error')}</p>
          <button type="button" className="button" onClick={() => void info.refetch()}>
            {t('shell.retry')}
          </button>
        </div>
      ) : info.data ? (
        <iframe
          className="module-frame"
          title={route.label}
          src={frameUrl(info.data.Url, openedWith, window.location.origin)}
          referrerPolicy="no-referrer"
        />
      ) : null}
    </div>
  );
}
