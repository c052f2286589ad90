import type { ConnectorOperation } from '../types';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A mail into the outbox table (where the server's own mail lands; server/mail/mailer.ts). */
export const sendMail: ConnectorOperation = {
  Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a20',
  Name: 'SendMail',
  Input: [
    { Name: 'to', Type: 'String', Validation: { IsRequired: true, MaxLength: 200 } },
    { Name: 'subject', Type: 'String', Validation: { MaxLength: 200 } },
    { Name: 'body', Type: 'Text' },
  ],
  Output: [{ Name: 'messageId', Type: 'String' }],
  writes: true,
  async call(input, { state }) {
    const messageId = state.newGuid();
    await state.db.query('insert into outbox (recipient, subject, body, link) values ($1, $2, $3, $4)', [
      text(input.to),
      text(input.subject),
      text(input.body),
      `flow-message:${messageId}`,
    ]);
    return { messageId };
  },
};
