import { describe, expect, it } from 'vitest';
import { blockErrors, flowOf, generatedFlow, testLookups } from '../../../tests/support/flowBuilders';
import { blockOfError, validateFlow } from './validateFlow';

const keys = (errors: { path: string; messageKey: string }[]) =>
  errors.map((error) => `${error.path} ${error.messageKey}`);

describe('flow rules (spec part 2 §4 "Block kinds", §5 "Names": flow name)', () => {
  it('a new flow with full output is valid', () => {
    const { flow } = flowOf([], { result: { config: { FullOutput: true } } });
    expect(validateFlow(flow, testLookups())).toEqual([]);
  });

  it.each<[string, string, string]>([
    ['', '/Name fb.flowErrors.flowNameEmpty', 'non-empty'],
    ['a', '/Name fb.flowErrors.flowNameIsShort', 'at least 2 characters'],
    ['orders//open', '/Name fb.flowErrors.flowNameInvalid', 'no double slash'],
    ['/orders', '/Name fb.flowErrors.flowNameInvalid', 'no leading slash'],
    ['orders-open', '/Name fb.flowErrors.flowNameInvalid', 'letters, digits, underscores and slashes only'],
  ])('flow name %j → %s (%s)', (name, expected) => {
    const { flow } = flowOf([], { result: { config: { FullOutput: true } } });
    expect(keys(validateFlow({ ...flow, Name: name }, testLookups()))).toEqual([expected]);
  });

  it('a flow belongs to a REST API', () => {
    const { flow } = flowOf([], { result: { config: { FullOutput: true } } });
    expect(keys(validateFlow({ ...flow, Api: null }, testLookups()))).toEqual([
      '/Api fb.flowErrors.apiNotChosen',
    ]);
  });

  it('reports a missing start or result block, a broken link, an unended path and an unconnected block', () => {
    const { flow, start, result } = flowOf([], { result: { config: { FullOutput: true } } });
    const blocks = flow.Flow!.Blocks!;
    const close = blocks.find((block) => block.Type === 'close')!;
    blocks.push({ Type: 'add', Guid: 'lost', In: [], Out: [close.Guid], Config: { Fields: [] } });
    blocks.find((block) => block.Guid === result)!.Out = ['nowhere'];
    const found = validateFlow(flow, testLookups());
    expect(blockErrors(found, 'lost')).toEqual(['/In fb.flowErrors.blockNotConnected']);
    expect(blockErrors(found, result)).toEqual(['/Out fb.flowErrors.linkBroken']);
    const withoutStart = {
      ...flow,
      Flow: {
        ...flow.Flow!,
        Blocks: blocks.filter((block) => block.Guid !== start && block.Type !== 'result'),
      },
    };
    expect(keys(validateFlow(withoutStart, testLookups()))).toEqual(
      expect.arrayContaining([
        '/Flow/Blocks fb.flowErrors.noStartBlock',
        '/Flow/Blocks fb.flowErrors.noResultBlock',
      ]),
    );
    blocks.find((block) => block.Guid === result)!.Out = [];
    expect(blockErrors(validateFlow(flow, testLookups()), result)).toContain(
      '/Out fb.flowErrors.pathNotEnded',
    );
  });

  it('a check needs its false exit', () => {
    const { flow, guids } = flowOf([{ type: 'check', config: { Groups: [] } }], {
      result: { config: { FullOutput: true } },
    });
    flow.Flow!.Blocks!.find((block) => block.Guid === guids[0])!.False = [];
    expect(blockErrors(validateFlow(flow, testLookups()), guids[0]!)).toContain(
      '/False fb.flowErrors.falseExitMissing',
    );
  });

  it('reports an unknown block type through the registry’s fallback (FLOW001)', () => {
    const { flow, start } = flowOf([], { result: { config: { FullOutput: true } } });
    const startBlock = flow.Flow!.Blocks!.find((block) => block.Guid === start)!;
    const next = startBlock.Out![0]!;
    flow.Flow!.Blocks!.push({ Type: 'teleport' as 'add', Guid: 'odd', In: [start], Out: [next] });
    startBlock.Out = ['odd'];
    expect(blockErrors(validateFlow(flow, testLookups()), 'odd')).toEqual([
      '/Type fb.flowErrors.unknownBlockType',
    ]);
  });

  it('finds the block of an error from its path', () => {
    const { flow, result } = flowOf([]);
    const [error] = validateFlow(flow, testLookups());
    expect(blockOfError(error!, flow.Flow!.Blocks!)?.Guid).toBe(result);
    expect(blockOfError({ path: '/Name' }, flow.Flow!.Blocks!)).toBeUndefined();
  });

  it.each([100, 500])('a generated flow of %i blocks is valid (the bench flows)', (size) => {
    const { flow, lookups } = generatedFlow(size);
    expect(Math.abs(flow.Flow!.Blocks!.length - size)).toBeLessThanOrEqual(3);
    expect(validateFlow(flow, lookups)).toEqual([]);
  });
});
