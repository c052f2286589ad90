import { describe, expect, it } from 'vitest';
import { blockErrors, flowOf, testLookups } from '../../../../tests/support/flowBuilders';
import type { BlockConfig, ExternalConnector, FlowField } from '../types';
import { validateFlow } from '../validateFlow';

const startFields: FlowField[] = [
  { Name: 'email', Type: 'String', Validation: { IsRequired: true, MaxLength: 100 } },
  { Name: 'amount', Type: 'Decimal' },
];

const mailer: ExternalConnector = {
  Guid: 'x1',
  Name: 'SendMail',
  Input: [
    { Name: 'to', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
    { Name: 'subject', Type: 'String' },
  ],
  Output: [{ Name: 'messageId', Type: 'String' }],
};

const errorsOf = (
  step: Parameters<typeof flowOf>[0][number],
  result?: { config?: BlockConfig; output?: FlowField[] },
) => {
  const { flow, guids } = flowOf([step], { startFields, result: result ?? { config: { FullOutput: true } } });
  return blockErrors(validateFlow(flow, testLookups({ connectors: [mailer] })), guids[0]!);
};

describe('external block rules (spec part 2 §5 "Flow blocks" External)', () => {
  it.each<[string, BlockConfig, FlowField[], string[]]>([
    [
      'a valid call',
      { MethodGuid: 'x1', Mapping: [{ From: 'email', To: 'to' }] },
      [{ Name: 'messageId', Alias: 'mailId' }],
      [],
    ],
    ['connector chosen', { MethodGuid: null }, [], ['/Config/MethodGuid fb.flowErrors.connectorNotChosen']],
    [
      'connector existing',
      { MethodGuid: 'gone' },
      [],
      ['/Config/MethodGuid fb.flowErrors.connectorNotFound'],
    ],
    [
      'all required fields mapped',
      { MethodGuid: 'x1', Mapping: [] },
      [],
      ['/Config/Mapping fb.flowErrors.requiredInputNotMapped'],
    ],
    [
      'mappings valid',
      {
        MethodGuid: 'x1',
        Mapping: [
          { From: 'email', To: 'to' },
          { From: 'amount', To: 'subject' },
        ],
      },
      [],
      ['/Config/Mapping/1 fb.flowErrors.mappingTypeMismatch'],
    ],
  ])('%s', (_rule, config, output, expected) => {
    expect(errorsOf({ type: 'external', config, output }).sort()).toEqual([...expected].sort());
  });
});

const rule = (overrides: Record<string, unknown>) => ({
  Name: 'amount',
  RuleType: 'Static' as const,
  ...overrides,
});
const at = '/Config/Groups/0/Rules/0';

describe('check block rules (spec part 2 §5 "Flow blocks" Check; §3 "Operators")', () => {
  it.each<[string, BlockConfig, string[]]>([
    [
      'a valid between',
      { Groups: [{ Rules: [rule({ Operator: 'between', Values: [{ Value: 1 }, { Value: 9 }] })] }] },
      [],
    ],
    ['at least one condition group', { Groups: [] }, ['/Config/Groups fb.flowErrors.noConditionGroups']],
    [
      'each group non-empty',
      { Groups: [{ Rules: [] }] },
      ['/Config/Groups/0/Rules fb.flowErrors.conditionGroupEmpty'],
    ],
    [
      'a field chosen',
      { Groups: [{ Rules: [rule({ Name: null, Operator: 'isSet' })] }] },
      [`${at}/Name fb.flowErrors.conditionFieldNotChosen`],
    ],
    [
      'the field exists',
      { Groups: [{ Rules: [rule({ Name: 'gone', Operator: 'isSet' })] }] },
      [`${at}/Name fb.flowErrors.conditionFieldMissing`],
    ],
    [
      'an operator chosen',
      { Groups: [{ Rules: [rule({ Operator: null })] }] },
      [`${at}/Operator fb.flowErrors.operatorNotChosen`],
    ],
    [
      'operator valid for the type',
      { Groups: [{ Rules: [rule({ Operator: 'startsWith', Values: [{ Value: '1' }] })] }] },
      [`${at}/Operator fb.flowErrors.operatorInvalidForType`],
    ],
    [
      'between needs 2 values',
      { Groups: [{ Rules: [rule({ Operator: 'between', Values: [{ Value: 1 }] })] }] },
      [`${at}/Values fb.flowErrors.valueCountExact`],
    ],
    [
      'equals needs 1 value',
      { Groups: [{ Rules: [rule({ Operator: 'equals', Values: [] })] }] },
      [`${at}/Values fb.flowErrors.valueCountExact`],
    ],
    [
      'in needs at least 2 values',
      { Groups: [{ Rules: [rule({ Operator: 'in', Values: [{ Value: 1 }, { Value: null }] })] }] },
      [`${at}/Values fb.flowErrors.valueCountAtLeast`],
    ],
    [
      'in takes any number from 2',
      {
        Groups: [
          {
            Rules: [
              rule({ Operator: 'in', Values: [{ Value: 1 }, { Value: 2 }, { Value: 3 }, { Value: null }] }),
            ],
          },
        ],
      },
      [],
    ],
    [
      'isSet takes no value',
      { Groups: [{ Rules: [rule({ Operator: 'isSet', Values: [{ Value: 1 }] })] }] },
      [`${at}/Values fb.flowErrors.noValueExpected`],
    ],
    [
      'length operators need a whole number of at least 1',
      { Groups: [{ Rules: [rule({ Name: 'email', Operator: 'maxLength', Values: [{ Value: 0 }] })] }] },
      [`${at}/Values/0/Value fb.flowErrors.lengthValueInvalid`],
    ],
    [
      'a length of 1',
      { Groups: [{ Rules: [rule({ Name: 'email', Operator: 'minLength', Values: [{ Value: '1' }] })] }] },
      [],
    ],
    [
      'static values fit the type',
      { Groups: [{ Rules: [rule({ Operator: 'equals', Values: [{ Value: 'abc' }] })] }] },
      [`${at}/Values/0/Value fb.flowErrors.conditionValueInvalid`],
    ],
    [
      'for between, value 1 is less than value 2',
      { Groups: [{ Rules: [rule({ Operator: 'between', Values: [{ Value: 9 }, { Value: 1 }] })] }] },
      [`${at}/Values/1/Value fb.flowErrors.betweenOrder`],
    ],
    [
      'between equal values',
      { Groups: [{ Rules: [rule({ Operator: 'between', Values: [{ Value: 5 }, { Value: 5 }] })] }] },
      [`${at}/Values/1/Value fb.flowErrors.betweenOrder`],
    ],
    [
      'dynamic: the compared field exists',
      {
        Groups: [{ Rules: [rule({ Operator: 'equals', RuleType: 'Dynamic', Values: [{ Field: 'gone' }] })] }],
      },
      [`${at}/Values/0/Field fb.flowErrors.compareFieldMissing`],
    ],
    [
      'dynamic: the compared field has a comparable type',
      {
        Groups: [
          { Rules: [rule({ Operator: 'equals', RuleType: 'Dynamic', Values: [{ Field: 'email' }] })] },
        ],
      },
      [`${at}/Values/0/Field fb.flowErrors.compareFieldNotComparable`],
    ],
    [
      'dynamic values need offset and unit both set or both empty',
      {
        Groups: [
          {
            Rules: [
              rule({ Operator: 'equals', RuleType: 'Dynamic', Values: [{ Field: 'amount', Offset: 2 }] }),
            ],
          },
        ],
      },
      [`${at}/Values/0/Offset fb.flowErrors.offsetIncomplete`],
    ],
  ])('%s', (_rule, config, expected) => {
    expect(errorsOf({ type: 'check', config }).sort()).toEqual([...expected].sort());
  });
});

describe('check block date values (spec part 2 §3: date keywords $now, $today, $month, $year; offset units)', () => {
  const dates: FlowField[] = [{ Name: 'since', Type: 'DateTime' }];
  const check = (values: object[], operator = 'between') => {
    const { flow, guids } = flowOf(
      [
        {
          type: 'check',
          config: {
            Groups: [
              {
                Rules: [
                  { Name: 'since', RuleType: 'Static', Operator: operator as 'between', Values: values },
                ],
              },
            ],
          },
        },
      ],
      { startFields: dates, result: { config: { FullOutput: true } } },
    );
    return blockErrors(validateFlow(flow, testLookups()), guids[0]!);
  };
  it.each<[string, object[], string[]]>([
    ['keywords in order', [{ Value: '$year' }, { Value: '$now' }], []],
    [
      'keywords out of order',
      [{ Value: '$now' }, { Value: '$month' }],
      [`${at}/Values/1/Value fb.flowErrors.betweenOrder`],
    ],
    [
      'a keyword with an offset',
      [{ Value: '$today', Offset: -7, OffsetUnit: 'day' }, { Value: '$today' }],
      [],
    ],
    ['a date and a keyword', [{ Value: '2000-01-01T00:00:00' }, { Value: '$now' }], []],
    [
      'not a date',
      [{ Value: 'yesterday' }, { Value: '$now' }],
      [`${at}/Values/0/Value fb.flowErrors.conditionValueInvalid`],
    ],
  ])('%s', (_rule, values, expected) => {
    expect(check(values)).toEqual(expected);
  });
});

describe('error, config and result block rules (spec part 2 §5 "Flow blocks")', () => {
  it.each<[string, BlockConfig, string[]]>([
    ['error_code required', { ErrorCode: ' ' }, ['/Config/ErrorCode fb.flowErrors.errorCodeEmpty']],
  ])('error: %s', () => {
    const { flow, guids } = flowOf(
      [{ type: 'check', config: { Groups: [{ Rules: [rule({ Operator: 'isSet' })] }] } }],
      {
        startFields,
        result: { config: { FullOutput: true } },
      },
    );
    const error = flow.Flow!.Blocks!.find(
      (block) => block.Guid === flow.Flow!.Blocks!.find((b) => b.Guid === guids[0])!.False![0],
    )!;
    expect(blockErrors(validateFlow(flow, testLookups()), error.Guid)).toEqual([
      '/Config/ErrorCode fb.flowErrors.errorCodeEmpty',
    ]);
    error.Config = { ErrorCode: 'E1' };
    expect(blockErrors(validateFlow(flow, testLookups()), error.Guid)).toEqual([]);
  });

  it.each<[string, BlockConfig, string[]]>([
    ['valid JSON in all three', { Properties: '{}', InputMapping: '[]', Config: '{"a":1}' }, []],
    [
      'properties, input_mapping and config are required',
      { Properties: '', InputMapping: null, Config: '{}' },
      [
        '/Config/Properties fb.flowErrors.configJsonEmpty',
        '/Config/InputMapping fb.flowErrors.configJsonEmpty',
      ],
    ],
    [
      'and must be valid JSON',
      { Properties: '{', InputMapping: '[]', Config: '{}' },
      ['/Config/Properties fb.flowErrors.configJsonInvalid'],
    ],
  ])('config: %s', (_rule, config, expected) => {
    const { flow } = flowOf([], { result: { config: { FullOutput: true } } });
    const start = flow.Flow!.Blocks![0]!;
    const configBlock = {
      Type: 'config' as const,
      Guid: 'cfg',
      In: [start.Guid],
      Out: start.Out,
      Config: config,
    };
    flow.Flow!.Blocks!.push(configBlock);
    start.Out = ['cfg'];
    expect(blockErrors(validateFlow(flow, testLookups()), 'cfg').sort()).toEqual([...expected].sort());
  });

  it.each<[string, BlockConfig, FlowField[], string[]]>([
    ['result fields', {}, [{ Name: 'email', Alias: 'mail' }], []],
    ['or full output', { FullOutput: true }, [], []],
    ['either fields or full output', {}, [], ['/Output fb.flowErrors.resultNoFields']],
    ['aliases non-empty', {}, [{ Name: 'email', Alias: '' }], ['/Output/0/Alias fb.flowErrors.aliasEmpty']],
    [
      'aliases 2+ characters',
      {},
      [{ Name: 'email', Alias: 'm' }],
      ['/Output/0/Alias fb.flowErrors.aliasIsShort'],
    ],
    [
      'aliases without spaces',
      {},
      [{ Name: 'email', Alias: 'e mail' }],
      ['/Output/0/Alias fb.flowErrors.aliasContainsSpace'],
    ],
    [
      'aliases unique',
      {},
      [
        { Name: 'email', Alias: 'value' },
        { Name: 'amount', Alias: 'VALUE' },
      ],
      ['/Output/1/Alias fb.flowErrors.aliasNotUnique'],
    ],
  ])('result: %s', (_rule, config, output, expected) => {
    const { flow, result } = flowOf([], { startFields, result: { config, output } });
    expect(blockErrors(validateFlow(flow, testLookups()), result).sort()).toEqual([...expected].sort());
  });

  it('result: output exists (a field not in the flow is reported, spec part 2 §5 "Output exists")', () => {
    const { flow, result } = flowOf([], {
      startFields,
      result: { output: [{ Name: 'email', Alias: 'mail' }] },
    });
    flow
      .Flow!.Blocks!.find((block) => block.Guid === result)!
      .Output!.push({ Name: 'ghost', Alias: 'ghost' });
    expect(blockErrors(validateFlow(flow, testLookups()), result)).toEqual([
      '/Output/1/Name fb.flowErrors.resultFieldMissing',
    ]);
  });
});
