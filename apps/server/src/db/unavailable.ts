/**
 * Whether an error means "the database cannot serve us right now" rather than "this request is
 * wrong" or "our code is broken" (docs/decisions/187): no free connection in the pool, the server
 * refusing or dropping connections, shutting down, out of connection slots, or a statement or lock
 * wait cut short by its timeout. Such a request may well succeed a few seconds later, so it is
 * answered 503 with Retry-After instead of 500.
 */

/** SQLSTATEs: connection exception (08…), insufficient resources (53…), and the ones below. */
const TRANSIENT_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
]);
const TRANSIENT_SQLSTATE_CLASSES = ['08', '53'];

/** Node's socket errors when the server is not there or goes away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** node-postgres and pg-pool say these without a code. */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: every connection busy for connectionTimeoutMillis
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

function transient(e: object): boolean {
  const code = 'code' in e && typeof e.code === 'string' ? e.code : undefined;
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    return TRANSIENT_SQLSTATES.has(code) || TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2));
  }
  if (code && NETWORK_CODES.has(code)) return true;
  const message = 'message' in e && typeof e.message === 'string' ? e.message : '';
  return DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/** Looks through drizzle's wrapper (`cause`) and a connect's AggregateError (`errors`). */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if (transient(err)) return true;
  if ('errors' in err && Array.isArray(err.errors) && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return 'cause' in err && isDatabaseUnavailable(err.cause, depth + 1);
}
