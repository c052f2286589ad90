import { expect } from 'vitest';

/**
 * `expect.poll` with a timeout fit for the browser suite: answers that hash passwords (argon2) or wait
 * for a debounce take longer than poll's default second on a busy two-core machine.
 */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
