/**
 * Sign-in throttling state, kept in `login_failures` so every instance behind a load balancer counts
 * the same (docs/decisions/012). Keys:
 * - `pair:<account>@<address>` — a failure of that account from that address (the hard lock);
 * - `ip:<address>` — a failure from that address, any account (the address slow-down);
 * - `check:<account>` — a password check of the account, at the time it was scheduled for (the
 *   account's spacing); `wait:<account>@<address>` — the same check, to see that an address
 *   already has one waiting;
 * - `known:<account>@<address>` — the account's last successful sign-in from that address (kept
 *   KNOWN_ADDRESS_DAYS; such an address is not queued behind strangers);
 * - any other key given to `takeUse` — one use of a limited action (password recovery's request
 *   and verify, per address and per name, each use taken under a lock so a burst gets exactly the
 *   limit).
 */
import { and, count, eq, gt, like, lt, max, min, notLike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

const since = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`;

/** How long an address where an account signed in stays known for it. */
export const KNOWN_ADDRESS_DAYS = 30;
const KNOWN_SECONDS = KNOWN_ADDRESS_DAYS * 24 * 60 * 60;

/** Failures per key within the window, and the oldest of them (to tell when the block ends). */
export async function countRecentFailures(db: Db, key: string, windowSeconds: number): Promise<{ failures: number; oldest: Date | null }> {
  const [row] = await db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since(windowSeconds))));
  return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null };
}

/** Records one row per key; prunes rows older than `keepSeconds`, so made-up names cannot pile up. */
export async function recordFailures(db: Db, keys: string[], keepSeconds: number): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
  await prune(db, keepSeconds);
}

/** Removes rows older than `keepSeconds`, and known addresses older than KNOWN_ADDRESS_DAYS. */
export async function prune(db: Db, keepSeconds: number): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      or(
        and(lt(loginFailures.createdAt, since(keepSeconds)), notLike(loginFailures.key, 'known:%')),
        lt(loginFailures.createdAt, since(KNOWN_SECONDS)),
      ),
    );
}

/**
 * One more use of `key`, unless `limit` uses were made within the window: answers 0 when taken,
 * else the seconds until the oldest use leaves the window. Counted and recorded in one transaction
 * under an advisory lock on the key, so however many arrive at once (on any instance) they take
 * their turns: exactly `limit` are taken, the rest refused. A refused use is not recorded:
 * refusals do not prolong the wait. The caller prunes (`prune`) once its uses are taken.
 */
export async function takeUse(db: Db, key: string, windowSeconds: number, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`use:${key}`}))`);
    const [state] = await tx
      .select({
        uses: count(),
        retryAfter:
          sql<number>`ceil(extract(epoch from (min(${loginFailures.createdAt}) + make_interval(secs => ${windowSeconds}) - now())))`.mapWith(
            Number,
          ),
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.createdAt, since(windowSeconds))));
    if ((state?.uses ?? 0) >= limit) return Math.max(1, state?.retryAfter ?? windowSeconds);
    await tx.insert(loginFailures).values({ key });
    return 0;
  });
}

/** Remembers that the account signed in from the address (docs/decisions/012). */
export async function recordKnownAddress(db: Db, account: string, address: string): Promise<void> {
  const key = `known:${account}@${address}`;
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
  await db.insert(loginFailures).values({ key });
}

export type Reservation =
  | { kind: 'scheduled'; waitMs: number }
  /** The account signed in from this address before: checked at once, outside the queue. */
  | { kind: 'known' }
  /** The account's queue is full, or this address already has a check waiting. */
  | { kind: 'busy'; retryAfterSeconds: number };

/**
 * Schedules the next password check of `account`: no earlier than `spacingMs(checks)` after the
 * latest scheduled one, where `checks` counts the account's checks within `windowSeconds`. Taken
 * under a transaction-scoped advisory lock on the account, so parallel sign-ins on any instance
 * queue one behind the other. A check that would have to wait longer than `maxWaitMs(spacing)`, or
 * from an address that already has one waiting, is not scheduled. An address the account signed
 * in from within KNOWN_ADDRESS_DAYS is not queued at all.
 */
export async function reserveCheck(
  db: Db,
  account: string,
  address: string,
  windowSeconds: number,
  spacingMs: (checks: number) => number,
  maxWaitMs: (spacingMs: number) => number,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${account}`}))`);
    const [state] = await tx
      .select({
        checks: sql<number>`count(*) filter (where ${loginFailures.key} = ${`check:${account}`})`.mapWith(Number),
        lastMs: sql<
          number | null
        >`(extract(epoch from (${max(loginFailures.createdAt)} filter (where ${loginFailures.key} = ${`check:${account}`}) - now())) * 1000)`.mapWith(
          (v: unknown) => (v === null ? null : Number(v)),
        ),
        waiting:
          sql<number>`count(*) filter (where ${loginFailures.key} = ${`wait:${account}@${address}`} and ${loginFailures.createdAt} > now())`.mapWith(
            Number,
          ),
        known: sql<number>`count(*) filter (where ${loginFailures.key} = ${`known:${account}@${address}`})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(
        or(
          and(
            or(eq(loginFailures.key, `check:${account}`), eq(loginFailures.key, `wait:${account}@${address}`)),
            gt(loginFailures.createdAt, since(windowSeconds)),
          ),
          and(eq(loginFailures.key, `known:${account}@${address}`), gt(loginFailures.createdAt, since(KNOWN_SECONDS))),
        ),
      );
    if ((state?.known ?? 0) > 0) return { kind: 'known' };
    const checks = state?.checks ?? 0;
    const spacing = spacingMs(checks);
    // Relative to the database's clock, shared by every instance.
    const waitMs = Math.max(0, state?.lastMs === null || state?.lastMs === undefined ? 0 : state.lastMs + spacing);
    const limit = maxWaitMs(spacing);
    if ((state?.waiting ?? 0) > 0) return { kind: 'busy', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    if (waitMs > limit) return { kind: 'busy', retryAfterSeconds: Math.max(1, Math.ceil((waitMs - limit) / 1000)) };
    const at = sql`now() + make_interval(secs => ${waitMs / 1000})`;
    await tx.insert(loginFailures).values([
      { key: `check:${account}`, createdAt: at },
      { key: `wait:${account}@${address}`, createdAt: at },
    ]);
    return { kind: 'scheduled', waitMs };
  });
}

/** Forgets everything about an account: its checks and its failures from every address. */
export async function clearAccount(db: Db, account: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(
      or(
        eq(loginFailures.key, `check:${account}`),
        like(loginFailures.key, `wait:${account}@%`),
        like(loginFailures.key, `pair:${account}@%`),
        eq(loginFailures.key, account),
      ),
    );
}
