import { describe, expect, it } from 'vitest';
import {
  addChildAction,
  descendantsOf,
  flattenActions,
  nestActions,
  removeAction,
} from '../../builders/actiondocument/flatActions';
import { actionDocumentPreview } from '../../builders/actiondocument/preview';
import type { Document } from '../documents/types';
import { actionDetailsRules, actionDocumentRules, matchRuleDetailsRules } from './rules';
import type { Action, ActionDocument, MatchRule, Method } from './types';

const CONNECTION = '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d';
const orders: Document = {
  Guid: '00000000-0000-4000-8000-0000000000a1',
  Name: 'SalesOrder',
  Type: 'Action',
  FlowConnectionGuid: CONNECTION,
  Elements: [
    {
      Name: 'SalesOrderId',
      Type: 'Longnumber',
      IsKey: true,
      IsId: true,
      IsUpdatable: false,
      Validation: { IsRequired: true },
    },
    { Name: 'OrderNumber', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 20 } },
  ],
};
const lines: Document = {
  Guid: '00000000-0000-4000-8000-0000000000b1',
  Name: 'SalesOrderLine',
  Type: 'Action',
  FlowConnectionGuid: CONNECTION,
  Elements: [
    { Name: 'SalesOrderLineId', Type: 'Longnumber', IsKey: true, IsId: true, IsUpdatable: false },
    { Name: 'SalesOrderId', Type: 'Longnumber', IsUpdatable: true },
    { Name: 'OrderNumber', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 10 } },
    { Name: 'Product', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 100 } },
  ],
  References: [{ Name: 'SalesOrder', Guid: orders.Guid, Key: 'SalesOrderId', Child: 'SalesOrderId' }],
};
const notes: Document = {
  Guid: '00000000-0000-4000-8000-0000000000c1',
  Name: 'Notes',
  Type: 'Action',
  FlowConnectionGuid: CONNECTION,
  Elements: [{ Name: 'SalesOrderId', Type: 'Longnumber', IsUpdatable: true }],
};
const readStock: Method = {
  Guid: '00000000-0000-4000-8000-0000000000d1',
  Name: 'GetStock',
  Script: 'demo.get_stock',
  FlowConnectionGuid: CONNECTION,
  IsRead: true,
  IsSp: true,
  Type: 'Stored Procedure',
  Input: [{ Name: 'Product', Type: 'String', Validation: { Max: 100, Type: 'none' } }],
  Output: [{ Name: 'Quantity', Type: 'Number' }],
};
const writeAudit: Method = {
  ...readStock,
  Guid: '00000000-0000-4000-8000-0000000000d2',
  Name: 'WriteAudit',
  IsRead: false,
};
const context = { documents: [orders, lines, notes], methods: [readStock, writeAudit] };

const child = (overrides: Partial<Action> = {}): Action => ({
  Name: 'SalesOrderLine',
  Guid: lines.Guid,
  Type: 'Document',
  Method: 'write',
  Relation: { ChildName: 'Lines', ChildField: 'SalesOrderId', ParentField: 'SalesOrderId' },
  Childs: [],
  ...overrides,
});
const root = (overrides: Partial<Action> = {}): Action => ({
  Name: 'SalesOrder',
  Guid: orders.Guid,
  Type: 'Document',
  Method: 'write',
  Required: ['OrderNumber'],
  Childs: [child()],
  ...overrides,
});
const rule = (overrides: Partial<MatchRule> = {}): MatchRule => ({
  Guid: orders.Guid,
  Name: 'SalesOrder',
  Order: 1,
  StopIfMatch: true,
  Input: ['OrderNumber'],
  Output: ['SalesOrderId'],
  ...overrides,
});
const document = (overrides: Partial<ActionDocument> = {}): ActionDocument => ({
  Guid: '00000000-0000-4000-8000-00000000ad01',
  ActionDocumentName: 'CreateSalesOrder',
  FlowConnectionGuid: CONNECTION,
  IsRead: false,
  Action: root(),
  Rules: [rule()],
  ...overrides,
});
const keysOf = (candidate: ActionDocument) =>
  actionDocumentRules(candidate, context).map((error) => `${error.path} ${error.messageKey}`);

describe('actionDocumentRules (spec part 2 §5 "Action document", keys of part 2 §8)', () => {
  it.each<[string, ActionDocument, string[]]>([
    ['part 2 §5: a root action, a related child and a match rule are valid', document(), []],
    [
      'part 2 §5: a root action is chosen (rootActionNotChosen)',
      document({ Action: undefined, Rules: [] }),
      ['/Action ad.validation.rootActionNotChosen'],
    ],
    [
      'part 2 §5: each method action has the same is_read as the document (methodIsReadMismatch)',
      document({
        Action: root({
          Childs: [
            child({
              Type: 'Method',
              Guid: readStock.Guid,
              Name: 'GetStock',
              Method: null,
              Relation: { ChildName: 'Stock', ChildField: 'Product', ParentField: 'OrderNumber' },
            }),
          ],
        }),
      }),
      ['/Action/Childs/0/Guid ad.validation.methodIsReadMismatch'],
    ],
    [
      'part 2 §5: a document action’s method matches is_read too (methodIsReadMismatch)',
      document({ IsRead: true, Action: root({ Method: 'read', Childs: [child({ Method: 'write' })] }) }),
      ['/Action/Childs/0/Method ad.validation.methodIsReadMismatch'],
    ],
    [
      'part 2 §5: child actions need a relation (actionRelationNotSet)',
      document({ Action: root({ Childs: [child({ Relation: null })] }) }),
      ['/Action/Childs/0/Relation ad.validation.actionRelationNotSet'],
    ],
    [
      'part 2 §5: with an alias (actionRelationAliasNotSet)',
      document({
        Action: root({
          Childs: [
            child({ Relation: { ChildName: '', ChildField: 'SalesOrderId', ParentField: 'SalesOrderId' } }),
          ],
        }),
      }),
      ['/Action/Childs/0/Relation/ChildName ad.validation.actionRelationAliasNotSet'],
    ],
    [
      'part 2 §5: unique among siblings (actionRelationAliasNotUnique)',
      document({
        Action: root({
          Childs: [
            child(),
            child({
              Relation: { ChildName: 'lines', ChildField: 'SalesOrderId', ParentField: 'SalesOrderId' },
            }),
          ],
        }),
      }),
      ['/Action/Childs/1/Relation/ChildName ad.validation.actionRelationAliasNotUnique'],
    ],
    [
      'part 2 §5: a child field (actionRelationChildNotSet)',
      document({
        Action: root({ Childs: [child({ Relation: { ChildName: 'Lines', ParentField: 'SalesOrderId' } })] }),
      }),
      ['/Action/Childs/0/Relation/ChildField ad.validation.actionRelationChildNotSet'],
    ],
    [
      'part 2 §5: a parent field (actionRelationParentNotSet)',
      document({
        Action: root({ Childs: [child({ Relation: { ChildName: 'Lines', ChildField: 'SalesOrderId' } })] }),
      }),
      ['/Action/Childs/0/Relation/ParentField ad.validation.actionRelationParentNotSet'],
    ],
    [
      'part 2 §5: a child field that exists in the child (configuredChildFieldDoesNotExist)',
      document({
        Action: root({
          Childs: [
            child({ Relation: { ChildName: 'Lines', ChildField: 'OrderId', ParentField: 'SalesOrderId' } }),
          ],
        }),
      }),
      ['/Action/Childs/0/Relation/ChildField ad.validation.configuredChildFieldDoesNotExist'],
    ],
    [
      'part 2 §5: a parent field that exists in the parent (configuredParentFieldDoesNotExist)',
      document({
        Action: root({
          Childs: [
            child({ Relation: { ChildName: 'Lines', ChildField: 'SalesOrderId', ParentField: 'OrderId' } }),
          ],
        }),
      }),
      ['/Action/Childs/0/Relation/ParentField ad.validation.configuredParentFieldDoesNotExist'],
    ],
    [
      'part 2 §5: the field types must be mappable (relationFieldTypesDoNotMatch)',
      document({
        Action: root({
          Childs: [
            child({ Relation: { ChildName: 'Lines', ChildField: 'Product', ParentField: 'SalesOrderId' } }),
          ],
        }),
      }),
      [
        '/Action/Childs/0/Relation/ChildField ad.validation.relationFieldTypesDoNotMatch',
        '/Action/Childs/0/Relation ad.validation.documentRelationTypeMismatch',
      ],
    ],
    [
      'part 2 §5: max lengths compatible (relationFieldMaxLengthsDoNotMatch)',
      document({
        Action: root({
          Childs: [
            child({
              Relation: { ChildName: 'Lines', ChildField: 'OrderNumber', ParentField: 'OrderNumber' },
            }),
          ],
        }),
      }),
      [
        '/Action/Childs/0/Relation/ChildField ad.validation.relationFieldMaxLengthsDoNotMatch',
        '/Action/Childs/0/Relation ad.validation.documentRelationTypeMismatch',
      ],
    ],
    [
      'part 2 §5: a document-to-document relation must match a declared reference (documentRelationTypeMismatch)',
      document({
        Action: root({
          Childs: [
            child({
              Guid: notes.Guid,
              Name: 'Notes',
              Relation: { ChildName: 'Notes', ChildField: 'SalesOrderId', ParentField: 'SalesOrderId' },
            }),
          ],
        }),
      }),
      ['/Action/Childs/0/Relation ad.validation.documentRelationTypeMismatch'],
    ],
    [
      'part 2 §5: a method relation needs no declared reference',
      document({
        Action: root({
          Childs: [
            child({
              Type: 'Method',
              Guid: writeAudit.Guid,
              Name: 'WriteAudit',
              Method: null,
              Relation: { ChildName: 'Audit', ChildField: 'Product', ParentField: 'OrderNumber' },
            }),
          ],
        }),
      }),
      [],
    ],
    [
      'part 2 §5: required field names must exist (requiredFieldDoesNotExist)',
      document({ Action: root({ Required: ['OrderNumber', 'Total'] }) }),
      ['/Action/Required/1 ad.validation.requiredFieldDoesNotExist'],
    ],
    [
      'part 2 §5: match rules need an existing document (ruleDocumentNotAvailable)',
      document({ Rules: [rule({ Guid: notes.Guid, Name: 'Notes' })] }),
      ['/Rules/0/Name ad.validation.ruleDocumentNotAvailable'],
    ],
    [
      'part 2 §5: match rules need non-empty input fields (rule input not set)',
      document({ Rules: [rule({ Input: [] })] }),
      ['/Rules/0/Input ad.validation.ruleInputNotSet'],
    ],
    [
      'part 2 §5: match rules need non-empty output fields (rule output not set)',
      document({ Rules: [rule({ Output: [] })] }),
      ['/Rules/0/Output ad.validation.ruleOutputNotSet'],
    ],
    [
      'part 2 §5: input fields that exist (rule input field missing)',
      document({ Rules: [rule({ Input: ['OrderNumber', 'Customer'] })] }),
      ['/Rules/0/Input/1 ad.validation.ruleInputFieldDoesNotExist'],
    ],
    [
      'part 2 §5: output fields that exist (rule output field missing)',
      document({ Rules: [rule({ Output: ['Total'] })] }),
      ['/Rules/0/Output/0 ad.validation.ruleOutputFieldDoesNotExist'],
    ],
    [
      'part 2 §5: a child action must be chosen',
      document({ Action: root({ Childs: [child({ Guid: null, Name: null })] }) }),
      ['/Action/Childs/0/Guid ad.validation.actionNotChosen'],
    ],
    [
      'part 2 §5: actions point at published documents or methods',
      document({ Action: root({ Guid: '00000000-0000-4000-8000-00000000dead', Childs: [] }), Rules: [] }),
      ['/Action/Guid ad.validation.actionNotAvailable'],
    ],
  ])('%s', (_rule, candidate, expected) => {
    expect(keysOf(candidate)).toEqual(expected);
  });
});

describe('actions held flat in the editor and re-nested on save (spec part 2 §3 "Action document")', () => {
  const tree = root({ Childs: [child({ Childs: [child({ Name: 'Deep' })] }), child({ Name: 'Second' })] });

  it('flattens parents before children with level and parent, and nests back to the same tree', () => {
    const flat = flattenActions(tree);
    expect(flat.map((entry) => [entry.key, entry.level, entry.parent])).toEqual([
      ['0', 0, null],
      ['0.0', 1, '0'],
      ['0.0.0', 2, '0.0'],
      ['0.1', 1, '0'],
    ]);
    expect(nestActions(flat)).toEqual({
      ...tree,
      Childs: [
        { ...tree.Childs![0]!, Childs: [{ ...tree.Childs![0]!.Childs![0]!, Childs: [] }] },
        { ...tree.Childs![1]!, Childs: [] },
      ],
    });
  });

  it('deletes an action with its children (part 2 §4)', () => {
    const flat = flattenActions(tree);
    expect(descendantsOf(flat, '0.0')).toEqual(['0.0.0']);
    const nested = nestActions(removeAction(flat, '0.0'));
    expect(nested?.Childs?.map((entry) => entry.Name)).toEqual(['Second']);
    expect(nestActions(removeAction(flat, '0'))).toBeUndefined();
  });

  it('adds a child after its parent’s last descendant', () => {
    const flat = addChildAction(flattenActions(tree), '0.0', { Name: 'Added', Type: 'Document' });
    expect(flat.map((entry) => entry.action.Name)).toEqual([
      'SalesOrder',
      'SalesOrderLine',
      'Deep',
      'Added',
      'Second',
    ]);
    expect(nestActions(flat)?.Childs?.[0]?.Childs?.map((entry) => entry.Name)).toEqual(['Deep', 'Added']);
  });

  it('previews the root fields with each child under its alias, indented 4 spaces (drawer 13)', () => {
    const preview = actionDocumentPreview(document(), context);
    expect(JSON.parse(preview)).toEqual({
      SalesOrderId: 0,
      OrderNumber: 'string',
      Lines: [{ SalesOrderLineId: 0, SalesOrderId: 0, OrderNumber: 'string', Product: 'string' }],
    });
    expect(preview.split('\n')[1]).toMatch(/^ {4}"/);
  });
});

describe('the drawers’ checks (spec part 2 §2 drawer 14, §5 "Action document")', () => {
  const details = (action: Partial<Action>, isRoot = false, siblingAliases: string[] = []) =>
    actionDetailsRules(
      { Type: 'Document', ...action },
      { isRoot, isRead: false, siblingAliases, context },
    ).map((error) => `${error.path} ${error.messageKey}`);
  it.each<[string, Partial<Action>, boolean, string[], string[]]>([
    ['part 2 §5: a chosen root action with its method', { Guid: orders.Guid, Method: 'write' }, true, [], []],
    [
      'part 2 §5: an action must be chosen',
      { Method: 'write' },
      true,
      [],
      ['/Guid ad.validation.actionNotChosen'],
    ],
    [
      'part 2 §5: methods match is_read',
      { Guid: orders.Guid, Method: 'read' },
      true,
      [],
      ['/Method ad.validation.methodIsReadMismatch'],
    ],
    [
      'part 2 §5: a method action has the document’s is_read',
      { Type: 'Method', Guid: readStock.Guid },
      true,
      [],
      ['/Guid ad.validation.methodIsReadMismatch'],
    ],
    [
      'part 2 §5: a child needs an alias unique among siblings, and both fields',
      { Guid: lines.Guid, Method: 'write', Relation: { ChildName: 'Lines' } },
      false,
      ['lines'],
      [
        '/Relation/ChildName ad.validation.actionRelationAliasNotUnique',
        '/Relation/ParentField ad.validation.actionRelationParentNotSet',
        '/Relation/ChildField ad.validation.actionRelationChildNotSet',
      ],
    ],
  ])('%s', (_rule, action, isRoot, aliases, expected) => {
    expect(details(action, isRoot, aliases)).toEqual(expected);
  });

  it('part 2 §5: a match rule needs a document of the tree, input and output fields', () => {
    expect(
      matchRuleDetailsRules({ Guid: notes.Guid, Input: [], Output: [] }, [{ Guid: orders.Guid }]).map(
        (error) => error.messageKey,
      ),
    ).toEqual([
      'ad.validation.ruleDocumentNotAvailable',
      'ad.validation.ruleInputNotSet',
      'ad.validation.ruleOutputNotSet',
    ]);
    expect(matchRuleDetailsRules(rule(), [{ Guid: orders.Guid }])).toEqual([]);
  });
});
