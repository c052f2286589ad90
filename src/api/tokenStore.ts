/**
 * The session's two tokens in local storage under the names the spec gives them (spec part 1 §3
 * 'Session token'). Other tabs see changes through the storage event.
 */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

type Listener = (tokens: StoredTokens) => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readTokens(): StoredTokens {
  const store = storage();
  return {
    token: store?.getItem(TOKEN_KEY) ?? null,
    refreshToken: store?.getItem(REFRESH_TOKEN_KEY) ?? null,
  };
}

function notify() {
  const tokens = readTokens();
  for (const listener of listeners) listener(tokens);
}

export function writeTokens(token: string, refreshToken: string): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

export function clearTokens(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(REFRESH_TOKEN_KEY);
  notify();
}

/** Calls `listener` whenever the tokens change, in this tab or another. Returns the unsubscribe. */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_TOKEN_KEY)
      listener(readTokens());
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
