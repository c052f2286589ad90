import { describe, expect, it, vi } from 'vitest';
import type { ModuleRoute } from '../modules/moduleRoutes';
import { isPaletteKey } from './CommandPalette';
import { paletteOptions } from './paletteOptions';

const route = (path: string, label: string): ModuleRoute => ({
  path,
  module: label,
  label,
  group: 'builder',
  groupLabel: 'Admin Builder',
  order: 1,
  description: '',
  embedded: false,
});
const routes = [route('/scriptbuilder', 'Script Builder'), route('/connectionbuilder', 'Connection Builder')];

describe('command palette options (issue 10 point 4)', () => {
  it('lists the page actions, then the permitted builders, when nothing is typed', () => {
    const save = vi.fn();
    const options = paletteOptions('', { actions: [{ action: 'save', run: save }], routes, items: [] });
    expect(options.map((option) => option.label)).toEqual(['Save', 'Script Builder', 'Connection Builder']);
  });

  it('filters by any part of the label, ignoring case', () => {
    const options = paletteOptions('CONN', { actions: [], routes, items: [] });
    expect(options.map((option) => option.label)).toEqual(['Connection Builder']);
  });

  it('items link to their builder, with the connection for scoped kinds', () => {
    const options = paletteOptions('cust', {
      actions: [],
      routes,
      items: [
        { Kind: 'script', Guid: 'g1', Name: 'customer.script', Connection: null },
        { Kind: 'method', Guid: 'g2', Name: 'Customers', Connection: 'c1' },
      ],
    });
    expect(options).toEqual([
      expect.objectContaining({
        group: 'items',
        label: 'customer.script',
        detail: 'script',
        path: '/scriptbuilder/g1',
      }),
      expect.objectContaining({
        group: 'items',
        label: 'Customers',
        path: '/methodbuilder/g2?connection=c1',
      }),
    ]);
  });

  it('offers only the actions the page declared (it declares only what the user may do)', () => {
    const options = paletteOptions('', {
      actions: [
        { action: 'validate', run: vi.fn() },
        { action: 'publish', run: vi.fn() },
      ],
      routes: [],
      items: [],
    });
    expect(options.map((option) => option.id)).toEqual(['action:validate', 'action:publish']);
  });

  it.each([
    [{ key: 'k', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, true],
    [{ key: 'K', ctrlKey: false, metaKey: true, shiftKey: false, altKey: false }, true],
    [{ key: 'k', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false }, false],
    [{ key: 'k', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false }, false],
  ])('Ctrl/Cmd+K opens it: %o → %s', (event, expected) => {
    expect(isPaletteKey(event)).toBe(expected);
  });
});
