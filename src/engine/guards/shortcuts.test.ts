import { describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts';

const key = (k: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('shortcutOf (spec part 1 §2 "Keyboard shortcuts", part 2 §2)', () => {
  it.each([
    [key('s', { ctrl: true }), 'save'],
    [key('s', { meta: true }), 'save'],
    [key('P', { ctrl: true, shift: true }), 'publish'],
    [key('V', { meta: true, shift: true }), 'validate'],
    [key('C', { ctrl: true, shift: true }), 'create'],
    [key('s'), null],
    [key('S', { ctrl: true, shift: true }), null],
    [key('s', { ctrl: true, alt: true }), null],
    [key('x', { ctrl: true }), null],
  ])('%j → %s', (event, action) => {
    expect(shortcutOf(event)).toBe(action);
  });
});
