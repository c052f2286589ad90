import { DEMO_CONNECTION_GUID } from '../../connections/connectionKind';
import { ItemStore } from '../../items/itemStore';
import { methodKind } from '../../methods/methodKind';
import type { DemoSeed } from '../seed';

const GET_CUSTOMER = '8e3fa021-2b3c-4d4e-9f50-6b7c8d9e0f01';

/** A published method wrapping demo.get_customer, so the builders that pick methods have one. */
const seedMethods: DemoSeed = async (db) => {
  const items = new ItemStore(db);
  if (await items.find(methodKind, GET_CUSTOMER, DEMO_CONNECTION_GUID)) return;
  await items.save(
    methodKind,
    {
      Guid: GET_CUSTOMER,
      Name: 'GetCustomer',
      Description: 'One customer by id.',
      Type: 'Stored Procedure',
      FlowConnectionGuid: DEMO_CONNECTION_GUID,
      IsSp: true,
      IsRead: true,
      FullOutput: false,
      Script: 'demo.get_customer',
      IsPublished: true,
      Input: [{ Name: 'p_id', Type: 'Number', Validation: { Required: true } }],
      Output: [
        { Name: 'id', Type: 'Number' },
        { Name: 'guid', Type: 'Guid' },
        { Name: 'name', Type: 'String', Validation: { Max: 100 } },
        { Name: 'email', Type: 'String', Validation: { Max: 254 } },
        { Name: 'country', Type: 'String', Validation: { Max: 2 } },
        { Name: 'credit_limit', Type: 'Decimal' },
        { Name: 'is_active', Type: 'Boolean' },
        { Name: 'created', Type: 'DateTime' },
      ],
    },
    { scope: DEMO_CONNECTION_GUID, by: 'seed', now: Date.now() / 1000 },
  );
};

export default seedMethods;
