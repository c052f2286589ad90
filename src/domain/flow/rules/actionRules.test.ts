import { describe, expect, it } from 'vitest';
import { blockErrors, flowOf, testLookups } from '../../../../tests/support/flowBuilders';
import type { BlockConfig, FlowAction, FlowField } from '../types';
import { validateFlow } from '../validateFlow';

const customer: FlowAction = {
  Guid: 'doc1',
  Name: 'Customer',
  Type: 'Document',
  IsRead: true,
  Input: [
    { Name: 'Id', Type: 'Guid', IsKey: true, Validation: { IsRequired: true } },
    { Name: 'Name', Type: 'String', Validation: { IsRequired: true, MaxLength: 50 } },
    { Name: 'Note', Type: 'Text' },
  ],
  Output: [
    { Name: 'Id', Type: 'Guid' },
    { Name: 'Name', Type: 'String', Validation: { MaxLength: 50 } },
    { Name: 'Credit', Type: 'Decimal' },
  ],
};
const method: FlowAction = { ...customer, Guid: 'm1', Name: 'GetCustomers', Type: 'Method' };
const view: FlowAction = { ...customer, Guid: 'v1', Name: 'CustomerView', IsReadOnly: true };
const action = { Guid: 'doc1', Name: 'Customer', Type: 'Document' };

const startFields: FlowField[] = [
  { Name: 'customerId', Type: 'Guid', Validation: { IsRequired: true } },
  { Name: 'customerName', Type: 'String', Validation: { IsRequired: true, MaxLength: 40 } },
  { Name: 'longName', Type: 'String', Validation: { IsRequired: true, MaxLength: 400 } },
  { Name: 'note', Type: 'String' },
  { Name: 'limit', Type: 'Number' },
];

const errorsOf = (type: 'read' | 'write', config: BlockConfig, output: FlowField[] = []) => {
  const { flow, guids } = flowOf([{ type, config, output }], {
    method: type === 'write' ? 'POST' : 'GET',
    startFields,
    result: { config: { FullOutput: true } },
  });
  return blockErrors(validateFlow(flow, testLookups({ actions: [customer, method, view] })), guids[0]!);
};

const keyMapped = [{ From: 'customerId', To: 'Id' }];

describe('read block rules (spec part 2 §5 "Flow blocks" Read)', () => {
  it.each<[string, BlockConfig, FlowField[], string[]]>([
    ['a valid read', { Action: action, Mapping: keyMapped }, [{ Name: 'Name', Alias: 'name' }], []],
    [
      'issue 30 point 2: a document over a view is read',
      { Action: { Guid: 'v1' }, Mapping: keyMapped },
      [{ Name: 'Name', Alias: 'name' }],
      [],
    ],
    ['a chosen action', { Action: null }, [], ['/Config/Action fb.flowErrors.actionNotChosen']],
    ['an existing action', { Action: { Guid: 'gone' } }, [], ['/Config/Action fb.flowErrors.actionNotFound']],
    [
      'a key field mapped',
      { Action: action, Mapping: [] },
      [],
      ['/Config/Mapping fb.flowErrors.keyFieldNotMapped'],
    ],
    ['no key needed for a connection method', { Action: { Guid: 'm1' }, Mapping: [] }, [], []],
    [
      'mappings: the input exists',
      { Action: action, Mapping: [...keyMapped, { From: 'note', To: 'Nope' }] },
      [],
      ['/Config/Mapping/1/To fb.flowErrors.mappingTargetMissing'],
    ],
    [
      'mappings: the flow field exists',
      { Action: action, Mapping: [...keyMapped, { From: 'nobody', To: 'Note' }] },
      [],
      ['/Config/Mapping/1/From fb.flowErrors.mappingSourceMissing'],
    ],
    [
      'mappings: type',
      { Action: action, Mapping: [...keyMapped, { From: 'limit', To: 'Note' }] },
      [],
      ['/Config/Mapping/1 fb.flowErrors.mappingTypeMismatch'],
    ],
    [
      'mappings: required-to-optional',
      { Action: action, Mapping: [...keyMapped, { From: 'note', To: 'Name' }] },
      [],
      ['/Config/Mapping/1 fb.flowErrors.mappingRequiredFromOptional'],
    ],
    [
      'mappings: max length',
      { Action: action, Mapping: [...keyMapped, { From: 'longName', To: 'Name' }] },
      [],
      ['/Config/Mapping/1 fb.flowErrors.mappingMaxLength'],
    ],
    [
      'filter conditions: an operator valid for the type',
      {
        Action: action,
        Mapping: keyMapped,
        Filters: [
          { Rules: [{ Name: 'Credit', Operator: 'contains', RuleType: 'Static', Values: [{ Value: '1' }] }] },
        ],
      },
      [],
      ['/Config/Filters/0/Rules/0/Operator fb.flowErrors.operatorInvalidForType'],
    ],
    [
      'filter conditions: the correct value count',
      {
        Action: action,
        Mapping: keyMapped,
        Filters: [
          { Rules: [{ Name: 'Credit', Operator: 'between', RuleType: 'Static', Values: [{ Value: 1 }] }] },
        ],
      },
      [],
      ['/Config/Filters/0/Rules/0/Values fb.flowErrors.valueCountExact'],
    ],
    [
      'filter conditions test the action’s fields',
      {
        Action: action,
        Mapping: keyMapped,
        Filters: [
          {
            Rules: [
              { Name: 'customerName', Operator: 'equals', RuleType: 'Static', Values: [{ Value: 'x' }] },
            ],
          },
        ],
      },
      [],
      ['/Config/Filters/0/Rules/0/Name fb.flowErrors.conditionFieldMissing'],
    ],
    [
      'filter conditions compare dynamically with flow fields',
      {
        Action: action,
        Mapping: keyMapped,
        Filters: [
          {
            Rules: [
              { Name: 'Name', Operator: 'equals', RuleType: 'Dynamic', Values: [{ Field: 'customerName' }] },
            ],
          },
        ],
      },
      [],
      [],
    ],
    [
      'sorting direction asc or desc',
      { Action: action, Mapping: keyMapped, Sorting: [{ Name: 'Name', Direction: 'UP' }] },
      [],
      ['/Config/Sorting/0/Direction fb.flowErrors.sortDirectionInvalid'],
    ],
    [
      'sorting on an existing field',
      { Action: action, Mapping: keyMapped, Sorting: [{ Name: 'Age', Direction: 'DESC' }] },
      [],
      ['/Config/Sorting/0/Name fb.flowErrors.sortFieldMissing'],
    ],
    [
      'output aliases set',
      { Action: action, Mapping: keyMapped },
      [{ Name: 'Name', Alias: '' }],
      ['/Output/0/Alias fb.flowErrors.outputAliasEmpty'],
    ],
    [
      'output aliases unique',
      { Action: action, Mapping: keyMapped },
      [
        { Name: 'Name', Alias: 'n' },
        { Name: 'Credit', Alias: 'N' },
      ],
      ['/Output/1/Alias fb.flowErrors.outputAliasNotUnique'],
    ],
    [
      'output aliases not clashing with flow variables',
      { Action: action, Mapping: keyMapped },
      [{ Name: 'Name', Alias: 'customerName' }],
      ['/Output/0/Alias fb.flowErrors.outputAliasClashesWithFlow'],
    ],
    [
      'output fields exist',
      { Action: action, Mapping: keyMapped },
      [{ Name: 'Email', Alias: 'email' }],
      ['/Output/0/Name fb.flowErrors.outputFieldMissing'],
    ],
  ])('%s', (_rule, config, output, expected) => {
    expect(errorsOf('read', config, output).sort()).toEqual([...expected].sort());
  });
});

describe('write block rules (spec part 2 §5 "Flow blocks" Write: like read, plus required fields, a key and two fields mapped)', () => {
  it.each<[string, BlockConfig, string[]]>([
    ['a valid write', { Action: action, Mapping: [...keyMapped, { From: 'customerName', To: 'Name' }] }, []],
    [
      'required fields mapped',
      { Action: action, Mapping: [...keyMapped, { From: 'note', To: 'Note' }] },
      ['/Config/Mapping fb.flowErrors.requiredInputNotMapped'],
    ],
    [
      'a key field mapped',
      {
        Action: action,
        Mapping: [
          { From: 'customerName', To: 'Name' },
          { From: 'note', To: 'Note' },
        ],
      },
      [
        '/Config/Mapping fb.flowErrors.keyFieldNotMapped',
        '/Config/Mapping fb.flowErrors.requiredInputNotMapped',
      ],
    ],
    [
      'at least two fields mapped',
      { Action: { Guid: 'm1' }, Mapping: keyMapped },
      [
        '/Config/Mapping fb.flowErrors.requiredInputNotMapped',
        '/Config/Mapping fb.flowErrors.tooFewFieldsMapped',
      ],
    ],
    [
      'spec part 2 §3 "Block" read/write: a method that writes (§3 "Action document" action methods)',
      {
        Action: action,
        Mapping: [...keyMapped, { From: 'customerName', To: 'Name' }],
        Method: 'createAlways',
      },
      [],
    ],
    [
      'issue 30 point 2: a document over a view of another database is not written',
      { Action: { Guid: 'v1' }, Mapping: [...keyMapped, { From: 'customerName', To: 'Name' }] },
      ['/Config/Action fb.flowErrors.actionReadOnly'],
    ],
    [
      'spec part 2 §3 "Block" read/write: read is no write method',
      { Action: action, Mapping: [...keyMapped, { From: 'customerName', To: 'Name' }], Method: 'read' },
      ['/Config/Method fb.flowErrors.writeMethodInvalid'],
    ],
  ])('%s', (_rule, config, expected) => {
    expect(errorsOf('write', config).sort()).toEqual([...expected].sort());
  });
});
