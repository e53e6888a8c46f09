/** A real SMTP server on a random local port that keeps every message it receives, parsed. */
import net, { type AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  messages: Email[];
  /** Resolves with the next message addressed to `to` that arrives after `since` messages. */
  waitForMessage(to: string, since?: number, timeoutMs?: number): Promise<Email>;
  close(): Promise<void>;
}

/** An SMTP answer refusing a recipient, e.g. `{ code: 550, message: '5.1.1 Mailbox unavailable' }`. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface SmtpOptions {
  /** Listen on this port (a test that starts the server late); random by default. */
  port?: number;
  /** Refuses RCPT TO for an address when it answers a refusal (called on every attempt). */
  refuse?: (address: string) => SmtpRefusal | undefined;
}

/** A free local port, for an SMTP server a test starts later (the "server down" case). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const messages: Email[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      const err: Error & { responseCode?: number } = new Error(refusal.message);
      err.responseCode = refusal.code;
      return callback(err);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks))
          .then((email) => messages.push(email))
          .finally(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
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

/** The 6-digit code in a recovery message (the message holds exactly one). */
export function codeFrom(email: Email): string {
  const codes = (email.text ?? '').match(/\b\d{6}\b/g) ?? [];
  if (codes.length !== 1) throw new Error(`expected one 6-digit code, found ${codes.length}`);
  return codes[0];
}
