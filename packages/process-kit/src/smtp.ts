/**
 * An SMTP sink: a real SMTP server on a loopback port that accepts every message (or refuses the
 * recipients it is told to) and keeps it, parsed; it can hand each message's raw bytes on too.
 */
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, in order. */
  messages: Email[];
  /** Resolves with the first message to `to` among those after the first `since` (5 s unless `timeoutMs`). */
  waitForMessage(to: string, since?: number, timeoutMs?: number): Promise<Email>;
  close(): Promise<void>;
}

/** An SMTP answer refusing a recipient, e.g. `{ code: 550, message: '5.1.1 Mailbox unavailable' }`. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface SmtpSinkOptions {
  /** Listen on this port (a test that starts the sink after the server); a free one unless set. */
  port?: number;
  /** Refuses RCPT TO for an address when it answers a refusal (asked on every attempt). */
  refuse?: (address: string) => SmtpRefusal | undefined;
  /** Called with each message's raw bytes as it arrives, before it is acknowledged. */
  onMessage?: (raw: Buffer) => void;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: Email[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP without sign-in, as the app uses a relay on this machine.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        try {
          options.onMessage?.(raw);
        } catch (error) {
          return callback(error as Error);
        }
        void PostalMime.parse(raw)
          .then((email) => messages.push(email))
          .finally(() => callback());
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    async waitForMessage(to, since = 0, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(since).find((m) => m.to?.some((a) => a.address === to));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
