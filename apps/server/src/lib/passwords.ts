/**
 * argon2id hashes (@node-rs/argon2; its defaults are argon2id, m=19 MiB, t=2, p=1 — OWASP's minimum).
 *
 * Hashes and checks run at most MAX_CONCURRENT_PASSWORD_WORK at a time, first come first served;
 * the rest queue (docs/decisions/262). Each takes a core for tens of milliseconds and a thread of
 * libuv's small pool, which file reads and DNS share: a burst of sign-ins must not take them all.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** Half the cores, at least one: the rest stay for the event loop and the embedded database. */
export const MAX_CONCURRENT_PASSWORD_WORK = Math.max(1, Math.floor(availableParallelism() / 2));

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once fewer than MAX_CONCURRENT_PASSWORD_WORK others run; a finished one hands its turn on. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT_PASSWORD_WORK) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(plain: string): Promise<string> {
  return inTurn(() => hash(plain));
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(hashed, plain));
  } catch {
    // A malformed stored hash is a failed check, not a crash.
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no user to check against, so a sign-in or a
 * recovery request does not reveal whether a name exists.
 */
export async function verifyAgainstDummy(plain: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0f3a');
  await verifyPassword(await dummy, plain);
}
