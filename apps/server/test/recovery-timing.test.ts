/**
 * docs/decisions/163: a recovery request for a known name does, before answering, exactly
 * what one for an unknown name does — it queues a job with the name typed; the lookup, the code and
 * the mail come from that job.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordRecoveryCodes } from '../src/db/schema';
import { buildTestApp, createUser, json, waitFor, type TestApp } from './helpers';
import { waitForIdleQueue } from './jobs';

let t: TestApp;
const statements: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({}, { logQuery: (query) => statements.push(query) });
});
afterAll(() => t.close());

const isJobInsert = (query: string) => /insert into pgboss\.job/i.test(query);

/**
 * The SQL run between the request and its answer. The queue's workers share the statement log: the
 * request starts with the queue idle, and the answer path is taken up to its job insert (the
 * request's last statement), as the job it queued may start before the answer is read.
 */
async function answerPath(username: string): Promise<string[]> {
  await waitForIdleQueue(t.database.db);
  const before = statements.length;
  const res = await t.app.inject({ method: 'POST', url: '/api/password_recovery/request', payload: { username } });
  expect(json(res)).toEqual({ sent: true });
  const ran = statements.slice(before);
  const insert = ran.findIndex(isJobInsert);
  expect(insert).toBeGreaterThanOrEqual(0);
  return ran.slice(0, insert + 1);
}

describe('password recovery request', () => {
  it('runs the same statements before answering for a known and an unknown name; the code follows', async () => {
    const { user } = await createUser(t.app);
    const codesOf = () => t.database.db.select().from(passwordRecoveryCodes).where(eq(passwordRecoveryCodes.userId, user.id));
    for (let i = 1; i <= 3; i++) {
      const known = await answerPath(user.username);
      // … the known user's code is stored after the answer (wait for it, so it is not counted below).
      await waitFor(async () => ((await codesOf()).length === i ? true : undefined));
      const unknown = await answerPath(`nobody-${i}`);
      expect(known).toEqual(unknown);
      // The job insert, and before it only the uses the limits take per address and per name typed
      // (docs/decisions/262), each in its transaction under its lock: nothing that looks the name up.
      expect(isJobInsert(known.at(-1)!)).toBe(true);
      expect(known.slice(0, -1).filter((q) => !/"login_failures"|pg_advisory_xact_lock|^(begin|commit)$/.test(q))).toEqual([]);
    }
    expect((await codesOf()).filter((c) => c.usedAt === null)).toHaveLength(1);
  });
});
