/**
 * A note created with a client key (docs/decisions/271): the retry of a create whose answer was lost
 * answers the same note and creates nothing, also when both arrive at once; the key reused for
 * another note is refused with a sentence; without a key a create is as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { DELIVERY_KEY_REUSED, type Delivery } from '@cooler-hub/contract/deliveries';
import { INVALID_VALUE_MESSAGE } from '@cooler-hub/contract/common';
import { deliveries, deliveryLines } from '../src/db/schema';
import { deliveryFixtures, type DeliveryFixtures } from './deliveries-fixtures';
import { hydraDescription, json, useSignedInApp, violationsOf } from './helpers';

const suite = useSignedInApp('Production');
const api = suite.api;
let f: DeliveryFixtures;
beforeAll(async () => {
  f = await deliveryFixtures(suite.app, suite.token);
});

const transfer = async (clientKey: string, lbNumbers: string[]) => ({
  type: 'transfer',
  clientKey,
  deliveryDay: '2026-03-02',
  customerAccount: f.refs.account.id,
  emails: [(await f.email()).id],
  lbNumbers,
});

const errorSheet = (clientKey: unknown, lbNumbers: string[]) => ({ type: 'error_sheet', clientKey, deliveryDay: '2026-03-02', lbNumbers });

async function notesWithKey(clientKey: string) {
  const rows = await suite.t.database.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.clientKey, clientKey));
  return rows.map((r) => r.id);
}

describe('POST /api/deliveries with a clientKey', () => {
  it('answers a retry with the note the first request made (201), creating no second note and no second line', async () => {
    const lbs = await f.lbs(3);
    const key = randomUUID();
    const first = await api('POST', '/api/deliveries', errorSheet(key, lbs));
    expect(first.statusCode).toBe(201);
    const again = await api(
      'POST',
      '/api/deliveries',
      errorSheet(
        key,
        [...lbs].reverse().map((lb) => lb.toLowerCase()),
      ),
    );
    expect(again.statusCode).toBe(201);
    expect(json<Delivery>(again).id).toBe(json<Delivery>(first).id);
    expect(json<Delivery>(again).lbNumbers).toEqual(lbs);
    expect(await notesWithKey(key)).toEqual([json<Delivery>(first).id]);
    const [lines] = await suite.t.database.db
      .select({ n: count() })
      .from(deliveryLines)
      .where(eq(deliveryLines.deliveryId, json<Delivery>(first).id));
    expect(lines!.n).toBe(3);
  });

  it('makes one transfer note of two identical requests sent at once', async () => {
    const lbs = await f.lbs(2);
    const key = randomUUID();
    const body = await transfer(key, lbs);
    const [a, b] = await Promise.all([api('POST', '/api/deliveries', body), api('POST', '/api/deliveries', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(json<Delivery>(a).id).toBe(json<Delivery>(b).id);
    expect(await notesWithKey(key)).toHaveLength(1);
  });

  it('refuses the key again with other LB numbers or another type (400, the sentence), writing nothing', async () => {
    const [lb1, lb2] = await f.lbs(2);
    const key = randomUUID();
    expect((await api('POST', '/api/deliveries', errorSheet(key, [lb1!]))).statusCode).toBe(201);
    expect(hydraDescription(await api('POST', '/api/deliveries', errorSheet(key, [lb1!, lb2!])))).toBe(DELIVERY_KEY_REUSED);
    expect(hydraDescription(await api('POST', '/api/deliveries', await transfer(key, [lb1!])))).toBe(DELIVERY_KEY_REUSED);
    expect(await notesWithKey(key)).toHaveLength(1);
  });

  it('takes a key that is no UUID as a violation on clientKey, and a create without a key as before', async () => {
    const lbs = await f.lbs(1);
    expect(violationsOf(await api('POST', '/api/deliveries', errorSheet('not-a-uuid', lbs)))).toEqual({ clientKey: INVALID_VALUE_MESSAGE });
    const a = await api('POST', '/api/deliveries', errorSheet(null, lbs));
    const b = await api('POST', '/api/deliveries', errorSheet(undefined, await f.lbs(1)));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(json<Delivery>(a).id).not.toBe(json<Delivery>(b).id);
  });
});
