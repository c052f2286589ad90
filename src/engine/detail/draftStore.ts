/** One kept draft: the editor's value, and when it was kept. */
export interface KeptDraft {
  key: string;
  draft: object;
  savedAt: number;
}

const DATABASE = 'console-drafts';
const STORE = 'drafts';

let opening: Promise<IDBDatabase | null> | undefined;

/** The drafts database, or null where the browser has no IndexedDB (then drafts are simply not kept). */
function database(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await database();
  if (!db) return undefined;
  return new Promise<T | undefined>((resolve) => {
    const request = use(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    // Keeping a draft is a safety net: a failure must never break the editor.
    request.onerror = () => resolve(undefined);
  });
}

/**
 * Unsaved edits kept in the browser's IndexedDB (issue 10 point 6), so a crash, reload, inactivity
 * logout or lost token does not lose them. Keys name the user, the builder and the item.
 */
export const draftStore = {
  load: (key: string) => run<KeptDraft | undefined>('readonly', (store) => store.get(key)),
  save: (key: string, draft: object) =>
    run('readwrite', (store) => store.put({ key, draft, savedAt: Date.now() } satisfies KeptDraft)),
  remove: (key: string) => run('readwrite', (store) => store.delete(key)),
};
