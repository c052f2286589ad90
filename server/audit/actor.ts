import { AsyncLocalStorage } from 'node:async_hooks';
import type { Principal } from '../../src/permissions/entitlements';

interface Caller {
  actor: string | null;
  now: number;
  /** The caller's permissions, for answers that name only what the caller may read (server/usage). */
  principal?: Principal | null;
}

const storage = new AsyncLocalStorage<Caller>();

/** Handlers running inside runAs now. */
let running = 0;

/**
 * Runs a request's handler knowing who called and when, so the audit trail can stamp every write the
 * handler makes (server/contract/register.ts wraps each handler) without each area passing it along.
 *
 * While an AsyncLocalStorage is enabled, Node runs a hook on every promise the process makes: 3% of a
 * /rest call's CPU in the runtime bench, for calls that never read the store. So the store is disabled
 * again when the last handler inside it ends, and the next runAs enables it: flows answering between
 * console calls run without the hooks. A handler's own work is done by then (its answer is what it
 * awaited); nothing it leaves running reads the store.
 */
export const runAs = async <T>(
  actor: string | null,
  now: number,
  run: () => Promise<T>,
  principal?: Principal | null,
): Promise<T> => {
  running++;
  try {
    return await storage.run({ actor, now, principal }, run);
  } finally {
    if (--running === 0) storage.disable();
  }
};

/** The caller of the request being handled: e-mail of a user, username of an API user; null outside one. */
export const currentActor = (): Caller | undefined => storage.getStore();
