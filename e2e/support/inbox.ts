/** Reads what the app sent to the test's SMTP server (global-setup stores each message as .eml). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { expect } from '@playwright/test';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; mimeType: string; content: Buffer }[];
  /** The 1×1 tracking image's URL found in the html (delivery mails), if any. */
  trackingUrl: string | null;
}

async function readAll(): Promise<ReceivedMail[]> {
  const inbox = process.env.E2E_INBOX;
  if (!inbox) throw new Error('E2E_INBOX is not set: run the specs through the Playwright config');
  const mails: ReceivedMail[] = [];
  for (const file of readdirSync(inbox).sort()) {
    const parsed = await PostalMime.parse(readFileSync(join(inbox, file)));
    const html = parsed.html ?? '';
    const tracking = /<img[^>]+src="([^"]*\/api\/mail\/t\/[^"]+\.gif)"/i.exec(html);
    mails.push({
      to: (parsed.to ?? []).map((a) => a.address ?? '').filter(Boolean),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html,
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? '',
        mimeType: a.mimeType,
        content: Buffer.from(typeof a.content === 'string' ? a.content : new Uint8Array(a.content)),
      })),
      trackingUrl: tracking?.[1]?.replace(/&amp;/g, '&') ?? null,
    });
  }
  return mails;
}

/** Every message sent to `address` once there are at least `count` of them, oldest first. */
export async function mailsTo(address: string, count = 1): Promise<ReceivedMail[]> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await readAll()).filter((m) => m.to.includes(address));
        return found.length;
      },
      { message: `${count} mail(s) to ${address}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The newest message to `address`, waiting for it to arrive. */
export async function latestMailTo(address: string): Promise<ReceivedMail> {
  return (await mailsTo(address)).at(-1) as ReceivedMail;
}
