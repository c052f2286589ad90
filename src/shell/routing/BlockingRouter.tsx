import type { ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { type BlockingHistory, BlockingHistoryContext } from './blockingHistory';

/** A plain router over a blocking history, which LeaveGuard finds through the context. */
export function BlockingRouter({ history, children }: { history: BlockingHistory; children: ReactNode }) {
  return (
    <BlockingHistoryContext.Provider value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </BlockingHistoryContext.Provider>
  );
}
