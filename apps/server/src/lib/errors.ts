/**
 * Errors services throw; plugins/errors turns each into the answer of docs/architecture.md §4. Services never
 * build HTTP bodies themselves.
 */
import type { Violation } from '@cooler-hub/contract/common';

/** A broken business rule or a conflict: 400 hydra:Error with a sentence the user can read. */
export class DomainError extends Error {
  override name = 'DomainError';
}

/** A conflict with the current state (last Admin, already used, …): also a 400 hydra:Error. */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
}

/** Rules broken on named fields: 400 ConstraintViolationList. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => `${v.propertyPath}: ${v.message}`).join('; '));
  }
}

/** One broken rule on one field, e.g. `new FieldError('username', ALREADY_USED)`. */
export class FieldError extends ValidationError {
  override name = 'FieldError';
  constructor(propertyPath: string, message: string) {
    super([{ propertyPath, title: message, message }]);
  }
}

/** 401 `{code, message}` — the message is one of the contract's auth constants. */
export class UnauthorizedError extends Error {
  override name = 'UnauthorizedError';
}

export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
  constructor(message = 'Access Denied.') {
    super(message);
  }
}

export class NotFoundError extends Error {
  override name = 'NotFoundError';
  constructor(message = 'Not Found') {
    super(message);
  }
}

export class TooManyRequestsError extends Error {
  override name = 'TooManyRequestsError';
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * An update sent with a version the record no longer has (docs/decisions/200): 409 hydra:Error
 * with the sentence saying who changed it and when; nothing is written.
 */
export class StaleVersionError extends Error {
  override name = 'StaleVersionError';
}
