import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<{ actor: string | null; now: number }>();

/**
 * Runs a request's handler knowing who called and when, so the audit trail can stamp every write the
 * handler makes (server/contract/register.ts wraps each handler) without each area passing it along.
 */
export const runAs = <T>(actor: string | null, now: number, run: () => Promise<T>): Promise<T> =>
  storage.run({ actor, now }, run);

/** The caller of the request being handled: e-mail of a user, username of an API user; null outside one. */
export const currentActor = (): { actor: string | null; now: number } | undefined => storage.getStore();
