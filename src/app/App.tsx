import { Provider as JotaiProvider } from 'jotai';
import { Shell } from '../shell/Shell';
import { useSessionStore } from './useSessionStore';

/**
 * The console: the session's jotai store around the shell. The query cache and the router belong to the
 * signed-in app and load with it (src/shell/routing/SignedInRoot.tsx), so /login loads neither.
 */
export function App() {
  const store = useSessionStore();
  return (
    <JotaiProvider store={store}>
      <Shell />
    </JotaiProvider>
  );
}
