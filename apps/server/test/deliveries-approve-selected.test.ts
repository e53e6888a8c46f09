/**
 * 'Approve selected' (docs/decisions/257): POST /api/deliveries/approve_selected approves each note
 * through the one approval rule, each in its own transaction with its own e-mail (through a real
 * SMTP server); a note that fails is reported and leaves the others approved; bad bodies are a 400
 * on the right field with nothing approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_RECIPIENTS_TO_MAIL,
  NO_SUCH_NOTE,
  NOTE_LISTED_TWICE,
  type ApproveSelectedResponse,
  type Delivery,
} from '@cooler-hub/contract/deliveries';
import { startSmtpSink, type SmtpSink } from '@cooler-hub/process-kit/smtp';
import { DeliveriesService } from '../src/modules/deliveries/deliveries.service';
import { call } from './factories';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { adminToken, buildTestApp, json, loginAs, violationsOf, waitFor, type TestApp } from './helpers';
import { TEST_JOB_TIMINGS, waitForIdleQueue } from './jobs';

let smtp: SmtpSink;
let t: TestApp;
let token: string;
let f: DeliveryFixtures;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url }, { jobTimings: TEST_JOB_TIMINGS });
  token = await adminToken(t.app);
  f = await deliveryFixtures(t.app, token);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => call(t.app, token, method, url, payload);
const note = async (id: number) => json<Delivery>(await api('GET', `/api/deliveries/${id}`));
const inbox = (to: string) => smtp.messages.filter((m) => m.to?.some((a) => a.address === to));
const approveSelected = (ids: unknown) => api('POST', '/api/deliveries/approve_selected', { ids });

describe('POST /api/deliveries/approve_selected', () => {
  it('approves each pending note and mails each once to its own recipients; reports the rest per note', async () => {
    const addresses = ['bulk.one@example.com', 'bulk.two@example.com', 'bulk.three@example.com'];
    const pending: Delivery[] = [];
    for (const address of addresses) pending.push(await f.note({ emails: [(await f.email(address)).id] }));
    const scrap = await f.note({ type: 'scrap', emails: [], lbNumbers: await f.lbs(1) });
    const before = await f.note({ emails: [(await f.email('bulk.before@example.com')).id] });
    expect((await api('POST', `/api/deliveries/${before.id}/approve`)).statusCode).toBe(200);
    await waitFor(() => (inbox('bulk.before@example.com').length === 1 ? true : undefined), 15_000);
    const gone = await f.note({ type: 'scrap', lbNumbers: await f.lbs(1) });
    expect((await api('DELETE', `/api/deliveries/${gone.id}`)).statusCode).toBe(204);

    const ids = [pending[0]!.id, before.id, pending[1]!.id, gone.id, scrap.id, pending[2]!.id];
    const res = await approveSelected(ids);
    expect(res.statusCode).toBe(200);
    expect(json<ApproveSelectedResponse>(res).items).toEqual([
      { id: pending[0]!.id, outcome: 'approved', message: null },
      { id: before.id, outcome: 'alreadyApproved', message: null },
      { id: pending[1]!.id, outcome: 'approved', message: null },
      { id: gone.id, outcome: 'failed', message: NO_SUCH_NOTE },
      { id: scrap.id, outcome: 'approved', message: NO_RECIPIENTS_TO_MAIL },
      { id: pending[2]!.id, outcome: 'approved', message: null },
    ]);
    for (const p of [...pending, scrap]) expect((await note(p.id)).status).toBe('approved');

    // Three messages, one per note, each to that note's recipient only, naming that note.
    for (const [i, address] of addresses.entries()) {
      const [mail] = await waitFor(() => (inbox(address).length ? inbox(address) : undefined), 15_000);
      expect(mail!.to?.map((a) => a.address)).toEqual([address]);
      expect(mail!.subject).toContain(`Transfer delivery note ${pending[i]!.id}`);
    }
    await waitForIdleQueue(t.database.db);
    for (const address of addresses) expect(inbox(address)).toHaveLength(1);
    // The note approved before is not mailed again.
    expect(inbox('bulk.before@example.com')).toHaveLength(1);

    // Approving the same notes again changes nothing and sends nothing.
    const again = json<ApproveSelectedResponse>(await approveSelected(pending.map((p) => p.id)));
    expect(again.items.map((i) => i.outcome)).toEqual(['alreadyApproved', 'alreadyApproved', 'alreadyApproved']);
    await waitForIdleQueue(t.database.db);
    for (const address of addresses) expect(inbox(address)).toHaveLength(1);
  });

  it('each note is its own transaction: one whose approval fails stays pending and the others stay approved', async () => {
    const [a, b, c] = [await f.note(), await f.note(), await f.note()];
    // The same service over the same database, with an e-mail step that fails for note b: its
    // approval rolls back (docs/decisions/157) while a's and c's have committed.
    const service = new DeliveriesService(t.database.db, {
      onApproved: async (_tx, id) => {
        if (id === b.id) throw new Error('the mail queue refused the message');
      },
    });
    const { user } = await loginAs(t.app, 'Production');
    const answer = await service.approveSelected({ id: user.id, username: user.username }, [a.id, b.id, c.id]);
    expect(answer.items.map((i) => [i.id, i.outcome])).toEqual([
      [a.id, 'approved'],
      [b.id, 'failed'],
      [c.id, 'approved'],
    ]);
    expect(answer.items[1]!.message).toMatch(/still pending/);
    expect((await note(a.id)).status).toBe('approved');
    expect((await note(b.id)).status).toBe('pending');
    expect((await note(c.id)).status).toBe('approved');
  });

  it.each([
    ['ids', undefined],
    ['ids', []],
    ['ids', '12'],
    ['ids[3]', [1, 2, 3, 'x']],
    ['ids[3]', [1, 2, 3, 0]],
    ['ids[3]', [1, 2, 3, 2]],
    ['ids', Array.from({ length: 101 }, (_, i) => i + 1)],
  ])('a bad body is a 400 on %s (case %#) and approves nothing', async (field, ids) => {
    const pending = await f.note();
    const body = Array.isArray(ids) ? ids.map((id) => (id === 1 ? pending.id : id)) : ids;
    const violations = violationsOf(await approveSelected(body));
    expect(Object.keys(violations)).toEqual([field]);
    if (Array.isArray(ids) && ids.length === 4 && ids[3] === 2) expect(violations[field]).toBe(NOTE_LISTED_TWICE);
    expect((await note(pending.id)).status).toBe('pending');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/deliveries/approve_selected', payload: { ids: [1] } });
    expect(res.statusCode).toBe(401);
  });
});
