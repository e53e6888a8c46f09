/**
 * Where the login screen goes after sign-in: the protected address a signed-out visitor opened
 * (a deep link, or the page a session ended on), carried in the router's history state so it
 * survives the reload of the 401 rule; otherwise / (→ /main). Only in-app paths are accepted.
 */
const DEFAULT_TARGET = '/';

export interface ReturnState {
  returnTo: string;
}

export function returnState(returnTo: string): ReturnState {
  return { returnTo };
}

/** The path to go to after sign-in, from whatever history state the login route received. */
export function returnTarget(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return DEFAULT_TARGET;
  const target = state.returnTo;
  // A path inside the hash router only: never another origin ('//host'), never back to login.
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return DEFAULT_TARGET;
  if (target === '/login' || target.startsWith('/login/') || target.startsWith('/login?')) return DEFAULT_TARGET;
  return target;
}
