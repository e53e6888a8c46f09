/** The password recovery calls, declared once for the server and the web (docs/decisions/281). */
import {
  recoveryRequestBody,
  recoveryRequestResponse,
  recoveryResetBody,
  recoveryResetResponse,
  recoveryVerifyBody,
  recoveryVerifyResponse,
} from '../password-recovery';
import { operation } from '../operation';

const tags = ['password recovery'];

export const requestPasswordRecoveryCode = operation({
  operationId: 'requestPasswordRecoveryCode',
  method: 'POST',
  path: '/api/password_recovery/request',
  summary: 'E-mail a password recovery code',
  description: 'E-mails a 6-digit code; the answer is the same whether or not the user exists. Throttled per address and per name (429).',
  tags,
  public: true,
  errors: [429],
  body: recoveryRequestBody,
  response: { 200: recoveryRequestResponse },
});

export const verifyPasswordRecoveryCode = operation({
  operationId: 'verifyPasswordRecoveryCode',
  method: 'POST',
  path: '/api/password_recovery/verify',
  summary: 'Exchange a recovery code for a reset token',
  description: 'Exchanges the e-mailed code for a single-use reset token. Throttled per address and per name (429).',
  tags,
  public: true,
  errors: [429],
  body: recoveryVerifyBody,
  response: { 200: recoveryVerifyResponse },
});

export const resetPassword = operation({
  operationId: 'resetPassword',
  method: 'POST',
  path: '/api/password_recovery/reset',
  summary: 'Set a new password with a reset token',
  tags,
  public: true,
  body: recoveryResetBody,
  response: { 200: recoveryResetResponse },
});
