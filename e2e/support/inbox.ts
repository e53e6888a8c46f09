/** Reads what the app sent to the test's SMTP server (global-setup stores each message as .eml). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { expect } from '@playwright/test';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

async function readAll(): Promise<ReceivedMail[]> {
  const inbox = process.env.E2E_INBOX;
  if (!inbox) throw new Error('E2E_INBOX is not set: run the specs through the Playwright config');
  const mails: ReceivedMail[] = [];
  for (const file of readdirSync(inbox).sort()) {
    const parsed = await PostalMime.parse(readFileSync(join(inbox, file)));
    mails.push({
      to: (parsed.to ?? []).map((a) => a.address ?? '').filter(Boolean),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
    });
  }
  return mails;
}

/** The newest message to `address`, waiting for it to arrive. */
export async function latestMailTo(address: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      found = (await readAll()).filter((m) => m.to.includes(address)).at(-1);
      return Boolean(found);
    }, { message: `a mail to ${address}`, timeout: 15_000 })
    .toBe(true);
  return found as ReceivedMail;
}
