import { normalizeDocument } from '../../../src/domain/documents/normalizeDocument';
import { documentRules } from '../../../src/domain/documents/rules';
import { insertBlock, newFlowGraph, updateBlock } from '../../../src/domain/flow/graph';
import type { FlowGraph } from '../../../src/domain/flow/types';
import { DEMO_CONNECTION_GUID } from '../../connections/connectionKind';
import { sendMail } from '../../connectors/internal/sendMail';
import type { Db } from '../../db/database';
import { recordDatabase, requireConnection } from '../../documents/connection';
import { defaultValueTypes, publishedDocuments } from '../../documents/context';
import { documentKind } from '../../documents/kinds';
import { migrateRecordTable, qualifiedTable } from '../../documents/recordTable';
import { saveBuilderItem } from '../../documents/saveBuilderItem';
import { FlowStore } from '../../flows/flowStore';
import { type ItemKind, ItemStore } from '../../items/itemStore';
import type { DemoSeed } from '../seed';

/**
 * Flow Builder demo data: functions (this area's own table; connector methods are declared by their kinds,
 * server/connectors/), and two
 * published, active flows the runtime answers (server/runtime/, README 'Flows answer calls'): a GET flow
 * using READ, CHECK and RESULT over the customers of FlowDemoCustomer, and a POST flow with ADD, EXTERNAL
 * and WRITE into FlowDemoNotification. A REST API is added only when no other builder's demo data brought
 * one, so the flows have something to belong to. A third flow, errors/record, is that REST API's error
 * flow (issue 32 point 5): it writes each failed call into FlowDemoFailure.
 */

const ids = {
  api: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a01',
  document: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a02',
  notifications: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a03',
  failures: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a04',
  getFlow: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a10',
  postFlow: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a11',
  errorFlow: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a12',
  fullName: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a30',
  vat: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a31',
  reference: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a32',
  today: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a33',
};

const kind = (name: string): ItemKind => ({
  kind: name,
  idField: 'Guid',
  nameField: 'Name',
  notFound: 'notFound.item',
  nameTaken: 'notFound.item',
});

const functions = [
  {
    guid: ids.fullName,
    name: 'FullName',
    description: 'First and last name joined with a space.',
    input: [
      { Name: 'first', Type: 'String', Validation: { Required: true } },
      { Name: 'last', Type: 'String', Validation: { Required: false } },
    ],
    output: 'String',
  },
  {
    guid: ids.vat,
    name: 'AddVat',
    description: 'An amount with 21% VAT added.',
    input: [{ Name: 'amount', Type: 'Decimal', Validation: { Required: true } }],
    output: 'Decimal',
  },
  {
    guid: ids.reference,
    name: 'NewReference',
    description: 'A new order reference.',
    input: [],
    output: 'String',
  },
  { guid: ids.today, name: 'Today', description: 'Today’s date.', input: [], output: 'DateOnly' },
];

/** The functions flow blocks call: the platform's catalogue, not definitions (connectors are declared in server/connectors/). */
export async function seedLookups(db: Db) {
  for (const fn of functions)
    await db.query(
      `insert into flow_functions (guid, name, description, conn_guid, conn_name, input, output_type)
       values ($1, $2, $3, $4, 'DemoDatabase', $5, $6) on conflict (guid) do nothing`,
      [fn.guid, fn.name, fn.description, DEMO_CONNECTION_GUID, JSON.stringify(fn.input), fn.output],
    );
}

interface DemoDocument {
  guid: string;
  name: string;
  description: string;
  elements: Array<Record<string, unknown>>;
}

/** The documents the demo flows read and write, each on the demo connection. */
const customerDocument: DemoDocument = {
  guid: ids.document,
  name: 'FlowDemoCustomer',
  description: 'Customers the demo flows read.',
  elements: [
    { Name: 'Id', Type: 'Guid', IsKey: true, IsUpdatable: false, Validation: { IsRequired: true } },
    { Name: 'Name', Type: 'String', IsUpdatable: true, Validation: { IsRequired: true, MaxLength: 100 } },
    { Name: 'Email', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 200 } },
    { Name: 'Credit', Type: 'Decimal', IsUpdatable: true },
    { Name: 'Since', Type: 'DateTime', IsUpdatable: true },
  ],
};

const notificationDocument: DemoDocument = {
  guid: ids.notifications,
  name: 'FlowDemoNotification',
  description: 'Order notifications the demo flow orders/notify writes.',
  elements: [
    {
      Name: 'Reference',
      Type: 'String',
      IsKey: true,
      IsUpdatable: false,
      Validation: { IsRequired: true, MaxLength: 40 },
    },
    { Name: 'Email', Type: 'String', IsUpdatable: true, Validation: { IsRequired: true, MaxLength: 200 } },
    { Name: 'Gross', Type: 'Decimal', IsUpdatable: true },
    { Name: 'SentAt', Type: 'DateTime', IsUpdatable: true },
  ],
};

/** The failed calls of the demo REST API, as its error flow errors/record writes them (issue 32 point 5). */
const failureDocument: DemoDocument = {
  guid: ids.failures,
  name: 'FlowDemoFailure',
  description: 'Failed calls of the demo REST API, written by its error flow errors/record.',
  elements: [
    {
      Name: 'ExecutionId',
      Type: 'Longnumber',
      IsKey: true,
      IsUpdatable: false,
      Validation: { IsRequired: true },
    },
    { Name: 'FlowName', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 200 } },
    { Name: 'Version', Type: 'Number', IsUpdatable: true },
    { Name: 'ErrorCode', Type: 'String', IsUpdatable: true, Validation: { MaxLength: 200 } },
    { Name: 'Message', Type: 'Text', IsUpdatable: true },
    { Name: 'At', Type: 'DateTime', IsUpdatable: true },
  ],
};

/** The guids of the demo's error flow and of the document it writes (tests, README). */
export const demoErrorFlow = { flow: ids.errorFlow, document: ids.failures, documentName: 'FlowDemoFailure' };

/** The demo flow GET customers/credit (tests, the bench). */
export const demoCreditFlow = ids.getFlow;

/** Demo customers of customers/credit: one within its credit range (0 to 10,000) and one beyond it. */
export const demoFlowCustomers = {
  inRange: {
    Id: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f6001',
    Name: 'Northwind Traders',
    Email: 'orders@northwind.example',
    Credit: '1500.00',
  },
  outOfRange: {
    Id: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f6002',
    Name: 'Contoso Ltd',
    Email: 'buying@contoso.example',
    Credit: '25000.00',
  },
};

/** Saves and publishes one demo document through the Document Builder's path (rules, records table). */
async function seedDocument(db: Db, items: ItemStore, document: DemoDocument, now: number) {
  if (await items.find(kind('document'), document.guid, DEMO_CONNECTION_GUID)) return;
  const connection = await requireConnection(items, DEMO_CONNECTION_GUID);
  const body = normalizeDocument({
    Guid: document.guid,
    Name: document.name,
    Type: 'List',
    FlowConnectionGuid: DEMO_CONNECTION_GUID,
    Description: document.description,
    IsPublished: true,
    References: [],
    Elements: document.elements as never,
  });
  await saveBuilderItem({
    db,
    kind: documentKind,
    area: 'DocumentBuilder',
    connection: DEMO_CONNECTION_GUID,
    guid: document.guid,
    body: body as unknown as Record<string, unknown>,
    principal: null,
    now,
    mismatch: 'db.validation.pathMismatch',
    rules: async () =>
      documentRules(body, {
        documents: await publishedDocuments(items, DEMO_CONNECTION_GUID),
        defaultValueTypes: await defaultValueTypes(db),
      }),
    inTransaction: async (tx) => {
      const target = recordDatabase(connection, tx);
      if (target) await migrateRecordTable(target, body);
    },
  });
}

/** The first REST API, made when none exists, and this module's demo documents with the customers. */
async function seedTargets(db: Db): Promise<{ api: string }> {
  const items = new ItemStore(db);
  const stamp = { by: 'seed', now: Date.now() / 1000 };
  const [api] = await db.query<{ guid: string }>(
    "select guid::text as guid from items where kind = 'restApi' order by created limit 1",
  );
  let apiGuid = api?.guid;
  if (!apiGuid) {
    await items.save(
      kind('restApi'),
      {
        Guid: ids.api,
        Name: 'flow_demo_api',
        Description: 'REST API of the demo flows.',
        IsActive: true,
        IsPublished: true,
      },
      stamp,
    );
    apiGuid = ids.api;
  }
  // The demo flows read and write fields this module knows, so they use documents of their own.
  await seedDocument(db, items, customerDocument, stamp.now);
  await seedDocument(db, items, notificationDocument, stamp.now);
  await seedDocument(db, items, failureDocument, stamp.now);
  for (const customer of Object.values(demoFlowCustomers))
    await db.query(
      `insert into ${qualifiedTable(ids.document)} ("Id", "Name", "Email", "Credit", "Since")
       values ($1, $2, $3, $4, '2024-01-01T00:00:00') on conflict do nothing`,
      [customer.Id, customer.Name, customer.Email, customer.Credit],
    );
  return { api: apiGuid };
}

const counter = (prefix: string) => {
  let next = 0;
  return () => `${prefix}${String(++next).padStart(4, '0')}`;
};

/** START(customerId) → READ customer → CHECK credit between 0 and 10000 (else ERROR) → RESULT → CLOSE. */
function customerFlow(document: DemoDocument): FlowGraph {
  const newGuid = counter('7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f');
  let graph = newFlowGraph({ isScript: false, newGuid });
  const start = graph.StartBlock!;
  const result = graph.ResultBlock!;
  graph = updateBlock(graph, start, (block) => ({
    ...block,
    Config: { Fields: [{ Name: 'customerId', Type: 'Guid', Validation: { IsRequired: true } }] },
  }));
  const read = insertBlock(graph, { from: start, to: result, exit: 'Out' }, 'read', { newGuid });
  graph = updateBlock(read.graph, read.guid, (block) => ({
    ...block,
    Config: {
      ...block.Config,
      Action: {
        Guid: document.guid,
        Name: document.name,
        Type: 'Document',
        FlowConnectionGuid: DEMO_CONNECTION_GUID,
        IsRead: true,
      },
      Mapping: [{ From: 'customerId', To: 'Id', Required: true, IsKey: true }],
      FirstMatch: true,
    },
    Output: [
      { Name: 'Name', Alias: 'customerName', Type: 'String', Validation: { MaxLength: 100 } },
      { Name: 'Credit', Alias: 'credit', Type: 'Decimal' },
    ],
  }));
  const check = insertBlock(graph, { from: read.guid, to: result, exit: 'Out' }, 'check', {
    newGuid,
    falseExit: 'error',
  });
  graph = updateBlock(check.graph, check.guid, (block) => ({
    ...block,
    Config: {
      Groups: [
        {
          Rules: [
            {
              Name: 'credit',
              ValueType: 'Decimal',
              Operator: 'between',
              RuleType: 'Static',
              Values: [{ Value: 0 }, { Value: 10000 }],
            },
          ],
        },
      ],
    },
  }));
  const error = graph.Blocks!.find((block) => block.Guid === check.guid)!.False![0]!;
  graph = updateBlock(graph, error, (block) => ({
    ...block,
    Config: { ErrorCode: 'CREDIT_OUT_OF_RANGE', ErrorMessage: 'Credit is out of range' },
  }));
  return updateBlock(graph, result, (block) => ({
    ...block,
    Output: [
      { Name: 'customerName', Alias: 'name', Type: 'String' },
      { Name: 'credit', Alias: 'credit', Type: 'Decimal' },
    ],
  }));
}

/**
 * START(email, amount) → ADD (reference, gross, sentAt) → EXTERNAL SendMail → WRITE the notification into
 * FlowDemoNotification → RESULT (full output) → CLOSE.
 */
function notifyFlow(): FlowGraph {
  const newGuid = counter('7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4e');
  let graph = newFlowGraph({ isScript: false, newGuid });
  const start = graph.StartBlock!;
  const result = graph.ResultBlock!;
  graph = updateBlock(graph, start, (block) => ({
    ...block,
    Config: {
      Fields: [
        { Name: 'email', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
        { Name: 'amount', Type: 'Decimal', Validation: { IsRequired: true } },
      ],
    },
  }));
  const add = insertBlock(graph, { from: start, to: result, exit: 'Out' }, 'add', { newGuid });
  graph = updateBlock(add.graph, add.guid, (block) => ({
    ...block,
    Config: {
      Fields: [
        {
          Name: 'reference',
          Type: 'String',
          AddType: 'Function',
          FunctionGuid: ids.reference,
          FunctionName: 'NewReference',
          Mapping: [],
        },
        {
          Name: 'gross',
          Type: 'Decimal',
          AddType: 'Function',
          FunctionGuid: ids.vat,
          FunctionName: 'AddVat',
          Mapping: [{ From: 'amount', To: 'amount' }],
        },
        { Name: 'sentAt', Type: 'DateTime', AddType: 'System', Value: 'CurrentDateTime' },
      ],
    },
  }));
  const external = insertBlock(graph, { from: add.guid, to: result, exit: 'Out' }, 'external', { newGuid });
  graph = updateBlock(external.graph, external.guid, (block) => ({
    ...block,
    Config: {
      MethodGuid: sendMail.Guid,
      MethodName: sendMail.Name,
      FlowConnectionGuid: DEMO_CONNECTION_GUID,
      ConnectionName: 'DemoDatabase',
      Mapping: [
        { From: 'email', To: 'to', Required: true },
        { From: 'reference', To: 'subject' },
      ],
    },
    Output: [{ Name: 'messageId', Alias: 'messageId', Type: 'String' }],
  }));
  const write = insertBlock(graph, { from: external.guid, to: result, exit: 'Out' }, 'write', { newGuid });
  graph = updateBlock(write.graph, write.guid, (block) => ({
    ...block,
    Config: {
      ...block.Config,
      Action: {
        Guid: notificationDocument.guid,
        Name: notificationDocument.name,
        Type: 'Document',
        FlowConnectionGuid: DEMO_CONNECTION_GUID,
        IsRead: false,
      },
      Mapping: [
        { From: 'reference', To: 'Reference', Required: true, IsKey: true },
        { From: 'email', To: 'Email', Required: true },
        { From: 'gross', To: 'Gross' },
        { From: 'sentAt', To: 'SentAt' },
      ],
    },
    Output: [],
  }));
  return updateBlock(graph, result, (block) => ({ ...block, Config: { ...block.Config, FullOutput: true } }));
}

/**
 * START(FlowName, Version, ErrorCode, Message, ExecutionId, At: what a REST API's error flow receives) →
 * WRITE the failure into FlowDemoFailure, keyed by the failed execution's id → RESULT → CLOSE.
 */
function errorRecordFlow(): FlowGraph {
  const newGuid = counter('7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4d');
  let graph = newFlowGraph({ isScript: false, newGuid });
  const start = graph.StartBlock!;
  const result = graph.ResultBlock!;
  graph = updateBlock(graph, start, (block) => ({
    ...block,
    Config: {
      Fields: [
        { Name: 'FlowName', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
        { Name: 'Version', Type: 'Number' },
        { Name: 'ErrorCode', Type: 'String', Validation: { MaxLength: 200 } },
        { Name: 'Message', Type: 'Text' },
        { Name: 'ExecutionId', Type: 'Longnumber', Validation: { IsRequired: true } },
        { Name: 'At', Type: 'DateTime' },
      ],
    },
  }));
  const write = insertBlock(graph, { from: start, to: result, exit: 'Out' }, 'write', { newGuid });
  graph = updateBlock(write.graph, write.guid, (block) => ({
    ...block,
    Config: {
      ...block.Config,
      Action: {
        Guid: failureDocument.guid,
        Name: failureDocument.name,
        Type: 'Document',
        FlowConnectionGuid: DEMO_CONNECTION_GUID,
        IsRead: false,
      },
      Mapping: [
        { From: 'ExecutionId', To: 'ExecutionId', Required: true, IsKey: true },
        { From: 'FlowName', To: 'FlowName' },
        { From: 'Version', To: 'Version' },
        { From: 'ErrorCode', To: 'ErrorCode' },
        { From: 'Message', To: 'Message' },
        { From: 'At', To: 'At' },
      ],
    },
    Output: [],
  }));
  return updateBlock(graph, result, (block) => ({ ...block, Config: { ...block.Config, FullOutput: true } }));
}

/**
 * The demo REST API's error flow (issue 32 point 5), seeded on its own so a database seeded before it
 * existed gets it too, and named in the REST API's ErrorFlow unless that names one already.
 */
async function seedErrorFlow(db: Db, flows: FlowStore) {
  if (await flows.flowOf(ids.errorFlow)) return;
  const { api } = await seedTargets(db);
  const stamp = { by: 'seed', now: Date.now() / 1000 };
  if (await flows.exists({ name: 'errors/record', method: 'POST', api })) return;
  await flows.save(
    {
      Guid: ids.errorFlow,
      Name: 'errors/record',
      Description: 'The error flow of its REST API: writes each failed call into FlowDemoFailure.',
      HttpMethod: 'POST',
      Api: api,
      IsScript: false,
      Flow: errorRecordFlow(),
    },
    { ...stamp, publish: true, enable: true },
  );
  const items = new ItemStore(db);
  const restApi = await items.find(kind('restApi'), api);
  if (restApi && !restApi.ErrorFlow)
    await items.save(kind('restApi'), { ...restApi, ErrorFlow: ids.errorFlow }, stamp);
}

const seedFlows: DemoSeed = async (db) => {
  await seedLookups(db);
  const flows = new FlowStore(db);
  await seedErrorFlow(db, flows);
  if (await flows.flowOf(ids.getFlow)) return;
  const { api } = await seedTargets(db);
  const document = customerDocument;
  const stamp = { by: 'seed', now: Date.now() / 1000 };
  if (!(await flows.exists({ name: 'customers/credit', method: 'GET', api })))
    await flows.save(
      {
        Guid: ids.getFlow,
        Name: 'customers/credit',
        HttpMethod: 'GET',
        Api: api,
        IsScript: false,
        Flow: customerFlow(document),
      },
      { ...stamp, publish: true, enable: true },
    );
  if (!(await flows.exists({ name: 'orders/notify', method: 'POST', api })))
    await flows.save(
      {
        Guid: ids.postFlow,
        Name: 'orders/notify',
        HttpMethod: 'POST',
        Api: api,
        IsScript: false,
        Flow: notifyFlow(),
      },
      { ...stamp, publish: true, enable: true },
    );
};

export default seedFlows;
