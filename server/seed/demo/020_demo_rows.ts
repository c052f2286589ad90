import type { DemoSeed } from '../seed';

/** Rows of the demo schema (server/db/migrations/010_demo_schema.sql), so its functions answer something. */
const seedDemoRows: DemoSeed = async (db) => {
  const [existing] = await db.query<{ count: number }>('select count(*)::int as count from demo.customers');
  if ((existing?.count ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await tx.exec(`
      insert into demo.customers (id, guid, name, email, country, credit_limit) values
        (1, '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a01', 'Acme Corporation', 'orders@acme.example', 'US', 50000),
        (2, '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a02', 'Globex', 'buying@globex.example', 'NL', 25000),
        (3, '3f0c8a3e-0f3f-4a55-9a57-0c7d2f1b9a03', 'Initech', null, 'DE', 0);
      select setval(pg_get_serial_sequence('demo.customers', 'id'), 3);
      insert into demo.orders (id, customer_id, order_date, status, note) values
        (1, 1, '2024-01-15', 'closed', 'First order'),
        (2, 1, '2024-03-02', 'open', null),
        (3, 2, '2024-02-20', 'open', 'Rush');
      select setval(pg_get_serial_sequence('demo.orders', 'id'), 3);
      insert into demo.order_lines (order_id, product, quantity, unit_price) values
        (1, 'Widget', 10, 2.50),
        (1, 'Gadget', 2, 19.99),
        (2, 'Widget', 100, 2.25),
        (3, 'Gadget', 5, 18.00);
    `);
  });
};

export default seedDemoRows;
