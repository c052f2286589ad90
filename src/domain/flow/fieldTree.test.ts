import { describe, expect, it } from 'vitest';
import { toggleField, treeOrder } from './fieldTree';

const all = ['order', 'order.lines', 'order.lines.sku', 'order.lines.qty', 'customer', 'customer.name'];

describe('field picker selection (spec part 2 §2 drawers 9 and 11)', () => {
  it.each<[string[], string, boolean, string[], string]>([
    [
      [],
      'order.lines.sku',
      true,
      ['order.lines.sku', 'order.lines', 'order'],
      'choosing a field also selects its ancestors',
    ],
    [['customer'], 'customer.name', true, ['customer', 'customer.name'], 'an ancestor already chosen stays'],
    [
      ['order', 'order.lines', 'order.lines.sku', 'order.lines.qty', 'customer'],
      'order.lines',
      false,
      ['order', 'customer'],
      'unticking removes children',
    ],
    [['order', 'order.lines'], 'order', false, [], 'unticking a root removes its whole subtree'],
    [[], 'customer', true, ['customer'], 'a top-level field alone'],
  ])('%j, %s → %s gives %j (%s)', (selected, name, tick, expected) => {
    expect([...toggleField(new Set(selected), name, tick, all)].sort()).toEqual([...expected].sort());
  });

  it('orders parents before their children', () => {
    const fields = ['customer.name', 'order.lines.qty', 'order', 'customer', 'order.lines'].map((Name) => ({
      Name,
    }));
    expect(treeOrder(fields).map((field) => field.Name)).toEqual([
      'order',
      'order.lines',
      'order.lines.qty',
      'customer',
      'customer.name',
    ]);
  });
});
