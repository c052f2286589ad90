import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { sendSmtp } from './smtp';

export interface Mail {
  to: string;
  subject: string;
  body: string;
  link?: string;
}

/**
 * Delivers mail to the outbox table, where the demo and the tests read it, and through SMTP when
 * SMTP_URL is set; the log notes each mail's recipient and subject.
 */
export class Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly smtpUrl?: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.db.query('insert into outbox (recipient, subject, body, link) values ($1, $2, $3, $4)', [
      mail.to,
      mail.subject,
      mail.body,
      mail.link ?? null,
    ]);
    // Never the link: it holds a live key, and whoever reads the log could use it (issue 29 point 6).
    this.log.info({ outbox: { to: mail.to, subject: mail.subject } }, `mail to ${mail.to}: ${mail.subject}`);
    if (!this.smtpUrl) return;
    try {
      await sendSmtp(this.smtpUrl, { to: mail.to, subject: mail.subject, text: mail.body });
    } catch (error) {
      this.log.error({ err: error }, 'SMTP delivery failed; the mail is in the outbox');
    }
  }
}
