import { describe, expect, it } from 'vitest';
import { type Definition, definitionPath, type ItemDefinition } from './definitions';
import { planImport, rewriteGuids } from './planImport';
import { stableJson } from './stableJson';

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (over: Partial<ItemDefinition>): ItemDefinition => ({
  Kind: 'document',
  Guid: guid(1),
  Name: 'Orders',
  Connection: { Guid: guid(9), Name: 'Sales' },
  Published: { Name: 'Orders', Elements: [] },
  Draft: null,
  ...over,
});
const connection = (n: number, name = 'Sales'): ItemDefinition =>
  item({ Kind: 'connection', Guid: guid(n), Name: name, Connection: null, Published: { Name: name } });

describe('stableJson (issue 31 point 3: keys in a stable order, indented)', () => {
  it.each([
    [
      'keys sorted at every depth',
      { b: 1, a: { d: 2, c: 3 } },
      '{\n  "a": {\n    "c": 3,\n    "d": 2\n  },\n  "b": 1\n}\n',
    ],
    ['arrays keep their order', { a: [3, 1] }, '{\n  "a": [\n    3,\n    1\n  ]\n}\n'],
    ['undefined properties are left out', { a: undefined, b: null }, '{\n  "b": null\n}\n'],
  ])('%s', (_, value, text) => expect(stableJson(value)).toBe(text));
});

describe('definitionPath (issue 31 point 3: <kind>/<name>.json)', () => {
  it.each<[string, Definition, string]>([
    ['an item of no connection', connection(9), 'connection/Sales.json'],
    [
      'an item of a connection has it as a folder (names are unique per connection: spec part 2 §5)',
      item({}),
      'document/Sales/Orders.json',
    ],
    [
      'a flow by method and name under its REST API; a slash is encoded (spec part 2 §5: unique by name, method, API)',
      {
        Kind: 'flow',
        Guid: guid(2),
        Name: 'customers/credit',
        HttpMethod: 'GET',
        RestApi: { Guid: guid(3), Name: 'orders_api' },
        Description: null,
        IsScript: false,
        IsActive: true,
        KeepCallData: 'onError',
        Published: null,
        Draft: null,
      },
      'flow/orders_api/GET customers%2Fcredit.json',
    ],
    [
      'a role by name (spec part 1 §3 "Role")',
      { Kind: 'role', Name: 'Demo viewers', Permissions: {} },
      'role/Demo viewers.json',
    ],
    [
      'a leading dot is encoded',
      { Kind: 'apiUser', Guid: guid(4), Name: '.hidden', IsActive: true, Roles: [] },
      'apiUser/%2Ehidden.json',
    ],
  ])('%s', (_, definition, path) => expect(definitionPath(definition)).toBe(path));
});

describe('planImport (issue 31 point 4)', () => {
  it.each<[string, Definition[], Definition[], Array<[string, string]>, string[]]>([
    [
      'an item the target lacks is new',
      [connection(9), item({})],
      [connection(9)],
      [
        ['connection', 'unchanged'],
        ['document', 'new'],
      ],
      [],
    ],
    [
      'the same definition is unchanged (importing twice changes nothing)',
      [connection(9)],
      [connection(9)],
      [['connection', 'unchanged']],
      [],
    ],
    [
      'matched by guid, a changed body is changed',
      [item({ Published: { Name: 'Orders', Elements: [{ Name: 'Id' }] } })],
      [item({})],
      [['document', 'changed']],
      [],
    ],
    [
      'matched by kind and name when guids differ (another server)',
      [connection(9), item({})],
      [connection(19), item({ Guid: guid(11), Connection: { Guid: guid(19), Name: 'Sales' } })],
      [
        ['connection', 'unchanged'],
        ['document', 'unchanged'],
      ],
      [],
    ],
    [
      'refused: a guid the target holds for another kind of item',
      [item({ Kind: 'method', Guid: guid(1) })],
      [item({})],
      [['method', 'new']],
      ['promote.guidOtherKind'],
    ],
    [
      'refused: matched by guid, renamed onto the name of another item of the kind',
      [item({ Guid: guid(1), Name: 'Invoices' })],
      [item({}), item({ Guid: guid(2), Name: 'Invoices' })],
      [['document', 'changed']],
      ['promote.nameTaken'],
    ],
    [
      'refused: one item twice in the folder',
      [connection(9), connection(9)],
      [],
      [
        ['connection', 'new'],
        ['connection', 'new'],
      ],
      ['promote.duplicate'],
    ],
  ])('%s', (_, incoming, existing, statuses, refusals) => {
    const plan = planImport(incoming, existing);
    expect(plan.items.map((entry) => [entry.kind, entry.status])).toEqual(statuses);
    expect(plan.refusals.map((entry) => entry.messageKey)).toEqual(refusals);
  });

  it('rewrites the guids of items matched by name everywhere in the folder, the scope included', () => {
    const plan = planImport(
      [connection(9), item({ Published: { Name: 'Orders', Source: guid(9) } })],
      [connection(19)],
    );
    expect(plan.items[1]!.definition).toMatchObject({
      Connection: { Guid: guid(19) },
      Published: { Source: guid(19) },
    });
  });

  it('a changed item lists its field-level changes (src/domain/diff, as before a publish)', () => {
    const plan = planImport(
      [item({ Published: { Name: 'Orders', Size: 2 } })],
      [item({ Published: { Name: 'Orders', Size: 1 } })],
    );
    expect(plan.items[0]!.changes).toEqual([
      { path: 'Published.Size', change: 'changed', before: 1, after: 2 },
    ]);
  });

  it('rewriteGuids leaves text that is not a mapped guid alone', () => {
    expect(
      rewriteGuids({ a: guid(1), b: `x ${guid(1)}`, c: guid(2) }, new Map([[guid(1), guid(5)]])),
    ).toEqual({
      a: guid(5),
      b: `x ${guid(1)}`,
      c: guid(2),
    });
  });
});
