/** Which SMTP failures are worth a retry (plugins/mail.ts, docs/decisions/161). */
import { describe, expect, it } from 'vitest';
import { classifyMailError } from '../src/plugins/mail';

const smtpError = (fields: { message?: string } & Record<string, unknown>) => Object.assign(new Error(fields.message ?? 'failed'), fields);

describe('classifyMailError', () => {
  it("a 5xx answer is permanent, with the server's own words as the reason", () => {
    expect(
      classifyMailError(smtpError({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 <x@y>: Mailbox unavailable' })),
    ).toEqual({
      permanent: true,
      reason: '550 5.1.1 <x@y>: Mailbox unavailable',
    });
    expect(classifyMailError(smtpError({ code: 'EMESSAGE', responseCode: 552, response: '552 Message size exceeds\r\n limit' }))).toEqual({
      permanent: true,
      reason: '552 Message size exceeds limit',
    });
  });

  it('a 4xx answer, a refused connection or a timeout is temporary', () => {
    expect(classifyMailError(smtpError({ code: 'EENVELOPE', responseCode: 451, response: '451 4.7.1 Try later' }))).toEqual({
      permanent: false,
      reason: '451 4.7.1 Try later',
    });
    expect(classifyMailError(smtpError({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:1' }))).toEqual({
      permanent: false,
      reason: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:1',
    });
    expect(classifyMailError(smtpError({ code: 'ETIMEDOUT', message: 'Greeting never received' })).permanent).toBe(false);
  });

  it('a failed SMTP login is temporary: the configuration is wrong, not the message', () => {
    expect(classifyMailError(smtpError({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication failed' })).permanent).toBe(
      false,
    );
  });

  it('a message nodemailer cannot form at all is permanent; anything unknown is temporary', () => {
    expect(classifyMailError(smtpError({ code: 'EENVELOPE', message: 'No recipients defined' })).permanent).toBe(true);
    expect(classifyMailError('something odd')).toEqual({ permanent: false, reason: 'something odd' });
    expect(classifyMailError(null).permanent).toBe(false);
  });
});
