import { executionAsyncId } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { currentActor, runAs } from './actor';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Who the audit trail stamps a handler's writes with (spec part 2, audit trail: the acting user). */
describe('runAs: the caller of a console call, for its handler only', () => {
  it('keeps each handler its own caller while others start and end around it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = runAs('a@example.com', 1, async () => {
      await held;
      await tick();
      return currentActor()?.actor;
    });
    // A short handler starts and ends while the long one waits: its end must not end the long one's.
    const short = await runAs('b@example.com', 2, async () => {
      await tick();
      return currentActor()?.actor;
    });
    release();
    expect(short).toBe('b@example.com');
    expect(await long).toBe('a@example.com');
  });

  it('knows no caller once the last handler ended, and none outside', async () => {
    expect(currentActor()).toBeUndefined();
    const inside = await runAs('a@example.com', 1, async () => {
      await tick();
      return currentActor()?.now;
    });
    expect(inside).toBe(1);
    await tick();
    expect(currentActor()).toBeUndefined();
  });

  it('turns the promise hook off once the last handler ended, so flows between console calls skip it', async () => {
    // A promise's reaction gets an async id of its own only while some hook watches promises; without
    // one it runs with id 0. The storage's hook is the only one in this process.
    const reactionId = () =>
      new Promise<number>((resolve) =>
        setTimeout(() => void Promise.resolve().then(() => resolve(executionAsyncId())), 1),
      );
    const during = await runAs('a@example.com', 1, reactionId);
    expect(during).toBeGreaterThan(0);
    expect(await reactionId()).toBe(0);
  });
});
