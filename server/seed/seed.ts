import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encrypt, type ServerKeys } from '../auth/keys';
import { hashPassword } from '../auth/passwords';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { platformModules } from './modules';
import { lastSeedFingerprint, rememberSeed, seedFingerprint } from './seedState';

const plainTypes = [
  'Boolean',
  'DateOnly',
  'DateTime',
  'Decimal',
  'Guid',
  'Longnumber',
  'Number',
  'String',
  'Text',
  'Password',
];

/** Default types and the field types each permits (spec part 1 §3 'Field types': setting DefaultValueTypes). */
const defaultValueTypes = [
  { Key: 'NewGuid', Value: 'New GUID', Types: ['Guid'] },
  { Key: 'CurrentDate', Value: 'Current date', Types: ['DateOnly', 'DateTime'] },
  { Key: 'CurrentDateTime', Value: 'Current date and time', Types: ['DateTime'] },
  { Key: 'CurrentUser', Value: 'Current user', Types: ['String', 'Text', 'Guid'] },
  { Key: 'StaticValue', Value: 'Static value', Types: plainTypes },
];

const lists: Array<{
  name: string;
  kind: 'list' | 'reference' | 'foreign';
  items: Array<{ Key: string; Value: string; Type?: string }>;
}> = [
  {
    name: 'SchemaTypes',
    kind: 'reference',
    items: [
      { Key: 'Input', Value: 'Input' },
      { Key: 'Output', Value: 'Output' },
      { Key: 'Message', Value: 'Message' },
      { Key: 'Configuration', Value: 'Configuration' },
    ],
  },
  {
    name: 'Countries',
    kind: 'reference',
    items: [
      { Key: 'NL', Value: 'Netherlands' },
      { Key: 'BE', Value: 'Belgium' },
      { Key: 'DE', Value: 'Germany' },
      { Key: 'GB', Value: 'United Kingdom' },
      { Key: 'US', Value: 'United States' },
    ],
  },
  {
    name: 'Currencies',
    kind: 'reference',
    items: [
      { Key: 'EUR', Value: 'Euro' },
      { Key: 'USD', Value: 'US dollar' },
      { Key: 'GBP', Value: 'Pound sterling' },
    ],
  },
  {
    name: 'Customers',
    kind: 'foreign',
    items: [
      { Key: '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', Value: 'Acme Corporation' },
      { Key: '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a02', Value: 'Globex' },
    ],
  },
  {
    name: 'Products',
    kind: 'foreign',
    items: [
      { Key: '6a1d2c4b-8e2f-4c1a-b7d3-5e9f0a1b2c01', Value: 'Widget' },
      { Key: '6a1d2c4b-8e2f-4c1a-b7d3-5e9f0a1b2c02', Value: 'Gadget' },
    ],
  },
  {
    name: 'ScriptTypes',
    kind: 'list',
    items: [
      { Key: 'Function', Value: 'Function' },
      { Key: 'Trigger', Value: 'Trigger' },
      { Key: 'Scheduled', Value: 'Scheduled job' },
      { Key: 'Connector', Value: 'Connector' },
    ],
  },
  {
    name: 'HttpMethods',
    kind: 'list',
    items: ['POST', 'GET', 'PUT', 'DELETE'].map((method) => ({ Key: method, Value: method, Type: 'String' })),
  },
];

/** A demo-data module of server/seed/demo/: runs at every seed (see seed()) and must be idempotent. */
export type DemoSeed = (db: Db, keys: ServerKeys, config: ServerConfig) => Promise<void>;

async function demoSeeds(): Promise<Array<[string, DemoSeed]>> {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo');
  const files = readdirSync(folder)
    .filter((file) => /\.(ts|js)$/.test(file) && !file.includes('.test.'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      // A relative template literal, so the server bundle (scripts/buildServer.ts) carries every module.
      const module = (await import(`./demo/${file}`)) as { default?: DemoSeed };
      if (!module.default) throw new Error(`server/seed/demo/${file} must default-export its seed function`);
      return [file, module.default] as [string, DemoSeed];
    }),
  );
}

/**
 * Demo data, written once: the administrator (created only while the database has no administrator and
 * no user has ADMIN_EMAIL; a changed password is kept), the platform's modules and their app links, settings and
 * lists. Later starts find it there and change nothing, so the data survives restarts; a restart of the same
 * server build with the same administrator skips the seed altogether (seedState.ts, issue 20 point 4).
 */
export async function seed(
  db: Db,
  keys: ServerKeys,
  config: ServerConfig,
  fingerprint = seedFingerprint(config),
  /** Without the builders' demo data: the platform alone, as a server to import definitions into starts. */
  options: { demo?: boolean } = {},
): Promise<void> {
  if (fingerprint && (await lastSeedFingerprint(db)) === fingerprint) return;
  await db.transaction(async (tx) => {
    // Only into a database with no administrator (issue 29 point 3): an administrator who changed its
    // e-mail, or any other administrator, means the platform has one; seeding ADMIN_EMAIL beside it
    // would open a second door with the published password.
    const [admin] = await tx.query('select 1 from users where is_admin and not is_deleted limit 1');
    const [taken] = await tx.query('select 1 from users where lower(email) = lower($1)', [
      config.admin.email,
    ]);
    if (!admin && !taken) {
      await tx.query(
        `insert into users (guid, email, first_name, last_name, gender_code, is_admin, password_hash, two_factor, two_factor_key, created_by, modified_by)
         values ($1, $2, 'Demo', 'Administrator', 'U', true, $3, true, $4, 'seed', 'seed')`,
        [
          randomUUID(),
          config.admin.email,
          await hashPassword(config.admin.password),
          encrypt(keys, config.admin.totpSecret),
        ],
      );
    }
    for (const [index, module] of platformModules().entries()) {
      await tx.query(
        'insert into client_modules (name, label, sort) values ($1, $2, $3) on conflict (name) do nothing',
        [module.name, module.label, index],
      );
      if (module.route) {
        await tx.query('insert into app_links (name, url) values ($1, $2) on conflict (name) do nothing', [
          module.name,
          `/apps/${module.route}`,
        ]);
      }
    }
    await tx.query('insert into settings (name, items) values ($1, $2) on conflict (name) do nothing', [
      'DefaultValueTypes',
      JSON.stringify(defaultValueTypes),
    ]);
    for (const list of lists) {
      await tx.query(
        'insert into lists (name, guid, kind, items) values ($1, $2, $3, $4) on conflict (name) do nothing',
        [list.name, randomUUID(), list.kind, JSON.stringify(list.items)],
      );
    }
  });
  // Each builder area adds its demo data in its own module (server/seed/demo/<area>.ts), in name order.
  if (options.demo !== false) for (const [, demo] of await demoSeeds()) await demo(db, keys, config);
  if (fingerprint) await rememberSeed(db, fingerprint);
}
