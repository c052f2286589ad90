/**
 * The plain item kinds of the bundled contract (src/domain/plainItems.ts): every component schema with
 * an `x-item` declaration and the operations marked `x-item-kind` / `x-item-call`, checked against each
 * other, and the module codegen writes from them (generated/plainKinds.ts).
 */
import {
  type PlainCall,
  type PlainItemDeclaration,
  plainActions,
  plainCalls,
} from '../../src/domain/plainItems';
import { en } from '../../src/messages/en';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface PlainKind extends Required<Omit<PlainItemDeclaration, 'messages'>> {
  /** The entity schema's title (its component name). */
  schema: string;
  messages: { notFound: string; nameTaken: string };
  operations: Partial<Record<PlainCall, string>>;
}

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refTo = (schema: Json | undefined): string | undefined => {
  const ref = isObject(schema) ? schema.$ref : undefined;
  return typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined;
};

/** The `x-item` kinds of the bundled contract with their operations; throws on a declaration that does not add up. */
export function plainKindsOf(openapi: JsonObject): PlainKind[] {
  const components = (openapi.components as JsonObject).schemas as JsonObject;
  const kinds = new Map<string, PlainKind>();
  const fail = (message: string): never => {
    throw new Error(`codegen: ${message}`);
  };
  for (const [title, schema] of Object.entries(components)) {
    if (!isObject(schema) || !isObject(schema['x-item'])) continue;
    const item = schema['x-item'] as unknown as PlainItemDeclaration;
    if (kinds.has(item.kind)) fail(`two schemas declare the item kind "${item.kind}"`);
    const properties = (schema.properties ?? {}) as JsonObject;
    const idField = item.idField ?? 'Guid';
    const nameField = item.nameField ?? 'Name';
    for (const field of [idField, nameField, ...(item.search ?? []), ...Object.keys(item.refs ?? {})])
      if (!(field in properties))
        fail(`${title} x-item names "${field}", which is not one of its properties`);
    for (const key of Object.values(item.messages ?? {}))
      if (!Object.hasOwn(en, key))
        fail(`${title} x-item names the message "${key}", which the catalogue lacks`);
    kinds.set(item.kind, {
      kind: item.kind,
      schema: title,
      label: item.label,
      title: item.title,
      description: item.description,
      route: item.route,
      menu: item.menu,
      area: item.area,
      // In the table's order, whatever the declaration's.
      actions: plainActions.filter((action) => (item.actions ?? plainActions).includes(action)),
      idField,
      nameField,
      search: item.search ?? [nameField],
      refs: item.refs ?? {},
      messages: {
        notFound: item.messages?.notFound ?? 'notFound.item',
        nameTaken: item.messages?.nameTaken ?? 'item.nameTaken',
      },
      operations: {},
    });
  }
  for (const [route, pathItem] of Object.entries(openapi.paths as JsonObject)) {
    for (const [method, operation] of Object.entries(pathItem as JsonObject)) {
      if (!isObject(operation) || operation['x-item-kind'] === undefined) continue;
      const id = String(operation.operationId);
      const kind = kinds.get(String(operation['x-item-kind']));
      const call = operation['x-item-call'] as PlainCall;
      if (!kind)
        fail(`${id} is x-item-kind "${operation['x-item-kind']}", which no schema's x-item declares`);
      if (!plainCalls.includes(call)) fail(`${id} needs x-item-call, one of ${plainCalls.join(', ')}`);
      if (kind!.operations[call])
        fail(`${id} and ${kind!.operations[call]} are both the ${call} of ${kind!.kind}`);
      const expected = { list: 'get', get: 'get', save: 'post', delete: 'delete' }[call];
      if (method !== expected) fail(`${id}, the ${call} of ${kind!.kind}, must be ${expected.toUpperCase()}`);
      if ((call === 'get' || call === 'delete') && !route.endsWith('/{guid}'))
        fail(`${id}, the ${call} of ${kind!.kind}, takes the item's {guid} in its path`);
      if (call === 'save') {
        const body = ((operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined)?.[
          'application/json'
        ] as JsonObject | undefined;
        if (refTo(body?.schema) !== kind!.schema)
          fail(`${id}, the save of ${kind!.kind}, takes a ${kind!.schema}`);
      }
      // A call on the kind's own area must need an action its roles can hold (Upsert and Delete imply
      // Read), or no one but an administrator could make it.
      const permission = operation['x-permission'];
      if (isObject(permission) && permission.area === kind!.area) {
        const held = new Set<string>(kind!.actions);
        if (held.has('Upsert') || held.has('Delete')) held.add('Read');
        if (!held.has(String(permission.action)))
          fail(
            `${id} needs ${permission.area} ${permission.action}, which no role holds: ${kind!.kind}'s x-item actions are ${kind!.actions.join(', ')}`,
          );
      }
      kind!.operations[call] = id;
    }
  }
  for (const kind of kinds.values())
    for (const call of ['list', 'get', 'save'] as const)
      if (!kind.operations[call])
        fail(`the item kind ${kind.kind} has no operation with x-item-call: ${call}`);
  return [...kinds.values()];
}

/** Adds the plain kinds to the ItemKind component's enum, which lists the others (schemas/audit). */
export function withPlainItemKinds(components: JsonObject, kinds: readonly PlainKind[]): void {
  const itemKind = components.ItemKind;
  if (!isObject(itemKind) || !Array.isArray(itemKind.enum))
    throw new Error('codegen: ItemKind needs an enum');
  for (const kind of kinds) {
    if (itemKind.enum.includes(kind.kind))
      throw new Error(`codegen: ${kind.kind} is declared by x-item; remove it from ItemKind's enum`);
    itemKind.enum.push(kind.kind);
  }
}

export function plainKindsModule(kinds: readonly PlainKind[]): string {
  const table = Object.fromEntries(kinds.map((kind) => [kind.kind, kind]));
  return `// Generated by scripts/codegen.ts from the x-item declarations of the entity schemas and the
// x-item-kind operations of the contract (src/domain/plainItems.ts). Do not edit.
export const plainKinds = ${JSON.stringify(table, null, 2)} as const;
`;
}
