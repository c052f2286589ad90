import { afterEach, describe, expect, it, vi } from 'vitest';
import { overlayStack } from './overlayStack';

const press = (key: string) =>
  document.dispatchEvent(new KeyboardEvent('keydown', { key, cancelable: true }));
const opened: number[] = [];
const open = (onEscape: () => void) => {
  const id = overlayStack.push(onEscape);
  opened.push(id);
  return id;
};

describe('the overlay stack (spec part 1 §2: only the topmost open overlay reacts)', () => {
  afterEach(() => {
    for (const id of opened.splice(0)) overlayStack.remove(id);
  });

  it('Escape reaches the topmost overlay only, then the one below once it closed', () => {
    const lower = vi.fn();
    const upper = vi.fn();
    const lowerId = open(lower);
    const upperId = open(upper);
    expect(overlayStack.isTop(upperId)).toBe(true);
    expect(overlayStack.isTop(lowerId)).toBe(false);
    press('Escape');
    expect(upper).toHaveBeenCalledTimes(1);
    expect(lower).not.toHaveBeenCalled();
    overlayStack.remove(upperId);
    press('Escape');
    expect(lower).toHaveBeenCalledTimes(1);
    expect(overlayStack.depth()).toBe(1);
  });

  it('other keys and no overlay at all do nothing', () => {
    const handler = vi.fn();
    const id = open(handler);
    press('Enter');
    expect(handler).not.toHaveBeenCalled();
    overlayStack.remove(id);
    press('Escape');
    expect(handler).not.toHaveBeenCalled();
    expect(overlayStack.depth()).toBe(0);
  });
});
