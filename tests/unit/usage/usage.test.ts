import { describe, expect, it } from 'vitest';
import type { Body, Lookup, UsageItem, UsageKind } from '../../../server/usage/types';
import { breaks, whereUsed } from '../../../server/usage/usage';

/**
 * Where used and the impact check (issue 10 point 1), on the stored shapes of spec part 1 §3 and
 * part 2 §3: which items use an item, and which published ones a delete or a new version would break.
 */

const CONNECTION = 'c0000000-0000-4000-8000-000000000001';
const API = 'a0000000-0000-4000-8000-000000000001';
const CUSTOMER = 'd0000000-0000-4000-8000-000000000001';
const ORDER = 'd0000000-0000-4000-8000-000000000002';
const METHOD = 'e0000000-0000-4000-8000-000000000001';
const COMPOSED = 'f0000000-0000-4000-8000-000000000001';

const customer = (
  elements = [
    { Name: 'Id', Type: 'Guid', IsKey: true },
    { Name: 'Name', Type: 'String' },
    { Name: 'Credit', Type: 'Decimal' },
  ],
): Body => ({
  Guid: CUSTOMER,
  Name: 'Customer',
  Type: 'List',
  FlowConnectionGuid: CONNECTION,
  Elements: elements,
});

const method = (output = [{ Name: 'Total', Type: 'Decimal' }]): Body => ({
  Guid: METHOD,
  Name: 'order_total',
  Input: [{ Name: 'OrderId', Type: 'Guid' }],
  Output: output,
});

/** A flow with one READ block on `action` (spec part 2 §3 'Block': read config action, mapping, output). */
const readFlow = (action: Body, extra: Body = {}): Body => ({
  Name: 'customers/credit',
  HttpMethod: 'GET',
  Api: API,
  Flow: {
    Blocks: [
      {
        Type: 'read',
        Guid: 'b1',
        Config: {
          Action: { FlowConnectionGuid: CONNECTION, ...action },
          Mapping: [{ From: 'customerId', To: 'Id' }],
          Filters: [{ Rules: [{ Name: 'Name', Operator: 'isSet' }] }],
          Sorting: [{ Name: 'Name', Direction: 'ASC' }],
          ...extra,
        },
        Output: [{ Name: 'Credit', Alias: 'credit' }],
      },
    ],
  },
});

const flow = (body: Body, state: 'published' | 'draft' | 'both' = 'published'): UsageItem => ({
  kind: 'flow',
  guid: 'f1',
  name: 'GET customers/credit',
  scope: null,
  draft: state === 'published' ? null : body,
  published: state === 'draft' ? null : body,
  versions: { published: 'v-published', draft: 'v-draft' },
});

const item = (
  kind: UsageKind,
  guid: string,
  name: string,
  body: Body,
  state: 'published' | 'draft' = 'published',
  scope: string | null = CONNECTION,
): UsageItem => ({ kind, guid, name, scope, draft: body, published: state === 'published' ? body : null });

const composed: Body = {
  Guid: COMPOSED,
  Name: 'CustomerOrders',
  Document: {
    Guid: CUSTOMER,
    Method: 'read',
    Childs: [{ ChildName: 'Orders', Guid: ORDER, Method: 'read', KeyField: 'Id', ChildField: 'CustomerId' }],
  },
};

const lookupOf =
  (...items: UsageItem[]): Lookup =>
  (kind, guid) =>
    items.find((entry) => entry.kind === kind && entry.guid === guid)?.published ?? undefined;

const target = (kind: UsageKind, guid: string, ...names: string[]) => ({ kind, guid, names });
const users = (found: ReturnType<typeof whereUsed>) =>
  found.map(
    (usage) =>
      `${usage.item.kind} ${usage.item.name} ${usage.state}${usage.via ? ` via ${usage.via.name}` : ''}`,
  );

describe('where used (issue 10 point 1)', () => {
  it.each<[string, UsageItem[], ReturnType<typeof target>, string[]]>([
    [
      'a published flow whose READ block calls the document (part 2 §3 "Block": read config action)',
      [flow(readFlow({ Guid: CUSTOMER, Type: 'Document' }))],
      target('document', CUSTOMER),
      ['flow GET customers/credit published'],
    ],
    [
      'a flow whose only version using it is its draft',
      [flow(readFlow({ Guid: CUSTOMER, Type: 'Document' }), 'draft')],
      target('document', CUSTOMER),
      ['flow GET customers/credit draft'],
    ],
    [
      'a composed document: root and child documents (part 2 §3 "Composed document")',
      [item('composedDocument', COMPOSED, 'CustomerOrders', composed)],
      target('document', ORDER),
      ['composedDocument CustomerOrders published'],
    ],
    [
      'an action document with a method action (part 2 §3 "Action document": type Document or Method)',
      [
        item('actionDocument', 'ad1', 'TotalOrder', {
          Action: { Guid: METHOD, Type: 'Method', Name: 'order_total' },
        }),
      ],
      target('method', METHOD),
      ['actionDocument TotalOrder published'],
    ],
    [
      'a document that references it (part 2 §3 "Document": references name, guid, key, child)',
      [
        item(
          'document',
          ORDER,
          'Order',
          { References: [{ Guid: CUSTOMER, Key: 'Id', Child: 'CustomerId' }] },
          'draft',
        ),
      ],
      target('document', CUSTOMER),
      ['document Order draft'],
    ],
    [
      "a document field's reference validation (part 2 §3 wire form Validation.Document.Reference)",
      [
        item('document', ORDER, 'Order', {
          Elements: [
            {
              Name: 'CustomerId',
              Validation: { Document: { Reference: { DocumentGuid: CUSTOMER, MappingField: 'Id' } } },
            },
          ],
        }),
      ],
      target('document', CUSTOMER),
      ['document Order published'],
    ],
    [
      'a metadata document naming it in a DocumentType element, by name (part 1 §3 "Metadata document": document)',
      [
        item(
          'metadata',
          'm2',
          'Invoice',
          { Elements: [{ Name: 'Buyer', Type: 'DocumentType', Document: 'address' }] },
          'published',
          null,
        ),
      ],
      target('metadata', 'm1', 'Address'),
      ['metadata Invoice published'],
    ],
    [
      'items on a connection, and flows calling its actions (issue 10 point 1: a connection in everything on it)',
      [item('method', METHOD, 'order_total', method()), flow(readFlow({ Guid: CUSTOMER, Type: 'Document' }))],
      target('connection', CONNECTION),
      ['flow GET customers/credit published', 'method order_total published'],
    ],
    [
      'a flow of the REST API (part 2 §3 "Flow": api)',
      [flow(readFlow({ Guid: CUSTOMER, Type: 'Document' }))],
      target('restApi', API),
      ['flow GET customers/credit published'],
    ],
    [
      'a flow reading a composed document whose root it is: named with the item it goes through',
      [
        flow(readFlow({ Guid: COMPOSED, Type: 'ComposedDocument', Name: 'CustomerOrders' })),
        item('composedDocument', COMPOSED, 'CustomerOrders', composed),
      ],
      target('document', CUSTOMER),
      ['composedDocument CustomerOrders published', 'flow GET customers/credit published via CustomerOrders'],
    ],
    [
      'control: an unrelated item and the item itself are not users',
      [
        item('document', CUSTOMER, 'Customer', customer()),
        item('method', METHOD, 'order_total', method(), 'published', 'c0000000-0000-4000-8000-000000000009'),
      ],
      target('document', CUSTOMER),
      [],
    ],
  ])('%s', (_case, items, wanted, expected) => {
    expect(users(whereUsed(wanted, items, lookupOf(...items)))).toEqual(expected);
  });
});

const reasons = (found: ReturnType<typeof breaks>) =>
  found.map(
    (entry) =>
      `${entry.item.kind} ${entry.reason}${entry.params.field ? ` ${entry.params.field}` : ''}${entry.params.to ? ` → ${entry.params.to}` : ''}${entry.via ? ` via ${entry.via.name}` : ''}`,
  );

describe('impact of a publish or delete on published users (issue 10 point 1)', () => {
  const readsCustomer = flow(readFlow({ Guid: CUSTOMER, Type: 'Document' }));
  it.each<
    [
      string,
      { kind: UsageKind; guid: string; names: string[]; afterName?: string },
      Body | null,
      Body | null,
      UsageItem[],
      string[],
    ]
  >([
    [
      'deleting a document a published flow reads',
      target('document', CUSTOMER, 'Customer'),
      customer(),
      null,
      [readsCustomer],
      ['flow impact.reason.deleted'],
    ],
    [
      'deleting a document only a draft flow reads breaks nothing: drafts are checked when published',
      target('document', CUSTOMER, 'Customer'),
      customer(),
      null,
      [flow(readFlow({ Guid: CUSTOMER, Type: 'Document' }), 'draft')],
      [],
    ],
    [
      'removing a field the published flow outputs (part 2 §5 Read: "Output fields exist")',
      target('document', CUSTOMER, 'Customer'),
      customer(),
      customer([
        { Name: 'Id', Type: 'Guid' },
        { Name: 'Name', Type: 'String' },
      ]),
      [readsCustomer],
      ['flow impact.reason.fieldRemoved Credit'],
    ],
    [
      'retyping a field the published flow maps into (part 2 §5 "Mapping and comparison": types must match)',
      target('document', CUSTOMER, 'Customer'),
      customer(),
      customer([
        { Name: 'Id', Type: 'String' },
        { Name: 'Name', Type: 'String' },
        { Name: 'Credit', Type: 'Decimal' },
      ]),
      [readsCustomer],
      ['flow impact.reason.fieldRetyped Id → String'],
    ],
    [
      'retyping a field it filters and sorts on is one break per field',
      target('document', CUSTOMER, 'Customer'),
      customer(),
      customer([
        { Name: 'Id', Type: 'Guid' },
        { Name: 'Name', Type: 'Text' },
        { Name: 'Credit', Type: 'Decimal' },
      ]),
      [readsCustomer],
      ['flow impact.reason.fieldRetyped Name → Text'],
    ],
    [
      'control: a field name changed only in case, and a field nobody uses removed, break nothing',
      target('document', CUSTOMER, 'Customer'),
      customer([
        { Name: 'Id', Type: 'Guid' },
        { Name: 'Name', Type: 'String' },
        { Name: 'Credit', Type: 'Decimal' },
        { Name: 'Note', Type: 'Text' },
      ]),
      customer([
        { Name: 'ID', Type: 'guid' },
        { Name: 'Name', Type: 'String' },
        { Name: 'Credit', Type: 'Decimal' },
      ]),
      [readsCustomer],
      [],
    ],
    [
      'a field the published version did not have either is not this change’s doing',
      target('document', CUSTOMER, 'Customer'),
      customer([
        { Name: 'Id', Type: 'Guid' },
        { Name: 'Name', Type: 'String' },
      ]),
      customer([
        { Name: 'Id', Type: 'Guid' },
        { Name: 'Name', Type: 'String' },
      ]),
      [readsCustomer],
      [],
    ],
    [
      'removing a method output a published flow reads (part 1 §3 "Method": input list and output list)',
      target('method', METHOD, 'order_total'),
      method(),
      method([]),
      [
        flow(
          readFlow(
            { Guid: METHOD, Type: 'Method' },
            { Mapping: [{ From: 'x', To: 'OrderId' }], Filters: [], Sorting: [] },
          ),
        ),
      ].map((entry) => ({
        ...entry,
        published: {
          ...entry.published!,
          Flow: {
            Blocks: [
              {
                ...(entry.published!.Flow as { Blocks: Body[] }).Blocks[0]!,
                Output: [{ Name: 'Total', Alias: 'total' }],
              },
            ],
          },
        },
      })),
      ['flow impact.reason.fieldRemoved Total'],
    ],
    [
      'renaming a metadata document others name in a DocumentType element (part 1 §5: a chosen, published metadata document)',
      { ...target('metadata', 'm1', 'Address'), afterName: 'PostalAddress' },
      { Name: 'Address', Elements: [] },
      { Name: 'PostalAddress', Elements: [] },
      [
        item(
          'metadata',
          'm2',
          'Invoice',
          { Elements: [{ Name: 'Buyer', Type: 'DocumentType', Document: 'Address' }] },
          'published',
          null,
        ),
      ],
      ['metadata impact.reason.renamed → PostalAddress'],
    ],
    [
      "removing a composed document child's key field (part 2 §5 'Composed document': child field and key field are set)",
      target('document', CUSTOMER, 'Customer'),
      customer(),
      customer([
        { Name: 'Name', Type: 'String' },
        { Name: 'Credit', Type: 'Decimal' },
      ]),
      [item('composedDocument', COMPOSED, 'CustomerOrders', composed)],
      ['composedDocument impact.reason.fieldRemoved Id'],
    ],
    [
      "removing an action document's required field (part 2 §5 'Action document': required field names must exist)",
      target('document', CUSTOMER, 'Customer'),
      customer(),
      customer([
        { Name: 'Id', Type: 'Guid' },
        { Name: 'Name', Type: 'String' },
      ]),
      [
        item('actionDocument', 'ad1', 'SaveCustomer', {
          Action: { Guid: CUSTOMER, Type: 'Document', Required: ['Credit'] },
        }),
      ],
      ['actionDocument impact.reason.fieldRemoved Credit'],
    ],
    [
      "retyping the key another document's reference points at (part 2 §5 'Document': the key must match)",
      target('document', CUSTOMER, 'Customer'),
      customer(),
      customer([
        { Name: 'Id', Type: 'Number' },
        { Name: 'Name', Type: 'String' },
        { Name: 'Credit', Type: 'Decimal' },
      ]),
      [
        item('document', ORDER, 'Order', {
          References: [{ Guid: CUSTOMER, Key: 'Id', Child: 'CustomerId' }],
        }),
      ],
      ['document impact.reason.fieldRetyped Id → Number'],
    ],
    [
      'removing a root document field a published flow reads through a composed document',
      target('document', CUSTOMER, 'Customer'),
      customer(),
      customer([
        { Name: 'Id', Type: 'Guid' },
        { Name: 'Name', Type: 'String' },
      ]),
      [
        flow(readFlow({ Guid: COMPOSED, Type: 'ComposedDocument', Name: 'CustomerOrders' })),
        item('composedDocument', COMPOSED, 'CustomerOrders', composed),
      ],
      ['flow impact.reason.fieldRemoved Credit via CustomerOrders'],
    ],
    [
      'deleting a REST API a published flow belongs to',
      target('restApi', API, 'orders_api'),
      null,
      null,
      [readsCustomer],
      ['flow impact.reason.deleted'],
    ],
    [
      'deleting a connection a published method belongs to, while its draft method does not count',
      target('connection', CONNECTION, 'Demo'),
      null,
      null,
      [
        item('method', METHOD, 'order_total', method()),
        item('method', 'e2', 'draft_only', method(), 'draft'),
      ],
      ['method impact.reason.deleted'],
    ],
  ])('%s', (_case, wanted, before, after, items, expected) => {
    expect(reasons(breaks(wanted, before, after, items, lookupOf(...items)))).toEqual(expected);
  });
});
