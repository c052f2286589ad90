import { hasLineBreak } from '../../../src/domain/mail/lineBreaks';
import { HttpError } from '../../http/errors';
import { sendSmtp } from '../../mail/smtp';
import { remoteFailure } from '../remoteFailure';
import type { ConnectorOperation } from '../types';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * A mail: recorded in the outbox table (where the server's own mail lands, server/mail/mailer.ts) in the
 * call's transaction, and sent through SMTP_URL when the server has one (issue 30 point 5). A failed
 * delivery fails the call (502/504), so its outbox row rolls back with it.
 */
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
  async call(input, { state, config }) {
    const mail = { to: text(input.to), subject: text(input.subject), text: text(input.body) };
    if (hasLineBreak(mail.to) || hasLineBreak(mail.subject))
      throw new HttpError(400, 'runtime.mail.lineBreak');
    const messageId = state.newGuid();
    await state.db.query('insert into outbox (recipient, subject, body, link) values ($1, $2, $3, $4)', [
      mail.to,
      mail.subject,
      mail.text,
      `flow-message:${messageId}`,
    ]);
    if (config.smtpUrl) {
      try {
        await sendSmtp(config.smtpUrl, mail);
      } catch (error) {
        throw remoteFailure(error, 'the mail server');
      }
    }
    return { messageId };
  },
};
