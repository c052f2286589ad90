import { DEMO_CONNECTION_GUID } from '../../connections/connectionKind';
import type { DemoSeed } from '../seed';

/** Demo function lists on the demo connection (spec part 1 §7 'Shared lookups'). */
export const demoFunctionLists = [
  {
    guid: '5c1e2d3f-4a5b-4c6d-8e7f-901a2b3c4d01',
    name: 'Customers',
    description: 'Customers of the demo schema, by id.',
    fields: [
      { Name: 'CustomerId', Type: 'Number', Validation: { Required: true } },
      { Name: 'CustomerGuid', Type: 'Guid' },
      { Name: 'CustomerName', Type: 'String', Validation: { Max: 100 } },
      { Name: 'Country', Type: 'String', Validation: { Max: 2 } },
      { Name: 'CreditLimit', Type: 'Decimal' },
    ],
  },
  {
    guid: '5c1e2d3f-4a5b-4c6d-8e7f-901a2b3c4d02',
    name: 'OrderStatuses',
    description: 'The states an order can be in.',
    fields: [
      { Name: 'Code', Type: 'Number', Validation: { Required: true } },
      { Name: 'Status', Type: 'String', Validation: { Max: 20 } },
      { Name: 'IsFinal', Type: 'Boolean' },
      { Name: 'Since', Type: 'DateOnly' },
    ],
  },
];

const seedFunctionLists: DemoSeed = async (db) => {
  for (const list of demoFunctionLists) {
    await db.query(
      `insert into function_lists (guid, name, conn_guid, description, fields) values ($1, $2, $3, $4, $5)
       on conflict (guid) do nothing`,
      [list.guid, list.name, DEMO_CONNECTION_GUID, list.description, JSON.stringify(list.fields)],
    );
  }
};

export default seedFunctionLists;
