import { describe, expect, it } from 'vitest';
import { hydraErrorBody, violationList } from '@cooler-hub/contract/common';
import { MSG_FORBIDDEN, MSG_INTERNAL_SERVER_ERROR, MSG_UNREADABLE, UNREADABLE, interpretError } from './api-errors';

describe('interpretError (docs/product.md §8)', () => {
  it('500 → toast Internal Server Error 500', () => {
    expect(interpretError(500, hydraErrorBody('boom'), '/api/x')).toEqual({ kind: 'toast', message: MSG_INTERNAL_SERVER_ERROR });
    expect(interpretError(500, UNREADABLE, '/api/x')).toEqual({ kind: 'toast', message: MSG_INTERNAL_SERVER_ERROR });
  });
  it('400 hydra:Error without violations → toast with its description', () => {
    expect(interpretError(400, hydraErrorBody('Delivery is approved.'), '/api/deliveries/1')).toEqual({
      kind: 'toast',
      message: 'Delivery is approved.',
    });
  });
  it('400 violation list → violations for the caller', () => {
    const body = violationList([{ propertyPath: 'lbNumbers[3]', title: 'Wrong Lb number', message: 'Wrong Lb number' }]);
    const outcome = interpretError(400, body, '/api/deliveries');
    expect(outcome.kind).toBe('violations');
    expect(outcome.kind === 'violations' && outcome.violations[0]?.propertyPath).toBe('lbNumbers[3]');
  });
  it('400 violations without a description still reach the fields', () => {
    const body = { violations: [{ propertyPath: 'name', title: 'Required Field', message: 'Required Field' }] };
    expect(interpretError(400, body, '/api/clients')).toEqual({
      kind: 'violations',
      message: 'Required Field',
      violations: [{ propertyPath: 'name', title: 'Required Field', message: 'Required Field' }],
    });
  });
  it('404 → not found, except customer_account_exchange', () => {
    expect(interpretError(404, hydraErrorBody('Not Found'), '/api/hub_users/9').kind).toBe('not-found');
    expect(interpretError(404, hydraErrorBody('Not Found'), '/api/delivery-emails/customer_account_exchange/4').kind).toBe('error');
  });
  it('401 → unauthorized, except the login check which shows the message', () => {
    expect(interpretError(401, { code: 401, message: 'Expired JWT Token' }, '/api/profile').kind).toBe('unauthorized');
    expect(interpretError(401, { code: 401, message: 'Invalid credentials.' }, '/api/login_check')).toEqual({
      kind: 'error',
      message: 'Invalid credentials.',
    });
  });
  it('403 → permission toast', () => {
    expect(interpretError(403, hydraErrorBody('Access Denied.'), '/api/hub_users')).toEqual({ kind: 'toast', message: MSG_FORBIDDEN });
  });
  it('unreadable body → server side error', () => {
    expect(interpretError(400, UNREADABLE, '/api/x')).toEqual({ kind: 'toast', message: MSG_UNREADABLE });
    expect(interpretError(418, '', '/api/x')).toEqual({ kind: 'toast', message: MSG_UNREADABLE });
  });
  it('429 → returned to the caller with its description', () => {
    expect(interpretError(429, hydraErrorBody('Too many failed login attempts'), '/api/login_check')).toEqual({
      kind: 'error',
      message: 'Too many failed login attempts',
    });
  });
});
