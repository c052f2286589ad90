import { AsyncLocalStorage } from 'node:async_hooks';
import type { Principal } from '../../src/permissions/entitlements';

interface Caller {
  actor: string | null;
  now: number;
  /** The caller's permissions, for answers that name only what the caller may read (server/usage). */
  principal?: Principal | null;
}

const storage = new AsyncLocalStorage<Caller>();

/**
 * Runs a request's handler knowing who called and when, so the audit trail can stamp every write the
 * handler makes (server/contract/register.ts wraps each handler) without each area passing it along.
 */
export const runAs = <T>(
  actor: string | null,
  now: number,
  run: () => Promise<T>,
  principal?: Principal | null,
): Promise<T> => storage.run({ actor, now, principal }, run);

/** The caller of the request being handled: e-mail of a user, username of an API user; null outside one. */
export const currentActor = (): Caller | undefined => storage.getStore();
