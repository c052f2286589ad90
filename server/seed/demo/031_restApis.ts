import { randomUUID } from 'node:crypto';
import { restApiKind } from '../../areas/restApi';
import { ItemStore } from '../../items/itemStore';
import type { DemoSeed } from '../seed';

const DEMO_API_USER = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a01';
const DEMO_REST_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';

/**
 * An API user with the viewers' role and a REST API it may call. Its token is made at seed time, never a
 * fixed one, so no demo database shares a working credential with another.
 */
const seedRestApis: DemoSeed = async (db) => {
  const [existing] = await db.query('select 1 from api_users where guid = $1', [DEMO_API_USER]);
  if (!existing) {
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into api_users (guid, username, api_token, created_by, modified_by) values ($1, 'demo-importer', $2, 'seed', 'seed')`,
        [DEMO_API_USER, randomUUID()],
      );
      await tx.query(
        `insert into api_user_roles (api_user_guid, role_guid) select $1, guid from roles where name = 'Demo viewers'`,
        [DEMO_API_USER],
      );
    });
  }
  const items = new ItemStore(db);
  if (await items.find(restApiKind, DEMO_REST_API)) return;
  await items.save(
    restApiKind,
    {
      Guid: DEMO_REST_API,
      Name: 'orders_api',
      Description: 'Orders of the demo sales schema, as JSON.',
      ReturnType: 'Json',
      ApiAuthentication: 'ApiToken',
      IsActive: true,
      IsInternal: false,
      Users: [DEMO_API_USER],
      Settings: [{ Key: 'PageSize', Value: '50' }],
      IsPublished: true,
    },
    { by: 'seed', now: Date.now() / 1000 },
  );
};

export default seedRestApis;
