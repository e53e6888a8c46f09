/**
 * Outgoing mail transport (docs/architecture.md §2): nodemailer over SMTP_URL, or, without it, each message
 * written as an .eml file under DATA_DIR/mail so a developer can open it. Nothing here queues or
 * retries: src/jobs/mail-queue.ts decides that, from how `send` failed (`classifyMailError`).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { randomToken } from '../lib/crypto';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** `<…@…>`; the queue gives each message a stable one. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** Recipients the server refused while it accepted the message for the others (with its answers). */
  rejected: { address: string; reason: string }[];
}

export interface Mailer {
  /**
   * Resolves once the SMTP server accepted the message (or the .eml file is written); rejects with
   * nodemailer's error otherwise — `classifyMailError` says whether trying again can help.
   */
  send(message: MailMessage): Promise<SentMail>;
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
  const options: SMTPTransport.Options = {
    url: smtpUrl,
    // Bounded, so one attempt cannot outlive the job's lease (src/jobs/mail-queue.ts).
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  };
  // A plain smtp:// relay on this machine (a dev catcher, the tests' smtp-server) is used as is;
  // elsewhere nodemailer upgrades with STARTTLS whenever the server offers it.
  if (url.protocol === 'smtp:' && LOCAL_HOSTS.has(url.hostname)) {
    options.secure = false;
    options.ignoreTLS = true;
  }
  return options;
}

interface SmtpErrorLike {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 1000);

/**
 * Permanent: the server answered 5xx about the message or its recipients (or nodemailer found the
 * message itself unusable) — the same message will be refused again. Everything else — the server
 * down or unreachable, a timeout, a 4xx "try later", a failed login (a configuration to fix, not a
 * bad message) — is temporary and worth retrying. `reason` is the server's own answer when it gave one.
 */
export function classifyMailError(err: unknown): { permanent: boolean; reason: string } {
  const e: SmtpErrorLike = typeof err === 'object' && err !== null ? err : { message: String(err) };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const response = typeof e.response === 'string' && e.response.trim() !== '' ? e.response : undefined;
  const message = typeof e.message === 'string' ? e.message : 'unknown error';
  const reason = oneLine(response ?? (code ? `${code}: ${message}` : message));
  if (code === 'EAUTH') return { permanent: false, reason };
  if (responseCode !== undefined) return { permanent: responseCode >= 500 && responseCode < 600, reason };
  return { permanent: code === 'EMESSAGE' || code === 'EENVELOPE', reason };
}

/** nodemailer's per-recipient refusals (`rejectedErrors`, not in its types): address → the server's answer. */
function rejectionReasons(info: object): Map<string, string> {
  const errors: unknown = 'rejectedErrors' in info ? info.rejectedErrors : undefined;
  const reasons = new Map<string, string>();
  if (!Array.isArray(errors)) return reasons;
  for (const e of errors as unknown[]) {
    if (typeof e === 'object' && e !== null && 'recipient' in e && typeof e.recipient === 'string') {
      reasons.set(e.recipient, classifyMailError(e).reason);
    }
  }
  return reasons;
}

const addressOf = (a: string | { address: string }) => (typeof a === 'string' ? a : a.address);

export function createMailer({ smtpUrl, from, mailDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpOptions(smtpUrl));
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        const reasons = rejectionReasons(info);
        const rejected = info.rejected.map((a) => {
          const address = addressOf(a);
          return { address, reason: reasons.get(address) ?? 'refused by the server' };
        });
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId, rejected }, 'mail sent');
        return { messageId: info.messageId, rejected };
      },
      async close() {
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`);
      await fs.writeFile(file, info.message);
      log.info({ file, to: message.to, subject: message.subject }, 'mail written to file (no SMTP_URL)');
      return { messageId: info.messageId, rejected: [] };
    },
    async close() {
      transport.close();
    },
  };
}
