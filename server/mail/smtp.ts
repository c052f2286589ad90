interface Transport {
  sendMail(mail: object): Promise<unknown>;
}

const transports = new Map<string, Promise<Transport>>();

/** Who the server's mail comes from: its own (server/mail/mailer.ts) and what flows send (SendMail). */
export const MAIL_FROM = 'UIServices Console <no-reply@localhost>';

/**
 * The one nodemailer transport per SMTP_URL, made on first use and kept: the server's own mail and the
 * flows' SendMail go through the same one (nodemailer takes the URL's scheme, user, password and
 * options such as ?secure=true).
 */
export function smtpTransport(url: string): Promise<Transport> {
  let transport = transports.get(url);
  if (!transport) {
    transport = import('nodemailer').then((nodemailer) => nodemailer.createTransport(url));
    transports.set(url, transport);
  }
  return transport;
}

/** Sends one plain-text mail through SMTP_URL. */
export async function sendSmtp(url: string, mail: { to: string; subject: string; text: string }) {
  await (await smtpTransport(url)).sendMail({ from: MAIL_FROM, ...mail });
}
