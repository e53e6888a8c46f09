/**
 * docs/decisions/063: a recovery request for a known name does, before answering, exactly what one
 * for an unknown name does; the code and the mail come after the answer.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordRecoveryCodes } from '../src/db/schema';
import { buildTestApp, createUser, json, waitFor, type TestApp } from './helpers';

let t: TestApp;
const statements: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({}, { logQuery: (query) => statements.push(query) });
});
afterAll(() => t.close());

/** The SQL run between the request and its answer. */
async function answerPath(username: string): Promise<string[]> {
  const before = statements.length;
  const res = await t.app.inject({ method: 'POST', url: '/api/password_recovery/request', payload: { username } });
  const ran = statements.slice(before);
  expect(json(res)).toEqual({ sent: true });
  return ran;
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
      expect(known).toHaveLength(1); // the name lookup
    }
    expect((await codesOf()).filter((c) => c.usedAt === null)).toHaveLength(1);
  });
});
