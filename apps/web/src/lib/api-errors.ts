/**
 * The error catalogue of docs/product.md §8 as a pure function: given a status, the parsed body (or
 * UNREADABLE) and the request path, what should happen. api-client.ts carries the outcome out
 * (toast, navigation, reload) and throws an ApiError the caller can inspect.
 */
import type { Violation } from '@cooler-hub/contract/common';
import { signIn } from '@cooler-hub/contract/operations/auth';

export const UNREADABLE = Symbol('unreadable body');

export const MSG_INTERNAL_SERVER_ERROR = 'Internal Server Error 500';
export const MSG_FORBIDDEN = "You don't have permission for this operation";
export const MSG_UNREADABLE = 'Server side error. Please contact the support.';
export const MSG_UNKNOWN = 'Unknown error';
const LOGIN_CHECK_PATH = signIn.path;
/** A 404 from this path means "no default e-mail", not a missing page (docs/product.md §8). */
const NOT_FOUND_EXEMPT = 'customer_account_exchange';

export type ErrorOutcome =
  /** Shown as a toast by the client; the caller need not show it again. */
  | { kind: 'toast'; message: string }
  /** The app goes to /404. */
  | { kind: 'not-found'; message: string }
  /** The stored token is cleared and the page reloads. */
  | { kind: 'unauthorized'; message: string }
  /** Per-field errors for the caller (form layer). */
  | { kind: 'violations'; message: string; violations: Violation[] }
  /** An error the caller shows itself (e.g. a login failure at form level). */
  | { kind: 'error'; message: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringField(body: unknown, key: string): string | null {
  if (!isRecord(body)) return null;
  const value = body[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

function readViolations(body: unknown): Violation[] | null {
  if (!isRecord(body) || !Array.isArray(body.violations)) return null;
  return body.violations.filter(isRecord).map((v) => ({
    propertyPath: typeof v.propertyPath === 'string' ? v.propertyPath : '',
    title: typeof v.title === 'string' ? v.title : '',
    message: typeof v.message === 'string' ? v.message : typeof v.title === 'string' ? v.title : '',
  }));
}

/** A readable sentence from a hydra:Error, a violation list or a {code, message} body. */
export function describeBody(body: unknown): string | null {
  return stringField(body, 'hydra:description') ?? stringField(body, 'detail') ?? stringField(body, 'message');
}

export function interpretError(status: number, body: unknown, path: string): ErrorOutcome {
  const readable = body !== UNREADABLE && body !== undefined && body !== null && body !== '';
  const description = readable ? describeBody(body) : null;

  if (status === 500) return { kind: 'toast', message: MSG_INTERNAL_SERVER_ERROR };
  if (status === 404) {
    if (path.includes(NOT_FOUND_EXEMPT)) return { kind: 'error', message: description ?? 'Not Found' };
    return { kind: 'not-found', message: description ?? 'Not Found' };
  }
  if (status === 401) {
    const message = description ?? MSG_UNREADABLE;
    return path.startsWith(LOGIN_CHECK_PATH) ? { kind: 'error', message } : { kind: 'unauthorized', message };
  }
  if (status === 403) return { kind: 'toast', message: MSG_FORBIDDEN };
  // Violations go to the fields even when the body carries no readable description of its own.
  const violations = status === 400 && readable ? readViolations(body) : null;
  if (violations && violations.length > 0) {
    return { kind: 'violations', message: description ?? violations.map((v) => v.message).join('\n'), violations };
  }
  if (!readable || !description) return { kind: 'toast', message: MSG_UNREADABLE };
  if (status === 400) return { kind: 'toast', message: description };
  if (status >= 500) return { kind: 'toast', message: description };
  // Statuses the catalogue does not name (409, 429, 502…): the caller decides where to show them.
  return { kind: 'error', message: description };
}
