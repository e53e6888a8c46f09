/**
 * Outgoing mail (DESIGN.md §2): nodemailer over SMTP_URL, or, without it, each message written as an
 * .eml file under DATA_DIR/mail so a developer can open it. `sendLater` does not hold up the HTTP
 * answer (a recovery request must not reveal by its timing whether a mail was sent); close() waits
 * for what is still in flight.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { randomToken } from '../lib/crypto';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Fire and forget; a failure is logged, never thrown at the caller. */
  sendLater(message: MailMessage): void;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where .eml files go when there is no SMTP server. */
  mailDir: string;
  log: FastifyBaseLogger;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const options: SMTPTransport.Options = { url: smtpUrl };
  // A plain smtp:// relay on this machine (a dev catcher, the tests' smtp-server) is used as is;
  // elsewhere nodemailer upgrades with STARTTLS whenever the server offers it.
  if (url.protocol === 'smtp:' && LOCAL_HOSTS.has(url.hostname)) {
    options.secure = false;
    options.ignoreTLS = true;
  }
  return options;
}

export function createMailer({ smtpUrl, from, mailDir, log }: MailerOptions): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpOptions(smtpUrl))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const inFlight = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from, ...message });
    if (!smtpUrl) {
      await fs.mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      log.info({ file, to: message.to, subject: message.subject }, 'mail written to file (no SMTP_URL)');
    } else {
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    }
  }

  return {
    send,
    sendLater(message) {
      const pending = send(message)
        .catch((err: unknown) => log.error({ err, to: message.to, subject: message.subject }, 'mail could not be sent'))
        .finally(() => inFlight.delete(pending));
      inFlight.add(pending);
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}
