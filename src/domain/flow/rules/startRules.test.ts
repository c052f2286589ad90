import { describe, expect, it } from 'vitest';
import { blockErrors, flowOf, testLookups } from '../../../../tests/support/flowBuilders';
import type { FlowField, FunctionList } from '../types';
import { validateFlow } from '../validateFlow';

const list: FunctionList = {
  Guid: 'fl1',
  Name: 'Countries',
  FlowConnectionGuid: 'c1',
  Fields: [{ Name: 'Code', Type: 'String' }],
};

const startErrors = (fields: FlowField[], lists?: FunctionList[]) => {
  const { flow, start } = flowOf([], { startFields: fields, result: { config: { FullOutput: true } } });
  return blockErrors(validateFlow(flow, testLookups({ functionLists: lists })), start);
};

describe('start block rules (spec part 2 §5 "Flow blocks" Start)', () => {
  it.each<[string, FlowField[], string[]]>([
    ['a valid field', [{ Name: 'customerId', Type: 'Guid' }], []],
    [
      'field type must be chosen',
      [{ Name: 'customerId', Type: null }],
      ['/Config/Fields/0/Type fb.flowErrors.fieldTypeNotSet'],
    ],
    [
      'field type must be known (metadata-only types are not flow types, part 2 §3)',
      [{ Name: 'customerId', Type: 'KeyValue' }],
      ['/Config/Fields/0/Type fb.flowErrors.fieldTypeUnknown'],
    ],
    [
      'names need 2+ characters',
      [{ Name: 'a', Type: 'String' }],
      ['/Config/Fields/0/Name fb.flowErrors.fieldNameIsShort'],
    ],
    [
      'names must not be empty',
      [{ Name: '', Type: 'String' }],
      ['/Config/Fields/0/Name fb.flowErrors.fieldNameEmpty'],
    ],
    [
      'names have no spaces',
      [{ Name: 'first name', Type: 'String' }],
      ['/Config/Fields/0/Name fb.flowErrors.fieldNameContainsSpace'],
    ],
    [
      'nested names hold letters, digits, underscore and dot (part 2 §5 "Names")',
      [{ Name: 'first-name', Type: 'String' }],
      ['/Config/Fields/0/Name fb.flowErrors.fieldNameInvalid'],
    ],
    [
      'names are unique, ignoring case',
      [
        { Name: 'code', Type: 'String' },
        { Name: 'CODE', Type: 'String' },
      ],
      ['/Config/Fields/1/Name fb.flowErrors.fieldNameNotUnique'],
    ],
    [
      'static default valid',
      [{ Name: 'count', Type: 'Number', Default: { Type: 'StaticValue', Value: 'many' } }],
      ['/Config/Fields/0/Default/Value fb.flowErrors.staticDefaultInvalid'],
    ],
    [
      'a fitting static default',
      [{ Name: 'count', Type: 'Number', Default: { Type: 'StaticValue', Value: 3 } }],
      [],
    ],
    [
      'a system default must permit the type (DefaultValueTypes)',
      [{ Name: 'count', Type: 'Number', Default: { Type: 'NewGuid' } }],
      ['/Config/Fields/0/Default/Type fb.flowErrors.systemValueNotAllowed'],
    ],
    [
      'an array has exactly one child, of object type',
      [
        { Name: 'lines', Type: 'Array' },
        { Name: 'lines.sku', Type: 'String' },
      ],
      ['/Config/Fields/0/Type fb.flowErrors.arrayNeedsOneObjectChild'],
    ],
    [
      'an array without children',
      [{ Name: 'lines', Type: 'Array' }],
      ['/Config/Fields/0/Type fb.flowErrors.arrayNeedsOneObjectChild'],
    ],
    [
      'an array with its one object child, holding a field',
      [
        { Name: 'lines', Type: 'Array' },
        { Name: 'lines.line', Type: 'Object' },
        { Name: 'lines.line.sku', Type: 'String' },
      ],
      [],
    ],
    [
      'an object has at least one child',
      [{ Name: 'address', Type: 'Object' }],
      ['/Config/Fields/0/Type fb.flowErrors.objectNeedsChild'],
    ],
    [
      'a child needs an existing array or object parent',
      [{ Name: 'address.street', Type: 'String' }],
      ['/Config/Fields/0/Name fb.flowErrors.fieldParentMissing'],
    ],
    [
      'max length is a whole number of at least 1 (part 2 §5 "Field definition")',
      [{ Name: 'code', Type: 'String', Validation: { MaxLength: 0 } }],
      ['/Config/Fields/0/Validation/MaxLength fb.flowErrors.maxLengthInvalid'],
    ],
  ])('%s', (_rule, fields, expected) => {
    expect(startErrors(fields).sort()).toEqual([...expected].sort());
  });
});

describe('start block function-list mapping (spec part 2 §5 "Flow blocks" Start: "connection match, fields chosen with aliases")', () => {
  const field = (link: NonNullable<FlowField['Validation']>['FunctionList']): FlowField => ({
    Name: 'country',
    Type: 'String',
    Validation: { FunctionList: link },
  });
  const at = '/Config/Fields/0/Validation/FunctionList';
  it.each<[string, FlowField, FunctionList[] | undefined, string[]]>([
    [
      'fields chosen with aliases',
      field({ Guid: 'fl1', FlowConnectionGuid: 'c1', Fields: [{ Name: 'Code', Alias: 'countryCode' }] }),
      [list],
      [],
    ],
    [
      'the list’s connection must match',
      field({ Guid: 'fl1', FlowConnectionGuid: 'c2', Fields: [{ Name: 'Code', Alias: 'cc' }] }),
      [list],
      [`${at} fb.flowErrors.functionListConnectionMismatch`],
    ],
    [
      'at least one field chosen',
      field({ Guid: 'fl1', FlowConnectionGuid: 'c1', Fields: [] }),
      [list],
      [`${at}/Fields fb.flowErrors.functionListFieldsNotChosen`],
    ],
    [
      'aliases not empty',
      field({ Guid: 'fl1', FlowConnectionGuid: 'c1', Fields: [{ Name: 'Code', Alias: '' }] }),
      [list],
      [`${at}/Fields/0/Alias fb.flowErrors.functionListAliasEmpty`],
    ],
    [
      'aliases unique',
      field({
        Guid: 'fl1',
        FlowConnectionGuid: 'c1',
        Fields: [
          { Name: 'Code', Alias: 'cc' },
          { Name: 'Name', Alias: 'CC' },
        ],
      }),
      [list],
      [`${at}/Fields/1/Alias fb.flowErrors.functionListAliasNotUnique`],
    ],
    [
      'the list must exist',
      field({ Guid: 'gone', FlowConnectionGuid: 'c1', Fields: [{ Name: 'Code', Alias: 'cc' }] }),
      [list],
      [`${at} fb.flowErrors.functionListNotFound`],
    ],
    [
      'without function lists on the server, only the choice itself is checked',
      field({ Guid: 'gone', FlowConnectionGuid: 'c9', Fields: [{ Name: 'Code', Alias: 'cc' }] }),
      undefined,
      [],
    ],
  ])('%s', (_rule, start, lists, expected) => {
    expect(startErrors([start], lists)).toEqual(expected);
  });
});
