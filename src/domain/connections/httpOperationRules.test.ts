import { describe, expect, it } from 'vitest';
import type { components } from '../../../generated/uiservices';
import { httpOperationRules, pathPlaceholders } from './httpOperationRules';

type HttpOperation = components['schemas']['HttpOperation'];

const op = (changes: Partial<HttpOperation>): HttpOperation => ({
  Name: 'getOrder',
  Method: 'GET',
  Path: '/orders/{id}',
  Inputs: [{ Name: 'id', In: 'path' }],
  ...changes,
});

// Issue 30 point 3: a connection's declared operations; names make the connector methods' guids.
describe('httpOperationRules (issue 30 point 3)', () => {
  it.each([
    ['a path filled by its path input (issue 30 §3)', [op({})], []],
    [
      'a path input under another Key (issue 30 §3)',
      [op({ Path: '/o/{order-id}', Inputs: [{ Name: 'id', In: 'path', Key: 'order-id' }] })],
      [],
    ],
    [
      'a placeholder without a path input (issue 30 §3)',
      [op({ Inputs: [{ Name: 'id', In: 'query' }] })],
      [{ path: '/Operations/0/Path', messageKey: 'cb.operations.pathInputMissing' }],
    ],
    [
      'names unique without case (issue 30 §1: guids from names)',
      [op({}), op({ Name: 'GETORDER' })],
      [{ path: '/Operations/1/Name', messageKey: 'cb.operations.nameNotUnique' }],
    ],
    ['no operations (issue 30 §3)', [], []],
  ] as Array<[string, HttpOperation[], unknown[]]>)('%s', (_label, operations, expected) => {
    expect(httpOperationRules(operations).map(({ path, messageKey }) => ({ path, messageKey }))).toEqual(
      expected,
    );
  });

  it('lists a path’s placeholders', () => {
    expect(pathPlaceholders('/a/{x}/b/{ y }')).toEqual(['x', 'y']);
  });
});
