import { createTransport } from 'nodemailer';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { Deps, Logger } from '../deps';
import { AppError } from '../errors/app-error';

export interface Mail {
  /**
   * The organisation the mail is sent for (an invitation's, a patient's, the one a person signs up
   * to). The dev outbox shows a mail only to that organisation's admins.
   */
  organisationId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** smtp: delivered; outbox: kept in the database (development); disabled: dropped (MAIL_DISABLED). */
  readonly kind: 'smtp' | 'outbox' | 'disabled';
  send(mail: Mail): Promise<void>;
}

/** Real delivery through the SMTP server at `url` (smtp:// or smtps://). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url);
  return {
    kind: 'smtp',
    async send({ organisationId: _organisation, ...mail }) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * Development outbox: mail is stored in the database, where the organisation's admins (or anyone,
 * on an edge started with DEV_OUTBOX=true) read it at GET /api/v1/dev/outbox. Nothing of the mail
 * is logged: its links carry tokens and keys, and its address is personal data.
 */
export function outboxMailer(db: Database, log: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      log.info({ outboxId: row?.id }, 'mail kept in the dev outbox');
    },
  };
}

/**
 * Mail explicitly disabled (MAIL_DISABLED=true, no SMTP server): the mail is dropped. The log says
 * only that one was not sent: never to whom, never its link.
 */
export function disabledMailer(log: Logger): Mailer {
  return {
    kind: 'disabled',
    send() {
      log.warn({}, 'mail not sent: mail is disabled on this server');
      return Promise.resolve();
    },
  };
}

/**
 * Flows whose only purpose is to deliver a secret link by mail (sign-up verification, an
 * invitation, a visit guest's link) refuse before they create anything when mail is disabled:
 * a link that reaches no one would leave a pending request nobody can complete.
 */
export function assertMailOn(deps: Pick<Deps, 'mailer'>): void {
  if (deps.mailer.kind === 'disabled') throw new AppError('mailDisabled');
}
