/**
 * Resend (PUT /api/deliveries/{id}/resend) is limited per note — once in RESEND_INTERVAL_MINUTES,
 * decided under the note's lock so a burst of clicks sends one mail — and the note's history keeps
 * who sent it again, when and to whom (docs/decisions/262). The approval's own mail does not count:
 * a note may be sent again right after it is approved.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_INTERVAL_MINUTES, RESENT_BY_EMAIL, resendTooSoon } from '@cooler-hub/contract/deliveries';
import { outgoingMail, revisionEntries } from '../src/db/schema';
import { DELIVERY_NOTE_KIND } from '../src/modules/revision-entries/revision-entries.repository';
import { call } from './factories';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { buildTestApp, hydraDescription, loginAs, type TestApp } from './helpers';

let t: TestApp;
let f: DeliveryFixtures;
let user: { id: number; username: string };
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await loginAs(t.app, 'Admin');
  user = admin.user;
  token = admin.token;
  f = await deliveryFixtures(t.app, token);
}, 180_000);
afterAll(() => t.close());

const resend = (id: number) => call(t.app, token, 'PUT', `/api/deliveries/${id}/resend`);

async function approvedNote(address: string) {
  const note = await f.note({ type: 'transfer', emails: [(await f.email(address)).id] });
  expect((await call(t.app, token, 'POST', `/api/deliveries/${note.id}/approve`)).statusCode).toBe(200);
  return note;
}

const mailsOf = async (id: number) =>
  (
    await t.database.db
      .select({ id: outgoingMail.id })
      .from(outgoingMail)
      .where(and(eq(outgoingMail.kind, 'delivery'), eq(outgoingMail.ref, String(id))))
  ).length;

const historyOf = (id: number) =>
  t.database.db
    .select()
    .from(revisionEntries)
    .where(and(eq(revisionEntries.entryKind, DELIVERY_NOTE_KIND as never), eq(revisionEntries.entryRef, String(id))))
    .orderBy(revisionEntries.id);

describe('Resend', () => {
  it('right after the approval is sent and written in the note’s history with who, when and to whom; again at once is 429', async () => {
    const note = await approvedNote('resend.once@example.com');
    const before = Date.now();
    expect((await resend(note.id)).statusCode).toBe(200);
    const [entry, ...more] = await historyOf(note.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      diffType: 'Text',
      creatorId: user.id,
      creatorUsername: user.username,
      textOnlyMessage: [RESENT_BY_EMAIL, 'To: resend.once@example.com'],
    });
    expect(Math.abs(entry!.createdAt.getTime() - before)).toBeLessThan(60_000);
    expect(await mailsOf(note.id)).toBe(2); // the approval's and the resend's

    const again = await resend(note.id);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RESEND_INTERVAL_MINUTES * 60);
    expect(hydraDescription(again, 429)).toBe(resendTooSoon(retryAfter));
    expect(await mailsOf(note.id)).toBe(2);
    expect(await historyOf(note.id)).toHaveLength(1);
  });

  it(`after ${RESEND_INTERVAL_MINUTES} minutes it may be sent again`, async () => {
    const note = await approvedNote('resend.later@example.com');
    expect((await resend(note.id)).statusCode).toBe(200);
    // The last resend, moved back past the interval.
    await t.database.db
      .update(revisionEntries)
      .set({ createdAt: sql`now() - make_interval(mins => ${RESEND_INTERVAL_MINUTES}, secs => 1)` })
      .where(and(eq(revisionEntries.entryKind, DELIVERY_NOTE_KIND as never), eq(revisionEntries.entryRef, String(note.id))));
    expect((await resend(note.id)).statusCode).toBe(200);
    expect(await historyOf(note.id)).toHaveLength(2);
    expect(await mailsOf(note.id)).toBe(3);
  });

  it('a burst of 20 clicks at once sends one mail: one 200, the rest 429', async () => {
    const note = await approvedNote('resend.burst@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => resend(note.id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(19);
    expect(await mailsOf(note.id)).toBe(2);
    expect(await historyOf(note.id)).toHaveLength(1);
  });

  it('the limit is the note’s: another note is sent at once', async () => {
    const one = await approvedNote('resend.one@example.com');
    const other = await approvedNote('resend.other@example.com');
    expect((await resend(one.id)).statusCode).toBe(200);
    expect((await resend(other.id)).statusCode).toBe(200);
  });
});
