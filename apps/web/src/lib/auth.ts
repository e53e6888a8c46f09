/**
 * Session state (docs/product.md §4): starts `unloaded`, reads the stored token and becomes `authenticated`
 * or `loggedOut`. The token lives in localStorage under 'token'. A token that cannot be decoded, or
 * has expired, logs the user out. Components read the state with `useAuth()`.
 *
 * A session that ends without the user asking (expired, or refused by the server) is remembered for
 * this tab across the reload the 401 rule makes (docs/product.md §8), so the login screen can say why.
 */
import { useSyncExternalStore } from 'react';
import type { TokenPayload } from '@cooler-hub/contract/auth';
import { TOKEN_STORAGE_KEY, decodeTokenPayload, isExpired } from './token';

export type LogoutReason = 'invalid-token' | 'expired' | 'signed-out';

export type AuthState =
  | { status: 'unloaded' }
  | { status: 'authenticated'; token: string; payload: TokenPayload }
  | { status: 'loggedOut'; reason?: LogoutReason };

/** sessionStorage key: set when a session ended on its own, read (and removed) on the next load. */
const SESSION_ENDED_KEY = 'session-ended';

let state: AuthState = { status: 'unloaded' };
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function emit(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function removeStorage() {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

function rememberSessionEnded(ended: boolean) {
  try {
    if (ended) sessionStorage.setItem(SESSION_ENDED_KEY, '1');
    else sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    /* storage unavailable: the login screen just will not say why */
  }
}

/** Read once: a reload of the login screen afterwards no longer repeats the message. */
function takeSessionEnded(): boolean {
  try {
    const ended = sessionStorage.getItem(SESSION_ENDED_KEY) !== null;
    sessionStorage.removeItem(SESSION_ENDED_KEY);
    return ended;
  } catch {
    return false;
  }
}

function scheduleExpiry(payload: TokenPayload) {
  clearTimeout(expiryTimer);
  const ms = payload.exp * 1000 - Date.now();
  // setTimeout overflows above ~24.8 days; tokens live 8 hours, so this only guards odd clocks.
  if (ms > 0 && ms < 2 ** 31 - 1) expiryTimer = setTimeout(() => clearSession('expired'), ms);
}

function stateFromToken(token: string | null): AuthState {
  if (!token) return { status: 'loggedOut' };
  const payload = decodeTokenPayload(token);
  if (!payload) {
    console.warn('Invalid JWT Token: the stored token could not be decoded.');
    return { status: 'loggedOut', reason: 'invalid-token' };
  }
  if (isExpired(payload)) return { status: 'loggedOut', reason: 'expired' };
  return { status: 'authenticated', token, payload };
}

/** unloaded → authenticated | loggedOut. Called once before the first render. */
export function loadSession(): AuthState {
  let next = stateFromToken(readStorage());
  const ended = takeSessionEnded();
  if (next.status === 'authenticated') scheduleExpiry(next.payload);
  else {
    removeStorage();
    if (ended && next.status === 'loggedOut' && !next.reason) next = { status: 'loggedOut', reason: 'expired' };
  }
  emit(next);
  return next;
}

/** Stores a token from the server (login, profile update). An undecodable token logs out. */
export function storeToken(token: string): AuthState {
  const next = stateFromToken(token);
  if (next.status === 'authenticated') {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    rememberSessionEnded(false);
    scheduleExpiry(next.payload);
  } else {
    removeStorage();
  }
  emit(next);
  return next;
}

export function clearSession(reason: LogoutReason = 'signed-out') {
  clearTimeout(expiryTimer);
  removeStorage();
  rememberSessionEnded(reason !== 'signed-out');
  emit({ status: 'loggedOut', reason });
}

/** True when the user did not sign out themselves: the login screen says the session has ended. */
export function sessionEnded(state: AuthState): boolean {
  return state.status === 'loggedOut' && state.reason !== undefined && state.reason !== 'signed-out';
}

/** The raw token for the Authorization header ('' when absent, docs/product.md §7). */
export function currentToken(): string {
  return state.status === 'authenticated' ? state.token : (readStorage() ?? '');
}

export function getAuthState(): AuthState {
  return state;
}

function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

// Signing out (or in) in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) loadSession();
  });
}
