import { history as redocHistory } from 'redoc';

/**
 * Where the reader is in Redoc goes into the address (#operation/get_customers_credit), so a reload or a
 * shared link opens there. Redoc writes it with pushState and replaceState and a null state; the
 * console's router keeps its own state in each entry (react-router's key and index, which
 * src/shell/routing/blockingHistory.ts uses to undo a held Back before the "unsaved changes" question).
 * An entry with a null state has no index, and each click in Redoc's menu would add an entry that Back
 * walks through before it leaves the page.
 *
 * So Redoc's one writer (its HistoryService singleton, used by the menu, the scroll spy and its links)
 * is replaced: the hash changes in place on the current entry, whose state is kept, and nothing is
 * pushed. A click (not a scroll) is then announced as Redoc does after a push, so it scrolls there.
 * Redoc's own coalesces calls within a tick, where the scroll spy's rewrite can follow a click's and
 * swallow its announcement; the scroll spy writes only when the section changes, so this does not.
 */
function replace(id: string | null, rewriteHistory = false): void {
  if (id == null || id === redocHistory.currentId) return;
  const address = window.location.href.split('#')[0] + redocHistory.linkForId(id);
  window.history.replaceState(window.history.state, '', address);
  if (!rewriteHistory) redocHistory.emit();
}

// An own property shadows the prototype's decorated method (a getter that binds on first use).
Object.defineProperty(redocHistory, 'replace', { value: replace, configurable: true, writable: true });

/**
 * Calls `listener` with the operation the reader chose (a click in Redoc's menu or on an operation's
 * link, or a hash typed), by its operationId; answers the unsubscribe.
 */
export function onOperationChosen(listener: (operationId: string) => void): () => void {
  return redocHistory.subscribe((id: string) => {
    if (id.startsWith('operation/')) listener(id.slice('operation/'.length));
  });
}
