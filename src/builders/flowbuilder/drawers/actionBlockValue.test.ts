import { describe, expect, it } from 'vitest';
import type { FlowBlock } from '../../../domain/flow/types';
import { fromActionValue, toActionValue } from './actionBlockValue';

const block = (Type: 'read' | 'write', Method?: string): FlowBlock => ({
  Guid: 'b1',
  Type,
  Config: { Action: { Guid: 'a1' }, Mapping: [], ...(Method ? { Method } : {}) },
  Output: [],
});

describe('the read/write drawer keeps a write block’s method (spec part 2 §3 "Block" read/write: method)', () => {
  it.each<[string, FlowBlock, string | null, string | undefined]>([
    [
      'spec part 2 §3 "Block": a write block keeps the method chosen',
      block('write'),
      'createAlways',
      'createAlways',
    ],
    [
      'spec part 2 §3 "Block": no method chosen leaves none (an upsert)',
      block('write', 'write'),
      null,
      undefined,
    ],
    ['spec part 2 §3 "Block": a read block has no method', block('read'), 'write', undefined],
  ])('%s', (_rule, original, chosen, expected) => {
    const value = { ...toActionValue(original), Method: chosen };
    expect(fromActionValue(value, original).Config?.Method).toBe(expected);
  });

  it('opens with the stored method', () =>
    expect(toActionValue(block('write', 'write')).Method).toBe('write'));
});
