import { randomUUID } from 'node:crypto';
import { startBareFastify } from './lib/bareFastify';
import type { BenchServer } from './lib/context';
import { type LoadSettings, type LoadTarget, measureLoad, pendingRows } from './lib/load';
import { connection, connectionsPlan, firstCredentialType } from './lib/seeds';
import type { BenchModule, BenchRow } from './lib/types';

const group = 'server';

/** A new metadata document with one field per call. */
const metadataDocument = (n: number) => ({
  Guid: randomUUID(),
  Name: `BenchDocument${n}_${randomUUID().slice(0, 8)}`,
  Description: null,
  Elements: [{ Name: 'Id', Type: 'Guid', Order: 0 }],
});

/** A new role per call (names are unique, so each save creates one). */
const role = (n: number) => ({
  Guid: 0,
  Name: `bench role ${n} ${randomUUID().slice(0, 8)}`,
  Permissions: { Dashboard: { Read: true } },
});

/**
 * The floor under a list page's figure (GetConnections, issue 20 point 5: "half of bare Fastify"; GetUsers,
 * issue 33 point 6): the page the server answered, served by a bare Fastify process under the same load
 * in the same minutes. Its
 * rows carry no budget; the page's own row gains its share of the control, which shows how much of a
 * low figure is the machine.
 */
async function bareFastifyControl(
  server: BenchServer,
  target: LoadTarget,
  rows: BenchRow[],
  settings: LoadSettings,
): Promise<BenchRow[]> {
  const address = new URL(`/api/UIServices/${target.path}`, server.url);
  const call = address.pathname.split('/').pop();
  const answer = await fetch(address, { headers: { authorization: `Bearer ${server.token}` } });
  const payload = await answer.text();
  const bare = await startBareFastify(address.pathname, payload);
  try {
    const control = await measureLoad(
      bare,
      {
        group,
        figure: `control: bare Fastify, the same ${call} page (${(payload.length / 1024).toFixed(1)} KB) as a kept string`,
        method: 'GET',
        path: target.path,
        connections: target.connections,
      },
      settings,
    );
    const page = rows.find((row) => row.figure === `${target.figure}: requests per second`);
    // measureLoad's first row is the requests per second.
    const floor = control[0];
    if (page?.value !== undefined && floor?.value !== undefined)
      page.note = `${page.note}; ${Math.round((page.value / floor.value) * 100)}% of the bare Fastify control below (the issue asks half)`;
    return control;
  } finally {
    await bare.stop();
  }
}

/**
 * Server throughput and latency (issue 9 'npm run bench'): the calls the budgets name, against 10,000
 * stored entities, and the calls that exist today. A call whose handler is missing answers 501 and its
 * rows say 'pending'; they are measured as soon as the handler lands.
 */
const api: BenchModule = {
  name: 'api',
  order: 20,
  async run(context) {
    const settings = context.settings;
    const count = settings.entities.toLocaleString('en');
    const server = await context.server();
    const rows: BenchRow[] = [];
    const type = await firstCredentialType(context);

    const connections = await context.seed('connections', await connectionsPlan(context));
    // The call as the Connection Builder's list makes it on opening: page 1 of 20, by name
    // (src/engine/builder/builderQueries.ts pageQuery, spec part 1 §9 table defaults).
    const getConnections: LoadTarget = {
      group,
      figure: `GetConnections (${count} connections), the list's page`,
      method: 'GET',
      path: 'Connection/GetConnections?page=1&pageSize=20&sort=Name&direction=ASC',
      // Issue 20 point 5: at 50 connections on loopback.
      budgets: { requestsPerSecond: 15_000, p99Ms: 10 },
      connections: 50,
    };
    // Without paging parameters: every connection, megabytes at this count (no budget; for comparison).
    const everyConnection: LoadTarget = {
      group,
      figure: `GetConnections (${count} connections), whole list`,
      method: 'GET',
      path: 'Connection/GetConnections',
      connections: 2,
    };
    for (const target of [getConnections, everyConnection])
      rows.push(
        ...(connections.ok
          ? await measureLoad(server, target, settings)
          : pendingRows(target, connections.reason)),
      );
    if (connections.ok) rows.push(...(await bareFastifyControl(server, getConnections, rows, settings)));

    // Issue 33 point 6: the user list as the user management screen asks for it on opening (page 1 of
    // 20 by e-mail, src/builders/usermanagement/userQueries.ts), and the whole list as the spec's call
    // has it, both kept by the server until users change (the context seeds `entities` users).
    const usersPage: LoadTarget = {
      group,
      figure: `GetUsers (${count} users), the list's page`,
      method: 'GET',
      path: 'UserManagement/GetUsers?page=1&pageSize=20&sort=Email&direction=ASC',
      budgets: { requestsPerSecond: 10_000, p99Ms: 10 },
      connections: 50,
    };
    const everyUser: LoadTarget = {
      group,
      figure: `GetUsers (${count} users), whole list`,
      method: 'GET',
      path: 'UserManagement/GetUsers',
      budgets: { requestsPerSecond: 100, p99Ms: 100 },
      // Every answer is the whole list (megabytes): two at a time keep the queue inside the run.
      connections: 2,
    };
    for (const target of [usersPage, everyUser]) rows.push(...(await measureLoad(server, target, settings)));
    rows.push(...(await bareFastifyControl(server, usersPage, rows, settings)));

    const documents = await context.seed('metadataDocuments', {
      path: 'MetaDocumentBuilder/MetaDocument',
      count: settings.entities,
      body: metadataDocument,
    });
    const stored = documents.ok
      ? (documents.saved[documents.saved.length >> 1] as { Guid: string })
      : undefined;
    const getDocument: LoadTarget = {
      group,
      figure: `GetMetadataDocument (${count} documents)`,
      method: 'GET',
      path: `MetaDocumentBuilder/GetMetadataDocument/${stored?.Guid ?? randomUUID()}`,
    };
    rows.push(
      ...(documents.ok
        ? await measureLoad(server, getDocument, settings)
        : pendingRows(getDocument, documents.reason)),
    );

    rows.push(
      ...(await measureLoad(
        server,
        {
          group,
          figure: 'PostConnection (new connection each call)',
          method: 'POST',
          path: 'Connection/PostConnection',
          body: connection(type),
        },
        settings,
      )),
      ...(await measureLoad(
        server,
        { group, figure: 'GetClientModules', method: 'GET', path: 'ClientAdmin/GetClientModules' },
        settings,
      )),
      ...(await measureLoad(
        server,
        {
          group,
          figure: 'PostRole (new role each call)',
          method: 'POST',
          path: 'UserManagement/PostRole',
          body: role,
        },
        settings,
      )),
    );
    return rows;
  },
};

export default api;
