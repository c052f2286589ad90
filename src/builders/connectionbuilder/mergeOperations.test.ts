import { describe, expect, it } from 'vitest';
import type { components } from '../../../generated/uiservices';
import { mergeOperations } from './mergeOperations';

type HttpOperation = components['schemas']['HttpOperation'];
const op = (Name: string, Path = '/x'): HttpOperation => ({ Name, Method: 'GET', Path });

// Issue 30 point 3: imported operations join the declared ones; a name is one connector method.
describe('mergeOperations (issue 30 point 3)', () => {
  it.each([
    ['new ones come last (issue 30 §3)', [op('a')], [op('b')], [op('a'), op('b')]],
    [
      'same name replaced in place, without case (issue 30 §1 guids by name)',
      [op('a'), op('b')],
      [op('A', '/new')],
      [op('A', '/new'), op('b')],
    ],
    ['none imported keeps all (issue 30 §3)', [op('a')], [], [op('a')]],
  ])('%s', (_label, current, imported, expected) => {
    expect(mergeOperations(current, imported)).toEqual(expected);
  });
});
