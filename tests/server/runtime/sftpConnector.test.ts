import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';
import { operationGuid } from '../../../server/connectors/operationGuid';
import { sftpSessionsOf } from '../../../server/connectors/sftp/sessions';
import type { FlowField, HttpMethod, RestMethodFlow } from '../../../src/domain/flow/types';
import { call, signIn } from '../../support/api';
import { countingGuids, flowOf, type Step } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { type SshServer, startSshServer } from '../../support/sshServer';
import { databaseTargets, startTestServer, type TestServer, testAdmin } from '../../support/testServer';

const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';

// Issue 30 point 4 (SFTP: list, read and write files as text, CSV and JSON; password or private key; the
// host key pinned by the first successful Test Connection and checked on every later connect) and point 6
// (a server that is down or refusing answers 502 in the catalogue's words, never its own text or a
// secret). The counterpart is Debian's sshd on loopback (tests/support/sshServer.ts).
describe.each(databaseTargets)('SFTP connections in flows ($name; issue 30 points 4, 6)', (target) => {
  let ssh: SshServer;
  let server: TestServer;
  let token: string;
  let apiToken: string;
  let logDir: string;
  let logFile: string;
  const keyConnection = randomUUID();
  const keyName = `Files_${keyConnection.slice(0, 6)}`;
  const revisions = new Map<string, number>();

  /** Saves an SFTP connection as the Connection Builder does (the revision it changes after the first). */
  async function saveConnection(guid: string, name: string, settings: Record<string, unknown>) {
    const revision = revisions.get(guid);
    const answer = await call(server, 'POST', 'Connection/PostConnection', {
      token,
      body: {
        FlowConnectionGuid: guid,
        Name: name,
        Type: 'SFTP',
        FlowCredential: { Settings: settings },
        ...(revision !== undefined ? { Revision: revision } : {}),
      },
    });
    expect([answer.status, answer.body.Message]).toEqual([200, undefined]);
    revisions.set(guid, answer.body.Revision as number);
  }
  const keySettings = () => ({
    Host: ssh.host,
    Port: ssh.port,
    User: ssh.user,
    // As the Connection Builder's one-line secret field sends a pasted key: without its line breaks.
    PrivateKey: ssh.clientKey.replace(/\n/g, ''),
    Root: ssh.files,
  });
  /** Test Connection on the stored connection, as the console sends it (secrets masked, so opened). */
  const testConnection = async (guid: string) =>
    (await call(server, 'POST', `Connection/TestConnection/${guid}`, { token })).body as unknown as {
      Success: boolean;
      Message: string;
    };
  const pinOf = async (guid: string) =>
    (
      await server.db.query<{ fingerprint: string }>(
        'select fingerprint from sftp_host_keys where connection_guid = $1',
        [guid],
      )
    )[0]?.fingerprint;

  let counter = 0;
  async function publish(
    steps: Step[],
    options: { method?: HttpMethod; startFields?: FlowField[]; result?: { output?: FlowField[] } },
  ) {
    counter += 1;
    const built = flowOf(steps, { ...options, newGuid: countingGuids(`s${counter}`) });
    const flow: RestMethodFlow = {
      ...built.flow,
      Guid: randomUUID(),
      Name: `files/flow${counter}`,
      Api: ORDERS_API,
      IsScript: false,
    };
    const saved = await publishFlow(server.db, flow);
    lastPublished = { guid: flow.Guid, version: saved.VersionGuid };
    return `orders_api/${flow.Name}`;
  }
  let lastPublished = { guid: '', version: '' };
  const external = (connection: string, name: string, mapping: string[], output: FlowField[]): Step => ({
    type: 'external',
    config: {
      MethodGuid: operationGuid(connection, name),
      MethodName: name,
      Mapping: mapping.map((field) => ({ From: field, To: field })),
    },
    output,
  });
  /** START(path, format, text) → WriteFile → RESULT(size), the steps and options publish takes. */
  const writeText = (): Step =>
    external(
      keyConnection,
      'WriteFile',
      ['path', 'format', 'text'],
      [{ Name: 'size', Alias: 'size', Type: 'Longnumber' }],
    );
  const writeTextOptions = {
    method: 'POST' as const,
    startFields: [
      { Name: 'path', Type: 'String', Validation: { IsRequired: true } },
      { Name: 'format', Type: 'String' },
      { Name: 'text', Type: 'Text' },
    ],
    result: { output: [{ Name: 'size' }] },
  };
  const post = (path: string, body: Record<string, unknown>) =>
    restCall(server, 'POST', path, { token: apiToken, body });

  let readPath: string;
  let writePath: string;
  let listPath: string;

  beforeAll(async () => {
    ssh = await startSshServer();
    logDir = mkdtempSync(path.join(tmpdir(), 'sftp-log-'));
    logFile = path.join(logDir, 'server.log');
    const base = configFromEnv({});
    server = await startTestServer(
      target,
      { runtime: { ...base.runtime, fileReadCapBytes: 4096 } },
      { logTo: logFile },
    );
    token = (await signIn(server, testAdmin.email, testAdmin.password, testAdmin.totpSecret)).Token;
    apiToken = await demoToken(server);
    await saveConnection(keyConnection, keyName, keySettings());
    readPath = await publish(
      [
        external(
          keyConnection,
          'ReadFile',
          ['path', 'format'],
          [
            { Name: 'rows', Alias: 'rows', Type: 'Array' },
            { Name: 'text', Alias: 'text', Type: 'Text' },
          ],
        ),
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'path', Type: 'String', Validation: { IsRequired: true } },
          { Name: 'format', Type: 'String' },
        ],
        result: { output: [{ Name: 'rows' }, { Name: 'text' }] },
      },
    );
    writePath = await publish(
      [
        external(
          keyConnection,
          'WriteFile',
          ['path', 'format', 'rows', 'overwrite'],
          [{ Name: 'size', Alias: 'size', Type: 'Longnumber' }],
        ),
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'path', Type: 'String', Validation: { IsRequired: true } },
          { Name: 'format', Type: 'String' },
          { Name: 'rows', Type: 'Array' },
          { Name: 'overwrite', Type: 'Boolean' },
        ],
        result: { output: [{ Name: 'size' }] },
      },
    );
    listPath = await publish(
      [
        external(
          keyConnection,
          'ListFolder',
          ['path'],
          [
            { Name: 'entries', Alias: 'entries', Type: 'Array' },
            { Name: 'count', Alias: 'count', Type: 'Number' },
          ],
        ),
      ],
      {
        method: 'POST',
        startFields: [{ Name: 'path', Type: 'String' }],
        result: { output: [{ Name: 'entries' }, { Name: 'count' }] },
      },
    );
  });
  afterAll(async () => {
    await server?.close();
    await ssh?.close();
    if (logDir) rmSync(logDir, { recursive: true, force: true });
  });

  it('lists the connection’s three operations under it, with typed fields (spec part 2 §3 "Other")', async () => {
    const answer = await call(server, 'GET', 'FlowBuilder/GetExternalConnectors', { token });
    const mine = (answer.body as unknown as Array<Record<string, unknown>>).filter(
      (connector) => connector.FlowConnectionGuid === keyConnection,
    );
    expect(mine.map((connector) => connector.Name).sort()).toEqual(['ListFolder', 'ReadFile', 'WriteFile']);
    const read = mine.find((connector) => connector.Name === 'ReadFile')!;
    expect(read).toMatchObject({
      Guid: operationGuid(keyConnection, 'ReadFile'),
      ConnectionName: keyName,
      Input: [
        { Name: 'path', Type: 'String', Validation: { IsRequired: true } },
        { Name: 'format', Type: 'String' },
      ],
    });
    expect((read.Output as FlowField[]).map((field) => [field.Name, field.Type])).toEqual([
      ['text', 'Text'],
      ['rows', 'Array'],
      ['data', 'Object'],
      ['size', 'Longnumber'],
    ]);
  });

  it('refuses a flow’s call before Test Connection pinned the host key, sending nothing', async () => {
    const answer = await post(listPath, {});
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ MessageKey: 'runtime.external.hostKeyUnpinned' });
  });

  it('Test Connection connects with the private key, lists the root and pins the host key', async () => {
    writeFileSync(path.join(ssh.files, 'hello.txt'), 'hi');
    const first = await testConnection(keyConnection);
    expect(first).toEqual({
      Success: true,
      Message: `Connected: 1 entries in ${ssh.files}; host key ${ssh.fingerprint()} pinned`,
    });
    expect(await pinOf(keyConnection)).toBe(ssh.fingerprint());
    const again = await testConnection(keyConnection);
    expect(again.Message).toContain(`host key ${ssh.fingerprint()} as pinned`);
  });

  it('the pin leaves with an export and comes back with an import where the target has none', async () => {
    const exported = await call(server, 'GET', 'Promote/ExportDefinitions?Kinds=connection', { token });
    const files = exported.body.Files as unknown as Array<{ Path: string; Content: string }>;
    const mine = JSON.parse(files.find((file) => file.Path === `connection/${keyName}.json`)!.Content);
    expect(mine.HostKey).toEqual({ Host: ssh.host, Port: ssh.port, Fingerprint: ssh.fingerprint() });
    await server.db.query('delete from sftp_host_keys where connection_guid = $1', [keyConnection]);
    const imported = await call(server, 'POST', 'Promote/ImportDefinitions', {
      token,
      body: { Files: files },
    });
    expect([imported.status, imported.body.Errors]).toEqual([200, []]);
    expect((imported.body.Items as Array<{ Status: string }>).map((item) => item.Status)).not.toContain(
      'changed',
    );
    expect(await pinOf(keyConnection)).toBe(ssh.fingerprint());
    // A pin the target took itself is kept over the folder's.
    const forged = files.map((file) =>
      file.Path === `connection/${keyName}.json`
        ? {
            ...file,
            Content: JSON.stringify({
              ...mine,
              HostKey: { ...mine.HostKey, Fingerprint: `SHA256:${'A'.repeat(43)}` },
            }),
          }
        : file,
    );
    await call(server, 'POST', 'Promote/ImportDefinitions', { token, body: { Files: forged } });
    expect(await pinOf(keyConnection)).toBe(ssh.fingerprint());
  });

  it('reads a CSV file into an array of objects and answers it', async () => {
    mkdirSync(path.join(ssh.files, 'in'), { recursive: true });
    writeFileSync(
      path.join(ssh.files, 'in', 'orders.csv'),
      '\ufeffid,customer,total\r\n1,"Berg, Anna",19.90\r\n2,Olsen,"5"\r\n',
    );
    const answer = await post(readPath, { path: '/in/orders.csv', format: 'csv' });
    expect([answer.status, answer.body]).toEqual([
      200,
      {
        rows: [
          { id: '1', customer: 'Berg, Anna', total: '19.90' },
          { id: '2', customer: 'Olsen', total: '5' },
        ],
        text: 'id,customer,total\r\n1,"Berg, Anna",19.90\r\n2,Olsen,"5"\r\n',
      },
    ]);
  });

  it('writes an array as JSON and as CSV, refusing to replace a file unless told to', async () => {
    const rows = [
      { sku: 'A-1', qty: 2, note: 'say "hi", then go' },
      { sku: 'B-2', qty: 1, gift: true },
    ];
    const json = await post(writePath, { path: 'out/orders.json', format: 'json', rows });
    expect([json.status, json.body.Message]).toEqual([
      404,
      `${keyName} has no file or folder at out/orders.json`,
    ]);
    mkdirSync(path.join(ssh.files, 'out'));
    const written = await post(writePath, { path: 'out/orders.json', format: 'json', rows });
    expect([written.status, written.body]).toEqual([200, { size: expect.any(Number) }]);
    expect(JSON.parse(readFileSync(path.join(ssh.files, 'out', 'orders.json'), 'utf8'))).toEqual(rows);

    const again = await post(writePath, { path: 'out/orders.json', format: 'json', rows: [] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      MessageKey: 'runtime.external.fileExists',
      Message: `${keyName} already has a file at out/orders.json; nothing was written`,
    });
    expect(JSON.parse(readFileSync(path.join(ssh.files, 'out', 'orders.json'), 'utf8'))).toEqual(rows);

    const csv = await post(writePath, { path: 'out/orders.json', format: 'csv', rows, overwrite: true });
    expect(csv.status).toBe(200);
    expect(readFileSync(path.join(ssh.files, 'out', 'orders.json'), 'utf8')).toBe(
      'sku,qty,note,gift\r\nA-1,2,"say ""hi"", then go",\r\nB-2,1,,true\r\n',
    );
  });

  /** The files of `folder` under a staged name (StagedFiles): none once a call has ended, either way. */
  const staged = (folder: string) =>
    readdirSync(path.join(ssh.files, folder)).filter((name) => name.endsWith('.part'));

  // Issue 30 point 6 for files: a call's writes are one transaction with its other writes.
  it('a call that fails after WriteFile leaves no file; one that succeeds renames it at its commit', async () => {
    mkdirSync(path.join(ssh.files, 'out'), { recursive: true });
    const fails = await publish(
      [
        external(
          keyConnection,
          'WriteFile',
          ['path', 'format', 'rows'],
          [{ Name: 'size', Alias: 'size', Type: 'Longnumber' }],
        ),
        // Its false exit ends at an ERROR block: `keep` 0 fails the call after the write.
        {
          type: 'check',
          config: {
            Groups: [
              {
                Rules: [
                  {
                    Name: 'keep',
                    ValueType: 'Number',
                    Operator: 'greaterEquals',
                    RuleType: 'Static',
                    Values: [{ Value: '1' }],
                  },
                ],
              },
            ],
          },
        },
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'path', Type: 'String', Validation: { IsRequired: true } },
          { Name: 'format', Type: 'String' },
          { Name: 'rows', Type: 'Array' },
          { Name: 'keep', Type: 'Number' },
        ],
        result: { output: [{ Name: 'size' }] },
      },
    );
    const rows = [{ sku: 'C-3', qty: 4 }];
    const failed = await post(fails, { path: 'out/undone.json', format: 'json', rows, keep: 0 });
    expect([failed.status, failed.body.MessageKey]).toEqual([422, 'flow.error']);
    expect(existsSync(path.join(ssh.files, 'out', 'undone.json'))).toBe(false);
    expect(staged('out')).toEqual([]);

    const kept = await post(fails, { path: 'out/undone.json', format: 'json', rows, keep: 1 });
    expect(kept.status).toBe(200);
    expect(JSON.parse(readFileSync(path.join(ssh.files, 'out', 'undone.json'), 'utf8'))).toEqual(rows);
    expect(staged('out')).toEqual([]);
  });

  it('an exclusive create decided at the commit: a second WriteFile of the same path answers 409, the first stays', async () => {
    const twice = await publish([writeText(), writeText()], writeTextOptions);
    const answer = await post(twice, { path: 'out/twice.txt', text: 'first' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      MessageKey: 'runtime.external.fileExists',
      Message: `${keyName} already has a file at out/twice.txt; nothing was written`,
    });
    // Renamed in the order written: the first before the second was refused (README: a file renamed
    // before a failure stays); the second's staged file is removed.
    expect(readFileSync(path.join(ssh.files, 'out', 'twice.txt'), 'utf8')).toBe('first');
    expect(staged('out')).toEqual([]);
  });

  it('a test run of a flow that writes a file leaves nothing on the server (issue 17 point 5)', async () => {
    await publish([writeText()], writeTextOptions);
    const { guid: flowGuid, version } = lastPublished;
    const run = await call(server, 'POST', `FlowBuilder/TestRunRestMethodFlow/${flowGuid}/${version}`, {
      token,
      body: { Input: { path: 'out/tested.txt', text: 'only a test' } },
    });
    expect([run.status, run.body.Status, run.body.Answer]).toEqual([200, 200, { size: 11 }]);
    expect(existsSync(path.join(ssh.files, 'out', 'tested.txt'))).toBe(false);
    expect(staged('out')).toEqual([]);
  });

  it('lists a folder with names, sizes, times and folders', async () => {
    const answer = await post(listPath, {});
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(3);
    expect(answer.body.entries).toEqual([
      {
        name: 'hello.txt',
        size: 2,
        modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        isFolder: false,
      },
      { name: 'in', size: expect.any(Number), modified: expect.any(String), isFolder: true },
      { name: 'out', size: expect.any(Number), modified: expect.any(String), isFolder: true },
    ]);
  });

  // Issue 30's SFTP gap: each call opened its own SSH session (a handshake and a sign-in per call).
  it('calls share one SSH session, which the connection saved again closes', async () => {
    const sessions = sftpSessionsOf(server.db);
    const accepted = () => ssh.log().match(/Accepted (publickey|password) for /g)?.length ?? 0;
    // Saved again: a new credential (sealed anew), so whatever session was kept is closed.
    await saveConnection(keyConnection, keyName, keySettings());
    const [opened, signedIn] = [sessions.opened, accepted()];
    for (let n = 0; n < 3; n++) expect((await post(listPath, {})).status).toBe(200);
    const together = await Promise.all([
      post(listPath, {}),
      post(readPath, { path: 'hello.txt' }),
      post(readPath, { path: 'in/orders.csv', format: 'csv' }),
    ]);
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect([sessions.opened - opened, accepted() - signedIn]).toEqual([1, 1]);
    // Issue 32 point 1 (per connection pool: open, idle, waiting), as Prometheus reads /metrics.
    const metrics = parsePrometheusTextFormat(
      (await server.app.inject({ method: 'GET', url: '/metrics' })).body,
    );
    const gauge = (name: string) =>
      metrics
        .find((family) => family.name === name)
        ?.metrics.find((sample) => sample.labels?.kind === 'SFTP' && sample.labels.connection === keyName)
        ?.value;
    expect([
      gauge('flow_connection_pool_open'),
      gauge('flow_connection_pool_idle'),
      gauge('flow_connection_pool_waiting'),
    ]).toEqual(['1', '1', '0']);

    await saveConnection(keyConnection, keyName, keySettings());
    expect((await post(listPath, {})).status).toBe(200);
    expect([sessions.opened - opened, accepted() - signedIn]).toEqual([2, 2]);
    expect(sessions.size).toBe(1);
  });

  it('a server restarted under a kept session: the next call answers on a new one', async () => {
    expect((await post(listPath, {})).status).toBe(200);
    const opened = sftpSessionsOf(server.db).opened;
    await ssh.stop();
    await ssh.start();
    const answer = await post(readPath, { path: 'hello.txt' });
    expect([answer.status, answer.body.text]).toEqual([200, 'hi']);
    expect(sftpSessionsOf(server.db).opened).toBe(opened + 1);
  });

  it.each([
    [
      'a path that climbs out of the root folder',
      { path: '../../etc/passwd' },
      400,
      'runtime.external.pathOutside',
    ],
    ['an unknown format', { path: 'hello.txt', format: 'xml' }, 400, 'runtime.external.badFormat'],
    [
      'a file that is not there',
      { path: 'in/missing.csv', format: 'csv' },
      404,
      'runtime.external.fileMissing',
    ],
    ['a file that is no CSV', { path: 'hello.txt', format: 'json' }, 502, 'runtime.external.badContent'],
  ])('answers %s in the catalogue’s words', async (_label, body, status, key) => {
    const answer = await post(readPath, body);
    expect([answer.status, answer.body.MessageKey]).toEqual([status, key]);
  });

  it('refuses a file larger than the read cap (FLOW_FILE_READ_CAP_BYTES) with 422', async () => {
    writeFileSync(path.join(ssh.files, 'big.txt'), 'x'.repeat(5000));
    const answer = await post(readPath, { path: 'big.txt' });
    expect(answer.status).toBe(422);
    expect(answer.body.Message).toBe(
      `The file big.txt on ${keyName} is larger than 4096 bytes, the most a flow reads`,
    );
  });

  it.runIf(process.getuid?.() === 0)(
    'signs in with a password too (a throwaway user, as root only)',
    async () => {
      const guid = randomUUID();
      await saveConnection(guid, `Pw_${guid.slice(0, 6)}`, {
        Host: ssh.host,
        Port: ssh.port,
        User: ssh.user,
        Password: ssh.password,
        Root: ssh.files,
      });
      expect((await testConnection(guid)).Success).toBe(true);
      const wrong = randomUUID();
      await saveConnection(wrong, `Bad_${wrong.slice(0, 6)}`, {
        ...keySettings(),
        PrivateKey: '',
        Password: 'not-it',
      });
      const refused = await testConnection(wrong);
      expect(refused).toEqual({
        Success: false,
        Message: `Could not connect: Bad_${wrong.slice(0, 6)} refused what the flow asked; nothing was written`,
      });
    },
  );

  it('changing Host or Port clears the pin', async () => {
    const guid = randomUUID();
    const name = `Moved_${guid.slice(0, 6)}`;
    await saveConnection(guid, name, keySettings());
    expect((await testConnection(guid)).Success).toBe(true);
    expect(await pinOf(guid)).toBe(ssh.fingerprint());
    await saveConnection(guid, name, { ...keySettings(), Root: '/tmp' });
    expect(await pinOf(guid)).toBe(ssh.fingerprint());
    await saveConnection(guid, name, { ...keySettings(), Port: ssh.port + 1 });
    expect(await pinOf(guid)).toBeUndefined();
  });

  it('refuses a server whose host key changed, in Test Connection and in flows (502)', async () => {
    const pinned = ssh.fingerprint();
    await ssh.stop();
    await ssh.start({ newHostKey: true });
    expect(ssh.fingerprint()).not.toBe(pinned);
    const answer = await post(readPath, { path: 'hello.txt' });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      MessageKey: 'runtime.external.hostKeyChanged',
      Message: `${keyName} answered with another host key than the one Test Connection pinned; nothing was sent to it`,
    });
    const tested = await testConnection(keyConnection);
    expect(tested.Success).toBe(false);
    expect(tested.Message).toContain('another host key than the one Test Connection pinned');
    expect(await pinOf(keyConnection)).toBe(pinned);
  });

  it('answers 502 when the server is down, in the catalogue’s words', async () => {
    await ssh.stop();
    try {
      const answer = await post(listPath, {});
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({
        MessageKey: 'runtime.external.unreachable',
        Message: `The flow could not reach ${keyName}; nothing was written`,
      });
    } finally {
      await ssh.start();
    }
  });

  it('never writes a secret or the remote’s own text to the server log', async () => {
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('another system failed a flow call');
    const keyBody = ssh.clientKey.split('\n')[1]!;
    expect(log).not.toContain(keyBody);
    if (ssh.password) expect(log).not.toContain(ssh.password);
    expect(log).not.toContain('not-it');
    // ssh2's own words for the failures above.
    expect(log).not.toMatch(/Host denied|authentication methods failed|ECONNREFUSED 127/);
  });
});
