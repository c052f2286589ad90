import { describe, expect, it } from 'vitest';
import type { RestMethodFlow } from '../../../domain/flow/types';
import { describeFlowPath } from './useFlowEditor';

const flow = {
  Guid: 'f',
  Name: 'orders',
  HttpMethod: 'GET',
  Flow: { Blocks: [{ Guid: '0123456789ab', Type: 'result' }] },
} as RestMethodFlow;

describe('describeFlowPath (issue 10 point 3: the merge names a flow block as the canvas does)', () => {
  it.each([
    [
      'a block property',
      'Flow.Blocks[0123456789ab].Config.FullOutput',
      'RESULT block (01234567): Config.FullOutput',
    ],
    ['a whole block', 'Flow.Blocks[0123456789ab]', 'RESULT block (01234567)'],
    ['a block no version has stays as it is', 'Flow.Blocks[zz].In', 'Flow.Blocks[zz].In'],
    ['other paths stay as they are', 'Flow.Name', 'Flow.Name'],
  ])('%s', (_name, path, expected) => {
    expect(describeFlowPath([flow])(path)).toBe(expected);
  });
});
