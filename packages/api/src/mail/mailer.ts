import { createTransport } from 'nodemailer';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { Logger } from '../deps';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** Real delivery through the SMTP server at `url` (smtp:// or smtps://). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * Development outbox: mail is stored in the database and its links are logged, so a person (or the
 * e2e suite) can follow them without a mail server. The address is not logged: it is personal data.
 */
export function outboxMailer(db: Database, log: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ outboxId: row?.id, subject: mail.subject, links }, 'mail kept in the dev outbox');
    },
  };
}
