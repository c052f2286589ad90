import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';
import { sendMail } from '../../../server/connectors/internal/sendMail';
import type { RestMethodFlow } from '../../../src/domain/flow/types';
import { countingGuids, flowOf } from '../../support/flowBuilders';
import { publishFlow } from '../../support/publishFlow';
import { demoToken, restCall } from '../../support/restCall';
import { startSmtpSink } from '../../support/smtpSink';
import { databaseTargets, startTestServer, type TestServer } from '../../support/testServer';

const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';

/** A port nothing listens on: bound, then released. */
async function closedPort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// Issue 30 point 5: SendMail delivers through SMTP_URL (a real SMTP server on loopback) and stays
// recorded in the outbox; a line break in an address or subject is refused. Point 6: a mail server
// that is not there answers 502 in the catalogue's words and the outbox row rolls back.
describe.each(databaseTargets)('SendMail through SMTP_URL ($name; issue 30 points 5, 6)', (target) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let token: string;
  const path = 'orders_api/mail/send';

  beforeAll(async () => {
    sink = await startSmtpSink();
    const base = configFromEnv({});
    server = await startTestServer(target, {
      smtpUrl: sink.url,
      runtime: { ...base.runtime, smtpUrl: sink.url },
    });
    token = await demoToken(server);
    const built = flowOf(
      [
        {
          type: 'external',
          config: {
            MethodGuid: sendMail.Guid,
            MethodName: sendMail.Name,
            Mapping: [
              { From: 'to', To: 'to', Required: true },
              { From: 'subject', To: 'subject' },
              { From: 'body', To: 'body' },
            ],
          },
          output: [{ Name: 'messageId', Alias: 'messageId', Type: 'String' }],
        },
      ],
      {
        method: 'POST',
        startFields: [
          { Name: 'to', Type: 'String', Validation: { IsRequired: true } },
          { Name: 'subject', Type: 'String' },
          { Name: 'body', Type: 'String' },
        ],
        result: { output: [{ Name: 'messageId' }] },
        newGuid: countingGuids('m'),
      },
    );
    const flow: RestMethodFlow = {
      ...built.flow,
      Guid: randomUUID(),
      Name: 'mail/send',
      Api: ORDERS_API,
      IsScript: false,
    };
    await publishFlow(server.db, flow);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const outbox = (recipient: string) =>
    server.db.query<{ subject: string }>('select subject from outbox where recipient = $1', [recipient]);
  const send = (body: Record<string, unknown>) => restCall(server, 'POST', path, { token, body });

  it('delivers the mail to the SMTP server and records it in the outbox', async () => {
    const answer = await send({ to: 'anna@example.com', subject: 'Order 12 shipped', body: 'On its way.' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ messageId: expect.stringMatching(/\S/) });
    const mail = sink.received.find((entry) => entry.to.includes('anna@example.com'));
    expect(mail?.data).toContain('Subject: Order 12 shipped');
    expect(mail?.data).toContain('On its way.');
    expect(await outbox('anna@example.com')).toEqual([{ subject: 'Order 12 shipped' }]);
  });

  it.each([
    ['an LF in the address', { to: 'bob@example.com\nBcc: eve@example.com', subject: 'Hi' }],
    ['a CR LF in the subject', { to: 'bob@example.com', subject: 'Hi\r\nBcc: eve@example.com' }],
    ['a CR in the subject', { to: 'bob@example.com', subject: 'Hi\rthere' }],
  ])('refuses %s with 400, sending and recording nothing', async (_label, body) => {
    const before = sink.received.length;
    const answer = await send(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      MessageKey: 'runtime.mail.lineBreak',
      Message: 'An e-mail address or subject may not contain a line break',
    });
    expect(sink.received.length).toBe(before);
    expect(sink.received.some((entry) => entry.to.includes('eve@example.com'))).toBe(false);
    expect(await outbox(body.to)).toEqual([]);
  });

  it('answers 502 when the mail server is not there, and the outbox row rolls back', async () => {
    const runtime = server.config.runtime;
    const smtpUrl = runtime.smtpUrl;
    // The plans read the runtime settings they were built with; pointing them at a closed port is what
    // a mail server gone down looks like to the next call.
    runtime.smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    try {
      const answer = await send({ to: 'carl@example.com', subject: 'Hello', body: 'x' });
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({
        MessageKey: 'runtime.external.unreachable',
        Message: 'The flow could not reach the mail server; nothing was written',
      });
      expect(JSON.stringify(answer.body)).not.toContain('127.0.0.1');
      expect(await outbox('carl@example.com')).toEqual([]);
    } finally {
      runtime.smtpUrl = smtpUrl;
    }
  });
});
