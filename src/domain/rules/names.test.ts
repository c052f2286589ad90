import { describe, expect, it } from 'vitest';
import { cleanedAsTyped, cleanName, duplicateIndexes, isTaken, type NameCleaning, nameError } from './names';

describe('cleanName', () => {
  it.each<[NameCleaning, string, string, string]>([
    [
      'method',
      'Get Customer-Orders!',
      'Get CustomerOrders',
      'part 1 §5: method names keep letters, digits, underscore and space',
    ],
    [
      'connection',
      'crm_db (prod)',
      'crm_db prod',
      'part 1 §5: connection names keep letters, digits, underscore and space',
    ],
    ['script', '.my..script.v2', 'my.script.v2', 'part 1 §5: script names keep single dots, no leading dot'],
    ['script', 'a-b c_d', 'abc_d', 'part 1 §5: script names keep letters, digits, underscore, dots'],
    ['flow', '/orders//open/', 'orders/open', 'part 2 §5: no leading, trailing or double slash'],
    ['flow', 'orders-v2/get all', 'ordersv2/getall', 'part 2 §5: other characters are removed'],
    [
      'nested',
      'address.street name',
      'address.streetname',
      'part 1 §5: nested names letters, digits, underscore, dot',
    ],
  ])('%s: %j → %j (%s)', (kind, input, output) => {
    expect(cleanName(kind, input)).toBe(output);
  });

  it('keeps a trailing slash of a flow name while typing (part 2 §5)', () => {
    expect(cleanName('flow', 'orders/', { typing: true })).toBe('orders/');
    expect(cleanName('flow', '/', { typing: true })).toBe('');
  });
});

describe('cleanedAsTyped', () => {
  it.each<[NameCleaning, boolean, string]>([
    ['method', true, 'part 1 §5 Name cleaning: method names'],
    ['connection', true, 'part 1 §5 Name cleaning: connection names'],
    ['script', true, 'part 1 §5 Name cleaning: script names'],
    ['flow', true, 'part 2 §5: flow names, other characters are removed'],
    ['nested', false, 'part 1 §5: field names are checked (contains space), not cleaned'],
  ])('%s: %s (%s)', (kind, cleaned) => {
    expect(cleanedAsTyped(kind)).toBe(cleaned);
  });
});

describe('nameError (spec part 1 §5 "Names in general", part 2 §5 "Names")', () => {
  const keys = {
    empty: 'docNameEmpty',
    short: 'docNameIsShort',
    space: 'docNameContainsSpace',
    unique: 'docNameNotUnique',
  };
  const peers = {
    list: [
      { id: 'a', name: 'Orders' },
      { id: 'b', name: 'Customers' },
    ],
    self: 'b',
  };
  it.each<[string | null, string | null, string]>([
    ['', 'docNameEmpty', 'part 1 §5 Metadata document: required (docNameEmpty)'],
    [null, 'docNameEmpty', 'part 1 §5: must not be empty'],
    ['   ', 'docNameEmpty', 'part 1 §5: must not be empty'],
    ['a', 'docNameIsShort', 'part 1 §5: at least 2 characters (docNameIsShort)'],
    ['my doc', 'docNameContainsSpace', 'part 1 §5: no spaces (docNameContainsSpace)'],
    ['ORDERS', 'docNameNotUnique', 'part 1 §5: unique case-insensitively (docNameNotUnique)'],
    ['customers', null, 'part 1 §5: unique among peers excluding the item itself'],
    ['Products', null, 'part 1 §5: a valid name'],
    ['ab', null, 'part 1 §9: minimum name length 2'],
  ])('%j → %s (%s)', (name, expected) => {
    expect(nameError(name, keys, peers)).toBe(expected);
  });

  it('allows spaces where the kind allows them (connection and method names keep spaces when cleaned)', () => {
    expect(nameError('my connection', { empty: 'e', short: 's' })).toBeNull();
  });
});

describe('uniqueness helpers', () => {
  it('isTaken ignores case and the item itself (part 1 §5)', () => {
    expect(isTaken('orders', [{ id: 1, name: 'Orders' }], 2)).toBe(true);
    expect(isTaken('orders', [{ id: 1, name: 'Orders' }], 1)).toBe(false);
  });

  it('duplicateIndexes finds repeats among siblings, ignoring case and empties (part 2 §5 "Field definition")', () => {
    expect(duplicateIndexes(['id', 'Name', 'name', '', 'ID', 'x'], (value) => value)).toEqual([2, 4]);
  });
});
