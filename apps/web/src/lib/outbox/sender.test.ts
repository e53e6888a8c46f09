import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SendResult } from './classify';
import { backoffMs } from './classify';
import { resetDbForTests } from './db';
import { holdsValues } from './outbox';
import { sendRound, sendUnderLock, type SenderDeps } from './sender';
import { enqueue, itemsOf, updateItem } from './store';
import type { NewOutboxItem, OutboxRequest } from './types';

const USER = '7';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDbForTests();
});

const receipt = (id: string, dependsOn: string[] = []): NewOutboxItem => ({
  id,
  kind: 'receipt',
  label: `Receipt ${id}`,
  request: { method: 'POST', path: '/api/receipts', body: { id } },
  dependsOn,
});

/** A server keeping each create once by its id (decision 020), answering as `answer` says. */
function fakeServer(answer: (request: OutboxRequest, n: number) => SendResult | 'store' = () => 'store') {
  const stored = new Map<string, number>();
  const calls: string[] = [];
  const transport = async (request: OutboxRequest): Promise<SendResult> => {
    const id = (request.body as { id: string }).id;
    calls.push(id);
    await new Promise((r) => setTimeout(r, 1));
    const a = answer(request, calls.filter((c) => c === id).length);
    if (a !== 'store') return a;
    stored.set(id, (stored.get(id) ?? 0) + 1);
    return { kind: 'answer', status: 201, body: { id } };
  };
  return { stored, calls, transport };
}

const statuses = async () => Object.fromEntries((await itemsOf(USER)).map((i) => [i.id, i.status]));

describe('the outbox sender', () => {
  it('sends this user’s items in the order they were made, each once', async () => {
    for (const id of ['a', 'b', 'c']) await enqueue(USER, receipt(id));
    await enqueue('someone-else', receipt('x'));
    const server = fakeServer();
    const round = await sendRound({ user: USER, transport: server.transport });
    expect(server.calls).toEqual(['a', 'b', 'c']);
    expect(round.sent).toBe(3);
    expect(await statuses()).toEqual({ a: 'sent', b: 'sent', c: 'sent' });
    await sendRound({ user: USER, transport: server.transport });
    expect(server.calls).toEqual(['a', 'b', 'c']);
  });

  it('keeps a refused item with the server’s sentence and goes on with the items behind it; its dependants are held, and go once it is fixed', async () => {
    await enqueue(USER, receipt('a'));
    await enqueue(USER, receipt('b'));
    await enqueue(USER, receipt('note', ['b']));
    await enqueue(USER, receipt('c'));
    const refused = { 'hydra:description': 'This value is already used.' };
    const server = fakeServer((r) =>
      (r.body as { id: string; fixed?: boolean }).id === 'b' && !(r.body as { fixed?: boolean }).fixed
        ? { kind: 'answer', status: 400, body: refused }
        : 'store',
    );
    await sendRound({ user: USER, transport: server.transport });
    expect(await statuses()).toEqual({ a: 'sent', b: 'refused', note: 'held', c: 'sent' });
    expect((await itemsOf(USER)).find((i) => i.id === 'b')?.refusal).toMatchObject({
      status: 400,
      sentence: 'This value is already used.',
    });
    expect(server.calls).toEqual(['a', 'b', 'c']);

    await updateItem('b', (i) => ({ ...i, status: 'waiting', request: { ...i.request, body: { id: 'b', fixed: true } } }));
    await sendRound({ user: USER, transport: server.transport });
    expect(await statuses()).toEqual({ a: 'sent', b: 'sent', note: 'sent', c: 'sent' });
    expect(server.calls).toEqual(['a', 'b', 'c', 'b', 'note']);
  });

  it('stops at an item that got no answer (the network), sends nothing behind it, and tries again after a growing wait', async () => {
    for (const id of ['a', 'b', 'c']) await enqueue(USER, receipt(id));
    let now = 1_000_000;
    let online = false;
    const server = fakeServer((r) => (online || (r.body as { id: string }).id === 'a' ? 'store' : { kind: 'network' }));
    const deps: SenderDeps = { user: USER, transport: server.transport, now: () => now };

    let round = await sendRound(deps);
    expect(server.calls).toEqual(['a', 'b']);
    expect(round.next).toBe(now + 1000);
    // Before the wait is over nothing goes.
    now += 999;
    await sendRound(deps);
    expect(server.calls).toEqual(['a', 'b']);
    now += 1;
    round = await sendRound(deps);
    expect(round.next).toBe(now + 2000);
    now += 2000;
    round = await sendRound(deps);
    expect(round.next).toBe(now + 4000);
    expect((await itemsOf(USER)).find((i) => i.id === 'b')?.attempts).toBe(3);

    online = true;
    now += 4000;
    round = await sendRound(deps);
    expect(server.calls).toEqual(['a', 'b', 'b', 'b', 'b', 'c']);
    expect(round.next).toBeNull();
    expect([...server.stored.values()]).toEqual([1, 1, 1]);
    expect([1, 2, 3, 7, 8, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 60_000, 60_000, 60_000]);
  });

  it('lets an item the server could not take now (503) wait with what depends on it, while the others go on', async () => {
    await enqueue(USER, receipt('a'));
    await enqueue(USER, receipt('a-note', ['a']));
    await enqueue(USER, receipt('b'));
    const server = fakeServer((r, n) =>
      (r.body as { id: string }).id === 'a' && n === 1 ? { kind: 'answer', status: 503, body: {} } : 'store',
    );
    let now = 5000;
    await sendRound({ user: USER, transport: server.transport, now: () => now });
    expect(await statuses()).toEqual({ a: 'waiting', 'a-note': 'waiting', b: 'sent' });
    now += 1000;
    await sendRound({ user: USER, transport: server.transport, now: () => now });
    expect(await statuses()).toEqual({ a: 'sent', 'a-note': 'sent', b: 'sent' });
    expect(server.calls).toEqual(['a', 'b', 'a', 'a-note']);
  });

  it('sends each item once when two tabs sync at once under the lock (and twice without it)', async () => {
    for (let i = 0; i < 20; i++) await enqueue(USER, receipt(`r${i}`));
    const server = fakeServer();
    const locks = fifoLocks();
    await Promise.all([
      sendUnderLock({ user: USER, transport: server.transport }, locks),
      sendUnderLock({ user: USER, transport: server.transport }, locks),
    ]);
    expect(server.calls).toHaveLength(20);
    expect(new Set(server.calls).size).toBe(20);

    // The rule the lock enforces: without it both tabs read the same waiting items and both send them.
    for (let i = 0; i < 5; i++) await enqueue(USER, receipt(`s${i}`));
    const unlocked = fakeServer();
    await Promise.all([sendRound({ user: USER, transport: unlocked.transport }), sendRound({ user: USER, transport: unlocked.transport })]);
    expect(unlocked.calls.length).toBeGreaterThan(5);
  });

  it('sends again an item whose answer was lost, and the server keeps it once', async () => {
    await enqueue(USER, receipt('a'));
    let lose = true;
    const stored = new Map<string, number>();
    const transport = async (request: OutboxRequest): Promise<SendResult> => {
      const id = (request.body as { id: string }).id;
      if (!stored.has(id)) stored.set(id, 1); // the create is idempotent by its id
      if (lose) {
        lose = false;
        return { kind: 'network' };
      }
      return { kind: 'answer', status: 201, body: { id } };
    };
    let now = 0;
    await sendRound({ user: USER, transport, now: () => now });
    now += 1000;
    await sendRound({ user: USER, transport, now: () => now });
    expect(await statuses()).toEqual({ a: 'sent' });
    expect([...stored.values()]).toEqual([1]);
  });

  it('counts an update answered 409 as sent when the record already holds what it sends; refuses it with the sentence when not', async () => {
    const update = (id: string): NewOutboxItem => ({
      id,
      kind: 'receipt-update',
      label: id,
      request: { method: 'PUT', path: `/api/receipts/${id}/main`, body: { id }, ifMatch: '1' },
      dependsOn: [],
    });
    await enqueue(USER, update('landed'));
    await enqueue(USER, update('changed'));
    const transport = async (): Promise<SendResult> => ({
      kind: 'answer',
      status: 409,
      body: { 'hydra:description': 'This receipt was changed by ann at 01/02/2026 10:00 after you opened it.' },
    });
    await sendRound({ user: USER, transport, alreadySaved: async (item) => (item.id === 'landed' ? { id: 'landed' } : undefined) });
    const items = await itemsOf(USER);
    expect(items.map((i) => [i.id, i.status])).toEqual([
      ['landed', 'sent'],
      ['changed', 'refused'],
    ]);
    expect(items[1]?.refusal?.sentence).toMatch(/^This receipt was changed by ann/);
  });

  it('sends an update kept behind another update of the same receipt on the version that one saved', async () => {
    const server = versionedReceipt('1');
    await enqueue(USER, update('u1', '1', { lbNumber: 'LB0002' }));
    await enqueue(USER, receipt('other'));
    // Made on top of the first (the form showed it): based on what the first saves, not on version 1.
    await enqueue(USER, update('u2', '1', { lbNumber: 'LB0002', notes: 'Door seal torn' }, ['u1']));
    const round = await sendRound({ user: USER, transport: server.transport });
    expect(round.sent).toBe(3);
    expect(await statuses()).toEqual({ u1: 'sent', other: 'sent', u2: 'sent' });
    expect(server.puts).toEqual(['1', '2']);
    expect(server.record).toMatchObject({ lbNumber: 'LB0002', notes: 'Door seal torn', version: '3' });
    // The item itself says the version it went on (a resend of it would go on that one too).
    expect((await itemsOf(USER)).find((i) => i.id === 'u2')?.request.ifMatch).toBe('2');
  });

  it('refuses an update someone changed first (409) and holds the one behind it; sent on their version, the one behind follows on what it saved', async () => {
    // Someone else saved version 5 after this device opened version 4.
    const server = versionedReceipt('5');
    await enqueue(USER, update('u1', '4', { lbNumber: 'LB0002' }));
    await enqueue(USER, update('u2', '4', { lbNumber: 'LB0002', assetNo: 'A-1' }, ['u1']));
    const deps: SenderDeps = { user: USER, transport: server.transport, alreadySaved: async () => undefined };
    await sendRound(deps);
    expect(await statuses()).toEqual({ u1: 'refused', u2: 'held' });
    expect((await itemsOf(USER))[0]?.refusal).toMatchObject({
      status: 409,
      sentence: 'This receipt was changed by ann at 01/02/2026 10:00 after you opened it.',
    });
    expect(server.record.lbNumber).toBe('LB0001');

    // 'Save mine over their change': the refused update goes again on the version stored now.
    await updateItem('u1', (i) => ({ ...i, status: 'waiting', refusal: null, request: { ...i.request, ifMatch: server.record.version } }));
    await sendRound(deps);
    expect(await statuses()).toEqual({ u1: 'sent', u2: 'sent' });
    expect(server.puts).toEqual(['4', '5', '6']);
    expect(server.record).toMatchObject({ lbNumber: 'LB0002', assetNo: 'A-1', version: '7' });
  });

  it('finds its own update in a receipt as the server answers it (a 409 after a lost answer), and not another’s', () => {
    const stored = {
      id: 'r1',
      lbNumber: 'LB0002',
      supplier: { id: 3, name: 'Sup' },
      account: { id: 9, name: 'Acc' },
      inventoryItem: { id: 'c1', serialNumber: 'S-1' },
      collectionPoint: null,
      engineerNo: 'ENG-1',
      processOption: 'X',
      processState: null,
      scrapReason: null,
      notes: null,
      tagFaultComment: null,
      assetNo: 'A-1',
      version: '7',
    };
    const body = {
      lbNumber: 'LB0002',
      supplier: 3,
      customerAccount: 9,
      inventoryItem: 'c1',
      processOption: 'X',
      processState: null,
      scrapReason: null,
      collectionPoint: null,
      engineerNo: 'ENG-1',
      notes: null,
      tagFaultComment: null,
      assetNo: 'A-1',
    };
    expect(holdsValues(stored, body)).toBe(true);
    expect(holdsValues(stored, { ...body, lbNumber: 'LB0003' })).toBe(false);
    expect(holdsValues({ ...stored, account: { id: 10, name: 'Other' } }, body)).toBe(false);
  });

  it('stops at a 401 and sends nothing more until someone signs in', async () => {
    await enqueue(USER, receipt('a'));
    await enqueue(USER, receipt('b'));
    const calls: string[] = [];
    await sendRound({
      user: USER,
      transport: async (r) => {
        calls.push((r.body as { id: string }).id);
        return { kind: 'answer', status: 401, body: {} };
      },
    });
    expect(calls).toEqual(['a']);
    expect(await statuses()).toEqual({ a: 'waiting', b: 'waiting' });
  });
});

const update = (id: string, ifMatch: string, body: Record<string, unknown>, dependsOn: string[] = []): NewOutboxItem => ({
  id,
  kind: 'receipt-update',
  label: `Update ${id}`,
  request: { method: 'PUT', path: '/api/receipts/r1/main', body, ifMatch },
  dependsOn,
});

/**
 * Receipt r1 on a server that takes an update only on its current version (decision 200), each
 * save making the next; creates are stored as they come. `puts`: the If-Match of each update sent.
 */
function versionedReceipt(version: string) {
  const record: Record<string, unknown> & { version: string } = { id: 'r1', lbNumber: 'LB0001', version };
  const puts: string[] = [];
  const transport = async (request: OutboxRequest): Promise<SendResult> => {
    if (request.method !== 'PUT') return { kind: 'answer', status: 201, body: request.body };
    puts.push(String(request.ifMatch));
    if (request.ifMatch !== record.version)
      return {
        kind: 'answer',
        status: 409,
        body: { 'hydra:description': 'This receipt was changed by ann at 01/02/2026 10:00 after you opened it.' },
      };
    Object.assign(record, request.body, { version: String(Number(record.version) + 1) });
    return { kind: 'answer', status: 200, body: { ...record } };
  };
  return { record, puts, transport };
}

/** An exclusive, first-come lock manager with the Web Locks call shape the sender uses. */
function fifoLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: ((name: string, callback: () => Promise<unknown>) => {
      const run = tail.then(() => callback());
      tail = run.catch(() => undefined);
      return run;
    }) as LockManager['request'],
    query: () => Promise.resolve({ held: [], pending: [] }),
  };
}
