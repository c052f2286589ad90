import { useEffect, useMemo } from 'react';
import { AppStore, Redoc, type RedocRawOptions } from 'redoc';
import type { OpenApiDocument } from '../../../domain/openapi/describeRestApi';
import { onOperationChosen } from './redocHistory';
import { documentTokens, redocTheme } from './redocTheme';

/** The console's top bar, sticky above the page below tablet width (src/styles/shell.css). */
const stickyTopBarHeight = () => document.querySelector('.topbar')?.getBoundingClientRect().height ?? 0;

/**
 * Redoc's options under the console's CSP ("script-src 'self'", no eval, nothing from other origins):
 * no search (its index runs in a worker made from a blob), no download button (the tab has its own),
 * native scrollbars, the console's theme and fonts (Redoc loads none itself). Descriptions are admins'
 * text: sanitised before they are shown as HTML.
 */
function options(): RedocRawOptions {
  return {
    theme: redocTheme(documentTokens),
    disableSearch: true,
    hideDownloadButtons: true,
    nativeScrollbars: true,
    sanitize: true,
    hideLoading: true,
    scrollYOffset: stickyTopBarHeight,
    expandResponses: '200,422',
    jsonSamplesExpandLevel: 'all',
    hideFab: true,
  };
}

/**
 * A REST API's OpenAPI document rendered by Redoc (issue 31 point 2): its own chunk, fetched when the API
 * reference tab first opens. The document is self-contained (describeRestApi.ts refers only inside it),
 * so Redoc's store is built from it at once, without Redoc's loader and bundler.
 */
export default function RedocView({
  document,
  onChoose,
}: {
  document: OpenApiDocument;
  /** The operation the reader picked in Redoc, by operationId. */
  onChoose?(operationId: string): void;
}) {
  // Redoc disposes its store when it unmounts (its scroll spy and hash listener). The document type is
  // Redoc's own OpenAPISpec, which types 3.0; describeRestApi.ts writes 3.1, which Redoc 2 reads.
  const store = useMemo(() => new AppStore(document as never, undefined, options()), [document]);
  useEffect(() => (onChoose ? onOperationChosen(onChoose) : undefined), [onChoose]);
  return (
    <div className="api-reference__redoc">
      <Redoc store={store} />
    </div>
  );
}
