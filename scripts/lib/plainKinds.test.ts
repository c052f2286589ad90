import { describe, expect, it } from 'vitest';
import { plainKindsOf, withPlainItemKinds } from './plainKinds';

type Json = Record<string, unknown>;

const item = {
  kind: 'widget',
  label: 'widget',
  title: 'Widget Builder',
  description: 'Widgets.',
  route: '/widgetbuilder',
  menu: { group: 'admin', order: 70 },
  area: 'WidgetBuilder',
};

const operation = (id: string, kind: string, call: string, extra: Json = {}) => ({
  operationId: id,
  'x-item-kind': kind,
  'x-item-call': call,
  ...extra,
});

const saveBody = (schema: string) => ({
  requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
});

/** A contract with one plain kind, Widget, and its four calls; `change` edits it before the check. */
function contract(change: (doc: { schema: Json; paths: Record<string, Json> }) => void = () => {}) {
  const schema: Json = {
    type: 'object',
    'x-item': structuredClone(item),
    properties: { Guid: { type: 'string' }, Name: { type: 'string' }, Other: { type: 'string' } },
  };
  const paths: Record<string, Json> = {
    '/W/GetWidgets': { get: operation('W.List', 'widget', 'list') },
    '/W/GetWidget/{guid}': { get: operation('W.Get', 'widget', 'get') },
    '/W/PostWidget': { post: operation('W.Save', 'widget', 'save', saveBody('Widget')) },
    '/W/DeleteWidget/{guid}': { delete: operation('W.Delete', 'widget', 'delete') },
  };
  change({ schema, paths });
  return { paths, components: { schemas: { Widget: schema, ItemKind: { enum: ['flow'] } } } } as never;
}

const declaration = (doc: { schema: Json }) => doc.schema['x-item'] as Json;

describe('plain kinds from x-item and x-item-kind (scripts/codegen.ts)', () => {
  it('reads a kind with its calls and the defaults', () => {
    expect(plainKindsOf(contract())).toEqual([
      {
        ...item,
        schema: 'Widget',
        actions: ['Read', 'Upsert', 'Delete'],
        idField: 'Guid',
        nameField: 'Name',
        search: ['Name'],
        refs: {},
        messages: { notFound: 'notFound.item', nameTaken: 'item.nameTaken' },
        operations: { list: 'W.List', get: 'W.Get', save: 'W.Save', delete: 'W.Delete' },
      },
    ]);
  });

  it('adds the kinds to ItemKind, once', () => {
    const doc = contract() as unknown as { components: { schemas: Json } };
    withPlainItemKinds(doc.components.schemas as never, plainKindsOf(doc as never));
    expect(doc.components.schemas.ItemKind).toEqual({ enum: ['flow', 'widget'] });
    expect(() => withPlainItemKinds(doc.components.schemas as never, plainKindsOf(doc as never))).toThrow(
      'widget is declared by x-item; remove it from ItemKind',
    );
  });

  it.each<[string, (doc: { schema: Json; paths: Record<string, Json> }) => void, string]>([
    [
      'a call of an undeclared kind',
      (doc) => {
        doc.paths['/W/GetWidgets']!.get = operation('W.List', 'gizmo', 'list');
      },
      'W.List is x-item-kind "gizmo", which no schema\'s x-item declares',
    ],
    [
      'an unknown call',
      (doc) => {
        doc.paths['/W/GetWidgets']!.get = operation('W.List', 'widget', 'fetch');
      },
      'W.List needs x-item-call, one of list, get, save, delete',
    ],
    [
      'two lists',
      (doc) => {
        doc.paths['/W/Again'] = { get: operation('W.Again', 'widget', 'list') };
      },
      'W.Again and W.List are both the list of widget',
    ],
    [
      'a save that is not a POST',
      (doc) => {
        doc.paths['/W/PostWidget'] = { put: operation('W.Save', 'widget', 'save', saveBody('Widget')) };
      },
      'W.Save, the save of widget, must be POST',
    ],
    [
      'a get without the guid in its path',
      (doc) => {
        doc.paths['/W/GetWidget'] = { get: operation('W.One', 'widget', 'get') };
        delete doc.paths['/W/GetWidget/{guid}'];
      },
      "W.One, the get of widget, takes the item's {guid} in its path",
    ],
    [
      'a save of another schema',
      (doc) => {
        doc.paths['/W/PostWidget'] = { post: operation('W.Save', 'widget', 'save', saveBody('Gadget')) };
      },
      'W.Save, the save of widget, takes a Widget',
    ],
    [
      'a missing get',
      (doc) => {
        delete doc.paths['/W/GetWidget/{guid}'];
      },
      'the item kind widget has no operation with x-item-call: get',
    ],
    [
      'a search field the schema lacks',
      (doc) => {
        declaration(doc).search = ['Name', 'Colour'];
      },
      'Widget x-item names "Colour", which is not one of its properties',
    ],
    [
      'a ref field the schema lacks',
      (doc) => {
        declaration(doc).refs = { Parent: 'widget' };
      },
      'Widget x-item names "Parent", which is not one of its properties',
    ],
    [
      'a message the catalogue lacks',
      (doc) => {
        declaration(doc).messages = { notFound: 'widget.gone' };
      },
      'Widget x-item names the message "widget.gone", which the catalogue lacks',
    ],
    [
      'a call on its area needing an action the x-item actions do not give',
      (doc) => {
        declaration(doc).actions = ['Upsert'];
        doc.paths['/W/DeleteWidget/{guid}']!.delete = operation('W.Delete', 'widget', 'delete', {
          'x-permission': { area: 'WidgetBuilder', action: 'Delete' },
        });
      },
      "W.Delete needs WidgetBuilder Delete, which no role holds: widget's x-item actions are Upsert",
    ],
  ])('refuses %s', (_name, change, message) => {
    expect(() => plainKindsOf(contract(change))).toThrow(`codegen: ${message}`);
  });

  it('x-item actions name what its area assigns, in the table order; Upsert or Delete hold Read', () => {
    const [kind] = plainKindsOf(
      contract((doc) => {
        declaration(doc).actions = ['Delete', 'Upsert'];
        doc.paths['/W/GetWidgets']!.get = operation('W.List', 'widget', 'list', {
          'x-permission': { area: 'WidgetBuilder', action: 'Read' },
        });
        // Deleting needs another area's action (as Script's needs ScriptDelete's): not checked here.
        doc.paths['/W/DeleteWidget/{guid}']!.delete = operation('W.Delete', 'widget', 'delete', {
          'x-permission': { area: 'WidgetDelete', action: 'Delete' },
        });
      }),
    );
    expect(kind!.actions).toEqual(['Upsert', 'Delete']);
  });

  it('a kind without delete is fine: its items cannot be deleted', () => {
    const [kind] = plainKindsOf(
      contract((doc) => {
        delete doc.paths['/W/DeleteWidget/{guid}'];
      }),
    );
    expect(kind!.operations).toEqual({ list: 'W.List', get: 'W.Get', save: 'W.Save' });
  });
});
