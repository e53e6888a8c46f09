/** argon2id hashes (@node-rs/argon2; its defaults are argon2id, m=19 MiB, t=2, p=1 — OWASP's minimum). */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
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
  dummy ??= hash('not-a-real-password-0f3a');
  await verifyPassword(await dummy, plain);
}
